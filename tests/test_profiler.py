"""mx.profiler: MXNet 1.9.1's parameter checks, errors and texts (values from the reference), the
Chrome trace file, the aggregate table, the user objects, pause/resume and the atomic write."""
import json
import os
import sys

import numpy as np
import pytest

import mxnd as mx
from mxnd.base import MXNetError

HEADER = ("Name                          Total Count        Time (ms)    Min Time (ms)    "
          "Max Time (ms)    Avg Time (ms)")
DASHES = ("----                          -----------        ---------    -------------    "
          "-------------    -------------")
NO_OUTPUT = ("Check failed: profiler->IsEnableOutput(): Profiler hasn't been run. "
             "Config and start profiler first")
NO_SERVER = "Check failed: kvStoreHandle: Kvstore Handle passed to profiler is null"


@pytest.fixture(autouse=True)
def fresh_profiler(tmp_path_factory):
    """Each test starts stopped, with nothing queued, and leaves no output period open."""
    folder = tmp_path_factory.mktemp("reset")

    def reset():
        mx.profiler.set_config(filename=str(folder / "reset.json"))
        mx.profiler.set_state("run")
        mx.profiler.set_state("stop")
        mx.profiler.dump()
    reset()
    yield
    reset()


def configure(tmp_path, **kwargs):
    path = str(tmp_path / "profile.json")
    mx.profiler.set_config(profile_all=True, aggregate_stats=True, filename=path, **kwargs)
    return path


def trace_events(path):
    with open(path) as file:
        trace = json.load(file)
    assert trace["displayTimeUnit"] == "ms"
    return trace["traceEvents"]


def small_run():
    x = mx.nd.ones((3, 3))
    y = mx.nd.dot(x + x, x)
    return (y * 2).asnumpy()


# --- parameter checks and errors (MXNet 1.9.1's texts) --------------------------------------

def test_set_config_unknown_argument_lists_mxnet_parameters():
    with pytest.raises(MXNetError) as info:
        mx.profiler.set_config(profile_all=True, foo=1)
    text = str(info.value)
    assert text.startswith("Cannot find argument 'foo', Possible Arguments:\n----------------\n"
                           "profile_all : boolean, optional, default=0\n    Profile all. Default is False.\n")
    assert "dump_period : float, optional, default=1\n" in text
    assert text.endswith("profile_process : {'server', 'worker'},optional, default='worker'\n"
                         "    Specifies which process to profile: worker: this is default. for single "
                         "node training it should always be worker.server: for distributed training, "
                         "this profiles server process")


@pytest.mark.parametrize("kwargs, message", [
    ({"profile_all": "maybe"}, "Invalid Parameter format for profile_all expect boolean but value='maybe'"),
    ({"profile_all": 2}, "Invalid Parameter format for profile_all expect boolean but value='2'"),
    ({"profile_all": 1.0}, "Invalid Parameter format for profile_all expect boolean but value='1.0'"),
    ({"profile_api": None}, "Invalid Parameter format for profile_api expect boolean but value='None'"),
    ({"dump_period": "x"}, "Invalid Parameter format for dump_period expect float but value='x'"),
    ({"dump_period": True}, "Invalid Parameter format for dump_period expect float but value='True'"),
    ({"dump_period": "0.5 "}, "Some trailing characters could not be parsed: ' '"),
    ({"dump_period": -1}, "Check failed: !continuous_dump || dump_period > 0: "),
    ({"continuous_dump": True, "dump_period": 0}, "Check failed: !continuous_dump || dump_period > 0: "),
    ({"profile_process": "Worker"}, "Invalid Input: 'Worker', valid values are: {'server', 'worker'}"),
    ({"profile_process": "server"}, "Check failed: kvstoreHandle: KVStoreHandle passed to profiler is null"),
    ({"profile_all": "x", "dump_period": "y"},
     "Invalid Parameter format for profile_all expect boolean but value='x'"),
    ({"dump_period": "y", "profile_all": "x"},
     "Invalid Parameter format for dump_period expect float but value='y'"),
])
def test_set_config_rejects_as_mxnet(kwargs, message):
    with pytest.raises(MXNetError) as info:
        mx.profiler.set_config(**kwargs)
    assert str(info.value) == message


