#!/usr/bin/env bash
# run.sh : MXNet 1.9.1's Python tutorials and NDArray-only examples, cell by cell, under the reference
# MXNet (/tmp/mxvenv) and under mxnd (MXND_PYTHON); the cell-by-cell differences go to $WORK/diff.txt.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
export WORK="${WORK:-/tmp/mxnet_tutorials}"
nd="${MXND_PYTHON:-python}"; mx="${MXNET_PYTHON:-/tmp/mxvenv/bin/python}"
"$nd" "$here/prepare.py" && "$nd" "$here/extract.py" > /dev/null && "$nd" "$here/build.py" > /dev/null || exit 1
for script in "$WORK"/scripts/*.json; do
    name=$(basename "$script" .json)
    for side in "$mx mx" "$nd mxnd"; do
        set -- $side
        mkdir -p "$WORK/wd/$name.$2"
        (cd "$WORK/wd/$name.$2" && timeout 600 "$1" -u "$here/runner.py" "$script" "$2" > "$WORK/out/$name.$2.txt" 2>&1)
    done
done
"$nd" "$here/compare.py" > "$WORK/diff.txt"
tail -n 30 "$WORK/diff.txt"
