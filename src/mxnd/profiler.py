"""``mx.profiler``: MXNet 1.9.1's profiler (``set_config``, ``set_state``, ``dump``, ``dumps``,
``pause``/``resume`` and the user objects ``Domain``, ``Task``, ``Frame``, ``Event``, ``Counter``,
``Marker``), recorded with ``torch.profiler``.

While the profiler runs (and is not paused), a ``torch.profiler`` session records the CPU (and,
where torch sees CUDA, the GPU) activity; mxnd's operators appear under MXNet's names (``_plus_scalar``,
op_names.py), other work under torch's (``aten::copy_``); the user objects are timed on the same clock. ``dump()`` writes a Chrome trace
(chrome://tracing, Perfetto) in MXNet's layout; ``dumps()`` gives MXNet's aggregate table.

>>> import os, tempfile
>>> import mxnd as mx
>>> path = os.path.join(tempfile.mkdtemp(), "profile.json")
>>> mx.profiler.set_config(profile_all=True, aggregate_stats=True, filename=path)
>>> mx.profiler.set_state("run")
>>> y = mx.nd.ones((2, 3)) + 1
>>> mx.profiler.set_state("stop")
>>> mx.profiler.dump()
>>> os.path.exists(path)
True
>>> table = mx.profiler.dumps(reset=True)
>>> table.splitlines()[1], "_plus_scalar" in table
('Profile Statistics:', True)
"""
from __future__ import annotations

import atexit
import json
import os
import re
import sys
import threading
import time
import warnings
import zlib

import numpy as np
import torch

from . import backward_names, op_names
from .errors import MXNetError
from .ndarray.utils import atomic_write

__all__ = ["set_config", "set_state", "dump", "dumps", "pause", "resume", "profiler_set_config",
           "profiler_set_state", "dump_profile", "Domain", "Task", "Frame", "Event", "Counter",
           "Marker"]

# MXNet's ProfileConfigParam: name -> (type, default, description), in declaration order
_PARAMS = {
    "profile_all": ("boolean", False, "Profile all. Default is False."),
    "profile_symbolic": ("boolean", True, "Profile symbolic operators.  Default is True."),
    "profile_imperative": ("boolean", True, "Profile imperative operators.  Default is True."),
    "profile_memory": ("boolean", True, "Profile memory.  Default is True."),
    "profile_api": ("boolean", True, "Profile C API.  Default is True."),
    "filename": ("string", "profile.json", "File name to write profiling info."),
    "continuous_dump": ("boolean", True, "Periodically dump (and append) profiling data to file "
                        "while running. Default is True."),
    "dump_period": ("float", 1.0, "When continuous dump is enabled, the period between subsequent "
                    "profile info dumping."),
    "aggregate_stats": ("boolean", False, "Maintain aggregate stats, required for "
                        "MXDumpAggregateStats.  Note that this can have a negative performance "
                        "impact. Default is False."),
    "profile_process": ("{'server', 'worker'}", "worker", "Specifies which process to profile: "
                        "worker: this is default. for single node training it should always be "
                        "worker.server: for distributed training, this profiles server process"),
}
_NO_SERVER = "Check failed: kvStoreHandle: Kvstore Handle passed to profiler is null"
_PROCESSES = {"worker": 0, "server": 1}
_MARKER_SCOPES = {"global": "g", "marker": "p", "process": "p", "task": "p", "thread": "t"}
_FLOAT = re.compile(r"\s*[+-]?(inf(inity)?|nan|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)", re.IGNORECASE)


