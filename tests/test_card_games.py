"""Card games (Blackjack, Set, Ultimate Texas Hold'em) and 2048 played end to end: the programmatic experts,
hand-computed losing lines, format breakers, stalling players and the TextArena 0.7.4 workarounds."""
import math
import re

import pytest

from conftest import assert_outcome, mock_model, play, run_in_process, scripted, ta_player
from conftest import load_episode_files
from ta_players import reply


def contexts_text(episode) -> str:
    return "\n\n".join(context["content"] for _, context in episode.contexts)


# --- Blackjack ---

def blackjack_results(text: str) -> list[str]:
    """The outcome TextArena announced for each hand (win, lose, draw or bust)."""
    return re.findall(r"Hand \d+: you (\w+)\.", text)


@pytest.mark.parametrize("experiment, hands", [("default", 5), ("long", 15)])
def test_blackjack_expert_score_is_the_share_of_hands_won_with_half_the_pushes(experiment, hands):
    episode = play("ta_blackjack", [ta_player("expert")], experiment=experiment, game_id=1)
    # the last hand's result arrives with the game's end, after the last context: it is in the final record
    results = blackjack_results(contexts_text(episode))
    logged = episode.interactions["hands"]
    assert len(results) == hands - 1 and logged["hands"] == hands
    assert logged["win"] + logged["lose"] + logged["draw"] == hands
    assert logged["win"] >= results.count("win") and logged["draw"] >= results.count("draw")
    assert episode.scores["Main Score"] == pytest.approx(100 * (logged["win"] + 0.5 * logged["draw"]) / hands)
    assert_outcome(episode.scores, "Success" if logged["win"] > logged["lose"] else "Lose")
    assert episode.scores["Violated Request Count"] == 0


@pytest.mark.parametrize("hand, dealer, move", [
    ("10♠, 6♥ (Score: 16)", "10♦", "[Hit]"), ("10♠, 6♥ (Score: 16)", "6♦", "[Stand]"),
    ("10♠, 2♥ (Score: 12)", "3♦", "[Hit]"), ("10♠, 2♥ (Score: 12)", "4♦", "[Stand]"),
    ("A♠, 7♥ (Score: 18)", "9♦", "[Hit]"), ("A♠, 7♥ (Score: 18)", "8♦", "[Stand]"),
    ("A♠, 6♥ (Score: 17)", "2♦", "[Hit]"), ("A♠, 6♥, 10♣ (Score: 17)", "A♦", "[Stand]"),
    ("5♠, 6♥ (Score: 11)", "A♦", "[Hit]"), ("K♠, Q♥ (Score: 20)", "A♦", "[Stand]"),
])
def test_blackjack_expert_plays_basic_strategy(hand, dealer, move):
    context = (f"You are playing Blackjack against the dealer.\n\n[GAME] Hand 1/5\nYour hand: {hand}\n"
               f"Dealer shows: {dealer}")
    assert reply("expert", [{"role": "user", "content": context}]) == move


def test_blackjack_always_hitting_busts_every_hand_and_scores_0():
    # hitting on 21 busts too, so the hit-forever player cannot stall: every hand ends in a bust
    episode = play("ta_blackjack", [lambda context: "[Hit]"])
    assert episode.interactions["hands"] == {"win": 0, "lose": 5, "draw": 0, "hands": 5}
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Hands Lost"] == 100
    assert blackjack_results(contexts_text(episode)) == ["bust"] * 4


def test_blackjack_reply_without_hit_or_stand_twice_is_aborted():
    episode = play("ta_blackjack", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


def test_blackjack_redeals_are_the_same_sequential_and_batched(tmp_path):
    # TextArena re-deals each hand in step() from the global RNG: the episode's own RNG makes them reproducible
    first_two = lambda row: row["game_instance"]["game_id"] < 2  # noqa: E731
    runs = [load_episode_files(run_in_process("ta_blackjack", tmp_path / f"b{size}", [mock_model()], first_two,
                                              batch_size=size), "interactions.json") for size in (1, 2)]
    assert len(runs[0]) == 4 and runs[0] == runs[1]
