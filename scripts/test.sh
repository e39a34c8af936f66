#!/usr/bin/env bash
# Sets up the virtual environment and runs the test suite; extra arguments go to pytest.
source "$(dirname "$0")/venv.sh"
python -m pytest -q "$@"
