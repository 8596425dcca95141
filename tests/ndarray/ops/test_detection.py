"""The detection family beyond the golden cases: gradients against MXNet 1.9.1's values,
NMS against a plain greedy loop on many boxes, out=, aliases and batch handling.

Expected gradients were printed by MXNet 1.9.1 (``x.attach_grad(); with autograd.record():
y = op(x); y.backward(head); x.grad``).
"""
import numpy as np
import pytest

import mxnd as mx
from gradients import gradient_of

BOXES = [[0, 0.5, 0.1, 0.1, 0.2, 0.2], [1, 0.4, 0.1, 0.1, 0.2, 0.2],
         [0, 0.3, 0.1, 0.1, 0.14, 0.14], [2, 0.6, 0.5, 0.5, 0.7, 0.8]]
HEAD = [[0.1] * 6, [0.2] * 6, [0.3] * 6, [0.4] * 6]
NMS_GRAD = [[0.2] * 6, [0] * 6, [0] * 6, [0.1] * 6]


@pytest.mark.parametrize("kwargs", [{"overlap_thresh": 0.1}, {"overlap_thresh": 0.1, "out_format": "center"}],
                         ids=["corner", "center-out"])
def test_nms_gradient_matches_mxnet(kwargs):
    # MXNet copies the output gradient back to each kept box's input row, even across formats
    (grad,) = gradient_of(lambda x: mx.nd.contrib.box_nms(x, **kwargs), mx.nd.array(BOXES), head=mx.nd.array(HEAD))
    np.testing.assert_allclose(grad, np.array(NMS_GRAD, dtype=np.float32), rtol=1e-6)


def test_iou_and_matching_gradients_are_zero():
    boxes = mx.nd.array([[0, 0, 2, 2], [1, 1, 3, 3]])
    (grad,) = gradient_of(lambda x: mx.nd.contrib.box_iou(x, x), boxes)
    assert grad.tolist() == [[0] * 4] * 2
    (grad,) = gradient_of(lambda x: mx.nd.contrib.bipartite_matching(x, threshold=0.1)[0], boxes)
    assert grad.tolist() == [[0] * 4] * 2


def _iou(a, b):
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = w * h
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if inter > 0 else 0.0


def _greedy_nms(rows, thresh):
    order = sorted(range(len(rows)), key=lambda i: -rows[i][1])
    kept = []
    for i in order:
        if rows[i][1] > 0 and all(_iou(rows[i][2:], rows[k][2:]) <= thresh for k in kept):
            kept.append(i)
    out = [list(rows[i]) for i in kept]
    return out + [[-1.0] * 6] * (len(rows) - len(out))


def test_nms_matches_a_greedy_loop_on_many_boxes():
    rng = np.random.default_rng(1)
    xy = rng.uniform(0, 1, size=(200, 2))
    boxes = np.concatenate([np.zeros((200, 1)), rng.permutation(200)[:, None] / 200.0, xy,
                            xy + rng.uniform(0.05, 0.3, size=(200, 2))], axis=1)
    got = mx.nd.contrib.box_nms(mx.nd.array(boxes, dtype="float64"), overlap_thresh=0.3)
    np.testing.assert_allclose(got.asnumpy(), np.array(_greedy_nms(boxes.tolist(), 0.3)))


def test_nms_batches_are_independent_and_alias_is_the_same():
    data = mx.nd.array(np.array(BOXES * 3).reshape(3, 4, 6))
    batched = mx.nd.contrib.box_nms(data, overlap_thresh=0.1)
    single = mx.nd.contrib.box_non_maximum_suppression(mx.nd.array(BOXES), overlap_thresh=0.1)
    for row in batched:
        np.testing.assert_array_equal(row.asnumpy(), single.asnumpy())


def test_nms_does_not_modify_its_input_and_writes_out():
    data = mx.nd.array(BOXES)
    out = mx.nd.zeros((4, 6))
    result = mx.nd.contrib.box_nms(data, overlap_thresh=0.1, out=out)
    assert result is out
    assert data.asnumpy().tolist() == mx.nd.array(BOXES).asnumpy().tolist()
    assert out[2].asnumpy().tolist() == [-1] * 6


def test_iou_output_shape_and_context():
    lhs, rhs = mx.nd.ones((2, 3, 4), ctx=mx.cpu(1)), mx.nd.ones((5, 4), ctx=mx.cpu(1))
    out = mx.nd.contrib.box_iou(lhs, rhs)
    assert out.shape == (2, 3, 5) and out.context == mx.cpu(1)


def test_bipartite_matching_returns_two_arrays_of_the_data_dtype():
    rows, cols = mx.nd.contrib.bipartite_matching(mx.nd.array([[0.5, 0.6], [0.9, 0.1]], dtype="float64"),
                                                  threshold=0.2)
    assert rows.dtype == np.float64 and cols.dtype == np.float64
    assert rows.asnumpy().tolist() == [1, 0] and cols.asnumpy().tolist() == [1, 0]


def _class_aware_nms(rows, thresh, topk):
    order = sorted((i for i in range(len(rows)) if rows[i][1] > 0 and rows[i][0] != -1), key=lambda i: -rows[i][1])
    kept = []
    for i in order[:topk]:
        if all(rows[i][0] != rows[k][0] or _iou(rows[i][2:], rows[k][2:]) <= thresh for k in kept):
            kept.append(i)
    out = [list(rows[i]) for i in kept]
    return out + [[-1.0] * 6] * (len(rows) - len(out))


def test_class_aware_nms_with_topk_matches_a_greedy_loop():
    rng = np.random.default_rng(2)
    xy = rng.uniform(0, 1, size=(2, 300, 2))
    boxes = np.concatenate([rng.integers(-1, 3, size=(2, 300, 1)), rng.uniform(-0.1, 1, size=(2, 300, 1)), xy,
                            xy + rng.uniform(0.05, 0.4, size=(2, 300, 2))], axis=-1)
    got = mx.nd.contrib.box_nms(mx.nd.array(boxes, dtype="float64"), overlap_thresh=0.4, id_index=0, topk=150)
    for b in range(2):
        np.testing.assert_allclose(got[b].asnumpy(), np.array(_class_aware_nms(boxes[b].tolist(), 0.4, 150)))


def test_bipartite_matching_writes_both_outputs():
    rows, cols = mx.nd.zeros((2,)), mx.nd.zeros((2,))
    result = mx.nd.contrib.bipartite_matching(mx.nd.array([[0.5, 0.6], [0.9, 0.1]]), threshold=0.2, out=[rows, cols])
    assert result[0] is rows and result[1] is cols
    assert rows.asnumpy().tolist() == [1, 0] and cols.asnumpy().tolist() == [1, 0]


def test_box_nms_rejects_integer_data():
    with pytest.raises(mx.base.MXNetError):
        mx.nd.contrib.box_nms(mx.nd.ones((3, 6), dtype="int32"))
