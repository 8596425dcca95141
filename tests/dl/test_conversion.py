"""cast, double, single, logical, gather, gpuArray, creators with 'like', isequal(n) and the
type predicates (spec §9.9-9.13)."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl


def test_cast_and_type_functions_keep_the_format(ctx):
    x = dl.dlarray(mx.nd.array([[1.5, 0.0]], ctx=ctx), "SC")
    for name, dtype in [("double", torch.float64), ("single", torch.float32), ("logical", torch.bool),
                        ("half", torch.float16)]:
        y = getattr(dl, name)(x)
        assert y.fmt == "SC" and y.data.dtype is dtype and y.context == ctx
        assert dl.cast(x, name).data.dtype is dtype
    assert dl.logical(x).asnumpy().tolist() == [[True, False]]
    assert dl.double(x).asnumpy().tolist() == [[1.5, 0.0]]
    with pytest.raises(ValueError, match="cast: the new type must be 'double', 'single' or 'logical'"):
        dl.cast(x, "int8")
    with pytest.raises(ValueError, match="logical: NaN's cannot be converted to logicals"):
        dl.logical(dl.dlarray([np.nan]))
    assert x.astype("double").data.dtype is torch.float64


def test_cast_like():
    a = dl.dlarray(np.ones((2, 2), np.float32), "SC")
    p = dl.dlarray(np.ones(3), "CB")
    y = dl.cast(a, "like", p)
    assert y.fmt == "SC" and y.data.dtype is torch.float64
    assert dl.cast(np.ones(2, np.float32), like=p).fmt == "" and dl.isdlarray(dl.cast(np.ones(2), like=p))
    plain = dl.cast(a, like=np.ones(2))
    assert isinstance(plain, mx.nd.NDArray) and plain.dtype == np.float64


def test_gather_and_gpuarray(ctx):
    x = dl.dlarray(mx.nd.array([1.0, 2.0], ctx=ctx), "C")
    g = dl.gather(x)
    assert g.context == mx.cpu(0) and g.fmt == "CU"
    a, b = dl.gather(x, x)
    assert a.context == mx.cpu(0) and b.context == mx.cpu(0)
    host = dl.dlarray([1.0])
    assert dl.gather(host) is host
    if mx.context.num_gpus():
        moved = dl.gpuArray(host)
        assert dl.isgpuarray(moved) and moved.context == mx.gpu(0)
        assert dl.gpuArray(moved) is moved
        assert host.to(mx.gpu(0)).context == mx.gpu(0)
    else:
        with pytest.raises(RuntimeError, match="gpuArray: no CUDA GPU is available"):
            dl.gpuArray(host)
    assert not dl.isgpuarray(host)
    assert host.to(mx.cpu()) is host


@pytest.mark.parametrize("name, check", [
    ("zeros", lambda v: np.all(v == 0)), ("ones", lambda v: np.all(v == 1)),
    ("rand", lambda v: np.all((v >= 0) & (v < 1))), ("randn", lambda v: np.all(np.isfinite(v))),
    ("inf", lambda v: np.all(np.isposinf(v))), ("nan", lambda v: np.all(np.isnan(v))),
])
def test_creators_with_like(name, check, ctx):
    p = dl.dlarray(mx.nd.array([1.0], ctx=ctx, dtype="float64"), "CB")
    fn = getattr(dl, name)
    y = fn(2, 3, like=p)
    assert dl.isdlarray(y) and y.fmt == "" and y.shape == (2, 3) and y.data.dtype is torch.float64
    assert y.context == ctx and check(y.asnumpy())
    assert fn(3, "like", p).shape == (3, 3)  # MATLAB zeros(n) is n x n
    assert fn((2, 4), like=p).shape == (2, 4)
    plain = fn(2, 2)
    assert isinstance(plain, mx.nd.NDArray) and plain.dtype == np.float32
    assert fn(2, 2, "double").dtype == np.float64


def test_true_false_randi():
    p = dl.dlarray([1.0], "C")
    t = dl.true(2, 2, like=p)
    assert t.data.dtype is torch.bool and t.asnumpy().all()
    assert not dl.false(1, 3, like=p).asnumpy().any()
    r = dl.randi(5, 100, 1, like=p)
    values = r.asnumpy()
    assert r.data.dtype is torch.float32 and values.min() >= 1 and values.max() <= 5
    assert np.all(values == np.round(values))
    ranged = dl.randi([-2, 2], 1, 50, like=p).asnumpy()
    assert ranged.min() >= -2 and ranged.max() <= 2
    with pytest.raises(ValueError, match="randi: imax must be a positive integer"):
        dl.randi(0, 2, like=p)


def test_isequal_and_isequaln():
    a = dl.dlarray(np.array([[1.0, np.nan]]), "SC")
    b = dl.dlarray(np.array([[1.0, np.nan]]), "SC")
    assert not dl.isequal(a, b) and dl.isequaln(a, b)
    c = dl.dlarray(np.array([[1.0, 2.0]]), "SC")
    assert dl.isequal(c, dl.dlarray(np.array([[1.0, 2.0]], np.float32), "SC"))
    assert not dl.isequal(c, dl.dlarray(np.array([[1.0, 2.0]]), "SB"))  # different formats
    assert not dl.isequal(c, dl.stripdims(c))  # formatted vs unformatted
    assert dl.isequal(dl.stripdims(c), np.array([[1.0, 2.0]]))
    assert not dl.isequal(c, dl.dlarray(np.ones((2, 2)), "SC"))
    with pytest.raises(ValueError, match="isequal: only the syntax with exactly two inputs"):
        dl.isequal(c, c, c)
    with pytest.raises(ValueError, match="isequaln: only the syntax with exactly two inputs"):
        dl.isequaln(c)


def test_type_predicates():
    x = dl.dlarray(np.ones(2, np.float32))
    logical = dl.logical(x)
    assert dl.isfloat(x) and not dl.isfloat(logical)
    assert dl.islogical(logical) and not dl.islogical(x)
    assert dl.isnumeric(x) and not dl.isnumeric(logical)
    assert dl.isreal(x) and not dl.isreal(dl.complex(x))
