"""The host memory policy (mxnd.host_memory): freed large buffers are reused without page faults."""
import os
import subprocess
import sys

import pytest

from mxnd import host_memory

SIZE = 40 << 20  # above glibc's default mmap threshold (at most 32 MiB): mapped afresh by default


_LOOP = f"""
import resource, torch, mxnd
faults = []
for step in range(32):  # a loop making a large output every step, as a training step does
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    output = torch.empty({SIZE // 4})
    output.fill_(step)
    faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
    assert float(output[-1]) == step
    del output
print(faults)
"""


@pytest.mark.skipif(not host_memory.TUNED, reason="needs glibc (the tuning is glibc's mallopt)")
def test_a_freed_large_host_buffer_is_reused_without_page_faults():
    """In a fresh interpreter (the heap of a long test run has other free blocks in the way): the
    heap settles within a few steps (4 to 9 here, varying with what the imports left on the heap:
    torch's 64-byte aligned request is a little larger than the block it freed, so each step until
    then leaves one more free block behind); untuned, every step faults all 10,240 pages again."""
    done = subprocess.run([sys.executable, "-c", _LOOP], capture_output=True, text=True, check=True)
    faults = eval(done.stdout.strip())  # noqa: S307 - a list of ints printed by the child
    assert max(faults[-16:]) < 200, faults  # steps 16 to 31: well after the heap settled


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc only")
def test_the_tuning_can_be_turned_off():
    code = "import mxnd; print(mxnd.host_memory.TUNED)"
    glibc = bool(os.confstr("CS_GNU_LIBC_VERSION")) if "CS_GNU_LIBC_VERSION" in os.confstr_names else False
    for value, expected in (("0", "False"), ("1", str(glibc))):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={**os.environ, "MXND_MALLOC_TUNING": value}, check=True)
        assert done.stdout.strip() == expected
