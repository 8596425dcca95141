"""Chains of 1-3 differentiable operators under autograd.record(); compares the output and x.grad (run with --numeric).

Usage: python gradients.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
UN = ['mx.nd.relu({})', 'mx.nd.sigmoid({})', 'mx.nd.tanh({})', 'mx.nd.exp({})', 'mx.nd.log(mx.nd.abs({}) + 1)', 'mx.nd.sqrt(mx.nd.abs({}) + 1)',
      'mx.nd.square({})', 'mx.nd.abs({})', 'mx.nd.sin({})', 'mx.nd.cos({})', 'mx.nd.softmax({}, axis=-1)', 'mx.nd.log_softmax({}, axis=-1)',
      'mx.nd.sum({}, axis=-1, keepdims=True)', 'mx.nd.mean({}, axis=0, keepdims=True)', 'mx.nd.max({}, axis=-1, keepdims=True)',
      '({}).reshape((-1,)).reshape(SH)', 'mx.nd.transpose({}).T', 'mx.nd.flip({}, axis=0)', 'mx.nd.clip({}, -0.5, 0.5)', 'mx.nd.LeakyReLU({}, slope=0.1)',
      'mx.nd.Activation({}, act_type="softrelu")', 'mx.nd.norm({}, axis=-1, keepdims=True)', '({}) ** 2', '({}) * 3 - 1', '1 / (mx.nd.abs({}) + 1)',
      'mx.nd.smooth_l1({}, scalar=1.0)', 'mx.nd.erf({})', 'mx.nd.expm1({})', 'mx.nd.log1p(mx.nd.abs({}))', 'mx.nd.rsqrt(mx.nd.abs({}) + 1)',
      'mx.nd.cbrt({})', 'mx.nd.arctan({})', 'mx.nd.sinh({})', 'mx.nd.softsign({})', 'mx.nd.hard_sigmoid({})', 'mx.nd.reciprocal(({}) + 3)',
      'mx.nd.L2Normalization(({}).reshape((1,) + SH), mode="instance").reshape(SH)', 'mx.nd.prod({}, axis=-1, keepdims=True)',
      'mx.nd.slice_axis({}, axis=-1, begin=0, end=1)', 'mx.nd.tile({}, reps=(1, 2))', 'mx.nd.repeat({}, repeats=2, axis=0)',
      '({})[:, ::-1]', '({})[1:]', 'mx.nd.take({}, mx.nd.array([1, 0, 1]), axis=0)', 'mx.nd.pick({}, mx.nd.array([0, 1, 0])[:({}).shape[0]], axis=-1, keepdims=True)',
      'mx.nd.topk({}, k=1, ret_typ="value")', 'mx.nd.sort({}, axis=-1)', 'mx.nd.where({} > 0, {}, ({}) * 2)', 'mx.nd.maximum({}, 0.2)', 'mx.nd.minimum({}, ({}) * 0.5)',
      'mx.nd.broadcast_mul({}, mx.nd.sum({}, axis=0, keepdims=True))', 'mx.nd.dot({}, ({}).T)', 'mx.nd.batch_dot(({}).expand_dims(0), ({}).expand_dims(0), transpose_b=True)[0]',
      'mx.nd.elemwise_mul({}, {})', 'mx.nd.concat({}, {}, dim=0)', 'mx.nd.stack({}, {}, axis=0).sum(axis=0)', 'mx.nd.SoftmaxActivation({})', 'mx.nd.log_softmax({}, axis=0, temperature=2.0)']
lines = []
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 250):
    rows, cols = random.randint(2, 3), random.randint(2, 4)
    vals = [[round(random.uniform(-2, 2), 3) for _ in range(cols)] for _ in range(rows)]
    expr = 'x'
    for _ in range(random.randint(1, 3)):
        expr = random.choice(UN).replace('{}', expr)
    expr = expr.replace('SH', 'x.shape')
    head = random.choice(['', f'mx.nd.array({[[round(random.uniform(-1,1),2) for _ in range(cols)] for _ in range(rows)]})'])
    lines.append(f'!x = mx.nd.array({vals});; x.attach_grad();; exec("with mx.autograd.record():\\n    y = {expr}");; y.backward();; R = [y, x.grad]'.replace('y.backward()', 'y.backward()' if not head else 'y.backward()'))
print('\n'.join(lines))
