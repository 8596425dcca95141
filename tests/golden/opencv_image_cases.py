"""Cases of _cvimresize and _cvcopyMakeBorder (src/mxnd/ndarray/ops/opencv_image.py), recorded from MXNet 1.9.1.

Each entry is an expression, or statements that set ``result``. Never put a case here that crashes MXNet.
"""

IMAGE = "mx.nd.array(np.arange(2 * 3 * 2).reshape(2, 3, 2) * 7 % 256, dtype='{dtype}')"
WIDE = "mx.nd.array(np.random.RandomState(0).randint(0, 256, (5, 7, 3)), dtype='{dtype}')"
DTYPES = ("uint8", "int32", "float32", "float64")

CASES = [
    f"mx.nd._internal._cvimresize({IMAGE.format(dtype=dtype)}, w={w}, h={h}, interp={interp})"
    for dtype in DTYPES for (w, h) in ((4, 3), (2, 1), (5, 5)) for interp in (0, 1, 2, 3)
] + [
    f"mx.nd._internal._cvimresize({WIDE.format(dtype=dtype)}, w=3, h=4, interp={interp})"
    for dtype in ("uint8", "float32") for interp in (0, 1, 2, 3, 4)
] + [
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype=dtype)}, top={t}, bot={b}, left={l}, right={r}, type={kind})"
    for dtype in DTYPES for kind in range(5) for (t, b, l, r) in ((1, 2, 2, 1), (0, 0, 0, 0), (5, 4, 7, 8))
] + [
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype='uint8')}, top=1, bot=1, left=1, right=1, value=300)",
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype='uint8')}, top=1, bot=1, left=1, right=1, value=-3.5)",
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype='uint8')}, top=1, bot=1, left=1, right=1, value=2.5)",
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype='int32')}, top=1, bot=1, left=1, right=1, value=3.5)",
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype='float32')}, top=1, bot=1, left=1, right=1, value=-2.5)",
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype='float32')}, top=1, bot=0, left=0, right=1, values=(5, 9))",
    f"mx.nd._internal._cvcopyMakeBorder({IMAGE.format(dtype='int32')}, top=0, bot=1, left=1, right=0, values=(5, 9), value=3)",
    f"mx.nd._internal._cvcopyMakeBorder({WIDE.format(dtype='uint8')}, top=2, bot=2, left=2, right=2, values=(1, 2, 3))",
    f"mx.nd._internal._cvcopyMakeBorder({WIDE.format(dtype='uint8')}, top=9, bot=11, left=13, right=6, type=2)",
    f"mx.nd._internal._cvcopyMakeBorder({WIDE.format(dtype='uint8')}, top=9, bot=11, left=13, right=6, type=4)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.array([[[4]]], dtype='uint8'), top=2, bot=1, left=1, right=3, type=4)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.array([[[4]]], dtype='uint8'), top=2, bot=1, left=1, right=3, type=2)",
    # BORDER_ISOLATED (16) with each type, as mx.image's detection padding passes it; one value on 3 channels
    *(f"mx.nd._internal._cvcopyMakeBorder({WIDE.format(dtype='uint8')}, top=2, bot=1, left=3, right=1, type={16 + kind}, "
      f"values=(127, 128, 129))" for kind in range(5)),
    f"mx.nd._internal._cvcopyMakeBorder({WIDE.format(dtype='float32')}, top=1, bot=0, left=1, right=0, type=16, values=(127.5,))",
    # int32 INTER_LINEAR_EXACT is OpenCV's 32.32 fixed-point resize (fuzzing found mxnd refusing it);
    # halving hands it to INTER_AREA, which has no int32 kernel (2 channels stay bit-exact)
    *(f"mx.nd._internal._cvimresize(mx.nd.array(np.random.RandomState({seed}).randint({lo}, {hi}, ({h}, {w}, {c})), "
      f"dtype='int32'), w={ow}, h={oh}, interp=5)"
      for seed, lo, hi, (h, w, c), (ow, oh) in (
          (1, 0, 256, (4, 6, 3), (9, 7)), (2, -300, 300, (5, 3, 1), (2, 4)),
          (3, -2 ** 31, 2 ** 31 - 1, (3, 7, 4), (11, 2)), (4, -2 ** 20, 2 ** 20, (6, 4, 2), (3, 3)),
          (5, 0, 256, (4, 6, 3), (3, 2)), (6, 0, 256, (4, 6, 2), (3, 2)))),
    # value is cv::Scalar(value, value, value): a 4th channel's border is 0 (fuzzing found value there)
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 3, 4), dtype='float64'), top=0, bot=2, left=2, right=0, value=7.5)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 3, 4), dtype='uint8'), top=1, bot=1, left=1, right=1, value=9)",
    "mx.image.copyMakeBorder(mx.nd.ones((2, 3, 4)), 1, 0, 0, 1, value=-2)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 2, 3), dtype='uint8'), top=1, bot=0, left=1, right=0, type=5)",
    # no margins: a copy, whatever the border type (fuzzing found mxnd checking the type first)
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 2, 3), dtype='uint8'), top=0, bot=0, left=0, right=0, type=5)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 1, 3), dtype='int32'), top=0, bot=0, left=0, right=0, type=-1)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 2, 3), dtype='uint8'), top=1, bot=0, left=1, right=0, type=32)",
    # errors
    "mx.nd._internal._cvimresize(mx.nd.ones((2, 3)), w=2, h=2)",
    "mx.nd._internal._cvimresize(mx.nd.ones((2, 3, 1), dtype='float16'), w=2, h=2)",
    "mx.nd._internal._cvimresize(mx.nd.ones((2, 3, 1)), w=0, h=2)",
    "mx.nd._internal._cvimresize(mx.nd.ones((2, 3, 1)))",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 3)), top=1, bot=1, left=1, right=1)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 3, 1), dtype='float16'), top=1, bot=1, left=1, right=1)",
    "mx.nd._internal._cvcopyMakeBorder(mx.nd.ones((2, 3, 1)), top=1, bot=1)",
]
