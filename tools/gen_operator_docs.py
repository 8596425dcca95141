"""Write docs/operators.md: the status in mxnd of every MXNet 1.9.1 ``mx.nd`` name, from the registry.

    python tools/gen_operator_docs.py          # regenerate docs/operators.md
    python tools/gen_operator_docs.py --check  # exit 1 if docs/operators.md is not current

The MXNet names come from tools/mxnet_names.json (written by tools/list_mxnet_names.py in
the reference venv). A name is an "operator" when ``mxnd.registry.REGISTRY`` declares it
(name or alias) in the matching namespace, a "function" when the matching mxnd module has a
callable of that name that is not a registry operator (``mx.nd.array``, ``mx.nd.add``),
"not callable in MXNet" when mxnd lacks it and tools/mxnet_uncallable.json lists it (MXNet's
Python wrapper takes no inputs) or tools/mxnet_failing.json does (every imperative call crashes or
raises, written by tools/probe_mxnet_failing.py), and "missing" otherwise. tests/test_docs.py runs the check.
"""
from __future__ import annotations

import argparse
import difflib
import importlib
import json
import os
import re
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES_PATH = os.path.join(ROOT, "tools", "mxnet_names.json")
UNCALLABLE_PATH = os.path.join(ROOT, "tools", "mxnet_uncallable.json")
FAILING_PATH = os.path.join(ROOT, "tools", "mxnet_failing.json")
DOC_PATH = os.path.join(ROOT, "docs", "operators.md")

# key of tools/mxnet_names.json -> (OpSpec.namespace, the mx.nd attribute path shown in the docs)
NAMESPACES = {
    "nd": ("", "mx.nd"),
    "contrib": ("contrib", "mx.nd.contrib"),
    "linalg": ("linalg", "mx.nd.linalg"),
    "random": ("random", "mx.nd.random"),
    "sparse": ("sparse", "mx.nd.sparse"),
    "image": ("image", "mx.nd.image"),
    "_internal": ("_internal", "mx.nd._internal"),
}
KEY_OF_NAMESPACE = {namespace: key for key, (namespace, _) in NAMESPACES.items()}

OPERATOR, FUNCTION, MISSING, UNCALLABLE, OUT_OF_SCOPE = (
    "operator", "function", "missing", "not callable in MXNet", "not provided")

# Families the project does not provide: intgemm (absent from MXNet 1.9.1's default builds, so
# tools/mxnet_names.json lists none today).
OUT_OF_SCOPE_PATTERN = re.compile(r"intgemm", re.IGNORECASE)
# Not operators: helpers of MXNet's ctypes layer that mx.nd._internal re-exports; they take MXNet's
# C handles (an operator handle, the class for returned handles).
CTYPES_PLUMBING = {"_internal": {"_imperative_invoke", "_set_ndarray_class", "_set_np_ndarray_class"}}


def load_mxnet_names(path: str = NAMES_PATH) -> dict:
    """``{key: sorted names}`` for every namespace of MXNet 1.9.1's ``mx.nd``."""
    with open(path) as handle:
        names = json.load(handle)
    unknown = set(names) - set(NAMESPACES)
    if unknown:
        raise SystemExit(f"{path}: unknown namespaces {sorted(unknown)}")
    return {key: sorted(names.get(key, ())) for key in NAMESPACES}


def _mxnd_module(key: str):
    """The mxnd module standing for ``mx.nd.<key>`` (``mx.nd`` itself for 'nd'), or None."""
    import mxnd

    if key == "nd":
        return mxnd.nd
    module = getattr(mxnd.nd, key, None)
    if isinstance(module, types.ModuleType):
        return module
    qualified = f"{mxnd.nd.__name__}.{key}"
    try:
        return importlib.import_module(qualified)
    except ModuleNotFoundError as error:
        if error.name == qualified:
            return None
        raise


def registry_entries() -> dict:
    """``{(json key, name): (spec, alias_of or None)}`` for every registry name and alias."""
    from mxnd.registry import REGISTRY

    entries = {}
    for spec in REGISTRY.values():
        for (namespace, public), name in zip(spec.entries, spec.all_names):
            key = KEY_OF_NAMESPACE.get(namespace, namespace)
            entries[key, public] = (spec, None if name == spec.name else spec.public_name)
    return entries


def _fluent(spec, name: str, ndarray_class) -> str:
    """'yes' for the op's generated fluent method, 'hand-written' for another NDArray method of that name."""
    if spec.fluent and name == spec.public_name:
        return "yes"
    return "hand-written" if hasattr(ndarray_class, name) else "no"


def load_uncallable(path: str = UNCALLABLE_PATH) -> dict:
    """``{key: set of names}`` that MXNet 1.9.1's Python API cannot call (see list_mxnet_names.py)."""
    with open(path) as handle:
        return {key: set(names) for key, names in json.load(handle).items()}


