"""Repairs of the word games: WordSearch (docs/games/words.md)."""

import re

from fixes.common import Fixes

WORD_SEARCH_SUBMISSION = re.compile(r"\[\d+\s\d+\s\d+\s\d+\]")


class WordSearchFixes:
    """TextArena 0.7.4's WordSearchEnv.step collects a reply's `[r c r c]` submissions in a set and checks them in the
    set's order until one is wrong (WordSearch/env.py:504-506), an order that depends on PYTHONHASHSEED. Its prompt
    allows one submission at a time, so only a reply's first submission reaches the env."""

    def step(self, action: str):
        first = WORD_SEARCH_SUBMISSION.search(action)
        return super().step(first.group(0) if first else action)


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.WordSearch.env:WordSearchEnv": Fixes(env=(WordSearchFixes,)),
}
