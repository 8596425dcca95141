"""Loss family (src/mxnd/ndarray/ops/loss.py): what the golden cases cannot hold.

Values against MXNet 1.9.1 are in tests/golden/loss_cases.py. Here: the inputs on which MXNet
crashes or reads garbage (mxnd raises MXNetError), CTC against a brute-force sum over
alignments, and every operator on each context.
"""
import itertools
import math

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

ACTIVATIONS = np.round(np.random.RandomState(0).uniform(-1, 1, (4, 2, 5)), 2)


def gradient(op, x, *args, head=None, **kwargs):
    x = x.copy()
    x.attach_grad()
    with mx.autograd.record():
        y = op(x, *args, **kwargs)
    y.backward() if head is None else y.backward(head)
    return y.asnumpy(), x.grad.asnumpy()


# ---- inputs MXNet 1.9.1 crashes on or answers with garbage --------------------------------------

@pytest.mark.parametrize("call", [
    # MXNet picks data.flat[i * k + label]: another row's value, or memory past the end
    lambda: mx.nd.softmax_cross_entropy(mx.nd.array([[1., 2.], [3., 4.]]), mx.nd.array([0, 2])),
    lambda: mx.nd.softmax_cross_entropy(mx.nd.array([[1., 2.], [3., 4.]]), mx.nd.array([-1, 0])),
    # CTC labels outside the alphabet abort MXNet ("double free or corruption")
    lambda: mx.nd.CTCLoss(mx.nd.array(ACTIVATIONS), mx.nd.array([[7, 2], [3, 0]])),
    lambda: mx.nd.CTCLoss(mx.nd.array(ACTIVATIONS), mx.nd.array([[1, 4], [3, 3]]), blank_label="last"),
    # data_lengths past the sequence length abort MXNet
    lambda: mx.nd.CTCLoss(mx.nd.array(ACTIVATIONS), mx.nd.array([[1, 2], [3, 0]]), mx.nd.array([5, 1]),
                          use_data_lengths=True),
    # label_lengths past the label width read the next row's labels
    lambda: mx.nd.CTCLoss(mx.nd.array(ACTIVATIONS), mx.nd.array([[1, 2], [3, 0]]),
                          label_lengths=mx.nd.array([3, 1]), use_label_lengths=True),
    # a blank inside a label (only reachable with label_lengths) is undefined in MXNet
    lambda: mx.nd.CTCLoss(mx.nd.array(ACTIVATIONS), mx.nd.array([[1, 2], [0, 3]]),
                          label_lengths=mx.nd.array([2, 2]), use_label_lengths=True),
])
def test_inputs_mxnet_mishandles_raise(call):
    with pytest.raises(MXNetError):
        call()


def test_softmax_output_label_rows_must_match_flattened_rows():
    """MXNet 1.9.1 aborts in backward (TBlob.get_with_shape) when (d0, d1, d2) data is not
    flattened to d0 * d1 rows; mxnd raises."""
    x = mx.nd.ones((2, 3, 2))
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.SoftmaxOutput(x, mx.nd.zeros((2, 3)))
    with pytest.raises(MXNetError):
        y.backward()


# ---- CTC against a brute-force sum over alignments --------------------------------------------

def _ctc_brute_force(activations, label, blank):
    """-log of the summed probability of every alignment that collapses to ``label``."""
    steps, classes = activations.shape
    probs = np.exp(activations - activations.max(1, keepdims=True))
    probs /= probs.sum(1, keepdims=True)
    total = 0.0
    for path in itertools.product(range(classes), repeat=steps):
        collapsed = [c for i, c in enumerate(path) if c != blank and (i == 0 or c != path[i - 1])]
        if collapsed == list(label):
            total += math.prod(probs[t, c] for t, c in enumerate(path))
    return -math.log(total) if total else 0.0


@pytest.mark.parametrize("label,blank_label", [([[1, 2], [2, 0]], "first"), ([[0, 0], [1, -1]], "last"),
                                               ([[0, 0], [1, 1]], "first")])
def test_ctc_equals_the_sum_over_alignments(label, blank_label):
    data = np.random.RandomState(1).uniform(-1, 1, (4, 2, 3))
    loss = mx.nd.CTCLoss(mx.nd.array(data, dtype="float64"), mx.nd.array(label), blank_label=blank_label)
    pad, blank = (0, 0) if blank_label == "first" else (-1, 2)
    expected = [_ctc_brute_force(data[:, n], [c for c in itertools.takewhile(lambda c: c != pad, row)], blank)
                for n, row in enumerate(label)]
    np.testing.assert_allclose(loss.asnumpy(), expected, rtol=1e-10)


