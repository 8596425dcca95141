"""mx.image.det's deterministic parts: DetHorizontalFlipAug(1 or 0), DetBorrowAug of the image
augmenters, DetRandomSelectAug with skip_prob 1, CreateDetAugmenter's lists (their dumps), and
the label checks, on random images and box labels.

Usage: python image_det.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
for _ in range(int(sys.argv[2])):
    h, w = random.randint(2, 9), random.randint(2, 9)
    n = random.randint(0, 3)
    boxes = [[float(random.randint(-1, 3)), *sorted([round(random.random(), 2) for _ in range(2)])[::1], *[round(random.random(), 2) for _ in range(2)]] for _ in range(n)]
    label = f"np.array({boxes}, dtype=np.float32).reshape(-1, 5)"
    img = f"mx.nd.array(np.random.RandomState({random.randint(0, 99)}).uniform(0, 255, ({h}, {w}, 3)), dtype='uint8')"
    aug = random.choice([
        "mx.image.DetHorizontalFlipAug(1)", "mx.image.DetHorizontalFlipAug(0)",
        "mx.image.DetBorrowAug(mx.image.ForceResizeAug((4, 3)))", "mx.image.DetBorrowAug(mx.image.CastAug())",
        "mx.image.DetBorrowAug(mx.image.ColorNormalizeAug(mx.nd.array([1, 2, 3]), mx.nd.array([4, 5, 6])))",
        "mx.image.DetRandomSelectAug([mx.image.DetHorizontalFlipAug(1)], skip_prob=1)",
        "mx.image.DetRandomSelectAug([mx.image.DetHorizontalFlipAug(1)], skip_prob=0)",
        "mx.image.DetBorrowAug(mx.image.HorizontalFlipAug(1))"])
    k = random.random()
    if k < 0.7:
        lines.append(f"!img = {img};; label = {label};; a = {aug};; out = a(img.astype('float32') if 'ColorNormalize' in {aug!r} else img, label);; "
                     f"R = [out[0], out[1].tolist(), a.dumps()]")
    else:
        opts = random.choice(["", ", resize=5", ", rand_crop=0, rand_pad=0, rand_mirror=True", ", mean=True, std=True", ", brightness=0.1, pca_noise=0.05",
                              ", rand_gray=0.2", ", mean=[1, 2, 3], std=[4, 5, 6]", ", rand_crop=0.5, min_object_covered=0.3"])
        lines.append(f"!augs = mx.image.CreateDetAugmenter((3, {h}, {w}){opts});; R = [a.dumps() for a in augs]")
print('\n'.join(lines))
