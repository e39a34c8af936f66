"""Grid puzzles played end to end with the programmatic players of ta_players.puzzles and scripted lines whose
scores are computed by hand: LightsOut, FrozenLake, Sudoku, FifteenPuzzle, PegJump, BabyAiText."""

import contextlib
import math

import pytest
import textarena as ta
from clemcore.backends.model_registry import CustomResponseModel

from support import assert_outcome, benchmark, instance_of, play, ta_player
from ta_players import puzzles


@contextlib.contextmanager
def set_up(game: str, experiment: str = "default", game_id: int = 0):
    """A game master set up with a shipped instance, before the player's first move."""
    exp, instance = instance_of(game, experiment, game_id)
    with benchmark(game) as game_benchmark:
        game_master = game_benchmark.create_game_master(exp, [CustomResponseModel()])
        game_master.setup(**instance)
        game_master.start()
        yield game_master


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


def test_lights_out_dark_grid_is_unplayable():
    with set_up("ta_lights_out") as game_master:
        assert game_master.unplayable_reason() is None
        for row in game_master.env.state.game_state["grid"]:
            row[:] = [False] * len(row)
        assert game_master.unplayable_reason() == "the scramble left every light off"


# --- FrozenLake ---
# default instance 0 (P at (0,0), G at (3,3), the start-to-goal distance is 6):
#   row 0: P . H .   row 1: . . . H   row 2: . . . H   row 3: . . . G


@pytest.mark.parametrize("experiment", ["default", "random", "hardcore"])
def test_frozen_lake_expert_reaches_the_goal(experiment):
    episode = play("ta_frozen_lake", [ta_player("expert")], experiment)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_frozen_lake_expert_walks_a_shortest_safe_path():
    episode = play("ta_frozen_lake", [ta_player("expert")])
    assert episode.scores["Request Count"] == 6


