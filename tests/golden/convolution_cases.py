"""Cases of the convolution family: Convolution, Convolution_v1 and Deconvolution.

Each entry is an expression, or statements that set ``result``; tools/make_golden.py records
MXNet 1.9.1's answer into convolution.json. Values are rounded to 4 decimals (MXNet runs
oneDNN's kernels, which differ from torch's in the last bits). Never put a case here that
crashes MXNet: oneDNN fails asynchronously on some dilated + padded + strided convolutions.

MXNet's oneDNN Deconvolution fails on any ``target_shape`` ("could not create a descriptor for a
dilated deconvolution"), so the cases are recorded with MXNet's own CPU kernels (oneDNN off;
the other cases give the same values either way). MXNet's own kernels have no 3-D
Deconvolution: tests/ndarray/ops/test_convolution.py checks it against oneDNN's values.
"""
import os

os.environ["MXNET_MKLDNN_ENABLED"] = "0"  # read by MXNet at the first operator call

# MXNet's CPU build runs neither channels-last layouts nor float16 convolution; mxnd does
# (the channels-last values are MXNet's GPU semantics, checked in tests/ndarray/ops/test_convolution.py)
_CPU_ONLY = ("MXNet 1.9.1 on CPU rejects channels-last layouts (GPU only); mxnd computes them, "
             "as MXNet does on GPU")
_FP16 = "MXNet 1.9.1 on CPU: 'FP16 gemm on cpu not implemented'; mxnd computes float16 convolutions"

# data (N, C, *spatial) and weights filled with a smooth ramp, so every tap counts
A = ("def ramp(*shape, dtype='float32'):\n"
     "    n = int(np.prod(shape)); return mx.nd.array((np.arange(n) % 7 - 3).reshape(shape) / 4, dtype=dtype)\n")
# dtype, shape and rounded values of ``r``
R = A + "r = {}\nresult = (np.dtype(r.dtype).name, r.shape, np.round(r.asnumpy().astype('float64'), 4).tolist())"
# gradients of sum(out * head) w.r.t. data, weight, bias, rounded
G = A + ("x, w, b = {inputs}\nfor a in (x, w, b): a.attach_grad()\n"
         "with mx.autograd.record():\n    y = {call}\n"
         "y.backward(ramp(*y.shape) + 1)\n"
         "result = [np.round(a.grad.asnumpy().astype('float64'), 4).tolist() for a in (x, w, b)]")
# any MXNetError
E = A + "try:\n    {}.wait_to_read()\n    result = 'ok'\nexcept mx.base.MXNetError:\n    result = 'MXNetError'"

