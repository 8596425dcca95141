"""The image family beyond the golden cases: devices, out=, gradients (MXNet 1.9.1's autograd
values), larger resizes checked against MXNet, the statistics of the random operators, and
mxnd's deliberate differences where MXNet leaves its output unwritten."""
import numpy as np
import pytest

import mxnd as mx
from device_numerics import assert_exact_on_host
from gradients import gradient_of
from mxnd.base import MXNetError


def image(*shape, ctx=None, dtype="float32", scale=1.0):
    return mx.nd.array(np.arange(int(np.prod(shape))).reshape(shape) * scale, ctx=ctx, dtype=dtype)


def heads(*shape, ctx=None, dtype="float32"):
    """MXNet's head gradients in the reference runs: 1, 2, 3, ..."""
    return image(*shape, ctx=ctx, dtype=dtype) + 1


# ---- values on every device ---------------------------------------------------------------------

def test_to_tensor_layout_and_scale(ctx):
    out = mx.nd.image.to_tensor(image(2, 2, 3, ctx=ctx, dtype="uint8", scale=20))
    assert out.shape == (3, 2, 2) and out.dtype == np.float32 and out.context == ctx
    expected = (np.arange(12).reshape(2, 2, 3) * 20).transpose(2, 0, 1).astype(np.float32) / np.float32(255)
    assert_exact_on_host(out, expected, ctx)  # CUDA's x / 255.0 is x * (1 / 255): an ulp off
    batch = mx.nd.image.to_tensor(image(2, 2, 2, 3, ctx=ctx, dtype="uint8"))
    assert batch.shape == (2, 3, 2, 2)


def test_normalize_per_channel(ctx):
    # MXNet 1.9.1: normalize(arange(12).reshape(3, 2, 2) * 0.1, mean=(0.1, 0.2, 0.3), std=(0.5, 1, 2))
    out = mx.nd.image.normalize(image(3, 2, 2, ctx=ctx, scale=0.1), mean=(0.1, 0.2, 0.3), std=(0.5, 1, 2))
    expected = (np.arange(12, dtype=np.float32).reshape(3, 2, 2) * np.float32(0.1)
                - np.float32([0.1, 0.2, 0.3]).reshape(3, 1, 1)) / np.float32([0.5, 1, 2]).reshape(3, 1, 1)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6, atol=1e-7)
    assert out.context == ctx


def test_crop_and_flips(ctx):
    img = image(2, 4, 3, ctx=ctx, dtype="uint8")
    assert mx.nd.image.crop(img, 1, 0, 2, 2).asnumpy().tolist() == \
        np.arange(24).reshape(2, 4, 3)[0:2, 1:3].tolist()
    assert mx.nd.image.flip_left_right(img).asnumpy().tolist() == np.arange(24).reshape(2, 4, 3)[:, ::-1].tolist()
    assert mx.nd.image.flip_top_bottom(img).asnumpy().tolist() == np.arange(24).reshape(2, 4, 3)[::-1].tolist()


# MXNet 1.9.1: resize of RandomState(5).uniform(0, 255, (48, 64, 3)) as uint8 to (224, 224):
# (sum, pixel [100, 37], pixel [223, 223], pixel [0, 111]) per interp
BIG_RESIZE = {
    0: (19210021, [68, 40, 160], [27, 235, 194], [216, 131, 113]),
    1: (19165180, [94, 47, 160], [27, 235, 194], [211, 86, 125]),
    2: (19186694, [76, 44, 163], [0, 255, 229], [228, 77, 122]),
    3: (19186261, [68, 40, 160], [27, 235, 194], [216, 131, 113]),
    4: (19180918, [76, 48, 168], [0, 255, 246], [234, 62, 112]),
    5: (19184392, [95, 47, 160], [27, 235, 194], [212, 86, 125]),
}


@pytest.mark.parametrize("interp", sorted(BIG_RESIZE))
def test_resize_uint8_upscale_matches_mxnet(interp, ctx):
    source = np.random.RandomState(5).uniform(0, 255, (48, 64, 3))
    out = mx.nd.image.resize(mx.nd.array(source, ctx=ctx, dtype="uint8"), (224, 224), interp=interp)
    assert out.shape == (224, 224, 3) and out.dtype == np.uint8 and out.context == ctx
    values = out.asnumpy().astype(np.int64)
    total, pixel, corner, top = BIG_RESIZE[interp]
    assert int(values.sum()) == total
    assert values[100, 37].tolist() == pixel and values[223, 223].tolist() == corner
    assert values[0, 111].tolist() == top


