"""dlgradient of the remaining toolbox functions against central differences, in float64."""
import numpy as np
import pytest

from mxnd import dl

from toolbox_helpers import check_gradient

RNG = np.random.default_rng(23)


def positive(*shape):
    return RNG.random(shape) + 0.1


SSIM_REF, DICE_TARGET, MS_REF = RNG.random((6, 5)), (RNG.random((3, 3, 2, 2)) > 0.5) * 1.0, RNG.random((8, 8))


CASES = {
    "instancenorm": (lambda v: dl.instancenorm(v, np.array([0.1, 0.2]), np.array([1.5, 0.5])),
                     RNG.standard_normal((3, 2, 2)), "SCB"),
    "depthToSpace": (lambda v: dl.depthToSpace(v, 2, mode="crd"), RNG.standard_normal((2, 2, 4, 1)), "SSCB"),
    "spaceToDepth": (lambda v: dl.spaceToDepth(v, 2), RNG.standard_normal((4, 2, 1, 1)), "SSCB"),
    "dlresize-nearest": (lambda v: dl.dlresize(v, output_size=(5, 3)), RNG.standard_normal((3, 2, 1)), "SSC"),
    "psnr": (lambda v: dl.psnr(v, np.full((4, 3, 2), 0.5)), positive(4, 3, 2), "SSB"),
    "ssim": (lambda v: dl.ssim(v, SSIM_REF), RNG.random((6, 5)), "SS"),
    "focalCrossEntropy": (lambda v: dl.focalCrossEntropy(dl.softmax(v), np.eye(3)[:, [0, 2]]),
                          RNG.standard_normal((3, 2)), "CB"),
    "generalizedDice": (lambda v: dl.generalizedDice(v, DICE_TARGET),
                        positive(3, 3, 2, 2), "SSCB"),
    "roialign": (lambda v: dl.roialign(v, np.array([[0.5], [0.2], [3.1], [2.7], [0.0]]), (2, 2)),
                 RNG.standard_normal((4, 5, 1, 1)), "SSCB"),
    "dlstft": (lambda v: dl.abs(dl.dlstft(v, window=np.hanning(8), overlap_length=4, fft_length=8)[0]),
               RNG.standard_normal((1, 1, 20)), "CBT"),
    "ctc": (lambda v: dl.ctc(dl.softmax(v), np.array([[1.0, 2.0]]), np.ones((1, 4)), np.ones((1, 2))),
            RNG.standard_normal((3, 1, 4)), "CBT"),
    "multissim": (lambda v: dl.multissim(v, MS_REF, num_scales=2, filter_size=3),
                  RNG.random((8, 8)), "SS"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_gradient(name):
    fn, x, fmt = CASES[name]
    check_gradient(fn, x, fmt, rtol=1e-4, atol=1e-6)
