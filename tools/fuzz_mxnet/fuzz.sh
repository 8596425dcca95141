#!/usr/bin/env bash
# fuzz.sh GENERATOR SEED COUNT [--numeric] : generate expressions, run them under MXNet 1.9.1
# (/tmp/mxvenv, ../../../shared/tools/mxnet-reference-venv.sh) and mxnd, print the differences.
# Each interpreter is restarted (120 s limit per try) until every expression has a result.
# MXNET_PYTHON (default /tmp/mxvenv/bin/python) and MXND_PYTHON (default python) pick the two.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
gen="$1"; seed="$2"; count="$3"; numeric="${4:-}"
work="${FUZZ_DIR:-/tmp/fuzz_mxnet}"; mkdir -p "$work"
base="$work/$(basename "$gen" .py)-$seed"
"${MXND_PYTHON:-python}" "$here/generators/$gen" "$seed" "$count" > "$base.txt"
for side in "${MXNET_PYTHON:-/tmp/mxvenv/bin/python} mxnet ref" "${MXND_PYTHON:-python} mxnd nd"; do
    set -- $side
    for try in $(seq 1 60); do
        timeout 120 "$1" "$here/run.py" "$2" "$base.txt" "$base.$3.jsonl" $numeric > /dev/null 2>&1 && break
    done
done
"${MXND_PYTHON:-python}" "$here/compare.py" "$base.ref.jsonl" "$base.nd.jsonl" --same-error-type ${numeric:+--rtol 1e-4}
