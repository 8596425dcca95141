"""record_cases and casekit (tests/image) import as top-level modules, as
tools/make_image_record_fixtures.py imports them under the reference MXNet."""
import pathlib
import sys

_HERE = pathlib.Path(__file__).parent
sys.path[:0] = [str(_HERE), str(_HERE.parent / "image")]
