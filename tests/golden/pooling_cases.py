"""Cases of the pooling family: Pooling, Pooling_v1, UpSampling, contrib.AdaptiveAvgPooling2D.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into pooling.json. Results are rounded to 4 decimals with ``R`` (MXNet
runs oneDNN's kernels, which differ from torch's in the last bits); ``G`` records the input
gradient too. Inputs are permutations, so max pooling has no ties. Never put a case here
that crashes MXNet (bilinear UpSampling with num_filter=0 dies of a floating point exception).
"""

D = ("rng = np.random.RandomState(0); "
     "x3 = mx.nd.array(rng.permutation(2 * 3 * 7).reshape(2, 3, 7) - 10.0); "
     "x4 = mx.nd.array(rng.permutation(2 * 2 * 6 * 7).reshape(2, 2, 6, 7) - 40.0); "
     "x5 = mx.nd.array(rng.permutation(2 * 3 * 4 * 5).reshape(1, 2, 3, 4, 5) - 30.0); ")
ROUND = "(np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"
R = D + "r = {}; result = " + ROUND
# the output and the gradient of sum(output * weights) with respect to the input
G = (D + "x = {}; x.attach_grad()\nwith mx.autograd.record():\n    r = {}\n"
     "r.backward(mx.nd.array(np.arange(r.size).reshape(r.shape) % 5 + 1.0, dtype=r.dtype))\n"
     "result = (" + ROUND + ", np.round(x.grad.asnumpy().astype('float64'), 4).tolist())")
E = D + "\ntry:\n    {}\n    mx.nd.waitall()\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

WINDOWS = ["kernel=(2,), stride=(1,), pad=(0,)", "kernel=(3,), stride=(2,), pad=(1,)", "kernel=(2,), stride=(3,), pad=(1,)"]
WINDOWS2 = ["kernel=(2, 2)", "kernel=(3, 3), stride=(2, 2), pad=(1, 1)", "kernel=(2, 3), stride=(2, 1), pad=(1, 1)",
            "kernel=(3, 3), stride=(3, 3)", "kernel=(2, 2), stride=(3, 2), pad=(1, 0)"]
WINDOWS3 = ["kernel=(2, 2, 2)", "kernel=(3, 3, 3), stride=(2, 2, 2), pad=(1, 1, 1)", "kernel=(2, 3, 2), stride=(1, 2, 2), pad=(1, 0, 1)"]
TYPES = ["pool_type='max'", "pool_type='avg'", "pool_type='sum'", "pool_type='lp', p_value=2", "pool_type='lp', p_value=1"]
CONVENTIONS = ["pooling_convention='valid'", "pooling_convention='full'"]

POOLING = [G.format(x, f"mx.nd.Pooling(x, {w}, {t}, {c})")
           for x, windows in (("x4", WINDOWS2), ("x3", WINDOWS), ("x5", WINDOWS3))
           for w in windows for t in TYPES for c in CONVENTIONS]
