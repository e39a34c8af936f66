"""The grid puzzles: Sudoku's replay of a recorded puzzle, and repairs of FifteenPuzzle and PegJump
(docs/games/puzzles.md)."""

from fixes.common import Fixes


class SudokuReplay:
    """Plays a recorded puzzle instead of generating one. TextArena 0.7.4's reset fills a grid and then removes cells
    one by one, counting the solutions after each removal (Sudoku/env.py:18-21, via reset's :110): up to 1.3 s for
    `hard`. After `replay(content)` with an instance's puzzle and its solution, `_generate_board` (the env's only
    generator, called once by reset) returns the recorded pair. reset seeds `random` (SinglePlayerState) before
    generating, so skipping the generation leaves the RNG where the generation would have moved it; Sudoku's steps
    draw nothing from it, so no draw changes."""

    recorded: tuple[list, list] | None = None  # (solution, board)

    def replay(self, content: dict | None):
        if content is not None and "board" in content and "solution" in content:
            self.recorded = (content["solution"], content["board"])

    def _generate_board(self):
        if self.recorded is None:
            return super()._generate_board()
        solution, board = self.recorded
        return [list(row) for row in solution], [list(row) for row in board]  # fresh lists per call


class FifteenPuzzleStateFixes:
    """TextArena 0.7.4's FifteenPuzzle cannot be won: solving the board calls `set_winners` (FifteenPuzzle/env.py:84),
    which its SinglePlayerState lacks (AttributeError). The win is recorded as the other single-player games record
    it: `set_outcome` with reward 1 (textarena/state.py:41)."""

    def set_winners(self, player_ids, reason):
        return self.set_outcome(reward=1, reason=reason)


def triangle_jumps(rows: int = 5) -> tuple[tuple[int, int, int], ...]:
    """Every jump of the triangle's holes (numbered row by row from 1): (from, over, to) along a line of three holes,
    in a row or down either diagonal, in both directions."""
    holes = {
        (row, column): number
        for number, (row, column) in enumerate(
            ((row, column) for row in range(rows) for column in range(row + 1)), start=1
        )
    }
    lines = [
        tuple(holes[row + step * down, column + step * right] for step in range(3))
        for (row, column) in holes
        for down, right in ((0, 1), (1, 0), (1, 1))
        if (row + 2 * down, column + 2 * right) in holes
    ]
    return tuple(lines + [line[::-1] for line in lines])


class PegJumpFixes:
    """TextArena 0.7.4's PegJump allows four jumps that are not along a line of the triangle ((7,11,13), (8,12,14),
    (9,12,13), (9,13,15)) and lacks the three along the bottom row ((11,12,13), (12,13,14), (13,14,15))
    (PegJump/env.py:19, `_BASE_TRIPLES`), against its own rule "jump one peg over another". The env gets the
    triangle's 18 lines, both directions."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.ALLOWED_MOVES = list(triangle_jumps())


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.Sudoku.env:SudokuEnv": Fixes(env=(SudokuReplay,)),
    "textarena.envs.FifteenPuzzle.env:FifteenPuzzleEnv": Fixes(state=(FifteenPuzzleStateFixes,)),
    "textarena.envs.PegJump.env:PegJumpEnv": Fixes(env=(PegJumpFixes,)),
    # BabyAiText/env.py imports babyai_text and babyai.bot (not on PyPI, :5-25) and builds a removed State (:52-53)
    "textarena.envs.BabyAiText.env:BabyAiTextEnv": Fixes(stand_in="envs.babyai_text:BabyAiTextEnv"),
}
