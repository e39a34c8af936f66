"""Hangman played end to end: scores weigh the letters revealed by the lives left, invalid moves abort, and a
player that stalls on wrong whole-word guesses (which cost no life) is stopped by the request cap."""
import math
import string

import pytest
from textarena.envs.Hangman.env import HangmanEnv

from conftest import assert_outcome, instance_of, play, scripted

LIVES = 6
CAP = 60  # clemgame.json's max_requests for ta_hangman


def target_of(experiment: str = "default", game_id: int = 0) -> str:
    return instance_of("ta_hangman", experiment, game_id)[1]["content"]["target_word"].upper()


def letters_of(word: str) -> list[str]:
    """The distinct letters of `word` in their first-appearance order."""
    return list(dict.fromkeys(word))


def wrong_letters(word: str, n: int) -> list[str]:
    return [letter for letter in string.ascii_uppercase if letter not in word][:n]


@pytest.mark.parametrize("experiment, game_id", [("default", 0), ("default", 2), ("hardcore", 5)])
def test_hangman_two_misses_then_every_letter_wins_with_four_lives(experiment, game_id):
    target = target_of(experiment, game_id)  # monkey, deep (repeated E), ophthalmetrical (many repeats)
    guesses = wrong_letters(target, 2) + letters_of(target)
    episode = play("ta_hangman", [scripted([f"[{letter}]" for letter in guesses])], experiment, game_id)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * 1 * (4 / 12 + 1 / 2))
    assert episode.scores["Request Count"] == 2 + len(set(target))
    assert episode.scores["Violated Request Count"] == 0
    assert episode.interactions["lives left"] == 4 and episode.interactions["lives"] == LIVES
    assert episode.interactions["completion"] == 1.0


def test_hangman_whole_word_guess_on_first_turn_scores_100():
    target = target_of()
    episode = play("ta_hangman", [scripted([f"[{target.lower()}]"])])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100  # all letters revealed, all 6 lives: 1 x (6/12 + 1/2)
    assert episode.scores["Request Count"] == 1


def test_hangman_out_of_lives_is_a_loss_scored_by_letters_revealed():
    target = target_of("default", 2)
    assert target == "DEEP"
    # E reveals 2 of the 4 letters, then six misses use up every life.
    episode = play("ta_hangman", [scripted(["[E]"] + [f"[{letter}]" for letter in wrong_letters(target, 6)])],
                   "default", 2)
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 * (2 / 4) * (0 / 12 + 1 / 2))
    assert episode.scores["Request Count"] == 7
    assert episode.scores["Violated Request Count"] == 0
    assert episode.interactions["lives left"] == 0


def test_hangman_reply_without_bracketed_guess_twice_is_aborted():
    episode = play("ta_hangman", [lambda context: "I guess E"])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2
    assert "Invalid move format" in episode.interactions["end reason"]


def test_hangman_reguessing_a_letter_twice_in_a_row_is_aborted():
    target = target_of()
    first = target[0]
    episode = play("ta_hangman", [scripted([f"[{first}]"] * 3)])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    # the first guess is valid, the second a warning, the third ends the game
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2
    assert f"'{first}' which has already been guessed" in episode.interactions["end reason"]


def test_hangman_two_different_invalid_moves_in_a_row_are_aborted():
    first = target_of()[0]
    # a re-guess (warning), then a format error: the second invalid move in a row ends the game
    episode = play("ta_hangman", [scripted([f"[{first}]", f"[{first}]", "no guess"])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2


def test_hangman_invalid_moves_separated_by_a_valid_guess_are_counted_warnings():
    letters = letters_of(target_of())
    guesses = [f"[{letters[0]}]", f"[{letters[0]}]", f"[{letters[1]}]", "no guess"] + \
              [f"[{letter}]" for letter in letters[2:]]
    episode = play("ta_hangman", [scripted(guesses)])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Request Count"] == len(guesses) == len(letters) + 2
    assert episode.scores["Violated Request Count"] == 2
    assert episode.scores["Main Score"] == 100  # invalid moves cost no life
    invalid_events = [event["action"]["content"] for turn in episode.interactions["turns"] for event in turn
                      if event["action"]["type"] == "invalid move"]
    assert len(invalid_events) == 2 and "already been guessed" in invalid_events[0]


def test_hangman_wrong_whole_word_costs_no_life_so_a_stalling_player_hits_the_request_cap():
    target = target_of()
    assert target == "MONKEY"
    wrong_word = "HOUSE"
    episode = play("ta_hangman", [scripted([f"[{target[0]}]"] + [f"[{wrong_word}]"] * CAP)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == CAP and episode.scores["Violated Request Count"] == 0
    assert episode.interactions["lives left"] == LIVES
    # one of the six letters of MONKEY revealed, all lives left: 1/6 x (6/12 + 1/2)
    assert episode.scores["Main Score"] == pytest.approx(100 * (1 / 6) * 1)
    reason = f"The episode reached its cap of {CAP} requests."
    assert episode.interactions["end reason"] == reason
    last_events = [event["action"] for event in episode.interactions["turns"][-1] if event["from"] == event["to"] == "GM"]
    assert {"type": "request cap", "content": reason} in last_events
    assert episode.interactions["ta rewards"] is None  # TextArena never ended the game


def test_hangman_first_context_is_textarena_game_prompt_and_empty_board():
    episode = play("ta_hangman", [lambda context: "no guess"])
    first = episode.contexts[0][1]["content"]
    assert first.startswith(HangmanEnv._generate_player_prompt(None, player_id=0, game_state={}).strip())
    assert "  _ " * len(target_of()) in first and "You have 6 tries left." in first
