"""TextArena 0.7.4's envs as this project plays them: `make(env_id, **kwargs)` is `ta.make` with this project's
repairs of TextArena's defects (and its replays of recorded games) put in as classes.

A repair is a class with its methods defined on it, never a function bound to an object, so that a deep copy of an
env (clemcore's branching runner copies the game before every step) is a game of its own:
- a mixin of TextArena's env class (`PokerFixes` overrides `PokerEnv._set_outcome` and calls TextArena's with
  `super()`), mixed in when the env is made, so that an env whose module needs Python 3.12 is imported only then;
- a mixin of TextArena's state class (`TakStateFixes`): TextArena makes the state in the env's `reset`, after which
  the state's `__class__` becomes TextArena's state class with the mixin over it (`FixedEnv.reset`);
- a `ta.Wrapper` with one job that several games share (`common.EndAtTheFirstElimination`).
Each says which TextArena file and line it answers. The replays of recorded games (RushHour's cars, Sokoban's room,
Sudoku's puzzle: `replay(content)`, called by the game master before reset) spare the envs their slow generators.
The modules are the families of games/ and ta_players/ (`fixes/tabletop.py` repairs the card and dice games, ...);
`common.py` holds what several families use. Each family module's `FIXES` says, per TextArena env class (a spec's
`entry_point`), what an env of that class gets (`common.Fixes`): a new game whose env has a defect gets its class
and an entry there, and `FIXES` here collects them. The game masters keep clem's concerns (payoffs, secrets, the
outcome, the experiment's parameters) and make their envs with `make` (ta_master.make_env).

Every state `make`'s envs build also records the reasons of its invalid moves (`RecordsInvalidMoves`), which tell the
game master whether a step was a violated request.
"""

import copy
import functools
import importlib
import pkgutil

import textarena as ta

# the package of this project's own envs (stand-ins): `clem run` finds a game's modules on sys.path only while it
# loads the game (clemcore 3.7.2 clemgame/benchmark.py:118-140), and a stand-in's module is imported later
import envs  # noqa: F401
from fixes.common import Fixes


def _collected() -> dict[str, Fixes]:
    """Every family module's `FIXES` ({TextArena env class as a spec's `entry_point` names it: its fixes})."""
    collected = {}
    for family in pkgutil.iter_modules(__path__, f"{__name__}."):
        for entry_point, fixes in getattr(importlib.import_module(family.name), "FIXES", {}).items():
            if entry_point in collected:
                raise ValueError(f"{family.name} fixes {entry_point} again")
            collected[entry_point] = fixes
    return collected


FIXES: dict[str, Fixes] = _collected()


class RecordsInvalidMoves:
    """Records the reasons of the invalid moves TextArena registers in `clem_invalid_moves` (clem's record, not a
    repair: every state `make`'s envs build has it). Every invalid move in TextArena 0.7.4 goes through the state's
    `set_invalid_move` (a warning, or the loss after repeated ones: textarena/state.py:46, :120, :221, :284, :349),
    so its calls tell the game master whether a step was a violated request. Repairs of a state come before it in
    the class's bases, so it records the reason they pass on."""

    clem_invalid_moves: list[str]

    def set_invalid_move(self, *args, **kwargs):
        self.clem_invalid_moves.append(str(kwargs.get("reason", args[0] if args else "")))
        return super().set_invalid_move(*args, **kwargs)


class FixedEnv:
    """The innermost mixin of every env class `make` builds. After TextArena's `reset` has made the state, the state
    gets the class of its `STATE_FIXES` and the invalid-move recorder over TextArena's state class, and an empty
    record. A deep copy (clemcore's branching runner copies the game before every step) shares the attributes named
    in `SHARED_ON_COPY`: data TextArena's constructor builds and the game never changes."""

    STATE_FIXES: tuple[type, ...] = ()
    SHARED_ON_COPY: tuple[str, ...] = ()

    def __deepcopy__(self, memo):
        for name in self.SHARED_ON_COPY:
            memo[id(getattr(self, name))] = getattr(self, name)
        copied = object.__new__(type(self))
        memo[id(self)] = copied
        copied.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return copied

    def reset(self, *args, **kwargs):
        result = super().reset(*args, **kwargs)
        state = self.state
        state.__class__ = _state_class(getattr(type(state), "textarena_class", type(state)), self.STATE_FIXES)
        state.clem_invalid_moves = []
        return result


@functools.cache
def _state_class(textarena_class: type, fixes: tuple[type, ...]) -> type:
    return type(
        textarena_class.__name__,
        (*fixes, RecordsInvalidMoves, textarena_class),
        {"__module__": __name__, "textarena_class": textarena_class},
    )


def source(entry_point: str) -> str:
    """The "module:Class" an env of TextArena's class `entry_point` is made from: its stand-in, if it has one."""
    return FIXES.get(entry_point, Fixes()).stand_in or entry_point


@functools.cache
def env_class(entry_point: str) -> type:
    """TextArena's env class named by `entry_point` ("module:Class"), or its stand-in, with the fixes `FIXES` names
    for it."""
    module_name, _, class_name = source(entry_point).partition(":")
    textarena_class = getattr(importlib.import_module(module_name), class_name)
    fixes = FIXES.get(entry_point, Fixes())
    return type(
        textarena_class.__name__,
        (*fixes.env, FixedEnv, textarena_class),
        {"__module__": __name__, "STATE_FIXES": fixes.state, "textarena_class": textarena_class},
    )


def make(env_id: str, **kwargs) -> ta.Env:
    """`ta.make(env_id, **kwargs)` (textarena/envs/registration.py:61-95) with this project's fixes: the registered
    class with its fixes, made with the registration's and the given kwargs, wrapped in its registered wrappers and
    then in its fixes' wrappers."""
    registration = ta.envs.registration.ENV_REGISTRY.get(env_id)
    if registration is None:
        raise ValueError(f"Environment {env_id} not found in registry.")
    entry_point = registration.entry_point
    if not isinstance(entry_point, str):
        entry_point = f"{entry_point.__module__}:{entry_point.__qualname__}"
    env = env_class(entry_point)(**{**registration.kwargs, **kwargs})
    env.env_id, env.entry_point = env_id, registration.entry_point
    for wrapper in [*(registration.default_wrappers or ()), *FIXES.get(entry_point, Fixes()).wrappers]:
        env = wrapper(env)
    return env
