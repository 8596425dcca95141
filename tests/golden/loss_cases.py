"""Cases of the loss family (src/mxnd/ndarray/ops/loss.py), recorded from MXNet 1.9.1.

Each entry is an expression, or statements that set ``result``. float32 softmax values are
rounded: MXNet's vectorized expf differs from torch's in the last bit. ``G`` defines
``g(op, x, *args, head=None, **kw)``: the forward value and the gradient of ``x`` (rounded
to 4 decimals) after ``backward(head)`` under ``mx.autograd.record()``. Never put a case
here that crashes MXNet: CTC labels outside the alphabet, data_lengths past the sequence
length, IdentityAttachKLSparseReg (it needs an aux input the nd API cannot pass), and CTCLoss
on float64 data (it corrupts MXNet's later CTC calls in the same process).
"""

G = ("def g(op, x, *args, head=None, **kw):\n"
     "    x = mx.nd.array(x); x.attach_grad()\n"
     "    with mx.autograd.record():\n"
     "        y = op(x, *args, **kw)\n"
     "    y.backward() if head is None else y.backward(mx.nd.array(head))\n"
     "    return (str(y.dtype.__name__), np.round(y.asnumpy().astype('float64'), 4).tolist(),\n"
     "            np.round(x.grad.asnumpy().astype('float64'), 4).tolist())\n")

X = "[[1., 2., 3.], [3., 1., 0.], [0., 0., 1.]]"
X3 = "(np.arange(12.).reshape(2, 3, 2) / 5)"
SO = "mx.nd.SoftmaxOutput"
L3 = "mx.nd.array([2, 0, 1])"
LM = "mx.nd.array([[0, 1], [2, 2]])"

SOFTMAX_CASES = [f"{G}result = g({SO}, {X}, {label}{kw})" for label, kw in [
    (L3, ""), (L3, ", grad_scale=2"), (L3, ", head=np.full((3, 3), 5.)"), (L3, ", normalization='batch'"),
    (L3, ", normalization='valid'"), (L3, ", normalization='valid', ignore_label=0"),
    ("mx.nd.array([2, 0, 0])", ", normalization='valid', ignore_label=0, use_ignore=True"),
    ("mx.nd.array([0, 0, 0])", ", normalization='valid', ignore_label=0, use_ignore=True, grad_scale=2"),
    ("mx.nd.array([2, -1, 1])", ", use_ignore=True"),
    ("mx.nd.array([2, 5, -1])", ""), ("mx.nd.array([2.7, 0.2, 1.9])", ""),
    (L3, ", smooth_alpha=0.3"), ("mx.nd.array([2.7, 0, 7])", ", smooth_alpha=0.3, use_ignore=True, ignore_label=0"),
    (L3, ", smooth_alpha=0.3, normalization='batch', grad_scale=3"),
    (L3, ", out_grad=True, head=np.arange(9.).reshape(3, 3)"),
    ("mx.nd.array([[0.2, 0.3, 0.5], [1, 0, 0], [0, 1, 0]])", ", normalization='batch'"),
    ("mx.nd.array(np.eye(3))", ", out_grad=True, grad_scale=2"),
    ("mx.nd.array([[0.2, 0.3, 0.5], [1, 0, 0], [0, 1, 0]])", ", use_ignore=True, ignore_label=0"),
]] + [f"{G}result = g({SO}, {X3}, {label}{kw})" for label, kw in [
    (LM, ", multi_output=True"), (LM, ", multi_output=True, normalization='batch'"),
    (LM, ", multi_output=True, normalization='valid', ignore_label=2"),
    (LM, ", multi_output=True, normalization='valid', ignore_label=2, use_ignore=True, grad_scale=3"),
    (LM, ", multi_output=True, smooth_alpha=0.2"),
    (LM, ", multi_output=True, out_grad=True, head=np.arange(12.).reshape(2, 3, 2)"),
    ("mx.nd.array([[[0, 1]], [[2, 2]]])", ", multi_output=True"),
    ("mx.nd.array([[0, 1, 1], [1, 0, 1]])", ", preserve_shape=True"),
    ("mx.nd.array([[0, 1, 1], [1, 0, 1]])", ", preserve_shape=True, normalization='batch'"),
    ("mx.nd.array([[0, 1, 1], [1, 0, 1]])", ", preserve_shape=True, normalization='valid', ignore_label=1, use_ignore=True"),
]] + [
    f"{G}result = g({SO}, [[1., 2.], [0., 3.]], mx.nd.array([1, 0]), multi_output=True)",
    f"{G}result = g({SO}, np.arange(6.).reshape(2, 1, 3) / 3, mx.nd.array([[2], [1]]))",
    f"{G}result = g(mx.nd.Softmax, {X}, {L3})",
    f"{SO}(mx.nd.array({X}, dtype='float64'), mx.nd.array([1, 2, 0], dtype='float64'))",
    f"{SO}(mx.nd.array({X}, dtype='float16'), mx.nd.array([1, 2, 0], dtype='float16'))",
    f"{SO}(mx.nd.array({X}), mx.nd.array([1, 2]))",
    f"{SO}(mx.nd.array({X}), mx.nd.array([1, 2, 0]), normalization='foo')",
    f"{SO}(mx.nd.array({X3}), mx.nd.array([1, 2]), multi_output=True)",
    f"{SO}(mx.nd.array({X3}), mx.nd.array([1, 2]))",
    f"{SO}(mx.nd.array({X}))",
    f"{SO}(mx.nd.array([[1000., 0.]]), mx.nd.array([0]))",
    f"np.round({SO}(data=mx.nd.array({X}), label=mx.nd.array([1, 2, 0]), grad_scale='2', use_ignore='True').asnumpy(), 5).tolist()",
    f"o = mx.nd.zeros((3, 3)); r = {SO}(mx.nd.array({X}), {L3}, out=o); result = (r is o, np.round(o.asnumpy(), 4).tolist())",
]

