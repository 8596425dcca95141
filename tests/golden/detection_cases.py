"""Cases of the detection family: box_iou, box_nms (box_non_maximum_suppression), box_encode,
box_decode and bipartite_matching.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into detection.json. Float results are rounded with ``R`` (IoU and the
encodings may differ from MXNet's kernels in the last bits). Never put a case here that reads
memory MXNet does not check (box_encode with a match index outside refs).
"""

B = ("b = mx.nd.array([[0, 0.5, 0.1, 0.1, 0.2, 0.2], [1, 0.4, 0.1, 0.1, 0.2, 0.2], "
     "[0, 0.3, 0.1, 0.1, 0.14, 0.14], [2, 0.6, 0.5, 0.5, 0.7, 0.8], [-1, 0.7, 0.5, 0.5, 0.7, 0.8], "
     "[1, 0.0, 0.5, 0.5, 0.7, 0.8]]); ")
C = ("c = mx.nd.array([[0.5, -0.3, -0.2, 0.2, 0.2], [0.4, 0.1, 0.1, 0.2, 0.2], [0.7, 0.5, 0.5, -0.1, 0.8], "
     "[0.7, 0.5, 0.5, 0.3, 0.8], [0.9, 0.12, 0.1, 0.21, 0.2]]); ")
A = "a = mx.nd.array([[0, 0, 2, 2], [1, 1, 3, 3], [5, 5, 4, 4]]); r = mx.nd.array([[[0, 0, 1, 1]], [[1, 0, 2, 3]]]); "
S = "s = mx.nd.array([[0.5, 0.6, 0.1], [0.9, 0.6, 0.3], [0.2, 0.9, 0.95]]); "
T = "t = mx.nd.array([[[0.5, 0.5, 0.7], [0.5, 0.1, 0.7]], [[0.1, 0.3, 0.3], [0.3, 0.2, 0.6]]]); "
D = ("o = mx.nd.array([[[0.5, 0.5, 0.5, 0.5], [0.1, -0.2, 0.3, -0.4]], [[0, 0, 0, 0], [1, 1, 2, -1]]]); "
     "an = mx.nd.array([[[1, 1, 3, 4], [0, 0, 2, 2]]]); ")
E = ("sm = mx.nd.array([[1, 0, -1, 1], [0, 1, 1, 1]]); mt = mx.nd.array([[0, 1, 0, 2], [2, 1, 0, 0]]); "
     "an = mx.nd.array([[[0, 0, 2, 2], [1, 1, 3, 4], [0, 0, 1, 1], [0.5, 0.5, 2, 3]], "
     "[[0, 0, 1, 1], [0.2, 0.1, 0.6, 0.9], [1, 1, 2, 2], [0, 0, 4, 4]]]); "
     "rf = mx.nd.array([[[0, 0, 1, 1], [1, 1, 3, 3], [0.2, 0.3, 1, 2]], [[0, 0, 2, 1], [0.1, 0.1, 0.5, 0.9], [1, 1.5, 3, 2]]]); "
     "me = mx.nd.array([0, 0.1, 0, 0.2]); sd = mx.nd.array([0.1, 0.1, 0.2, 0.2]); ")
# any MXNetError (mxnd raises its subclass)
P = "{}\ntry:\n    {}; mx.nd.waitall()\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"


def R(setup, expr):
    """dtype, shape and values rounded to 4 decimals of an array or a list of arrays."""
    return (setup + f"r = {expr}; rs = r if isinstance(r, (list, tuple)) else [r]; "
            "result = [(np.dtype(x.dtype).name, x.shape, np.round(x.asnumpy().astype('float64'), 4).tolist()) "
            "for x in rs]")


