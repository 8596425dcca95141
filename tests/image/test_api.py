"""The layout of mx.image in mxnd: each public name of MXNet 1.9.1's image.py (as recorded in the
fixture's ``api`` case, which also compares signatures) is the same object under mx.image,
mx.img and mx.image.image; every augmenter is an Augmenter."""
import json
import pathlib

import pytest

import mxnd as mx

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "mximage" / "transforms.json"
NAMES = json.loads(FIXTURE.read_text())["cases"]["api"]["names"]


@pytest.mark.parametrize("name", NAMES)
def test_each_name_is_exported_from_mx_image_and_mx_img(name):
    assert getattr(mx.image, name) is getattr(mx.image.image, name) is getattr(mx.img, name)


@pytest.mark.parametrize("name", [n for n in NAMES if n.endswith("Aug")])
def test_each_augmenter_is_an_augmenter(name):
    assert issubclass(getattr(mx.image, name), mx.image.Augmenter)


def test_all_lists_exactly_mxnets_names():
    assert sorted(mx.image.image.__all__) == NAMES
