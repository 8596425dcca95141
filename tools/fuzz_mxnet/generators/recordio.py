"""mx.recordio: IRHeader, pack/unpack (scalar and array labels of several dtypes, the packed bytes),
MXRecordIO and MXIndexedRecordIO (write/read/reset/close/tell/seek/keys, the .rec bytes and the
.idx text, reading past the end, pickling, misuse errors) and hand-made files (split records,
bad magic, truncation). pack_img/unpack_img are left out: MXNet 1.9.1's venv has no cv2.

Each expression writes its files under /tmp/fz_rec_<library>_<n>.*.
Usage: python recordio.py SEED COUNT > expressions.txt (see ../README.md)."""
import random, struct, sys
random.seed(int(sys.argv[1]))
MAGIC = struct.pack("<I", 0xCED7230A)
TRY = ("exec(\"def t(f):\\n try: return f()\\n except Exception as e: return 'ERR ' + type(e).__name__ + "
       "(': ' + str(e).splitlines()[0] if str(e) and type(e).__name__ != 'MXNetError' else '')\");; ")
LABELS = ["0", "1", "3.5", "-2", "1e40", "float('nan')", "True", "np.float32(2.5)", "np.int64(7)", "np.float16(1.5)",
          "[1, 2]", "[0.5]", "[]", "(1, 2, 3)", "[[1, 2], [3, 4]]", "np.array([1, 2], dtype='float64')",
          "np.array([1.5, -2], dtype='float16')", "np.array([3, 4, 5], dtype='int32')", "np.array([1, 255], dtype='uint8')",
          "np.array(4.0)", "np.array([True, False])", "'3'", "None", "[1e40]", "mx.nd.array([1, 2])", "range(3)", "1 + 2j"]
IDS = ["0", "1", "2574", "2**32", "2**64 - 1", "-1", "2**64", "1.5", "np.uint64(5)", "True"]
FLAGS = ["0", "1", "3", "-1", "2**32", "1.5"]


def payload():
    return random.choice(["b''", "b'a'", "b'ab'", "b'abc'", "b'abcd'", "b'hello world'", "bytes(range(7))",
                          f"{MAGIC!r}", f"b'x' + {MAGIC!r}", f"b'xyzw' + {MAGIC!r} + b'q'", f"{MAGIC!r} * 2",
                          f"b'ab' + {MAGIC!r} + b'cd'", f"{MAGIC!r} + b'tail'", "b'\\x00' * 9", f"b'1234' + {MAGIC!r}",
                          f"b'12345678' + {MAGIC!r} + b'1234' + {MAGIC!r} + b'z'"])


def header():
    h = f"mx.recordio.IRHeader({random.choice(FLAGS)}, {random.choice(LABELS)}, {random.choice(IDS)}, {random.choice(IDS[:5])})"
    return random.choice([h, h, h, f"({random.choice(FLAGS)}, {random.choice(LABELS)}, 1, 0)", "[0, 2.0, 3, 4]"])


RAW = ["b''", "b'abc'", "bytes(24)", "bytes(23)", "bytes(range(40))", "bytearray(range(30))",
       "memoryview(bytes(range(32)))", "struct.pack('<IfQQ', 2, 0, 1, 0) + b'ab'",
       "struct.pack('<IfQQ', 1, 0, 1, 0) + np.float32(7).tobytes() + b'x'", "struct.pack('<IfQQ', 3, 1, 2, 3) + bytes(8)"]


BAD_PAYLOADS = ["'text'", "bytearray(b'ab')", "None", "3", "memoryview(b'ab')"]


def pack_line():
    h, s = header(), payload()
    return random.choice([
        f"!R = mx.recordio.pack({h}, {s})",
        f"!R = mx.recordio.unpack(mx.recordio.pack({h}, {s}))",
        f"!h, s = mx.recordio.unpack(mx.recordio.pack({h}, {s}));; R = [repr(h), s, type(h.label).__name__, type(h.flag).__name__]",
        f"!R = mx.recordio.unpack({random.choice(RAW)})",
        f"!R = mx.recordio.pack({h}, {random.choice(BAD_PAYLOADS)})",
        f"!R = [mx.recordio.IRHeader({random.choice(FLAGS)}, {random.choice(LABELS)}, 1, 0), mx.recordio.IRHeader._fields, mx.recordio._IR_SIZE, mx.recordio._IR_FORMAT]",
        "!R = mx.recordio.IRHeader(1, 2, 3)",
        "!R = repr(mx.recordio.IRHeader(flag=1, label=[1, 2], id=3, id2=4))",
    ])


def path(n, ext):
    return f"'/tmp/fz_rec_' + mx.__name__ + '_{n}.{ext}'"