POOLING += [
    # avg pooling that does not count the padding (valid only: oneDNN fails on full with pads)
    G.format("x4", "mx.nd.Pooling(x, kernel=(3, 3), stride=(2, 2), pad=(1, 1), pool_type='avg', count_include_pad=False)"),
    G.format("x3", "mx.nd.Pooling(x, kernel=(3,), stride=(2,), pad=(1,), pool_type='avg', count_include_pad=False)"),
    G.format("x5", "mx.nd.Pooling(x, kernel=(3, 3, 3), stride=(2, 2, 2), pad=(1, 1, 1), pool_type='avg', count_include_pad=False)"),
    G.format("x4", "mx.nd.Pooling(x, kernel=(3, 3), pad=(1, 1), pool_type='avg', count_include_pad=True)"),
    D + "r = mx.nd.Pooling(x4, kernel=(2, 2), pool_type='lp', p_value=3); result = np.round(r.asnumpy(), 2).tolist()",
    R.format("mx.nd.Pooling(x4.astype('float64'), kernel=(3, 2), stride=(1, 2), pad=(1, 1), pool_type='lp', p_value=3)"),
    # a full window that lies wholly in the padding: lowest value for max, 0 for avg and sum
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), stride=(2, 2), pad=(1, 1), pooling_convention='full')"),
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), stride=(2, 2), pad=(1, 1), pool_type='avg', pooling_convention='full')"),
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), stride=(2, 2), pad=(1, 1), pool_type='sum', pooling_convention='full')"),
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), pad=(2, 2))"),
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), pad=(2, 2), pool_type='avg')"),
    R.format("mx.nd.Pooling(x4.astype('float64'), kernel=(2, 2), pad=(2, 2))"),
    R.format("mx.nd.Pooling(x4.astype('float64'), kernel=(2, 2), pad=(2, 2), pool_type='avg')"),
    G.format("x4.astype('float64')", "mx.nd.Pooling(x, kernel=(2, 2), stride=(3, 2), pad=(1, 0), pool_type='avg', pooling_convention='full')"),
    G.format("x3.astype('float64')", "mx.nd.Pooling(x, kernel=(3,), stride=(3,), pool_type='avg', pooling_convention='full')"),
    R.format("mx.nd.Pooling(x4.astype('float64'), kernel=(1, 1), pad=(1, 1), pool_type='avg', count_include_pad=False)"),
    # 3-D avg windows whose pool_size is 0 are NaN (pool_sum_3d_cpu): past x + p under 'full',
    # or wholly in the padding without count_include_pad; a negative pool_size gives 0
    G.format("x5.astype('float64')", "mx.nd.Pooling(x, kernel=(3, 1, 1), stride=(1, 2, 2), pool_type='avg', pooling_convention='full')"),
    G.format("x5", "mx.nd.Pooling(x, kernel=(2, 1, 1), stride=(2, 3, 3), pool_type='avg', pooling_convention='full')"),
    G.format("x5.astype('float64')", "mx.nd.Pooling(x, kernel=(2, 2, 2), stride=(2, 2, 2), pad=(1, 1, 1), pool_type='avg', "
                                      "count_include_pad=False, pooling_convention='full')"),
    G.format("x5.astype('float64')", "mx.nd.Pooling(x, kernel=(1, 1, 1), pad=(1, 1, 1), pool_type='avg', count_include_pad=False)"),
    R.format("mx.nd.Pooling(x5.astype('float64'), kernel=(1, 1, 1), pad=(1, 1, 1), pool_type='avg')"),
    R.format("mx.nd.Pooling(x5.astype('float64')[:, :, :, :2, :1], kernel=(1, 2, 1), pad=(0, 0, 0), stride=(1, 3, 1), "
             "pool_type='avg', count_include_pad=False, pooling_convention='full')"),
    # global pooling ignores kernel, stride and pad
    G.format("x4", "mx.nd.Pooling(x, global_pool=True)"), G.format("x4", "mx.nd.Pooling(x, global_pool=True, pool_type='avg')"),
    G.format("x3", "mx.nd.Pooling(x, global_pool=True, pool_type='sum')"), G.format("x5", "mx.nd.Pooling(x, global_pool=True, pool_type='avg')"),
    R.format("mx.nd.Pooling(x4, global_pool=True, kernel=(9, 9), stride=(2, 2), pad=(1, 1), pooling_convention='full')"),
    R.format("mx.nd.Pooling(x4, global_pool=True, pool_type='lp', p_value=2)"),
    R.format("mx.nd.Pooling(x4, global_pool=True, layout='NHWC')"),
    # channels-last layouts
    G.format("x4", "mx.nd.Pooling(x, kernel=(2, 3), stride=(1, 2), layout='NHWC')"),
    G.format("x4", "mx.nd.Pooling(x, kernel=(3, 2), pad=(1, 1), layout='NHWC', pool_type='avg')"),
    G.format("x3", "mx.nd.Pooling(x, kernel=(2,), layout='NWC')"), G.format("x3", "mx.nd.Pooling(x, kernel=(2,), layout='NCW')"),
    G.format("x5", "mx.nd.Pooling(x, kernel=(2, 2, 2), layout='NDHWC', pool_type='sum')"),
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), layout='NCHW')"),
    # parameters as text, positionally, defaults spelled out
    R.format("mx.nd.Pooling(x4, kernel='(2,2)', stride='(2, 2)', pad='[1,1]', pool_type='avg', global_pool='False', count_include_pad='False')"),
    R.format("mx.nd.Pooling(x4, (2, 2), 'avg')"), R.format("mx.nd.Pooling(data=x4, kernel=[2, 2], cudnn_off=True)"),
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), layout=None, p_value=None, count_include_pad=None)"),
    R.format("mx.nd.Pooling(x4, kernel=2)"), R.format("mx.nd.Pooling(x3, kernel=3, stride=2)"),
    R.format("mx.nd.Pooling(x4.astype('float64'), kernel=(2, 2), pool_type='avg')"),
    R.format("mx.nd.Pooling(x4.astype('float16'), kernel=(2, 2), pool_type='max')"),
    # float16 (torch pools 3-D avg in float32 on the CPU): dtype, shape and the rounded sum
    D + "r = mx.nd.Pooling(x5.astype('float16') / 8, kernel=(2, 2, 2), pad=(1, 1, 1), pool_type='avg'); "
    "result = (np.dtype(r.dtype).name, r.shape, round(float(r.asnumpy().astype('float64').sum()), 1))",
    D + "r = mx.nd.Pooling(x5.astype('float16') / 8, kernel=(2, 2, 2), stride=(2, 2, 2), pool_type='lp', p_value=2, "
    "pooling_convention='full'); result = (np.dtype(r.dtype).name, r.shape, round(float(r.asnumpy().astype('float64').sum()), 1))",
    R.format("mx.nd.Pooling(x4, kernel=(6, 7))"), R.format("mx.nd.Pooling(x4, kernel=(7, 2), pad=(1, 0))"),
    # errors
    E.format("mx.nd.Pooling(x4)"), E.format("mx.nd.Pooling(x4, kernel=(2,))"), E.format("mx.nd.Pooling(x4, kernel=(8, 2))"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), pooling_convention='same')"),
    E.format("mx.nd.Pooling(x3, kernel=(2,), pooling_convention='same')"),
    E.format("mx.nd.Pooling(x4.astype('int32'), kernel=(2, 2))"), E.format("mx.nd.Pooling(x4.astype('uint8'), kernel=(2, 2))"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), layout='NCW')"), E.format("mx.nd.Pooling(x4, kernel=(2, 2), layout='NCDHW')"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), layout='NHCW')"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), pool_type='lp')"), E.format("mx.nd.Pooling(x4, kernel=(2, 2), pool_type='foo')"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), pooling_convention='half')"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), stride=(0, 1))"), E.format("mx.nd.Pooling(x4, kernel=(0, 2))"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), stride=(2,))"), E.format("mx.nd.Pooling(x4, kernel=(2, 2), pad=(1,))"),
    E.format("mx.nd.Pooling(x4.reshape((4, 6, 7)), kernel=(2, 2))"), E.format("mx.nd.Pooling(x4.reshape((1, 4, 1, 6, 7)), kernel=(2, 2))"),
    E.format("mx.nd.Pooling(x4.reshape((168,)), kernel=(2,))"), E.format("mx.nd.Pooling(x4, kernel='2x2')"),
    E.format("mx.nd.Pooling(x4, kernel=(2, 2), global_pool='maybe')"), E.format("mx.nd.Pooling(x4, kernel=(2, 2), foo=1)"),
]