Y = "[[1., 2., 3.], [3., 1., 0.]]"
LY = "mx.nd.array([[0.5, 2, 4], [1, 1, 1]])"
REGRESSION = ("LinearRegressionOutput", "LogisticRegressionOutput", "MAERegressionOutput")
REGRESSION_CASES = [f"{G}result = g(mx.nd.{op}, {x}, {label}{kw})" for op in REGRESSION for x, label, kw in [
    (Y, LY, ""), (Y, LY, ", grad_scale=3, head=np.full((2, 3), 7.)"),
    ("[[1.], [2.]]", "mx.nd.array([0., 3.])", ""), ("[1., 2.]", "mx.nd.array([0., 3.])", ""),
    ("np.arange(8.).reshape(2, 2, 2)", "mx.nd.array(np.ones((2, 4)))", ""),
    ("np.arange(8.).reshape(2, 2, 2) / 8", "mx.nd.array(np.ones((2, 2, 2)) / 2)", ", grad_scale=0.5"),
]] + [f"mx.nd.{op}({args})" for op in REGRESSION for args in [
    f"mx.nd.array({Y}), mx.nd.array([1, 2])", f"mx.nd.array({Y}), mx.nd.array(np.ones((3, 2)))",
    f"mx.nd.array({Y}, dtype='float64'), mx.nd.array({Y})",
    f"mx.nd.array({Y}, dtype='float64'), mx.nd.array({Y}, dtype='float64')",
    f"mx.nd.array({Y}, dtype='float16'), mx.nd.array({Y}, dtype='float16')",
    f"mx.nd.array({Y}, dtype='int32'), mx.nd.array({Y}, dtype='int32')",
    f"mx.nd.array({Y})", f"mx.nd.array({Y}), mx.nd.array({Y}, dtype='int32')",
    "mx.nd.array([[-2., 0.5]]), mx.nd.array([[1., 1.]]), grad_scale=2",
]]

