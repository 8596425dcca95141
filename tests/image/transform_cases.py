"""mx.image functions and augmenters on small fixed images with fixed seeds: run on mxnd by
test_against_mxnet.py and on MXNet 1.9.1 by tools/make_image_fixtures.py
(tests/fixtures/mximage/transforms.json holds MXNet's results).

Each case takes the ``mx`` module and returns JSON data (see casekit).
"""
import inspect
import os
import random

import numpy as np

from casekit import encode, new_folder, outcome, pixels, png_bytes, run_case, seed, with_warnings

WIDE = pixels(12, 16)      # landscape, (H, W, C) = (12, 16, 3)
TALL = pixels(16, 12, 1)   # portrait
SMALL = pixels(6, 8, 2)    # for the augmenters and rotations: small fixtures
EIGVAL = np.array([55.46, 4.794, 1.148])
EIGVEC = np.array([[-0.5675, 0.7192, 0.4009], [-0.5808, -0.0045, -0.8140], [-0.5836, -0.6948, 0.4203]])


def _image(mx, array=WIDE, dtype="uint8"):
    return mx.nd.array(array, dtype=dtype)


# ---- decoding ---------------------------------------------------------------------------

def case_imdecode(mx):
    data = png_bytes(WIDE)
    out = mx.nd.zeros((12, 16, 3), dtype="uint8")
    returned = mx.image.imdecode(data, out=out)
    return {
        "bytes": encode(mx.image.imdecode(data)),
        "bytearray": encode(mx.image.imdecode(bytearray(data))),
        "numpy": encode(mx.image.imdecode(np.frombuffer(data, np.uint8))),
        "ndarray": encode(mx.image.imdecode(mx.nd.array(np.frombuffer(data, np.uint8), dtype="uint8"))),
        "gray": encode(mx.image.imdecode(data, flag=0)),
        "bgr": encode(mx.image.imdecode(data, to_rgb=0)),
        "positional": encode(mx.image.imdecode(data, 0, 0)),
        "out": [encode(out), returned is out],
        "gray_png": encode(mx.image.imdecode(png_bytes(WIDE[:, :, :1]))),
    }


def case_imdecode_errors(mx):
    return {"str": outcome(mx.image.imdecode, "not bytes"),
            "list": outcome(mx.image.imdecode, [1, 2]),
            "garbage": outcome(mx.image.imdecode, b"not an image")}


def case_imread(mx):
    folder = new_folder()
    path = os.path.join(folder, "tall.png")
    with open(path, "wb") as handle:
        handle.write(png_bytes(TALL))
    return {"rgb": encode(mx.image.imread(path)), "gray": encode(mx.image.imread(path, flag=0)),
            "bgr": encode(mx.image.imread(path, to_rgb=False)),
            "missing": outcome(mx.image.imread, os.path.join(folder, "missing.png"))["error"]}


# ---- resizing, padding, cropping ---------------------------------------------------------

def case_imresize(mx, dtype, interp):
    image = _image(mx, dtype=dtype)
    return {"down": encode(mx.image.imresize(image, 7, 5, interp=interp)),
            "up": encode(mx.image.imresize(image, 20, 15, interp)),
            "mixed": encode(mx.image.imresize(image, 20, 6, interp=interp))}


def case_copy_make_border(mx, border_type):
    image = _image(mx, WIDE[:4, :5])
    return {"plain": encode(mx.image.copyMakeBorder(image, 1, 2, 3, 4, type=border_type)),
            "values": encode(mx.image.copyMakeBorder(image, 2, 0, 1, 1, type=border_type, values=(7, 8, 9))),
            "value": encode(mx.image.copyMakeBorder(image.astype("float32"), 1, 1, 1, 1, border_type, 5.5))}


def case_scale_down(mx):
    pairs = [((640, 480), (720, 120)), ((640, 480), (100, 900)), ((16, 12), (8, 8)), ((16, 12), (32, 24)),
             ((5, 5), (7, 3)), ((10, 3), (4, 6))]
    return [mx.image.scale_down(src, size) for src, size in pairs]


