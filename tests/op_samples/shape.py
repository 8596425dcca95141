"""Valid sample calls for the shape family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    "reshape": ([(2, 3)], {"shape": (3, 2)}),
    "broadcast_to": ([(1, 3)], {"shape": (2, 3)}),
    "broadcast_like": ([(1, 3), (2, 3)], {}),
    "expand_dims": ([(2, 3)], {"axis": 1}),
    "squeeze": ([(2, 1, 3)], {}),
    "swapaxes": ([(2, 3)], {"dim1": 0, "dim2": 1}),
    "broadcast_axes": ([(2, 1)], {"axis": (1,), "size": (3,)}),
    "depth_to_space": ([(1, 4, 2, 3)], {"block_size": 2}),
    "space_to_depth": ([(1, 2, 2, 4)], {"block_size": 2}),
    "diag": ([(3, 3)], {"k": 1}),
}
