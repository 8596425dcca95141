"""Valid sample calls for the pooling family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    # random inputs have no ties, so max pooling is smooth at the sample
    "Pooling": ([(2, 3, 5, 5)], {"kernel": (3, 3), "stride": (2, 2), "pad": (1, 1), "pool_type": "max"}),
    "Pooling_v1": ([(2, 3, 5, 5)], {"kernel": (2, 2), "stride": (2, 2), "pool_type": "avg",
                                     "pooling_convention": "full"}),
    "UpSampling": ([(1, 2, 3, 3), (1, 2, 1, 1)], {"scale": 2, "sample_type": "nearest", "num_args": 2}),
    "_contrib_AdaptiveAvgPooling2D": ([(2, 3, 5, 7)], {"output_size": (2, 3)}),
    "_contrib_BilinearResize2D": ([(1, 2, 3, 4)], {"height": 5, "width": 7, "align_corners": False}),
}
