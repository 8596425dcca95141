"""Write src/mxnd/mxnet_params.py: the parameters of every MXNet 1.9.1 operator as its C++ declares
them (name and dmlc type text, in declaration order), for MXNet's parameter error messages.

Runs ONLY in the reference venv (../shared/tools/mxnet-reference-venv.sh):
    /tmp/mxvenv/bin/python tools/list_mxnet_params.py
The generated module is committed; mxnd.param_errors reads it when a parameter cannot be read.
It also writes tests/fixtures/param_errors.json, MXNet's messages that tests/test_param_errors.py
compares with mxnd's: every parameter of every operator given the unreadable value ``'@x'``, and
random calls with several parameters (some unreadable) through MXNet's Python functions, whose
messages show which bad value MXNet reports first and the order of its ``in operator`` list.

Per operator (its canonical C++ name; aliases map to it) it records the parameters, the
``key_var_num_args`` parameter of variadic operators, and whether MXNet's parser appends
``, in operator <op>(name="", key="value", ...)`` to its messages: operators registered with
``ParamParser<T>`` do, those with their own parser (Pooling, Deconvolution, the reductions) do
not. Both come from calling each operator with an unknown keyword: the message lists the
parameters its parser reads (for _linspace not those its documentation lists).
"""
import ctypes
import json
import os
import pprint
import random
import re

import mxnet as mx
from mxnet._ctypes.ndarray import _imperative_invoke
from mxnet.base import OpHandle, _LIB, c_str, check_call, mx_uint, py_str

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "..", "src", "mxnd", "mxnet_params.py")
FIXTURE = os.path.join(HERE, "..", "tests", "fixtures", "param_errors.json")
BAD = "@x"
# valid values of some operators' parameters, for calls that mix good and bad ones
VALID = {
    "Convolution": {"kernel": (1, 1), "stride": (1, 1), "dilate": (1, 1), "pad": (0, 0), "num_filter": 1,
                    "num_group": 1, "workspace": 10, "no_bias": True, "cudnn_tune": "off", "cudnn_off": False,
                    "layout": "NCHW"},
    "Pooling": {"kernel": (2, 2), "pool_type": "avg", "global_pool": False, "cudnn_off": True,
                "pooling_convention": "full", "stride": (1, 1), "pad": (0, 0), "p_value": 2,
                "count_include_pad": True, "layout": "NCHW"},
    "BatchNorm": {"eps": 0.001, "momentum": 0.9, "fix_gamma": False, "use_global_stats": True,
                  "output_mean_var": False, "axis": 1, "cudnn_off": False, "min_calib_range": 0.5,
                  "max_calib_range": 1.5},
    "one_hot": {"depth": 3, "on_value": 2.0, "off_value": 0.5, "dtype": "int32"},
    "softmax": {"axis": 0, "temperature": 2.0, "dtype": "float64", "use_length": False},
    "clip": {"a_min": 0.0, "a_max": 1.0},
    "topk": {"axis": 1, "k": 2, "ret_typ": "both", "is_ascend": True, "dtype": "int32"},
    "Deconvolution": {"kernel": (2, 2), "stride": (1, 1), "dilate": (1, 1), "pad": (0, 0), "adj": (0, 0),
                      "target_shape": (3, 3), "num_filter": 2, "num_group": 1, "workspace": 64,
                      "no_bias": True, "cudnn_off": True, "layout": "NCHW"},
    "concat": {"dim": 0},
}
PROBE = "zz_not_a_parameter"
PREFIXES = {"nd": ("",), "_internal": ("",), "contrib": ("", "_contrib_"), "image": ("", "_image_"),
            "linalg": ("", "_linalg_"), "random": ("", "_random_", "_sample_"), "sparse": ("", "_sparse_")}


def operator_info(name):
    """(handle, canonical name, [(param, type text)], key_var_num_args) of operator ``name``."""
    handle = OpHandle()
    check_call(_LIB.NNGetOpHandle(c_str(name), ctypes.byref(handle)))
    real, desc, count = ctypes.c_char_p(), ctypes.c_char_p(), mx_uint()
    names, types, descs = (ctypes.POINTER(ctypes.c_char_p)() for _ in range(3))
    num_args, ret_type = ctypes.c_char_p(), ctypes.c_char_p()
    check_call(_LIB.MXSymbolGetAtomicSymbolInfo(
        handle, ctypes.byref(real), ctypes.byref(desc), ctypes.byref(count), ctypes.byref(names),
        ctypes.byref(types), ctypes.byref(descs), ctypes.byref(num_args), ctypes.byref(ret_type)))
    params = []
    for i in range(count.value):
        kind = py_str(types[i])
        if not kind.startswith(("NDArray", "Symbol")):
            kind = kind.split(", optional")[0].split(", required")[0].split(",optional")[0]
            params.append((py_str(names[i]), kind))
    return handle, py_str(real.value), params, py_str(num_args.value) if num_args.value else ""