def case_get_interp_method(mx):
    pick = mx.image.image._get_interp_method
    seed(4)
    return {"auto": [pick(9, sizes) for sizes in ((4, 4, 8, 8), (4, 4, 2, 2), (4, 4, 8, 2), (4, 4, 4, 4))]
            + [pick(9)], "fixed": [pick(i) for i in range(5)], "random": [pick(10) for _ in range(8)],
            "unknown": outcome(pick, 7)}


def case_resize_short(mx, interp):
    seed(5)
    return {"wide_down": encode(mx.image.resize_short(_image(mx), 6, interp)),
            "wide_up": encode(mx.image.resize_short(_image(mx), 18, interp)),
            "tall": encode(mx.image.resize_short(_image(mx, TALL), 5, interp=interp)),
            "float": encode(mx.image.resize_short(_image(mx, dtype="float32"), 9, interp))}


def case_fixed_crop(mx):
    image = _image(mx)
    return {"plain": encode(mx.image.fixed_crop(image, 2, 3, 5, 4)),
            "same_size": encode(mx.image.fixed_crop(image, 2, 3, 5, 4, size=(5, 4))),
            "resized": encode(mx.image.fixed_crop(image, 1, 0, 8, 6, size=(4, 3))),
            "auto_up": encode(mx.image.fixed_crop(image, 1, 0, 8, 6, (10, 9), 9)),
            "float": encode(mx.image.fixed_crop(image.astype("float32"), 0, 0, 16, 12, (6, 5), 1))}


def case_random_crop(mx):
    seed(6)
    crops = [outcome(mx.image.random_crop, _image(mx), size) for size in ((5, 4), (16, 12), (20, 8), (3, 9))]
    crops.append(outcome(mx.image.random_crop, _image(mx, TALL), (4, 4), 10))
    return crops


def case_center_crop(mx):
    return [outcome(mx.image.center_crop, _image(mx, array), size, interp)
            for array in (WIDE, TALL) for size, interp in (((5, 4), 2), ((7, 7), 1), ((32, 10), 9), ((16, 12), 2))]


def case_random_size_crop(mx):
    seed(7)
    image = _image(mx)
    results = [outcome(mx.image.random_size_crop, image, (6, 6), 0.3, (0.75, 1.33)) for _ in range(3)]
    results += [outcome(mx.image.random_size_crop, image, (5, 4), (0.1, 0.5), (0.5, 2.0), 1) for _ in range(3)]
    results.append(outcome(mx.image.random_size_crop, image, (4, 4), (0.9, 1.0), (5.0, 6.0)))  # center fallback
    results.append(with_warnings(mx.image.random_size_crop, image, (4, 4), 0.5, (1.0, 1.0), min_area=0.2))
    results.append(outcome(mx.image.random_size_crop, image, (4, 4), 0.5, (1.0, 1.0), bogus=1))
    results.append(outcome(mx.image.random_size_crop, image, (4, 4), np.float32(0.5), (1.0, 1.0)))
    return results


def case_color_normalize(mx):
    image = _image(mx, dtype="float32")
    mean, std = mx.nd.array([123.68, 116.28, 103.53]), mx.nd.array([58.395, 57.12, 57.375])
    both = mx.image.color_normalize(image.copy(), mean, std)
    in_place = image.copy()
    returned = mx.image.color_normalize(in_place, mean)
    return {"both": encode(both), "mean": encode(in_place), "same_object": returned is in_place,
            "std_only": encode(mx.image.color_normalize(image.copy(), None, std)),
            "scalar_mean": encode(mx.image.color_normalize(image.copy(), mx.nd.array([100.0]), mx.nd.array([3.0])))}


# ---- rotation (compared with a tolerance: float32 sin/cos/arctan may differ in the last bit) ------