C1 = "ramp(2, 3, 7), ramp(4, 3, 3), ramp(4)"
C2 = "ramp(2, 3, 6, 5), ramp(4, 3, 3, 3), ramp(4)"
C3 = "ramp(1, 2, 4, 5, 4), ramp(3, 2, 2, 3, 2), ramp(3)"
CONVOLUTION = [R.format(f"mx.nd.Convolution({C1}, kernel=(3,), num_filter=4)"),
               R.format(f"mx.nd.Convolution({C1}, kernel=(3,), num_filter=4, stride=(2,), pad=(1,))"),
               R.format(f"mx.nd.Convolution({C1}, kernel=(3,), num_filter=4, dilate=(2,))"),
               R.format(f"mx.nd.Convolution({C1}, kernel='(3,)', num_filter='4', layout='NCW')"),
               R.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4)"),
               R.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, pad=(1, 1))"),
               R.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, stride=(2, 1), pad=(1, 0))"),
               R.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, dilate=(2, 1))"),
               R.format(f"mx.nd.Convolution({C2}, kernel='(3,3)', num_filter=4, stride='[2,2]', pad='(1, 1)', layout='NCHW')"),
               R.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, workspace=64, cudnn_tune='fastest', cudnn_off=True)"),
               R.format("mx.nd.Convolution(ramp(2, 4, 5, 5), ramp(6, 2, 3, 3), ramp(6), kernel=(3, 3), num_filter=6, num_group=2)"),
               R.format("mx.nd.Convolution(ramp(1, 4, 5, 5), ramp(4, 1, 3, 3), ramp(4), kernel=(3, 3), num_filter=4, num_group=4, pad=(1, 1))"),
               R.format("mx.nd.Convolution(ramp(2, 3, 6, 5), ramp(4, 3, 1, 1), ramp(4), kernel=(1, 1), num_filter=4)"),
               R.format("mx.nd.Convolution(ramp(2, 6, 5, 3), ramp(4, 3, 3, 3), ramp(4), kernel=(3, 3), num_filter=4, layout='NHWC')"),
               R.format("mx.nd.Convolution(ramp(2, 6, 5, 3), ramp(4, 3, 3, 3), ramp(4), kernel=(3, 3), num_filter=4, layout='NHWC', pad=(1, 1))"),
               R.format(f"mx.nd.Convolution({C3}, kernel=(2, 3, 2), num_filter=3)"),
               R.format(f"mx.nd.Convolution({C3}, kernel=(2, 3, 2), num_filter=3, stride=(1, 2, 1), pad=(1, 1, 0))"),
               R.format("mx.nd.Convolution(ramp(1, 4, 5, 4, 2), ramp(3, 2, 3, 2, 2), ramp(3), kernel=(2, 3, 2), num_filter=3, layout='NDHWC')"),
               R.format("mx.nd.Convolution(ramp(2, 3, 6, 5, dtype='float64'), ramp(4, 3, 3, 3, dtype='float64'), ramp(4, dtype='float64'), kernel=(3, 3), num_filter=4)"),
               R.format("mx.nd.Convolution(ramp(2, 3, 6, 5, dtype='float16'), ramp(4, 3, 3, 3, dtype='float16'), ramp(4, dtype='float16'), kernel=(3, 3), num_filter=4)"),
               R.format("mx.nd.Convolution(data=ramp(2, 3, 6, 5), weight=ramp(4, 3, 3, 3), bias=ramp(4), kernel=(3, 3), num_filter=4)"),
               A + "out = mx.nd.zeros((2, 4, 4, 3)); r = mx.nd.Convolution(" + C2 + ", kernel=(3, 3), num_filter=4, out=out)\n"
               "result = (r is out, np.round(out.asnumpy().astype('float64'), 4).tolist())",
               G.format(inputs=C2, call="mx.nd.Convolution(x, w, b, kernel=(3, 3), num_filter=4, pad=(1, 1), stride=(2, 1))"),
               G.format(inputs=C1, call="mx.nd.Convolution(x, w, b, kernel=(3,), num_filter=4, dilate=(2,))"),
               G.format(inputs="ramp(2, 4, 5, 5), ramp(6, 2, 3, 3), ramp(6)", call="mx.nd.Convolution(x, w, b, kernel=(3, 3), num_filter=6, num_group=2)"),
               G.format(inputs="ramp(2, 6, 5, 3), ramp(4, 3, 3, 3), ramp(4)", call="mx.nd.Convolution(x, w, b, kernel=(3, 3), num_filter=4, layout='NHWC')"),
               G.format(inputs=C3, call="mx.nd.Convolution(x, w, b, kernel=(2, 3, 2), num_filter=3)"),
               # errors
               E.format(f"mx.nd.Convolution({C2}, kernel=(2, 2), num_filter=4)"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=5)"),
               E.format("mx.nd.Convolution(ramp(2, 3, 6, 5), ramp(4, 3, 3, 3), ramp(5), kernel=(3, 3), num_filter=4)"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, stride=(2,))"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, pad=(1, 1, 1))"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, dilate=(1,))"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, layout='NWC')"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, layout='nchw')"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, cudnn_tune='best')"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3))"),
               E.format(f"mx.nd.Convolution({C2}, num_filter=4)"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, foo=1)"),
               E.format("mx.nd.Convolution(ramp(3, 6, 5), ramp(4, 3, 3, 3), ramp(4), kernel=(3, 3), num_filter=4)"),
               E.format("mx.nd.Convolution(ramp(2, 3, 2, 2), ramp(4, 3, 3, 3), ramp(4), kernel=(3, 3), num_filter=4)"),
               E.format("mx.nd.Convolution(ramp(2, 3, 6, 5), ramp(4, 3, 3, 3), kernel=(3, 3), num_filter=4)"),
               E.format("mx.nd.Convolution(ramp(2, 3, 6, 5, dtype='float64'), ramp(4, 3, 3, 3), ramp(4), kernel=(3, 3), num_filter=4)"),
               E.format("mx.nd.Convolution(ramp(2, 3, 6, 5, dtype='int32'), ramp(4, 3, 3, 3, dtype='int32'), ramp(4, dtype='int32'), kernel=(3, 3), num_filter=4)"),
               E.format("mx.nd.Convolution(ramp(2, 4, 5, 5), ramp(6, 2, 3, 3), ramp(6), kernel=(3, 3), num_filter=6, num_group=3)"),
               E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, stride=(0, 1))"),
               E.format(f"mx.nd.Convolution({C1}, kernel=(3,), num_filter=4, layout='NCHW')"),
               E.format("mx.nd.Convolution(ramp(1, 2, 4, 4, 4, 4), ramp(3, 2, 2, 2, 2, 2), ramp(3), kernel=(2, 2, 2, 2), num_filter=3)"),
               ]

