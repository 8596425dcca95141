"""Cases of the multibox family: MultiBoxPrior and MultiBoxDetection.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into multibox.json. Float results are rounded to 5 decimals with ``R``.
"""


def R(setup, expr):
    """dtype, shape and values rounded to 5 decimals of an array."""
    return (setup + f"r = {expr}; "
            "result = (np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 5).tolist())")


Z = "z = mx.nd.zeros((1, 3, 2, 3)); "
PRIOR = [
    R(Z, "mx.nd.contrib.MultiBoxPrior(z)"),
    R(Z, "mx.nd.contrib.MultiBoxPrior(z, sizes=(0.3, 0.5), ratios=(1, 2, 0.5))"),
    R(Z, "mx.nd.contrib.MultiBoxPrior(z, sizes=(0.7, 0.2, 0.1), ratios=(2, 1, 3), clip=True)"),
    R(Z, "mx.nd.contrib.MultiBoxPrior(z, sizes=[0.25], ratios=[0.5, 2], steps=(0.2, 0.3), offsets=(0.1, 0.7))"),
    R(Z, "mx.nd.contrib.MultiBoxPrior(z, sizes='(0.4, 0.9)', ratios='[1, 1.5]', clip='True')"),
    R(Z, "mx.nd.contrib.MultiBoxPrior(z, sizes=0.5, ratios=3.0)"),
    R("z = mx.nd.zeros((2, 1, 4, 5)); ", "mx.nd.contrib.MultiBoxPrior(z, sizes=(0.5, 0.25), ratios=(1, 2))"),
    R("z = mx.nd.zeros((1, 1, 1, 1)); ", "mx.nd.contrib.MultiBoxPrior(z, sizes=(2,), clip=True)"),
    R("z = mx.nd.zeros((1, 2, 3, 2, 2)); ", "mx.nd.contrib.MultiBoxPrior(z, sizes=(0.3,))"),
    R("z = mx.nd.zeros((1, 1, 2, 2)); ", "mx.nd.contrib.MultiBoxPrior(z, sizes=(-1,))"),
    Z + "result = mx.nd.contrib.MultiBoxPrior(z, sizes=())",
    Z + "result = mx.nd.contrib.MultiBoxPrior(z, ratios=[])",
    Z + "result = mx.nd.contrib.MultiBoxPrior(z, steps=(1,))",
    Z + "result = mx.nd.contrib.MultiBoxPrior(z, steps=(-1, 0.25))",
    Z + "result = mx.nd.contrib.MultiBoxPrior(z, offsets=(1.5, 0.5))",
    Z + "result = mx.nd.contrib.MultiBoxPrior(z, offsets=(0.5,))",
    "result = mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 2, 2)))",
    "result = mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 2, 2), dtype='float64'))",
]

D = ("rs = np.random.RandomState(3); c = rs.rand(2, 4, 12).astype('f'); c = c / c.sum(1, keepdims=True); "
     "cls = mx.nd.array(c); loc = mx.nd.array((rs.randn(2, 48) * 0.5).astype('f')); "
     "anc = mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 2, 2)), sizes=(0.5, 0.3), ratios=(1, 2)); ")
DETECT_KW = [
    "", "nms_topk=3", "nms_topk=20", "force_suppress=True", "background_id=1", "threshold=0.3, clip=False",
    "nms_threshold=0", "nms_threshold=0.1", "nms_threshold=0.9, force_suppress=True, nms_topk=5",
    "variances=(0.2, 0.3, 0.1, 0.4), clip=False", "threshold=0.99", "nms_threshold=1.0", "nms_threshold=1.5",
    "variances='(0.1, 0.1, 0.2, 0.2)', clip='0', nms_topk='2', force_suppress='1'",
]
DETECT = [R(D, f"mx.nd.contrib.MultiBoxDetection(cls, loc, anc, {kw})") for kw in DETECT_KW]
T = ("cls = mx.nd.array([[[0.2, 0.2, 0.2, 0.2], [0.4, 0.4, 0.1, 0.4], [0.4, 0.4, 0.7, 0.4]]]); "
     "anc = mx.nd.array([[[0, 0, 0.5, 0.5], [0, 0, 0.5, 0.5], [0.1, 0.1, 0.6, 0.6], [0.5, 0.5, 1, 1]]]); "
     "loc = mx.nd.zeros((1, 16)); ")
