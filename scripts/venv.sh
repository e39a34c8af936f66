# Sourced by demo.sh and test.sh: makes $VENV (default .venv) with $PYTHON (default Python 3.12),
# installs the project with its test and ratings extras, and points NLTK_DATA at ../shared/nltk_data when unset.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ -z "${PYTHON:-}" ]; then
    PYTHON=python3.12
    if ! "$PYTHON" --version >/dev/null 2>&1 && command -v pyenv >/dev/null; then
        PYTHON="$(pyenv root)/versions/$(pyenv versions --bare | grep -E '^3\.12' | tail -n 1)/bin/python"
    fi
fi
VENV="${VENV:-.venv}"
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
# The project installs when the environment is new or pyproject.toml changed (finding everything installed takes pip
# 10 s). uv installs the same packages as pip in 6 s instead of 45 (pip spends them unpacking); uv reads no pip
# configuration, so where it cannot install (an index only pip.conf names) pip does. Neither compiles: what clem
# imports at start (a fifth of the packages) is compiled by importing it once with bytecode writing on, here: where
# PYTHONDONTWRITEBYTECODE is set, as on many machines, every clem process would compile it anew (11 s to start
# instead of 5.5 s)
if ! sha256sum --status --check "$VENV/pyproject.sha256" 2>/dev/null; then
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "uv==0.13.9"
    "$VENV/bin/uv" pip install --quiet --python "$VENV/bin/python" -e ".[test,ratings]" \
        || "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-compile -e ".[test,ratings]"
    env -u PYTHONDONTWRITEBYTECODE "$VENV/bin/python" -W ignore::SyntaxWarning -c "import clemcore.cli"
    sha256sum pyproject.toml >"$VENV/pyproject.sha256"
fi
if [ -z "${NLTK_DATA:-}" ] && [ -d ../shared/nltk_data ]; then
    export NLTK_DATA="$(realpath ../shared/nltk_data)"
fi
export PATH="$PWD/$VENV/bin:$PATH"
