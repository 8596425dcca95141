"""The per-family sample tables of tests/op_samples/<family>.py, merged (builder and gradient tests)."""
import importlib.util
import pathlib

_FOLDER = pathlib.Path(__file__).parent / "op_samples"


def load(attribute: str) -> dict:
    """Merge ``attribute`` (SAMPLES, SAMPLE_DTYPES, GRAD_DOMAIN) of every family file."""
    merged = {}
    for path in sorted(_FOLDER.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"op_samples_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        merged.update(getattr(module, attribute, {}))
    return merged
