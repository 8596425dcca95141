import re, json, os, glob
WORK = os.environ.get("WORK", "/tmp/mxnet_tutorials")  # where the tutorials, scripts and outputs go

for path in sorted(glob.glob(WORK + '/src/*.md')):
    name = os.path.basename(path)[:-3]
    lines = open(path).read().split('\n')
    cells = []; cur = None
    for ln in lines:
        s = ln.strip()
        if cur is None:
            if re.match(r'^```\s*(python\s*|\{\.python[^}]*\})\s*$', s) or (s == '```' and 'autograd__index' in name):
                cur = []
        else:
            if s.startswith('```'):
                cells.append('\n'.join(cur)); cur = None
            else:
                cur.append(ln)
    json.dump(cells, open(f'{WORK}/cells/{name}.json', 'w'), indent=1)
    with open(f'{WORK}/cells/{name}.txt', 'w') as f:
        for i, c in enumerate(cells):
            f.write(f'#### CELL {i}\n{c}\n')
    print(name, len(cells))