# MXNet 1.9.1: resize of a float32 batch (2, 30, 40, 3) drawn after the image above to (17, 45):
# (sum, pixel [1, 20, 9]) per interp
BATCH_RESIZE = {
    0: (595180.3464914411, [213.30633544921875, 11.280839920043945, 218.49899291992188]),
    1: (593085.3087029457, [137.00498962402344, 65.71583557128906, 93.39440155029297]),
    2: (592564.9344227016, [135.97918701171875, 45.808815002441406, 77.14068603515625]),
    3: (591610.07791996, [145.16761779785156, 31.927888870239258, 116.71159362792969]),
    4: (592450.8354853094, [131.51596069335938, 38.94175338745117, 81.45277404785156]),
    5: (593085.3087029457, [137.00498962402344, 65.71583557128906, 93.39440155029297]),
}


@pytest.mark.parametrize("interp", sorted(BATCH_RESIZE))
def test_resize_float_batch_matches_mxnet(interp):
    rng = np.random.RandomState(5)
    rng.uniform(0, 255, (48, 64, 3))
    out = mx.nd.image.resize(mx.nd.array(rng.uniform(0, 255, (2, 30, 40, 3))), (17, 45), interp=interp)
    values = out.asnumpy().astype(np.float64)
    total, pixel = BATCH_RESIZE[interp]
    assert out.shape == (2, 45, 17, 3)
    assert values.sum() == pytest.approx(total, rel=1e-12)
    assert values[1, 20, 9].tolist() == pixel


def test_out_writes_into_the_given_array(ctx):
    img = image(2, 4, 3, ctx=ctx, dtype="uint8")
    out = mx.nd.zeros((2, 2, 3), ctx=ctx, dtype="uint8")
    assert mx.nd.image.crop(img, 1, 0, 2, 2, out=out) is out
    assert out.asnumpy().tolist() == np.arange(24).reshape(2, 4, 3)[:, 1:3].tolist()
    with pytest.raises(MXNetError):
        mx.nd.image.crop(img, 1, 0, 2, 2, out=mx.nd.zeros((2, 2, 3), ctx=ctx))  # float32 out


def test_inputs_are_left_unchanged(ctx):
    img = image(2, 4, 3, ctx=ctx)
    for call in (lambda x: mx.nd.image.flip_left_right(x), lambda x: mx.nd.image.random_brightness(x, 2, 2),
                 lambda x: mx.nd.image.resize(x, (4, 2)), lambda x: mx.nd.image.adjust_lighting(x, alpha=(1, 2, 3))):
        call(img)[:] = -1
        assert img.asnumpy().tolist() == np.arange(24).reshape(2, 4, 3).tolist()


# ---- gradients (MXNet 1.9.1: x.attach_grad(); y.backward(head)) -----------------------------------

def test_normalize_gradient_divides_by_std():
    grads = gradient_of(lambda x: mx.nd.image.normalize(x, mean=(0.5,), std=(0.2, 0.3, 0.7)),
                        image(2, 3, 2, 2), head=image(2, 3, 2, 2) * 0.37)
    assert grads[0].ravel().tolist() == [
        0.0, 1.850000023841858, 3.700000047683716, 5.550000190734863, 4.933333396911621, 6.166666507720947,
        7.399999618530273, 8.633333206176758, 4.22857141494751, 4.757143020629883, 5.285714626312256,
        5.814286231994629, 22.200000762939453, 24.049999237060547, 25.900001525878906, 27.75,
        19.733333587646484, 20.966665267944336, 22.19999885559082, 23.433332443237305, 10.571429252624512,
        11.100000381469727, 11.628572463989258, 12.157143592834473]
    half = gradient_of(lambda x: mx.nd.image.normalize(x, mean=(0.5,), std=(0.3,)), image(3, 2, 2, dtype="float16"),
                       head=(image(3, 2, 2) * 0.37).astype("float16"))
    assert half[0].dtype == np.float16
    assert half[0].ravel().tolist() == [0.0, 1.2333984375, 2.466796875, 3.701171875, 4.93359375, 6.1640625,
                                        7.40234375, 8.6328125, 9.8671875, 11.1015625, 12.328125, 13.5703125]


def test_crop_gradient_scatters_into_zeros():
    x = image(2, 2, 3)
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.image.crop(x, 1, 0, 1, 2)
    y.backward(heads(2, 1, 3))
    assert x.grad.asnumpy().ravel().tolist() == [0, 0, 0, 1, 2, 3, 0, 0, 0, 4, 5, 6]


COPY_GRADIENT_CALLS = {  # MXNet registers _copy: the head comes back unchanged, unflipped and unscaled
    "flip_left_right": lambda x: mx.nd.image.flip_left_right(x),
    "flip_top_bottom": lambda x: mx.nd.image.flip_top_bottom(x),
    "random_flip_left_right": lambda x: mx.nd.image.random_flip_left_right(x),
    "random_brightness": lambda x: mx.nd.image.random_brightness(x, 2, 2),
    "random_hue": lambda x: mx.nd.image.random_hue(x, 0.2, 0.2),
    "random_color_jitter": lambda x: mx.nd.image.random_color_jitter(x, 0.2, 0.2, 0.2, 0.2),
    "random_lighting": lambda x: mx.nd.image.random_lighting(x),
    "adjust_lighting": lambda x: mx.nd.image.adjust_lighting(x, alpha=(1, 2, 3)),
    "resize (same size)": lambda x: mx.nd.image.resize(x, (2, 2)),
}


