"""The clem GameBenchmark for every TextArena game in clemgame.json."""

import difflib
import importlib
import json
import logging
import os
import pkgutil
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

# clemcore unloads the modules a game's loading imported: textarena itself, when this game was the first to import
# it, but not the env modules that TextArena imports later, during play. The next game loaded in the process then
# imports a fresh textarena beside env modules bound to the old one, whose ObservationType members no longer equal
# the new ones (a prompt would be labelled as a game message). Orphaned textarena modules are dropped first.
if "textarena" not in sys.modules:
    for name in [name for name in sys.modules if name.startswith("textarena.")]:
        del sys.modules[name]

from clemcore.backends import Model
from clemcore.clemgame import GameBenchmark, GameSpec


def _modified(module) -> int | None:
    """When the module's file was last changed (None for a module without one)."""
    file = getattr(module, "__file__", None)
    return os.stat(file).st_mtime_ns if file else None


def _put_back_kept_modules(game_dir: Path) -> None:
    """clemcore executes this file anew for every spec of a run and, when the spec is done, unloads the modules its load
    imported (so that games of other directories may reuse names such as `metrics`): the same 60-odd modules of this
    directory were imported again for each spec, a quarter of a `clem run` of all games. A closed spec keeps them aside
    (TextArenaGameBenchmark.close); the next spec of this directory puts them back, unless another copy of one is
    loaded or one of their files changed since. They are kept in runtime.cache's holder, which this file cannot import
    before they are back (runtime.cache.PROCESS_CACHE names it)."""
    holder = sys.modules.get("_clem_textarena_process_cache")
    kept = getattr(holder, KEPT_MODULES, {}).get(str(game_dir))
    if (
        kept
        and not any(name in sys.modules for name in kept)
        and all(_modified(module) == modified for module, modified in kept.values())
    ):
        sys.modules.update({name: module for name, (module, _) in kept.items()})


KEPT_MODULES = "kept game modules"
_LOADED_AT = time.time_ns()  # this spec's load: a module file changed after it is not kept
_put_back_kept_modules(Path(__file__).resolve().parent)

import games
import metrics
import replies
import submasters
from runtime.availability import instance_file_advice, unavailable_reason
from runtime.cache import process_cache
from runtime.errors import SpecError
from ta_master import TextArenaGameMaster, reply_kinds

stdout_logger = logging.getLogger("clemcore.run")

# A spec names its master by class name or import path, resolved when the benchmark is made; clemcore puts the game's
# directory on sys.path only while it executes this module, and unloads after the run what that imported (clemcore
# 3.7.2 clemgame/benchmark.py:127-145): every family's module is imported now.
FAMILIES = [importlib.import_module(family.name) for family in pkgutil.iter_modules(games.__path__, "games.")]

# The classes of the first TextArena integration for clem that are gone, which entries written for it (its README's
# example among them) name: today's equivalents. Its SinglePlayerScorer scored TextArena's reward, 1 when solved and
# else the completion, as CompletionScorer (ta_minesweeper's) does; its TwoPlayer classes were the generic contest
# master and scorer.
FORMER_NAMES = {
    "TwoPlayerMaster": submasters.MultiPlayerMaster,
    "SinglePlayerScorer": metrics.CompletionScorer,
    "TwoPlayerScorer": metrics.CompetitiveScorer,
}


def _by_name(modules: list, base: type) -> dict[str, list[type]]:
    """Class name -> the `base` classes of that name the modules define (not those they import), and the former
    names of FORMER_NAMES that no class of today bears."""
    table: dict[str, list[type]] = {}
    for module in modules:
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, base)
                and value is not base
                and value.__module__ == module.__name__
            ):
                table.setdefault(value.__name__, []).append(value)
    for name, cls in FORMER_NAMES.items():
        if issubclass(cls, base):
            table.setdefault(name, [cls])
    return table


class Kind(NamedTuple):
    """What a spec's `master` or `scorer` names: a `base`, by one of the class names of `classes` or by import path."""

    base: type
    home: str  # where the project's classes of the kind are, for the error line
    classes: dict[str, list[type]]
    example: str


KINDS = {
    "master": Kind(
        TextArenaGameMaster,
        "submasters.py or games/",
        _by_name([submasters, *FAMILIES], TextArenaGameMaster),
        "games.tabletop:PokerMaster",
    ),
    "scorer": Kind(
        metrics.TextArenaScorer, "metrics.py", _by_name([metrics], metrics.TextArenaScorer), "metrics:CompetitiveScorer"
    ),
}


def import_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def named_class(game_spec: GameSpec, key: str) -> type:
    """The class a spec names under `key` ("master" or "scorer"): by class name, one of the project's (`KINDS`), or
    by import path ("games.tabletop:PokerMaster", relative to the game's directory), checked to be one; anything else
    is one line that says what to write."""
    kind = KINDS[key]
    value = getattr(game_spec, key, None)
    by_path = isinstance(value, str) and ":" in value
    found, problem = _by_import_path(value, kind) if by_path else _by_class_name(value, kind)
    if found is not None:
        return found
    raise SpecError(
        f"{game_spec.game_name}: the {key} {value!r} in clemgame.json {problem}; it must name a "
        f"{kind.base.__name__} by its class name or as `module:Class` (e.g. "
        f"{kind.example.partition(':')[2]!r} or {kind.example!r})"
    )


