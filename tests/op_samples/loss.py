"""Valid sample calls for the loss family (src/mxnd/ndarray/ops/loss.py).

``SAMPLES``: {operator: ([input shapes], {keyword arguments})}. Sample inputs hold 1..n (+ the
input's position), so labels are chosen to be valid class indices: softmax_cross_entropy
gets labels [2, 3] of 5 classes, CTCLoss labels [[2, 3], [4, 5]] of 6 channels (0 = blank).
The gradient test draws labels in [0.6, 1.6): classes 0 and 1.
"""

SAMPLES = {
    "SoftmaxOutput": ([(2, 3), (2,)], {}),
    "SVMOutput": ([(2, 3), (2,)], {}),
    "softmax_cross_entropy": ([(2, 5), (2,)], {}),
    "CTCLoss": ([(4, 2, 6), (2, 2)], {}),
    "IdentityAttachKLSparseReg": ([(2, 3), (3,)], {}),
}
