"""Repairs of the core games: WordChains (docs/games/core.md)."""

from fixes.common import Fixes


class WordChainsFixes:
    """TextArena 0.7.4's WordChains draws the start word with `random.choice` from `list(set(words))`
    (WordChains/env.py:15-16, :22), whose order depends on PYTHONHASHSEED. The list is sorted once it is built, so
    that the draw is a function of the seed alone. (The spec sets `cache_env`: the list is built and sorted once per
    process.)"""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.word_list = sorted(self.word_list)


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.WordChains.env:WordChainsEnv": Fixes(env=(WordChainsFixes,)),
}