POOLING_V1 = [G.format("x4", f"mx.nd.Pooling_v1(x, {w}, {t}, {c})")
              for w in WINDOWS2 for t in TYPES[:3] for c in CONVENTIONS]
POOLING_V1 += [
    R.format("mx.nd.Pooling_v1(-mx.nd.arange(1, 26).reshape((1, 1, 5, 5)), kernel=(2, 2), stride=(2, 2), pad=(1, 1))"),
    R.format("mx.nd.Pooling_v1(x4, global_pool=True, pool_type='avg')"), R.format("mx.nd.Pooling_v1(x4, global_pool=True)"),
    R.format("mx.nd.Pooling_v1(x4, kernel='(2,2)', stride='(2,2)', pool_type='sum')"),
    R.format("mx.nd.Pooling_v1(x4.astype('float64'), kernel=(3, 3), pad=(1, 1), pool_type='avg')"),
    E.format("mx.nd.Pooling_v1(x3, kernel=(2,))"), E.format("mx.nd.Pooling_v1(x5, kernel=(2, 2, 2), pool_type='avg')"),
    E.format("mx.nd.Pooling_v1(x4, kernel=(2, 2), pool_type='lp')"), E.format("mx.nd.Pooling_v1(x4.astype('int32'), kernel=(2, 2))"),
    E.format("mx.nd.Pooling_v1(x4, kernel=(2, 2), pooling_convention='same')"),
    E.format("mx.nd.Pooling_v1(x4, kernel=(2, 2), layout='NHWC')"),
]
# unrounded (fuzzing found these): mshadow sums each window row by row in the data's dtype and avg
# multiplies by float32(1 / kernel size); a 'full' window is clipped at the padded input's end,
# so max never sees a value there
U = "u = mx.nd.array(np.random.RandomState(3).uniform(-2, 2, (2, 2, 7, 6)), dtype='{}'); result = mx.nd.Pooling_v1(u, {})"
POOLING_V1 += [U.format(dtype, params) for dtype in ("float32", "float64", "float16") for params in (
    "kernel=(3, 2), stride=(2, 1), pad=(1, 1), pool_type='avg', pooling_convention='full'",
    "kernel=(3, 3), pool_type='sum'", "kernel=(5, 4), stride=(2, 3), pool_type='sum', pooling_convention='full'",
    "global_pool=True, pool_type='avg'", "kernel=(3, 3), stride=(3, 3), pooling_convention='full'",
    "kernel=(2, 3), stride=(3, 2), pad=(1, 0), pooling_convention='full'")]
