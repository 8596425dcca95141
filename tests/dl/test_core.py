"""dlarray construction, format rules, display and the dlarray-specific queries (spec §1)."""
import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd import dl


def test_construction_permutes_into_canonical_order(ctx):
    z1 = np.random.rand(32, 3, 24, 24).astype(np.float32)
    x = dl.dlarray(mx.nd.array(z1, ctx=ctx), "BCSS")
    assert x.fmt == "SSCB" and x.shape == (24, 24, 3, 32)
    assert x.context == ctx
    np.testing.assert_array_equal(x.asnumpy(), z1.transpose(2, 3, 1, 0))
    assert x.asnumpy()[5, 7, 2, 9] == z1[9, 2, 5, 7]


def test_dims_example_ts_becomes_st():
    data = np.random.randn(3, 4)
    x = dl.dlarray(data, "TS")
    assert dl.dims(x) == "ST" and x.shape == (4, 3)
    np.testing.assert_array_equal(x.asnumpy(), data.T)


def test_cbs_is_stored_as_scb():
    data = np.arange(24.).reshape(2, 3, 4)  # c, b, s
    x = dl.dlarray(data, "CBS")
    assert x.fmt == "SCB" and x.shape == (4, 2, 3)
    np.testing.assert_array_equal(x.asnumpy(), data.transpose(2, 0, 1))


def test_vector_with_one_label_is_a_column_with_u():
    y = dl.dlarray([1, 2, 3], "C")
    assert y.fmt == "CU" and y.shape == (3, 1)
    assert dl.size(y) == (3, 1)
    row = dl.dlarray(np.array([[1., 2., 3.]]), "C")  # MATLAB 1:3 is a row
    assert row.fmt == "CU" and row.shape == (3, 1)
    with pytest.raises(ValueError, match="one-character format 'C' needs a vector"):
        dl.dlarray(np.ones((2, 3)), "C")


def test_trailing_singletons_from_extra_labels():
    x = dl.dlarray(np.ones((3, 4)), "SSCB")
    assert x.shape == (3, 4, 1, 1) and x.fmt == "SSCB"
    assert dl.ndims(x) == 4 and dl.size(x) == (3, 4, 1, 1)
    assert repr(x).splitlines()[0] == "  3(S) × 4(S) × 1(C) × 1(B) dlarray"
    column = dl.dlarray(np.arange(3.), "SC")  # 1-D input is a MATLAB column
    assert column.shape == (3, 1)
    scalar = dl.dlarray(5.0, "SC")
    assert scalar.shape == (1, 1) and scalar.fmt == "SC"


def test_u_rule_drops_trailing_singleton_u_beyond_two_dims():
    x = dl.dlarray(np.ones((2, 3)), "SCUU")
    assert x.fmt == "SC" and x.shape == (2, 3)
    kept = dl.dlarray(np.ones((2, 1)), "SU")  # first two dims keep their U
    assert kept.fmt == "SU"
    inner = dl.dlarray(np.ones((2, 1, 3)), "SUU")
    assert inner.fmt == "SUU" and inner.shape == (2, 1, 3)


@pytest.mark.parametrize("fmt, message", [
    ("SXB", "dimension labels must be 'S'"),
    ("scb", "dimension labels must be 'S'"),
    ("SCCB", "at most one 'C'"),
    ("SBB", "at most one 'B'"),
    ("STT", "at most one 'T'"),
    ("S", "needs a vector"),
])
def test_invalid_formats(fmt, message):
    with pytest.raises(ValueError, match=message):
        dl.dlarray(np.ones((2, 3)), fmt)


def test_too_few_labels_and_bad_types():
    with pytest.raises(ValueError, match="has 2 labels but the data has 3 dimensions"):
        dl.dlarray(np.ones((2, 3, 4)), "SC")
    with pytest.raises(TypeError, match="the format must be"):
        dl.dlarray(np.ones((2, 3)), 3)
    with pytest.raises(TypeError, match="expected numeric data"):
        dl.dlarray(object())


def test_relabel_and_copy_of_dlarray():
    x = dl.dlarray(np.ones((2, 3)), "SC")
    same = dl.dlarray(x)
    assert same.fmt == "SC" and dl.isequal(same, x)
    relabeled = dl.dlarray(x, "CB")
    assert relabeled.fmt == "CB" and relabeled.shape == (2, 3)
    swapped = dl.dlarray(x, "BS")  # canonical order moves S first
    assert swapped.fmt == "SB" and swapped.shape == (3, 2)


