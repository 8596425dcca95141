"""A small tour of mxnd: MXNet 1.x NDArray code, unchanged, on PyTorch.

Run: python examples/demo.py
"""
import mxnd as mx


def main():
    x = mx.nd.array([[1, 2, 3], [4, 5, 6]])
    print("x =", x)
    y = x + mx.nd.ones(x.shape) * 3
    print("y = x + ones * 3 ->", y.asnumpy().tolist())

    view = x[0:1]          # basic slicing is a view
    view[:] = 2
    print("after x[0:1][:] = 2, x =", x.asnumpy().tolist())

    z = mx.nd.arange(0, 24).reshape((2, -1, 4))   # MXNet's special reshape codes
    print("arange(24).reshape((2, -1, 4)).shape =", z.shape)
    print("z[1, ::2, [0, 3]] =", z[1, ::2, [0, 3]].asnumpy().tolist())

    i = mx.nd.array([7, -7], dtype="int32")
    print("int32 [7, -7] / 2 =", (i / 2).asnumpy().tolist(), "(MXNet truncates)")
    print("float32 [1, 2, 3] > 1 ->", (mx.nd.array([1, 2, 3]) > 1).asnumpy().tolist(), "(0/1 in float32)")

    ctx = mx.gpu(0) if mx.context.num_gpus() else mx.cpu(0)
    w = x.as_in_context(ctx)
    print("sum of squares on", w.context, ":", float((w * w).asnumpy().sum()))
    try:
        x + mx.nd.ones((2, 3), dtype="int32")
    except mx.base.MXNetError as error:
        print("mixed dtypes raise MXNetError:", str(error).splitlines()[0])
    mx.nd.waitall()


if __name__ == "__main__":
    main()
