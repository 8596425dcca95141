"""The collectives a distributed KVStore needs, on torch.distributed (gloo on CPU, NCCL on CUDA).

``DistComm`` joins (or reuses) the default process group from the environment torchrun sets
(RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT), or from MXNet's DMLC_* variables mapped onto
them, with a bounded timeout (``MXND_KV_TIMEOUT`` seconds, default 60). Every failure of the
transport (a dead peer, a timeout, a wrong address) becomes an MXNetError naming the store,
the rank and what was being done, instead of a hang.

>>> env = {'DMLC_ROLE': 'worker', 'DMLC_PS_ROOT_URI': '10.0.0.1', 'DMLC_PS_ROOT_PORT': '9000',
...        'DMLC_NUM_WORKER': '2', 'DMLC_WORKER_ID': '1'}
>>> sorted(launch_settings(env, 'dist_sync').items())
[('MASTER_ADDR', '10.0.0.1'), ('MASTER_PORT', '9000'), ('RANK', '1'), ('WORLD_SIZE', '2')]
"""
from __future__ import annotations

import atexit
import datetime
import os

import torch
import torch.distributed as dist

from ..errors import MXNetError

__all__ = ["DistComm", "launch_settings", "launched", "timeout_seconds"]

# torchrun's variable <- the MXNet (ps-lite) variable that carries the same fact
_DMLC_EQUIVALENT = {
    "RANK": "DMLC_WORKER_ID",
    "WORLD_SIZE": "DMLC_NUM_WORKER",
    "MASTER_ADDR": "DMLC_PS_ROOT_URI",
    "MASTER_PORT": "DMLC_PS_ROOT_PORT",
}


def timeout_seconds(env=None) -> float:
    """The bound on joining the group and on every collective: ``MXND_KV_TIMEOUT`` (default 60)."""
    env = os.environ if env is None else env
    text = env.get("MXND_KV_TIMEOUT", "60")
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise MXNetError(f"KVStore: MXND_KV_TIMEOUT must be a positive number of seconds, got {text!r}")
    return value


def launch_settings(env, kv_type) -> dict:
    """RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT for ``kv_type`` from ``env`` (DMLC_* mapped).

    Raises MXNetError naming what is missing, or when DMLC_ROLE asks for a parameter server or
    scheduler process, which torch.distributed does not use.
    """
    role = env.get("DMLC_ROLE", "worker")
    if role != "worker":
        raise MXNetError(
            f"KVStore {kv_type}: DMLC_ROLE={role!r}: mxnd runs no parameter servers or scheduler; "
            f"torch.distributed reduces between workers directly. Start only the workers, e.g. "
            f"`torchrun --nproc_per_node=N script.py` (see docs/kvstore.md)")
    settings, missing = {}, []
    for name, dmlc_name in _DMLC_EQUIVALENT.items():
        value = env.get(name, env.get(dmlc_name))
        if value is None:
            missing.append(f"{name} (or {dmlc_name})")
        else:
            settings[name] = value
    if missing:
        raise MXNetError(
            f"KVStore {kv_type}: the process was not started by a launcher: missing environment "
            f"variable(s) {', '.join(missing)}. Start the workers with "
            f"`torchrun --nproc_per_node=N script.py` (see docs/kvstore.md)")
    for name in ("RANK", "WORLD_SIZE", "MASTER_PORT"):
        if not settings[name].isdigit():
            raise MXNetError(f"KVStore {kv_type}: {name} must be a non-negative integer, "
                             f"got {settings[name]!r}")
    if not int(settings["RANK"]) < int(settings["WORLD_SIZE"]):
        raise MXNetError(f"KVStore {kv_type}: RANK={settings['RANK']} is not below "
                         f"WORLD_SIZE={settings['WORLD_SIZE']}")
    return settings


def launched() -> bool:
    """Whether this process is one of several workers (a group exists or a launcher set the size)."""
    return (dist.is_available() and dist.is_initialized()) or any(
        name in os.environ for name in ("WORLD_SIZE", "DMLC_NUM_WORKER"))


