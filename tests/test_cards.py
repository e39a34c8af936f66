"""Card games (Blackjack, Set, Ultimate Texas Hold'em, Klondike) and 2048 played end to end: the programmatic experts,
hand-computed losing lines, format breakers, stalling players and the TextArena 0.7.4 workarounds."""

import copy
import math
import random
import re
import sys
from pathlib import Path

import pytest
import textarena as ta
from branching_pass import load_episodes

import fixes
import runtime.availability
import support
from runtime.availability import unavailable_reason
from support import (
    assert_outcome,
    benchmark,
    instance_of,
    mock_model,
    play,
    run_in_process,
    scripted,
    spec_of,
    ta_player,
)
from ta_players import cards as card_players
from ta_players import reply


def instance_variant(game: str, experiment: str = "default", **changes) -> dict:
    """The shipped instance 0 of the experiment with other values (seed, env_kwargs), recorded as the generator
    does."""
    exp, instance = instance_of(game, experiment)
    instance = {**instance, **changes}
    with benchmark(game) as game_benchmark:
        game_master = game_benchmark.create_game_master(exp, [mock_model()])
        game_master.setup(**instance)
        game_master.start()
        return {**instance, **game_master.record()}


def announced(pattern: str, episode) -> list[str]:
    """What the contexts announced per numbered hand or round (`pattern` captures the number and the announcement),
    in order: a bounded view repeats an announcement in every context its window reaches, so each counts once."""
    found = {}
    for _, context in episode.contexts:
        found.update(re.findall(pattern, context["content"]))
    return [found[number] for number in sorted(found, key=int)]


# --- Blackjack ---


def blackjack_results(episode) -> list[str]:
    """The outcome TextArena announced for each hand (win, lose, draw or bust)."""
    return announced(r"Hand (\d+): you (\w+)\.", episode)


@pytest.mark.parametrize("experiment, hands", [("default", 5), ("long", 15)])
def test_blackjack_expert_score_is_the_share_of_hands_won_with_half_the_pushes(experiment, hands):
    episode = play("ta_blackjack", [ta_player("expert")], experiment=experiment, game_id=1)
    # the last hand's result arrives with the game's end, after the last context: it is in the final record
    results = blackjack_results(episode)
    logged = episode.interactions["hands"]
    assert len(results) == hands - 1 and logged["hands"] == hands
    assert logged["win"] + logged["lose"] + logged["draw"] == hands
    assert logged["win"] >= results.count("win") and logged["draw"] >= results.count("draw")
    assert episode.scores["Main Score"] == pytest.approx(100 * (logged["win"] + 0.5 * logged["draw"]) / hands)
    assert_outcome(episode.scores, "Success" if logged["win"] > logged["lose"] else "Lose")
    assert episode.scores["Violated Request Count"] == 0


@pytest.mark.parametrize(
    "hand, dealer, move",
    [
        ("10♠, 6♥ (Score: 16)", "10♦", "[Hit]"),
        ("10♠, 6♥ (Score: 16)", "6♦", "[Stand]"),
        ("10♠, 2♥ (Score: 12)", "3♦", "[Hit]"),
        ("10♠, 2♥ (Score: 12)", "4♦", "[Stand]"),
        ("A♠, 7♥ (Score: 18)", "9♦", "[Hit]"),
        ("A♠, 7♥ (Score: 18)", "8♦", "[Stand]"),
        ("A♠, 6♥ (Score: 17)", "2♦", "[Hit]"),
        ("A♠, 6♥, 10♣ (Score: 17)", "A♦", "[Stand]"),
        ("5♠, 6♥ (Score: 11)", "A♦", "[Hit]"),
        ("K♠, Q♥ (Score: 20)", "A♦", "[Stand]"),
    ],
)
def test_blackjack_expert_plays_basic_strategy(hand, dealer, move):
    context = (
        f"You are playing Blackjack against the dealer.\n\n[GAME] Hand 1/5\nYour hand: {hand}\n"
        f"Dealer shows: {dealer}"
    )
    assert reply("expert", [{"role": "user", "content": context}]) == move


