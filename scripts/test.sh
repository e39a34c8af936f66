#!/usr/bin/env bash
# Sets up the virtual environment and runs the test suite on every core (pytest-xdist); extra arguments go to pytest
# (`-n 0` runs it in one process).
source "$(dirname "$0")/venv.sh"
python -m pytest -q -n auto "$@"
