"""docs/operators.md is current, every registry name is an MXNet 1.9.1 name of its namespace, and
the README's tour runs.

Regenerate the file with ``python tools/gen_operator_docs.py``.
"""
import importlib.util
import pathlib

import pytest

from mxnd.registry import REGISTRY

ROOT = pathlib.Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"


@pytest.fixture(scope="module")
def generator():
    spec = importlib.util.spec_from_file_location("gen_operator_docs", TOOLS / "gen_operator_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_operators_md_is_current(generator):
    diff = generator.check()
    assert not diff, "docs/operators.md is stale; run python tools/gen_operator_docs.py\n" + diff[:4000]


def test_every_registry_name_is_an_mxnet_name(generator):
    mxnet_names = {key: set(names) for key, names in generator.load_mxnet_names().items()}
    unknown = []
    for spec in REGISTRY.values():
        for namespace, name in spec.entries:
            key = generator.KEY_OF_NAMESPACE.get(namespace)
            if key is None or name not in mxnet_names[key]:
                unknown.append(f"{namespace or 'nd'}:{name}")
    assert not unknown, f"not MXNet 1.9.1 names of their namespace: {unknown}"



def test_readme_tour_runs(tmp_path, monkeypatch):
    """The README's tour is real code (the CUDA block runs only where a GPU exists)."""
    import re

    import mxnd as mx
    text = (ROOT / "README.md").read_text()
    code = re.search(r"## A short tour\n\n```python\n(.*?)```", text, re.S).group(1)
    if mx.context.num_gpus() == 0:
        code = re.sub(r"with mx\.gpu\(0\):.*\n    .*\n", "", code)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {})
    assert (tmp_path / "model-0000.params").exists()