class _Profiler:
    """The process-wide profiler state (MXNet's ``Profiler`` singleton); guarded by ``lock``."""

    def __init__(self):
        self.lock = threading.RLock()
        self.config = {name: spec[1] for name, spec in _PARAMS.items()}
        self.running = False        # set_state('run') / 'stop'
        self.paused = False         # pause() / resume(); 'stop' pauses, 'run' resumes (as MXNet)
        self.enable_output = False  # a run since the last finished dump: dump() may write
        self.session = None         # the torch.profiler session while running and not paused
        self.pending = []           # recorded events not yet dumped: (sort ns, category, [events])
        self.emitted = []           # trace events of this output period, for the next dump()
        self.category_pids = {}
        self.stats = None           # category -> name -> [kind, count, total, min, max]

    # --- torch session ---------------------------------------------------------------------
    def sync_session(self):
        """Start or stop the torch session so that it runs exactly while operators are recorded."""
        wanted = self.running and not self.paused and (
            self.config["profile_imperative"] or self.config["profile_all"])
        if wanted and self.session is None:
            activities = [torch.profiler.ProfilerActivity.CPU]
            if torch.cuda.is_available():
                activities.append(torch.profiler.ProfilerActivity.CUDA)
            self.session = torch.profiler.profile(activities=activities)
            _quietly(self.session.start)
            op_names.name_operators(True)
        elif not wanted and self.session is not None:
            op_names.name_operators(False)
            self.harvest()

    def harvest(self):
        """Stop the torch session and queue its top-level CPU operators (MXNet's operator names,
        torch's for work outside the operators), the operators run inside custom operators
        (category "Custom Operator", as MXNet) and its GPU kernels."""
        session, self.session = self.session, None
        _quietly(session.stop)
        start_ns = session.profiler.kineto_results.trace_start_ns()
        for event in session.events():
            on_gpu = event.device_type == torch.autograd.DeviceType.CUDA
            custom = not on_gpu and op_names.is_custom_name(event.name)
            if not on_gpu and event.cpu_parent is not None and not custom:
                continue  # counted in its top-level operator
            name, part = (event.name, False) if on_gpu or custom else backward_names.label_of(event)
            if name is None:
                continue  # torch storing a gradient: part of MXNet's backward operators
            begin = start_ns + int(event.time_range.start * 1000)
            end = start_ns + int(event.time_range.end * 1000)
            category, pid = (("kernel", 1 + event.device_index) if on_gpu else
                             ("Custom Operator", 0) if custom else ("operator", 0))
            self.pending.append((begin, category, "part" if part else "duration", name, end - begin, [
                {"name": name, "cat": category, "ph": phase, "ts": ns / 1000, "pid": pid,
                 "tid": event.thread} for phase, ns in (("B", begin), ("E", end))]))

    def restart(self):
        """Collect what the running session has recorded so far (MXNet dumps while running)."""
        if self.session is not None:
            self.harvest()
            self.sync_session()

    # --- events ----------------------------------------------------------------------------
    def record(self, category, kind, name, value, events):
        """Queue user-object events (dropped while paused, as MXNet does)."""
        with self.lock:
            if not self.paused:
                self.pending.append((events[0]["ts"] * 1000, category, kind, name, value, events))

    def drain(self):
        """Move the queued events into this output period's trace and the aggregate stats."""
        self.restart()
        if not self.emitted:  # the host first, as MXNet lists its devices first
            self.category_pids["operator"] = 0
            self.emitted.append({"ph": "M", "args": {"name": "cpu/0"}, "pid": 0, "name": "process_name"})
        self.pending.sort(key=lambda item: item[0])
        for _, category, kind, name, value, events in self.pending:
            if category not in self.category_pids:
                self.category_pids[category] = events[0]["pid"]
                if category != "Custom Operator":  # that one is in the host's process, as MXNet's
                    self.emitted.append({"ph": "M", "args": {"name": _process_name(category, events)},
                                         "pid": events[0]["pid"], "name": "process_name"})
            self.emitted.extend(events)
            if self.stats is not None:
                self._aggregate(category, kind, name, value)
        self.pending = []

    def _aggregate(self, category, kind, name, value):
        table = self.stats.setdefault(category, {})
        if kind is None:
            return  # a marker: its category is listed, it has no row (as MXNet)
        if kind == "part":  # a torch node of a backward operator counted in another event
            table.setdefault(name, ["duration", 0, 0, float("inf"), 0])[2] += value
            return
        row = table.setdefault(name, [kind, 0, 0, float("inf"), 0])
        row[1] += 1
        row[2] = value if kind == "counter" else row[2] + value
        row[3], row[4] = min(row[3], value), max(row[4], value)

    def write(self, filename):
        """Write this output period's trace to ``filename`` atomically (temp file + os.replace)."""
        lines = ",\n".join("        " + json.dumps(event) for event in self.emitted)
        text = ('{\n    "traceEvents": [\n' + lines + '\n    ],\n    "displayTimeUnit": "ms"\n}\n')
        atomic_write(os.fspath(filename), lambda write: write(text.encode()), "dump")