POOLING_V1 += ["result = mx.nd.Pooling_v1(-mx.nd.arange(1, 51).reshape((1, 2, 5, 5)) / 3, kernel=(3, 3), stride=(3, 3), "
               "pooling_convention='full')"]

N = "pooled = mx.nd.Pooling(x4[:, :, :6, :6], kernel=(2, 2), stride=(2, 2)); "
UPSAMPLING = [
    G.format("x4", "mx.nd.UpSampling(x, scale=2, sample_type='nearest')"),
    G.format("x4", "mx.nd.UpSampling(x, scale=3, sample_type='nearest', num_filter=2)"),
    R.format("mx.nd.UpSampling(x4, scale=1, sample_type='nearest')"),
    R.format("mx.nd.UpSampling(x4, x4, scale=2, sample_type='nearest', num_args=2)"),
    R.format("mx.nd.UpSampling(x4, x4, scale=2, sample_type='nearest')"),
    R.format("mx.nd.UpSampling(x4, x4, scale=2, sample_type='nearest', multi_input_mode='sum')"),
    R.format("mx.nd.UpSampling(x4, x4[:, :1], scale=2, sample_type='nearest', num_args=2)"),
    R.format("mx.nd.UpSampling(x4[:1], x4[:1], x4[:1], scale=2, sample_type='nearest', num_args=3)"),
    D + N + "r = mx.nd.UpSampling(x4[:, :, :6, :6], pooled, scale=2, sample_type='nearest', num_args=2); result = " + ROUND,
    D + N + "r = mx.nd.UpSampling(pooled, x4[:, :, :6, :6], scale=2, sample_type='nearest', multi_input_mode='sum'); result = " + ROUND,
    R.format("mx.nd.UpSampling(x4.astype('float64'), scale='2', sample_type='nearest')"),
    R.format("mx.nd.UpSampling(x4.astype('float16'), scale=2, sample_type='nearest')"),
    D + "x = mx.nd.array(np.arange(18).reshape((1, 2, 3, 3))); w = mx.nd.array(np.arange(32).reshape((2, 1, 4, 4)) / 10)\n"
        "r = mx.nd.UpSampling(x, w, scale=2, sample_type='bilinear', num_filter=2); result = " + ROUND,
    D + "x = mx.nd.array(np.arange(18).reshape((1, 2, 3, 3))); w = mx.nd.array(np.arange(50).reshape((2, 1, 5, 5)) / 10)\n"
        "r = mx.nd.UpSampling(x, w, scale=3, sample_type='bilinear', num_filter=2); result = " + ROUND,
    D + "x = mx.nd.array(np.arange(9).reshape((1, 1, 3, 3))); w = mx.nd.ones((1, 1, 2, 2))\n"
        "r = mx.nd.UpSampling(x, w, scale=1, sample_type='bilinear', num_filter=1, num_args=2); result = " + ROUND,
    E.format("mx.nd.UpSampling(x4, scale=2)"), E.format("mx.nd.UpSampling(x4, sample_type='nearest')"),
    E.format("mx.nd.UpSampling(x4, scale=2, sample_type='cubic')"),
    E.format("mx.nd.UpSampling(x4, x4, scale=2, sample_type='nearest', num_args=3)"),
    E.format("mx.nd.UpSampling(x4, x4, scale=2, sample_type='nearest', num_args=1)"),
    E.format("mx.nd.UpSampling(x4, scale=0, sample_type='nearest')"),
    E.format("mx.nd.UpSampling(x4.astype('int32'), scale=2, sample_type='nearest')"),
    E.format("mx.nd.UpSampling(x4, mx.nd.Pooling(x4, kernel=(2, 2), stride=(2, 2)), scale=2, sample_type='nearest', num_args=2)"),
    E.format("mx.nd.UpSampling(x4, scale=2, sample_type='bilinear', num_filter=2)"),
]

