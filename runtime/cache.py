"""Caches that live as long as the process, across clemcore's unloading of a game's modules."""

import sys
import types

PROCESS_CACHE = "_clem_textarena_process_cache"


def process_cache(name: str) -> dict:
    """A dict that lives as long as the process. clemcore unloads a game's modules after each spec of a run (so that
    games from other directories may reuse module names), and module-level caches with them: a `clem run` of the
    three Don't Say It specs would build its 20-second dictionary six times. These dicts hang off a module entry of
    their own, which holds no code and is made during play, never while a game loads, so no game unloads it."""
    holder = sys.modules.get(PROCESS_CACHE)
    if holder is None:
        holder = sys.modules[PROCESS_CACHE] = types.ModuleType(PROCESS_CACHE)
    return vars(holder).setdefault(name, {})