D1 = "ramp(2, 3, 5), ramp(3, 4, 3), ramp(4)"
D2 = "ramp(2, 3, 4, 5), ramp(3, 4, 3, 3), ramp(4)"
DECONVOLUTION = [R.format(f"mx.nd.Deconvolution({D1}, kernel=(3,), num_filter=4, no_bias=False)"),
                 R.format(f"mx.nd.Deconvolution({D1}, kernel=(3,), num_filter=4, no_bias=False, stride=(2,), pad=(1,), adj=(1,))"),
                 R.format(f"mx.nd.Deconvolution({D1}, kernel=(3,), num_filter=4, no_bias=False, dilate=(2,))"),
                 R.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False)"),
                 R.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2), pad=(1, 1))"),
                 R.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 3), pad=(1, 0), adj=(1, 2))"),
                 R.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2), target_shape=(8, 10))"),
                 R.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2), target_shape=(9, 9), pad=(5, 5), adj=(1, 1))"),
                 R.format(f"mx.nd.Deconvolution({D2}, kernel='(3, 3)', num_filter='4', no_bias='False', stride='(2, 2)', target_shape='(7, 10)')"),
                 R.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, dilate=(2, 2))"),
                 R.format("mx.nd.Deconvolution(ramp(2, 4, 4, 5), ramp(4, 3, 3, 3), ramp(6), kernel=(3, 3), num_filter=6, num_group=2, no_bias=False)"),
                 R.format("mx.nd.Deconvolution(ramp(2, 3, 4, 5, dtype='float64'), ramp(3, 4, 3, 3, dtype='float64'), ramp(4, dtype='float64'), kernel=(3, 3), num_filter=4, no_bias=False)"),
                 G.format(inputs=D2, call="mx.nd.Deconvolution(x, w, b, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2), pad=(1, 1), adj=(1, 0))"),
                 G.format(inputs="ramp(2, 4, 4, 5), ramp(4, 3, 3, 3), ramp(6)", call="mx.nd.Deconvolution(x, w, b, kernel=(3, 3), num_filter=6, num_group=2, no_bias=False)"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=3, no_bias=False)"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(2, 2), num_filter=4, no_bias=False)"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2), target_shape=(20, 20))"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, adj=(1,))"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2,))"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), no_bias=False)"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, stride=(2, 2), adj=(2, 1))"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, adj=(1, 1))"),
                 E.format(f"mx.nd.Deconvolution({D2}, kernel=(3, 3), num_filter=4, no_bias=False, pad=(5, 5))"),
                 R.format(f"mx.nd.Deconvolution({D1}, kernel=(3,), num_filter=4, no_bias=False, target_shape=(0,))"),
                 R.format(f"mx.nd.Deconvolution({D1}, kernel=(3,), num_filter=4, no_bias=False, target_shape=(5,))"),
                 E.format(f"mx.nd.Deconvolution({D1}, kernel=(3,), num_filter=4, no_bias=False, target_shape=(6,))"),
                 ]