@pytest.mark.parametrize("call", COPY_GRADIENT_CALLS.values(), ids=COPY_GRADIENT_CALLS.keys())
def test_augmenters_pass_the_gradient_through(call, ctx):
    grads = gradient_of(call, image(2, 2, 3, ctx=ctx), head=heads(2, 2, 3, ctx=ctx))
    assert grads[0].ravel().tolist() == list(range(1, 13))


def test_copy_gradient_needs_the_input_shape():
    # MXNet 1.9.1: to_tensor and resize register _copy, which fails unless the shapes agree
    cube = gradient_of(lambda x: mx.nd.image.to_tensor(x), image(3, 3, 3), head=heads(3, 3, 3))
    assert cube[0].ravel().tolist() == list(range(1, 28))
    for call, shape in ((lambda x: mx.nd.image.to_tensor(x), (3, 2, 2)),
                        (lambda x: mx.nd.image.resize(x, (3, 3)), (3, 3, 3))):
        with pytest.raises(MXNetError, match="_copy"):
            gradient_of(call, image(2, 2, 3), head=heads(*shape))


# ---- random operators ---------------------------------------------------------------------------

def test_random_flip_is_a_fair_coin():
    mx.random.seed(7)
    img = image(2, 2, 1)
    flips = sum(mx.nd.image.random_flip_left_right(img).asnumpy()[0, 0, 0] == 1 for _ in range(400))
    assert 160 < flips < 240
    outcomes = {tuple(mx.nd.image.random_flip_top_bottom(img).asnumpy().ravel()) for _ in range(50)}
    assert outcomes == {(0, 1, 2, 3), (2, 3, 0, 1)}


def test_random_brightness_factor_is_uniform():
    mx.random.seed(3)
    img = mx.nd.ones((1, 1, 1))
    factors = np.array([mx.nd.image.random_brightness(img, 0.5, 1.5).asscalar() for _ in range(500)])
    assert factors.min() >= 0.5 and factors.max() < 1.5
    assert abs(factors.mean() - 1.0) < 0.05 and abs(factors.std() - 1 / np.sqrt(12)) < 0.03


def test_random_lighting_adds_pca_noise_of_the_given_scale():
    mx.random.seed(11)
    img = mx.nd.zeros((1, 1, 3))
    offsets = np.array([mx.nd.image.random_lighting(img, alpha_std=0.1).asnumpy().ravel() for _ in range(400)])
    # red offset = 55.46 * -0.5675 * a_r + 4.794 * 0.7192 * a_g + 1.148 * 0.4009 * a_b with a ~ N(0, 0.1)
    expected_std = 0.1 * np.sqrt((55.46 * 0.5675) ** 2 + (4.794 * 0.7192) ** 2 + (1.148 * 0.4009) ** 2)
    assert abs(offsets[:, 0].mean()) < 0.5 and abs(offsets[:, 0].std() / expected_std - 1) < 0.15


def test_random_operators_repeat_after_seeding():
    img = mx.nd.array(np.random.RandomState(0).uniform(0, 255, (4, 5, 3)), dtype="uint8")

    def draw():
        mx.random.seed(42)
        return [mx.nd.image.random_color_jitter(img, 0.4, 0.4, 0.4, 0.1).asnumpy(),
                mx.nd.image.random_hue(img, 0, 0.5).asnumpy(), mx.nd.image.random_contrast(img, 0, 2).asnumpy()]
    first, second = draw(), draw()
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a, b)
    assert not np.array_equal(first[0], img.asnumpy())


# ---- deliberate differences: MXNet leaves these outputs unwritten --------------------------------

def test_odd_flips_keep_the_middle():
    # MXNet's FlipImpl swaps pairs only: the middle column of an odd width is never written
    img = image(1, 3, 1)
    assert mx.nd.image.flip_left_right(img).asnumpy().ravel().tolist() == [2, 1, 0]


def test_unwritten_outputs_are_copies_of_the_input():
    gray, rgb = image(2, 2, 1, dtype="uint8", scale=30), image(2, 2, 3, dtype="uint8")
    for source, out in ((gray, mx.nd.image.random_hue(gray, 0.1, 0.1)),
                        (gray, mx.nd.image.adjust_lighting(gray, alpha=(0.1, 0.2, 0.3))),
                        (rgb, mx.nd.image.random_color_jitter(rgb, 0, 0, 0, 0))):
        assert out.dtype == np.uint8
        np.testing.assert_array_equal(out.asnumpy(), source.asnumpy())


def test_crop_rejects_negative_corners():
    with pytest.raises(MXNetError, match="x and y must be >= 0"):
        mx.nd.image.crop(image(2, 4, 3), -1, 0, 2, 2)
