"""Logic and sliding puzzles played end to end: RushHour, Sokoban, LogicPuzzle, Slitherlink, Crosswords.

Expert and random players are the programmatic players of `ta_players`, reading only the contexts."""

import math

import pytest
from textarena.envs.RushHour.env import _Vehicle

from support import assert_outcome, benchmark, instance_of, mock_model, play, scripted, ta_player

# --- Rush Hour ---
# Instance default/0 (the content recorded in in/instances_ta_rush_hour.json):
#   D D . . . C
#   A . . . B C
#   A X X . B . >
#   G . F F B .
#   G H H . . .
#   G . . . . .


def test_rush_hour_expert_frees_the_red_car_in_five_moves():
    episode = play("ta_rush_hour", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    # B down twice clears row 2; X then drives from column 1 to column 4
    assert [reply for _, reply in _replies(episode)] == ["[B+]", "[B+]", "[X+]", "[X+]", "[X+]"]


def test_rush_hour_stalling_player_is_stopped_at_the_request_cap():
    # X one step right (column 2), then D shuttles forever: the cap of 50 requests ends the episode as a Lose,
    # scored by TextArena's completion, the red car's column over 4.
    episode = play("ta_rush_hour", [scripted(["[X+]"] + ["[D+]", "[D-]"] * 25)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 50
    assert episode.scores["Main Score"] == 50
    assert episode.interactions["end reason"] == "The episode reached its cap of 50 requests."


def test_rush_hour_blocked_moves_twice_in_a_row_abort():
    episode = play("ta_rush_hour", [scripted(["[X+]", "[X+]", "[X+]"])])  # the second [X+] hits B, so does the third
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2


def test_rush_hour_board_the_red_car_cannot_leave_is_unplayable():
    # a horizontal car in the exit row, right of X, can never leave that row
    exp, instance = instance_of("ta_rush_hour")
    with benchmark("ta_rush_hour") as game_benchmark:
        game_master = game_benchmark.create_game_master(exp, [mock_model()])
        game_master.setup(**instance)
        assert game_master.unplayable_reason() is None
        game_master.env.state.game_state["vehicles"] = {
            "A": _Vehicle("A", 2, 4, 2, True),
            "X": _Vehicle("X", 2, 0, 2, True),
        }
        assert game_master.unplayable_reason() == "the red car cannot reach the exit"


def test_rush_hour_format_breaker_is_aborted():
    episode = play("ta_rush_hour", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])


def test_rush_hour_prints_nothing_to_stdout(capfd):
    # TextArena 0.7.4's RushHourEnv.reset prints "Generated puzzle in N attempts"; the game master drops it
    play("ta_rush_hour", [scripted(["[B+]", "[B+]", "[X+]", "[X+]", "[X+]"])])
    assert capfd.readouterr().out == ""


def _replies(episode) -> list[tuple[str, str]]:
    """(player, reply) for every reply the players gave, in order."""
    return [
        (event["from"], event["action"]["content"])
        for turn in episode.interactions["turns"]
        for event in turn
        if event["action"]["type"] == "get message" and event["from"].startswith("Player")
    ]


# --- Sokoban ---
# Instance default/6 (6x6, 3 boxes, max_turns 30):
#   # # # # # #
#   # P # # # #
#   # X _ _ _ #
#   # O X X O #
#   # _ O _ _ #
#   # # # # # #


def test_sokoban_expert_pushes_every_box_home_in_four_moves():
    episode = play("ta_sokoban", [ta_player("expert")], game_id=6)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert [reply for _, reply in _replies(episode)] == ["[down]", "[right]", "[down]", "[right]"]


def test_sokoban_turn_limit_scores_the_share_of_boxes_on_targets():
    # One box pushed home, then up and down forever: TextArena 0.7.4 ends the game after max_turns + 1 = 31 moves
    episode = play("ta_sokoban", [scripted(["[down]"] + ["[up]", "[down]"] * 15)], game_id=6)
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 31
    assert episode.scores["Main Score"] == pytest.approx(100 / 3)


def test_sokoban_walking_into_a_wall_twice_aborts():
    episode = play("ta_sokoban", [scripted(["[up]", "[left]"])], game_id=6)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])