def test_blackjack_always_hitting_busts_every_hand_and_scores_0():
    # hitting on 21 busts too, so the hit-forever player cannot stall: every hand ends in a bust
    episode = play("ta_blackjack", [lambda context: "[Hit]"])
    assert episode.interactions["hands"] == {"win": 0, "lose": 5, "draw": 0, "hands": 5}
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Hands Lost"] == 100
    assert blackjack_results(episode) == ["bust"] * 4


def test_blackjack_reply_without_hit_or_stand_twice_is_aborted():
    episode = play("ta_blackjack", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


def test_blackjack_redeals_are_the_same_sequential_and_batched(tmp_path):
    # TextArena re-deals each hand in step() from the global RNG: the episode's own RNG makes them reproducible
    first_two = lambda row: row["game_instance"]["game_id"] < 2  # noqa: E731
    runs = [
        load_episodes(
            run_in_process("ta_blackjack", tmp_path / f"b{size}", [mock_model()], first_two, batch_size=size),
            "interactions.json",
        )
        for size in (1, 2)
    ]
    assert len(runs[0]) == 4 and runs[0] == runs[1]


# --- Set ---


def set_board(context: str) -> list[list[str]]:
    block = context.rsplit("=== BOARD ===", 1)[1]
    return [card.split() for card in re.findall(r"^\d+: (.+)$", block, re.MULTILINE)]


def is_set(cards) -> bool:
    return all(len({card[attribute] for card in cards}) in (1, 3) for attribute in range(4))


def triples(board, want_set: bool) -> list[str]:
    return [
        f"[{a + 1}, {b + 1}, {c + 1}]"
        for a in range(len(board))
        for b in range(a + 1, len(board))
        for c in range(b + 1, len(board))
        if is_set((board[a], board[b], board[c])) == want_set
    ]


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
    episode = play("ta_set", [ta_player("expert")], instance=instance_variant("ta_set", seed=29))
    opening = set_board(episode.contexts[0][1]["content"])
    # seed 29's first 15 cards hold no Set either: two deals before the first board is shown
    assert episode.contexts[0][1]["content"].count("Dealt 3 additional cards") == 2
    assert opening[:12] == [list(card) for card in env.state.game_state["board"]] and len(opening) == 18
    for _, context in episode.contexts:
        assert triples(set_board(context["content"]), True)


# --- Ultimate Texas Hold'em (TextArena's module needs Python >= 3.12) ---

needs_312 = pytest.mark.skipif(sys.version_info < (3, 12), reason="TextArena's UltimateTexasHoldem needs Python 3.12")


def test_ultimate_texas_holdem_is_reported_unavailable_before_python_312():
    reason = unavailable_reason(spec_of("ta_ultimate_texas_holdem"))
    if sys.version_info >= (3, 12):
        assert reason is None
    else:
        assert "is unavailable on Python 3.11" in reason and "needs Python >= 3.12" in reason


def uth_nets(episode) -> list[int]:
    return [int(net) for net in announced(r"Round (\d+) completed! Net (?:gain: \+|loss: )\$(-?\d+)", episode)]


@needs_312
@pytest.mark.parametrize("experiment, rounds", [("10_rounds", 10), ("30_rounds", 30)])
def test_ultimate_texas_holdem_expert_plays_every_round_and_scores_its_net_chips(experiment, rounds):
    episode = play("ta_ultimate_texas_holdem", [ta_player("expert")], experiment=experiment)
    chips = episode.interactions["chips"]
    assert chips["rounds completed"] == rounds and episode.scores["Request Count"] == 3 * rounds
    # every round's net but the last is announced in a context; the last comes with the end of the game
    nets = uth_nets(episode)
    assert len(nets) == rounds - 1
    last = chips["final"] - 1000 - sum(nets)
    assert -150 <= last <= 25 * 500 + 25 + 100
    assert episode.scores["Main Score"] == pytest.approx(min(100, max(0, 50 + 50 * (chips["final"] - 1000) / 1000)))
    assert episode.scores["Net Chips"] == chips["final"] - 1000
    assert_outcome(episode.scores, "Success" if chips["final"] > 1000 else "Lose")


@needs_312
def test_ultimate_texas_holdem_checking_and_folding_loses_50_a_round_over_all_10_rounds():
    # TextArena 0.7.4 alone would end the game at round 10's first move, after 28 requests, with round 10's ante
    # and blind taken: the game master plays all 10 rounds
    episode = play(
        "ta_ultimate_texas_holdem", [scripted(["[check]", "[check]", "[fold]"] * 10)], experiment="10_rounds"
    )
    assert episode.interactions["chips"] == {"start": 1000, "final": 500, "rounds": 10, "rounds completed": 10}
    assert uth_nets(episode) == [-50] * 9
    assert episode.scores["Request Count"] == 30 and episode.scores["Main Score"] == 25
    assert_outcome(episode.scores, "Lose")
    assert "completed 10 rounds with $500 chips" in episode.interactions["end reason"]


@needs_312
def test_ultimate_texas_holdem_out_of_chips_ends_at_the_showdown():
    # 50 chips pay one round's ante and blind; TextArena 0.7.4 would wait for a fourth reply to end the game
    instance = instance_variant(
        "ta_ultimate_texas_holdem", "10_rounds", env_kwargs={"max_turns": 10, "start_chips": 50, "ante_amount": 25}
    )
    episode = play(
        "ta_ultimate_texas_holdem", [scripted(["[check]", "[check]", "[fold]"])], "10_rounds", instance=instance
    )
    assert episode.interactions["chips"] == {"start": 50, "final": 0, "rounds": 10, "rounds completed": 1}
    assert episode.scores["Request Count"] == 3 and episode.scores["Main Score"] == 0
    assert_outcome(episode.scores, "Lose")
    assert "ran out of chips in round 1" in episode.interactions["end reason"]


@needs_312
def test_ultimate_texas_holdem_format_breaker_is_aborted_on_the_second_reply():
    # TextArena 0.7.4 reports the invalid-move loss one reply late; the game master ends the game on it
    episode = play("ta_ultimate_texas_holdem", [ta_player("format-breaker")], "10_rounds")
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


@needs_312
def test_ultimate_texas_holdem_valid_move_clears_the_invalid_move_warning():
    # TextArena 0.7.4 alone keeps the warning after the valid move, so the second [fold] would lose the game
    replies = ["[fold]", "[check]", "[fold]", "[check]", "[fold]"] + ["[check]", "[check]", "[fold]"] * 9
    episode = play("ta_ultimate_texas_holdem", [scripted(replies)], "10_rounds")
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Violated Request Count"] == 2 and episode.scores["Request Count"] == 32
    assert episode.interactions["chips"]["final"] == 500


@needs_312
def test_textarena_ultimate_texas_holdem_defects_the_game_master_works_around():
    env = ta.make("UltimateTexasHoldem-v0-raw", max_turns=2)
    env.reset(num_players=1, seed=0)
    for action in ["[check]", "[check]", "[fold]"]:
        assert env.step(action)[0] is False
    # round 2 is dealt (its ante and blind taken), then its first move ends the game unplayed
    assert env.state.game_state["current_round"] == 2 and env.state.game_state["chips"] == 900
    assert env.step("[check]")[0] is True and env.state.game_state["current_phase"] == "pre_flop"
    env = ta.make("UltimateTexasHoldem-v0-raw")
    env.reset(num_players=1, seed=0)
    assert env.step("no")[0] is False and env.step("no")[0] is False  # the second invalid move lost the game...
    assert env.state.done and env.step("[check]")[0] is True  # ...which the next reply reveals


# --- Klondike (this project's env around TextArena's engine: envs/klondike.py) ---

KLONDIKE_DIR = Path(ta.__file__).parent / "envs" / "Klondike"


def klondike_env(seed: int, **kwargs):
    env = fixes.make("Klondike-v0-raw", **kwargs)
    env.reset(num_players=1, seed=seed)
    return env


def klondike_board(env) -> str:
    return [message for _, message, kind in env.state.observations[0] if kind == ta.ObservationType.GAME_BOARD][-1]


def test_textarena_klondike_env_does_not_compile_and_its_package_cannot_be_imported():
    with pytest.raises(SyntaxError) as error:
        compile((KLONDIKE_DIR / "env.py").read_text(encoding="utf-8"), "env.py", "exec")
    assert error.value.lineno == 119
    # the package's __init__ imports env.py, so the engine cannot be imported by its name either
    with pytest.raises(SyntaxError):
        __import__("textarena.envs.Klondike.klondike")


def test_klondike_stand_in_deals_textarenas_deal_without_touching_the_process_rng():
    from envs import klondike

    env = fixes.make("Klondike-v0-raw")
    assert isinstance(env, klondike.KlondikeEnv) and (env.max_turns, env.draw_count) == (200, 1)
    before = random.getstate()
    env.reset(num_players=1, seed=2268482739)
    assert random.getstate() == before
    # TextArena's own constructor seeds and shuffles with the process-wide random: the same deal
    textarena_game = klondike.engine.KlondikeGame(seed=2268482739, draw_count=1)
    random.setstate(before)
    assert env.state.game_state["deal"] == [klondike.card_name(card) for card in textarena_game.deck]
    assert [[(str(card), up) for card, up in pile] for pile in env.klondike.tableau] == [
        [(str(card), up) for card, up in pile] for pile in textarena_game.tableau
    ]


def test_klondike_turn_limit_holds_for_moves_the_rules_forbid():
    # TextArena's env.py counts such a move as a turn but checks the limit only after legal moves (:85, :119)
    env = klondike_env(2268482739, max_turns=3)
    for turn in range(3):
        done, _ = env.step("[move T1 F2]")  # the Q♥ onto an empty foundation
        assert done == (turn == 2)
    rewards, game_info = env.close()
    assert rewards == {0: 0} and not game_info[0]["invalid_move"]
    assert game_info[0]["reason"] == "Game over! You reached the maximum of 3 turns. Score: 0 cards in foundations."


def test_klondike_board_follows_a_list_of_commands_that_fails_halfway():
    # TextArena's env.py shows the board again only after lists that succeed whole (:129-130)
    env = klondike_env(2268482739)
    assert env.step("[move T4 F1, move T1 F2, draw]") == (False, {})
    messages = [message for _, message, kind in env.state.observations[0] if kind == ta.ObservationType.GAME_MESSAGE]
    assert messages[-1] == (
        "Moved A♦ from T4 to F1.\nCommand 2 (move T1 F2) failed: Q♥ cannot go on F2 (empty: only "
        "an Ace). The 1 command(s) after it were skipped."
    )
    board = klondike_board(env)
    assert "turn 1 of 200 played, 1 of 52 cards on the foundations" in board
    assert "F1: A♦" in board and "T4: XX XX 5♦" in board and "Stock (24 cards, next first)" in board


def test_klondike_board_shows_the_waste_and_the_stock_cards_already_seen():
    env = klondike_env(2268482739)
    env.step("[" + ", ".join(["draw"] * 25) + "]")  # the 24 cards of the stock, then the waste turned over
    board = klondike_board(env)
    assert "Waste (W, 1 card, top last): 10♣" in board
    assert "Stock (23 cards, next first): 9♦ J♣ J♦ Q♦ 7♠" in board and "XX" not in board.split("\n")[1]


def test_a_copied_klondike_game_plays_on_by_itself():
    env = klondike_env(2268482739)
    env.step("[move T4 F1, draw]")
    copied = copy.deepcopy(env)
    for game in (env, copied):
        game.step("[draw, draw]")
    assert klondike_board(env) == klondike_board(copied)
    copied.step("[forfeit]")
    assert copied.state.done and not env.state.done and klondike_board(env) == klondike_board(copied)


def test_klondike_engine_whose_hash_is_not_textarenas_is_not_loaded(tmp_path, monkeypatch):
    from envs import klondike

    changed = tmp_path / "klondike.py"
    changed.write_text(klondike.ENGINE.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    with pytest.raises(klondike.EngineMismatchError) as error:
        klondike.load_engine(changed)
    message = str(error.value)
    assert "\n" not in message and "is not textarena 0.7.4's" in message and "install textarena==0.7.4" in message
    # such an engine makes the game unavailable in one line, as a missing NLTK corpus does
    real_import = runtime.availability.importlib.import_module

    def import_module(name, *args):
        if name == "envs.klondike":
            raise klondike.EngineMismatchError(message, name=klondike.ENGINE_MODULE)
        return real_import(name, *args)

    monkeypatch.setattr(runtime.availability.importlib, "import_module", import_module)
    assert unavailable_reason(spec_of("ta_klondike")) == f"ta_klondike is unavailable here: {message}"


def test_klondike_deal_without_a_win_found_is_never_an_instance():
    # seed 28's deal: the search (knowing every card) runs out of moves without a win
    exp, instance = instance_of("ta_klondike")
    with benchmark("ta_klondike") as game_benchmark:
        game_master = game_benchmark.create_game_master(exp, [mock_model()])
        game_master.setup(**{**instance, "seed": 28})
        game_master.start()
        reason = game_master.unplayable_reason()
    assert re.fullmatch(r"no win found: a search knowing every card tried all \d+ positions its moves reach", reason)


def test_klondike_expert_wins_a_deal_and_scores_100():
    episode = play("ta_klondike", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["foundations"]["cards"] == 52 and episode.scores["Main Score"] == 100
    assert episode.scores["Violated Request Count"] == 0
    assert episode.interactions["end reason"] == "Congratulations! You've won Klondike Solitaire!"


def test_klondike_forfeit_after_one_card_scores_one_card_in_52():
    # instance 0 opens with the A♦ on T4; 9♦ (the second card drawn) does not go on T3's 5♠: a rule broken, a turn
    episode = play("ta_klondike", [scripted(["[move T4 F1, draw, draw]", "[move W T3]", "[forfeit]"])])
    assert "Drew 10♣.\nDrew 9♦." in episode.contexts[1][1]["content"]
    assert "Command 1 (move W T3) failed: 9♦ cannot go on T3" in episode.contexts[2][1]["content"]
    assert episode.interactions["foundations"] == {"cards": 1, "of": 52, "turns": 3, "max turns": 200}
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 / 52)
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 0
    assert episode.interactions["end reason"] == "Game forfeited. Final score: 1 cards in foundations."


def test_klondike_player_breaking_a_rule_every_turn_loses_at_the_200th_turn():
    episode = play("ta_klondike", [lambda context: "[move T1 F2]"])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 200 and episode.scores["Violated Request Count"] == 0
    assert episode.scores["Main Score"] == 0
    assert "maximum of 200 turns" in episode.interactions["end reason"]


def test_klondike_reply_without_a_command_six_times_in_a_row_is_aborted():
    # TextArena's Klondike warns five invalid moves in a row (error_allowance=5, env.py:30); the sixth ends the game
    episode = play("ta_klondike", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 6 and episode.scores["Violated Request Count"] == 6


def test_klondike_expert_chains_known_moves_and_draws_to_the_first_playable_card():
    board = (
        "=== KLONDIKE: turn 30 of 200 played, 1 of 52 cards on the foundations ===\n"
        "Stock (2 cards, next first): 9♠ XX\nWaste (W, 3 cards, top last): 4♣ 2♦ 7♥\n"
        "Foundations (top card): F1: A♦  F2: --  F3: --  F4: --\nTableau (bottom to top):\n"
        "T1: K♠\nT2: XX Q♣\nT3: XX XX 5♠\nT4: 2♣\nT5: XX K♣\nT6: XX 3♥\nT7: XX 10♥"
    )
    context = "You are playing Klondike solitaire.\n\n" + board
    # nothing to a foundation, no run turns a card up: the 9♠ goes on the 10♥ after one draw
    assert reply("expert", [{"role": "user", "content": context}]) == "[draw, move W T7]"
    # with the 2♦ on top of the waste: it goes to F1, then the 7♥ is known and waits for the draw
    context = context.replace("4♣ 2♦ 7♥", "4♣ 7♥ 2♦")
    assert reply("expert", [{"role": "user", "content": context}]) == "[move W F1, draw, move W T7]"
    # nothing in the stock and waste fits and no card is unseen: the expert gives up
    context = context.replace("9♠ XX", "9♥ 8♥").replace("4♣ 7♥ 2♦", "4♣ 7♥ 6♦")
    assert reply("expert", [{"role": "user", "content": context}]) == "[forfeit]"


# --- 2048 ---


def board_2048(context: str) -> list[list[int]]:
    rows = re.findall(r"^\|(.*)\|$", context.rsplit("Points from merged tiles:", 1)[1], re.MULTILINE)
    return [[0 if cell == "." else int(cell) for cell in row.split()] for row in rows]


def test_2048_expert_reaches_the_target_and_scores_100():
    episode = play("ta_2048", [ta_player("expert")], "super-easy")
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["tiles"] == {"max": 128, "target": 128}
    assert episode.scores["Main Score"] == 100 and episode.scores["Violated Request Count"] == 0
    assert episode.scores["Request Count"] == len(episode.contexts)


def merge_left(row: list[int]) -> list[int]:
    tiles, merged = [tile for tile in row if tile], []
    while tiles:
        if len(tiles) > 1 and tiles[0] == tiles[1]:
            merged.append(2 * tiles[0])
            del tiles[:2]
        else:
            merged.append(tiles.pop(0))
    return merged + [0] * (len(row) - len(merged))


def slid(board: list[list[int]], direction: str) -> list[list[int]]:
    transposed = direction in ("Up", "Down")
    lines = [list(line) for line in zip(*board)] if transposed else board
    reverse = direction in ("Right", "Down")
    lines = [merge_left(line[::-1])[::-1] if reverse else merge_left(line) for line in lines]
    return [list(line) for line in zip(*lines)] if transposed else lines


def first_move(board, order=("Up", "Left", "Down", "Right"), changing=True) -> str | None:
    return next((f"[{d}]" for d in order if (slid(board, d) != board) == changing), None)


def test_2048_players_slide_boards_by_the_rules_in_the_order_of_their_directions():
    rng = random.Random(0)
    for _ in range(200):
        size = rng.randint(2, 7)
        board = [[rng.choice([0, 0, 2, 2, 4, 8]) for _ in range(size)] for _ in range(size)]
        expected = [tuple(map(tuple, slid(board, d))) for d in card_players.DIRECTIONS]
        assert list(card_players._slides(tuple(map(tuple, board)))) == expected


def test_2048_board_full_is_a_loss_scored_by_the_doubling_progress():
    # on 3x3 the first of Up, Left, Down, Right that changes the board soon fills it
    episode = play("ta_2048", [lambda context: first_move(board_2048(context))], "3x3")
    assert_outcome(episode.scores, "Lose")
    assert "No moves left. Max tile 16" in episode.interactions["end reason"]
    assert episode.interactions["tiles"] == {"max": 16, "target": 2048}
    assert episode.scores["Main Score"] == pytest.approx(100 * 3 / 10)  # 2 -> 16 is 3 of the 10 doublings to 2048


def test_2048_a_move_that_changes_nothing_is_warned_and_twice_in_a_row_aborts():
    # instance 0 of ultra-easy opens with both tiles in the right column: [Right] moves nothing
    _, instance = instance_of("ta_2048", "ultra-easy")
    assert [row[-1] for row in instance["content"]["board"]][:2] == [2, 2] and all(
        tile == 0 for row in instance["content"]["board"] for tile in row[:-1]
    )
    # the warned [Right] uses no turn; two [Left]s move the tiles into a full left column (the second spawn lands
    # there), so the next two [Left]s change nothing
    episode = play("ta_2048", [scripted(["[Right]", "[Left]", "[Left]", "[Left]", "[Left]"])], "ultra-easy")
    assert board_2048(episode.contexts[3][1]["content"]) == [[2, 0, 0, 0]] * 4
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 5 and episode.scores["Violated Request Count"] == 3
    assert "Board did not change" in episode.interactions["end reason"]


def test_2048_format_breaker_is_aborted():
    episode = play("ta_2048", [ta_player("format-breaker")], "ultra-easy")
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


def test_2048_stalling_player_is_stopped_by_the_request_cap():
    # a move that changes nothing between real moves is only ever warned and TextArena has no turn limit: the cap
    # ends the game, a loss scored by the largest tile
    boards = []

    def policy(context):
        if "Points from merged tiles:" in context:
            boards.append(board_2048(context))
        stall = first_move(boards[-1], changing=False) if "attempted an invalid move" not in context else None
        return stall or first_move(boards[-1])

    episode = play("ta_2048", [policy], "10x10")
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 700 and 0 < episode.scores["Violated Request Count"] <= 350
    assert episode.interactions["end reason"] == "The episode reached its cap of 700 requests."
    tiles = episode.interactions["tiles"]
    assert max(map(max, boards[-1])) <= tiles["max"] < 2048
    assert episode.scores["Main Score"] == pytest.approx(100 * (math.log2(tiles["max"]) - 1) / 10)


def test_2048_tile_spawns_are_the_same_sequential_and_batched(tmp_path):
    # TextArena spawns tiles in step() from the global RNG: the episode's own RNG makes them reproducible
    first_two = lambda row: row["experiment"]["name"] == "default" and row["game_instance"]["game_id"] < 2  # noqa: E731
    runs = [
        load_episodes(
            run_in_process("ta_2048", tmp_path / f"b{size}", [mock_model()], first_two, batch_size=size),
            "interactions.json",
        )
        for size in (1, 2)
    ]
    assert len(runs[0]) == 2 and runs[0] == runs[1]


def test_2048_full_board_below_the_target_is_a_loss_even_when_textarena_rewards_it_1(monkeypatch):
    # TextArena 0.7.4 rewards a full board with 0.5 x score / (1.5 x the least score making the target)
    # + 0.5 x max tile / target, capped at 1: a high-scoring 2048 board gets 1, the reward of a win, at target 4096
    # (a board that full comes after the shipped cap of 700 requests: the game plays here under the cap of before)
    spec = support.spec_of("ta_2048")
    spec.max_requests = 1500
    monkeypatch.setattr(support, "spec_of", lambda game: copy.deepcopy(spec))
    env = ta.make("2048-v0-hard-raw")
    env.reset(num_players=1, seed=0)
    env.state.game_state.update(
        board=[[2048, 4, 8, 16], [4, 8, 16, 32], [8, 16, 32, 64], [16, 32, 64, 128]], score=23000
    )
    assert env._get_percentage_completion() == 1.0
    episode = play("ta_2048", [ta_player("expert")], "hard", game_id=1)
    assert episode.interactions["ta rewards"] == {"0": 1.0}
    assert episode.interactions["tiles"] == {"max": 2048, "target": 4096}
    assert "No moves left" in episode.interactions["end reason"]
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 * 10 / 11)
