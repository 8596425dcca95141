"""mx.init: deterministic initializers' values, the name-based dispatch, dumps and errors;
random initializers by shape, dtype and (where MXNet fixes them) the zero/one parts.

Usage: python initializers.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
NAMES = ["'fc_weight'", "'fc_bias'", "'bn_gamma'", "'bn_beta'", "'bn_moving_mean'", "'bn_moving_var'",
         "'bn_moving_inv_var'", "'bn_moving_avg'", "'upsampling_weight'", "'stn_loc_weight'", "'foo'",
         "'data'", "'weight'", "'x_min'", "'x_max'", "'lstm_parameters'", "'rnn_i2h_bias'", "'conv0_weight'"]
SHAPES = ["(2, 3)", "(4,)", "(1, 1, 4, 4)", "(2, 2, 3, 3)", "(8, 3)", "(6, 2)", "(0, 3)", "(3, 4, 5)", "(12,)"]
DTYPES = ["'float32'", "'float64'", "'float16'", "'int32'"]
DETERMINISTIC = ["mx.init.Zero()", "mx.init.One()", "mx.init.Constant(2.5)", "mx.init.Constant(-1)",
                 "mx.init.Constant(mx.nd.arange(6).reshape((2, 3)))", "mx.init.Bilinear()",
                 "mx.init.LSTMBias(forget_bias=1.5)", "mx.init.LSTMBias()", "mx.init.Load({'arg:fc_weight': mx.nd.ones((2, 3)), 'foo': mx.nd.arange(4)}, default_init=mx.init.Zero())",
                 "mx.init.Load({'fc_weight': mx.nd.ones((2, 3))})",
                 "mx.init.Mixed(['bias', '.*'], [mx.init.Zero(), mx.init.One()])",
                 "mx.init.Mixed(['gamma'], [mx.init.Constant(3)])"]
RANDOM = ["mx.init.Uniform(0.1)", "mx.init.Normal(0.5)", "mx.init.Xavier()", "mx.init.Xavier(rnd_type='gaussian', factor_type='in', magnitude=2)",
          "mx.init.Xavier(factor_type='bad')", "mx.init.Xavier(rnd_type='bad')", "mx.init.MSRAPrelu()", "mx.init.MSRAPrelu('out', 0.1)",
          "mx.init.Orthogonal()", "mx.init.Orthogonal(rand_type='normal')", "mx.init.Orthogonal(rand_type='x')",
          "mx.init.FusedRNN(mx.init.Xavier(), 4, 1, 'lstm')"]
lines = []
for _ in range(int(sys.argv[2])):
    name = random.choice(NAMES)
    shape = random.choice(SHAPES)
    dtype = random.choice(DTYPES)
    kind = random.random()
    desc = random.choice([f"mx.init.InitDesc({name})", name,
                          f"mx.init.InitDesc({name}, attrs={{'__init__': mx.init.Constant(7).dumps()}})",
                          f"mx.init.InitDesc({name}, global_init=mx.init.One())",
                          f"mx.init.InitDesc({name}, attrs={{'__init__': 'nonsense'}})"])
    make = f"a = mx.nd.full({shape}, 9, dtype={dtype})"
    if kind < 0.5:
        init = random.choice(DETERMINISTIC)
        lines.append(f"!{make};; init = {init};; init({desc}, a);; R = [a, init.dumps()]")
    elif kind < 0.8:
        init = random.choice(RANDOM)
        lines.append(f"!{make};; init = {init};; init({desc}, a);; R = [a.shape, str(a.dtype), "
                     f"init.dumps(), bool((a == 9).sum().asscalar() == a.size) if a.size else None]")
    else:
        init = random.choice(DETERMINISTIC + RANDOM)
        call = random.choice([f"init._init_weight({name}, a)", f"init._init_bias({name}, a)", f"init._init_gamma({name}, a)",
                              f"init._init_beta({name}, a)", f"init._init_zero({name}, a)", f"init._init_one({name}, a)",
                              f"init._legacy_init({name}, a)", f"init._init_default({name}, a)",
                              f"init({desc}, a.asnumpy())", "init(3, a)", f"mx.init.create({init!r})",
                              "mx.init.create('xavier', magnitude=3).dumps()", "mx.init.create('zeros').dumps()",
                              "mx.init.create('Constant', value=3).dumps()", "mx.init.create('nonexistent')",
                              f"mx.init.InitDesc({name}, attrs={{'a': 1}}).attrs"])
        lines.append(f"!{make};; init = {init};; out = {call};; R = [a if a.size < 40 else a.shape, out if not hasattr(out, 'dumps') else out.dumps()]")
print('\n'.join(lines))
