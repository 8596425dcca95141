"""examples/kvstore_data_parallel.py: two workers reach the accuracy of one process."""
import importlib.util
import pathlib

import pytest

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "kvstore_data_parallel.py"


def test_two_workers_match_one_process(capsys, monkeypatch):
    pytest.importorskip("sklearn")
    for name in ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "DMLC_NUM_WORKER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MXND_KV_TIMEOUT", "30")
    spec = importlib.util.spec_from_file_location("kvstore_data_parallel", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    # the workers run as subprocesses; the one-process baseline runs here, through a 'local' store
    example.main(["--spawn", "2", "--compare", "--epochs", "1", "--timeout", "90"])
    out = capsys.readouterr().out
    assert "final test accuracy" in out and "on 2 worker(s)" in out, out
    last = out.strip().splitlines()[-1]
    assert last.endswith("same accuracy: True"), out
    assert float(last.split()[4].rstrip(";")) > 0.6  # one epoch already learns the digits
