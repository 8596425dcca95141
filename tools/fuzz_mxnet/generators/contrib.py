"""box_nms, box_iou, bipartite_matching, MultiBoxPrior/Target/Detection, ROIAlign, boolean_mask (run with --numeric).

Usage: python contrib.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
for _ in range(int(sys.argv[2])):
    op = random.choice(['nms', 'nms', 'iou', 'bip', 'prior', 'roialign', 'bmask', 'mbt', 'mbd'])
    seed = random.randint(0, 9999)
    if op == 'nms':
        B, N = random.randint(1, 2), random.randint(1, 6)
        fmt = random.choice(['corner', 'center'])
        args = (f"overlap_thresh={random.choice([0.1, 0.3, 0.5, 0.7])}, valid_thresh={random.choice([0, 0.2, 0.5])}, topk={random.choice([-1, 1, 3])}, "
                f"coord_start=2, score_index=1, id_index={random.choice([-1, 0])}, force_suppress={random.choice([True, False])}, in_format='{fmt}', out_format='{random.choice(['corner', 'center'])}'")
        if random.random() < 0.3: args += f", background_id={random.choice([-1, 0, 1])}"
        lines.append(f"!rs = np.random.RandomState({seed});; d = rs.uniform(0, 1, ({B}, {N}, 6));; d[..., 0] = rs.randint(0, 3, ({B}, {N}));; d[..., 2:4] = rs.uniform(0, 5, ({B}, {N}, 2));; d[..., 4:6] = d[..., 2:4] + rs.uniform(0.5, 3, ({B}, {N}, 2));; "
                     f"R = mx.nd.contrib.box_nms(mx.nd.array(d), {args})")
    elif op == 'iou':
        fmt = random.choice(['corner', 'center'])
        lines.append(f"!rs = np.random.RandomState({seed});; a = rs.uniform(0, 4, ({random.randint(1, 4)}, 4));; a[:, 2:] += a[:, :2];; b = rs.uniform(0, 4, ({random.randint(1, 3)}, {random.randint(1, 3)}, 4));; b[..., 2:] += b[..., :2];; "
                     f"R = mx.nd.contrib.box_iou(mx.nd.array(a), mx.nd.array(b), format='{fmt}')")
    elif op == 'bip':
        lines.append(f"!rs = np.random.RandomState({seed});; R = mx.nd.contrib.bipartite_matching(mx.nd.array(rs.uniform(0, 1, ({random.randint(1, 2)}, {random.randint(1, 4)}, {random.randint(1, 4)}))), threshold={random.choice([0.1, 0.5])}, is_ascend={random.choice([True, False])}, topk={random.choice([-1, 1, 2])})")
    elif op == 'prior':
        lines.append(f"R = mx.nd.contrib.MultiBoxPrior(mx.nd.zeros((1, 1, {random.randint(1, 4)}, {random.randint(1, 4)})), sizes={random.choice(['(0.5,)', '(0.3, 0.6)', '(0.2, 0.5, 0.8)'])}, ratios={random.choice(['(1,)', '(1, 2)', '(1, 2, 0.5)'])}, clip={random.choice([True, False])}, steps={random.choice(['(-1, -1)', '(0.25, 0.5)'])}, offsets={random.choice(['(0.5, 0.5)', '(0.2, 0.7)'])})")
    elif op == 'roialign':
        H = random.randint(2, 6)
        lines.append(f"!rs = np.random.RandomState({seed});; x = mx.nd.array(rs.uniform(-1, 1, (2, 2, {H}, {H})));; r = rs.uniform(0, {H}, ({random.randint(1, 3)}, 4));; r[:, 2:] += r[:, :2] * 0.5;; rois = mx.nd.array(np.concatenate([rs.randint(0, 2, (len(r), 1)), r], 1));; "
                     f"R = mx.nd.contrib.ROIAlign(x, rois, pooled_size=({random.randint(1, 3)}, {random.randint(1, 3)}), spatial_scale={random.choice([1.0, 0.5])}, sample_ratio={random.choice([-1, 1, 2])}, aligned={random.choice([True, False])}, position_sensitive=False)")
    elif op == 'bmask':
        lines.append(f"!rs = np.random.RandomState({seed});; R = mx.nd.contrib.boolean_mask(mx.nd.array(rs.uniform(-1, 1, (4, 3))), mx.nd.array(rs.randint(0, 2, (4,))), axis=0)")
    elif op == 'mbt':
        A = random.randint(2, 6)
        lines.append(f"!rs = np.random.RandomState({seed});; a = rs.uniform(0, 0.6, (1, {A}, 4));; a[..., 2:] += a[..., :2] + 0.1;; l = np.full((1, 2, 5), -1.0);; l[0, 0] = [rs.randint(0, 2), 0.1, 0.1, 0.5, 0.6];; "
                     f"R = mx.nd.contrib.MultiBoxTarget(mx.nd.array(a), mx.nd.array(l), mx.nd.array(rs.uniform(0, 1, (1, 3, {A}))), overlap_threshold={random.choice([0.3, 0.5])}, negative_mining_ratio={random.choice([-1, 3])}, variances=(0.1, 0.1, 0.2, 0.2))")
    else:
        A = random.randint(2, 5)
        lines.append(f"!rs = np.random.RandomState({seed});; a = rs.uniform(0, 0.6, (1, {A}, 4));; a[..., 2:] += a[..., :2] + 0.1;; p = rs.uniform(0, 1, (1, 3, {A}));; p /= p.sum(1, keepdims=True);; "
                     f"R = mx.nd.contrib.MultiBoxDetection(mx.nd.array(p), mx.nd.array(rs.uniform(-0.2, 0.2, (1, {A} * 4))), mx.nd.array(a), threshold={random.choice([0.01, 0.3])}, nms_threshold={random.choice([0.3, 0.5])}, force_suppress={random.choice([True, False])}, clip={random.choice([True, False])}, nms_topk={random.choice([-1, 2])})")
print('\n'.join(lines))
