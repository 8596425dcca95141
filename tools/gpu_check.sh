#!/usr/bin/env bash
# GPU check for a machine with CUDA and torch but no internet (the lent H200; see issue 12).
# Installs mxnd from this tree without fetching dependencies, runs every GPU test (the gpu(0)
# variants of the ctx-parametrized tests and the GPU-only ones), the GPU benchmarks, and the
# examples and the demo on the GPU, and writes logs to $OUT (default ./gpu-check-logs).
#
# Usage: OUT=/some/dir bash tools/gpu_check.sh [--full]
#   --full          full benchmark rounds and the whole test suite too (longer than one device call)
# Each step has a time limit (seconds; GPU_CHECK_TESTS, _BENCH, _EXAMPLES override them) so the
# run fits one device call (600 s; the defaults add up to under 10 minutes); an interrupted
# pytest still writes its summary and junit XML.
# Wheels in ./gpu-wheels (hypothesis for the fuzz suite; carry it with the device tool) are
# installed without an index when present; without hypothesis tests/fuzz is left out.
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-$PWD/gpu-check-logs}"
mkdir -p "$out"
full="${1:-}"
summary="$out/summary.txt"
: > "$summary"
python=python3
step() {  # step NAME LIMIT COMMAND... : run under a time limit, log, record the exit status
    local name="$1" limit="$2"; shift 2
    local start=$SECONDS
    timeout --signal=INT --kill-after=20 "$limit" "$@" > "$out/$name.log" 2>&1
    local status=$?
    local note=""
    [ $status -eq 124 ] && note=" (time limit ${limit} s reached)"
    echo "$name: exit $status in $((SECONDS - start)) s$note" | tee -a "$summary"
    return 0
}
pytest_gpu() {  # pytest_gpu NAME LIMIT ARGS... : GPU-marked tests, failures listed at the end of the log
    local name="$1" limit="$2"; shift 2
    step "$name" "$limit" $python -m pytest -p no:cacheprovider -rfE --continue-on-collection-errors --junitxml="$out/$name.xml" "$@"
    grep -E "^(FAILED|ERROR)|passed|failed|skipped|error" "$out/$name.log" | tail -n 40 >> "$summary"
}
step install 120 $python -m pip install --no-deps --no-build-isolation -e .
if [ -d gpu-wheels ] && ! $python -c "import hypothesis" 2>/dev/null; then
    step wheels 60 $python -m pip install --no-index --find-links gpu-wheels hypothesis
fi
step environment 60 $python -c "
import torch, numpy, mxnd as mx
print('torch', torch.__version__, 'cuda', torch.version.cuda, 'available', torch.cuda.is_available())
print('device', torch.cuda.get_device_name(0) if torch.cuda.is_available() else None)
print('numpy', numpy.__version__, 'mxnd num_gpus', mx.context.num_gpus())
try:
    import hypothesis; print('hypothesis', hypothesis.__version__)
except ImportError:
    print('hypothesis missing: tests/fuzz left out')"
cat "$out/environment.log" >> "$summary"
# 1. correctness: every GPU test but the example runs (they start interpreters: step 3)
pytest_gpu pytest_gpu "${GPU_CHECK_TESTS:-240}" -m gpu --maxfail=200 --ignore=tests/test_examples.py tests
# 2. speed: every workload on the GPU, mxnd against raw torch on the same device
if [ "$full" = "--full" ]; then
    step bench_gpu "${GPU_CHECK_BENCH:-600}" $python benchmarks/suite.py --ctx gpu --json "$out/bench_gpu.json"
else
    step bench_gpu "${GPU_CHECK_BENCH:-150}" $python benchmarks/suite.py --quick --ctx gpu --json "$out/bench_gpu.json"
fi
if [ -f "$out/bench_gpu.json" ]; then  # written after every script, so also after a time limit
    $python benchmarks/suite.py --table "$out/bench_gpu.json" >> "$summary"
else
    tail -n 20 "$out/bench_gpu.log" >> "$summary"
fi
# 3. the examples and both demo APIs on gpu(0)
pytest_gpu examples_gpu "${GPU_CHECK_EXAMPLES:-150}" -m gpu tests/test_examples.py
if [ "$full" = "--full" ]; then
    pytest_gpu pytest_all 1800 tests
fi
cat "$summary"