def _by_class_name(name, kind: Kind) -> tuple[type | None, str]:
    """The project's class of that name, or why there is none."""
    if not isinstance(name, str) or not name:
        return None, "is no class name nor import path"
    found = kind.classes.get(name, [])
    if len(found) == 1:
        return found[0], ""
    if found:
        return None, f"names more than one {kind.base.__name__} (candidates: {', '.join(map(import_path, found))})"
    candidates = difflib.get_close_matches(name, kind.classes, n=5) or sorted(kind.classes)
    return None, f"names no {kind.base.__name__} of {kind.home} (candidates: {', '.join(candidates)})"


def _by_import_path(path: str, kind: Kind) -> tuple[type | None, str]:
    """The class at `module:Class`, or why it is none of the kind."""
    module_name, _, class_name = path.partition(":")
    if not (module_name and class_name):
        return None, "is not an import path"
    try:
        found = getattr(importlib.import_module(module_name), class_name, None)
    except ImportError as error:
        return None, f"cannot be imported ({type(error).__name__}: {error})"
    if isinstance(found, type) and issubclass(found, kind.base):
        return found, ""
    return None, f"names no {kind.base.__name__}" if found is not None else f"names nothing in {module_name}"


def shared_keys(game_name: str) -> dict:
    """The keys every game here has alike, unless its entry says otherwise."""
    return {"instances": f"instances_{game_name}", "image": None, "languages": ["en"], "benchmark": ["textarena"]}


# What an entry must give: clemcore's registry reads game_name and players, the load and the generator the rest.
REQUIRED_KEYS = ("game_name", "players", "entry_point", "master", "scorer", "player_specs", "n_instances")


def require_keys(entry: Mapping):
    missing = [key for key in REQUIRED_KEYS if key not in entry]
    if missing:
        name = f"{entry['game_name']}: " if "game_name" in entry else ""
        raise SpecError(
            f"{name}an entry of clemgame.json lacks {', '.join(missing)}; add them as docs/adding-a-game.md shows"
        )


def check_reply(game_spec: GameSpec):
    """A spec's `reply` names the kinds of its turns (replies.KINDS). In a talk turn the words are the move: TextArena
    reads the actions inside them by the game's own rules, so reasoning or markdown written there can change play. A
    spec with talk turns says how in `talk_reading`, one sentence (scripts/reply_styles.py shows it where a dressed
    reply plays otherwise), and a spec without talk turns has none to say."""
    kinds = reply_kinds(game_spec)
    if not kinds or any(kind not in replies.KINDS for kind in kinds):
        raise SpecError(
            f"{game_spec.game_name}: the reply {game_spec.reply!r} in clemgame.json is no kind of turn; it must be one "
            f"of {', '.join(replies.KINDS)}, or a list of them, one per phase (docs/reply-contract.md)"
        )
    reading = getattr(game_spec, "talk_reading", None)
    if "talk" in kinds and not (isinstance(reading, str) and reading.strip()):
        raise SpecError(
            f"{game_spec.game_name}: its reply has talk turns, so its entry says in `talk_reading`, in one sentence, how "
            "TextArena reads the actions inside a talk reply (docs/replies.md)"
        )
    if "talk" not in kinds and reading is not None:
        raise SpecError(
            f"{game_spec.game_name}: `talk_reading` says how a talk reply is read, but its reply {list(kinds)} has no "
            "talk turns: leave it out"
        )


def defaults(entry: Mapping) -> dict:
    """The keys an entry leaves out, with what the game gets instead: the shared keys and a description, which
    `clem list` prints. The first integration's README had users write entries without a description or benchmark:
    such an entry gets them when it is loaded, and written in by the build (scripts/build_clemgame.py)."""
    env_class = str(entry.get("entry_point", "")).rpartition(":")[2] or entry["game_name"]
    given = {
        **shared_keys(entry["game_name"]),
        "description": f"TextArena's {env_class}, from an entry written by hand into clemgame.json.",
    }
    return {key: value for key, value in given.items() if key not in entry}


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
        require_keys(vars(game_spec))
        vars(game_spec).update(defaults(vars(game_spec)))
        super().__init__(game_spec)
        check_reply(game_spec)
        self.master_class = named_class(game_spec, "master")
        self.scorer_class = named_class(game_spec, "scorer")
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
        textarena again for each (0.5-1 s), and they are the interpreter's, one version each, like clemcore itself.
        The game's own modules are kept aside for the next spec of this directory (_put_back_kept_modules), unless one
        of their files changed since this spec loaded."""
        game_dir = Path(self.game_spec.game_path).resolve()
        own = [name for name in self._extra_modules if _is_game_module(name, game_dir) and name in sys.modules]
        kept = {name: (sys.modules[name], _modified(sys.modules[name])) for name in own}
        if all(modified is None or modified < _LOADED_AT for _, modified in kept.values()):
            process_cache(KEPT_MODULES)[str(game_dir)] = kept
        else:
            process_cache(KEPT_MODULES).pop(str(game_dir), None)
        self.set_extra_modules(own)
        super().close()

    def create_game_master(self, experiment: dict, player_models: list[Model]) -> TextArenaGameMaster:
        return self.master_class(self.game_spec, experiment, player_models)

    def create_game_scorer(self, experiment: dict, game_instance: dict) -> metrics.TextArenaScorer:
        return self.scorer_class(self.game_name, experiment, game_instance)
