# Per-tutorial modifications.  MODS[name][i] = ('skip', reason) | ('replace', code)
# EXTRA[name][i] = [code, ...] : cells inserted after original cell i (-1: before everything)
import os
WORK = os.environ.get("WORK", "/tmp/mxnet_tutorials")  # where the tutorials, scripts and outputs go

MODS, EXTRA = {}, {}

def gpu2cpu(code):
    return code.replace('gpu(', 'cpu(').replace('from mxnet import gpu', 'from mxnet import cpu')

# ---------------------------------------------------------------- 1-ndarray
n = 'getting-started__crash-course__1-ndarray'
MODS[n] = {3: ('replace', "y = nd.random.uniform(-1,1,(2,3))\n_desc(y)")}
EXTRA[n] = {3: ["y = _pin((2,3))\ny"]}

# ---------------------------------------------------------------- 2-nn
n = 'getting-started__crash-course__2-nn'
G = ('skip', 'Gluon')
MODS[n] = {0: ('replace', 'from mxnet import nd'), 1: G, 2: G,
           3: ('replace', "x = nd.random.uniform(-1,1,(3,4))\n_desc(x)"),
           4: G, 5: G,
           6: ('replace', "x = nd.random.uniform(shape=(4,1,28,28))\n_desc(x)"),
           7: G, 8: G,
           9: ('replace', "x = nd.random.uniform(shape=(2,2))\n_desc(x)"),
           10: G}
EXTRA[n] = {8: ["y = nd.relu(_pin((2,3)))\nprint(y)"]}

# ---------------------------------------------------------------- 3-autograd
n = 'getting-started__crash-course__3-autograd'
MODS[n] = {7: ('replace', """a = nd.random.uniform(shape=2)
print(_desc(a))
a = _pin((2,), 0, 1)
a.attach_grad()
with autograd.record():
    c = f(a)
c.backward()""")}

# ---------------------------------------------------------------- 4-train
n = 'getting-started__crash-course__4-train'
MODS[n] = {0: ('replace', 'from mxnet import nd, autograd\nimport time'),
           1: ('skip', 'dataset download'), 2: ('skip', 'matplotlib'), 3: G, 4: G, 5: G, 6: G, 7: G, 8: G, 9: G,
           11: ('skip', 'Gluon training loop'), 12: G}
EXTRA[n] = {10: ["output = nd.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7], [0.6, 0.4]])\n"
                 "label = nd.array([1, 0, 0, 1], dtype='int32')\nacc(output, label)",
                 "(output.argmax(axis=1), label.astype('float32'), output.argmax(axis=1) == label.astype('float32'))"]}

# ---------------------------------------------------------------- 5-predict
n = 'getting-started__crash-course__5-predict'
MODS[n] = {0: ('replace', 'from mxnet import nd\nfrom mxnet import image\nimport numpy as np'),
           1: G, 2: G, 3: G, 4: G, 5: ('skip', 'matplotlib'), 6: ('skip', 'model zoo download'),
           7: ('replace', "text_labels = ['label %d' % i for i in range(1000)]"),
           8: ('replace', f"fname = {WORK + '/data/dog.png'!r}\nx = image.imread(fname)\n(x.shape, x.dtype, x[100, 100], x.sum())"),
           9: ('replace', "x = image.resize_short(x, 256)\nprint(x.shape, x.dtype, x[100,100], x.astype('float32').sum())\n"
                          "x, _ = image.center_crop(x, (224,224))\nprint(x.shape, x.dtype, _, x[100,100], x.astype('float32').sum())"),
           11: ('replace', """logits = nd.array(np.random.RandomState(1).randn(1, 1000).astype('float32'))
net = lambda data: logits
prob = net(transform(x)).softmax()
idx = prob.topk(k=5)[0]
for i in idx:
    i = int(i.asscalar())
    print('With prob = %.5f, it contains %s' % (
        prob[0,i].asscalar(), text_labels[i]))""")}
EXTRA[n] = {10: ["t = transform(x)\n(t.shape, t.dtype, t[0, :, 100, 100], t.sum())"]}

# ---------------------------------------------------------------- 6-use_gpus
n = 'getting-started__crash-course__6-use_gpus'
MODS[n] = {0: ('replace', 'import mxnet as mx\nfrom mxnet import nd, gpu, autograd\nimport time'),
           4: G, 5: G, 6: G, 7: G, 8: G}
EXTRA[n] = {0: ["mx.context.num_gpus()"],
            1: ["x = nd.ones((3,4), ctx=mx.cpu())\nx"],
            2: ["x.copyto(mx.cpu(1))"],
            3: ["y = nd.random.uniform(shape=(3,4), ctx=mx.cpu())\nprint(_desc(y))\ny = _pin((3,4), 0, 1)\nx + y",
                "x = nd.random.uniform(shape=(1,1,28,28), ctx=mx.cpu(0))\n_desc(x)"]}

