"""The host memory policy (mxnd.host_memory): freed large buffers are reused without page faults."""
import os
import resource
import subprocess
import sys

import pytest
import torch

from mxnd import host_memory

SIZE = 40 << 20  # above glibc's default mmap threshold (at most 32 MiB): mapped afresh by default


def _minor_faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


@pytest.mark.skipif(not host_memory.TUNED, reason="needs glibc (the tuning is glibc's mallopt)")
def test_a_freed_large_host_buffer_is_reused_without_page_faults():
    faults = []
    for step in range(4):  # a loop making a large output every step, as a training step does
        before = _minor_faults()
        output = torch.empty(SIZE // 4)
        output.fill_(step)
        faults.append(_minor_faults() - before)
        assert float(output[-1]) == step
        del output
    # the heap settles after a step or two; untuned, every step faults all 10,240 pages again
    assert max(faults[-2:]) < 200, faults


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc only")
def test_the_tuning_can_be_turned_off():
    code = "import mxnd; print(mxnd.host_memory.TUNED)"
    glibc = bool(os.confstr("CS_GNU_LIBC_VERSION")) if "CS_GNU_LIBC_VERSION" in os.confstr_names else False
    for value, expected in (("0", "False"), ("1", str(glibc))):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={**os.environ, "MXND_MALLOC_TUNING": value}, check=True)
        assert done.stdout.strip() == expected
