"""mx.io's image record iterators against MXNet 1.9.1: every case of record_cases.py, whose
reference results tools/make_image_record_fixtures.py recorded in
tests/fixtures/io_image_record/expected.json. Arrays match in dtype, shape and every bit."""
import json

import pytest

import casekit
import mxnd as mx
import record_cases

pytest.importorskip("PIL", reason="image decoding needs Pillow (the image extra)")

EXPECTED = json.loads((record_cases.FIXTURES / "expected.json").read_text())["cases"]


def test_fixture_has_every_case():
    assert sorted(EXPECTED) == sorted(record_cases.CASES)


@pytest.mark.parametrize("name", sorted(record_cases.CASES))
def test_matches_mxnet(name):
    got = record_cases.run(mx, name)
    casekit.assert_same(got, EXPECTED[name], record_cases.TOLERANT.get(name), where=name)


def test_cases_cover_errors_and_every_iterator():
    errors = [name for name, value in EXPECTED.items() if value == [{"error": "MXNetError"}]]
    assert len(errors) >= 15
    text = json.dumps(EXPECTED)
    for dtype in ("float32", "uint8", "int8"):
        assert f'"dtype":"{dtype}"' in text.replace(" ", "")