def _quietly(action):
    """``action()`` with file descriptor 2 on /dev/null: torch's profiler (kineto in torch 2.13)
    writes lines such as ``USDT:... profiler_start`` to stderr at each start and stop, which
    MXNet's profiler does not print. (Another thread's stderr output during the call is lost.)

    >>> _quietly(lambda: 42)
    42
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (AttributeError, OSError, ValueError):  # no stderr, or a stream without a descriptor
        return action()
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        return action()
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _process_name(category, events):
    if category == "operator":
        return "cpu/0"
    if category == "kernel":
        return f"gpu/{events[0]['pid'] - 1}"
    return category


_profiler = _Profiler()


def _category_pid(category):
    """A fixed trace pid for a user category (MXNet hashes the category name too)."""
    return 1000 + zlib.crc32(category.encode())


def _parse_config(kwargs):
    """MXNet's ProfileConfigParam.Init: every field from ``kwargs`` or its default, in order."""
    config = {name: spec[1] for name, spec in _PARAMS.items()}
    for key, value in kwargs.items():
        if key not in _PARAMS:
            listing = "".join(f"{name} : {kind}{',' if kind.startswith('{') else ', '}optional, "
                              f"default={_default_text(default)}\n    {text}\n"
                              for name, (kind, default, text) in _PARAMS.items())
            raise MXNetError(f"Cannot find argument '{key}', Possible Arguments:\n"
                             f"----------------\n{listing.rstrip()}")
        kind, text = _PARAMS[key][0], str(value)
        if kind == "boolean":
            if text.lower() not in ("true", "false", "1", "0"):
                raise MXNetError(f"Invalid Parameter format for {key} expect boolean but value='{text}'")
            config[key] = text.lower() in ("true", "1")
        elif kind == "float":
            match = _FLOAT.match(text)
            if match is None:
                raise MXNetError(f"Invalid Parameter format for {key} expect float but value='{text}'")
            if match.end() != len(text):
                raise MXNetError(f"Some trailing characters could not be parsed: '{text[match.end():]}'")
            config[key] = float(text)
        elif key == "profile_process":
            if text not in _PROCESSES:
                raise MXNetError(f"Invalid Input: '{text}', valid values are: {{'server', 'worker'}}")
            config[key] = text
        else:
            config[key] = text
    return config


def _default_text(default):
    if isinstance(default, bool):
        return int(default)
    if isinstance(default, str):
        return f"'{default}'"
    return f"{default:g}"


def set_config(**kwargs):
    """Configure the profiler (keywords only; every field not given returns to its default, and
    the trace file ``filename`` is removed, as in MXNet).

    >>> import mxnd as mx
    >>> mx.profiler.set_config(profile_all="maybe")
    Traceback (most recent call last):
    ...
    mxnd.errors.MXNetError: Invalid Parameter format for profile_all expect boolean but value='maybe'
    """
    config = _parse_config(kwargs)
    if config["profile_process"] == "server":
        raise MXNetError("Check failed: kvstoreHandle: KVStoreHandle passed to profiler is null")
    if config["continuous_dump"] and not config["dump_period"] > 0:
        raise MXNetError("Check failed: !continuous_dump || dump_period > 0: ")
    with _profiler.lock:
        _profiler.config = config
        if config["filename"]:
            try:
                os.remove(config["filename"])
            except OSError:
                pass
        if not config["aggregate_stats"]:
            _profiler.stats = None
        elif _profiler.stats is None:
            _profiler.stats = {}
        _profiler.sync_session()


def set_state(state="stop", profile_process="worker"):
    """Run (``'run'``) or stop (``'stop'``) the profiler.

    >>> import mxnd as mx
    >>> mx.profiler.set_state("go")
    Traceback (most recent call last):
    ...
    KeyError: 'go'
    """
    running = {"stop": False, "run": True}[state]
    if _PROCESSES[profile_process]:
        raise MXNetError(_NO_SERVER)
    with _profiler.lock:
        _profiler.running = running
        _profiler.paused = not running
        if running:
            _profiler.enable_output = True
        _profiler.sync_session()


