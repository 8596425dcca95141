"""mx.image's Python functions and deterministic augmenters on random images: resizing with every
interpolation, crops, borders, rotation, normalization, augmenter lists and their dumps().

Usage: python images.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
for _ in range(int(sys.argv[2])):
    h, w, c = random.choice([1, 2, 5, 8, 13]), random.choice([1, 3, 6, 9, 16]), random.choice([1, 3, 3, 4])
    dt = random.choice(["'uint8'", "'uint8'", "'float32'", "'float64'", "'int32'", "'float16'"])
    seed = random.randint(0, 99)
    img = f"img = mx.nd.array(np.random.RandomState({seed}).uniform(0, 255, ({h}, {w}, {c})), dtype={dt})"
    ih, iw = random.randint(1, 20), random.randint(1, 20)
    interp = random.choice([0, 1, 2, 3, 4, 9, 10])
    x0, y0 = random.randint(-1, w), random.randint(-1, h)
    cw, ch = random.randint(0, w + 1), random.randint(0, h + 1)
    call = random.choice([
        f"mx.image.imresize(img, {iw}, {ih}, interp={interp})",
        f"mx.image.resize_short(img, {random.randint(1, 20)}, interp={interp})",
        f"mx.image.center_crop(img, ({cw}, {ch}), interp={interp})",
        f"mx.image.fixed_crop(img, {x0}, {y0}, {cw}, {ch})",
        f"mx.image.fixed_crop(img, {x0}, {y0}, {cw}, {ch}, size=({iw}, {ih}), interp={interp})",
        f"mx.image.scale_down(({w}, {h}), ({cw}, {ch}))",
        f"mx.image.copyMakeBorder(img, {random.randint(0, 3)}, {random.randint(0, 3)}, {random.randint(0, 3)}, {random.randint(0, 3)}, type={random.choice([0, 1, 2, 3, 4, 5])}, values={random.choice([0, 7.5, '(1, 2, 3)', '[9.0]'])})",
        f"mx.image.color_normalize(img.astype('float32'), mx.nd.array({[round(random.uniform(0, 200), 1) for _ in range(c)]}), {random.choice(['None', f'mx.nd.array({[round(random.uniform(1, 60), 1) for _ in range(c)]})'])})",
        f"mx.image.imrotate(img.astype('float32').transpose((2, 0, 1)), {random.choice([0, 90, -45, 30.5, 180])}, zoom_in={random.choice([True, False])}, zoom_out={random.choice([True, False])})",
        f"mx.image.imrotate(img.astype('float32').transpose((2, 0, 1)).expand_dims(0), mx.nd.array([{random.choice([0, 90, -45, 30.5])}]))",
        f"mx.image.ForceResizeAug(({iw}, {ih}), interp={interp})(img)",
        f"mx.image.ResizeAug({random.randint(1, 20)}, interp={interp})(img)",
        f"mx.image.CenterCropAug(({cw}, {ch}), interp={interp})(img)",
        f"mx.image.HorizontalFlipAug({random.choice([0, 1])})(img)",
        f"mx.image.CastAug({random.choice([repr('float32'), repr('float16'), repr('uint8'), repr('int32')])})(img)",
        f"mx.image.ColorNormalizeAug(mx.nd.array({[round(random.uniform(0, 200), 1) for _ in range(c)]}), mx.nd.array({[round(random.uniform(1, 60), 1) for _ in range(c)]}))(img.astype('float32'))",
        "mx.image.BrightnessJitterAug(0)(img.astype('float32'))",
        f"mx.image.SequentialAug([mx.image.ForceResizeAug(({iw}, {ih})), mx.image.CastAug()])(img)",
        f"[a.dumps() for a in mx.image.CreateAugmenter(({c}, {ih}, {iw}), resize={random.choice([0, 5, 12])}, rand_crop={random.choice([True, False])}, rand_mirror={random.choice([True, False])}, mean={random.choice(['None', 'True', '[1, 2, 3]'])}, std={random.choice(['None', 'True', '[4, 5, 6]'])}, brightness={random.choice([0, 0.2])}, pca_noise={random.choice([0, 0.1])}, rand_gray={random.choice([0, 0.3])}, inter_method={interp})]",
        f"mx.image.ImageIter(2, ({c}, {ih}, {iw}), imglist=[[1.0, 'x.jpg']], path_root='/nonexistent').provide_data",
    ])
    lines.append(f"!{img};; R = {call}")
print('\n'.join(lines))