SCE = "mx.nd.softmax_cross_entropy"
CROSS_ENTROPY_CASES = [
    f"{G}result = g({SCE}, {Y}, mx.nd.array([2, 0]))",
    f"{G}result = g({SCE}, {Y}, mx.nd.array([2, 0]), head=[3.])",
    f"{G}result = g({SCE}, {Y}, mx.nd.array([2.7, 1.2]))",
    f"{G}result = g({SCE}, [[1000., 0.], [0., 1000.]], mx.nd.array([1, 1]))",
    f"{SCE}(mx.nd.array({Y}), mx.nd.array([1, 2, 0]))",
    f"{SCE}(mx.nd.array({Y}, dtype='float64'), mx.nd.array([1, 2], dtype='float64'))",
    f"{SCE}(mx.nd.array({Y}, dtype='float64'), mx.nd.array([1, 2]))",
    f"np.round({SCE}(mx.nd.array({Y}, dtype='float16'), mx.nd.array([1, 2], dtype='float16')).asnumpy().astype('float64'), 2).tolist()",
    f"{SCE}(mx.nd.array({Y}), mx.nd.array([1, 2], dtype='int32'))",
    f"{SCE}(mx.nd.array([1., 2.]), mx.nd.array([1]))",
    f"{SCE}(mx.nd.array(np.ones((2, 3, 2))), mx.nd.array([1, 2]))",
    f"{SCE}(mx.nd.array({Y}), mx.nd.array([[1], [2]]))",
    f"{SCE}(mx.nd.array({Y}, dtype='int32'), mx.nd.array([1, 2], dtype='int32'))",
    f"{SCE}(mx.nd.array({Y}), mx.nd.array([1, 2]), out=mx.nd.zeros((1,)))",
]

ML = "mx.nd.MakeLoss"
MAKE_LOSS_CASES = [f"{G}result = g({ML}, {x}{kw})" for x, kw in [
    (Y, ""), (Y, ", grad_scale=2, head=np.full((2, 3), 5.)"), (Y, ", normalization='batch'"),
    (Y, ", normalization='valid'"), (Y, ", normalization='valid', valid_thresh=1.5"),
    (Y, ", normalization='valid', valid_thresh=1.0"), ("[[-1., -2.]]", ", normalization='valid'"),
    ("[[0., 1., 2., 3.], [4., 5., 6., 7.]]", ", normalization='valid', valid_thresh=2.5, grad_scale=3"),
    ("[0., 1., 2., 3.]", ", normalization='valid', valid_thresh=0.5"), ("[0., 1., 2., 3.]", ", normalization='batch'"),
    ("np.arange(8.).reshape(2, 2, 2)", ", normalization='batch', grad_scale=4"),
]] + [
    f"{ML}(mx.nd.array({Y}, dtype='int32'))", f"{ML}(mx.nd.array({Y}, dtype='float16'))",
    f"{ML}(mx.nd.array({Y}, dtype='float64'))", f"{ML}(mx.nd.array({Y}), normalization='x')",
]

SVM = "mx.nd.SVMOutput"
XS = "[[1., -0.5, 3.], [0.3, 1., -2.]]"
SVM_CASES = [f"{G}result = g({SVM}, {x}, {label}{kw})" for x, label, kw in [
    (XS, "mx.nd.array([2, 0])", ""), (XS, "mx.nd.array([2, 0])", ", use_linear=True"),
    (XS, "mx.nd.array([1, 1])", ", margin=0.5, regularization_coefficient=2, head=np.full((2, 3), 9.)"),
    (XS, "mx.nd.array([1, 1])", ", margin=0.5, regularization_coefficient=2, use_linear=True"),
    ("np.arange(12.).reshape(2, 3, 2) / 6 - 1", "mx.nd.array([[1, 0, 1], [0, 0, 1]])", ""),
    ("np.arange(12.).reshape(2, 3, 2) / 6 - 1", "mx.nd.array([[1, 0, 1], [0, 0, 1]])", ", use_linear=True, margin=0.2"),
    (XS, "mx.nd.array([5, -1])", ""), (XS, "mx.nd.array([1.9, 0.2])", ""),
]] + [f"{SVM}({args})" for args in [
    f"mx.nd.array({XS}), mx.nd.array([1, 2, 0])", f"mx.nd.array({XS}), mx.nd.array([[1], [2]])",
    f"mx.nd.array({XS}, dtype='float64'), mx.nd.array([1, 2])",
    f"mx.nd.array({XS}, dtype='float64'), mx.nd.array([1, 2], dtype='float64')",
    "mx.nd.array([1., 2.]), mx.nd.array([1, 0])",
    f"mx.nd.array({XS}, dtype='int32'), mx.nd.array([1, 2], dtype='int32')",
    f"mx.nd.array({XS}), mx.nd.array([1, 2], dtype='int32')",
]]