def pause(profile_process="worker"):
    """Pause profiling: operators and user objects are not recorded until ``resume()``."""
    if _PROCESSES[profile_process]:
        raise MXNetError(_NO_SERVER)
    with _profiler.lock:
        _profiler.paused = True
        _profiler.sync_session()


def resume(profile_process="worker"):
    """Resume paused profiling."""
    if _PROCESSES[profile_process]:
        raise MXNetError(_NO_SERVER)
    with _profiler.lock:
        _profiler.paused = False
        _profiler.sync_session()


def dump(finished=True, profile_process="worker"):
    """Write the trace recorded so far to the configured file as Chrome trace JSON. With
    ``finished=True`` (or ``continuous_dump=False``) this output period ends: the next ``dump``
    needs another ``set_state('run')`` and starts a fresh file.

    >>> import mxnd as mx
    >>> mx.profiler.dump()
    Traceback (most recent call last):
    ...
    mxnd.errors.MXNetError: Check failed: profiler->IsEnableOutput(): Profiler hasn't been run. Config and start profiler first
    """
    last = finished is True
    if _PROCESSES[profile_process]:
        raise MXNetError(_NO_SERVER)
    with _profiler.lock:
        if not _profiler.enable_output:
            raise MXNetError("Check failed: profiler->IsEnableOutput(): Profiler hasn't been run. "
                             "Config and start profiler first")
        _profiler.drain()
        _profiler.write(_profiler.config["filename"])
        if last or not _profiler.config["continuous_dump"]:
            _profiler.enable_output = False
            _profiler.emitted, _profiler.category_pids = [], {}


def dumps(reset=False, format="table", sort_by="total", ascending=False):  # noqa: A002 (MXNet's name)
    """The aggregate statistics (``set_config(aggregate_stats=True)``) as MXNet's table, or as
    JSON with ``format='json'``; ``''`` without aggregate stats. ``reset=True`` clears them.

    >>> import mxnd as mx
    >>> mx.profiler.dumps(format="csv")
    Traceback (most recent call last):
    ...
    AssertionError: Invalid value provided for format: csv. Support: 'table', 'json'
    """
    assert format in ("table", "json"), \
        f"Invalid value provided for format: {format}. Support: 'table', 'json'"
    assert sort_by in _SORT_KEYS, (f"Invalid value provided for sort_by: {sort_by}."
                                   "             Support: 'total', 'avg', 'min', 'max', 'count'")
    assert ascending in (False, True), \
        f"Invalid value provided for ascending: {ascending}. Support: False, True"
    assert reset in (False, True), f"Invalid value provided for reset: {reset}. Support: False, True"
    with _profiler.lock:
        if _profiler.enable_output:
            _profiler.drain()
        if _profiler.stats is None:
            return ""
        text = (_table if format == "table" else _json)(_profiler.stats, sort_by, ascending)
        if reset:
            _profiler.stats.clear()
        return text


def _sorted_rows(table, sort_by, ascending):
    """MXNet's heap order: largest key first (smallest with ``ascending``), ties by name descending."""
    def key(item):
        value = _SORT_KEYS[sort_by](item[1])
        return (-value if ascending else value), item[0]
    return sorted(table.items(), key=key, reverse=True)


def _shown(row):
    """(count, total, min, max, avg) as MXNet prints them: durations in ms; a counter's values
    divided by 1000 like MXNet's, with the avg column ``(max - min) // 2``."""
    kind, count, total, low, high = row
    scale = 1e-3 if kind == "counter" else 1e-6
    avg = (high - low) // 2 if kind == "counter" else total / count
    return (count,) + tuple(float(np.float32(v * scale)) for v in (total, low, high, avg))


_SORT_KEYS = {
    "total": lambda row: row[2],
    "avg": lambda row: (row[4] - row[3]) // 2 if row[0] == "counter" else row[2] / row[1],
    "min": lambda row: row[3],
    "max": lambda row: row[4],
    "count": lambda row: row[1],
}