def test_sokoban_format_breaker_is_aborted():
    episode = play("ta_sokoban", [ta_player("format-breaker")], game_id=6)
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


def test_sokoban_room_that_needs_more_moves_than_the_turn_limit_is_unplayable():
    # the same room needs four moves; with max_turns 2 TextArena allows three
    exp, instance = instance_of("ta_sokoban", "default", 6)
    with benchmark("ta_sokoban") as game_benchmark:
        game_master = game_benchmark.create_game_master(exp, [mock_model()])
        game_master.setup(**{**instance, "env_kwargs": {**instance["env_kwargs"], "max_turns": 2}})
        assert game_master.unplayable_reason() == "the room cannot be solved within 3 moves"
        game_master = game_benchmark.create_game_master(exp, [mock_model()])
        game_master.setup(**{**instance, "env_kwargs": {**instance["env_kwargs"], "max_turns": 3}})
        assert game_master.unplayable_reason() is None
        # TextArena's generator can draw a box standing on its target as a plain box: refused
        env = game_master.ta_env
        env.room_state[3, 1], env.room_state[2, 1] = 4, 1
        assert game_master.unplayable_reason() == "a box stands on a target the board does not show"


# --- Logic puzzle ---
# Instance default/0: rows wednesday, monday, tuesday; grids day_people (bob, alice, charlie) and day_sport
# (tennis, basketball, soccer). Solution: wednesday alice soccer, monday bob basketball, tuesday charlie tennis.
# The clues name each pairing, so the expert marks the 18 cells once.