DETECT += [
    R(T, "mx.nd.contrib.MultiBoxDetection(cls, loc, anc)"),
    R(T, "mx.nd.contrib.MultiBoxDetection(cls, loc, anc, force_suppress=True)"),
    R(T, "mx.nd.contrib.MultiBoxDetection(cls, loc, anc, nms_topk=1)"),
    R(T, "mx.nd.contrib.MultiBoxDetection(cls[:, :1], loc, anc)"),
    R("cls = mx.nd.array([[[0.2, 0.2, 0.2, 0.2], [0.4, -3, 0.1, np.nan], [0.4, -2, 0.7, 0.4]]]); "
      "anc = mx.nd.array([[[0, 0, 0.5, 0.5], [0, 0, 0.5, 0.5], [0.1, 0.1, 0.6, 0.6], [0.5, 0.5, 1, 1]]]); ",
      "mx.nd.contrib.MultiBoxDetection(cls, mx.nd.array([[0.1, -0.2, 0.3, 0.4] * 4]), anc, threshold=-5)"),
    R(T, "mx.nd.contrib.MultiBoxDetection(cls, mx.nd.zeros((2, 16)), anc)"),
    T + "result = mx.nd.contrib.MultiBoxDetection(cls, loc, anc, variances=(1, 2))",
    T + "result = mx.nd.contrib.MultiBoxDetection(cls, loc[:, :8], anc)",
    T + "result = mx.nd.contrib.MultiBoxDetection(cls, loc, anc[:, :2])",
    T + "result = mx.nd.contrib.MultiBoxDetection(cls.astype('float64'), loc.astype('float64'), anc.astype('float64'))",
]

CASES = PRIOR + DETECT

T = ("anc = mx.nd.array([[[0,0,.5,.5],[.5,0,1,.5],[0,.5,.5,1],[.5,.5,1,1],[.2,.2,.7,.7],[.1,.6,.3,.9]]]); "
     "lab = mx.nd.array([[[1,.1,.1,.45,.45],[0,.55,.55,.95,.95],[-1,-1,-1,-1,-1]],"
     "[[2,.0,.5,.6,1.],[-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1]]]); "
     "cls = mx.nd.array(np.random.RandomState(0).rand(2, 3, 6).astype('f')); ")
Tw = ("anc = mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, 4, 4)), sizes=(0.5, 0.25), ratios=(1, 2)); "
      "rs = np.random.RandomState(5); b = np.sort(rs.rand(3, 4, 2), -1).astype('f'); "
      "lab = np.concatenate([rs.randint(0, 3, (3, 4, 1)).astype('f'), b[..., 0:1], b[..., 0:1] * 0 + b[..., 0:1] * 0.5, "
      "b[..., 1:2], b[..., 1:2] * 0.5 + 0.5], -1); lab[1, 2:] = -1; lab[2, :] = -1; lab = mx.nd.array(lab); "
      "cls = mx.nd.array(rs.randn(3, 4, 48).astype('f')); ")
TARGET_KW = ["", "overlap_threshold=0.1", "overlap_threshold=0", "negative_mining_ratio=1",
             "negative_mining_ratio=2, overlap_threshold=0.2", "negative_mining_ratio=3, negative_mining_thresh=0.3",
             "ignore_label=-2", "variances=(0.2, 0.2, 0.1, 0.1)", "variances='(1, 1, 1, 1)', minimum_negative_samples=4",
             "overlap_threshold='0.3', negative_mining_ratio='1.5'"]
TARGET = ([f"result = [ (np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 5).tolist()) "
           f"for r in mx.nd.contrib.MultiBoxTarget(anc, lab, cls{', ' + kw if kw else ''})]" for kw in TARGET_KW]
          + [Tw + f"result = [ (np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 5).tolist()) "
             f"for r in mx.nd.contrib.MultiBoxTarget(anc, lab, cls{', ' + kw if kw else ''})]" for kw in TARGET_KW[:6]])
TARGET = [case if case.startswith("anc = mx.nd.contrib") else T + case for case in TARGET]
TARGET += [
    T + "result = mx.nd.contrib.MultiBoxTarget(anc, lab, cls, variances=(0.1, 0.1))",
    T + "result = mx.nd.contrib.MultiBoxTarget(anc.astype('float64'), lab.astype('float64'), cls.astype('float64'))",
    T + "result = mx.nd.contrib.MultiBoxTarget(anc.reshape((6, 4)), lab, cls)",
    T + "result = mx.nd.contrib.MultiBoxTarget(anc, lab, cls[:, :, :5])",
    T + "result = mx.nd.contrib.MultiBoxTarget(anc, lab[:, :, :4], cls)",
    T + "result = mx.nd.contrib.MultiBoxTarget(anc, mx.nd.array([[[-1, 0, -1, -1, -1]]]), cls[:1])",
    T + "result = mx.nd.contrib.MultiBoxTarget(anc, mx.nd.array([[[-1, -1, -1, -1, -1]]]), cls[:1])",
]
CASES += TARGET
