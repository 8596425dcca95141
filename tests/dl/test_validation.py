"""validateattributes on dlarrays (spec §9.11)."""
import numpy as np
import pytest

from mxnd import dl


def test_passing_checks():
    x = dl.dlarray(np.arange(1.0, 7.0).reshape(2, 3), "CS")  # checked in canonical order: 3(S) x 2(C)
    dl.validateattributes(x, ["dlarray"], ["size", [3, 2], "positive", "finite", "integer", "2d", "nonempty"])
    dl.validateattributes(x, ["numeric"], ["numel", 6, "nrows", 3, "ncols", 2, ">=", 1, "<", 7, "ndims", 2])
    dl.validateattributes(dl.dlarray(np.array([1.0, 2.0, 5.0])), ["float"], ["increasing", "vector", "column"])
    dl.validateattributes(dl.dlarray(np.array([True, False])), "logical", ["binary"])


@pytest.mark.parametrize("attributes, message", [
    (["negative_typo"], "unknown attribute"),
    (["positive"], "Expected input to be positive."),
    (["integer"], "Expected input to be integer-valued."),
    (["size", [3, None]], "Expected input to be of size 3xN when it is actually size 2x2."),
    ([">", 0], "Expected input to be an array with all of the values > 0."),
    (["row"], "Expected input to be a row vector."),
    (["nonnan"], "Expected input to be nonNaN."),
    (["numel"], "needs a value"),
])
def test_failing_checks(attributes, message):
    x = dl.dlarray(np.array([[-1.5, 2.0], [np.nan, 1.0]]), "SC")
    with pytest.raises(ValueError, match=message.replace(".", r"\.").replace(">", ">")):
        dl.validateattributes(x, ["numeric"], attributes)


def test_class_check_and_names():
    x = dl.dlarray(np.ones(2, np.float32))
    with pytest.raises(TypeError, match="Expected input to be one of these types:\n\ndouble\n\nInstead its type was single"):
        dl.validateattributes(x, ["double"], [])
    with pytest.raises(ValueError, match="myfun: Expected input number 2, weights, to be nonnegative"):
        dl.validateattributes(-x, ["single"], ["nonnegative"], "myfun", "weights", 2)