def load_failing(path: str = FAILING_PATH) -> dict:
    """``{key: {name: {"call": ..., "outcome": ...}}}``: operators whose wrapper takes arrays but
    whose every imperative call fails in MXNet 1.9.1 (see tools/probe_mxnet_failing.py)."""
    with open(path) as handle:
        return json.load(handle)


def classify(mxnet_names: dict) -> dict:
    """``{key: [row]}``: one row per MXNet name with its status and registry details."""
    from mxnd.ndarray import NDArray as ndarray_class

    entries = registry_entries()
    uncallable, failing = load_uncallable(), load_failing()
    tables = {}
    for key, names in mxnet_names.items():
        module = _mxnd_module(key)
        rows = []
        for name in names:
            row = {"name": name, "status": MISSING, "family": "", "fluent": "", "alias_of": "", "where": ""}
            entry = entries.get((key, name))
            if entry is not None:
                spec, alias_of = entry
                row.update(status=OPERATOR, family=spec.family or "-",
                           fluent=_fluent(spec, name, ndarray_class), alias_of=alias_of or "")
            elif module is not None:
                value = getattr(module, name, None)
                if callable(value) and not isinstance(value, types.ModuleType):
                    row.update(status=FUNCTION, where=getattr(value, "__module__", "") or "")
            if row["status"] == MISSING and (OUT_OF_SCOPE_PATTERN.search(name)
                                             or name in CTYPES_PLUMBING.get(key, ())):
                row["status"] = OUT_OF_SCOPE
            elif row["status"] == MISSING and (name in uncallable.get(key, ()) or name in failing.get(key, ())):
                row["status"] = UNCALLABLE
            rows.append(row)
        tables[key] = rows
    return tables


