import json, glob, os, re, subprocess, sys
WORK = os.environ.get("WORK", "/tmp/mxnet_tutorials")  # where the tutorials, scripts and outputs go
MIRROR = os.environ.get("MXNET_MIRROR", "/work/.mirror/apache+mxnet/repo")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from config import MODS, EXTRA, gpu2cpu

os.makedirs(WORK + '/scripts', exist_ok=True)
for path in sorted(glob.glob(WORK + '/cells/*.json')):
    name = os.path.basename(path)[:-5]
    cells = json.load(open(path))
    mods, extra = MODS.get(name, {}), EXTRA.get(name, {})
    out = []
    for j, c in enumerate(extra.get(-1, [])):
        out.append(('pre%d' % j, c))
    for i, c in enumerate(cells):
        m = mods.get(i)
        if m is None:
            out.append(('%d' % i, c))
        elif m[0] == 'skip':
            out.append(('%d SKIPPED(%s)' % (i, m[1]), 'pass'))
        else:
            out.append(('%d REPLACED' % i, m[1]))
        if name == 'packages__ndarray__03-ndarray-contexts':
            out.append(('%d cpu' % i, gpu2cpu(c)))
        for j, e in enumerate(extra.get(i, [])):
            out.append(('%d+extra%d' % (i, j), e))
    json.dump(out, open(WORK + '/scripts/%s.json' % name, 'w'), indent=1)

# ------------------------------------------------------------------ examples
G = "git --git-dir=" + MIRROR + " show v1.9.1:"
def src(p):
    return subprocess.check_output(G + p, shell=True, text=True)

ex = {}
s = src('example/profiler/profiler_ndarray.py')
body, main = s.split("if __name__ == '__main__':")
tests = re.findall(r'^\s+(test_\w+)\(\)', main, re.M)
cells = [('defs', body), ('start', "mx.profiler.set_config(profile_all=True, filename='profile_ndarray.json')\nmx.profiler.set_state('run')")]
for t in tests:
    cells.append((t, "%s()\nprint('ok')" % t))
cells.append(('stop', "mx.profiler.set_state('stop')\nmx.profiler.dump()\nimport json\n"
              "ev = json.load(open('profile_ndarray.json'))['traceEvents']\nprint(len(ev) > 0)"))
ex['example__profiler__profiler_ndarray'] = cells

s = src('example/numpy-ops/custom_sparse_sqr.py')
i = s.index('x = mx.nd.array(')
j = s.index('x = mx.nd.array(', i + 1)
ex['example__numpy-ops__custom_sparse_sqr'] = [('defs', s[:i] + "\nnp.random.seed(0)"), ('dense', s[i:j]), ('csr', s[j:])]

s = src('example/dsd/sparse_sgd.py')
ex['example__dsd__sparse_sgd'] = [('defs', s), ('use', """import mxnet as mx
import numpy as np
opt = SparseSGD(pruning_switch_epoch=[1, 2], batches_per_epoch=2, weight_sparsity=[50, 0], bias_sparsity=[0, 0],
                learning_rate=0.1, momentum=0.9)
w = mx.nd.array(np.arange(12).reshape(3, 4) * 0.1 - 0.55)
b = mx.nd.array([0.1, -0.2, 0.3])
g = mx.nd.array(np.ones((3, 4)) * 0.05)
gb = mx.nd.array([0.01, 0.02, 0.03])
sw = opt.create_state(0, w); sb = opt.create_state(1, b)
for step in range(6):
    opt.update(0, w, g.copy(), sw)
    opt.update(1, b, gb.copy(), sb)
    print(step, w, b)"""),
    ('thr', """opt = SparseSGD(pruning_switch_epoch=[1], batches_per_epoch=2, weight_threshold=[0.3], bias_threshold=[0.15],
                learning_rate=0.1)
w = mx.nd.array(np.arange(12).reshape(3, 4) * 0.1 - 0.55)
for step in range(3):
    opt.update(0, w, g.copy(), None)
    print(step, w)""")]

s = src('example/sparse/linear_classification/weighted_softmax_ce.py')
ex['example__sparse__linear_classification__weighted_softmax_ce'] = [('defs', s), ('use', """data = mx.nd.array([[1.0, 2.0], [0.5, -0.5], [3.0, 1.0]])
label = mx.nd.array([1, 0, 1])
data.attach_grad()
with mx.autograd.record():
    out = mx.nd.Custom(data, label, op_type='weighted_softmax_ce_loss', positive_cls_weight=2)
out.backward()
print(out, data.grad)""")]

