#!/usr/bin/env bash
# run.sh [TEST_FILE.py ...] : MXNet 1.9.1's own unit tests (tests/python/unittest at tag v1.9.1, from
# the apache/mxnet mirror) under the reference MXNet and under mxnd (`import mxnet` made mxnd by
# mxnd.compat), one line per file; logs and junit XML in $WORK/logs. Needs /tmp/mxvenv (reference)
# and MXND_PYTHON (default python) with pytest. Files that import gluon at module level run with
# that import removed (their gluon tests then fail on both sides' terms: read the logs).
set -u
here="$(cd "$(dirname "$0")" && pwd)"
mirror="${MXNET_MIRROR:-/work/.mirror/apache+mxnet/repo}"
work="${WORK:-/tmp/mxnet_unittests}"
mkdir -p "$work/logs"
if [ ! -d "$work/tests/python/unittest" ]; then
    git --git-dir="$mirror" archive v1.9.1 tests/python/unittest tests/python/common 2>/dev/null | tar -x -C "$work"
fi
tests="$work/tests/python/unittest"
cp "$here/conftest.py" "$tests/conftest.py"
mkdir -p "$work/shim" && cp -r "$here/nose" "$work/shim/"
cd "$tests"
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(test_ndarray.py test_sparse_ndarray.py test_autograd.py test_higher_order_grad.py \
    test_contrib_autograd.py test_init.py test_kvstore.py test_metric.py test_optimizer.py test_random.py \
    test_test_utils.py test_contrib_krprod.py test_contrib_hawkesll.py test_engine.py test_exc_handling.py \
    test_recordio.py test_contrib_text.py test_runtime.py test_base.py test_dgl_graph.py test_contrib_optimizer.py \
    test_profiler.py test_sparse_operator.py test_image.py test_io.py test_contrib_operator.py)
for f in "${files[@]}"; do
    name=$(basename "$f" .py)
    sed -E 's/^from mxnet import (.*), gluon$/from mxnet import \1/; s/^from mxnet import gluon$//; s/^from mxnet.gluon import .*$//' \
        "$f" > "${name}_run.py"
    for side in "${MXNET_PYTHON:-/tmp/mxvenv/bin/python} mx" "${MXND_PYTHON:-python} nd"; do
        set -- $side
        alias=""; [ "$2" = nd ] && alias=1
        MXND_ALIAS=$alias PYTHONPATH="$work/shim" timeout 1800 "$1" -m pytest -q -p no:cacheprovider -W ignore -rf \
            --junitxml="$work/logs/$name.$2.xml" "${name}_run.py" > "$work/logs/$name.$2.log" 2>&1
        echo "$?" > "$work/logs/$name.$2.rc"
    done
    summary() { grep -E "(passed|failed|error)" "$1" | grep -E " in [0-9.]+s" | tail -1; }
    echo "$name: MXNet $(summary "$work/logs/$name.mx.log") | mxnd $(summary "$work/logs/$name.nd.log")"
done
