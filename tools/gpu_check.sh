#!/usr/bin/env bash
# GPU check for a machine with CUDA and torch but no internet (the lent H200; see issue 12).
# Installs mxnd from this tree without fetching dependencies, runs every gpu(0) test variant
# and the GPU benchmarks, and writes logs to $OUT (default ./gpu-check-logs).
# Usage: OUT=/some/dir bash tools/gpu_check.sh [--quick]
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-$PWD/gpu-check-logs}"
mkdir -p "$out"
quick="${1:-}"
summary="$out/summary.txt"
: > "$summary"
step() {  # step NAME COMMAND... : run, log, record the exit status
    local name="$1"; shift
    local start=$SECONDS
    "$@" > "$out/$name.log" 2>&1
    local status=$?
    echo "$name: exit $status in $((SECONDS - start)) s" | tee -a "$summary"
    return 0
}
step install python3 -m pip install --no-deps --no-build-isolation -e .
step environment python3 -c "
import torch, numpy, mxnd as mx
print('torch', torch.__version__, 'cuda', torch.version.cuda, 'available', torch.cuda.is_available())
print('device', torch.cuda.get_device_name(0) if torch.cuda.is_available() else None)
print('numpy', numpy.__version__, 'mxnd num_gpus', mx.context.num_gpus())"
# every test parametrized over the ctx fixture has a gpu(0) variant when CUDA is available
step pytest_gpu python3 -m pytest -q -p no:cacheprovider -k "gpu" --maxfail=50 tests
step pytest_all python3 -m pytest -q -p no:cacheprovider tests
if [ "$quick" = "--quick" ]; then
    step bench_gpu python3 benchmarks/suite.py --quick --ctx gpu --json "$out/bench_gpu.json"
else
    step bench_gpu python3 benchmarks/suite.py --ctx gpu --json "$out/bench_gpu.json"
fi
step demo_gpu python3 -m mxnd.demo --ctx gpu --quiet --out "$out/demo"
tail -n 30 "$out/bench_gpu.log" >> "$summary"
cat "$summary"