def _table(stats, sort_by, ascending):
    lines = ["", "Profile Statistics:", "\tNote the difference in units for different entries."]
    for category, table in stats.items():
        lines += [category, "=================",
                  f"{'Name':<25}{'Total Count':>16} {'Time (ms)':>16} {'Min Time (ms)':>16} "
                  f"{'Max Time (ms)':>16} {'Avg Time (ms)':>16}",
                  f"{'----':<25}{'-----------':>16} {'---------':>16} {'-------------':>16} "
                  f"{'-------------':>16} {'-------------':>16}"]
        for name, row in _sorted_rows(table, sort_by, ascending):
            count, total, low, high, avg = _shown(row)
            lines.append(f"{name:<25}{count:>16} {total:>16.4f} {low:>16.4f} {high:>16.4f} {avg:>16.4f}")
        lines.append("")
    return "\n".join(lines) + "\n"


def _json(stats, sort_by, ascending):
    blocks = []
    for category, table in stats.items():
        rows = []
        for name, row in _sorted_rows(table, sort_by, ascending):
            count, total, low, high, avg = _shown(row)
            rows.append(f'            "{name}": {{\n                "Count": {count},\n'
                        f'                "Total": {total:.4g},\n                "Min": {low:.4g},\n'
                        f'                "Max": {high:.4g},\n                "Avg": {avg:.4g}\n'
                        "            }\n")
        blocks.append(f'        "{category}": {{\n' + "            ,\n".join(rows) + "        }\n")
    return ('{\n    "Time": {\n' + "        ,\n".join(blocks) + '    }\n    ,\n    "Memory": {\n'
            '    }\n,\n    "Unit": {\n        "Time": "ms",\n        "Memory": "kB"\n    }\n}\n')


def profiler_set_config(mode="symbolic", filename="profile.json"):
    """Deprecated form of ``set_config(profile_<mode>=True, filename=filename)``."""
    warnings.warn("profiler.profiler_set_config() is deprecated. "
                  "Please use profiler.set_config() instead")
    set_config(**{"profile_" + mode: True, "filename": filename})


def profiler_set_state(state="stop"):
    """Deprecated form of ``set_state(state)``."""
    warnings.warn("profiler.profiler_set_state() is deprecated. "
                  "Please use profiler.set_state() instead")
    set_state(state)


def dump_profile():
    """Deprecated form of ``dump(True)``."""
    warnings.warn("profiler.dump_profile() is deprecated. Please use profiler.dump() instead")
    dump(True)


def _text(name):
    """A name as MXNet's ``c_str`` takes it: a ``str`` (else its AttributeError)."""
    if not isinstance(name, str):
        raise AttributeError(f"'{type(name).__name__}' object has no attribute 'encode'")
    return name


def _domain_name(domain):
    if not isinstance(domain, Domain):
        raise AttributeError(f"'{type(domain).__name__}' object has no attribute 'handle'")
    return domain.name


def _now_us():
    return time.time_ns() / 1000  # the clock of torch's (kineto's) event times


class Domain:
    """A category grouping tasks, frames, counters and markers in the trace and the table.

    >>> import mxnd as mx
    >>> str(mx.profiler.Domain("training").new_task("batch"))
    'batch'
    """

    def __init__(self, name):
        self.name = _text(name)

    def __str__(self):
        return self.name

    def new_task(self, name):
        """A ``Task`` of this domain."""
        return Task(self, name)

    def new_frame(self, name):
        """A ``Frame`` of this domain."""
        return Frame(self, name)

    def new_counter(self, name, value=None):
        """A ``Counter`` of this domain, set to ``value`` when given."""
        return Counter(self, name, value)

    def new_marker(self, name):
        """A ``Marker`` of this domain."""
        return Marker(self, name)


class _Duration:
    """A named time range, ``start()`` to ``stop()``, recorded at ``stop()``."""

    _phases = ("B", "E")

    def __init__(self, category, name):
        self.name = _text(name)
        self._category = category
        self._start_us = None

    def start(self):
        """Start timing scope for this object."""
        self._start_us = _now_us()

    def stop(self):
        """Stop timing scope for this object."""
        if self._start_us is None:
            return
        begin, end = self._start_us, _now_us()
        self._start_us = None
        thread = threading.get_native_id()
        events = [{"name": self.name, "cat": self._category, "ph": phase, "ts": ts} for phase, ts
                  in zip(self._phases, (begin, end))]
        for event in events:
            if self._phases[0] == "b":
                event["id"] = thread  # MXNet's async task events carry the thread as their id
            event.update(pid=_category_pid(self._category), tid=thread)
        _profiler.record(self._category, "duration", self.name, (end - begin) * 1000, events)

    def __str__(self):
        return self.name


