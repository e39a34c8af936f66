"""Card games (Blackjack, Set, Ultimate Texas Hold'em) and 2048 played end to end: the programmatic experts,
hand-computed losing lines, format breakers, stalling players and the TextArena 0.7.4 workarounds."""
import math
import re

import pytest
import textarena as ta

from conftest import (assert_outcome, benchmark, instance_of, load_episode_files, mock_model, play, run_in_process, scripted,
                      ta_player)
from ta_players import reply


def instance_with_seed(game: str, seed: int, experiment: str = "default") -> dict:
    """The shipped instance 0 of the experiment played with another seed, recorded as the generator does."""
    exp, instance = instance_of(game, experiment)
    with benchmark(game) as game_benchmark:
        game_master = game_benchmark.create_game_master(exp, [mock_model()])
        game_master.setup(**{**instance, "seed": seed})
        game_master.start()
        return {**instance, "seed": seed, **game_master.record()}


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


# --- Set ---

def set_board(context: str) -> list[list[str]]:
    block = context.rsplit("=== BOARD ===", 1)[1]
    return [card.split() for card in re.findall(r"^\d+: (.+)$", block, re.MULTILINE)]


def is_set(cards) -> bool:
    return all(len({card[attribute] for card in cards}) in (1, 3) for attribute in range(4))


def triples(board, want_set: bool) -> list[str]:
    return [f"[{a + 1}, {b + 1}, {c + 1}]" for a in range(len(board)) for b in range(a + 1, len(board))
            for c in range(b + 1, len(board)) if is_set((board[a], board[b], board[c])) == want_set]


def test_set_expert_finds_a_set_every_turn_and_scores_100():
    episode = play("ta_set", [ta_player("expert")], game_id=5)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Sets Found"] == 20
    assert episode.scores["Request Count"] == 20 and episode.scores["Violated Request Count"] == 0


def test_set_one_set_then_nineteen_misses_scores_5():
    # the player reads the board: a Set on the first turn, then a non-Set every turn until the 20 turns are used
    seen = []

    def policy(context):
        seen.append(context)
        return triples(set_board("\n".join(seen)), want_set=len(seen) == 1)[0]
    episode = play("ta_set", [policy])
    assert episode.interactions["sets"] == {"found": 1, "turns": 20, "of": 20}
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 5 and episode.scores["Request Count"] == 20


def test_set_reply_without_a_card_list_twice_is_aborted():
    episode = play("ta_set", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"]) and episode.scores["Request Count"] == 2


def test_set_picking_a_card_twice_is_an_invalid_move_not_a_set():
    # TextArena 0.7.4 counts [1, 1, 1] as a Set (and then drops cards 1-3 from the board)
    env = ta.make("Set-v0-raw")
    env.reset(num_players=1, seed=0)
    env.step("[1, 1, 1]")
    assert env.state.game_state["score"] == 1
    episode = play("ta_set", [scripted(["[1, 1, 1]", "[2, 2, 5]"])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Violated Request Count"] == 2
    assert "Pick three different cards" in episode.interactions["end reason"]


def test_set_board_shown_always_holds_a_set():
    # TextArena 0.7.4 shows seed 29's 12 opening cards although they hold no Set, and deals 3 more only after the
    # player's move was made; the game master deals them before the board is shown
    env = ta.make("Set-v0-raw")
    env.reset(num_players=1, seed=29)
    assert len(env.state.game_state["board"]) == 12 and not triples(env.state.game_state["board"], True)
    episode = play("ta_set", [ta_player("expert")], instance=instance_with_seed("ta_set", 29))
    opening = set_board(episode.contexts[0][1]["content"])
    # seed 29's first 15 cards hold no Set either: two deals before the first board is shown
    assert episode.contexts[0][1]["content"].count("Dealt 3 additional cards") == 2
    assert opening[:12] == [list(card) for card in env.state.game_state["board"]] and len(opening) == 18
    for _, context in episode.contexts:
        assert triples(set_board(context["content"]), True)