D = "mx.nd.array(np.round(np.random.RandomState(0).uniform(-1, 1, (4, 2, 5)), 2))"
C = ("def c(label, *lengths, head=None, **kw):\n"
     f"    x = {D}; x.attach_grad()\n"
     "    with mx.autograd.record():\n"
     "        y = mx.nd.CTCLoss(x, mx.nd.array(label), *[mx.nd.array(n) for n in lengths], **kw)\n"
     "    y.backward() if head is None else y.backward(mx.nd.array(head))\n"
     "    return (str(y.dtype.__name__), np.round(y.asnumpy().astype('float64'), 3).tolist(),\n"
     "            np.round(x.grad.asnumpy().astype('float64'), 3).tolist())\n")
CTC_CASES = [f"{C}result = c({args})" for args in [
    "[[1, 2], [3, 0]]", "[[1, 2], [3, 0]], head=[2., 3.]", "[[1, 2], [3, 3]], blank_label='last'",
    "[[1, -1], [3, 3]], blank_label='last'", "[[1, 2], [3, 0]], [3, 4], use_data_lengths=True",
    "[[1, 2], [3, 2]], [1, 2], use_label_lengths=True",
    "[[1, 2], [3, 2]], [2, 4], [2, 1], use_data_lengths=True, use_label_lengths=True",
    "[[1, 2], [3, 0]], [2, 1], use_label_lengths=True, blank_label='last'",
    "[[1, 0], [0, 0]]", "[[1, -1], [-1, -1]], blank_label='last'", "[[1, 0], [0, 0]], blank_label='last'",
    "[[0, 2], [3, 0]]", "[[2, 2], [1, 3]]", "[[1, 2, 1], [3, 0, 0]]",
]] + [f"np.round(mx.nd.{op}({args}).asnumpy().astype('float64'), 4).tolist()" for op, args in [
    ("CTCLoss", f"{D}, mx.nd.array([[1, 2], [3, 0]], dtype='int32')"),
    ("contrib.CTCLoss", f"{D}, mx.nd.array([[1, 2], [3, 0]])"),
    ("contrib.ctc_loss", f"{D}, mx.nd.array([[1, 2], [3, 0]])"),
    ("ctc_loss", f"{D}, mx.nd.array([[1, 2], [3, 0]])"),
    ("CTCLoss", f"{D}, mx.nd.array([[1, 2], [3, 0]]), data_lengths=mx.nd.array([0, 1]), use_data_lengths=True"),
    ("CTCLoss", f"{D}, mx.nd.array([[1, 2], [3, 0]]), mx.nd.array([4, 4]), mx.nd.array([2, 1]), "
                "use_data_lengths=True, use_label_lengths=True"),
    ("CTCLoss", f"{D}, mx.nd.array([[1, 2], [3, 0]]), label_lengths=mx.nd.array([2, 1]), use_label_lengths=True"),
    ("CTCLoss", "mx.nd.array(np.round(np.random.RandomState(0).uniform(-1, 1, (4, 2, 2)), 2)), "
                "mx.nd.array([[1, 1], [1, 0]])"),
]] + [f"mx.nd.CTCLoss({args})" for args in [
    f"{D}, mx.nd.array([[1, 2], [3, 0]]), mx.nd.array([1, 1])",
    f"{D}, mx.nd.array([[1, 2], [3, 0]]), use_data_lengths=True",
    f"{D}, mx.nd.array([[1, 2], [3, 0], [1, 1]])", f"{D}, mx.nd.array([1, 2])",
    f"{D}, mx.nd.array([[1, 2, 1, 2, 1], [3, 0, 2, 0, 0]])",
    f"{D}, mx.nd.array([[1, 2], [3, 0]]), blank_label='middle'",
    f"{D}, mx.nd.array([[1, 2], [3, 0]]), mx.nd.array([[1, 2], [3, 0]]), mx.nd.array([[1, 2], [3, 0]])",
]]
# frames past data_lengths get a zero gradient, NaN or inf ones too (MXNet's SequenceMask), with
# blank first or last, and along with label_lengths
CTC_CASES += [
    f"x = {D}; x[3] = np.nan; x[2, 1] = np.inf; x.attach_grad()\n"
    "with mx.autograd.record():\n"
    f"    y = mx.nd.CTCLoss(x, mx.nd.array({label}), mx.nd.array([3, 2]){extra}, use_data_lengths=True{kw})\n"
    "y.backward()\n"
    "result = (str(y.dtype.__name__), np.round(y.asnumpy().astype('float64'), 3).tolist(),\n"
    "          str(x.grad.dtype.__name__), np.round(x.grad.asnumpy().astype('float64'), 3).tolist())"
    for label, extra, kw in [("[[1, 2], [3, 0]]", "", ""), ("[[1, -1], [3, 3]]", "", ", blank_label='last'"),
                             ("[[1, 2], [3, 2]]", ", mx.nd.array([2, 1])", ", use_label_lengths=True")]]


