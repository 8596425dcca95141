"""str() of random arrays of every dtype: small, large, tiny, mixed magnitudes, NaN/inf, signed zeros.

Usage: python printing.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, sys
random.seed(int(sys.argv[1]))
lines = []
for _ in range(int(sys.argv[2])):
    nd = random.randint(1, 4)
    shape = tuple(random.randint(1, random.choice([3, 5, 12])) for _ in range(nd))
    dt = random.choice(['float32', 'float64', 'float16', 'int32', 'int64', 'uint8', 'int8', 'bool'])
    kind = random.choice(['small', 'big', 'tiny', 'mixed', 'int', 'special', 'neg0'])
    lines.append(f"!rs = np.random.RandomState({random.randint(0, 10000)});; kind = '{kind}';; sh = {shape};; "
                 f"v = (rs.uniform(-1, 1, sh) if kind == 'small' else rs.uniform(-1e6, 1e6, sh) if kind == 'big' else rs.uniform(-1e-6, 1e-6, sh) if kind == 'tiny' else "
                 f"rs.standard_normal(sh) * 10 ** rs.randint(-8, 9, sh) if kind == 'mixed' else rs.randint(-200, 200, sh).astype(float) if kind == 'int' else "
                 f"rs.choice([np.nan, np.inf, -np.inf, 0.5, -2.0, 1e9], sh) if kind == 'special' else rs.choice([-0.0, 0.0, 1.0], sh));; "
                 f"R = str(mx.nd.array(v, dtype='{dt}'))")
print('\n'.join(lines))