# ---------------------------------------------------------------- logistic regression
n = 'getting-started__logistic_regression_explained'
MODS[n] = {
    0: ('replace', "import numpy as np\nimport mxnet as mx\nfrom mxnet import nd, autograd\n\nmx.random.seed(12345)  # Added for reproducibility"),
    3: ('replace', """train_x, train_ground_truth_class = get_random_data(train_data_size, ctx)
print(_desc([train_x, train_ground_truth_class]))
# pinned (deterministic) data from here on
def get_random_data(size, ctx, _seed=[5]):
    _seed[0] += 1
    x = nd.array(np.random.RandomState(_seed[0]).normal(0, 1, (size, 10)).astype('float32'), ctx=ctx)
    y = x.sum(axis=1) > 3
    return x, y
train_x, train_ground_truth_class = get_random_data(train_data_size, ctx)
print(train_ground_truth_class.dtype, train_ground_truth_class.sum())
train_dataloader = [(train_x[i:i+batch_size], train_ground_truth_class[i:i+batch_size]) for i in range(0, train_data_size, batch_size)]
val_x, val_ground_truth_class = get_random_data(val_data_size, ctx)
val_dataloader = [(val_x[i:i+batch_size], val_ground_truth_class[i:i+batch_size]) for i in range(0, val_data_size, batch_size)]
print(len(train_dataloader), len(val_dataloader), val_ground_truth_class.sum())"""),
    4: ('replace', """W = _pin((10, 1), -0.5, 0.5, seed=3); W.attach_grad()
b = nd.zeros((1,)); b.attach_grad()
def net(d):
    return nd.dot(d, W) + b
class _Trainer(object):
    def step(self, bs):
        for p in (W, b):
            p[:] = p - 0.1 / bs * p.grad
"""),
    5: ('replace', """def loss(output, label):  # gluon.loss.SigmoidBinaryCrossEntropyLoss
    label = label.reshape(output.shape)
    l = nd.relu(output) - output * label + nd.Activation(-nd.abs(output), act_type='softrelu')
    return nd.mean(l, axis=0, exclude=True)
trainer = _Trainer()
accuracy = mx.metric.Accuracy()
f1 = mx.metric.F1()"""),
}

# ---------------------------------------------------------------- autograd index
n = 'packages__autograd__index'
MODS[n] = {
    1: ('replace', """import mxnet as mx
from mxnet import nd
x = mx.nd.array([[0.3, 0.5]])
y = mx.nd.array([[1.5]])
W1 = _pin((3, 2), seed=1); W1.attach_grad()
W2 = _pin((1, 3), seed=2); W2.attach_grad()"""),
    2: ('replace', """with autograd.record():
    h = nd.FullyConnected(x, W1, no_bias=True, num_hidden=3)
    y_hat = nd.FullyConnected(h, W2, no_bias=True, num_hidden=1)
    loss = nd.mean(nd.square(y - y_hat) * 0.5, axis=0, exclude=True)
print(y_hat, loss)"""),
    4: ('replace', "W1.grad"),
    5: ('replace', """data = mx.nd.ones(shape=(3,3))

output = mx.nd.Dropout(data, p=0.5)
is_training = autograd.is_training()
print('is_training:', is_training, output)"""),
    6: ('replace', """with autograd.record():
    output = mx.nd.Dropout(data, p=0.5)
    print('inside record, is_training:', autograd.is_training())
print('is_training:', is_training, _desc(output), set(output.asnumpy().ravel().tolist()) <= {0.0, 2.0})"""),
    7: ('replace', "W1.attach_grad(grad_req='null')\nW1.grad"),
}

# ---------------------------------------------------------------- 01-intro
n = 'packages__ndarray__01-ndarray-intro'
MODS[n] = {3: ('replace', "x = nd.empty((3, 3))\nprint(_desc(x))\nx = nd.full((3,3), 7)\nprint(x)"),
           6: ('replace', "y = nd.random_normal(0, 1, shape=(3, 4))\nprint(_desc(y))\ny = _pin((3, 4))\nprint(y)")}

# ---------------------------------------------------------------- 02-operations
n = 'packages__ndarray__02-ndarray-operations'
MODS[n] = {1: ('replace', """x = nd.ones((3, 4))
y = nd.random_normal(0, 1, shape=(3, 4))
print(_desc(y))
y = _pin((3, 4))
print('x=', x)
print('y=', y)
x = x + y
print('x = x + y, x=', x)""")}

