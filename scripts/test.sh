#!/usr/bin/env bash
# Sets up the virtual environment, lints the code and checks its layout (ruff) and runs the test suite on every core
# (pytest-xdist); extra arguments go to pytest (`-n 0` runs it in one process, `--slow` adds the slow checks CI runs).
source "$(dirname "$0")/venv.sh"
# clem imports a game's modules anew for each spec of a run: without bytecode caches the runs over all games
# compile them about 200 times each (20 s a run)
unset PYTHONDONTWRITEBYTECODE
# the linter and the formatter's check first (a second; configured in pyproject.toml)
ruff check --quiet .
ruff format --check --quiet .
# work stealing: a worker whose queue runs out takes tests from the other's, which the few tests of minutes would
# otherwise leave waiting at the end
python -m pytest -q -n auto --dist worksteal --durations=25 "$@"
