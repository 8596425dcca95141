"""One worker of the 2-process KVStore tests (started by test_dist.py, directly or by torchrun).

``python dist_worker.py SCENARIO[:KV_TYPE][,SCENARIO[:KV_TYPE]...]`` (KV_TYPE defaults to
dist_sync); the rank and the group come from the environment. Each
scenario asserts exact values itself and prints ``PASS <scenario> rank <r>`` at the end.
"""
import os
import sys
import tempfile
import time

import numpy as np

import mxnd as mx
from mxnd.kvstore.compression import TwoBit


def rank_values(rank, shape, seed):
    """The float32 values rank ``rank`` pushes: the same on every process for a given rank."""
    return np.random.RandomState(seed + rank).uniform(-1, 1, shape).astype(np.float32)


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def scenario_basic(kv_type):
    kv = mx.kv.create(kv_type)
    r, n = kv.rank, kv.num_workers
    check((kv.type, n) == (kv_type, 2) and r in (0, 1), f"type/rank/num_workers {kv.type} {r} {n}")
    shape = (2, 3)
    # init: rank 0's value wins
    kv.init(3, mx.nd.ones(shape) * (r + 1) * 2)
    a = mx.nd.zeros(shape)
    kv.pull(3, out=a)
    check(a.asnumpy().tolist() == [[2.0] * 3] * 2, f"init from rank 0: {a.asnumpy()}")
    # push: summed over workers, replaces the stored value
    kv.push(3, mx.nd.ones(shape) * (r + 1))
    kv.pull(3, out=a)
    check(a.asnumpy().tolist() == [[3.0] * 3] * 2, f"push sum: {a.asnumpy()}")
    kv.push(3, [mx.nd.ones(shape) * (r + 1)] * 2)  # two devices per worker
    outs = [mx.nd.zeros(shape), mx.nd.zeros(shape, dtype="float64")]
    kv.pull(3, out=outs)
    check(all(o.asnumpy().tolist() == [[6.0] * 3] * 2 for o in outs), "list push/pull")
    check(outs[1].dtype == np.float64, "pull keeps the out dtype")
    # exact sums of random values, several keys in one call (coalesced reduction)
    keys = ["w0", "w1", "w2"]
    shapes = [(5,), (3, 4), (7, 2, 2)]
    kv2 = mx.kv.create(kv_type)
    kv2.init(keys, [mx.nd.zeros(s) for s in shapes])
    mine = [mx.nd.array(rank_values(r, s, 10 * i)) for i, s in enumerate(shapes)]
    before = [m.asnumpy().copy() for m in mine]
    pulled = [mx.nd.zeros(s) for s in shapes]
    kv2.pushpull(keys, mine, out=pulled)
    for i, s in enumerate(shapes):
        expected = rank_values(0, s, 10 * i) + rank_values(1, s, 10 * i)
        check(np.array_equal(pulled[i].asnumpy(), expected), f"exact sum of {keys[i]}")
        check(np.array_equal(mine[i].asnumpy(), before[i]), "pushed arrays left intact")
    # pushpull in place, int dtype, broadcast
    kv2.init("i", mx.nd.zeros((4,), dtype="int32"))
    v = mx.nd.array([1, 2, 3, 4 + r], dtype="int32")
    kv2.pushpull("i", v)
    check(v.asnumpy().tolist() == [2, 4, 6, 9] and v.dtype == np.int32, f"int pushpull {v.asnumpy()}")
    b = mx.nd.zeros((3,))
    kv2.broadcast("b", mx.nd.array([r + 7.0] * 3), out=b)
    check(b.asnumpy().tolist() == [7.0] * 3, "broadcast from rank 0")
    kv2.barrier()
    kv2._barrier()


def scenario_sparse(kv_type):
    kv = mx.kv.create(kv_type)
    r = kv.rank
    base = np.arange(12, dtype=np.float32).reshape(6, 2)
    kv.init("emb", mx.nd.array(base).tostype("row_sparse"))
    out = mx.nd.sparse.zeros("row_sparse", (6, 2))
    kv.row_sparse_pull("emb", out=out, row_ids=mx.nd.array([4, 1, 4]))
    check(out.indices.asnumpy().tolist() == [1, 4], "rows pulled")
    check(out.data.asnumpy().tolist() == [[2.0, 3.0], [8.0, 9.0]], "row values pulled")
    # rank 0 pushes rows 0 and 2, rank 1 rows 2 and 5: the store holds their union, summed
    rows = [[0, 2], [2, 5]][r]
    grad = mx.nd.sparse.row_sparse_array((np.full((2, 2), r + 1, np.float32), rows), shape=(6, 2))
    kv.push("emb", grad)
    kv.row_sparse_pull("emb", out=out, row_ids=mx.nd.array([0, 1, 2, 3, 4, 5]))
    check(out.data.asnumpy().tolist() == [[1, 1], [0, 0], [3, 3], [0, 0], [0, 0], [2, 2]],
          f"row_sparse push sum {out.data.asnumpy()}")
    dense = mx.nd.zeros((6, 2))
    kv.pull("emb", out=dense)
    check(dense.asnumpy()[2].tolist() == [3.0, 3.0], "dense pull of a row_sparse value")
    # optimizer on the store with row_sparse gradients: only pushed rows move (lazy SGD)
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.1))
    kv.init("w", mx.nd.ones((4, 2)).tostype("row_sparse"))
    g = mx.nd.sparse.row_sparse_array((np.ones((1, 2), np.float32), [2]), shape=(4, 2))
    kv.push("w", g)
    w = mx.nd.sparse.zeros("row_sparse", (4, 2))
    kv.row_sparse_pull("w", out=w, row_ids=mx.nd.arange(4))
    got = w.data.asnumpy()
    check(got[2].tolist() == [np.float32(0.8)] * 2 and got[[0, 1, 3]].tolist() == [[1.0, 1.0]] * 3,
          f"row_sparse SGD on the store {got}")


