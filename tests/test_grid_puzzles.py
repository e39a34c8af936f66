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


def format_breaker_is_aborted(game: str, experiment: str = "default"):
    episode = play(game, [ta_player("format-breaker")], experiment)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    # TextArena warns once, the second invalid move in a row ends the game
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


# --- LightsOut ---
# default instance 0 starts with 14 lights on:
#   0: O O . . O / 1: O O . . O / 2: O O . O . / 3: O O O . . / 4: O . . . O

def test_lights_out_expert_turns_every_light_off():
    episode = play("ta_lights_out", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Request Count"] == 7  # the fewest presses for this grid


def test_lights_out_turn_limit_is_a_loss_scored_by_lights_turned_off():
    # [0 0] turns off (0,0), (0,1), (1,0): 11 on; then [3 3] 19 times acts as one press: (2,3), (3,2) off,
    # (3,3), (4,3), (3,4) on: 12 on, so 2 of the 14 lights are off after the 20 presses.
    moves = iter(["[0 0]"] + ["[3 3]"] * 19)
    episode = play("ta_lights_out", [lambda context: next(moves)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 20
    assert episode.scores["Main Score"] == pytest.approx(100 * 2 / 14)


def test_lights_out_more_lights_than_at_the_start_scores_0():
    # [1 2] lights 4 and turns off 1 (17 on), [3 3] 19 times lights one more (18 on): TextArena 0.7.4's
    # completion is (14 - 18) / 14 < 0; the Main Score stays at 0.
    moves = iter(["[1 2]"] + ["[3 3]"] * 19)
    episode = play("ta_lights_out", [lambda context: next(moves)])
    assert_outcome(episode.scores, "Lose")
    assert episode.game_master.ta_env._get_percentage_completion() == pytest.approx(-4 / 14)
    assert episode.scores["Main Score"] == 0


def test_lights_out_stalling_on_one_light_is_stopped_by_the_turn_limit():
    episode = play("ta_lights_out", [lambda context: "[2 2]"])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 20 and episode.scores["Main Score"] == 0


def test_lights_out_format_breaker_is_aborted():
    format_breaker_is_aborted("ta_lights_out")