@pytest.mark.parametrize("value", ["TRUE", "True", "true", 1, 0, "0", "false", "FALSE", True])
def test_set_config_accepts_mxnet_booleans(value, tmp_path):
    mx.profiler.set_config(profile_all=value, filename=str(tmp_path / "p.json"))


def test_set_config_accepts_what_mxnet_accepts(tmp_path):
    mx.profiler.set_config(continuous_dump=False, dump_period=0, filename=str(tmp_path / "p.json"))
    mx.profiler.set_config(dump_period="1e-3", filename=str(tmp_path / "p.json"))
    mx.profiler.set_config(dump_period="inf", filename=str(tmp_path / "p.json"))
    with pytest.raises(TypeError, match=r"set_config\(\) takes 0 positional arguments but 1 was given"):
        mx.profiler.set_config(True)


def test_state_pause_resume_dump_reject_bad_names():
    for call in (lambda: mx.profiler.set_state("go"), lambda: mx.profiler.set_state("run", "foo"),
                 lambda: mx.profiler.pause("foo"), lambda: mx.profiler.resume("foo"),
                 lambda: mx.profiler.dump(profile_process="foo")):
        with pytest.raises(KeyError):
            call()
    for call in (lambda: mx.profiler.set_state("run", "server"), lambda: mx.profiler.pause("server"),
                 lambda: mx.profiler.resume("server")):
        with pytest.raises(MXNetError, match=f"^{NO_SERVER}$"):
            call()


@pytest.mark.parametrize("kwargs, message", [
    ({"format": "csv"}, "Invalid value provided for format: csv. Support: 'table', 'json'"),
    ({"sort_by": "name"}, "Invalid value provided for sort_by: name.             "
                          "Support: 'total', 'avg', 'min', 'max', 'count'"),
    ({"ascending": "yes"}, "Invalid value provided for ascending: yes. Support: False, True"),
    ({"reset": "x"}, "Invalid value provided for reset: x. Support: False, True"),
])
def test_dumps_asserts_as_mxnet(kwargs, message):
    with pytest.raises(AssertionError) as info:
        mx.profiler.dumps(**kwargs)
    assert str(info.value) == message


def test_dump_needs_a_run(tmp_path):
    configure(tmp_path)
    with pytest.raises(MXNetError) as info:
        mx.profiler.dump()
    assert str(info.value) == NO_OUTPUT
    mx.profiler.set_state("run")
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    with pytest.raises(MXNetError, match="Profiler hasn't been run"):
        mx.profiler.dump()  # finished: the next dump needs another run, as in MXNet


def test_user_object_argument_errors():
    with pytest.raises(AttributeError, match="'int' object has no attribute 'encode'"):
        mx.profiler.Domain(3)
    with pytest.raises(AttributeError, match="'int' object has no attribute 'encode'"):
        mx.profiler.Event(5)
    with pytest.raises(AttributeError, match="'str' object has no attribute 'handle'"):
        mx.profiler.Task("domain", "task")
    with pytest.raises(ValueError, match="invalid literal for int"):
        mx.profiler.Domain("d").new_counter("c").set_value("a")
    with pytest.raises(MXNetError) as info:
        mx.profiler.Domain("d").new_marker("m").mark("foo")
    assert str(info.value) == ("Invalid Input: 'foo', valid values are: "
                               "{'global', 'marker', 'process', 'task', 'thread'}")


def test_mxnet_1_9_1_names():
    public = {"set_config", "set_state", "dump", "dumps", "pause", "resume", "profiler_set_config",
              "profiler_set_state", "dump_profile", "Domain", "Task", "Frame", "Event", "Counter", "Marker"}
    assert public <= set(dir(mx.profiler))
    assert not hasattr(mx.profiler, "scope") and not hasattr(mx.profiler, "state")  # not in 1.9.1


def test_deprecated_forms_warn(tmp_path):
    path = str(tmp_path / "old.json")
    with pytest.warns(UserWarning, match=r"profiler.profiler_set_config\(\) is deprecated. "
                                         r"Please use profiler.set_config\(\) instead"):
        mx.profiler.profiler_set_config("all", path)
    with pytest.raises(MXNetError, match="Cannot find argument 'profile_foo'"):
        with pytest.warns(UserWarning):
            mx.profiler.profiler_set_config("foo", path)
    with pytest.warns(UserWarning, match=r"profiler_set_state\(\) is deprecated"):
        mx.profiler.profiler_set_state("run")
    small_run()
    mx.profiler.set_state("stop")
    with pytest.warns(UserWarning, match=r"profiler.dump_profile\(\) is deprecated. "
                                         r"Please use profiler.dump\(\) instead"):
        mx.profiler.dump_profile()
    assert any(e.get("cat") == "operator" for e in trace_events(path))


