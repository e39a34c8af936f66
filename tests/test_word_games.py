"""Word games (Hangman, Wordle, WordLadder, WordSearch) played end to end by the programmatic players and by
scripted lines whose scores are computed by hand."""
import math

import pytest

from conftest import assert_outcome, instance_of, play, scripted, ta_player


def replies_of(episode) -> list[str]:
    return [event["action"]["content"] for turn in episode.interactions["turns"] for event in turn
            if event["from"] == "Player 1"]


# --- Hangman ---

def test_hangman_expert_guesses_the_only_common_word_left():
    # DEEP: E is the letter most common 4-letter words hold; after "_ E E _" only DEEP among the basic words
    # fits and is guessed whole: all 6 lives left, 1 x (6/12 + 1/2).
    episode = play("ta_hangman", [ta_player("expert")], "default", 2)
    assert replies_of(episode) == ["[E]", "[DEEP]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_hangman_expert_spends_free_word_guesses_before_a_risky_letter():
    # MONKEY: E hits, R misses (5 lives), then three candidates are left and no letter is in all of them: the
    # expert tries the words, as a wrong word costs no life in TextArena 0.7.4.
    episode = play("ta_hangman", [ta_player("expert")], "default", 0)
    assert replies_of(episode) == ["[E]", "[R]", "[BASKET]", "[BUCKET]", "[MONKEY]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * (5 / 12 + 1 / 2))


def test_hangman_format_breaker_is_aborted():
    episode = play("ta_hangman", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
