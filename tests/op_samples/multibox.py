"""Valid sample calls for the multibox family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    "_contrib_MultiBoxPrior": ([(1, 3, 2, 3)], {"sizes": (0.3, 0.5), "ratios": (1, 2)}),
    "_contrib_MultiBoxDetection": ([(1, 3, 4), (1, 16), (1, 4, 4)], {}),
    "_contrib_MultiBoxTarget": ([(1, 4, 4), (2, 3, 5), (2, 3, 4)], {}),
}