ADAPTIVE = [
    G.format("x4", "mx.nd.contrib.AdaptiveAvgPooling2D(x)"),
    G.format("x4", "mx.nd.contrib.AdaptiveAvgPooling2D(x, output_size=3)"),
    G.format("x4", "mx.nd.contrib.AdaptiveAvgPooling2D(x, output_size=(4, 5))"),
    R.format("mx.nd.contrib.AdaptiveAvgPooling2D(x4, output_size='(4, 5)')"),
    R.format("mx.nd.contrib.AdaptiveAvgPooling2D(x4, output_size=(8, 9))"),
    R.format("mx.nd.contrib.AdaptiveAvgPooling2D(x4, output_size=(6, 7))"),
    R.format("mx.nd.contrib.AdaptiveAvgPooling2D(x4.astype('float64'), output_size=(5,))"),
    R.format("mx.nd.contrib.AdaptiveAvgPooling2D(x4, (2, 3))"),
    E.format("mx.nd.contrib.AdaptiveAvgPooling2D(x3, output_size=2)"),
    E.format("mx.nd.contrib.AdaptiveAvgPooling2D(x4.astype('int32'), output_size=2)"),
]

B = "b = mx.nd.array(rng.permutation(2 * 2 * 5 * 6).reshape(2, 2, 5, 6) / 7.0); "
RESIZE = [
    G.format("b", "mx.nd.contrib.BilinearResize2D(x, height=8, width=9)"),
    G.format("b", "mx.nd.contrib.BilinearResize2D(x, height=3, width=4)"),
    G.format("b", "mx.nd.contrib.BilinearResize2D(x, height=8, width=9, align_corners=False)"),
    G.format("b", "mx.nd.contrib.BilinearResize2D(x, height=3, width=2, align_corners=False)"),
    R.format("mx.nd.contrib.BilinearResize2D(b, height=1, width=1)"),
    R.format("mx.nd.contrib.BilinearResize2D(b, height=1, width=4, align_corners=False)"),
    R.format("mx.nd.contrib.BilinearResize2D(b)"),
    R.format("mx.nd.contrib.BilinearResize2D(b, scale_height=2, scale_width=1.5)"),
    R.format("mx.nd.contrib.BilinearResize2D(b, height=7, scale_width=0.5)"),
    R.format("mx.nd.contrib.BilinearResize2D(b.astype('float64'), scale_height=1.7, scale_width=0.7, align_corners=False)"),
    R.format("mx.nd.contrib.BilinearResize2D(b, scale_height=2, scale_width=2, mode='odd_scale')"),
    R.format("mx.nd.contrib.BilinearResize2D(b, scale_height=0.5, scale_width=0.5, mode='odd_scale')"),
    R.format("mx.nd.contrib.BilinearResize2D(b, mode='to_even_down')"), R.format("mx.nd.contrib.BilinearResize2D(b, mode='to_even_up')"),
    R.format("mx.nd.contrib.BilinearResize2D(b, mode='to_odd_down')"), R.format("mx.nd.contrib.BilinearResize2D(b, mode='to_odd_up')"),
    R.format("mx.nd.contrib.BilinearResize2D(b, mx.nd.zeros((1, 1, 7, 3)), mode='like')"),
    R.format("mx.nd.contrib.BilinearResize2D(b, like=mx.nd.zeros((1, 1, 2, 9)), mode='like', align_corners=False)"),
    R.format("mx.nd.contrib.BilinearResize2D(b.astype('float64'), height='6', width='4', align_corners='0')"),
    # float16: MXNet interpolates in half precision, torch in float: compare to float32 within 0.05
    D + B + "r = mx.nd.contrib.BilinearResize2D(b.astype('float16'), height=4, width=4); "
    "f = mx.nd.contrib.BilinearResize2D(b, height=4, width=4); "
    "result = (np.dtype(r.dtype).name, r.shape, bool(np.allclose(r.asnumpy(), f.asnumpy(), atol=0.05)))",
    E.format("mx.nd.contrib.BilinearResize2D(b, mode='like')"),
    E.format("mx.nd.contrib.BilinearResize2D(b, mx.nd.zeros((1, 1, 7, 3)), height=2)"),
    E.format("mx.nd.contrib.BilinearResize2D(b, height=2, width=2, mode='scale')"),
    E.format("mx.nd.contrib.BilinearResize2D(b[0], height=2, width=2)"),
    E.format("mx.nd.contrib.BilinearResize2D(b.astype('int32'), height=2, width=2)"),
]
# interpolation weights differ from MXNet's in the last bits: round to 3 decimals
RESIZE = [(case if "b = " in case else D + B + case[len(D):]).replace("), 4)", "), 3)") for case in RESIZE]