# ---------------------------------------------------------------- 03-contexts
n = 'packages__ndarray__03-ndarray-contexts'
MODS[n] = {}
EXTRA[n] = {-1: ["from mxnet import nd\nimport mxnet as mx\nx = nd.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])"]}
# CPU versions appended after each original (filled below in build)

# ---------------------------------------------------------------- gotchas
n = 'packages__ndarray__gotchas_numpy_in_mxnet'
MODS[n] = {2: ('replace', """from __future__ import print_function

import mxnet as mx
from mxnet import nd, autograd
from mxnet.ndarray import NDArray
import numpy as np

class LossBuffer(object):
    def __init__(self):
        self._loss = None

    def new_loss(self, loss):
        ret = self._loss
        self._loss = loss
        return ret

    @property
    def loss(self):
        return self._loss

W = _pin((100, 10), -0.1, 0.1, seed=7); W.attach_grad()
def net(d):
    return nd.dot(d, W)
def ce(out, label):  # gluon.loss.SoftmaxCELoss
    return -nd.pick(nd.log_softmax(out, axis=-1), label, axis=-1, keepdims=True).mean(axis=0, exclude=True)

data = nd.random.uniform(shape=(1024, 100))
print(_desc(data))
data = _pin((1024, 100), 0, 1, seed=8)
label = nd.array(np.random.RandomState(9).randint(0, 10, (1024,)), dtype='int32')
train_data = [(data[i:i+128], label[i:i+128]) for i in range(0, 1024, 128)]
loss_buffer = LossBuffer()

for data, label in train_data:
    with autograd.record():
        out = net(data)
        # This call saves new loss and returns previous loss
        prev_loss = loss_buffer.new_loss(ce(out, label))

    loss_buffer.loss.backward()
    W[:] = W - 0.01 / data.shape[0] * W.grad   # trainer.step

    if prev_loss is not None:
        print("Loss: {}".format(np.mean(prev_loss.asnumpy())))""")}

# ---------------------------------------------------------------- csr
n = 'packages__ndarray__sparse__csr'
MODS[n] = {4: ('replace', """big_array = mx.nd.round(mx.nd.random.uniform(low=0, high=1, shape=(1000, 100)))
print(_desc(big_array))
big_array = mx.nd.round(_pin((1000, 100), 0, 1))
print(big_array)
big_array_csr = big_array.tostype('csr')
# Access indices array
indices = big_array_csr.indices
# Access indptr array
indptr = big_array_csr.indptr
# Access data array
data = big_array_csr.data
print(indices.shape, indptr.shape, data.shape, indices.dtype, indptr.dtype, data.dtype)""")}
EXTRA[n] = {18: ["""import sys
gpu_device=mx.cpu()
try:
    a = mx.nd.sparse.zeros('csr', (100, 100), ctx=gpu_device)
    print(a)
except mx.MXNetError as err:
    sys.stderr.write(str(err))"""]}

# ---------------------------------------------------------------- row_sparse
n = 'packages__ndarray__sparse__row_sparse'
MODS[n] = {}
EXTRA[n] = {20: ["""import sys
gpu_device=mx.cpu()
try:
    a = mx.nd.sparse.zeros('row_sparse', (100, 100), ctx=gpu_device)
    print(a)
except mx.MXNetError as err:
    sys.stderr.write(str(err))"""]}