@pytest.mark.parametrize("source, dtype", [
    (np.ones(3, np.float32), torch.float32), (np.ones(3, np.float64), torch.float64),
    (np.ones(3, np.float16), torch.float16), (np.ones(3, np.int64), torch.float32),
    (np.ones(3, np.bool_), torch.bool), ([1, 2, 3], torch.float32), ([1.5, 2.0], torch.float32),
    (torch.ones(3, dtype=torch.bfloat16), torch.bfloat16), (np.ones(3, np.complex64), torch.complex64),
])
def test_data_types(source, dtype):
    assert dl.dlarray(source).data.dtype is dtype


def test_unformatted_keeps_python_shape_and_matlab_size():
    x = dl.dlarray(np.arange(3.))
    assert x.fmt == "" and x.shape == (3,)
    assert dl.size(x) == (3, 1) and dl.ndims(x) == 2
    assert dl.size(dl.dlarray(2.0)) == (1, 1)
    y = dl.dlarray(np.ones((2, 3, 1, 4)))
    assert dl.size(y) == (2, 3, 1, 4) and dl.size(y, 1) == 3 and dl.size(y, 7) == 1
    assert dl.size(y, (0, 3)) == (2, 4)


def test_dims_finddim_stripdims_documented_examples():
    x = dl.dlarray(np.random.randn(6, 5, 4, 3, 2), "SSCBT")
    assert dl.finddim(x, "S") == [0, 1]
    assert dl.finddim(x, "T") == [4]
    assert dl.finddim(x, "U") == []
    assert dl.finddim(dl.dlarray(np.ones(3)), "S") == []
    stripped = dl.stripdims(x)
    assert stripped.fmt == "" and stripped.shape == (6, 5, 4, 3, 2)
    np.testing.assert_array_equal(stripped.asnumpy(), x.asnumpy())
    reordered = dl.stripdims(x, "TBSCS")
    assert reordered.shape == (2, 3, 6, 4, 5)
    np.testing.assert_array_equal(reordered.asnumpy(), x.asnumpy().transpose(4, 3, 0, 2, 1))
    with pytest.raises(ValueError, match="must contain exactly the labels"):
        dl.stripdims(x, "SSCB")
    with pytest.raises(ValueError, match="finddim: the label must be one character"):
        dl.finddim(x, "SC")
    with pytest.raises(TypeError, match="dims: expected a dlarray"):
        dl.dims(np.ones(2))


def test_extractdata_returns_ndarray_in_canonical_order(ctx):
    data = mx.nd.array(np.arange(6.).reshape(2, 3), ctx=ctx)
    x = dl.dlarray(data, "CS")  # stored as 'SC': transposed
    out = dl.extractdata(x)
    assert isinstance(out, mx.nd.NDArray) and out.shape == (3, 2) and out.context == ctx
    np.testing.assert_array_equal(out.asnumpy(), np.arange(6.).reshape(2, 3).T)
    assert x.extractdata().shape == (3, 2)


def test_ndarray_memory_is_shared():
    array = mx.nd.array([[1, 2], [3, 4]])
    x = dl.dlarray(array, "SC")
    array[0, 0] = 9
    assert x.asnumpy()[0, 0] == 9
    out = dl.extractdata(x)
    out[1, 1] = 7
    assert array.asnumpy()[1, 1] == 7


def test_isdlarray_and_underlying_type():
    x = dl.dlarray(np.ones(2, np.float32))
    assert dl.isdlarray(x) and not dl.isdlarray(np.ones(2))
    assert dl.underlyingType(x) == "single"
    assert dl.underlyingType(dl.double(x)) == "double"
    assert dl.underlyingType(dl.logical(x)) == "logical"
    assert dl.underlying_type(dl.half(x)) == "half"
    assert dl.isUnderlyingType(x, "single") and not dl.isUnderlyingType(x, "double")
    assert dl.isUnderlyingType(x, "float") and dl.isUnderlyingType(x, "numeric")
    dl.mustBeUnderlyingType(x, "single", "double")
    with pytest.raises(TypeError, match="must have underlying type 'double'"):
        dl.mustBeUnderlyingType(x, "double")


