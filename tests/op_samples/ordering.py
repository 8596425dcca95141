"""Valid sample calls for the ordering family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    "topk": ([(2, 3)], {"k": 2, "ret_typ": "value"}),  # the values carry the gradient
    "_histogram": ([(2, 3)], {"bin_cnt": 3, "range": (0, 10)}),
    "histogram": ([(2, 3)], {"bins": 3, "range": (0, 10)}),
}