# ---------------------------------------------------------------- sparse train
n = 'packages__ndarray__sparse__train'
S = ('skip', 'Symbol/Module')
MODS[n] = {0: ('replace', """import mxnet as mx
import numpy as np
import random

# set the seeds for repeatability
random.seed(42)
np.random.seed(42)
mx.random.seed(42)"""), 1: S, 2: S, 3: S, 4: S, 5: S, 6: S,
    7: ('replace', """# Random training data
feature_dimension = 100
train_data = mx.test_utils.rand_ndarray((1000, feature_dimension), 'csr', 0.01)
print(_desc(train_data))
_rs = np.random.RandomState(0)
_dense = ((_rs.rand(1000, feature_dimension) < 0.01) * _rs.uniform(0, 1, (1000, feature_dimension))).astype('float32')
train_data = mx.nd.array(_dense).tostype('csr')
print(train_data, train_data.data.shape)
target_weight = mx.nd.arange(1, feature_dimension + 1).reshape((feature_dimension, 1))
train_label = mx.nd.dot(train_data, target_weight)
print(train_label.stype, train_label.shape, train_label[:5])
batch_size = 1
train_iter = mx.io.NDArrayIter(train_data, train_label, batch_size, last_batch_handle='discard', label_name='label')
print(train_iter.provide_data, train_iter.provide_label)"""),
    8: ('replace', """initializer = mx.initializer.Normal(sigma=0.01)
weight = mx.nd.array(np.random.RandomState(1).normal(0, 0.01, (feature_dimension, 1)).astype('float32')).tostype('row_sparse')
bias = mx.nd.zeros((1,))
print(weight.stype, weight.indices.shape)"""),
    9: ('replace', """sgd = mx.optimizer.SGD(learning_rate=0.05, rescale_grad=1.0/batch_size, momentum=0.9)
w_state = sgd.create_state(0, weight)
b_state = sgd.create_state(1, bias)
print(type(w_state), w_state.stype)"""),
    10: ('replace', """metric = mx.metric.create('MSE')
for epoch in range(2):
    train_iter.reset()
    metric.reset()
    for batch in train_iter:
        X = batch.data[0]; Y = batch.label[0]
        pred = mx.nd.broadcast_add(mx.nd.sparse.dot(X, weight), bias)       # forward
        metric.update(batch.label, [pred])
        err = (pred - Y.reshape(pred.shape))                               # LinearRegressionOutput grad
        grad_w = mx.nd.sparse.dot(X, err, transpose_a=True)                 # row_sparse gradient
        grad_b = err.sum(axis=0)
        sgd.update(0, weight, grad_w, w_state)
        sgd.update(1, bias, grad_b, b_state)
    print('Epoch %d, Metric = %s' % (epoch, metric.get()))
print(X.stype, grad_w.stype, weight.stype)""")}

# ---------------------------------------------------------------- optimizer
n = 'packages__optimizer__index'
MODS[n] = {0: ('replace', """from mxnet import optimizer
import mxnet as mx
def _probe(opt, random=False):
    w = mx.nd.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
    g = mx.nd.array([[0.1, -0.2, 0.3], [-0.4, 0.5, -0.6]])
    st = opt.create_state(0, w)
    for i in range(3):
        opt.update(0, w, g, st)
    print(type(opt).__name__, _desc(w) if random else w)
    upd = mx.optimizer.get_updater(opt)
    upd(1, g, w)
    print(_desc(w) if random else w)
optim = optimizer.SGD(learning_rate=0.1)
_probe(optim)"""),
           1: ('replace', "_probe(optimizer.create('adam', learning_rate=1))")}
EXTRA[n] = {i: ["_probe(%s)" % v] for i, v in [
    (2, 'sgd_optimizer'), (3, 'nag_optimizer'), (4, 'adagrad_optimizer'), (5, 'rmsprop_optimizer'),
    (6, 'adadelta_optimizer'), (7, 'adam_optimizer'), (8, 'adamax_optimizer'), (9, 'nadam_optimizer'),
    (10, 'signum_optimizer'), (11, 'lbsgd_optimizer'), (12, 'dcasgd_optimizer'), (13, 'ftrl_optimizer'),
    (14, 'ftml_optimizer')]}
EXTRA[n][15] = ["_probe(sgld_optimizer, random=True)"]

# ---------------------------------------------------------------- profiler
n = 'performance__backend__profiler'
MODS[n] = {
    2: ('replace', """ctx = mx.cpu()
W = _pin((784, 10), -0.05, 0.05, seed=11); W.attach_grad()
def net(d):
    return nd.dot(d.reshape((d.shape[0], -1)), W)"""),
    3: ('replace', """dataloader = [(_pin((64, 1, 28, 28), 0, 1, seed=20 + i), nd.array(np.random.RandomState(i).randint(0, 10, 64))) for i in range(4)]"""),
    4: ('replace', """def run_training_iteration(data, label):
    data = data.as_in_context(ctx)
    label = label.as_in_context(ctx)
    with autograd.record():
        output = net(data)
        loss = -nd.pick(nd.log_softmax(output), label)
    loss.backward()
    W[:] = W - 0.1 / data.shape[0] * W.grad"""),
    10: ('replace', """# Set profile_all to True
profiler.set_config(profile_all=True, aggregate_stats=True, continuous_dump=True)
# OR, Explicitly Set profile_symbolic and profile_imperative to True
profiler.set_config(profile_symbolic=True, profile_imperative=True, \\
                    aggregate_stats=True, continuous_dump=True)
# (Symbol part skipped)"""),
}
EXTRA[n] = {-1: ["import numpy as np"],
            6: ["import json\nev = json.load(open('profile_output.json'))['traceEvents']\n"
                "print(sorted(set(e.get('name') for e in ev if e.get('ph') in ('B', 'X', 'E'))))\n"
                "print(sorted(set(e.get('cat') for e in ev if 'cat' in e)))"]}
