"""WordChains played end to end by two scripted players: a wrong word is a rule loss that decides the game, only a
reply without a bracketed word aborts, and the Main Score measures how far the chain grew. Every game ends with a
word that breaks the chain, so between models the episode is a Success when the chain grew at least halfway to a
perfect chain (21 letters), and a Lose when it broke earlier."""
import math

import pytest
from textarena.envs.WordChains.env import WordChainsEnv
from textarena.envs.utils.word_lists import EnglishDictionary

from conftest import assert_outcome, assert_player_results, instance_of, play, scripted, ta_player

GAME_ID = 5  # start word "sud"
# Each word starts with the last letter of the one before and is one letter longer; all are accepted by
# EnglishDictionary(keep_proper_nouns=False, include_nltk=True).is_english_word.
CHAIN = ["dark", "knife", "effect", "thought", "teaching", "guarantee", "everything", "grandmother", "refrigerator"]
PERFECT = 21


def start_word() -> str:
    return instance_of("ta_word_chains", "default", GAME_ID)[1]["content"]["current_word"]


def main_score(final: str) -> float:
    start = len(start_word())
    return 100 * min(len(final) - start, PERFECT - start) / (PERFECT - start)


def test_chain_is_built_on_the_instance_start_word():
    assert start_word() == "sud"
    words = [start_word()] + CHAIN
    for previous, word in zip(words, words[1:]):
        assert word[0] == previous[-1] and len(word) == len(previous) + 1


