"""Whether this machine can play a game, and what to do when it cannot, in one line."""

import importlib
import sys

from clemcore.clemgame import GameSpec

import fixes
from runtime.errors import SpecError
from runtime.words import NLTK_DOWNLOAD_NAMES, nltk_has, quiet_nltk_downloads


def unavailable_reason(game_spec: GameSpec) -> str | None:
    """Why this Python/machine cannot play the game, in one line; None when it can."""
    missing = [name for name in getattr(game_spec, "nltk_resources", []) if not nltk_has(name)]
    if missing:
        names = " ".join(NLTK_DOWNLOAD_NAMES.get(name, name) for name in missing)
        return (
            f"{game_spec.game_name} needs NLTK data that is not installed ({', '.join(missing)}): "
            f"run `python -m nltk.downloader {names}` or point NLTK_DATA at a folder that has it."
        )
    entry_point = game_spec["entry_point"]
    module_name, _, class_name = fixes.source(entry_point).partition(":")
    try:
        with quiet_nltk_downloads():
            module = importlib.import_module(module_name)
    except SyntaxError as error:
        # TextArena 0.7.4's Chess, Checkers, ... use PEP 701 f-strings, which only Python >= 3.12 parses.
        return (
            f"{game_spec.game_name} is unavailable on Python {sys.version_info.major}.{sys.version_info.minor}: "
            f"TextArena's {module_name} does not compile here ({error.msg}, line {error.lineno}); "
            f"it needs Python >= 3.12."
        )
    except ImportError as error:
        if (
            module_name != entry_point.partition(":")[0]
            and error.name is not None
            and not f"{module_name}.".startswith(f"{error.name}.")
        ):
            # a stand-in of this project's own whose optional dependency is missing (envs/babyai_text.py: minigrid,
            # the extra `babyai`): its message names what to install
            return f"{game_spec.game_name} is unavailable here: {error}"
        problem = f"cannot be imported ({type(error).__name__}: {error})"
    else:
        if hasattr(module, class_name):
            return None
        problem = "names no class of that module"
    # A wrong spec, not a machine that lacks something: like an unknown master, it fails the game's load.
    raise SpecError(
        f"{game_spec.game_name}: the entry_point {entry_point!r} in clemgame.json {problem}; it must "
        f"name a TextArena env class as `module:Class` (e.g. textarena.envs.Hangman.env:HangmanEnv) "
        f"importable after `pip install -e .`."
    )


def instance_file_advice(game_spec: GameSpec) -> str:
    """How to get a game's instance file back: the repository's copy, or the generator (a `_vs_<reference>`
    variant plays, and its base game generates, the base game's instances; the build copies a lite sample's from its
    full spec's)."""
    base_game = getattr(game_spec, "base_game", game_spec.game_name)
    remake = (
        "write it again with `python scripts/build_clemgame.py`"
        if hasattr(game_spec, "sample_of")
        else f"regenerate it with `python instancegenerator.py {base_game}`"
    )
    return (
        f"restore in/{game_spec.instances}.json from the repository (`git checkout -- in/{game_spec.instances}"
        f".json`) or {remake}."
    )
