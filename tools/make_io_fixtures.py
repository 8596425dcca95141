"""Write tests/fixtures/io_files/* and record MXNet 1.9.1's batches over them.

Run ONLY in the reference venv: ``/tmp/mxvenv/bin/python tools/make_io_fixtures.py``.

Inputs (small, deterministic): CSV files (``rows7.csv`` 7 rows of 3, ``labels7.csv``,
``pairs7.csv``, ``labels3.csv``, ``blank.csv``, odd numbers in ``odd.csv`` / ``exp.csv``, odd
fields in ``fields.csv``, a folder ``csv_dir``), LibSVM files (``data.t``, ``label.t``,
``odd.t``) and MNIST idx files (25 images of 4x4, ``short-idx3-ubyte`` a cut header).
``expected.json``: ``tests/io_files/file_iter_cases.py`` run on MXNet.
"""
import json
import os
import struct
import subprocess
import sys

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
HERE = os.path.join(ROOT, "tests", "fixtures", "io_files")
sys.path.insert(0, os.path.join(ROOT, "tests"))
from io_files import file_iter_cases  # noqa: E402

TEXT_FILES = {
    "rows7.csv": "".join(f"{i + 1},{i + 2}.5,{-i}\n" for i in range(7)),
    "labels7.csv": "".join(f"{i * 10}\n" for i in range(7)),
    "pairs7.csv": "".join(f"{i},{i * i}\n" for i in range(7)),
    "labels3.csv": "1\n2\n3",
    "blank.csv": "\n\n\r\n",
    "odd.csv": "1.1,0.3,16777217,1e-45, 3.4e38 ,1.5abc,-,.,e5, ,-0,inf,nan,1e39,"
               "1.23456789012345678901234,123456789012345678901234\n",
    "exp.csv": "1.000000000000000000e+00,-2.500000000000000000e-01,3.141592653589793116e+00,"
               "1e-38,7E+3,0.1f,-INFINITY,NaN(x1)\n"
               "9.999999e37,1.17549435e-38,2.2250738585072014e-308,0.000001,1e10,123.456e-2,+.5e1,5e+0f\n",
    "fields.csv": "\ufeff1,2,3\r\n4,,5,6\n\n7, 8,9\n010,0x1F,-0\n 1 ,2x,3.9\n1,2,  \n3,4,5\r\r\n",
    "ints.csv": "1.5,-7,+3,0x10,017,9223372036854775808,-9223372036854775809,4294967297, 12 ,abc,-\n",
    "data.t": "1.0 0:0.5 2:1.2\n-2.0\n-3.0 0:0.6 1:2.4 2:1.2\n4 2:-1.2\n5 1:3e-1\n",
    "label.t": "1.0\n-2.0 0:0.125\n-3.0 2:1.2\n4 1:1.0 2:-1.2\n6 0:1 1:2 2:3\n",
    "odd.t": "# a comment line\n1 0:1.5 3:2.5 # trailing\n\n2\t1:1e2\t4:-3.25\r\n"
             "3 qid:7 5:0.125\n-1:0.5 2:8\n  +4 9:1E-3 0:7\n5 1:.5 2:5.\n",
}
CSV_DIR = {"a.csv": "1,2\n3,4\n5,6\n", "b.csv": "7,8\n9,10"}


def write_inputs():
    os.makedirs(os.path.join(HERE, "csv_dir"), exist_ok=True)
    for name, text in TEXT_FILES.items():
        with open(os.path.join(HERE, name), "wb") as stream:
            stream.write(text.encode("utf-8"))
    for name, text in CSV_DIR.items():
        with open(os.path.join(HERE, "csv_dir", name), "wb") as stream:
            stream.write(text.encode())
    rng = np.random.RandomState(11)
    count, rows, cols = 25, 4, 4
    pixels = rng.randint(0, 256, (count, rows, cols)).astype(np.uint8)
    labels = np.arange(count, dtype=np.uint8)  # the label says which image it is
    with open(os.path.join(HERE, "images-idx3-ubyte"), "wb") as stream:
        stream.write(struct.pack(">iiii", 2051, count, rows, cols) + pixels.tobytes())
    with open(os.path.join(HERE, "labels-idx1-ubyte"), "wb") as stream:
        stream.write(struct.pack(">ii", 2049, count) + labels.tobytes())
    with open(os.path.join(HERE, "short-idx3-ubyte"), "wb") as stream:
        stream.write(struct.pack(">ii", 2051, count))


def run_case(name):
    """Print one case's result (each case runs in its own process: MXNet can abort on exit after
    an error in its prefetch thread)."""
    import mxnet

    print(json.dumps(file_iter_cases.run(mxnet, HERE, name)), flush=True)
    os._exit(0)  # skip freeing the iterators


def main():
    write_inputs()
    expected = {}
    for name in sorted(file_iter_cases.CASES):
        for _ in range(40):  # MXNet's LibSVMIter segfaults now and then (a race in its threads)
            done = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True)
            lines = done.stdout.strip().splitlines()
            if lines:
                break
        if not lines:
            sys.exit(f"{name} failed:\n{done.stderr[-2000:]}")
        expected[name] = json.loads(lines[-1])
    with open(os.path.join(HERE, "expected.json"), "w") as stream:
        json.dump(expected, stream, sort_keys=True)
        stream.write("\n")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        run_case(sys.argv[1])
    else:
        main()