# inputs smaller than the kernel along an axis, padding making up the difference
SMALL = [f"mx.nd.Pooling(mx.nd.array(np.arange(12.).reshape((2, 1, 1, 3, 2))), kernel=(2, 1, 2), stride=(1, 1, 2), "
         f"pad=(1, 0, 1), pool_type='{t}'{c})" for t in ("avg", "sum") for c in ("", ", pooling_convention='full'")]

CASES = POOLING + POOLING_V1 + UPSAMPLING + ADAPTIVE + RESIZE + SMALL

_ONEDNN = ("MXNet's float32 CPU path (oneDNN) {}; mxnd computes what MXNet's own kernel computes "
           "(as MXNet does for float64, recorded in the float64 case next to this one)")
DELIBERATE = {
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), pad=(2, 2))"): _ONEDNN.format("rejects pad >= kernel"),
    R.format("mx.nd.Pooling(x4, kernel=(2, 2), pad=(2, 2), pool_type='avg')"): _ONEDNN.format("rejects pad >= kernel"),
    G.format("x4", "mx.nd.Pooling(x, kernel=(2, 2), stride=(3, 2), pad=(1, 0), pool_type='avg', pooling_convention='full')"):
        _ONEDNN.format("divides the gradient of a clipped 'full' avg window by the whole kernel, while its "
                       "forward divides by the clipped window"),
}

# 'same' (1-D only): ceil(x / s) windows clipped at the end; pooling.cc checks pad[0], pad[1] and
# pad[2] are 0, so pad needs three entries. Float64 runs MXNet's own kernel; its float32 oneDNN path
# fails when a window overruns the input (the DELIBERATE case below)
SAME = "pad=(0, 0, 0), pooling_convention='same'"
CASES += [G.format("x3.astype('float64')", f"mx.nd.Pooling(x, {w}, {SAME}, {t})")
          for w in ("kernel=(2,), stride=(2,)", "kernel=(3,), stride=(2,)", "kernel=(4,), stride=(3,)", "kernel=(3,)")
          for t in TYPES[:3]]
