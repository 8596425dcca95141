"""Device failures as MXNet reports them: out of memory and errors of asynchronous device work
raise MXNetError naming the call, and the process stays usable (issue 12).

Out of memory is real on every context (4 TiB fits neither the host nor an H200); a CUDA error
left by asynchronous work is faked on the host (torch.cuda.synchronize patched) and provoked for
real on a GPU, in a child process, since a device-side assert leaves the CUDA context unusable.
"""
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

import mxnd as mx
from mxnd.base import MXNetError
from mxnd.errors import device_errors

needs_gpu = pytest.mark.skipif(mx.context.num_gpus() == 0, reason="needs a CUDA GPU")
HUGE = 1 << 40  # elements: 4 TiB of float32

ALLOCATIONS = {
    "zeros": lambda ctx: mx.nd.zeros((HUGE,), ctx=ctx),
    "ones": lambda ctx: mx.nd.ones((HUGE,), ctx=ctx),
    "full": lambda ctx: mx.nd.full((HUGE,), 2.0, ctx=ctx),
    "arange": lambda ctx: mx.nd.arange(0, HUGE, ctx=ctx),
    "linspace": lambda ctx: mx.nd.linspace(0, 1, HUGE, ctx=ctx),
    "eye": lambda ctx: mx.nd.eye(1 << 21, ctx=ctx),
    "broadcast_to": lambda ctx: mx.nd.ones((1, 1), ctx=ctx).broadcast_to((1 << 20, 1 << 20)),
    "_random_uniform": lambda ctx: mx.nd.random.uniform(shape=(HUGE,), ctx=ctx),
    "repeat": lambda ctx: mx.nd.repeat(mx.nd.ones((2,), ctx=ctx), repeats=HUGE),
}


@pytest.mark.parametrize("name", sorted(ALLOCATIONS))
def test_out_of_memory_raises_mxneterror_and_the_process_stays_usable(name, ctx):
    kept = mx.nd.array([1, 2, 3], ctx=ctx)
    with pytest.raises(MXNetError) as error:
        ALLOCATIONS[name](ctx)
    assert str(error.value).startswith(f"{name}: ")
    assert "allocate" in str(error.value) or "out of memory" in str(error.value)
    assert kept.asnumpy().tolist() == [1, 2, 3]  # arrays intact, the device still works
    assert (kept * 2).asnumpy().tolist() == [2, 4, 6]
    assert mx.nd.ones((2, 2), ctx=ctx).sum().asscalar() == 4