def scenario_optimizer(kv_type):
    kv = mx.kv.create(kv_type)
    r = kv.rank
    # each rank passes different hyper-parameters: rank 0's optimizer is used everywhere
    kv.set_optimizer(mx.optimizer.SGD(learning_rate=0.1 if r == 0 else 5.0, momentum=0.9, wd=0.01,
                                      rescale_grad=0.5))
    shape = (2, 3)
    kv.init("w", mx.nd.ones(shape))
    kv.push("w", [mx.nd.ones(shape) * (1 + 2 * r)])  # summed gradient 4, as MXNet's local example
    a = mx.nd.zeros(shape)
    kv.pull("w", out=a)
    check(a.asnumpy().tolist() == [[np.float32(0.7990000247955322)] * 3] * 2, f"SGD step 1 {a.asnumpy()}")
    kv.push("w", mx.nd.ones(shape) * 0.5)
    kv.pull("w", out=a)
    check(a.asnumpy().tolist() == [[np.float32(0.5673010349273682)] * 3] * 2, f"SGD step 2 {a.asnumpy()}")
    # states saved by every worker are equal, and load back
    fname = os.path.join(os.environ["KV_TEST_DIR"], f"states{r}")
    kv.save_optimizer_states(fname)
    kv.load_optimizer_states(fname)
    kv.pushpull("w", mx.nd.ones(shape) * 0.5, out=a)
    check(a.asnumpy().tolist() == [[np.float32(0.30820465087890625)] * 3] * 2, f"SGD step 3 {a.asnumpy()}")
    # 2-bit compression: each worker quantizes its own gradient, with its own residual
    kv3 = mx.kv.create(kv_type)
    kv3.set_gradient_compression({"type": "2bit", "threshold": 0.5})
    kv3.init(0, mx.nd.zeros((20,)))
    gc = TwoBit(0.5)
    residuals = [mx.nd.zeros((20,))._data for _ in range(2)]
    out = mx.nd.zeros((20,))
    for step in range(3):
        grads = [rank_values(k, (20,), step) for k in range(2)]
        kv3.push(0, mx.nd.array(grads[r]))
        kv3.pull(0, out=out)
        import torch
        expected = sum(gc.quantize(torch.from_numpy(grads[k]), residuals[k]) for k in range(2))
        check(np.array_equal(out.asnumpy(), expected.numpy()), f"2bit step {step}")
        check(set(np.unique(out.asnumpy())) <= {-1.0, -0.5, 0.0, 0.5, 1.0}, "2bit levels")


def scenario_deadpeer(kv_type):
    kv = mx.kv.create(kv_type)
    kv.init(0, mx.nd.zeros((3,)))
    if kv.rank == 1:
        os._exit(0)  # the peer dies without a word
    time.sleep(1.0)
    start = time.time()
    try:
        kv.push(0, mx.nd.ones((3,)))
        kv.barrier()
    except mx.MXNetError as err:
        print(f"DEADPEER {time.time() - start:.1f}s {err}")
        return
    raise AssertionError("push to a dead peer did not raise")


def scenario_join_timeout(kv_type):
    start = time.time()
    try:
        mx.kv.create(kv_type)
    except mx.MXNetError as err:
        print(f"JOINTIMEOUT {time.time() - start:.1f}s {err}")
        return
    raise AssertionError("joining without peers did not raise")


if __name__ == "__main__":
    os.environ.setdefault("KV_TEST_DIR", tempfile.gettempdir())
    for item in sys.argv[1].split(","):
        name, _, kv_type = item.partition(":")
        globals()["scenario_" + name](kv_type or "dist_sync")
        print(f"PASS {name} rank {os.environ.get('RANK', os.environ.get('DMLC_WORKER_ID'))}", flush=True)