def _backend() -> str:
    chosen = os.environ.get("MXND_KV_BACKEND")
    if chosen:
        return chosen
    if torch.cuda.is_available() and dist.is_nccl_available():
        return "cpu:gloo,cuda:nccl"
    return "gloo"


class DistComm:
    """Collectives over the default torch.distributed process group, with MXNetError on failure."""

    __slots__ = ("kv_type", "rank", "size", "timeout")

    def __init__(self, kv_type: str):
        self.kv_type = kv_type
        self.timeout = timeout_seconds()
        if not dist.is_available():
            raise MXNetError(f"KVStore {kv_type}: this torch build has no torch.distributed")
        if not dist.is_initialized():
            self._join()
        self.rank, self.size = dist.get_rank(), dist.get_world_size()

    def _join(self):
        settings = launch_settings(os.environ, self.kv_type)
        os.environ.update(settings)  # env:// reads them; DMLC-only launches get them here
        rank, size = int(settings["RANK"]), int(settings["WORLD_SIZE"])
        local_rank = int(os.environ.get("LOCAL_RANK", "-1"))
        if 0 <= local_rank < (torch.cuda.device_count() if torch.cuda.is_available() else 0):
            torch.cuda.set_device(local_rank)  # NCCL's own collectives use the current device
        try:
            dist.init_process_group(_backend(), init_method="env://", rank=rank, world_size=size,
                                    timeout=datetime.timedelta(seconds=self.timeout))
        except Exception as err:  # torch raises DistStoreError, RuntimeError, ValueError here
            raise MXNetError(
                f"KVStore {self.kv_type}: rank {rank} of {size} could not join the workers at "
                f"{settings['MASTER_ADDR']}:{settings['MASTER_PORT']} within {self.timeout:g} s "
                f"(MXND_KV_TIMEOUT); check that all {size} workers were started with the same "
                f"MASTER_ADDR/MASTER_PORT: {_first_line(err)}") from None
        atexit.register(_leave)

    def _fail(self, what, err):
        return MXNetError(
            f"KVStore {self.kv_type}: {what} failed on rank {self.rank} of {self.size} "
            f"(a peer died, or did not take part within {self.timeout:g} s = MXND_KV_TIMEOUT): "
            f"{_first_line(err)}")

    def allreduce_(self, tensors, what="push"):
        """Sum every tensor across workers, in place; tensors of one dtype and device go in one call."""
        buckets = {}
        for t in tensors:
            buckets.setdefault((t.dtype, t.device), []).append(t)
        try:
            for group in buckets.values():
                if len(group) == 1:
                    dist.all_reduce(group[0])
                    continue
                flat = torch.cat([t.reshape(-1) for t in group])
                dist.all_reduce(flat)
                offset = 0
                for t in group:
                    n = t.numel()
                    t.copy_(flat[offset:offset + n].view_as(t))
                    offset += n
        except Exception as err:
            raise self._fail(what, err) from None

    def broadcast_(self, tensor, what="init"):
        """Overwrite ``tensor`` with rank 0's, in place."""
        try:
            dist.broadcast(tensor, src=0)
        except Exception as err:
            raise self._fail(what, err) from None

    def broadcast_object(self, obj, what="set_optimizer"):
        """Rank 0's picklable ``obj`` on every worker."""
        box = [obj]
        try:
            dist.broadcast_object_list(box, src=0)
        except Exception as err:
            raise self._fail(what, err) from None
        return box[0]

    def barrier(self):
        """Wait for every worker (bounded by the timeout)."""
        try:
            if dist.get_backend() == "gloo":
                dist.monitored_barrier(timeout=datetime.timedelta(seconds=self.timeout))
            else:
                dist.barrier()
        except Exception as err:
            raise self._fail("barrier", err) from None


def _first_line(err) -> str:
    text = str(err).strip()
    return (text.splitlines()[0] if text else type(err).__name__)[:400]


def _leave():
    if dist.is_initialized():
        try:
            dist.destroy_process_group()
        except Exception:  # peers may already be gone at interpreter exit
            pass