def seq_line(n):
    recs = [payload() for _ in range(random.randint(0, 5))]
    st = [f"p = {path(n, 'rec')}", "w = mx.recordio.MXRecordIO(p, 'w')"]
    for r in recs:
        st.append(f"w.write({r})")
    if random.random() < 0.3:
        st.append(random.choice(["w.reset()", f"w.close();; w.open();; w.write({payload()})", "w.close();; w.close()"]))
    st.append("w.close()")
    st += ["r = mx.recordio.MXRecordIO(p, 'r')"]
    ops = []
    for _ in range(random.randint(1, 6)):
        ops.append(random.choice(["r.read()", "r.read()", "r.read()", "(r.reset(), r.read())[1]", "r.is_open",
                                  "(r.close(), r.read())[1]", "pickle.loads(pickle.dumps(r)).read()",
                                  "(r.close(), pickle.loads(pickle.dumps(r)).is_open)[1]", "r.write(b'x')",
                                  "w.read()", "w.write(b'x')", "r.tell()", "r.uri", "r.flag", "r.writable",
                                  "(r.open(), r.read())[1]", "r.pid == os.getpid()"]))
    return "!" + TRY + "import pickle, os;; " + ";; ".join(st) + ";; R = [open(p, 'rb').read(), " + \
        ", ".join(f"t(lambda: {o})" for o in ops) + "]"


def indexed_line(n):
    key_type = random.choice(["int", "int", "str", "float"])
    keys = random.choice([[0, 1, 2], [5, 3, 9, 1], ["'a'", "'b'"], [7], [], [1, 1], ["'3'", 2], [1.0, 2.5]])
    st = [f"p = {path(n, 'rec')}", f"q = {path(n, 'idx')}",
          f"w = mx.recordio.MXIndexedRecordIO(q, p, 'w', key_type={key_type})", "out = [w.tell()]"]
    for k in keys:
        st.append(f"out.append(t(lambda: w.write_idx({k}, {payload()})))")
        st.append("out.append(w.tell())")
    if random.random() < 0.2:
        st.append(f"out.append(t(lambda: w.write({payload()})))")
        st.append("out.append(w.tell())")
    st += ["out.append([w.keys, sorted(w.idx.items(), key=str)])", "w.close()",
           f"r = mx.recordio.MXIndexedRecordIO(q, p, 'r', key_type={random.choice([key_type, key_type, 'str', 'int'])})"]
    ops = []
    for _ in range(random.randint(1, 6)):
        k = random.choice(keys + [0, 99, "'a'", "'0'"]) if keys else random.choice([0, "'a'"])
        ops.append(random.choice([f"r.read_idx({k})", f"r.read_idx({k})", f"(r.seek({k}), r.read())[1]", "r.read()",
                                  "r.keys", "sorted(r.idx.items(), key=str)", "(r.reset(), r.read())[1]",
                                  f"(r.close(), r.read_idx({k}))[1]", "(r.close(), r.read())[1]", "r.tell()",
                                  f"pickle.loads(pickle.dumps(r)).read_idx({k})", f"w.seek({k})",  # no w.tell(): MXNet crashes on a closed writer
                                  f"(r.read(), r.read(), r.read(), r.read(), r.read_idx({k}))"]))
    return "!" + TRY + "import pickle;; " + ";; ".join(st) + ";; R = [open(p, 'rb').read(), open(q).read(), out, " + \
        ", ".join(f"t(lambda: {o})" for o in ops) + "]"


def part(cflag, data, magic=MAGIC, pad=True):
    b = magic + struct.pack("<I", (cflag << 29) | len(data)) + data
    return b + (bytes(-len(data) % 4) if pad else b"")


def raw_line(n):
    """A hand-made .rec file: valid, split, corrupt or truncated records."""
    chunks = []
    for _ in range(random.randint(1, 4)):
        k = random.random()
        if k < 0.4:
            chunks.append(part(0, random.choice([b"", b"a", b"abcd", b"hello"])))
        elif k < 0.6:
            chunks.append(part(1, b"ab") + part(2, b"") + part(3, b"cd"))
        elif k < 0.7:
            chunks.append(part(1, b"abcd") + part(3, b"e"))
        elif k < 0.75:
            chunks.append(part(3, b"lone"))
        elif k < 0.8:
            chunks.append(part(2, b"mid") + part(0, b"x"))
        elif k < 0.85:
            chunks.append(part(0, b"abc", magic=b"\x00\x01\x02\x03"))
        elif k < 0.9:
            chunks.append(part(0, b"abcdef")[:random.randint(1, 13)])
        elif k < 0.95:
            chunks.append(part(0, b"abc", pad=False))
        else:
            chunks.append(part(1, b"ab"))
    data = b"".join(chunks)
    reads = random.randint(1, 5)
    return (f"!{TRY}p = {path(n, 'rec')};; open(p, 'wb').write({data!r});; r = mx.recordio.MXRecordIO(p, 'r');; "
            f"R = [t(r.read) for _ in range({reads})]")


