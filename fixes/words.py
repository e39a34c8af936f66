"""Repairs of the word games: WordSearch (docs/games/words.md)."""

from fixes.common import Fixes


class WordSearchFixes:
    """TextArena 0.7.4's WordSearch keeps NLTK's word list whole (236,000 words in hardcore, WordSearch/env.py:28) and
    only draws the puzzle's words from it at reset (:86): a copy of the env shares it (its copy took 69 ms, for every
    step under clemcore's branching runner)."""

    SHARED_ON_COPY = ("word_list",)


FIXES = {"textarena.envs.WordSearch.env:WordSearchEnv": Fixes(env=(WordSearchFixes,))}
