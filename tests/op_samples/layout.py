"""Valid sample calls for the layout family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    "split": ([(2, 3)], {"num_outputs": 3}),
    "_split_v2": ([(2, 5)], {"indices": (0, 2), "axis": 1}),
    "_split_v2_backward": ([(2, 2), (2, 3)], {"indices": (0, 2), "axis": 1}),
    "slice": ([(2, 3)], {"begin": (0, 1), "end": (None, 3)}),
    "_slice_assign": ([(2, 3), (2, 1)], {"begin": (None, 2), "end": (None, 0), "step": (1, -2)}),
    "_slice_assign_scalar": ([(2, 3)], {"scalar": 5.0, "begin": (0, 1), "end": (None, 3)}),
    "slice_axis": ([(2, 3)], {"axis": 1, "begin": 1, "end": None}),
    "slice_like": ([(2, 3), (1, 2)], {}),
    "flip": ([(2, 3)], {"axis": (0, 1)}),
    "tile": ([(2, 3)], {"reps": (2, 1)}),
    "repeat": ([(2, 3)], {"repeats": 2, "axis": 1}),
    "pad": ([(1, 1, 2, 3)], {"mode": "edge", "pad_width": (0, 0, 0, 0, 1, 2, 2, 1)}),
    "ravel_multi_index": ([(2, 3)], {"shape": (7, 6)}),
    "unravel_index": ([(4,)], {"shape": (3, 2)}),
    "im2col": ([(1, 2, 3, 3)], {"kernel": (2, 2)}),
    "col2im": ([(1, 8, 4)], {"output_size": (3, 3), "kernel": (2, 2)}),
}

