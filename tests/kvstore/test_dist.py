"""Distributed KVStore: two worker processes on the loopback interface with gloo.

The workers run tests/kvstore/dist_worker.py, which asserts exact values itself; every run is
bounded (MXND_KV_TIMEOUT and a subprocess timeout), so a broken transport fails, never hangs.
"""
import os
import pathlib
import socket
import subprocess
import sys

import pytest

WORKER = str(pathlib.Path(__file__).with_name("dist_worker.py"))
RUN_LIMIT = 60  # seconds for one whole launch (imports of mxnd dominate on a loaded machine)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def base_env(tmp_path, timeout="20"):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DMLC_", "MASTER_", "RANK", "WORLD_SIZE", "LOCAL_", "TORCHELASTIC"))}
    env.update(MXND_KV_TIMEOUT=timeout, KV_TEST_DIR=str(tmp_path), OMP_NUM_THREADS="1",
               CUDA_VISIBLE_DEVICES="", GLOO_SOCKET_IFNAME="lo")
    return env


def spawn(tmp_path, scenarios, env_of_rank, timeout="20"):
    """Start both workers, wait (bounded), return [(returncode, output), ...] by rank."""
    procs = []
    for rank in range(2):
        env = base_env(tmp_path, timeout)
        env.update(env_of_rank(rank))
        procs.append(subprocess.Popen([sys.executable, WORKER, scenarios], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    results = []
    for p in procs:
        try:
            out, _ = p.communicate(timeout=RUN_LIMIT)
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            pytest.fail(f"{scenarios}: workers did not finish within {RUN_LIMIT} s")
        results.append((p.returncode, out))
    return results


def torchrun_env(port):
    return lambda rank: {"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port), "RANK": str(rank),
                         "WORLD_SIZE": "2", "LOCAL_RANK": str(rank)}


def dmlc_env(port):
    """The variables an MXNet dist_sync launch sets, which mxnd maps onto torch.distributed's."""
    return lambda rank: {"DMLC_ROLE": "worker", "DMLC_PS_ROOT_URI": "127.0.0.1",
                         "DMLC_PS_ROOT_PORT": str(port), "DMLC_NUM_WORKER": "2",
                         "DMLC_NUM_SERVER": "1", "DMLC_WORKER_ID": str(rank)}


def passed(out, scenario, rank):
    return f"PASS {scenario} rank {rank}" in out


def timed_line(out, tag, limit):
    """The worker's ``TAG <seconds>s <message>`` line; the seconds are checked against ``limit``."""
    line = next((s for s in out.splitlines() if s.startswith(tag)), None)
    assert line is not None, out[-3000:]
    assert float(line.split()[1].rstrip("s")) < limit, line
    return line


def test_torchrun_two_workers(tmp_path):
    """The documented launch, torchrun --nproc_per_node=2 script.py: sums, row_sparse, a dead peer."""
    env = base_env(tmp_path, timeout="10")
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=2", "--master_addr=127.0.0.1",
           f"--master_port={free_port()}", WORKER, "basic,sparse:dist_device_sync,basic:horovod,deadpeer"]
    proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=RUN_LIMIT)
    out = proc.stdout
    assert proc.returncode == 0, out[-3000:]
    for rank in range(2):
        assert passed(out, "basic", rank) and passed(out, "sparse", rank), out[-3000:]
    assert out.count("PASS basic rank") == 4  # dist_sync and horovod
    # rank 1 then exits; rank 0's next push fails with an MXNetError, within MXND_KV_TIMEOUT
    line = timed_line(out, "DEADPEER", 12)
    assert "KVStore dist_sync:" in line and "failed on rank 0 of 2" in line and "MXND_KV_TIMEOUT" in line


def test_dmlc_env_two_workers(tmp_path):
    """MXNet's DMLC_* launch variables, mapped: optimizer on the store, 2-bit compression, states."""
    results = spawn(tmp_path, "optimizer:dist_device_sync", dmlc_env(free_port()))
    for rank, (code, out) in enumerate(results):
        assert code == 0 and passed(out, "optimizer", rank), f"rank {rank} failed:\n{out[-3000:]}"


def test_missing_peer_times_out(tmp_path):
    """WORLD_SIZE=2 but only rank 0 starts: joining fails after MXND_KV_TIMEOUT, naming the cause."""
    env = base_env(tmp_path, timeout="2")
    env.update(torchrun_env(free_port())(0))
    proc = subprocess.run([sys.executable, WORKER, "join_timeout"], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=RUN_LIMIT)
    assert proc.returncode == 0, proc.stdout[-3000:]
    line = timed_line(proc.stdout, "JOINTIMEOUT", 10)
    assert "rank 0 of 2 could not join the workers at 127.0.0.1:" in line and "within 2 s" in line
