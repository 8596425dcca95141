"""Cases of mx.image.detection (src/mxnd/image/detection.py), recorded from MXNet 1.9.1.

Each entry is an expression, or statements that set ``result``. The random augmenters draw from
Python's ``random`` (and the colour ones from ``numpy.random``), seeded in each case, so the
crops, pads, flips and jitters are MXNet's exactly.
"""

IMAGE = "mx.nd.array(np.random.RandomState(0).randint(0, 256, (20, 30, 3)), dtype='{dtype}')"
LABEL = ("np.array([[0, 0.1, 0.2, 0.5, 0.6], [1, 0.4, 0.3, 0.9, 0.95], [2, 0.05, 0.5, 0.3, 0.9]], "
         "dtype=np.float32)")


def _augmented(augmenter, seed, dtype="uint8"):
    return (f"import random\nrandom.seed({seed}); np.random.seed({seed})\n"
            f"aug = {augmenter}\n"
            f"img, lab = aug({IMAGE.format(dtype=dtype)}, {LABEL})\n"
            "result = [img, mx.nd.array(lab)]")


def _pipeline(kwargs, seed):
    return (f"import random\nrandom.seed({seed}); np.random.seed({seed})\n"
            f"img, lab = {IMAGE.format(dtype='uint8')}, {LABEL}\n"
            f"for aug in mx.image.CreateDetAugmenter((3, 16, 12), {kwargs}):\n"
            "    img, lab = aug(img, lab)\n"
            "result = [img, mx.nd.array(lab)]")


# MXNet 1.9.1 passes the bad range as warnings.warn's category (a TypeError); mxnd warns as meant
DELIBERATE = {}

# Five 12x14 PNG images with 1 to 3 objects each ([header width 2, object width 5, objects...]),
# written to a temporary folder, read by ImageDetIter in batches of 2.
_ITER = """import random, tempfile, os, struct, zlib
def png(pixels):  # an 8-bit RGB PNG (the reference has no image encoder)
    chunk = lambda kind, data: (struct.pack('>I', len(data)) + kind + data
                                + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))
    rows = b''.join(b'\\x00' + row.tobytes() for row in pixels)
    header = struct.pack('>IIBBBBB', pixels.shape[1], pixels.shape[0], 8, 2, 0, 0, 0)
    return b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')
random.seed({seed}); np.random.seed({seed})
root = tempfile.mkdtemp()
rng = np.random.RandomState(1)
imglist = []
for i in range(5):
    with open(os.path.join(root, f'{{i}}.png'), 'wb') as f:
        f.write(png(rng.randint(0, 256, (12, 14, 3)).astype(np.uint8)))
    objects = [[k, 0.1 * k, 0.05 * (i + 1), 0.5 + 0.1 * k, 0.6 + 0.05 * i] for k in range(1 + i % 3)]
    imglist.append([[2, 5] + [v for o in objects for v in o], f'{{i}}.png'])
it = mx.image.ImageDetIter(2, (3, 8, 10), imglist=imglist, path_root=root, {kwargs})
result = [it.label_shape]
for batch in it:
    result += [batch.data[0], batch.label[0], batch.pad]
result = [mx.nd.array(np.array(v, dtype=np.float32)) if not isinstance(v, mx.nd.NDArray) else v for v in result]"""

_DISABLED = [_augmented("mx.image.DetRandomCropAug(area_range=(0.5, 0.2))", 0),
             _augmented("mx.image.DetRandomPadAug(area_range=(0.5, 0.9))", 0)]
DELIBERATE.update({case: "MXNet 1.9.1 raises TypeError (the range passed as warnings.warn's category); "
                         "mxnd warns and leaves the image as it is" for case in _DISABLED})

CASES = [
    *(_augmented("mx.image.DetRandomCropAug()", seed) for seed in range(8)),
    *(_augmented("mx.image.DetRandomCropAug(min_object_covered=0.5, aspect_ratio_range=1.0, area_range=(0.3, 0.8))",
                 seed) for seed in range(5)),
    *(_augmented("mx.image.DetRandomCropAug(min_eject_coverage=0.9, max_attempts=5)", seed) for seed in range(4)),
    *(_augmented("mx.image.DetRandomPadAug()", seed) for seed in range(5)),
    *(_augmented("mx.image.DetRandomPadAug(aspect_ratio_range=(0.5, 2.0), area_range=(1.5, 4.0), pad_val=(1, 2, 3))",
                 seed, dtype="float32") for seed in range(3)),
    *(_augmented("mx.image.DetHorizontalFlipAug(0.5)", seed) for seed in range(4)),
    *(_augmented("mx.image.DetRandomSelectAug([mx.image.DetRandomCropAug(), mx.image.DetRandomPadAug(), "
                 "mx.image.DetHorizontalFlipAug(1)], skip_prob=0.3)", seed) for seed in range(6)),
    *(_augmented("mx.image.CreateMultiRandCropAugmenter(min_object_covered=[0.1, 0.7], "
                 "area_range=[(0.1, 1.0), (0.5, 1.0)], skip_prob=0.2)", seed) for seed in range(4)),
    *(_augmented("mx.image.DetBorrowAug(mx.image.ForceResizeAug((7, 9)))", seed) for seed in range(1)),
    *(_pipeline("rand_crop=0.5, rand_pad=0.5, rand_mirror=True", seed) for seed in range(4)),
    *(_pipeline("resize=18, rand_crop=1, rand_gray=0.5, brightness=0.2, contrast=0.2, saturation=0.2, hue=0.1, "
                "pca_noise=0.1, mean=True, std=True", seed) for seed in range(3)),
    *(_pipeline("mean=np.array([100.0, 110.0, 120.0]), std=np.array([50.0]), inter_method=1", seed) for seed in range(1)),
    # dumps
    "[aug.dumps() for aug in mx.image.CreateDetAugmenter((3, 16, 12), resize=20, rand_crop=0.5, rand_pad=0.3, "
    "rand_mirror=True, brightness=0.1, mean=True, std=True)]",
    "mx.image.DetRandomCropAug(aspect_ratio_range=1.0).dumps()",
    "mx.image.DetRandomPadAug(pad_val=(1, 2, 3)).dumps()",
    # disabled by their parameters: the image and label come back unchanged
    *_DISABLED,
    # errors
    "mx.image.DetBorrowAug(1)",
    "mx.image.DetRandomSelectAug([1])",
    # the iterator
    *(_ITER.format(seed=seed, kwargs=kwargs) for seed, kwargs in [
        (0, ""), (1, "rand_crop=0.7, rand_mirror=True"), (2, "rand_pad=0.8, mean=True"),
        (3, "last_batch_handle='discard'"), (4, "shuffle=True, rand_crop=1"),
    ]),
]
