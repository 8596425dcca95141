"""Distributed stores that cannot start say why at once (no hang): launch variables, roles, types."""
import pytest

import mxnd as mx
from mxnd.kvstore.comm import launch_settings, timeout_seconds

LAUNCH_VARS = ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "LOCAL_RANK", "DMLC_ROLE",
               "DMLC_PS_ROOT_URI", "DMLC_PS_ROOT_PORT", "DMLC_NUM_WORKER", "DMLC_WORKER_ID")


@pytest.fixture
def bare_env(monkeypatch):
    for name in LAUNCH_VARS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.parametrize("name", ["dist_sync", "dist_device_sync", "dist"])
def test_dist_without_launcher(bare_env, name):
    with pytest.raises(mx.MXNetError, match=f"KVStore {name}: the process was not started by a launcher: "
                                            r"missing environment variable\(s\) RANK \(or DMLC_WORKER_ID\), "
                                            r"WORLD_SIZE \(or DMLC_NUM_WORKER\), MASTER_ADDR \(or "
                                            r"DMLC_PS_ROOT_URI\), MASTER_PORT \(or DMLC_PS_ROOT_PORT\)\. "
                                            r"Start the workers with `torchrun --nproc_per_node=N"):
        mx.kv.create(name)


@pytest.mark.parametrize("name", ["dist_async", "dist_device_async"])
def test_dist_async_is_refused(name):
    with pytest.raises(mx.MXNetError, match="asynchronous parameter-server updates cannot be honoured"):
        mx.kv.create(name)


@pytest.mark.parametrize("role", ["server", "scheduler"])
def test_server_roles_are_explained(bare_env, role):
    bare_env.setenv("DMLC_ROLE", role)
    with pytest.raises(mx.MXNetError, match=f"DMLC_ROLE='{role}': mxnd runs no parameter servers"):
        mx.kv.create("dist_sync")


def test_horovod_without_launcher_is_one_worker(bare_env):
    kv = mx.kv.create("horovod")
    assert (kv.type, kv.rank, kv.num_workers) == ("horovod", 0, 1)


def test_launch_settings_mapping_and_checks():
    torchrun = {"RANK": "1", "WORLD_SIZE": "2", "MASTER_ADDR": "h", "MASTER_PORT": "29500",
                "DMLC_NUM_WORKER": "8"}
    assert launch_settings(torchrun, "dist_sync") == {"MASTER_ADDR": "h", "MASTER_PORT": "29500",
                                                       "WORLD_SIZE": "2", "RANK": "1"}
    with pytest.raises(mx.MXNetError, match="RANK=2 is not below WORLD_SIZE=2"):
        launch_settings(dict(torchrun, RANK="2"), "dist_sync")
    with pytest.raises(mx.MXNetError, match="MASTER_PORT must be a non-negative integer, got 'x'"):
        launch_settings(dict(torchrun, MASTER_PORT="x"), "dist_sync")


@pytest.mark.parametrize("text,value", [(None, 60.0), ("2.5", 2.5)])
def test_timeout_setting(text, value):
    assert timeout_seconds({} if text is None else {"MXND_KV_TIMEOUT": text}) == value


@pytest.mark.parametrize("text", ["0", "-1", "soon"])
def test_bad_timeout_setting(text):
    with pytest.raises(mx.MXNetError, match="MXND_KV_TIMEOUT must be a positive number of seconds"):
        timeout_seconds({"MXND_KV_TIMEOUT": text})
