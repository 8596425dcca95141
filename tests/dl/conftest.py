"""numpy warnings from the independent reference maths (division by zero) are expected."""
import numpy as np
import pytest


@pytest.fixture(autouse=True)
def _quiet_numpy():
    with np.errstate(divide="ignore", invalid="ignore"):
        yield
