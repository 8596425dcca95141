"""Record MXNet 1.9.1's results for the mx.image tests: tests/fixtures/mximage/<module>.json.

Run ONLY in the reference venv: ``/tmp/mxvenv/bin/python tools/make_image_fixtures.py``.
The cases live in tests/image/transform_cases.py (functions and augmenters) and
tests/image/iter_cases.py (ImageIter); each takes the ``mx`` module and returns JSON data, so the
same code runs under MXNet here and under mxnd in tests/image/test_*.py, which compare the two.
``--only NAME`` prints one case instead of writing the files.
"""
import json
import logging
import os
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
CASE_DIR = os.path.join(HERE, "..", "tests", "image")
OUT_DIR = os.path.join(HERE, "..", "tests", "fixtures", "mximage")
MODULES = {"transforms": "transform_cases", "iter": "iter_cases"}


def main(argv):
    import mxnet

    sys.path.insert(0, CASE_DIR)
    warnings.simplefilter("ignore")
    logging.disable(logging.CRITICAL)
    only = argv[argv.index("--only") + 1] if "--only" in argv else None
    os.makedirs(OUT_DIR, exist_ok=True)
    for fixture, module_name in MODULES.items():
        cases = __import__(module_name)
        if only is not None:
            if only in cases.CASES:
                print(json.dumps(cases.run(mxnet, only), indent=1))
            continue
        expected = {name: cases.run(mxnet, name) for name in cases.CASES}
        about = (f"MXNet {mxnet.__version__}'s results for tests/image/{module_name}.py "
                 "(tools/make_image_fixtures.py)")
        with open(os.path.join(OUT_DIR, fixture + ".json"), "w") as handle:
            json.dump({"about": about, "cases": expected}, handle, sort_keys=True, separators=(",", ":"))
            handle.write("\n")
        print(f"{fixture}.json: {len(expected)} cases")


if __name__ == "__main__":
    main(sys.argv[1:])