def test_ctc_infeasible_label_gives_zero_loss_and_gradient():
    """MXNet 1.9.1 gives loss 0 for a label that no alignment reaches (here 1, 1, 1 in 4
    steps); its gradient there is garbage (-0.0078 at step 0), mxnd's is zero."""
    _, grad = gradient(mx.nd.CTCLoss, mx.nd.array(ACTIVATIONS), mx.nd.array([[1, 1, 1], [3, 0, 0]]))
    loss = mx.nd.CTCLoss(mx.nd.array(ACTIVATIONS), mx.nd.array([[1, 1, 1], [3, 0, 0]]))
    np.testing.assert_allclose(loss.asnumpy(), [0.0, 4.0102057], rtol=1e-6)
    assert not grad[:, 0].any()


# ---- every operator on each context -------------------------------------------------------------

X = np.array([[1., 2., 3.], [3., 1., 0.]], dtype=np.float32)
CALLS = {
    "SoftmaxOutput": (X, [2, 0], {"normalization": "valid", "use_ignore": True, "ignore_label": 0}),
    "LinearRegressionOutput": (X, X / 2, {"grad_scale": 2}),
    "LogisticRegressionOutput": (X, X / 4, {}),
    "MAERegressionOutput": (X, X / 2, {}),
    "SVMOutput": (X, [2, 0], {"use_linear": True}),
    "softmax_cross_entropy": (X, [2, 0], {}),
    "CTCLoss": (ACTIVATIONS, [[1, 2], [3, 0]], {}),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_operators_run_on_each_context(name, ctx):
    data, label, kwargs = CALLS[name]
    op = getattr(mx.nd, name)
    expected = gradient(op, mx.nd.array(data), mx.nd.array(label), **kwargs)
    x, y = mx.nd.array(data, ctx=ctx), mx.nd.array(label, ctx=ctx)
    value, grad = gradient(op, x, y, **kwargs)
    assert op(x, y, **kwargs).context == ctx
    np.testing.assert_allclose(value, expected[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(grad, expected[1], rtol=1e-5, atol=1e-6)


def test_make_loss_on_each_context(ctx):
    value, grad = gradient(mx.nd.MakeLoss, mx.nd.array(X, ctx=ctx), normalization="valid", valid_thresh=1)
    assert value.tolist() == X.tolist()
    assert grad.tolist() == np.full((2, 3), 1 / 3, dtype=np.float32).tolist()


def test_output_layers_outside_record_do_not_build_a_graph():
    x = mx.nd.array(X)
    x.attach_grad()
    y = mx.nd.SoftmaxOutput(x, mx.nd.array([2, 0]))
    assert not y._data.requires_grad


def test_identity_attach_kl_sparse_reg_updates_moving_avg_in_backward():
    """MXNet 1.9.1's mx.nd cannot pass the moving_avg auxiliary input (its generated signature
    has data only, so every call fails); mxnd takes it as the second input. Expected values:
    the reference's Symbol API (executor with aux state kl_moving_avg)."""
    x = mx.nd.array([[0.2, 0.5, 0.9], [0.3, 0.1, 0.6]])
    avg = mx.nd.array([0.2, 0.4, 0.5])
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.IdentityAttachKLSparseReg(x, avg, sparseness_target=0.3, penalty=0.5, momentum=0.5)
    assert avg.asnumpy().tolist() == np.float32([0.2, 0.4, 0.5]).tolist()  # forward leaves it
    assert y.asnumpy().tolist() == x.asnumpy().tolist()
    y.backward(mx.nd.array([[2, 3, 4], [1, 1, 1]]))
    np.testing.assert_allclose(avg.asnumpy(), [0.225, 0.35, 0.625], rtol=1e-6)
    np.testing.assert_allclose(x.grad.asnumpy(), [[1.7849, 3.1099, 4.6933], [0.7849, 1.1099, 1.6933]],
                               atol=1e-4)
    with pytest.raises(MXNetError):
        mx.nd.IdentityAttachKLSparseReg(x)  # MXNet: "expects 2 inputs, but got 1"
