"""Word games (Wordle, WordLadder, WordSearch) played end to end by the programmatic players and by
scripted lines whose scores are computed by hand."""

import math

import pytest
from clemcore.backends.model_registry import CustomResponseModel

from support import assert_outcome, benchmark, instance_of, play, replies_of, scripted, ta_player

# --- Wordle ---


def test_wordle_expert_solves_in_two_guesses():
    # PROSE: after AROSE (X G G G G) the best-splitting consistent word is PROSE itself.
    episode = play("ta_wordle", [ta_player("expert")], "default", 1)
    assert replies_of(episode) == ["[arose]", "[prose]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Request Count"] == 2


def test_wordle_six_wrong_guesses_lose_scored_by_the_last_guess():
    assert instance_of("ta_wordle", "default", 0)[1]["content"]["secret_word"] == "apple"
    guesses = ["[sound]", "[light]", "[dirty]", "[fight]", "[mouth]", "[crane]"]
    episode = play("ta_wordle", [scripted(guesses)], "default", 0)
    assert_outcome(episode.scores, "Lose")
    # CRANE against APPLE: E green, A yellow: (1 + 1/2) / 5
    assert episode.scores["Main Score"] == pytest.approx(30)
    assert episode.scores["Request Count"] == 6 and episode.scores["Violated Request Count"] == 0


def test_wordle_invalid_words_between_guesses_do_not_stall_the_game():
    # a non-word is a warning that costs no guess; a valid guess after it clears the warning, so the six guesses
    # still end the game after twelve requests
    words = ["sound", "light", "dirty", "fight", "mouth", "crane"]
    guesses = [reply for word in words for reply in ["[qxzvj]", f"[{word}]"]]
    episode = play("ta_wordle", [scripted(guesses)], "default", 0)
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 12 and episode.scores["Violated Request Count"] == 6
    assert episode.scores["Main Score"] == pytest.approx(30)


