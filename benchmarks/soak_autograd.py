"""Soak: 10,000 record/backward steps on small arrays; memory must stay flat.

Run: python benchmarks/soak_autograd.py [--steps 10000]
Prints the resident set size (RSS) at step 1,000 and at the last step.
"""
import argparse
import os

import mxnd as mx


def rss_mib() -> float:
    """Resident set size of this process in MiB (Linux /proc)."""
    with open(f"/proc/{os.getpid()}/statm") as handle:
        pages = int(handle.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def step(w, x):
    with mx.autograd.record():
        y = (w * x + 1) * w
    y.backward()
    w -= 0.001 * w.grad


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=10_000)
    args = parser.parse_args()
    w = mx.nd.ones((16, 16))
    w.attach_grad()
    x = mx.nd.ones((16, 16)) * 0.5
    marks = {1_000, args.steps}
    readings = {}
    for i in range(1, args.steps + 1):
        step(w, x)
        if i in marks:
            mx.nd.waitall()
            readings[i] = rss_mib()
            print(f"step {i:>6}: RSS {readings[i]:.1f} MiB")
    growth = readings[args.steps] - readings[min(readings)]
    print(f"growth from step {min(readings)} to {args.steps}: {growth:+.1f} MiB")


if __name__ == "__main__":
    main()