def case_imrotate(mx):
    chw = mx.nd.array(SMALL.transpose(2, 0, 1), dtype="float32")
    batch = mx.nd.stack(chw, chw * 0.5)
    return {"single": encode(mx.image.imrotate(chw, 30)),
            "zoom_in": encode(mx.image.imrotate(chw, -45, zoom_in=True)),
            "zoom_out": encode(mx.image.imrotate(chw, 100, zoom_out=True)),
            "batch_scalar": encode(mx.image.imrotate(batch, 15)),
            "batch_angles": encode(mx.image.imrotate(batch, mx.nd.array([20, -70]), zoom_out=True)),
            "batch_zoom_in": encode(mx.image.imrotate(batch, mx.nd.array([200, 5]), zoom_in=True))}


def case_imrotate_errors(mx):
    chw = mx.nd.ones((3, 4, 4))
    return {"both_zooms": outcome(mx.image.imrotate, chw, 10, zoom_in=True, zoom_out=True),
            "uint8": outcome(mx.image.imrotate, chw.astype("uint8"), 10),
            "float64": outcome(mx.image.imrotate, chw.astype("float64"), 10),
            "vector_for_one": outcome(mx.image.imrotate, chw, mx.nd.array([10])),
            "2d": outcome(mx.image.imrotate, mx.nd.ones((4, 4)), 10),
            "count": outcome(mx.image.imrotate, mx.nd.ones((2, 3, 4, 4)), mx.nd.array([1, 2, 3]))}


def case_random_rotate(mx):
    chw = mx.nd.array(SMALL.transpose(2, 0, 1), dtype="float32")
    seed(8)
    single = mx.image.random_rotate(chw, (-30, 30))
    batch = mx.image.random_rotate(mx.nd.stack(chw, chw, chw), (0, 90), zoom_in=True)
    return {"single": encode(single), "batch": encode(batch), "next_draw": np.random.uniform()}


# ---- augmenters -------------------------------------------------------------------------------

def _run_augmenter(mx, aug, source, times=3, seed_value=11):
    """``times`` applications to copies of ``source`` after one seeding, and the next draws."""
    seed(seed_value)
    outputs = [outcome(aug, source.copy()) for _ in range(times)]
    return {"outputs": outputs, "dumps": outcome(aug.dumps), "next_random": [random.random(), np.random.uniform()]}


