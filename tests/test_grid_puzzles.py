"""Grid puzzles played end to end with the programmatic players of ta_players.puzzles and scripted lines whose
scores are computed by hand: Minesweeper, LightsOut, FrozenLake, Sudoku, FifteenPuzzle, PegJump."""
import math

import pytest

from conftest import assert_outcome, play, ta_player
from ta_players import puzzles


# --- Minesweeper ---

@pytest.mark.parametrize("experiment", ["small", "default", "medium"])
def test_minesweeper_expert_clears_the_board(experiment):
    episode = play("ta_minesweeper", [ta_player("expert")], experiment)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_minesweeper_deductions_use_single_constraints_and_the_subset_rule():
    # Row 1 reads 1 2 1 under three hidden cells with a fourth hidden cell right of them:
    # the 1 at (1,0) sees {(0,0),(0,1)}, the 2 at (1,1) sees {(0,0),(0,1),(0,2)} -> (0,2) is a mine;
    # the 1 at (1,2) sees {(0,1),(0,2),(0,3)} and (0,2) is a mine -> (0,1) and (0,3) are safe, so (0,0) is a mine.
    board = [[".", ".", ".", "."], ["1", "2", "1", "1"], ["0", "0", "0", "0"]]
    mines = set()
    assert puzzles._minesweeper_deductions(board, mines) == {(0, 1), (0, 3)}
    assert mines == {(0, 0), (0, 2)}
