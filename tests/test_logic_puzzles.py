"""Logic and sliding puzzles played end to end: RushHour, Sokoban, LogicPuzzle, Slitherlink, Crosswords.

Expert and random players are the programmatic players of `ta_players`, reading only the contexts."""
import math

import pytest

from conftest import assert_outcome, play, scripted, ta_player

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
    return [(event["from"], event["action"]["content"]) for turn in episode.interactions["turns"] for event in turn
            if event["action"]["type"] == "get message" and event["from"].startswith("Player")]