# --- the trace file ---------------------------------------------------------------------------

def test_run_writes_a_chrome_trace_of_the_operators(tmp_path):
    path = configure(tmp_path)
    mx.profiler.set_state("run")
    small_run()
    mx.profiler.set_state("stop")
    assert not os.path.exists(path)  # written by dump(), not before
    mx.profiler.dump()
    events = trace_events(path)
    assert events[0] == {"ph": "M", "args": {"name": "cpu/0"}, "pid": 0, "name": "process_name"}
    operators = [e for e in events if e.get("cat") == "operator"]
    names = {e["name"] for e in operators}
    assert {"_ones", "broadcast_add", "dot", "_mul_scalar"} <= names  # MXNet's operator names
    begins = [e for e in operators if e["ph"] == "B"]
    ends = [e for e in operators if e["ph"] == "E"]
    assert len(begins) == len(ends) > 3
    for begin, end in zip(begins, ends):
        assert begin["name"] == end["name"] and begin["ts"] <= end["ts"] and begin["pid"] == 0


def test_operators_outside_a_run_are_not_recorded(tmp_path):
    path = configure(tmp_path)
    mx.nd.ones((2, 2)).exp()
    mx.profiler.set_state("run")
    mx.nd.ones((2, 2)) + 1
    mx.profiler.set_state("stop")
    mx.nd.ones((2, 2)).sqrt()
    mx.profiler.dump()
    names = {e["name"] for e in trace_events(path)}
    assert "_plus_scalar" in names and "exp" not in names and "sqrt" not in names


def test_profile_imperative_false_records_no_operators(tmp_path):
    path = str(tmp_path / "p.json")
    mx.profiler.set_config(profile_imperative=False, filename=path)
    mx.profiler.set_state("run")
    small_run()
    mx.profiler.Event("still_there").start()
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    assert not [e for e in trace_events(path) if e.get("cat") == "operator"]


def test_user_objects_appear_in_the_trace_with_mxnet_phases(tmp_path):
    path = configure(tmp_path)
    mx.profiler.set_state("run")
    domain = mx.profiler.Domain("mydomain")
    task = domain.new_task("mytask")
    task.start()
    small_run()
    task.stop()
    frame = domain.new_frame("myframe")
    frame.start()
    frame.stop()
    event = mx.profiler.Event("myevent")
    event.start()
    event.stop()
    counter = domain.new_counter("mycounter", 5)
    counter += 3
    counter -= 1
    counter.set_value(10)
    counter.increment(2)
    counter.decrement()
    domain.new_marker("mymarker").mark("thread")
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    events = trace_events(path)
    by_name = {}
    for e in events:
        by_name.setdefault(e["name"], []).append(e)
    assert [(e["cat"], e["ph"]) for e in by_name["mytask"]] == [("mydomain", "b"), ("mydomain", "e")]
    assert [(e["cat"], e["ph"]) for e in by_name["myframe"]] == [("mydomain,frame", "("),
                                                                  ("mydomain,frame", ")")]
    assert [(e["cat"], e["ph"]) for e in by_name["myevent"]] == [("event", "B"), ("event", "E")]
    assert [e["args"]["mycounter"] for e in by_name["mycounter"]] == [5, 8, 7, 10, 12, 11]
    marks = [(e["cat"], e["ph"], e["s"]) for e in by_name["mymarker"]]
    assert marks == [("mydomain,instant_marker", "n", "t")]
    task_begin, task_end = (e["ts"] for e in by_name["mytask"])
    assert any(task_begin <= e["ts"] <= task_end for e in events if e.get("cat") == "operator")
    processes = {e["args"]["name"] for e in events if e["ph"] == "M"}
    assert {"cpu/0", "mydomain", "mydomain,frame", "event", "mydomain,instant_marker"} <= processes