def test_wordle_format_breaker_is_aborted():
    episode = play("ta_wordle", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2


def test_wordle_hardcore_word_list_is_built_once_per_process(monkeypatch):
    # Wordle-v0-hardcore POS-tags all 236k `en` words in WordleEnv.__init__ (8-30 s); the spec's cache_env builds
    # it once per process, and reset() only draws from the list, so later episodes share it unchanged.
    from textarena.envs.Wordle.env import WordleEnv

    first = play("ta_wordle", [ta_player("expert")], "hardcore", 0).game_master.ta_env
    words_before = list(first.word_list)

    def rebuild(*args, **kwargs):
        raise AssertionError("the hardcore word list was built again")

    monkeypatch.setattr(WordleEnv, "_load_word_list", rebuild)
    second = play("ta_wordle", [ta_player("expert")], "hardcore", 1).game_master.ta_env
    assert second is not first and second.word_list is first.word_list
    assert first.word_list == words_before
    assert second.state is not first.state


def test_wordle_capitalised_secret_words_are_unplayable():
    # seeds 0-39 of the hardcore variant draw some proper nouns; the generator skips exactly those
    exp, instance = instance_of("ta_wordle", "hardcore", 0)
    reasons = {}
    with benchmark("ta_wordle") as game_benchmark:
        for seed in range(40):
            game_master = game_benchmark.create_game_master(exp, [CustomResponseModel()])
            game_master.setup(**{**instance, "seed": seed})
            game_master.start()
            reasons[game_master.env.state.game_state["secret_word"]] = game_master.unplayable_reason()
    capitalised = [word for word in reasons if not word.islower()]
    assert capitalised and all("is capitalised" in reasons[word] for word in capitalised)
    assert all(reasons[word] is None for word in reasons if word.islower())


# --- WordLadder ---


def test_word_ladder_expert_climbs_a_shortest_ladder():
    assert instance_of("ta_word_ladder", "default", 6)[1]["content"] == {"start_word": "bag", "target_word": "cat"}
    episode = play("ta_word_ladder", [ta_player("expert")], "default", 6)
    # bag -> cat needs two changes; CAG (NLTK `en`) comes first in position-and-alphabet order
    assert replies_of(episode) == ["[cag]", "[cat]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_word_ladder_expert_solves_a_hard_ladder():
    episode = play("ta_word_ladder", [ta_player("expert")], "hard", 0)  # mist -> coal
    assert replies_of(episode) == ["[cist]", "[cost]", "[coat]", "[coal]"]
    assert_outcome(episode.scores, "Success")


def test_word_ladder_back_and_forth_is_stopped_by_the_turn_limit():
    # bag -> cat: BAT and BAG are valid moves forever. TextArena 0.7.4 checks max_turns=100 before counting the
    # move, so the 101st move ends the game, on BAT: B A T vs C A T, 2 of 3 letters in place.
    episode = play("ta_word_ladder", [scripted(["[bat]", "[bag]"] * 50 + ["[bat]"])], "default", 6)
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 101 and episode.scores["Violated Request Count"] == 0
    assert episode.scores["Main Score"] == pytest.approx(100 * 2 / 3)
    assert "turn limit" in episode.interactions["end reason"]


def test_word_ladder_two_non_words_in_a_row_are_aborted():
    episode = play("ta_word_ladder", [scripted(["[bxg]", "[bxg]"])], "default", 6)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert "not a recognised English word" in episode.interactions["end reason"]


def test_word_ladder_format_breaker_is_aborted():
    episode = play("ta_word_ladder", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])


# --- WordSearch ---
# default instance 2: BASKET down from (1, 4), EVEN, WORK, SOUP down from (0, 0), (0, 1), (0, 2), OLD across from (0, 3)
BASKET = "[1 4 6 4]"


def incorrect_attempts(n: int) -> list[str]:
    """`n` distinct places on the 9 x 9 grid that hold none of the five words (two-letter spans in rows 7 and 8)."""
    return [f"[{row} {col} {row} {col + 1}]" for row in (7, 8) for col in range(8)][:n]


def test_word_search_expert_finds_every_listed_word():
    assert list(instance_of("ta_word_search", "default", 2)[1]["content"]["placed words"]) == [
        "BASKET",
        "EVEN",
        "WORK",
        "SOUP",
        "OLD",
    ]
    episode = play("ta_word_search", [ta_player("expert")], "default", 2)
    assert replies_of(episode) == [BASKET, "[0 0 3 0]", "[0 1 3 1]", "[0 2 3 2]", "[0 3 0 5]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_word_search_twenty_incorrect_attempts_lose_scored_by_words_found():
    episode = play(
        "ta_word_search",
        [scripted([BASKET] + incorrect_attempts(16) + ["[6 0 6 2]", "[6 3 6 5]", "[6 6 6 8]", "[5 0 5 2]"])],
        "default",
        2,
    )
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 * 1 / 5)
    assert episode.scores["Request Count"] == 21 and episode.scores["Violated Request Count"] == 0
    assert "No more incorrect tries remaining" in episode.interactions["end reason"]


def test_word_search_resubmitting_a_found_word_is_stopped_by_the_request_cap():
    # a found word can be submitted again and again: a correct attempt that costs nothing
    episode = play("ta_word_search", [scripted([BASKET] * 50)], "default", 2)
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 50 and episode.scores["Violated Request Count"] == 0
    assert episode.scores["Main Score"] == pytest.approx(20)
    assert episode.interactions["end reason"] == "The episode reached its cap of 50 requests."


@pytest.mark.parametrize("reply, found", [(f"[7 0 7 1] {BASKET}", True), (f"{BASKET} [7 0 7 1]", False)])
def test_word_search_only_the_last_submission_of_a_reply_counts(reply, found):
    # TextArena 0.7.4 would check both in set order (PYTHONHASHSEED-dependent); the master hands it the last (replies)
    episode = play("ta_word_search", [scripted([reply, "no move", "no move"])], "default", 2)
    answer = episode.contexts[1][1]["content"]
    assert ("You found the word 'BASKET'" in answer) == found
    assert ("[7 0 7 1] is an incorrect attempt. 19 incorrect tries remaining." in answer) == (not found)


def test_word_search_every_episode_starts_with_twenty_incorrect_tries():
    # WordSearchEnv keeps num_incorrect_tries from __init__ across resets; each episode has its own env
    play("ta_word_search", [scripted(incorrect_attempts(3) + ["no move", "no move"])], "default", 2)
    episode = play("ta_word_search", [scripted(["no move", "no move"])], "default", 2)
    assert "Incorrect Attempts Remaining: 20" in episode.contexts[0][1]["content"]


def test_word_search_format_breaker_is_aborted():
    episode = play("ta_word_search", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