class Task(_Duration):
    """A timed unit of work of a domain; all passes add up to one row of the table.

    >>> import mxnd as mx
    >>> task = mx.profiler.Domain("data").new_task("decode")
    >>> task.start(); task.stop()
    """

    _phases = ("b", "e")

    def __init__(self, domain, name):
        super().__init__(_domain_name(domain), name)


class Frame(_Duration):
    """A timed frame of a domain (category ``'<domain>,frame'``)."""

    _phases = ("(", ")")

    def __init__(self, domain, name):
        super().__init__(_domain_name(domain) + ",frame", name)


class Event(_Duration):
    """A timed region outside any domain (category ``'event'``)."""

    def __init__(self, name):
        super().__init__("event", name)


class Counter:
    """A value tracked over time (``set_value``, ``increment``, ``decrement``, ``+=``, ``-=``).

    >>> import mxnd as mx
    >>> counter = mx.profiler.Domain("memory").new_counter("buffers", 5)
    >>> counter += 2
    >>> counter -= 1
    >>> str(counter)
    'buffers'
    """

    def __init__(self, domain, name, value=None):
        self.name = _text(name)
        self._category = _domain_name(domain)
        self._value = 0
        if value is not None:
            self.set_value(value)

    def _send(self):
        event = {"name": self.name, "cat": self._category, "ph": "C", "ts": _now_us(),
                 "args": {self.name: self._value}, "pid": _category_pid(self._category),
                 "tid": threading.get_native_id()}
        _profiler.record(self._category, "counter", self.name, self._value, [event])

    def set_value(self, value):
        """Set the counter to ``int(value)`` (an unsigned 64-bit value, as MXNet's)."""
        self._value = int(value) % (1 << 64)
        self._send()

    def increment(self, delta=1):
        """Add ``int(delta)`` to the counter."""
        self._value = (self._value + int(delta)) % (1 << 64)
        self._send()

    def decrement(self, delta=1):
        """Subtract ``int(delta)`` from the counter."""
        self._value = (self._value - int(delta)) % (1 << 64)
        self._send()

    def __iadd__(self, delta):
        self.increment(delta)
        return self

    def __isub__(self, delta):
        self.decrement(delta)
        return self

    def __str__(self):
        return self.name


class Marker:
    """An instant in time of a domain (category ``'<domain>,instant_marker'``)."""

    def __init__(self, domain, name):
        self.name = name
        self.domain = domain

    def mark(self, scope="process"):
        """Mark this instant; ``scope`` is 'global', 'process', 'thread', 'task' or 'marker'.

        >>> import mxnd as mx
        >>> mx.profiler.Domain("run").new_marker("epoch").mark("galaxy")
        Traceback (most recent call last):
        ...
        mxnd.errors.MXNetError: Invalid Input: 'galaxy', valid values are: {'global', 'marker', 'process', 'task', 'thread'}
        """
        category = _domain_name(self.domain) + ",instant_marker"
        name = _text(self.name)
        if _text(scope) not in _MARKER_SCOPES:
            raise MXNetError(f"Invalid Input: '{scope}', valid values are: "
                             "{'global', 'marker', 'process', 'task', 'thread'}")
        event = {"name": name, "cat": category, "ph": "n", "ts": _now_us(),
                 "s": _MARKER_SCOPES[scope], "pid": _category_pid(category),
                 "tid": threading.get_native_id()}
        _profiler.record(category, None, name, 0, [event])


@atexit.register
def _dump_at_exit():
    """MXNet writes the trace when the process ends if a run has not been dumped yet. The torch
    session ends here too: one left running while the interpreter tears down crashes it."""
    with _profiler.lock:
        _profiler.running = False  # the dump's harvest then starts no new session
        if _profiler.enable_output:
            try:
                dump(True)
            except (OSError, MXNetError):
                pass
        if _profiler.session is not None:
            _profiler.harvest()
