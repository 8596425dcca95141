"""Valid sample calls for the detection family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    "_contrib_box_iou": ([(2, 4), (3, 4)], {}),
    "_contrib_box_nms": ([(4, 6)], {}),
    "_contrib_box_encode": ([(1, 3), (1, 3), (1, 3, 4), (1, 4, 4), (4,), (4,)], {}),
    "_contrib_box_decode": ([(1, 3, 4), (1, 3, 4)], {}),
    "_contrib_bipartite_matching": ([(2, 3)], {"threshold": 0.5}),
}