def test_word_chains_second_player_repeating_a_wrong_word_loses_and_first_player_wins():
    # Player 0 plays dark, effect, teaching; Player 1 knife, thought, then twice a 9-letter word that does not
    # start with 'g'. The chain grew by 5 letters, less than half of the 18 a perfect chain adds: a Lose.
    player_0 = scripted([f"[{word}]" for word in CHAIN[0:5:2]])
    player_1 = scripted([f"[{word}]" for word in CHAIN[1:5:2]] + ["[elephants]", "[elephants]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")
    assert_player_results(episode.scores, "win", "loss")
    assert (episode.scores["Player 0 Score"], episode.scores["Player 1 Score"]) == (100, 0)
    assert {name: (seat["result"], seat["how"]) for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": ("win", "rules"), "Player 1": ("loss", "rules")}
    assert episode.interactions["start word"] == "sud" and episode.interactions["final word"] == "teaching"
    assert episode.scores["Main Score"] == pytest.approx(100 * (8 - 3) / (21 - 3))
    assert episode.scores["Main Score"] == pytest.approx(main_score("teaching"))
    assert episode.scores["Chain Length"] == 8
    assert episode.scores["Request Count"] == 7 and episode.scores["Violated Request Count"] == 2
    assert "must start with 'g'" in episode.interactions["end reason"]
    # the warned player keeps the turn
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 1"] * 3 + ["Player 1"]


def test_word_chains_chain_grown_halfway_to_perfect_is_a_success():
    # sud (3 letters) grows to refrigerator (12): 9 of the 18 letters a perfect chain adds. Player 1 then
    # fails twice to find a 13-letter word starting with 'r'.
    player_0 = scripted([f"[{word}]" for word in CHAIN[0::2]])
    player_1 = scripted([f"[{word}]" for word in CHAIN[1::2]] + ["[rrrrrrrrrrrrr]", "[rrrrrrrrrrrrr]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert episode.interactions["final word"] == "refrigerator"
    assert episode.scores["Main Score"] == pytest.approx(100 * 9 / 18) == pytest.approx(main_score("refrigerator"))


def test_word_chains_first_player_repeating_a_non_word_loses_the_decided_game():
    player_0 = scripted(["[dark]", "[eeeeee]", "[eeeeee]"])
    player_1 = scripted(["[knife]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")  # decided by the rules, but the chain broke early
    assert_player_results(episode.scores, "loss", "win")
    assert episode.interactions["final word"] == "knife"
    assert episode.scores["Main Score"] == pytest.approx(100 * (5 - 3) / (21 - 3))
    assert episode.scores["Request Count"] == 4 and episode.scores["Violated Request Count"] == 2
    assert "'eeeeee' is not a valid English word" in episode.interactions["end reason"]


def test_word_chains_reply_without_bracketed_word_twice_is_aborted():
    player_1 = scripted(["[dark]"])
    player_2 = lambda context: "my word is apple"
    episode = play("ta_word_chains", [player_1, player_2], game_id=GAME_ID)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2
    assert "did not provide a word in the valid format" in episode.interactions["end reason"]


def test_word_chains_wrong_word_then_format_break_is_aborted_and_format_break_then_wrong_word_is_a_loss():
    # TextArena's second invalid move ends the game; its reason decides between Aborted and a rule loss.
    episode = play("ta_word_chains", [scripted(["[zzzz]", "zzzz"]), scripted([])], game_id=GAME_ID)
    assert_outcome(episode.scores, "Aborted")
    episode = play("ta_word_chains", [scripted(["zzzz", "[zzzz]"]), scripted([])], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")
    assert_player_results(episode.scores, "loss", "win")
    assert episode.scores["Main Score"] == 0  # the chain never grew past the start word


def test_word_chains_single_wrong_word_is_a_counted_warning_and_the_chain_goes_on():
    player_0 = scripted(["[dxxx]", "[dark]", "[eeeeee]", "[eeeeee]"])
    player_1 = scripted(["[knife]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")
    assert_player_results(episode.scores, "loss", "win")
    assert episode.scores["Request Count"] == 5 and episode.scores["Violated Request Count"] == 3
    assert episode.interactions["final word"] == "knife"
    # the warned player keeps the turn
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 0", "Player 1", "Player 0", "Player 0"]


def test_word_chains_first_contexts_are_each_players_textarena_prompt():
    episode = play("ta_word_chains", [scripted(["[dark]"]), lambda context: "no word"], game_id=GAME_ID)
    first_context = {}
    for name, context in episode.contexts:
        first_context.setdefault(name, context["content"])
    for pid, name in enumerate(["Player 0", "Player 1"]):
        prompt = WordChainsEnv._prompt(None, player_id=pid, game_state={"current_word": "sud"}).strip()
        assert first_context[name].startswith(prompt)
    assert "Start with 'd'" in first_context["Player 0"] and "Be exactly 4 letters long" in first_context["Player 0"]
    # Player 1 sees Player 0's move and the new requirement
    assert "[GAME] Player 0 played: [dark]" in first_context["Player 1"]
    assert "Be exactly 5 letters long" in first_context["Player 1"]


def test_word_chains_vs_random_the_model_plays_one_seat_and_its_result_is_the_main_score():
    # game_id 5 seats the model at Player 1: the random reference opens, the model answers it
    episode = play("ta_word_chains_vs_random", [scripted(["[zzzz]", "[zzzz]"])], game_id=GAME_ID)
    assert list(episode.interactions["players"]) == ["GM", "Player 1", "Player 0"]
    assert episode.interactions["players"]["Player 0"]["model_name"] == "reference: random"
    opening = episode.interactions["turns"][0][0]
    assert (opening["from"], opening["to"]) == ("Player 0", "GM")
    assert [name for name, _ in episode.contexts] == ["Player 1", "Player 1"]
    assert f"[GAME] Player 0 played: {opening['action']['content']}" in episode.contexts[0][1]["content"]
    # the model's two wrong words lose the game to the reference: a Lose scored 0, only its requests counted
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Loss"] == 1 and episode.scores["Model Seat"] == 1
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2
    assert episode.interactions["seats"]["Player 0"] == {"model": "reference: random", "reference": True,
                                                         "result": "win", "how": "rules", "payoff": None}


def test_word_chains_strander_answers_the_opening_with_the_word_leaving_fewest_answers():
    # After "sud" the next word starts with 'd' and has 4 letters. No lower-case 4-letter 'd' word of NLTK's corpus
    # ends in x, q or z, which start the fewest 5-letter words (15, 57, 52); y starts 67, and "davy" is the first
    # such 'd' word in alphabetical order. TextArena's own dictionary accepts it.
    opening = WordChainsEnv._prompt(None, player_id=0, game_state={"current_word": "sud"}) + \
        "\n\nNext word must:\n1. Start with 'd'\n2. Be exactly 4 letters long"
    assert ta_player("expert")(opening) == "[davy]"
    assert EnglishDictionary(keep_proper_nouns=False, include_nltk=True).is_english_word("davy")


def test_word_chains_strander_never_reuses_a_word_and_answers_with_no_word_when_none_is_left():
    context = WordChainsEnv._prompt(None, player_id=1, game_state={"current_word": "sud"}) + \
        "\n\n[GAME] Player 0 played: [davy]\n\nNext word must:\n1. Start with 'd'\n2. Be exactly 4 letters long"
    assert ta_player("expert")(context) not in ("[davy]", "[sud]")
    hopeless = context + "\n\nNext word must:\n1. Start with 'x'\n2. Be exactly 24 letters long"
    assert ta_player("expert")(hopeless) == "[" + "x" * 24 + "]"


def test_word_chains_strander_as_the_model_beats_the_random_reference_in_every_shipped_game():
    scores = [play("ta_word_chains_vs_random", [ta_player("expert")], game_id=game_id).scores["Main Score"]
              for game_id in range(10)]
    assert scores == [100] * 10