def test_pause_and_resume(tmp_path):
    path = configure(tmp_path)
    domain = mx.profiler.Domain("D")
    x = mx.nd.ones((2, 2))
    mx.profiler.set_state("run")
    x + 1
    mx.profiler.pause()
    x * 3
    task = domain.new_task("T_paused")
    task.start()
    task.stop()
    mx.profiler.resume()
    x - 1
    task = domain.new_task("T_run")
    task.start()
    task.stop()
    mx.profiler.set_state("stop")
    task = domain.new_task("T_after")  # stop pauses the user objects too, as in MXNet
    task.start()
    task.stop()
    mx.profiler.dump()
    names = {e["name"] for e in trace_events(path)}
    assert {"_plus_scalar", "_minus_scalar", "T_run"} <= names
    assert not names & {"_mul_scalar", "T_paused", "T_after"}
    table = mx.profiler.dumps()
    assert "T_run" in table and "T_paused" not in table and "_mul_scalar" not in table


def test_dump_not_finished_keeps_the_output_open(tmp_path):
    path = configure(tmp_path)
    mx.profiler.set_state("run")
    mx.nd.ones((2, 2)) + 1
    mx.profiler.dump(finished=False)
    assert "_plus_scalar" in {e["name"] for e in trace_events(path)}  # a complete file each time
    mx.nd.ones((2, 2)) - 1
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    names = [e["name"] for e in trace_events(path)]
    assert "_plus_scalar" in names and "_minus_scalar" in names
    assert names.count("process_name") == len({e["pid"] for e in trace_events(path) if e["ph"] == "M"})


def test_a_new_run_after_a_finished_dump_starts_a_fresh_file(tmp_path):
    path = configure(tmp_path)
    mx.profiler.set_state("run")
    mx.nd.ones((2, 2)) + 1
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    mx.profiler.set_state("run")
    mx.nd.ones((2, 2)) - 1
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    names = {e["name"] for e in trace_events(path)}
    assert "_minus_scalar" in names and "_plus_scalar" not in names


def test_set_config_removes_the_trace_file(tmp_path):
    path = tmp_path / "profile.json"
    path.write_text("old")
    mx.profiler.set_config(filename=str(path))
    assert not path.exists()


def test_dump_writes_atomically(tmp_path, monkeypatch):
    path = configure(tmp_path)
    mx.profiler.set_state("run")
    small_run()
    mx.profiler.dump(finished=False)
    before = open(path).read()
    small_run()

    def failing_replace(source, target):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(MXNetError, match="dump: cannot write .*disk full"):
        mx.profiler.dump(finished=False)
    assert open(path).read() == before  # the old trace stays whole
    assert sorted(os.listdir(tmp_path)) == ["profile.json"]  # no temporary file left
    monkeypatch.undo()
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    assert len(trace_events(path)) > len(json.loads(before)["traceEvents"])


def test_dump_into_a_missing_folder_is_an_error(tmp_path):
    mx.profiler.set_config(filename=str(tmp_path / "no" / "profile.json"))
    mx.profiler.set_state("run")
    mx.profiler.set_state("stop")
    with pytest.raises(MXNetError, match="dump: cannot open .* for writing"):
        mx.profiler.dump()


# --- the aggregate statistics -----------------------------------------------------------------

def test_dumps_table_has_mxnet_layout_and_lists_operations(tmp_path):
    configure(tmp_path)
    mx.profiler.set_state("run")
    small_run()
    small_run()
    mx.profiler.set_state("stop")
    lines = mx.profiler.dumps().split("\n")
    assert lines[:3] == ["", "Profile Statistics:", "\tNote the difference in units for different entries."]
    start = lines.index("operator")
    assert lines[start + 1:start + 4] == ["=================", HEADER, DASHES]
    rows = lines[start + 4:lines.index("", start)]
    by_name = {row[:25].strip(): row[25:].split() for row in rows}
    assert by_name["broadcast_add"][0] == "2" and by_name["_ones"][0] == "2"
    for row in rows:
        assert len(row) == 25 + 16 + 4 * 17 or len(row[:25].rstrip()) >= 25
        count, total, low, high, avg = row[25:].split()
        assert float(low) <= float(avg) <= float(high) <= float(total) + 1e-4
    totals = [float(row[25:].split()[1]) for row in rows]
    assert totals == sorted(totals, reverse=True)  # sort_by='total', descending