s = src('example/numpy-ops/custom_softmax.py')
s = s[:s.index("data = mx.symbol.Variable('data')")].replace('np.int)', 'int)').replace('from mxnet.test_utils import get_mnist_iterator', '')
ex['example__numpy-ops__custom_softmax'] = [('defs', s), ('use', """x = mx.nd.array([[1.0, 2.0, 3.0], [0.5, -0.5, 0.0]])
l = mx.nd.array([2, 0])
x.attach_grad()
with mx.autograd.record():
    y = mx.nd.Custom(x, l, op_type='softmax')
y.backward()
print(y, x.grad)""")]

s = src('example/numpy-ops/weighted_logistic_regression.py')
s = s[:s.index("if __name__ == '__main__':")]
ex['example__numpy-ops__weighted_logistic_regression'] = [('defs', s), ('use', """m, n = 2, 5
data = mx.nd.ones((2 * m, n))
label = mx.nd.array(np.vstack([np.ones([m, n]), np.zeros([m, n])]))
data.attach_grad()
with mx.autograd.record():
    out = mx.nd.Custom(data, label, pos_grad_scale=1, neg_grad_scale=0.1, op_type='weighted_logistic_regression')
out.backward()
print(out, data.grad)
data2 = mx.nd.ones((2 * m, n)); data2.attach_grad()
with mx.autograd.record():
    out2 = mx.nd.LogisticRegressionOutput(data2, label)
out2.backward()
print(out2, data2.grad)""")]

s = src('example/sparse/factorization_machine/metric.py')
ex['example__sparse__factorization_machine__metric'] = [('defs', s), ('use', """predicts = [mx.nd.array([[0.3], [0], [0.4]])]
labels   = [mx.nd.array([0, 1, 1])]
log_loss = mx.metric.create('log_loss')
log_loss.update(labels, predicts)
print(type(log_loss).__name__, log_loss.get())
auc = mx.metric.create('auc')
auc.update([mx.nd.array([0, 1, 1, 0, 1])], [mx.nd.array([0.1, 0.8, 0.4, 0.5, 0.9])])
print(type(auc).__name__, auc.get())
nll = mx.metric.NegativeLogLikelihood()
nll.update(labels, [mx.nd.array([[0.7, 0.3], [1.0, 0.0], [0.6, 0.4]])])
print(nll.get())
c = mx.metric.CompositeEvalMetric(); c.add(log_loss); c.add(auc)
print(c.get())""")]

s = src('example/nce-loss/random_data.py')
ex['example__nce-loss__random_data'] = [('defs', s), ('use', """random.seed(3)
it = DataIterSoftmax(100, 10, 50, 1, 20)
for k, b in enumerate(it):
    print(k, b.provide_data, b.provide_label, b.data[0].sum(), b.label[0][:5])
    if k == 1: break
it2 = DataIterNce(100, 10, 50, 3, 20)
print(it2.provide_data, it2.provide_label)
for k, b in enumerate(it2):
    print(k, [x.shape for x in b.label], b.data[0].sum(), b.label[0][:2], b.label[1][:2])
    if k == 1: break""")]

for k, v in ex.items():
    json.dump(v, open(WORK + '/scripts/%s.json' % k, 'w'), indent=1)
print(sorted(os.listdir(WORK + '/scripts')))

ex2 = {}
s = src('example/multivariate_time_series/src/metrics.py')
ex2['example__multivariate_time_series__metrics'] = [('defs', s), ('use', """m = get_custom_metrics()
print(type(m).__name__, m.metrics if hasattr(m, 'metrics') else None)
lab = mx.nd.array(np.arange(12).reshape(4, 3) * 0.5)
pred = mx.nd.array(np.arange(12).reshape(4, 3) * 0.45 + 0.1)
m.update([lab], [pred])
print(m.get())
print(m.get_name_value())
m.reset(); print(m.get())
print(evaluate(pred.asnumpy(), lab.asnumpy()))""")]

s = src('example/rnn/word_lm/data.py')
ex2['example__rnn__word_lm__data'] = [('defs', s), ('use', """import os
os.makedirs('corpus', exist_ok=True)
for n in ('train', 'valid', 'test'):
    with open('corpus/%s.txt' % n, 'w') as f:
        f.write('the cat sat on the mat\\n a dog ate the cat food\\n the end of %s data here\\n' % n)
corpus = Corpus('corpus/')
print(len(corpus.dictionary), corpus.train, corpus.train.dtype)
it = CorpusIter(corpus.train, 2, 3)
print(it.provide_data, it.provide_label)
for b in it:
    print(b.data[0].T, b.label[0].T, b.data[0].dtype, b.label[0].dtype)
it.reset()
print(sum(1 for _ in it))""")]
for k, v in ex2.items():
    json.dump(v, open(WORK + '/scripts/%s.json' % k, 'w'), indent=1)
