#!/usr/bin/env bash
# Run the test suite on other Python / torch / NumPy releases than CI's (which pins torch 2.13.0):
# the declared minimum (pyproject: Python >= 3.10, torch >= 2.4, numpy >= 1.24) and newer torch.
# Each stack gets its own venv under $WORK (default /tmp/mxnd-compat); logs go to $WORK/<name>.log.
# torch's PyPI wheels for Linux are CUDA builds (a few GB each with their nvidia packages); they run
# without a GPU. Not part of CI: the downloads and one suite per stack take too long there.
#
# Usage: bash tools/compat_check.sh [NAME ...]   (default: every stack below)
#   NAME is one of the stacks: oldest, torch2.11, newest
#   PYTEST_ARGS="tests/test_autograd.py" runs a part of the suite (default: all of it)
set -uo pipefail
cd "$(dirname "$0")/.."
work="${WORK:-/tmp/mxnd-compat}"
mkdir -p "$work"
pyenv_python() { echo "${PYENV_ROOT:-$HOME/.pyenv}/versions/$1/bin/python"; }
declare -A PYTHON=([oldest]="$(pyenv_python 3.10.13)" [torch2.11]="$(pyenv_python 3.12.1)" [newest]="$(pyenv_python 3.12.1)")
declare -A PACKAGES=(
    [oldest]="torch==2.4.0 numpy==1.24.4 scipy<1.12 scikit-learn<1.4 matplotlib<3.9"
    [torch2.11]="torch==2.11.0 numpy scipy scikit-learn matplotlib"  # the lent GPU machine's torch
    [newest]="torch numpy scipy scikit-learn matplotlib"
)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(oldest torch2.11 newest)
status=0
for name in "${names[@]}"; do
    python="${PYTHON[$name]:-}"
    if [ -z "$python" ] || [ ! -x "$python" ]; then
        echo "$name: no interpreter (${python:-unknown stack})"; status=1; continue
    fi
    venv="$work/$name"
    log="$work/$name.log"
    {
        "$python" -m venv "$venv" &&
        "$venv/bin/python" -m pip install -q ${PACKAGES[$name]} pytest hypothesis tqdm pillow setuptools wheel &&
        "$venv/bin/python" -m pip install -q --no-deps --no-build-isolation -e . &&
        "$venv/bin/python" -c "import sys, torch, numpy; print(sys.version.split()[0], torch.__version__, numpy.__version__)" &&
        "$venv/bin/python" -m pytest -q -p no:cacheprovider ${PYTEST_ARGS:-}
    } > "$log" 2>&1
    result=$?
    echo "$name: exit $result ($(sed -n '/^[0-9]\+\.[0-9]\+\.[0-9]\+ /p' "$log" | head -n 1)); log $log"
    [ $result -eq 0 ] || status=1
done
exit $status
