"""mx.image against MXNet 1.9.1: the cases of transform_cases.py (functions and augmenters) and
iter_cases.py (ImageIter over image folders, .lst and RecordIO sources, every last_batch_handle,
shuffling, partitions, augmentation), whose reference results tools/make_image_fixtures.py
recorded in tests/fixtures/mximage/<name>.json.

Arrays must match in dtype, shape and every bit, except in the cases of a module's TOLERANT
(the rotations, whose bilinear sampling rounds differently in the last bits).
"""
import json
import pathlib

import pytest

import casekit
import iter_cases
import mxnd as mx
import transform_cases

pytest.importorskip("PIL", reason="image decoding needs Pillow (the image extra)")

FIXTURES = pathlib.Path(__file__).parents[1] / "fixtures" / "mximage"
MODULES = {"transforms": transform_cases, "iter": iter_cases}
EXPECTED = {name: json.loads((FIXTURES / f"{name}.json").read_text())["cases"] for name in MODULES}


@pytest.mark.parametrize("fixture", sorted(MODULES))
def test_fixture_has_every_case(fixture):
    assert sorted(EXPECTED[fixture]) == sorted(MODULES[fixture].CASES)


@pytest.mark.parametrize("fixture, name", [(fixture, name) for fixture, module in sorted(MODULES.items())
                                           for name in sorted(module.CASES)])
def test_matches_mxnet(fixture, name):
    module = MODULES[fixture]
    tolerance = getattr(module, "TOLERANT", {}).get(name)
    casekit.assert_same(module.run(mx, name), EXPECTED[fixture][name], tolerance, where=name)
