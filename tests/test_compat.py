"""mxnd.compat and ``python -m mxnd.run``: unmodified ``import mxnet as mx`` scripts run on mxnd."""
import subprocess
import sys
import textwrap

import pytest

import mxnd
from mxnd import compat

LEGACY = textwrap.dedent("""
    import sys
    import mxnet as mx
    from mxnet import nd, autograd
    import mxnet.ndarray as legacy
    x = nd.array([1, 2, 3]); x.attach_grad()
    with autograd.record():
        y = (x * x).sum()
    y.backward()
    print(mx.__name__, legacy.NDArray is mx.nd.NDArray, x.grad.asnumpy().tolist(), sys.argv[1:])
""")


@pytest.fixture
def alias():
    compat.install()
    yield
    compat.uninstall()


def test_import_mxnet_gives_mxnd(alias):
    import mxnet
    import mxnet.autograd
    from mxnet import nd
    assert mxnet is mxnd and nd is mxnd.nd and mxnet.autograd is mxnd.autograd
    assert compat.installed()


def test_uninstall_removes_the_alias():
    compat.install()
    compat.uninstall()
    assert not compat.installed() and "mxnet" not in sys.modules
    with pytest.raises(ImportError):
        __import__("mxnet_does_not_exist")


def test_install_refuses_a_real_mxnet(monkeypatch):
    monkeypatch.setitem(sys.modules, "mxnet", object())
    with pytest.raises(ImportError, match="real 'mxnet'"):
        compat.install()


def test_missing_submodule_still_fails(alias):
    with pytest.raises(ImportError):
        __import__("mxnet.no_such_module")


def test_run_script_with_arguments(tmp_path):
    script = tmp_path / "legacy.py"
    script.write_text(LEGACY)
    done = subprocess.run([sys.executable, "-m", "mxnd.run", str(script), "a", "b"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "mxnd True [2.0, 4.0, 6.0] ['a', 'b']"


def test_run_without_arguments_prints_usage():
    done = subprocess.run([sys.executable, "-m", "mxnd.run"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "python -m mxnd.run script.py" in done.stdout