def test_dumps_counter_row_matches_mxnet(tmp_path):
    configure(tmp_path)
    mx.profiler.set_state("run")
    domain = mx.profiler.Domain("mydomain")
    counter = domain.new_counter("mycounter", 5)
    counter += 3
    counter -= 1
    counter.set_value(10)
    counter.increment(2)
    counter.decrement()
    mx.profiler.set_state("stop")
    table = mx.profiler.dumps()
    # MXNet 1.9.1 prints exactly this row for the same calls (the values in thousands)
    assert ("mydomain\n=================\n" + HEADER + "\n" + DASHES + "\n"
            "mycounter                               6           0.0110           0.0050"
            "           0.0120           0.0030\n\n") in table
    stats = json.loads(mx.profiler.dumps(format="json"))
    assert stats["Time"]["mydomain"]["mycounter"] == {"Count": 6, "Total": 0.011, "Min": 0.005,
                                                      "Max": 0.012, "Avg": 0.003}
    assert stats["Memory"] == {} and stats["Unit"] == {"Time": "ms", "Memory": "kB"}


def test_dumps_json_and_markers(tmp_path):
    configure(tmp_path)
    mx.profiler.set_state("run")
    small_run()
    mx.profiler.Domain("dm").new_marker("m").mark()
    mx.profiler.set_state("stop")
    stats = json.loads(mx.profiler.dumps(format="json"))
    assert stats["Time"]["dm,instant_marker"] == {}  # listed without rows, as MXNet
    add = stats["Time"]["operator"]["broadcast_add"]
    assert add["Count"] == 1 and add["Min"] == add["Max"] == add["Avg"] == add["Total"] > 0


def test_dumps_without_aggregate_stats_and_empty(tmp_path):
    mx.profiler.set_config(filename=str(tmp_path / "p.json"))
    assert mx.profiler.dumps() == ""
    mx.profiler.set_config(aggregate_stats=True, filename=str(tmp_path / "p.json"))
    assert mx.profiler.dumps() == ("\nProfile Statistics:\n"
                                   "\tNote the difference in units for different entries.\n")
    assert mx.profiler.dumps(format="json") == (
        '{\n    "Time": {\n    }\n    ,\n    "Memory": {\n    }\n,\n    "Unit": {\n'
        '        "Time": "ms",\n        "Memory": "kB"\n    }\n}\n')


def test_dumps_reset_and_sorting(tmp_path):
    configure(tmp_path)
    mx.profiler.set_state("run")
    domain = mx.profiler.Domain("sorted")
    for name, values in (("few", [7]), ("many", [1, 2, 3]), ("mid", [4, 5])):
        counter = domain.new_counter(name)
        for value in values:
            counter.set_value(value)
    mx.profiler.set_state("stop")

    def order(**kwargs):
        lines = mx.profiler.dumps(**kwargs).split("\n")
        start = lines.index("sorted") + 4
        return [line.split()[0] for line in lines[start:lines.index("", start)]]
    assert order(sort_by="count") == ["many", "mid", "few"]
    assert order(sort_by="count", ascending=True) == ["few", "mid", "many"]
    assert order(sort_by="total") == ["few", "mid", "many"]  # a counter's total is its last value
    assert order(sort_by="max", ascending=1) == ["many", "mid", "few"]
    assert "sorted" in mx.profiler.dumps(reset=True)
    assert "sorted" not in mx.profiler.dumps()


@pytest.mark.parametrize("ctx", [pytest.param(mx.cpu(0), id="cpu"), pytest.param(
    mx.gpu(0), id="gpu", marks=[pytest.mark.gpu, pytest.mark.skipif(
        mx.context.num_gpus() == 0, reason="needs a CUDA GPU")])])
def test_operators_on_each_context(ctx, tmp_path):
    path = configure(tmp_path)
    x = mx.nd.ones((64, 64), ctx=ctx)
    mx.profiler.set_state("run")
    y = mx.nd.dot(x, x) + 1
    y.wait_to_read()
    mx.profiler.set_state("stop")
    mx.profiler.dump()
    events = trace_events(path)
    assert any(e.get("cat") == "operator" and e["name"] == "_plus_scalar" for e in events)
    if ctx.device_type == "gpu":
        kernels = [e for e in events if e.get("cat") == "kernel"]
        assert kernels and all(e["pid"] == 1 for e in kernels)
        assert {"ph": "M", "args": {"name": "gpu/0"}, "pid": 1, "name": "process_name"} in events
        assert "\nkernel\n" in mx.profiler.dumps()


