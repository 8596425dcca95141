"""Sparse optimizer updates: lazy rows only, standard updates, in-place rules and errors.

Values checked against MXNet 1.9.1 (tests/golden/sparse_cases.py records the full set).
"""
import numpy as np
import pytest

import mxnd as mx
from device_numerics import assert_exact_on_host

W = np.arange(8, dtype=np.float32).reshape(4, 2) / 4


def grad(ctx):
    return mx.nd.sparse.row_sparse_array(([[1.0, -2.0], [0.5, 3.0]], [1, 3]), shape=(4, 2), ctx=ctx)


def test_lazy_sgd_changes_only_gradient_rows(ctx):
    w = mx.nd.array(W, ctx=ctx)
    assert mx.nd.sgd_update(w, grad(ctx), lr=0.1, wd=0.1, out=w) is w
    assert_exact_on_host(w, [[0.0, 0.25], [0.39500001072883606, 0.9424999952316284], [1.0, 1.25],
                             [1.4350000619888306, 1.4325001239776611]], ctx)


def test_standard_sgd_decays_every_row():
    w = mx.nd.array(W)
    mx.nd.sgd_update(w, grad(mx.cpu()), lr=0.1, wd=0.1, lazy_update=False, out=w)
    assert w.asnumpy()[2].tolist() == [0.9900000095367432, 1.2374999523162842]


def test_lazy_sgd_mom_and_adam_states(ctx):
    w, mom = mx.nd.array(W, ctx=ctx), mx.nd.full((4, 2), 0.25, ctx=ctx)
    mx.nd.sgd_mom_update(w, grad(ctx), mom, lr=0.1, wd=0.1, momentum=0.9, out=w)
    assert mom.asnumpy()[[0, 2]].tolist() == [[0.25, 0.25], [0.25, 0.25]]
    assert_exact_on_host(mom.asnumpy()[1], [0.11999999731779099, 0.41750001907348633], ctx)
    w, mean, var = mx.nd.array(W, ctx=ctx), mx.nd.full((4, 2), 0.25, ctx=ctx), mx.nd.full((4, 2), 1.25, ctx=ctx)
    mx.nd.adam_update(w, grad(ctx), mean, var, lr=0.1, wd=0.1, out=w)
    assert_exact_on_host(w.asnumpy()[1], [0.4704821705818176, 0.7470959424972534], ctx)
    assert_exact_on_host(var.asnumpy()[3], [1.2491724491119385, 1.2588304281234741], ctx)


def test_row_sparse_weight_and_empty_state():
    w = mx.nd.array(W).tostype("row_sparse")
    mom = mx.nd.sparse.zeros("row_sparse", (4, 2))
    mx.nd.sgd_mom_update(w, grad(mx.cpu()), mom, lr=0.1, momentum=0.9, out=w)
    assert w.stype == "row_sparse" and mom.indices.asnumpy().tolist() == [0, 1, 2, 3]
    assert w.asnumpy()[1].tolist() == [0.4000000059604645, 0.949999988079071]


def test_adagrad_and_group_adagrad(ctx):
    w, h = mx.nd.array(W, ctx=ctx), mx.nd.full((4, 2), 0.25, ctx=ctx)
    mx.nd.sparse.adagrad_update(w, grad(ctx), h, lr=0.1, out=w)
    assert_exact_on_host(w.asnumpy()[1], [0.41055727005004883, 0.8470142483711243], ctx)
    assert h.asnumpy()[3].tolist() == [0.5, 9.25]
    w, h = mx.nd.array(W, ctx=ctx), mx.nd.full((4, 1), 0.25, ctx=ctx)
    mx.nd.contrib.group_adagrad_update(w, grad(ctx), h, lr=0.1, out=w)
    assert h.asnumpy().ravel().tolist() == [0.25, 2.75, 0.25, 4.875]
    assert_exact_on_host(w.asnumpy()[3], [1.4773545265197754, 1.6141269207000732], ctx)


def test_errors():
    g = grad(mx.cpu())
    with pytest.raises(mx.base.MXNetError, match="kWriteInplace"):
        mx.nd.sgd_update(mx.nd.array(W), g, lr=0.1)
    partial = mx.nd.array(W * np.array([[0], [1], [1], [1]], np.float32)).tostype("row_sparse")
    with pytest.raises(mx.base.MXNetError, match="all rows"):
        mx.nd.sgd_update(partial, g, lr=0.1, out=partial)
    with pytest.raises(mx.base.MXNetError, match="does not support wd"):
        w = mx.nd.array(W)
        mx.nd.sparse.adagrad_update(w, g, mx.nd.zeros((4, 2)), lr=0.1, wd=0.1, out=w)
    with pytest.raises(mx.base.MXNetError, match="Operator not implemented"):
        w = mx.nd.array(W)
        mx.nd.sparse.adagrad_update(w, mx.nd.ones((4, 2)), mx.nd.zeros((4, 2)), lr=0.1, out=w)


def test_empty_gradient_leaves_weight():
    w = mx.nd.array(W)
    mx.nd.sgd_update(w, mx.nd.sparse.zeros("row_sparse", (4, 2)), lr=0.1, wd=0.5, out=w)
    assert w.asnumpy().tolist() == W.tolist()


def test_sparse_namespace():
    from mxnd.ndarray.sparse.namespace import SPARSE_NAMES
    missing = [name for name in SPARSE_NAMES if not hasattr(mx.nd.sparse, name)]
    assert missing == []
    assert mx.nd.sparse.abs is mx.nd.abs and mx.nd.cast_storage is mx.nd.sparse.cast_storage