def parsed_params(handle):
    """(the parameters its parser lists for an unknown keyword, as [(name, type text)], or None
    when it accepts any keyword; whether it appends ``, in operator ...`` to the message). The
    list is the parser's truth: _linspace documents RangeParam's fields but parses LinspaceParam."""
    try:
        _imperative_invoke(handle.value, [], [PROBE], ["1"], None, False, False)
    except mx.base.MXNetError as error:
        text = str(error)
        if "Possible Arguments:" not in text:
            return None, ", in operator " in text
        listed = re.findall(r"^(\w+) : (.*?)(?:, ?optional|, required|$)", text, re.MULTILINE)
        return [(name, kind) for name, kind in listed if not kind.startswith(("NDArray", "Symbol"))], \
            ", in operator " in text
    return None, False


def single_bad_values(operators, handles) -> list:
    """[op, param, MXNet's message] for each parameter given BAD alone (no inputs, raw keys)."""
    found = []
    for name, (params, *_) in sorted(operators.items()):
        for param, kind in params:
            if param == "dtype" or kind == "string":  # the frontend converts dtype; strings read anything
                continue
            try:
                _imperative_invoke(handles[name].value, [], [param], [BAD], None, False, False)
            except mx.base.MXNetError as error:
                found.append([name, param, str(error).splitlines()[0]])
    return found


def mixed_calls(count=120, seed=5) -> list:
    """[op, [[key, value], ...], MXNet's message] for random calls through MXNet's functions: a
    random subset of VALID's parameters in random order, one or two of them BAD."""
    rng, found = random.Random(seed), []
    for index in range(count):
        name = sorted(VALID)[index % len(VALID)]
        keys = rng.sample(sorted(VALID[name]), rng.randint(1, len(VALID[name])))
        bad = set(rng.sample(keys, min(len(keys), rng.randint(1, 2))))
        kwargs = [[key, BAD if key in bad else VALID[name][key]] for key in keys]
        arrays = [mx.nd.ones((2, 2))] * 2 if name == "concat" else []
        try:
            getattr(mx.nd, name)(*arrays, **dict(kwargs))
        except (mx.base.MXNetError, TypeError) as error:
            found.append([name, kwargs, f"{type(error).__name__}: {str(error).splitlines()[0]}"])
    return found


def main():
    with open(os.path.join(HERE, "mxnet_names.json")) as f:
        groups = json.load(f)
    # a namespace's functions are its operators' names without their prefix (contrib.box_nms is
    # _contrib_box_nms): the prefixed name first
    names = sorted({prefix + name for group, prefixes in PREFIXES.items() for name in groups[group]
                    for prefix in prefixes})
    operators, aliases, handles = {}, {}, {}
    for name in names:
        try:
            handle, real, params, num_args = operator_info(name)
        except mx.base.MXNetError:
            continue  # a Python-level function (or a prefix that names no operator)
        if real != name:
            aliases[name] = real
        listed, appends = parsed_params(handle)
        documented = tuple(name for name, _ in params)  # the generated Python signature's order
        params = params if listed is None else listed
        if params and real not in operators:
            frontend = documented if documented != tuple(name for name, _ in params) else None
            operators[real] = (tuple(params), num_args, appends, frontend)
            handles[real] = handle
    text = ("MXNet 1.9.1's operator parameters as its C++ declares them, for its parameter errors.\n\n"
            "Generated by tools/list_mxnet_params.py from MXNet 1.9.1; do not edit.\n"
            "OPERATORS: name -> (((param, dmlc type text), ...), key_var_num_args, appends ', in operator',\n"
            "the documented parameters that order the Python frontend's keys when they differ, else None).\n")
    with open(TARGET, "w") as f:
        f.write('"""' + text + '"""\n\n')
        f.write("OPERATORS = " + pprint.pformat(operators, width=110, compact=True) + "\n\n")
        f.write("ALIASES = " + pprint.pformat(aliases, width=110, compact=True) + "\n")
    print(f"{len(operators)} operators with parameters, {len(aliases)} aliases -> {TARGET}")
    fixture = {"bad_value": BAD, "single": single_bad_values(operators, handles), "mixed": mixed_calls()}
    with open(FIXTURE, "w") as f:  # one entry per line
        f.write("{" + ",\n".join(f"{json.dumps(key)}: " + (json.dumps(value) if isinstance(value, str) else
                                  "[\n" + ",\n".join(map(json.dumps, value)) + "]")
                                  for key, value in fixture.items()) + "}\n")
    print(f"{len(fixture['single'])} single and {len(fixture['mixed'])} mixed messages -> {FIXTURE}")


if __name__ == "__main__":
    main()