def test_device_errors_translates_runtime_and_memory_errors_only():
    for raised in (RuntimeError("CUDA error: an illegal memory access was encountered\nmore"),
                   torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 4.00 TiB"), MemoryError()):
        with pytest.raises(MXNetError) as error:
            with device_errors("copyto"):
                raise raised
        assert error.value.__cause__ is raised
        assert str(error.value) == "copyto: " + (str(raised).splitlines()[0] if str(raised) else "MemoryError")
    original = MXNetError("zeros: cannot create")
    for kept in (original, ValueError("bad"), TypeError("bad")):
        with pytest.raises(type(kept)) as error:
            with device_errors("copyto"):
                raise kept
        assert error.value is kept


def _failing_synchronize(device=None):
    error = getattr(torch, "AcceleratorError", RuntimeError)  # torch >= 2.8 raises this subclass
    raise error("CUDA error: device-side assert triggered\nCUDA kernel errors might be asynchronously reported ...")


def test_an_error_of_asynchronous_device_work_surfaces_as_mxneterror(monkeypatch):
    monkeypatch.setattr(torch.cuda, "synchronize", _failing_synchronize)
    with pytest.raises(MXNetError, match=r"^wait_to_read: CUDA error: device-side assert triggered$"):
        mx.context.synchronize(0, "wait_to_read")
    monkeypatch.setattr(torch.cuda, "is_initialized", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    with pytest.raises(MXNetError, match=r"^waitall: CUDA error: device-side assert triggered$"):
        mx.nd.waitall()


def test_waitall_and_wait_to_read_on_the_host_return_at_once(ctx):
    x = mx.nd.arange(6, ctx=ctx)
    assert x.wait_to_read() is None and mx.nd.waitall() is None
    assert mx.nd.array([[1, 0]], ctx=ctx).tostype("csr").wait_to_read() is None


# ---- GPU only --------------------------------------------------------------------------------

_DEVICE_ASSERT = textwrap.dedent("""
    import torch, mxnd as mx
    from mxnd.base import MXNetError
    x = mx.nd.arange(4, ctx=mx.gpu(0))
    bad = torch.tensor([9], device="cuda")  # out of range: the gather kernel asserts on the device
    result = x.handle.index_select(0, bad)  # launched asynchronously; the error shows on sync
    for name, read in (("wait_to_read", x.wait_to_read), ("waitall", mx.nd.waitall), ("asnumpy", x.asnumpy)):
        try:
            read()
            print(name, "returned")
        except MXNetError as error:
            print(name, "MXNetError", str(error).splitlines()[0])
""")


@pytest.mark.gpu
@needs_gpu
def test_a_device_side_assert_surfaces_as_mxneterror_where_the_result_is_read():
    child = subprocess.run([sys.executable, "-c", _DEVICE_ASSERT], capture_output=True, text=True, timeout=120)
    lines = child.stdout.splitlines()
    assert [line.split(" ")[:2] for line in lines] == [
        ["wait_to_read", "MXNetError"], ["waitall", "MXNetError"], ["asnumpy", "MXNetError"]], child.stderr
    assert "CUDA error" in lines[0] or "device-side assert" in lines[0]


@pytest.mark.gpu
@needs_gpu
def test_cpu_pinned_gives_page_locked_host_memory():
    made = [mx.nd.ones((2, 3), ctx=mx.cpu_pinned()), mx.nd.zeros((2,), ctx=mx.cpu_pinned()),
            mx.nd.array([1, 2], ctx=mx.cpu_pinned()), mx.nd.ones((2,), ctx=mx.gpu(0)).copyto(mx.cpu_pinned()),
            mx.nd.ones((2,)).as_in_context(mx.cpu_pinned())]
    for array in made:
        assert array.context == mx.cpu_pinned(0)
        assert array.handle.device.type == "cpu" and array.handle.is_pinned()
    assert not mx.nd.ones((2,)).handle.is_pinned()
    assert made[3].asnumpy().tolist() == [1, 1]


@pytest.mark.gpu
@needs_gpu
def test_the_gpu_as_default_context_and_arrays_moved_both_ways():
    with mx.gpu(0):
        x = mx.nd.ones((2, 2))
        y = mx.nd.arange(4).reshape((2, 2))
    assert x.context == y.context == mx.gpu(0) and x.handle.is_cuda
    assert mx.nd.ones((1,)).context == mx.cpu(0)
    moved = (x + y).as_in_context(mx.cpu())
    assert moved.context == mx.cpu(0) and moved.asnumpy().tolist() == [[1, 2], [3, 4]]
    back = moved.copyto(mx.gpu(0))
    assert back.context == mx.gpu(0) and back.dtype is np.float32


@pytest.mark.gpu
@needs_gpu
def test_params_saved_from_the_gpu_load_on_the_gpu_and_on_the_host(tmp_path):
    path = str(tmp_path / "net.params")
    weights = {"w": mx.nd.arange(6, ctx=mx.gpu(0)).reshape((2, 3)),
               "b": mx.nd.array([1, 0, 2], ctx=mx.gpu(0)).tostype("row_sparse")}
    mx.nd.save(path, weights)
    loaded = mx.nd.load(path)
    assert loaded["w"].context == mx.gpu(0) and loaded["w"].asnumpy().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert loaded["b"].stype == "row_sparse" and loaded["b"].asnumpy().tolist() == [1, 0, 2]
    on_host = {name: array.as_in_context(mx.cpu()) for name, array in loaded.items()}
    assert on_host["w"].context == mx.cpu(0) and on_host["b"].context == mx.cpu(0)
    assert on_host["b"].asnumpy().tolist() == [1, 0, 2]