AUGMENTERS = {
    "resize": (lambda mx: mx.image.ResizeAug(4), "uint8"),
    "resize_tall_auto": (lambda mx: mx.image.ResizeAug(10, 9), "uint8"),
    "force_resize": (lambda mx: mx.image.ForceResizeAug((5, 3)), "uint8"),
    "force_resize_random": (lambda mx: mx.image.ForceResizeAug((10, 12), interp=10), "uint8"),
    "random_crop": (lambda mx: mx.image.RandomCropAug((5, 4)), "uint8"),
    "random_crop_up": (lambda mx: mx.image.RandomCropAug((10, 10), 1), "float32"),
    "random_sized_crop": (lambda mx: mx.image.RandomSizedCropAug((4, 4), 0.08, (0.75, 1.333)), "uint8"),
    "random_sized_crop_tuple": (lambda mx: mx.image.RandomSizedCropAug((4, 6), (0.3, 0.6), (0.5, 2), 9), "float32"),
    "center_crop": (lambda mx: mx.image.CenterCropAug((3, 7)), "uint8"),
    "brightness": (lambda mx: mx.image.BrightnessJitterAug(0.4), "float32"),
    "brightness_uint8": (lambda mx: mx.image.BrightnessJitterAug(0.4), "uint8"),
    "contrast": (lambda mx: mx.image.ContrastJitterAug(0.4), "float32"),
    "contrast_uint8": (lambda mx: mx.image.ContrastJitterAug(0.4), "uint8"),
    "saturation": (lambda mx: mx.image.SaturationJitterAug(0.4), "float32"),
    "hue": (lambda mx: mx.image.HueJitterAug(0.3), "float32"),
    "hue_uint8": (lambda mx: mx.image.HueJitterAug(0.3), "uint8"),
    "color_jitter": (lambda mx: mx.image.ColorJitterAug(0.3, 0.2, 0.1), "float32"),
    "color_jitter_one": (lambda mx: mx.image.ColorJitterAug(0, 0.2, 0), "float32"),
    "lighting": (lambda mx: mx.image.LightingAug(0.1, EIGVAL, EIGVEC), "float32"),
    "lighting_lists": (lambda mx: mx.image.LightingAug(0.5, EIGVAL.tolist(), EIGVEC), "float32"),
    "color_normalize": (lambda mx: mx.image.ColorNormalizeAug(mx.nd.array([120.0, 110.0, 100.0]),
                                                              np.array([50.0, 60.0, 70.0])), "float32"),
    "color_normalize_lists": (lambda mx: mx.image.ColorNormalizeAug([1.5, 2.5, 3.5], None), "float32"),
    "color_normalize_uint8": (lambda mx: mx.image.ColorNormalizeAug([1.5, 2.5, 3.5], None), "uint8"),
    "random_gray": (lambda mx: mx.image.RandomGrayAug(0.5), "float32"),
    "random_gray_uint8": (lambda mx: mx.image.RandomGrayAug(1.0), "uint8"),
    "random_gray_float64": (lambda mx: mx.image.RandomGrayAug(1.0), "float64"),
    "saturation_uint8": (lambda mx: mx.image.SaturationJitterAug(0.4), "uint8"),
    "lighting_uint8": (lambda mx: mx.image.LightingAug(0.1, EIGVAL, EIGVEC), "uint8"),
    "hue_float16": (lambda mx: mx.image.HueJitterAug(0.3), "float16"),
    "horizontal_flip": (lambda mx: mx.image.HorizontalFlipAug(0.5), "uint8"),
    "cast": (lambda mx: mx.image.CastAug(), "uint8"),
    "cast_float16": (lambda mx: mx.image.CastAug("float16"), "float32"),
    "sequential": (lambda mx: mx.image.SequentialAug([mx.image.RandomCropAug((4, 4)), mx.image.CastAug(),
                                                      mx.image.BrightnessJitterAug(0.2)]), "uint8"),
    "random_order": (lambda mx: mx.image.RandomOrderAug([mx.image.HueJitterAug(0.1), mx.image.RandomGrayAug(0.5),
                                                         mx.image.HorizontalFlipAug(0.5),
                                                         mx.image.LightingAug(0.2, EIGVAL, EIGVEC)]), "float32"),
}


def case_augmenter(mx, name):
    make, dtype = AUGMENTERS[name]
    return _run_augmenter(mx, make(mx), _image(mx, SMALL, dtype))


def case_four_channels(mx):
    """Colour augmenters on an RGBA float32 image: MXNet's dot and broadcasts refuse it."""
    rgba = mx.nd.array(pixels(2, 3, 5, channels=4), dtype="float32")
    seed(14)
    return {name: outcome(AUGMENTERS[name][0](mx), rgba.copy())
            for name in ("random_gray_uint8", "hue", "saturation", "contrast", "lighting", "brightness")}


def case_augmenter_in_place(mx):
    """The colour augmenters write into their input, as MXNet's do."""
    result = {}
    for name in ("brightness", "contrast", "saturation", "lighting", "color_normalize"):
        source = _image(mx, SMALL, "float32")
        seed(12)
        returned = AUGMENTERS[name][0](mx)(source)
        result[name] = [returned is source, encode(source)]
    return result


def case_augmenter_base(mx):
    base = mx.image.Augmenter(size=(3, 4), mean=mx.nd.array([1.5, 2]), std=np.array([[1, 2]]), name="x")
    return {"dumps": base.dumps(), "call": outcome(base, mx.nd.ones((2, 2, 3))),
            "sized_min_area": with_warnings(lambda: mx.image.RandomSizedCropAug((4, 4), 0.3, (1, 2), min_area=0.5).area),
            "sized_bogus": outcome(mx.image.RandomSizedCropAug, (4, 4), 0.3, (1, 2), bogus=1)}


CREATE_OPTIONS = {
    "default": {},
    "everything": dict(resize=14, rand_crop=True, rand_resize=True, rand_mirror=True, mean=True, std=True,
                       brightness=0.2, contrast=0.3, saturation=0.1, hue=0.2, pca_noise=0.1, rand_gray=0.4,
                       inter_method=10),
    "crop_mirror_arrays": dict(rand_crop=True, rand_mirror=True, mean=np.array([100.0, 110, 120]),
                               std=np.array([50.0]), inter_method=1),
    "jitter": dict(resize=10, brightness=0.5, hue=0.5, mean=True),
    "std_only": dict(std=True, contrast=0.4, pca_noise=0.3),
}


