import re, sys, glob, os, difflib

WORK = os.environ.get("WORK", "/tmp/mxnet_tutorials")  # where the tutorials, scripts and outputs go

def split(path):
    cells, cur, order = {}, None, []
    for ln in open(path, errors='replace').read().split('\n'):
        m = re.match(r'^=== CELL (.*) ===$', ln)
        if m:
            cur = m.group(1); cells[cur] = []; order.append(cur); continue
        if ln == '=== END ===':
            cur = None; continue
        if cur is None:
            cells.setdefault('<pre>', []).append(ln)
        else:
            cells[cur].append(ln)
    return order, cells

DROP = [r'^\[\d\d:\d\d:\d\d\] \.\./src/executor/\.\./operator/\.\./common/utils\.h:472: $',
        r'^\[\d\d:\d\d:\d\d\] \.\./src/executor/\.\./operator/\.\./common/utils\.h:472: Storage',
        r'^Storage (type )?fallback detected:$', r'^operator = ', r'^input storage types = ', r'^output storage types = ',
        r'^params = \{', r'^context\.dev_mask = ', r'^The operator with default storage type will be dispatched',
        r'^Copy from default storage type', r'^A temporary ndarray with', r'^USDT:']
def norm(lines):
    out = []
    for l in lines:
        if any(re.match(p, l) for p in DROP):
            continue
        l = re.sub(r'0x[0-9a-fA-F]+', '0xADDR', l)
        l = re.sub(r'\b\d{9,}\b', '<ID>', l)
        l = re.sub(r'\d+\.\d+ sec', '<T> sec', l)
        out.append(l)
    return out

names = sys.argv[1:] or sorted(os.path.basename(p)[:-5] for p in glob.glob(WORK + '/scripts/*.json'))
for name in names:
    o1, c1 = split(WORK + '/out/%s.mx.txt' % name)
    o2, c2 = split(WORK + '/out/%s.mxnd.txt' % name)
    same = diff = skipped = 0
    rep = []
    for lab in o1 + [x for x in o2 if x not in o1]:
        if 'SKIPPED' in lab:
            skipped += 1; continue
        a, b = norm(c1.get(lab, ['<missing>'])), norm(c2.get(lab, ['<missing>']))
        if a == b:
            same += 1
        else:
            diff += 1
            rep.append('--- cell %s' % lab)
            rep.extend(difflib.unified_diff(a, b, 'mx', 'mxnd', lineterm='', n=2))
    if '<pre>' in c1 or '<pre>' in c2:
        rep.append('PRE mx: %s | mxnd: %s' % (c1.get('<pre>'), c2.get('<pre>')))
    print('##### %s: run %d, same %d, diff %d, skipped %d' % (name, same + diff, same, diff, skipped))
    for r in rep:
        print(r)