def misc_line(n):
    return "!" + TRY + "import pickle, os;; " + random.choice([
        f"R = mx.recordio.MXRecordIO({path(n, 'rec')}, 'a')",
        "R = mx.recordio.MXRecordIO('/tmp/fz_rec_nonexistent_dir/x.rec', 'r')",
        "R = mx.recordio.MXRecordIO('/tmp/fz_rec_nonexistent_dir/x.rec', 'w')",
        f"R = mx.recordio.MXIndexedRecordIO('/tmp/fz_rec_nonexistent.idx', {path(n, 'rec')}, 'r')",
        f"p = {path(n, 'rec')};; w = mx.recordio.MXRecordIO(p, 'w');; R = [t(lambda: w.write('text')), t(lambda: w.write(3)), t(lambda: w.write(None)), t(lambda: w.write(b'ok')), t(lambda: w.write(b'a\\x00b'))];; w.close();; R.append(open(p, 'rb').read())",
        f"p = {path(n, 'rec')};; w = mx.recordio.MXRecordIO(p, 'w');; R = [w.uri, w.flag, w.writable, w.is_open, type(w.uri).__name__];; w.close();; R.append(w.is_open)",
        f"p = {path(n, 'rec')};; w = mx.recordio.MXRecordIO(p, 'w');; w.write(b'abc');; w2 = pickle.loads(pickle.dumps(w));; R = [w.is_open, w2.is_open, t(lambda: w.write(b'x'))];; w2.write(b'zz');; w2.close();; R.append(open(p, 'rb').read())",
        f"p = {path(n, 'rec')};; q = {path(n, 'idx')};; open(q, 'w').write('1\\t0\\n  2\\t16 \\n3\\t0\\n1\\t16\\n');; open(p, 'wb').write(mx.recordio.pack(mx.recordio.IRHeader(0, 1, 2, 3), b'') and bytes(0));; "
        "w = mx.recordio.MXRecordIO(p, 'w');; w.write(b'first');; w.write(b'second');; w.close();; r = mx.recordio.MXIndexedRecordIO(q, p, 'r');; R = [r.keys, sorted(r.idx.items()), r.read_idx(1), r.read_idx(2), r.read_idx(3)]",
        f"p = {path(n, 'rec')};; q = {path(n, 'idx')};; open(q, 'w').write('a\\t0\\n');; R = t(lambda: mx.recordio.MXIndexedRecordIO(q, p, 'r'))",
        "R = [t(lambda: mx.recordio.MXRecordIO('/tmp', 'r').read()), t(lambda: mx.recordio.MXRecordIO(3, 'w')), t(lambda: mx.recordio.MXRecordIO(None, 'r'))]",
        f"p = {path(n, 'rec')};; q = {path(n, 'idx')};; w = mx.recordio.MXRecordIO(p, 'w');; w.write(b'first');; w.write(b'second');; w.close();; "
        f"open(q, 'w').write('0\\t{random.choice([-4, -1, 2**63, 2**64 - 1, 2**64 + 16, 2**62, 16, 5])}\\n1\\t16\\n');; r = mx.recordio.MXIndexedRecordIO(q, p, 'r');; "
        "R = [t(lambda: r.read_idx(0)), t(r.read), t(lambda: r.read_idx(1))]",
        f"p = {path(n, 'rec')};; w = mx.recordio.MXRecordIO(p, 'w');; R = [sorted(w.__getstate__()), sorted(pickle.loads(pickle.dumps(w)).__getstate__())]",
        f"p = {path(n, 'rec')};; q = {path(n, 'idx')};; open(q, 'w').write('\\n');; R = t(lambda: mx.recordio.MXIndexedRecordIO(q, p, 'r'))",
        f"p = {path(n, 'rec')};; q = {path(n, 'idx')};; w = mx.recordio.MXIndexedRecordIO(q, p, 'w');; "
        "[w.write_idx(i, mx.recordio.pack(mx.recordio.IRHeader(0, [i, i + 0.5], i, 0), b'img%d' % i)) for i in range(3)];; w.close();; "
        "r = mx.recordio.MXIndexedRecordIO(q, p, 'r');; R = [mx.recordio.unpack(r.read_idx(i)) for i in (2, 0, 1)]",
    ])


lines = []
for n in range(int(sys.argv[2])):
    k = random.random()
    if k < 0.35:
        lines.append(pack_line().replace("!", "!import struct;; ", 1))
    elif k < 0.6:
        lines.append(seq_line(n))
    elif k < 0.85:
        lines.append(indexed_line(n))
    elif k < 0.93:
        lines.append(raw_line(n))
    else:
        lines.append(misc_line(n))
print('\n'.join(lines))