V2 = "ramp(2, 3, 6, 5), ramp(4, 3, 3, 3), ramp(4)"
CONVOLUTION_V1 = [R.format(f"mx.nd.Convolution_v1({V2}, kernel=(3, 3), num_filter=4)"),
                  R.format(f"mx.nd.Convolution_v1({V2}, kernel='(3, 3)', num_filter=4, stride=(2, 1), pad=(1, 1))"),
                  R.format("mx.nd.Convolution_v1(ramp(2, 4, 5, 5), ramp(6, 2, 3, 3), ramp(6), kernel=(3, 3), num_filter=6, num_group=2)"),
                  G.format(inputs=V2, call="mx.nd.Convolution_v1(x, w, b, kernel=(3, 3), num_filter=4, pad=(1, 1))"),
                  E.format(f"mx.nd.Convolution_v1({V2}, kernel=(2, 2), num_filter=4)"),
                  E.format(f"mx.nd.Convolution_v1({V2}, kernel=(3, 3), num_filter=4, layout='NCW')"),
                  E.format("mx.nd.Convolution_v1(ramp(1, 2, 4, 4, 4), ramp(3, 2, 2, 2, 2), ramp(3), kernel=(2, 2, 2), num_filter=3)"),
                  E.format("mx.nd.Convolution_v1(ramp(1, 2, 5), ramp(3, 2, 2), ramp(3), kernel=(2,), num_filter=3)"),
                  ]

# no_bias=True: MXNet takes exactly two arrays (data, weight); mxnd's builder binds a fixed
# number of inputs, so it takes the three arrays and ignores bias (see the module docstring)
NO_BIAS = [R.format("mx.nd.Convolution(ramp(2, 3, 6, 5), ramp(4, 3, 3, 3), kernel=(3, 3), num_filter=4, no_bias=True)"),
           E.format(f"mx.nd.Convolution({C2}, kernel=(3, 3), num_filter=4, no_bias=True)"),
           R.format("mx.nd.Deconvolution(ramp(2, 3, 4, 5), ramp(3, 4, 3, 3), kernel=(3, 3), num_filter=4)"),
           R.format("mx.nd.Convolution_v1(ramp(2, 3, 6, 5), ramp(4, 3, 3, 3), kernel=(3, 3), num_filter=4, no_bias=True)")]

# an output axis of size 0 gives the empty array; a negative one raises
EMPTY = [f"mx.nd.Deconvolution(mx.nd.ones((2, 2, 2, 6)), mx.nd.ones((2, 1, 1, 3)), kernel=(1, 3), stride=(1, 2), "
         f"pad={pad}, dilate=(1, 2), num_filter=2, num_group=2, no_bias=True).shape" for pad in ("(1, 1)", "(1, 0)", "(2, 1)")]

CASES = CONVOLUTION + DECONVOLUTION + CONVOLUTION_V1 + NO_BIAS + EMPTY
DELIBERATE = {case: _CPU_ONLY for case in CASES if "'NHWC'" in case or "'NDHWC'" in case}
DELIBERATE.update({case: _FP16 for case in CASES if "float16" in case})

