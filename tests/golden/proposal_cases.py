"""Cases of the proposal family: contrib Proposal and MultiProposal (RPN region proposals).

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into proposal.json. Inputs are seeded numpy draws cast to float32; float
results are rounded to 3 decimals with ``R`` (``exp`` may differ from MXNet's in the last bit).
Never put a MultiProposal case here whose im_info exceeds the feature map: MXNet 1.9.1 aborts the
process (tests/ndarray/ops/test_proposal.py checks mxnd's error instead).
"""


def R(setup, expr):
    """dtype, shape and values rounded to 3 decimals of an array or a list of arrays."""
    return (setup + f"r = {expr}; rs = r if isinstance(r, (list, tuple)) else [r]; "
            "result = [(np.dtype(x.dtype).name, x.shape, np.round(x.asnumpy().astype('float64'), 3).tolist()) "
            "for x in rs]")


def inputs(seed, batch, anchors, height, width, im_info, spread=0.3):
    """Setup text: c (batch, 2A, H, W) scores, b (batch, 4A, H, W) deltas, im (batch, 3)."""
    return (f"rs = np.random.RandomState({seed}); "
            f"c = mx.nd.array(rs.uniform(size=({batch}, {2 * anchors}, {height}, {width})).astype('float32')); "
            f"b = mx.nd.array(rs.normal(0, {spread}, size=({batch}, {4 * anchors}, {height}, {width}))"
            ".astype('float32')); "
            f"im = mx.nd.array({im_info}); ")


# any MXNetError (mxnd raises its subclass)
P = "{}\ntry:\n    {}; mx.nd.waitall()\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

D = inputs(0, 1, 12, 4, 5, [[64, 80, 1]])           # default scales (4, 8, 16, 32) x ratios (0.5, 1, 2)
S = inputs(1, 1, 3, 5, 6, [[70, 90, 1.2]])          # 3 anchors: one scale x 3 ratios, or 3 scales x 1 ratio
SP = inputs(2, 1, 3, 5, 6, [[50, 60, 1]])           # im_info smaller than the map: padded pixels score -1
S6 = inputs(3, 1, 6, 4, 4, [[64, 64, 0.5]])         # 2 scales x 3 ratios
SI = inputs(4, 1, 3, 5, 6, [[80, 96, 1]], spread=3)  # large deltas for the iou transform
M2 = inputs(5, 2, 3, 5, 6, [[70, 90, 1.2], [50, 40, 1]])
M3 = inputs(6, 3, 3, 4, 5, [[60, 75, 1], [40, 50, 2], [64, 80, 0.5]])
M6 = inputs(7, 2, 6, 4, 4, [[64, 64, 1], [33, 47, 1]])

PROPOSAL = [
    R(D, "mx.nd.contrib.Proposal(c, b, im)"),
    R(D, "mx.nd.contrib.Proposal(c, b, im, output_score=True)"),
    R(D, "mx.nd.contrib.Proposal(cls_prob=c, bbox_pred=b, im_info=im, rpn_min_size=4, rpn_post_nms_top_n=40)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_min_size=4)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_min_size=4, rpn_post_nms_top_n=20, output_score=True)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(1, 2, 4), ratios=(1,), rpn_min_size=4, rpn_post_nms_top_n=30)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), ratios=(0.75, 1.5, 3), feature_stride=18, "
         "rpn_min_size=3, rpn_post_nms_top_n=30, output_score=True)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), threshold=0.3, rpn_min_size=4, rpn_post_nms_top_n=40, "
         "output_score=True)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), threshold=0.9, rpn_min_size=4, rpn_post_nms_top_n=40)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), threshold=0, rpn_min_size=4, rpn_post_nms_top_n=12, "
         "output_score=True)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), threshold=1, rpn_min_size=4, rpn_post_nms_top_n=12)"),
    # min-size filter: small boxes grow by min_size / 2 per side and score -1
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_min_size=25, rpn_post_nms_top_n=90, output_score=True)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(1,), rpn_min_size=40, rpn_post_nms_top_n=10, output_score=True)"),
    # pre-NMS top-n and padding by cycling through the kept boxes
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_pre_nms_top_n=5, rpn_post_nms_top_n=13, "
         "output_score=True)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_pre_nms_top_n=0, rpn_post_nms_top_n=7)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_pre_nms_top_n=-3, rpn_post_nms_top_n=7)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(8,), threshold=0.1, rpn_min_size=1, rpn_post_nms_top_n=25, "
         "output_score=True)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_post_nms_top_n=0, output_score=True)"),
    R(SP, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_min_size=2, rpn_post_nms_top_n=40, output_score=True)"),
    R(S6, "mx.nd.contrib.Proposal(c, b, im, scales=(1, 3), rpn_min_size=8, rpn_post_nms_top_n=30, "
          "output_score=True)"),
    R(S6, "mx.nd.contrib.Proposal(c, b, im, scales='(1, 3)', ratios='[0.5, 1, 2]', threshold='0.5', "
          "rpn_min_size='8', rpn_post_nms_top_n='20', output_score='1')"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=2, ratios=(1, 2, 3), rpn_min_size=4, rpn_post_nms_top_n=20)"),
    R(SI, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), iou_loss=True, rpn_min_size=4, rpn_post_nms_top_n=30, "
          "output_score=True)"),
    R(SI, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), iou_loss='true', threshold=0.4, rpn_min_size=10, "
          "rpn_post_nms_top_n=60)"),
    R(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), feature_stride=20, rpn_min_size=4, rpn_post_nms_top_n=30)"),
    # errors
    P.format(S, "mx.nd.contrib.Proposal(c, b, im)"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2, 3))"),
    P.format(S, "mx.nd.contrib.Proposal(c, b[:, :8], im, scales=(2,))"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, im[:, :2], scales=(2,))"),
    P.format(S, "mx.nd.contrib.Proposal(c[0], b, im, scales=(2,))"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, mx.nd.array([[100, 60, 1]]), scales=(2,))"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, mx.nd.array([[70, 120, 1]]), scales=(2,))"),
    P.format(S, "mx.nd.contrib.Proposal(c.astype('float64'), b.astype('float64'), im.astype('float64'), "
                "scales=(2,))"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, im.astype('float16'), scales=(2,))"),
    P.format(S, "r = mx.nd.contrib.Proposal(c, b, im, scales=(2,), rpn_post_nms_top_n=-1); r.shape"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, im, scales='2,')"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, im, scales=(2,), foo=1)"),
    P.format(S, "mx.nd.contrib.Proposal(c, b, scales=(2,))"),
    P.format(M2, "mx.nd.contrib.Proposal(c, b, im, scales=(2,))"),
]

