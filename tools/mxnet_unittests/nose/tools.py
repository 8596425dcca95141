"""nose.tools' names that MXNet 1.9.1's tests use, on unittest and plain asserts."""
import functools
import unittest

_CASE = unittest.TestCase()
assert_raises = _CASE.assertRaises
assert_equal = _CASE.assertEqual
assert_true = _CASE.assertTrue
assert_false = _CASE.assertFalse


def ok_(expr, msg=None):
    assert expr, msg


def eq_(a, b, msg=None):
    assert a == b, msg or "%r != %r" % (a, b)


def make_decorator(func):
    """Give the decorated function ``func``'s name and docstring."""
    def decorate(newfunc):
        return functools.wraps(func)(newfunc)
    return decorate


def raises(*exceptions):
    """The test passes only if it raises one of ``exceptions``."""
    def decorate(func):
        @functools.wraps(func)
        def newfunc(*args, **kwargs):
            try:
                func(*args, **kwargs)
            except exceptions:
                return
            raise AssertionError("%s did not raise %s" % (func.__name__, exceptions))
        return newfunc
    return decorate