def test_logic_puzzle_expert_solves_an_easy_puzzle_marking_each_cell_once():
    episode = play("ta_logic_puzzle", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Request Count"] == 18 and episode.scores["Violated Request Count"] == 0


def test_logic_puzzle_score_counts_whole_pairings_not_x_marks():
    # Wednesday's people row marked exactly (alice O, bob X, charlie X), all of monday's sports X, then one cell
    # toggled until TextArena's turn limit (30: the game ends after 31 moves). Pairings right: 1 of 6. TextArena's
    # own completion would count 3 + 2 + (X marks of the toggled cell) cells of 18.
    moves = [
        "[wednesday alice O]",
        "[wednesday bob X]",
        "[wednesday charlie X]",
        "[monday tennis X]",
        "[monday basketball X]",
        "[monday soccer X]",
    ]
    moves += ["[tuesday bob X]", "[tuesday bob O]"] * 12 + ["[tuesday bob X]"]
    episode = play("ta_logic_puzzle", [scripted(moves)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 31
    assert episode.scores["Main Score"] == pytest.approx(100 / 6)


def test_logic_puzzle_repeating_a_mark_twice_aborts():
    episode = play("ta_logic_puzzle", [scripted(["[monday bob O]", "[monday bob O]", "[monday bob O]"])])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2


def test_logic_puzzle_format_breaker_is_aborted():
    episode = play("ta_logic_puzzle", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])


# --- Slitherlink ---
# Instance default/0, clues ('.' none):
#   1 2 . 1
#   . 2 2 1
#   0 1 . .
#   0 0 . 0
# The loop around the 2x2 block of rows 0-1, columns 1-2 satisfies them all (eight edges).


def test_slitherlink_expert_draws_the_loop_edge_by_edge():
    episode = play("ta_slitherlink", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert [reply for _, reply in _replies(episode)] == [
        "[h 0 1]",
        "[h 0 2]",
        "[h 2 1]",
        "[h 2 2]",
        "[v 0 1]",
        "[v 0 3]",
        "[v 1 1]",
        "[v 1 3]",
    ]


def test_slitherlink_moves_are_not_echoed_as_broken_observations():
    # TextArena 0.7.4 queues the move as add_observation(player_id, action, PLAYER_ACTION): the player id would
    # be the message and the action its type; the game master restores the arguments, so the echo is dropped
    replies = ["[h 0 1]", "[h 0 1]"] * 2 + ["no move"] * 2
    # the full view leaves the echo out (the player's memory holds its reply)
    episode = play("ta_slitherlink", [scripted(replies)], view="full")
    for _, context in episode.contexts[1:]:
        assert context["content"].startswith("[GAME]") and "ObservationType" not in context["content"]
        assert "[h 0 1]" not in context["content"]
    # the state view gives each move back once, as the player's own `[Player] [move]` line
    episode = play("ta_slitherlink", [scripted(replies)])
    for turn, (_, context) in enumerate(episode.contexts):
        assert "ObservationType" not in context["content"]
        assert context["content"].count("[h 0 1]") == context["content"].count("[Player] [h 0 1]") == min(turn, 4)


def test_slitherlink_toggling_one_edge_ends_at_the_turn_limit_scored_by_clues_satisfied():
    # [h 0 0] toggled 201 times (TextArena's max_turns 200 allows 201 moves) stays on: cells (0,0)=1, (2,0)=0,
    # (3,0)=0, (3,1)=0 and (3,3)=0 hold, 5 of the 11 clues.
    episode = play("ta_slitherlink", [scripted(["[h 0 0]"] * 201)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 201
    assert episode.scores["Main Score"] == pytest.approx(100 * 5 / 11)


def test_slitherlink_invalid_move_reason_and_reward_are_not_swapped():
    # TextArena 0.7.4 calls set_invalid_move(progress, reason); the game master swaps them back: the reward is the
    # progress (4 of 11 clues are zeros, satisfied by the empty board) and the reason is the message
    episode = play("ta_slitherlink", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["end reason"] == "Invalid Move: Bad action format. Use [h row col] or [v row col]."
    assert episode.interactions["ta rewards"] == {"0": pytest.approx(4 / 11)}
    assert episode.scores["Violated Request Count"] == 2


# --- Crosswords ---
# Instance default/0: STOMACH across at (0, 0), TIGHT down at (0, 1) (sharing the T), DEVELOPMENT across at (8, 2):
# 22 letter cells.
CROSSWORDS_LETTERS = (
    [(0, col, letter) for col, letter in enumerate("stomach")]
    + [(row, 1, letter) for row, letter in enumerate("ight", start=1)]
    + [(8, col, letter) for col, letter in enumerate("development", start=2)]
)


def test_crosswords_player_who_knows_the_words_fills_the_grid():
    episode = play("ta_crosswords", [scripted(f"[{r} {c} {letter}]" for r, c, letter in CROSSWORDS_LETTERS)])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Request Count"] == 22


def test_crosswords_two_wrong_letters_in_a_row_lose_scored_by_cells_filled():
    episode = play("ta_crosswords", [scripted(["[0 0 s]", "[0 1 t]", "[0 2 x]", "[0 3 x]"])])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 * 2 / 22)
    assert episode.scores["Violated Request Count"] == 2


def test_crosswords_wrong_letter_then_broken_format_aborts():
    episode = play("ta_crosswords", [scripted(["[0 0 x]", "I am not sure."])])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])


def test_crosswords_refilling_a_cell_twice_aborts():
    episode = play("ta_crosswords", [scripted(["[0 0 s]", "[0 0 s]", "[0 0 s]"])])
    assert_outcome(episode.scores, "Aborted")


def test_crosswords_format_breaker_is_aborted():
    episode = play("ta_crosswords", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Request Count"] == 2


def test_crosswords_random_player_plays_letters_into_empty_cells():
    episode = play("ta_crosswords", [ta_player("random")])
    assert episode.scores["Aborted"] == 0
    assert all(reply.startswith("[") for _, reply in _replies(episode))
