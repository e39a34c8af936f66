"""The clem GameBenchmark for every TextArena game in clemgame.json."""

import importlib
import json
import logging
import pkgutil
import sys
from pathlib import Path

# clemcore unloads the modules a game's loading imported: textarena itself, when this game was the first to import
# it, but not the env modules that TextArena imports later, during play. The next game loaded in the process then
# imports a fresh textarena beside env modules bound to the old one, whose ObservationType members no longer equal
# the new ones (a prompt would be labelled as a game message). Orphaned textarena modules are dropped first.
if "textarena" not in sys.modules:
    for name in [name for name in sys.modules if name.startswith("textarena.")]:
        del sys.modules[name]

from clemcore.backends import Model
from clemcore.clemgame import GameBenchmark, GameSpec

import games
import metrics
import submasters  # noqa: F401  (the generic masters specs name)
from runtime.availability import instance_file_advice, unavailable_reason
from ta_master import TextArenaGameMaster

stdout_logger = logging.getLogger("clemcore.run")

# A spec names its master by import path, resolved when the benchmark is made; clemcore puts the game's directory on
# sys.path only while it executes this module, and unloads after the run what that imported (clemcore 3.7.2
# clemgame/benchmark.py:127-145): every family's module is imported now.
for family in pkgutil.iter_modules(games.__path__, "games."):
    importlib.import_module(family.name)

EXAMPLES = {"master": "games.tabletop:PokerMaster", "scorer": "metrics:CompetitiveScorer"}


def named_class(game_spec: GameSpec, key: str, kind: type) -> type:
    """The class a spec names under `key` by import path ("games.tabletop:PokerMaster", relative to the game's
    directory), checked to be a `kind`; anything else is one line that says what to write."""
    path = getattr(game_spec, key, None)
    module_name, _, class_name = path.partition(":") if isinstance(path, str) else ("", "", "")
    if not (module_name and class_name):
        problem = "is not an import path"
    else:
        try:
            found = getattr(importlib.import_module(module_name), class_name, None)
        except ImportError as error:
            problem = f"cannot be imported ({type(error).__name__}: {error})"
        else:
            if isinstance(found, type) and issubclass(found, kind):
                return found
            problem = f"names no {kind.__name__}" if found is not None else f"names nothing in {module_name}"
    raise ValueError(
        f"{game_spec.game_name}: the {key} {path!r} in clemgame.json {problem}; it must name a "
        f"{kind.__name__} as `module:Class` (e.g. {EXAMPLES[key]!r})"
    )


def instance_file_error(game_spec: GameSpec) -> str | None:
    """Why the game's instance file cannot be read as JSON, in one line; None when it can (or is missing, which
    clemcore reports with the path)."""
    path = Path(game_spec.game_path) / "in" / f"{game_spec.instances}.json"
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return f"{game_spec.game_name}: {path} is not valid JSON ({error}); {instance_file_advice(game_spec)}"
    return None


def _is_game_module(name: str, game_dir: Path) -> bool:
    """Whether a module is one of the game directory's own (`submasters`, `games.boards`, `ta_players.boards`), by
    its top-level name: a virtual environment inside the directory holds installed packages, not game modules."""
    top = name.partition(".")[0]
    return (game_dir / f"{top}.py").is_file() or (game_dir / top / "__init__.py").is_file()


class TextArenaGameBenchmark(GameBenchmark):
    """Builds the master and scorer a spec names.

    A game this machine cannot play (NLTK data missing, Python too old for the env's module) is reported in
    one line when loaded, and each of its episodes fails with that line in its error.json. Failing the load
    instead would make clem print a traceback around the advice, and would stop `clem score` on results
    that need no env.
    """

    def __init__(self, game_spec: GameSpec):
        super().__init__(game_spec)
        self.master_class = named_class(game_spec, "master", TextArenaGameMaster)
        self.scorer_class = named_class(game_spec, "scorer", metrics.TextArenaScorer)
        self.unavailable = unavailable_reason(game_spec)
        if self.unavailable is not None:
            stdout_logger.error(self.unavailable)
        # clemcore reads the instance file after the load and reports a decoding error without the file's name
        # (clemcore 3.7.2 cli.py:203, instances.py:179): the line names it first. Not raised, so that `clem score`,
        # which needs no instance file, still scores.
        corrupt = instance_file_error(game_spec)
        if corrupt is not None:
            stdout_logger.error(corrupt)

    def __deepcopy__(self, memo):
        """The benchmark makes the game masters and scorers of a spec and holds no episode: clemcore's branching runner
        (clemcore 3.7.2 `clemgame/runners/branching.py:295-319`) deep-copies the GameMasterEnv, which holds it, before
        every step, and every copy shares it."""
        return self

    def close(self):
        """Unloads this game's own modules, as clemcore does with every module the load imported, but keeps the
        installed packages that came with them (textarena, nltk): a `clem run` of many games would otherwise import
        textarena again for each (0.5-1 s), and they are the interpreter's, one version each, like clemcore itself."""
        game_dir = Path(self.game_spec.game_path)
        self.set_extra_modules([name for name in self._extra_modules if _is_game_module(name, game_dir)])
        super().close()

    def create_game_master(self, experiment: dict, player_models: list[Model]) -> TextArenaGameMaster:
        return self.master_class(self.game_spec, experiment, player_models)

    def create_game_scorer(self, experiment: dict, game_instance: dict) -> metrics.TextArenaScorer:
        return self.scorer_class(self.game_name, experiment, game_instance)
