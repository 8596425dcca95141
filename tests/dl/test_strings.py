"""num2str, int2str, mat2str, sprintf, fprintf, compose (spec §9.14)."""
import io

import numpy as np
import pytest

from mxnd import dl


def test_num2str():
    assert dl.num2str(dl.dlarray(np.pi)) == "3.1416"
    assert dl.num2str(dl.dlarray(123.456)) == "123.456"
    assert dl.num2str(dl.dlarray(42.0)) == "42"
    assert dl.num2str(dl.dlarray(np.pi), 8) == "3.1415927"
    assert dl.num2str(dl.dlarray(np.array([[1.0, 22.0], [333.0, 4.0]]))) == "  1   22\n333    4"
    assert dl.num2str(dl.dlarray(np.nan)) == "NaN" and dl.num2str(dl.dlarray(-np.inf)) == "-Inf"
    assert dl.num2str(dl.dlarray(2.5), "%5.2f") == " 2.50"


def test_int2str_rounds_half_away_from_zero():
    assert dl.int2str(dl.dlarray(np.array([[2.5, -2.5, 1.4]]))) == " 3  -3   1"


def test_mat2str():
    assert dl.mat2str(dl.dlarray(np.array([[1.0, 2.0], [3.0, 4.5]]))) == "[1 2;3 4.5]"
    assert dl.mat2str(dl.dlarray(np.array(np.pi))) == "3.14159265358979"
    assert dl.mat2str(dl.dlarray(np.array(np.pi)), 4) == "3.142"
    assert dl.mat2str(dl.dlarray(np.array([True, False]))) == "[true;false]"
    with pytest.raises(ValueError, match="mat2str: Input matrix must be 2-D"):
        dl.mat2str(dl.dlarray(np.ones((2, 2, 2))))


def test_sprintf_recycles_the_format_in_column_major_order():
    x = dl.dlarray(np.array([[1.0, 2.0], [3.0, 4.0]]), "SC")
    assert dl.sprintf("%d,", x) == "1,3,2,4,"
    assert dl.sprintf("%d-%d\n", x) == "1-3\n2-4\n"
    assert dl.sprintf("%.2f", dl.dlarray(np.pi)) == "3.14"
    assert dl.sprintf("%d", dl.dlarray(1.5)) == "1.500000e+00"  # MATLAB switches %d to %e
    assert dl.sprintf("value %s: %g", "x", dl.dlarray(0.5)) == "value x: 0.5"
    assert dl.sprintf("100%%") == "100%"
    assert dl.sprintf("%d %d|", dl.dlarray(np.array([1.0, 2.0, 3.0]))) == "1 2|3 "
    assert f"{dl.dlarray(np.pi):.3f}" == "3.142"


def test_fprintf_and_compose():
    buffer = io.StringIO()
    count = dl.fprintf("%d;", dl.dlarray(np.array([1.0, 2.0])), file=buffer)
    assert buffer.getvalue() == "1;2;" and count == 4
    assert dl.compose("%d", dl.dlarray(np.array([[1.0, 2.0, 3.0]]))) == ["1", "2", "3"]
    assert dl.compose("%d and %d", dl.dlarray(np.array([[1.0, 2.0], [3.0, 4.0]]))) == ["1 and 2", "3 and 4"]


def test_display_of_empty_large_complex_and_unformatted_nd():
    assert repr(dl.dlarray(np.ones((0, 3)), "SC")) == "  0(S) × 3(C) empty dlarray\n"
    big = repr(dl.dlarray(np.zeros((100, 100))))
    assert big.splitlines()[0] == "  100×100 dlarray" and "..." in big and len(big) < 2000
    assert repr(dl.dlarray(np.array([1 + 2j, -1.5j]))).splitlines()[2:4] == ["   1.0000 + 2.0000i", "   0.0000 - 1.5000i"]
    pages = repr(dl.dlarray(np.arange(8.).reshape(2, 2, 2, 1)))
    assert pages.splitlines()[0] == "  2×2×2 dlarray" and "(:,:,2) =" in pages