def _accumulated(call, times=2):
    return (f"x = mx.nd.array({Y}); x.attach_grad(grad_req='add')\n"
            f"for _ in range({times}):\n"
            f"    with mx.autograd.record():\n"
            f"        y = {call}\n"
            f"    y.backward()\n"
            f"result = np.round(x.grad.asnumpy(), 4).tolist()")


ACCUMULATE = {
    "mx.nd.SoftmaxOutput(x, mx.nd.array([1, 2]))": "MXNet's SoftmaxOutput overwrites the gradient",
    "mx.nd.SVMOutput(x, mx.nd.array([1, 2]))": "MXNet's SVMOutput overwrites the gradient",
    "mx.nd.LinearRegressionOutput(x, mx.nd.zeros((2, 3)))": "MXNet adds the data to the gradient as well",
    "mx.nd.MAERegressionOutput(x, mx.nd.zeros((2, 3)))": "MXNet adds the data to the gradient as well",
    "mx.nd.LogisticRegressionOutput(x, mx.nd.zeros((2, 3)))": "MXNet adds the data to the gradient as well",
}
# grad_req='add' on an output layer: MXNet 1.9.1 does not accumulate correctly; mxnd adds
# each backward's gradient, as for every other operator
DELIBERATE = {_accumulated(call): f"grad_req='add': {why}; mxnd accumulates" for call, why in ACCUMULATE.items()}

AUTOGRAD_CASES = list(DELIBERATE) + [_accumulated(call) for call in (
    "mx.nd.MakeLoss(x, normalization='batch')", "mx.nd.softmax_cross_entropy(x, mx.nd.array([1, 2]))")] + [
    f"x = mx.nd.array({Y}); x.attach_grad(); label = mx.nd.array([1, 2]); label.attach_grad()\n"
    "label.grad[:] = 5\n"
    "with mx.autograd.record():\n"
    "    y = mx.nd.SoftmaxOutput(x, label)\n"
    "y.backward()\n"
    "result = label.grad.asnumpy().tolist()",
    f"x = mx.nd.array({Y}); x.attach_grad()\n"
    "with mx.autograd.record():\n"
    "    z = mx.nd.SoftmaxOutput(x * 2, mx.nd.array([1, 2])) * 3\n"
    "z.backward()\n"
    "result = np.round(x.grad.asnumpy(), 4).tolist()",
    f"x = mx.nd.array({Y}); x.attach_grad()\n"
    "with mx.autograd.record():\n"
    f"    y = mx.nd.LinearRegressionOutput(x * 2, mx.nd.array({Y}))\n"
    "y.backward()\n"
    "result = np.round(x.grad.asnumpy(), 4).tolist()",
    f"x = mx.nd.array({Y}); x.attach_grad(); y = mx.nd.SoftmaxOutput(x, mx.nd.array([1, 2])); result = np.round(y.asnumpy(), 4).tolist()",
    f"mx.nd.SoftmaxOutput(mx.nd.array({Y}, dtype='int32'), mx.nd.array([1, 2], dtype='int32'))",
    f"mx.nd.SoftmaxOutput(mx.nd.array({Y}), mx.nd.array([1, 2], dtype='int32'))",
    f"mx.nd.SoftmaxOutput(mx.nd.array({Y}, dtype='float64'), mx.nd.array([1, 2]))",
    f"np.round(mx.nd.SoftmaxOutput(mx.nd.array({Y}), mx.nd.array([1, 2]), 2.0).asnumpy(), 4).tolist()",
    f"mx.nd.SVMOutput(mx.nd.array({Y}, dtype='float16'), mx.nd.array([1, 2], dtype='float16'))",
    "mx.nd.softmax_cross_entropy(mx.nd.array(np.zeros((0, 3))), mx.nd.array([]))",
]

CASES = AUTOGRAD_CASES + SOFTMAX_CASES + REGRESSION_CASES + CROSS_ENTROPY_CASES + MAKE_LOSS_CASES + SVM_CASES + CTC_CASES