def case_create_augmenter(mx, name):
    seed(13)
    augs = mx.image.CreateAugmenter((3, 8, 6), **CREATE_OPTIONS[name])
    image = _image(mx)
    outputs = []
    for _ in range(3):
        data = image
        for aug in augs:
            data = aug(data)
        outputs.append(encode(data))
    return {"types": [type(aug).__name__ for aug in augs], "dumps": [aug.dumps() for aug in augs],
            "outputs": outputs}


def case_create_augmenter_errors(mx):
    return {"rand_resize_alone": outcome(mx.image.CreateAugmenter, (3, 8, 8), rand_resize=True)["error"],
            "mean_list": outcome(mx.image.CreateAugmenter, (3, 8, 8), mean=[1, 2, 3])["error"],
            "mean_two": outcome(mx.image.CreateAugmenter, (3, 8, 8), mean=np.array([1.0, 2.0]))["error"],
            "std_list": outcome(mx.image.CreateAugmenter, (3, 8, 8), std=(1, 2, 3))["error"]}


def case_api(mx):
    """The public names of mx.image.image, their signatures, and ImageIter's public methods."""
    module = mx.image.image
    names = sorted(name for name, value in vars(module).items() if not name.startswith("_")
                   and (inspect.isfunction(value) or inspect.isclass(value))
                   and value.__module__.startswith(mx.image.__name__))
    signatures = {name: str(inspect.signature(getattr(module, name))) for name in names}
    return {"names": names, "signatures": signatures, "img_is_image": mx.img is mx.image,
            "image_iter": sorted(name for name in dir(module.ImageIter) if not name.startswith("_")),
            "is_data_iter": issubclass(module.ImageIter, mx.io.DataIter)}


CASES = {
    "api": (case_api, ()),
    "imdecode": (case_imdecode, ()),
    "imdecode_errors": (case_imdecode_errors, ()),
    "imread": (case_imread, ()),
    **{f"imresize_{dtype}_{interp}": (case_imresize, (dtype, interp))
       for dtype in ("uint8", "float32") for interp in range(5)},
    **{f"copy_make_border_{t}": (case_copy_make_border, (t,)) for t in range(5)},
    "scale_down": (case_scale_down, ()),
    "get_interp_method": (case_get_interp_method, ()),
    **{f"resize_short_{interp}": (case_resize_short, (interp,)) for interp in (0, 2, 3, 9, 10)},
    "fixed_crop": (case_fixed_crop, ()),
    "random_crop": (case_random_crop, ()),
    "center_crop": (case_center_crop, ()),
    "random_size_crop": (case_random_size_crop, ()),
    "color_normalize": (case_color_normalize, ()),
    "imrotate": (case_imrotate, ()),
    "imrotate_errors": (case_imrotate_errors, ()),
    "random_rotate": (case_random_rotate, ()),
    **{f"augmenter_{name}": (case_augmenter, (name,)) for name in AUGMENTERS},
    "augmenter_in_place": (case_augmenter_in_place, ()),
    "four_channels": (case_four_channels, ()),
    "augmenter_base": (case_augmenter_base, ()),
    **{f"create_augmenter_{name}": (case_create_augmenter, (name,)) for name in CREATE_OPTIONS},
    "create_augmenter_errors": (case_create_augmenter_errors, ()),
}
# (rtol, atol) of the cases that may differ in the last bits: the rotation grid takes float32 sin, cos and
# arctan, which torch rounds differently from glibc for some angles (BilinearSampler itself is exact)
TOLERANT = {"imrotate": (1e-5, 1e-4), "random_rotate": (1e-5, 1e-4)}


def run(mx, name):
    """The JSON data of case ``name`` run with the library ``mx``."""
    return run_case(CASES, mx, name)
