# Usage: python runner.py <cells.json> <impl: mx|mxnd>
# Runs cells in one namespace; prints "=== CELL <label> ===" then the cell's output;
# last expression displayed as repr (notebook-style); exceptions -> "ERROR <type>: <message>".
import sys, json, ast

cells_path, impl = sys.argv[1], sys.argv[2]
if impl == 'mxnd':
    import mxnd.compat; mxnd.compat.install()  # makes `import mxnet` resolve to mxnd

import numpy as _np
if int(_np.__version__.split('.')[0]) >= 2:
    _np.set_printoptions(legacy='1.25')  # numpy-2 scalar reprs as numpy 1 (the reference venv has numpy 1.23)

cells = json.load(open(cells_path))

def _desc(x):
    """Random-valued arrays: compare only type/shape/dtype/context/stype."""
    if isinstance(x, (list, tuple)):
        return type(x).__name__ + '[' + ', '.join(_desc(e) for e in x) + ']'
    try:
        return '%s shape=%s dtype=%s ctx=%s stype=%s' % (
            type(x).__name__, x.shape, _np.dtype(x.dtype).name if x.dtype is not None else None,
            getattr(x, 'context', None), getattr(x, 'stype', None))
    except Exception as e:  # noqa
        return '%s (%r)' % (type(x).__name__, e)

def _pin(shape, low=-1.0, high=1.0, seed=0, dtype='float32'):
    """Deterministic replacement for a random array (same in both runs)."""
    import mxnet as mx
    return mx.nd.array(_np.random.RandomState(seed).uniform(low, high, shape).astype(dtype), dtype=dtype)

ns = {'__name__': '__main__', '_desc': _desc, '_pin': _pin}

def run_cell(code):
    tree = ast.parse(code)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, '<cell>', 'exec'), ns)
    if last is not None:
        v = eval(compile(last, '<cell>', 'eval'), ns)
        if v is not None:
            print(repr(v))

for label, code in cells:
    print('=== CELL %s ===' % label, flush=True)
    sys.stderr.flush()
    try:
        run_cell(code)
    except BaseException as e:  # noqa
        if isinstance(e, KeyboardInterrupt):
            raise
        print('ERROR %s: %s' % (type(e).__name__, str(e)))
    sys.stdout.flush(); sys.stderr.flush()
print('=== END ===', flush=True)
