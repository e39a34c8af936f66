"""The repository's root, and on sys.path: a script run as a file (`python scripts/validate.py`) has only scripts/
there, while the game's modules (master, instancegenerator, games, ...) live at the root, where clem finds them.
Tests, which import scripts with the root on sys.path already (pyproject's `pythonpath`), change nothing by it."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
