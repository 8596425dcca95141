"""Valid sample calls for the proposal family: {operator name: ([input shapes], {keyword arguments})}.

cls_prob is (N, 2A, H, W) with A = len(ratios) * len(scales) (one scale, three default ratios
here), bbox_pred (N, 4A, H, W) and im_info (N, 3). The builder fills inputs with 1..n (+ input
index), so im_info is [3, 4, 5] (+ 3 per row): smaller than one feature stride, every anchor
scores -1, and the large deltas decode to boxes clipped to the image. Proposal takes one image.
"""

SAMPLES = {
    "_contrib_Proposal": ([(1, 6, 2, 3), (1, 12, 2, 3), (1, 3)],
                          {"scales": (2,), "rpn_post_nms_top_n": 5}),
    "_contrib_MultiProposal": ([(2, 6, 2, 3), (2, 12, 2, 3), (2, 3)],
                               {"scales": (2,), "rpn_post_nms_top_n": 5}),
}