CASES += [
    G.format("x3.astype('float64')", f"mx.nd.Pooling(x, kernel=(4,), stride=(3,), {SAME}, pool_type='avg', count_include_pad=False)"),
    R.format(f"mx.nd.Pooling(x3.astype('float64'), kernel=(3,), stride=(2,), {SAME}, pool_type='lp', p_value=2)"),
    G.format("x3[:, :, :6]", f"mx.nd.Pooling(x, kernel=(2,), stride=(2,), {SAME})"),
    G.format("x3.astype('float16')", f"mx.nd.Pooling(x, kernel=(3,), stride=(2,), {SAME})"),
    R.format(f"mx.nd.Pooling(x3, kernel=(3,), stride=(2,), {SAME}, global_pool=True)"),
    R.format(f"mx.nd.Pooling(x3.astype('float64'), kernel=(3,), stride=(2, 5), {SAME}, layout='NCW')"),
    R.format(f"mx.nd.Pooling(x3, kernel=(3,), stride=(2,), {SAME})"),
    E.format("mx.nd.Pooling(x3.astype('float64'), kernel=(3,), stride=(2,), pad=(0, 0, 1), pooling_convention='same')"),
    E.format("mx.nd.Pooling(x3.astype('float64'), kernel=(3,), stride=(2,), pad=(0, 0), pooling_convention='same')"),
    E.format("mx.nd.Pooling(x3.astype('float64'), kernel=(3,), stride=(2,), pad=(0,), pooling_convention='same')"),
    E.format(f"mx.nd.Pooling(x3.astype('float64'), kernel=(8,), {SAME})"),
    E.format(f"mx.nd.Pooling(x4.astype('float64'), kernel=(2, 2), {SAME})"),
    # stride and pad longer than the kernel: their first entries count
    G.format("x4", "mx.nd.Pooling(x, kernel=(2, 2), stride=(2, 1, 5), pad=(1, 0, 3, 4), pool_type='avg')"),
    G.format("x4", "mx.nd.Pooling(x, kernel=(2, 2), stride=(2, 1, 5), pad=(1, 0, 3, 4))"),
    R.format("mx.nd.Pooling(x3, kernel=(3,), stride=(2, 7), pad=(1, 5), pooling_convention='full')"),
    R.format("mx.nd.Pooling(x5, kernel=(1, 2, 2), stride=(1, 2, 2, 9), pad=(0, 1, 0, 9), pool_type='sum')"),
    R.format("mx.nd.Pooling_v1(x4, kernel=(2, 2), stride=(2, 2, 5), pad=(1, 0, 3))"),
    E.format("mx.nd.Pooling_v1(x4, kernel=(2, 2), stride=(2,), pad=(1, 0))"),
]
DELIBERATE[R.format(f"mx.nd.Pooling(x3, kernel=(3,), stride=(2,), {SAME})")] = _ONEDNN.format(
    "fails on a 'same' window that overruns the input ('could not create a descriptor')")

# BilinearResize2D: scales that round a side down to 0 give an empty array; height and width are
# checked against their lower bound 1 in every mode; a negative scale is a negative shape
CASES += [
    R.format("mx.nd.contrib.BilinearResize2D(x4, scale_height=0.1, scale_width=1.5)"),
    G.format("x4", "mx.nd.contrib.BilinearResize2D(x, scale_height=0.5, scale_width=0.1)"),
    E.format("mx.nd.contrib.BilinearResize2D(x4, height=0, width=2, scale_height=2.0, scale_width=2.0)"),
    E.format("mx.nd.contrib.BilinearResize2D(x4, height=2, width=0, mode='to_even_up')"),
    E.format("mx.nd.contrib.BilinearResize2D(x4, scale_height=-1.0, scale_width=1.0)"),
]