def test_frozen_lake_hole_is_a_loss_scored_by_the_distance_walked():
    # two steps right fall into the hole at (0,2): 2 of the 6 steps to the goal
    moves = iter(["[right]", "[d]"])
    episode = play("ta_frozen_lake", [lambda context: next(moves)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 * 2 / 6)


def test_frozen_lake_stalling_is_stopped_by_the_turn_limit():
    # TextArena 0.7.4 checks its 100-turn limit before counting the move, so the 101st move ends the game;
    # 51 downs and 50 ups leave the player at (1,0), 1 of the 6 steps
    moves = iter(["[down]", "[up]"] * 51)
    episode = play("ta_frozen_lake", [lambda context: next(moves)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 101
    assert episode.scores["Main Score"] == pytest.approx(100 / 6)


def test_frozen_lake_format_breaker_is_aborted():
    format_breaker_is_aborted("ta_frozen_lake")


def test_frozen_lake_walled_in_goal_is_unplayable():
    with set_up("ta_frozen_lake") as game_master:
        assert game_master.unplayable_reason() is None
        game_master.env.state.game_state["grid"][2][3] = "H"  # with (1,3) a hole already, G at (3,3) is cut off
        game_master.env.state.game_state["grid"][3][2] = "H"
        assert game_master.unplayable_reason() == "every way to the goal crosses a hole"


# --- Sudoku ---
# very-easy instance 0 has 6 empty cells: (1,4)=7, (1,9)=6, (2,5)=1, (3,7)=3, (8,3)=9, (9,4)=5 (each row lacks
# one digit, row 1 two of which column 4 only lacks 7)


@pytest.mark.parametrize("experiment", ["very-easy", "easy", "default", "medium", "hard"])
def test_sudoku_expert_solves_the_grid(experiment):
    episode = play("ta_sudoku", [ta_player("expert")], experiment)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Violated Request Count"] == 0


def test_sudoku_expert_fills_each_empty_cell_once():
    episode = play("ta_sudoku", [ta_player("expert")], "very-easy")
    assert episode.scores["Request Count"] == 6


def test_sudoku_two_wrong_digits_in_a_row_are_a_loss_scored_by_the_cells_filled():
    moves = iter(["[2 5 1]", "[8 3 1]", "[8 3 2]"])
    episode = play("ta_sudoku", [lambda context: next(moves)], "very-easy")
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 / 6)
    assert episode.scores["Violated Request Count"] == 2


def test_sudoku_repeating_a_move_is_overwriting_and_aborts():
    episode = play("ta_sudoku", [lambda context: "[2 5 1]"], "very-easy")
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Request Count"] == 3 and math.isnan(episode.scores["Main Score"])


def test_sudoku_format_breaker_is_aborted():
    format_breaker_is_aborted("ta_sudoku", "very-easy")


# --- FifteenPuzzle ---
# default instance 0 starts as (15 is the only tile in place):
#    5  7 __  3 /  6 11  9 14 /  8  1  2 13 /  4 12 15 10


def test_fifteen_puzzle_expert_solves_the_board():
    # without the workaround TextArena 0.7.4 raises AttributeError when the board is solved
    episode = play("ta_fifteen_puzzle", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Violated Request Count"] == 0
    assert episode.scores["Request Count"] <= 200


def test_fifteen_puzzle_solving_fails_in_textarena_0_7_4_without_the_workaround():
    env = ta.make("FifteenPuzzle-v0-raw")
    env.reset(num_players=1, seed=0)
    env.board[:] = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, None, 15]]
    with pytest.raises(AttributeError, match="set_winners"):
        env.step("[left]")


def test_fifteen_puzzle_stalling_is_stopped_by_the_turn_limit_and_scored_by_tiles_in_place():
    # [left] slides 3 into its place left of the gap, [right] slides it back; TextArena checks the 200-move limit
    # before counting the move, so the 201st move (a [left]) ends the game with 3 in place: 1 of the 15 cells
    # that were out of place at the start
    moves = iter(["[left]", "[right]"] * 101)
    episode = play("ta_fifteen_puzzle", [lambda context: next(moves)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 201
    assert episode.scores["Main Score"] == pytest.approx(100 / 15)


def test_fifteen_puzzle_board_of_the_wrong_parity_is_unplayable():
    with set_up("ta_fifteen_puzzle") as game_master:
        assert game_master.unplayable_reason() is None
        game_master.env.state.game_state["board"][:] = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, None]]
        assert game_master.unplayable_reason() == "the board cannot be solved (its permutation has the wrong parity)"


def test_fifteen_puzzle_format_breaker_is_aborted():
    format_breaker_is_aborted("ta_fifteen_puzzle")


# --- PegJump ---
# TextArena's variant (`default`): holes 1 / 2 3 / 4 5 6 / 7 8 9 10 / 11 12 13 14 15 with 14 pegs, hole 5 empty;
# the other experiments start from every other hole, grouped by the triangle's symmetry.
PEG_START_HOLES = {
    "default": [5],
    "corner": [1, 11, 15],
    "next_to_corner": [2, 3, 7, 10, 12, 14],
    "side_middle": [4, 6, 13],
    "inner": [8, 9],
}


def test_peg_jump_experiments_start_from_every_hole_once():
    assert sorted(hole for holes in PEG_START_HOLES.values() for hole in holes) == list(range(1, 16))
    for experiment, holes in PEG_START_HOLES.items():
        for game_id, hole in enumerate(holes):
            _, instance = instance_of("ta_peg_jump", experiment, game_id)
            assert instance["content"]["board"] == [h not in (0, hole) for h in range(16)]


@pytest.mark.parametrize("experiment", [name for name in PEG_START_HOLES if name != "default"])
def test_peg_jump_expert_leaves_one_peg_from_every_starting_hole(experiment):
    for game_id, hole in enumerate(PEG_START_HOLES[experiment]):
        episode = play("ta_peg_jump", [ta_player("expert")], experiment, game_id)
        assert_outcome(episode.scores, "Success")
        assert episode.scores["Request Count"] == 13
        assert f"{hole:>3}○" in episode.contexts[0][1]["content"]  # the first board shows the starting hole empty


def test_peg_jump_expert_leaves_one_peg():
    episode = play("ta_peg_jump", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Request Count"] == 13  # each jump removes one of the 13 removable pegs


def test_peg_jump_dead_end_is_a_loss_scored_by_the_pegs_left():
    # after these four jumps holes 5, 8, 9, 12, 14 are empty and no peg has a peg and an empty hole beyond it:
    # 10 pegs left, 9 more than the one the puzzle asks for: 100 / 2^9
    moves = iter(["[12 5]", "[3 8]", "[14 5]", "[8 3]"])
    episode = play("ta_peg_jump", [lambda context: next(moves)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 / 2**9)


def test_peg_jump_repeated_illegal_jump_aborts():
    episode = play("ta_peg_jump", [lambda context: "[12 5]"])  # legal once, then hole 5 is taken
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Request Count"] == 3 and math.isnan(episode.scores["Main Score"])


def test_peg_jump_format_breaker_is_aborted():
    format_breaker_is_aborted("ta_peg_jump")


def test_peg_jump_textarena_0_7_4_jumps_off_the_lines_of_the_triangle():
    env = ta.make("PegJump-v0-raw", initial_empty=13)
    env.reset(num_players=1, seed=0)
    env.step("[11 13]")  # along the bottom row: refused
    assert env.state.game_state["board"][13] is False
    env.step("[7 13]")  # from the row above, not along a line: accepted
    assert env.state.game_state["board"][13] is True and env.state.game_state["board"][11] is False


def test_peg_jump_is_played_along_the_lines_of_the_triangle():
    with set_up("ta_peg_jump") as game_master:
        moves = set(game_master.ta_env.ALLOWED_MOVES)
    assert {(11, 12, 13), (13, 12, 11), (13, 14, 15)} <= moves
    assert not {(7, 11, 13), (8, 12, 14), (9, 12, 13), (9, 13, 15)} & moves
    assert len(moves) == 36


def test_peg_jump_board_that_cannot_end_with_one_peg_is_unplayable():
    with set_up("ta_peg_jump") as game_master:
        assert game_master.unplayable_reason() is None
        board = game_master.env.state.game_state["board"]
        board[:] = [hole in (1, 15) for hole in range(16)]
        assert game_master.unplayable_reason() == "no sequence of jumps leaves one peg"


# --- BabyAiText (envs/babyai_text.py, this project's env in place of TextArena's) ---
# go_to_obj instance 0: the agent stands at (2, 2) of an 8x8 room facing west, the green ball at (6, 2) behind it.
# unlock_local instance 2: the yellow key one step forward and one left, the locked yellow door in the wall beyond.


def test_baby_ai_text_expert_completes_every_level():
    for experiment in ("go_to_obj", "go_to_red_ball", "pickup_dist", "open_door_color", "unlock_local"):
        episode = play("ta_baby_ai_text", [ta_player("expert")], experiment)
        assert_outcome(episode.scores, "Success")
        assert episode.scores["Main Score"] == 100


def test_baby_ai_text_turning_around_and_walking_to_the_ball_is_a_success():
    # two left turns face east, three steps forward stand at (5, 2) facing the ball at (6, 2)
    moves = iter(["[turn left]", "[turn left]", "[go forward]", "[go forward]", "[go forward]"])
    episode = play("ta_baby_ai_text", [lambda context: next(moves)], "go_to_obj")
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Request Count"] == 5
    assert episode.interactions["end reason"] == "You completed the mission: go to the green ball."


def test_baby_ai_text_unlocking_the_door_with_its_key_is_a_success():
    moves = iter(
        [
            "[go forward]",
            "[turn left]",
            "[pick up]",
            "[turn left]",
            "[go forward]",
            "[turn right]",
            "[go forward]",
            "[toggle]",
        ]
    )
    contexts = []
    episode = play("ta_baby_ai_text", [lambda context: contexts.append(context) or next(moves)], "unlock_local", 2)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Request Count"] == 8
    # one step forward leaves the door behind, out of view: it is told where it is now
    assert contexts[1].endswith("Seen before, out of view now: a locked yellow door 1 step behind and 2 steps left.")
    assert "You picked up a yellow key." in contexts[3] and "You carry a yellow key." in contexts[3]
    assert contexts[-1].endswith("You see a locked yellow door 1 step forward.\nYou carry a yellow key.")


def test_baby_ai_text_a_bump_into_the_wall_costs_a_turn_and_is_told():
    contexts = []
    moves = iter(["[go forward]", "[go forward]"] + ["[turn left]"] * 18)
    play("ta_baby_ai_text", [lambda context: contexts.append(context) or next(moves)], "go_to_obj")
    # the wall is two steps ahead: one step, then a bump that costs the turn
    assert "[GAME] You went forward." in contexts[1]
    assert "[GAME] You cannot go forward: a wall is in the way." in contexts[2]
    assert "Turn 3 of 20." in contexts[2] and "You see a wall 1 step forward." in contexts[2]


def test_baby_ai_text_running_out_of_actions_is_a_lose():
    episode = play("ta_baby_ai_text", [lambda context: "[turn right]"], "go_to_obj")
    assert_outcome(episode.scores, "Lose")
    # 20 actions exactly: this env counts the turn limit's last action, unlike TextArena 0.7.4's envs
    assert episode.scores["Request Count"] == 20 and episode.scores["Main Score"] == 0
    assert episode.interactions["end reason"] == (
        "You used all 20 actions without completing the mission: go to the green ball."
    )


def test_baby_ai_text_format_breaker_is_aborted():
    format_breaker_is_aborted("ta_baby_ai_text", "go_to_obj")


def test_baby_ai_text_level_the_bot_cannot_finish_in_time_is_unplayable():
    with set_up("ta_baby_ai_text", "unlock_local", 2) as game_master:
        assert game_master.unplayable_reason() is None
        game_master.ta_env.max_turns = 7  # the bot needs 8 actions here, as the scripted game above
        assert game_master.unplayable_reason() == (
            "minigrid's BabyAI bot does not complete the mission within 7 actions"
        )


def test_baby_ai_text_expert_reads_the_view_in_words():
    text = (
        "Turn 4 of 50. Your mission: open the door.\nYou see a wall 2 steps forward.\n"
        "You see a locked yellow door 2 steps forward and 1 step left.\nYou carry a yellow key.\n"
        "Seen before, out of view now: a red ball 3 steps behind and 2 steps right; a grey box 1 step left."
    )
    view = puzzles.BabyAiText.view(puzzles.Transcript((text,), ()))
    assert view == {
        "walls": {"forward": 2},
        "carried": ("yellow", "key"),
        "objects": {(2, -1): ("locked", "yellow", "door"), (-3, 2): ("", "red", "ball"), (0, -1): ("", "grey", "box")},
    }