def non_mxnet_names(mxnet_names: dict) -> list:
    """Registry names and aliases that MXNet 1.9.1 does not have in the namespace declared."""
    extra = []
    for (key, name), (spec, alias_of) in sorted(registry_entries().items()):
        if name not in mxnet_names.get(key, ()):
            extra.append((key, name, spec, alias_of))
    return extra


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def render(mxnet_names: dict | None = None) -> str:
    """The full text of docs/operators.md."""
    if mxnet_names is None:
        mxnet_names = load_mxnet_names()
    tables = classify(mxnet_names)
    lines = [
        "<!-- Generated by tools/gen_operator_docs.py from mxnd.registry.REGISTRY and "
        "tools/mxnet_names.json. Do not edit by hand. -->",
        "",
        "# Operators: MXNet 1.9.1 names in mxnd",
        "",
        "This file is generated: regenerate it with `python tools/gen_operator_docs.py`",
        "(`--check` exits 1 when it is stale; `tests/test_docs.py` runs that check).",
        "",
        "Every public name of MXNet 1.9.1's `mx.nd` namespaces (`tools/mxnet_names.json`, listed by",
        "`tools/list_mxnet_names.py` in the reference venv) has one of these statuses:",
        "",
        "- **operator**: declared in the operator registry (`mxnd.registry.REGISTRY`), as its name",
        "  or an alias; `mx.nd.<name>`, the fluent method, `out=` handling and the docstring are",
        "  generated from that declaration.",
        "- **function**: not a registry operator, but a callable of that name exists in the",
        "  matching mxnd module (hand-written, e.g. `mx.nd.array`, `mx.nd.zeros`, `mx.nd.add`).",
        "- **missing**: not available in mxnd yet.",
        "- **not callable in MXNet**: not in mxnd, and no MXNet 1.9.1 program can call it either: its",
        "  Python wrapper takes no inputs (only `out`, `name` and string parameters), so a call fails,",
        "  e.g. `_backward_add()`: \"Operator _backward_add expects 1 inputs, but got 0\". These are",
        "  mostly `_backward_*` operators, which only MXNet's C++ graph feeds; mxnd's autograd computes",
        "  those gradients itself (`tools/mxnet_uncallable.json`, from `tools/list_mxnet_names.py`).",
        "  Also not callable: the operators whose wrapper takes arrays but whose every imperative call",
        "  crashes or raises in MXNet 1.9.1 (subgraph and cached-op nodes, two backward kernels that read",
        "  an input they do not declare); the call tried and what MXNet did are listed below",
        "  (`tools/mxnet_failing.json`, from `tools/probe_mxnet_failing.py`).",
        "- **not provided**: out of the project's scope: `intgemm` (absent from MXNet's default builds),",
        "  and `_imperative_invoke`, `_set_ndarray_class`, `_set_np_ndarray_class`: helpers of MXNet's",
        "  ctypes layer, taking its C handles, that `mx.nd._internal` re-exports.",
        "",
        "For operators, *family* is the registry family (it selects the test suite), *fluent method*",
        "is `yes` when the registry generates `NDArray.<name>`, `hand-written` when NDArray has its",
        "own method of that name (`reshape` returns a view), and *alias of* names the declared op.",
        "For functions, *defined in* is the mxnd module that defines them.",
        "",
        "## Summary",
        "",
        "| namespace | MXNet names | operator | function | missing | not callable in MXNet | not provided | "
        "implemented | of the callable |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    totals = {OPERATOR: 0, FUNCTION: 0, MISSING: 0, UNCALLABLE: 0, OUT_OF_SCOPE: 0}
    for key, rows in tables.items():
        counts = {status: sum(1 for row in rows if row["status"] == status) for status in totals}
        for status, count in counts.items():
            totals[status] += count
        done = counts[OPERATOR] + counts[FUNCTION]
        lines.append(f"| `{NAMESPACES[key][1]}` | {len(rows)} | {counts[OPERATOR]} | {counts[FUNCTION]} | "
                     f"{counts[MISSING]} | {counts[UNCALLABLE]} | {counts[OUT_OF_SCOPE]} | {done} / {len(rows)} | "
                     f"{done} / {done + counts[MISSING]} |")
    total = sum(totals.values())
    done = totals[OPERATOR] + totals[FUNCTION]
    lines.append(f"| **all** | {total} | {totals[OPERATOR]} | {totals[FUNCTION]} | {totals[MISSING]} | "
                 f"{totals[UNCALLABLE]} | {totals[OUT_OF_SCOPE]} | {done} / {total} | {done} / {done + totals[MISSING]} |")

    lines += ["", "## Registry names that are not MXNet 1.9.1 names", ""]
    extra = non_mxnet_names(mxnet_names)
    if extra:
        lines += ["| namespace | name | alias of | family |", "|---|---|---|---|"]
        for key, name, spec, alias_of in extra:
            where = NAMESPACES[key][1] if key in NAMESPACES else f"unknown namespace {key!r}"
            lines.append(f"| `{where}` | `{name}` | {_code(alias_of)} | {spec.family or '-'} |")
    else:
        lines.append("None: every registry name and alias is an MXNet 1.9.1 name of its namespace.")

    lines += ["", "## Operators that MXNet 1.9.1 cannot run imperatively", "",
              "Each call below crashed or raised in the reference MXNet 1.9.1 (each in its own process,",
              "with `x = mx.nd.arange(2 * 3 * 24).reshape((2, 3, 24)) / 50`); mxnd does not provide them.", "",
              "| name | call tried | what MXNet 1.9.1 did |", "|---|---|---|"]
    for key, entries in load_failing().items():
        for name, entry in sorted(entries.items()):
            if any(row["name"] == name and row["status"] == UNCALLABLE for row in tables.get(key, ())):
                outcome = entry["outcome"].replace("|", "\\|")
                lines.append(f"| `{NAMESPACES[key][1]}.{name}` | `{entry['call']}` | {outcome} |")

    for key, rows in tables.items():
        done = sum(1 for row in rows if row["status"] in (OPERATOR, FUNCTION))
        lines += ["", f"## `{NAMESPACES[key][1]}` ({done} / {len(rows)} implemented)", ""]
        if not rows:
            lines.append("MXNet 1.9.1 has no public names here.")
            continue
        lines += ["| name | status | family | fluent method | alias of | defined in |",
                  "|---|---|---|---|---|---|"]
        for row in rows:
            lines.append(f"| `{row['name']}` | {row['status']} | {row['family']} | {row['fluent']} | "
                         f"{_code(row['alias_of'])} | {_code(row['where'])} |")
    return "\n".join(lines) + "\n"


def write(path: str = DOC_PATH, text: str | None = None) -> None:
    """Write ``text`` (default: ``render()``) to ``path`` atomically (a temporary file, then os.replace)."""
    text = render() if text is None else text
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    os.replace(tmp, path)


def check(path: str = DOC_PATH) -> str:
    """A unified diff from ``path`` to what would be generated; '' when the file is current."""
    expected = render()
    try:
        with open(path, encoding="utf-8") as handle:
            current = handle.read()
    except FileNotFoundError:
        current = ""
    if current == expected:
        return ""
    diff = difflib.unified_diff(current.splitlines(True), expected.splitlines(True),
                                fromfile=f"{path} (on disk)", tofile=f"{path} (generated)")
    return "".join(diff) or f"{path} differs from the generated text\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/operators.md is not current")
    parser.add_argument("--output", default=DOC_PATH, help="file to write or check (default: docs/operators.md)")
    args = parser.parse_args(argv)
    sys.path.insert(0, os.path.join(ROOT, "src"))  # document this checkout's mxnd
    if args.check:
        diff = check(args.output)
        if diff:
            lines = diff.splitlines(True)
            sys.stdout.write("".join(lines[:200]))
            if len(lines) > 200:
                print(f"... ({len(lines) - 200} more diff lines)")
            print(f"{args.output} is stale: run python tools/gen_operator_docs.py", file=sys.stderr)
            return 1
        print(f"{args.output} is current")
        return 0
    write(args.output)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
