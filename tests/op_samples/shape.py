"""Valid sample calls for the shape family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    "reshape": ([(2, 3)], {"shape": (3, 2)}),
    "broadcast_to": ([(1, 3)], {"shape": (2, 3)}),
    "broadcast_like": ([(1, 3), (2, 3)], {}),
}