IOU = [
    R(A, "mx.nd.contrib.box_iou(a, r)"), R(A, "mx.nd.contrib.box_iou(a, r, format='center')"),
    R(A, "mx.nd.contrib.box_iou(a, a)"), R(A, "mx.nd.contrib.box_iou(r, a, format='corner')"),
    R(A, "mx.nd.contrib.box_iou(a.astype('float64'), a.astype('float64'))"),
    R(A, "mx.nd.contrib.box_iou(a.astype('float16'), r.astype('float16'))"),
    R(A, "mx.nd.contrib.box_iou(lhs=a, rhs=r, format='center')"),
    R(A, "mx.nd.contrib.box_iou(mx.nd.array([[0, 0, -1, 2], [0, 0, 1, 1]]), a)"),
    P.format(A, "mx.nd.contrib.box_iou(a, r, format='foo')"),
    P.format(A, "mx.nd.contrib.box_iou(a.reshape((-1,)), a)"),
    P.format(A, "mx.nd.contrib.box_iou(a, a[:, :3])"),
    P.format(A, "mx.nd.contrib.box_iou(a[:, :3], a)"),
    P.format(A, "mx.nd.contrib.box_iou(a.astype('int32'), a.astype('int32'))"),
    P.format(A, "mx.nd.contrib.box_iou(a, a.astype('float64'))"),
]

NMS = [
    R(B, "mx.nd.contrib.box_nms(b)"), R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, id_index=0)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, id_index=0, force_suppress=True)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, id_index=0, background_id=0)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, id_index=0, background_id=1, force_suppress=1)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, valid_thresh=-1)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, valid_thresh=0.45)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, id_index=0, topk=2)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, topk=3)"), R(B, "mx.nd.contrib.box_nms(b, topk=1)"),
    R(B, "mx.nd.contrib.box_nms(b, topk=0)"), R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=1)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.6)"), R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh=0.1, out_format='center')"),
    R(B, "mx.nd.contrib.box_nms(b, in_format='center', overlap_thresh=0.2)"),
    R(B, "mx.nd.contrib.box_nms(b, in_format='center', out_format='center')"),
    R(B, "mx.nd.contrib.box_non_maximum_suppression(b, overlap_thresh=0.1)"),
    R(B, "mx.nd.contrib.box_nms(b.reshape((2, 3, 6)), overlap_thresh=0.1)"),
    R(B, "mx.nd.contrib.box_nms(b.reshape((1, 2, 3, 6)), overlap_thresh=0.1, id_index=0)"),
    R(B, "mx.nd.contrib.box_nms(b.astype('float64'), overlap_thresh=0.1)"),
    R(B, "mx.nd.contrib.box_nms(b.astype('float16'), overlap_thresh=0.1)"),
    R(B, "mx.nd.contrib.box_nms(b, overlap_thresh='0.1', id_index='0', force_suppress='True', topk='3')"),
    R(C, "mx.nd.contrib.box_nms(c, coord_start=1, score_index=0)"),
    R(C, "mx.nd.contrib.box_nms(c, coord_start=1, score_index=0, out_format='center', overlap_thresh=1)"),
    R(C, "mx.nd.contrib.box_nms(c, coord_start=1, score_index=0, in_format='center', overlap_thresh=0.3)"),
    R(C, "mx.nd.contrib.box_nms(c, coord_start=0, score_index=4, overlap_thresh=0.3)"),
    P.format(B, "mx.nd.contrib.box_nms(b[0])"), P.format(B, "mx.nd.contrib.box_nms(b[:, :4])"),
    P.format(B, "mx.nd.contrib.box_nms(b, coord_start=3)"), P.format(B, "mx.nd.contrib.box_nms(b, coord_start=-1)"),
    P.format(B, "mx.nd.contrib.box_nms(b, score_index=2)"), P.format(B, "mx.nd.contrib.box_nms(b, score_index=6)"),
    P.format(B, "mx.nd.contrib.box_nms(b, id_index=1)"), P.format(B, "mx.nd.contrib.box_nms(b, id_index=3)"),
    P.format(B, "mx.nd.contrib.box_nms(b, id_index=6)"), P.format(B, "mx.nd.contrib.box_nms(b, in_format='foo')"),
    P.format(B, "mx.nd.contrib.box_nms(b.astype('int32'))"), P.format(B, "mx.nd.contrib.box_nms(b, topk=1.5)"),
]