def test_a_process_ending_while_the_profiler_runs_writes_the_trace_and_exits_cleanly(tmp_path):
    # found by MXNet's own test_profiler.py: the dump at exit started a new torch session, which
    # crashed the interpreter's teardown (SIGSEGV)
    import subprocess
    import sys

    trace = tmp_path / "exit.json"
    script = ("import mxnd as mx\n"
              f"mx.profiler.set_config(profile_all=True, filename={str(trace)!r})\n"
              "mx.profiler.set_state('run')\n"
              "x = mx.nd.ones((10, 10)) * 2\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    names = {event.get("name") for event in json.loads(trace.read_text())["traceEvents"]}
    assert "process_name" in names and len(names) > 1


def test_starting_and_stopping_print_nothing(tmp_path, capfd):
    # torch 2.13's profiler writes "USDT:... profiler_start" / "profiler_stop" lines to stderr;
    # MXNet's prints nothing
    configure(tmp_path)
    for _ in range(2):
        mx.profiler.set_state("run")
        (mx.nd.ones((2, 2)) * 2).wait_to_read()
        mx.profiler.set_state("stop")
    table = mx.profiler.dumps(reset=True)
    print("after", file=sys.stderr)
    out, err = capfd.readouterr()
    assert "_mul_scalar" in table
    assert (out, err) == ("", "after\n")


# --- operator names (MXNet's, as its test_profiler.py checks them) ---------------------------

def test_statistics_count_operators_by_mxnet_name(tmp_path):
    """MXNet's test_aggregate_duplication: sqrt once, _plus_scalar twice."""
    configure(tmp_path)
    mx.profiler.set_state("run")
    inp = mx.nd.zeros(shape=(100, 100))
    mx.nd.sqrt(inp)
    inp = inp + 1
    inp = inp + 1
    mx.nd.full((2,), 3)
    mx.profiler.set_state("stop")
    operators = json.loads(mx.profiler.dumps(format="json", reset=True))["Time"]["operator"]
    counts = {name: row["Count"] for name, row in operators.items()}
    assert counts["sqrt"] == 1 and counts["_plus_scalar"] == 2
    assert counts["_zeros"] == 1 and counts["_full"] == 1


def _backward_pass_counts(tmp_path, retain=False):
    configure(tmp_path)
    x = mx.nd.array([[1., 2.], [3., 4.]])
    w, b = mx.nd.ones((3, 2)), mx.nd.zeros((3,))
    for array in (x, w, b):
        array.attach_grad()
    mx.profiler.set_state("run")
    with mx.autograd.record():
        y = mx.nd.FullyConnected(x, w, b, num_hidden=3)
        z = mx.nd.sqrt(y * 2 + 1).sum()
    z.backward(retain_graph=retain)
    mx.profiler.set_state("stop")
    operators = json.loads(mx.profiler.dumps(format="json", reset=True))["Time"]["operator"]
    return {name: row["Count"] for name, row in operators.items()}, z, x


def test_backward_passes_have_mxnets_operator_names(tmp_path):
    """Checked on MXNet 1.9.1: each backward operator once under its name (``_plus_scalar``'s is
    ``_copy``); torch's nodes (two for FullyConnected, two for sum) and gradient stores are not rows."""
    counts, _, x = _backward_pass_counts(tmp_path)
    backward = {"_backward_FullyConnected": 1, "_backward_sum": 1, "_backward_sqrt": 1,
                "_backward_mul_scalar": 1, "_copy": 1, "SetValueOp": 1}  # SetValueOp: the head's ones
    assert {name: counts.get(name) for name in backward} == backward
    assert not [name for name in counts if "autograd::" in name or "Backward" in name or "aten::" in name]
    assert x.grad.asnumpy().tolist() == [[1.1338934898376465, 1.1338934898376465], [0.7745966911315918, 0.7745966911315918]]


def test_backward_names_cost_nothing_once_the_profiler_stops(tmp_path):
    """A graph recorded while profiling keeps its names' hooks: a later backward pass outside the
    profiler runs them without recording anything, and gives the same gradients."""
    _, z, x = _backward_pass_counts(tmp_path, retain=True)
    first = x.grad.asnumpy().tolist()
    z.backward()
    assert x.grad.asnumpy().tolist() == first
    assert mx.profiler.dumps(reset=True).count("_backward_") == 0


def test_backward_table_names_registry_operators():
    from mxnd.backward_table import NAMES
    from mxnd.registry import REGISTRY
    assert len(NAMES) > 200 and set(NAMES) <= set(REGISTRY)
    assert NAMES["sqrt"] == "_backward_sqrt" and NAMES["_plus_scalar"] == "_copy"


class _Sigmoid(mx.operator.CustomOp):
    def forward(self, is_train, req, in_data, out_data, aux):
        self.assign(out_data[0], req[0], 1 / (1 + mx.nd.exp(-in_data[0])))
        mx.nd.zeros(shape=(100, 100))  # listed as 'ProfiledSigmoid::_zeros', as MXNet's test expects

    def backward(self, req, out_grad, in_data, out_data, in_grad, aux):
        y = out_data[0]
        self.assign(in_grad[0], req[0], out_grad[0] * (1 - y) * y)


@mx.operator.register("ProfiledSigmoid")
class _SigmoidProp(mx.operator.CustomOpProp):
    def create_operator(self, ctx, in_shapes, in_dtypes):
        return _Sigmoid()


def test_custom_operator_statistics(tmp_path):
    """MXNet's test_custom_operator_profiling: the custom operator's forward and backward as
    '<op_type>::pure_python' and '_backward_<op_type>::pure_python', the operators they run
    prefixed, all in the category 'Custom Operator' (in the host's process of the trace)."""
    path = configure(tmp_path)
    mx.profiler.set_state("run")
    x = mx.nd.array([0, 1, 2, 3])
    x.attach_grad()
    with mx.autograd.record():
        y = mx.nd.Custom(x, op_type="ProfiledSigmoid")
    y.backward()
    mx.profiler.set_state("stop")
    stats = json.loads(mx.profiler.dumps(format="json", reset=True))["Time"]
    custom = stats["Custom Operator"]
    counts = {name: row["Count"] for name, row in custom.items()}
    # MXNet also lists its engine's WaitForVar and CopyCPU2CPU here
    assert counts == {"ProfiledSigmoid::pure_python": 1, "_backward_ProfiledSigmoid::pure_python": 1,
                      "ProfiledSigmoid::_zeros": 1, "ProfiledSigmoid::_mul_scalar": 1,  # -x
                      "ProfiledSigmoid::exp": 1, "ProfiledSigmoid::_plus_scalar": 1,
                      "ProfiledSigmoid::_rdiv_scalar": 1, "_backward_ProfiledSigmoid::_rminus_scalar": 1,
                      "_backward_ProfiledSigmoid::broadcast_mul": 2}
    assert not {"_zeros", "aten::zeros"} & set(stats["operator"])  # the outputs' allocation is no operator call
    mx.profiler.dump()
    events = trace_events(path)
    assert all(e["pid"] == 0 for e in events if e.get("cat") == "Custom Operator")
    assert "Custom Operator" not in {e["args"]["name"] for e in events if e["ph"] == "M"}
    np.testing.assert_allclose(x.grad.asnumpy(), [0.25, 0.19661193, 0.10499363, 0.04517666], rtol=1e-6)


def test_operators_are_named_only_while_the_profiler_records(tmp_path):
    from mxnd import op_names
    from mxnd.registry import REGISTRY

    body = op_names.slot(REGISTRY["sqrt"])
    assert body[0] is REGISTRY["sqrt"].impl
    configure(tmp_path)
    mx.profiler.set_state("run")
    assert body[0] is not REGISTRY["sqrt"].impl and body[0].__wrapped__ is REGISTRY["sqrt"].impl
    mx.profiler.pause()
    assert body[0] is REGISTRY["sqrt"].impl
    mx.profiler.resume()
    mx.profiler.set_state("stop")
    assert body[0] is REGISTRY["sqrt"].impl and op_names.ACTIVE == [False]
