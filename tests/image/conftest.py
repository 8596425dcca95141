"""The case modules (casekit, transform_cases, iter_cases) import each other as top-level modules,
as tools/make_image_fixtures.py imports them under the reference MXNet."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
