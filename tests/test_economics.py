"""Economics contests played end to end through clemcore: Iterated Two-Thirds Average, Rock-Paper-Scissors and
Matching Pennies (two seats, fixed number of rounds, the most rounds won wins)."""
import math

import pytest

from conftest import assert_outcome, play, scripted, ta_player


def test_two_thirds_average_lower_guesses_win_every_round():
    # the target is (g0 + g1) / 3, below the middle of the two guesses: the lower guess wins each of the 10 rounds
    episode = play("ta_iterated_two_thirds_average", [scripted(["[10]"] * 10), scripted(["[60]"] * 10)])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.interactions["seats"]["Player 0"]["result"] == "win"
    assert episode.interactions["seats"]["Player 1"]["result"] == "loss"
    assert episode.interactions["seats"]["Player 0"]["how"] == "rules"


def test_rock_paper_scissors_equal_rounds_is_a_draw():
    # rounds: paper beats rock (P0), rock beats scissors (P1), then seven draws
    moves0 = ["[paper]", "[scissors]"] + ["[rock]"] * 7
    moves1 = ["[rock]", "[rock]"] + ["[rock]"] * 7
    episode = play("ta_iterated_rock_paper_scissors", [scripted(moves0), scripted(moves1)])
    assert_outcome(episode.scores, "Success")
    assert {seat["result"] for seat in episode.interactions["seats"].values()} == {"draw"}


def test_matching_pennies_matcher_wins_when_coins_match():
    episode = play("ta_iterated_matching_pennies", [scripted(["[h]"] * 10), scripted(["[heads]"] * 6 + ["[t]"] * 4)])
    assert episode.interactions["seats"]["Player 0"]["result"] == "win"


@pytest.mark.parametrize("game", ["ta_iterated_two_thirds_average", "ta_iterated_rock_paper_scissors",
                                  "ta_iterated_matching_pennies"])
def test_broken_format_twice_aborts_and_names_the_violating_seat(game):
    episode = play(game, [ta_player("format-breaker"), ta_player("random")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.interactions["seats"]["Player 0"]["how"] == "own violation"


def test_vs_random_scores_the_model_seat():
    # game 1 seats the model at Player 1; guessing 0 never loses a round
    episode = play("ta_iterated_two_thirds_average_vs_random", [scripted(["[0]"] * 10)], game_id=1)
    assert episode.scores["Model Seat"] == 1
    assert episode.scores["Main Score"] == 100 and episode.scores["Win"] == 1
    assert_outcome(episode.scores, "Success")


def _mean_score(game, strategy, ids=range(4)):
    return sum(play(game, [ta_player(strategy)], game_id=i).scores["Main Score"] for i in ids) / len(ids)


def test_the_equilibrium_reference_beats_random():
    assert _mean_score("ta_iterated_two_thirds_average_vs_equilibrium", "random") == 0
    assert _mean_score("ta_iterated_two_thirds_average_vs_random", "expert") == 100


@pytest.mark.parametrize("game, move", [("ta_iterated_rock_paper_scissors_vs_frequency", "[rock]"),
                                        ("ta_iterated_matching_pennies_vs_pattern", "[heads]")])
def test_the_pattern_references_beat_a_repetitive_player(game, move):
    # no strategy has an edge over a uniformly random opponent in these zero-sum games; the references exploit
    # patterns, the kind a model falls into
    assert all(play(game, [scripted([move] * 10)], game_id=i).scores["Main Score"] == 0 for i in range(2))