MULTI = [
    R(M2, "mx.nd.contrib.MultiProposal(c, b, im, scales=(2,), rpn_min_size=4, rpn_post_nms_top_n=30)"),
    R(M2, "mx.nd.contrib.MultiProposal(c, b, im, scales=(2,), rpn_min_size=8, threshold=0.6, "
          "rpn_post_nms_top_n=40, output_score=True)"),
    R(M2, "mx.nd.contrib.MultiProposal(c, b, im, scales=(2,), rpn_pre_nms_top_n=4, rpn_post_nms_top_n=9, "
          "output_score=True)"),
    R(M2, "mx.nd.contrib.MultiProposal(c, b, im, scales=(2,), iou_loss=True, rpn_min_size=2, "
          "rpn_post_nms_top_n=20, output_score=True)"),
    R(M2, "mx.nd.contrib.MultiProposal(c, b, im, scales=(2,), rpn_post_nms_top_n=0, output_score=True)"),
    R(M3, "mx.nd.contrib.MultiProposal(c, b, im, scales=(1, 2, 3), ratios=(1,), rpn_min_size=6, "
          "threshold=0.5, rpn_post_nms_top_n=25, output_score=True)"),
    R(M3, "mx.nd.contrib.MultiProposal(c, b, im, scales=(2,), rpn_min_size=12, rpn_post_nms_top_n=70, "
          "output_score=True)"),
    R(M3, "mx.nd.contrib.MultiProposal(c[:1], b[:1], im[:1], scales=(2,), rpn_min_size=4, rpn_post_nms_top_n=15)"),
    R(M6, "mx.nd.contrib.MultiProposal(c, b, im, scales=(1, 3), rpn_min_size=10, rpn_post_nms_top_n=30, "
          "output_score=True)"),
    R(M6, "mx.nd.contrib.MultiProposal(cls_prob=c, bbox_pred=b, im_info=im, scales=(1, 3), feature_stride=17, "
          "threshold=0.3, rpn_min_size=3)"),
    R(D.replace("(1, ", "(2, ").replace("[[64, 80, 1]]", "[[64, 80, 1], [60, 70, 1.5]]"),
      "mx.nd.contrib.MultiProposal(c, b, im)"),
    P.format(M2, "mx.nd.contrib.MultiProposal(c, b, im)"),
    P.format(M2, "mx.nd.contrib.MultiProposal(c, b, im[:1], scales=(2,))"),
    P.format(M2, "mx.nd.contrib.MultiProposal(c, b[:, :4], im, scales=(2,))"),
    P.format(M2, "mx.nd.contrib.MultiProposal(c.astype('float64'), b.astype('float64'), im.astype('float64'), "
                 "scales=(2,))"),
    P.format(M2, "mx.nd.contrib.MultiProposal(c, b, im, scales=(2,), rpn_post_nms_top_n=-2)"),
]

# unrounded: exp rounded from double matches glibc's expf where torch's float32 exp did not
EXACT = [
    "mx.nd.contrib.MultiProposal(mx.nd.array(np.random.RandomState(1733).uniform(0, 1, (2, 4, 5, 1)), dtype='float32'), "
    "mx.nd.array(np.random.RandomState(2611).uniform(-0.5, 0.5, (2, 8, 5, 1)), dtype='float32'), "
    "mx.nd.array([[18.7, 5.4, 2.0], [1.6, 4.5, 2.0]], dtype='float32'), rpn_pre_nms_top_n=3, rpn_post_nms_top_n=3, "
    "threshold=0.7, rpn_min_size=1, scales=(1.5,), ratios=(0.5, 2), feature_stride=4, output_score=True)",
]

CASES = PROPOSAL + MULTI + EXACT
