"""Repairs of the core games: Minesweeper, WordChains (docs/games/core.md)."""

import re

import textarena as ta
from textarena.core import ObservationType

from fixes.common import Fixes


class MinesweeperFixes:
    """What TextArena 0.7.4's Minesweeper tells the player about a reveal, made true.

    - The game master's opening reveal (`open_for_the_player`, games/core.py's MinesweeperMaster) is a step of the
      env, which echoes the action as the player's (Minesweeper/env.py:85) and tells the player "You revealed the
      cell" (:123-126): the player would read a move it never made as its own. Those two messages become one from the
      game master.
    - A mine hit is an invalid move that hides the cell again (:110-111), after which the player is still told "You
      revealed the cell at (r, c)." (:123-126, sent whatever the flood found). That message becomes what the board
      shows: the cell holds a mine and stays hidden.
    """

    def open_for_the_player(self, row: int, col: int):
        """Reveals the cell (row, col) and the safe area around it as the game master's move, before the player's
        first turn (TextArena places the mines on the first reveal, avoiding the 3x3 around it)."""
        queue = self.state.observations[0]
        start = len(queue)
        self.step(f"[{row} {col}]")
        queue[start:] = [
            (
                ta.GAME_ID,
                f"The game master made the opening move: it revealed the cell at ({row}, {col}) and the area "
                "around it, which holds no mine.",
                ObservationType.GAME_ACTION_DESCRIPTION,
            )
            if observation_type == ObservationType.GAME_ACTION_DESCRIPTION
            else (sender_id, message, observation_type)
            for sender_id, message, observation_type in queue[start:]
            if observation_type != ObservationType.PLAYER_ACTION
        ]

    def step(self, action: str):
        queue = self.state.observations[0]
        start = len(queue)
        result = super().step(action)
        new = queue[start:]
        hits = {hit.group(1) for _, message, _ in new if (hit := _MINE_HIT.search(message))}
        for index, (sender_id, message, observation_type) in enumerate(new, start):
            revealed = _REVEALED.fullmatch(message)
            if revealed and revealed.group(1) in hits:
                queue[index] = (
                    sender_id,
                    f"The cell at {revealed.group(1)} holds a mine; it stays hidden ('.') on the board.",
                    observation_type,
                )
        return result


_MINE_HIT = re.compile(r"You hit a mine at (\(\d+, \d+\))\.")
_REVEALED = re.compile(r"You revealed the cell at (\(\d+, \d+\))\.")


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
    "textarena.envs.Minesweeper.env:MinesweeperEnv": Fixes(env=(MinesweeperFixes,)),
    "textarena.envs.WordChains.env:WordChainsEnv": Fixes(env=(WordChainsFixes,)),
}
