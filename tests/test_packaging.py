"""Installing the project installs its dependencies only: the game's generic module names (master, metrics, ...)
must not land in site-packages, where they would shadow or be shadowed by other clem games' modules. The game's
modules import each other downwards only (README "The house")."""

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from support import REPO


@pytest.mark.one_python
def test_wheel_holds_no_top_level_module(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("clem_textarena-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert names and all(name.startswith("clem_textarena-") and ".dist-info/" in name for name in names)
    assert "clemcore==3.7.2" in zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()


# The floors of the house (README "The house"), from the ground up: a module imports only from its floor and below.
FLOORS = [
    {"fixes", "envs", "replies", "clem_observation_wrapper", "metrics", "ta_players", "ta_players_api"},
    {"runtime"},
    {"submasters", "ta_master"},
    {"games"},
    {"master", "instancegenerator"},
]


def _imported_tops(path: Path) -> set[str]:
    tops = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            tops |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            tops.add(node.module.partition(".")[0])
    return tops


def test_every_module_imports_only_from_its_floor_and_below():
    floor_of = {name: number for number, floor in enumerate(FLOORS) for name in floor}
    own = {path.stem for path in REPO.glob("*.py")} | {path.parent.name for path in REPO.glob("*/__init__.py")}
    assert own - {"tests", "scripts"} - set(floor_of) == set(), "a module of the game that no floor holds"
    upward = [
        (str(path.relative_to(REPO)), target)
        for path in [*REPO.glob("*.py"), *REPO.glob("*/**/*.py")]
        if (top := path.relative_to(REPO).parts[0].removesuffix(".py")) in floor_of
        for target in _imported_tops(path)
        if target in floor_of and floor_of[target] > floor_of[top]
    ]
    assert upward == []


def test_every_python_file_of_the_project_compiles_on_this_python():
    """Python 3.11's CI run leaves the tests of processes around the games (passes, faults, runners: `one_python`) to
    3.12: the scripts they run, like every file of the project, must still be Python this interpreter reads."""
    files = [
        path
        for path in REPO.rglob("*.py")
        if not any(part.startswith(".") or part in ("build", "__pycache__") for part in path.relative_to(REPO).parts)
    ]
    assert len(files) > 100
    for path in files:
        compile(path.read_text(encoding="utf-8"), str(path), "exec")
