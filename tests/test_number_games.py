"""Number and chance games played end to end: the programmatic experts win, hand-made losing lines are scored by
hand, format breakers are Aborted, stalling players are stopped."""
import math

import pytest

from conftest import assert_outcome, play, scripted, ta_player


def assert_aborted(scores: dict):
    assert_outcome(scores, "Aborted")
    assert math.isnan(scores["Main Score"])


# --- GuessTheNumber ---

def test_guess_the_number_expert_binary_search_finds_12_in_three_guesses():
    # default instance 0 hides 12 in 1..20: [10] higher, [15] lower, [12]
    episode = play("ta_guess_the_number", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert [reply for _, reply in _replies(episode)] == ["[10]", "[15]", "[12]"]


@pytest.mark.parametrize("experiment", ["default", "hardcore"])
def test_guess_the_number_expert_wins_every_shipped_instance(experiment):
    for game_id in range(10):
        episode = play("ta_guess_the_number", [ta_player("expert")], experiment=experiment, game_id=game_id)
        assert episode.scores["Main Score"] == 100
        assert episode.scores["Request Count"] <= 6  # ceil(log2(50 + 1))


def test_guess_the_number_turn_limit_is_a_lose_scored_0():
    # 12 is hidden; [1]..[11] all get "higher". max_turns=10 ends the game after the 11th guess.
    episode = play("ta_guess_the_number", [scripted([f"[{n}]" for n in range(1, 12)])])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0
    assert episode.scores["Request Count"] == 11


def test_guess_the_number_format_breaker_is_aborted():
    episode = play("ta_guess_the_number", [ta_player("format-breaker")])
    assert_aborted(episode.scores)
    assert episode.scores["Request Count"] == 2


def test_guess_the_number_repeating_a_guess_is_aborted():
    # a repeated guess is TextArena's invalid move: warned once, the second in a row ends the game
    episode = play("ta_guess_the_number", [lambda context: "[5]"])
    assert_aborted(episode.scores)
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2


def _replies(episode):
    """(player, reply) of every request, from the interactions."""
    return [(event["from"], event["action"]["content"]) for turn in episode.interactions["turns"] for event in turn
            if event["action"]["type"] == "get message" and event["from"].startswith("Player")]