def test_numel_length_and_size_predicates():
    assert dl.numel(dl.dlarray(np.ones((2, 3)))) == 6
    assert dl.length(dl.dlarray(np.ones((2, 5, 3)))) == 5
    assert dl.length(dl.dlarray(np.ones((0, 3)))) == 0
    column = dl.dlarray(np.ones((3, 1, 1)), "SCB")
    row = dl.dlarray(np.ones((1, 3, 1)), "SCB")
    matrix = dl.dlarray(np.ones((3, 4, 1)), "SCB")
    cube = dl.dlarray(np.ones((1, 1, 3)), "SCB")
    assert dl.iscolumn(column) and not dl.isrow(column) and dl.isvector(column)
    assert dl.isrow(row) and not dl.iscolumn(row) and dl.isvector(row)
    assert dl.ismatrix(matrix) and not dl.isvector(matrix)
    assert not dl.isvector(cube) and not dl.ismatrix(cube)
    assert dl.isscalar(dl.dlarray(3.0)) and not dl.isscalar(column)


def test_display_matches_matlab_layout():
    x = dl.dlarray(np.ones((2, 3, 2)), "SCB")
    text = repr(x)
    assert text.splitlines()[0] == "  2(S) × 3(C) × 2(B) dlarray"
    assert "(:,:,1) =" in text and "(:,:,2) =" in text
    assert "     1     1     1" in text
    assert repr(dl.dlarray(np.array([[0.5, 1.25]]))).splitlines()[2] == "    0.5000    1.2500"
    assert repr(dl.dlarray(np.ones((2, 2)))).splitlines()[0] == "  2×2 dlarray"
    assert str(dl.dlarray([True, False])).splitlines()[2:4] == ["  1", "  0"]


def test_python_protocols():
    x = dl.dlarray([2.5])
    assert float(x) == 2.5 and int(dl.dlarray([3.0])) == 3
    assert bool(dl.dlarray([1.0]))
    with pytest.raises(ValueError, match="ambiguous"):
        bool(dl.dlarray([1.0, 2.0]))
    assert len(dl.dlarray(np.ones((4, 2)))) == 4
    assert np.asarray(dl.dlarray([1.0, 2.0])).tolist() == [1.0, 2.0]
    assert f"{dl.dlarray([2.0]):.2f}" == "2.00"
    assert hash(x) == hash(x)


def test_numpy_data_is_copied_torch_data_is_shared():
    source = np.zeros((2, 2))
    x = dl.dlarray(source, "SC")
    x[0, 0] = 1
    assert source[0, 0] == 0
    tensor = torch.zeros(2, 2)
    y = dl.dlarray(tensor, "SC")
    y[0, 0] = 1
    assert tensor[0, 0] == 1


def test_mx_nd_operators_refuse_dlarrays_clearly():
    with pytest.raises(TypeError, match="mx.nd operators take NDArrays, got a dlarray"):
        mx.nd.relu(dl.dlarray(np.ones(2)))
    np.testing.assert_array_equal(mx.nd.relu(dl.extractdata(dl.dlarray(-np.ones(2)))).asnumpy(), [0.0, 0.0])


def test_unformatted_size_drops_trailing_singletons():
    x = dl.dlarray(np.ones((2, 3, 1, 1)))
    assert dl.size(x) == (2, 3) and dl.ndims(x) == 2 and x.shape == (2, 3, 1, 1)
    assert dl.size(dl.dlarray(np.ones((2, 1, 4, 1)))) == (2, 1, 4)


def test_methods_copy_and_pickle():
    import pickle
    x = dl.dlarray(np.array([[1.0, -2.0], [3.0, 4.0]]), "SC")
    assert dl.isequal(x.sum("all"), dl.sum(x, "all")) and x.abs().asnumpy()[0, 1] == 2.0
    assert x.max().asnumpy().tolist() == [[3.0, 4.0]] and x.dims() == "SC" and x.finddim("C") == [1]
    assert x.ndims() == 2 and x.numel() == 4 and x.num2str() == " 1  -2\n 3   4"
    assert x.stripdims().fmt == "" and x.double().data.dtype is torch.float64
    copy = x.copy()
    copy[0, 0] = 9
    assert x.asnumpy()[0, 0] == 1.0
    restored = pickle.loads(pickle.dumps(dl.dlarray(np.ones((2, 3)), "CB")))
    assert restored.fmt == "CB" and restored.shape == (2, 3)
    assert x.size == 4 and x.ndim == 2 and x.dtype == np.float64 and x.device.type == "cpu"