ENCODE = [
    R(E, "mx.nd.contrib.box_encode(sm, mt, an, rf, me, sd)"),
    R(E, "mx.nd.contrib.box_encode(sm.astype('float64'), mt.astype('float64'), an.astype('float64'), "
         "rf.astype('float64'), me.astype('float64'), sd.astype('float64'))"),
    R(E, "mx.nd.contrib.box_encode(samples=sm, matches=mt, anchors=an, refs=rf, means=me, stds=sd)"),
    P.format(E, "mx.nd.contrib.box_encode(sm, mt, an, rf, me[:3], sd)"),
    P.format(E, "mx.nd.contrib.box_encode(sm, mt, an, rf, me, sd.astype('float64'))"),
    P.format(E, "mx.nd.contrib.box_encode(sm.astype('int32'), mt.astype('int32'), an.astype('int32'), "
                "rf.astype('int32'), me.astype('int32'), sd.astype('int32'))"),
    P.format(E, "mx.nd.contrib.box_encode(sm, mt, an[0], rf, me, sd)"),
]

DECODE = [
    R(D, "mx.nd.contrib.box_decode(o, an)"), R(D, "mx.nd.contrib.box_decode(o, an, format='corner')"),
    R(D, "mx.nd.contrib.box_decode(o, an, std0=0.1, std1=0.1, std2=0.2, std3=0.2)"),
    R(D, "mx.nd.contrib.box_decode(o, an, clip=0.3)"), R(D, "mx.nd.contrib.box_decode(o, an, clip=0.3, format='corner')"),
    R(D, "mx.nd.contrib.box_decode(o.astype('float64'), an.astype('float64'), std0=0.1)"),
    P.format(D, "mx.nd.contrib.box_decode(o[0], an)"), P.format(D, "mx.nd.contrib.box_decode(o[:, :, :3], an)"),
    P.format(D, "mx.nd.contrib.box_decode(o, an[0])"), P.format(D, "mx.nd.contrib.box_decode(o, an, format='foo')"),
    P.format(D, "mx.nd.contrib.box_decode(o, an.astype('float64'))"),
    P.format(D, "mx.nd.contrib.box_decode(o.astype('int32'), an.astype('int32'))"),
]

MATCHING = [
    R(S, "mx.nd.contrib.bipartite_matching(s, threshold=0.1)"),
    R(S, "mx.nd.contrib.bipartite_matching(s, threshold=0.1, topk=1)"),
    R(S, "mx.nd.contrib.bipartite_matching(s, threshold=0.1, topk=2)"),
    R(S, "mx.nd.contrib.bipartite_matching(s, threshold=0.4, is_ascend=True)"),
    R(S, "mx.nd.contrib.bipartite_matching(s, threshold=0.6)"),
    R(S, "mx.nd.contrib.bipartite_matching(s, threshold=0.95)"),
    R(S, "mx.nd.contrib.bipartite_matching(s, threshold=2, is_ascend=1)"),
    R(S, "mx.nd.contrib.bipartite_matching(s.astype('float64'), threshold=0.6)"),
    R(S, "mx.nd.contrib.bipartite_matching(s[:2], threshold=0.1)"),
    R(S, "mx.nd.contrib.bipartite_matching(s[:, :2], threshold=0.1)"),
    R(T, "mx.nd.contrib.bipartite_matching(t, threshold=0.1)"),
    R(T, "mx.nd.contrib.bipartite_matching(t, threshold=0.3)"),
    R(T, "mx.nd.contrib.bipartite_matching(t, threshold=0.5, is_ascend=True)"),
    R(T, "mx.nd.contrib.bipartite_matching(t.reshape((1, 2, 2, 3)), threshold=0.1)"),
    P.format(S, "mx.nd.contrib.bipartite_matching(s)"),
    P.format(S, "mx.nd.contrib.bipartite_matching(s[0], threshold=0.1)"),
    P.format(S, "mx.nd.contrib.bipartite_matching(s.astype('int32'), threshold=0.1)"),
]

CASES = IOU + NMS + ENCODE + DECODE + MATCHING
