"""Tabletop games between seats played end to end (TextArena 0.7.4): poker (Kuhn, Indian, Texas Hold'em), dice (Pig,
Liar's Dice), sealed bids (GOPS, Three-Player GOPS, High Society) and card games (Briscola, German Whist, Golf, Spite
and Malice). Per game: a scripted game with its outcome worked out by hand, the payoffs, the model's Main Score
against the references, a broken format aborting with the violating seat named, and the caps that stop stalls."""

import math
import re
import statistics
from collections.abc import Callable

import pytest
import textarena as ta

import fixes
from support import assert_outcome, assert_player_results, instance_of, play, scripted, spec_of, ta_player

RESULT_SCORES = {"win": 100, "draw": 50, "loss": 0}
# name: (experiment of the quick episodes, seats)
TABLETOP = {
    "ta_kuhn_poker": ("default", 2),
    "ta_indian_poker": ("default", 2),
    "ta_pig_dice": ("short", 2),
    "ta_game_of_pure_strategy": ("default", 2),
    "ta_three_player_gops": ("default", 3),
    "ta_liars_dice": ("small", 2),
    "ta_briscola": ("default", 2),
    "ta_golf": ("default", 2),
    "ta_spite_and_malice": ("default", 2),
    "ta_german_whist": ("default", 2),
    "ta_high_society": ("default", 2),
    "ta_poker": ("small", 2),
}


def first_offered(*moves: str, offer: str = "actions"):
    """A policy that plays the first of `moves` the context's last line naming the `offer` lists (as `'[move]'`),
    else the last of them."""

    def policy(context: str) -> str:
        offered = [line for line in context.splitlines() if offer in line][-1]
        for move in moves:
            if f"'{move}'" in offered:
                return move
        return moves[-1]

    return policy


@pytest.mark.parametrize("game", TABLETOP)
def test_the_models_main_score_against_the_random_reference_is_its_seats_result(game):
    experiment, seats = TABLETOP[game]
    for game_id in range(seats):
        episode = play(f"{game}_vs_random", [ta_player("random")], experiment, game_id)
        seat = episode.interactions["seats"][f"Player {game_id}"]
        assert episode.scores["Model Seat"] == game_id and not seat["reference"]
        assert episode.scores["Main Score"] == RESULT_SCORES[seat["result"]]
        assert episode.scores[seat["result"].capitalize()] == 1
        assert seat["how"] in ("rules", "turn limit"), seat


@pytest.mark.parametrize("game", TABLETOP)
def test_a_broken_format_aborts_and_names_the_violating_seat(game):
    experiment, seats = TABLETOP[game]
    for game_id in range(seats):
        episode = play(f"{game}_vs_random", [ta_player("format-breaker")], experiment, game_id)
        assert_outcome(episode.scores, "Aborted")
        assert math.isnan(episode.scores["Main Score"])
        assert episode.interactions["violating seats"] == [f"Player {game_id}"]
        assert episode.interactions["seats"][f"Player {game_id}"]["how"] == "own violation"


# --- Kuhn Poker ---


def test_kuhn_poker_the_starter_bets_and_the_other_folds_every_round():
    # Player 1 starts rounds 1 and 3, Player 0 round 2; each fold gives the bettor the antes' pot of 2 (+1 net)
    bet_or_fold = first_offered("[bet]", "[fold]")
    episode = play("ta_kuhn_poker", [bet_or_fold, bet_or_fold])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": -1,
        "Player 1": 1,
    }
    assert [name for name, _ in episode.contexts] == [
        "Player 1",
        "Player 0",
        "Player 0",
        "Player 1",
        "Player 1",
        "Player 0",
    ]
    assert episode.scores["Main Score"] == 100


def test_kuhn_poker_bets_never_enter_the_pot_in_textarena():
    """TextArena 0.7.4 defect K1 (kept, documented): a called bet still plays for a pot of 2, so the payoffs of
    three called showdowns are at most 3 chips."""
    bet_or_call = first_offered("[bet]", "[call]")
    episode = play("ta_kuhn_poker", [bet_or_call, bet_or_call])
    payoffs = [seat["payoff"] for seat in episode.interactions["seats"].values()]
    assert sum(payoffs) == 0 and abs(payoffs[0]) in (1, 3)
    assert "wins pot of 2 chips" in episode.contexts[-1][1]["content"]


def test_kuhn_poker_cannot_stall_its_longest_game_ends_by_the_rules():
    episode = play("ta_kuhn_poker", [ta_player("random"), ta_player("random")], "extreme")
    assert_outcome(episode.scores, "Success")
    assert sum(episode.interactions["Request Count"]) < spec_of("ta_kuhn_poker").max_requests


# --- Indian Poker ---


def test_indian_poker_the_starter_bets_one_and_the_other_folds_every_round():
    # 5 rounds, Player 1 starts rounds 1, 3 and 5: each fold gives the bettor a pot of 3 (+1 net)
    bet_or_fold = first_offered("[check]", "[fold]", offer="possible actions")
    bet_one = lambda context: "[bet 1]" if bet_or_fold(context) == "[check]" else "[fold]"
    episode = play("ta_indian_poker", [bet_one, bet_one])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": -1,
        "Player 1": 1,
    }
    assert len(episode.contexts) == 10


def test_indian_poker_every_round_waits_for_both_checks():
    """TextArena 0.7.4 kept `second_check` from the round before: the first check of rounds 2-5 went to showdown
    at once. The master clears it per round, so five check-check rounds take ten moves."""
    episode = play("ta_indian_poker", [lambda context: "[check]", lambda context: "[check]"])
    assert_outcome(episode.scores, "Success")
    assert len(episode.contexts) == 10
    assert sum(seat["payoff"] for seat in episode.interactions["seats"].values()) == 0


def test_indian_poker_a_seat_that_cannot_pay_the_next_ante_is_out():
    """TextArena 0.7.4 would take the ante from a seat with no chips, and then refuse even its [check] and [fold]
    (insufficient chips): the master ends the game when a seat cannot pay the next ante."""
    for game_id in range(10):
        cards = instance_of("ta_indian_poker", "default", game_id)[1]["content"]["player_cards"]
        if cards["0"] % 13 != cards["1"] % 13:
            break
    winner = 0 if cards["0"] % 13 > cards["1"] % 13 else 1
    # Player 1 opens round 1 with all its 99 chips (after the ante), Player 0 calls: the loser holds 0 chips
    episode = play("ta_indian_poker", [scripted(["[call]"]), scripted(["[bet 99]"])], game_id=game_id)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, *["win" if pid == winner else "loss" for pid in (0, 1)])
    assert episode.interactions["end reason"] == f"Player {1 - winner} cannot pay the ante of the next round (0 chips)."
    assert episode.interactions["seats"][f"Player {winner}"]["payoff"] == 100


# --- Pig ---


def test_pig_two_seats_that_always_hold_draw_at_the_turn_limit():
    # short: target 50, 25 turns; a hold banks the turn total (0 without a roll) and passes the turn
    hold = lambda context: "[hold]"
    episode = play("ta_pig_dice", [hold, hold], "short")
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert {seat["how"] for seat in episode.interactions["seats"].values()} == {"turn limit"}
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {0}
    # TextArena checks the limit when the turn passes, after the 26th move (turn counter 25 -> 26)
    assert episode.scores["Main Score"] == 100 and len(episode.contexts) == 26


def test_pig_the_hold_at_20_reference_beats_a_seat_that_always_holds():
    for game_id in (0, 1):
        episode = play("ta_pig_dice_vs_hold_at_20", [lambda context: "[hold]"], "short", game_id)
        assert episode.scores["Loss"] == 1 and episode.scores["Main Score"] == 0
        payoffs = {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()}
        assert payoffs[f"Player {game_id}"] == 0 and payoffs[f"Player {1 - game_id}"] > 0


# --- GOPS and Three-Player GOPS ---

FACES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def bids(order: str):
    """A policy that bids A, 2, 3, ... (`ascending`), K, Q, J, ... (`descending`) or the prize card (`prize`)."""
    played = []

    def policy(context: str) -> str:
        if order == "prize":
            face = [line for line in context.splitlines() if "Prize: " in line][-1].split("Prize: ")[1].split()[0]
        else:
            face = FACES[len(played)] if order == "ascending" else FACES[-1 - len(played)]
        played.append(face)
        return f"[{face}]"

    return policy


def test_gops_ascending_against_descending_bids():
    # instance 0's prizes: Q 9 8 7 10 3 J 2 6 K 4 A 5. Rounds 1-6: K..8 beat A..6, Player 1 wins 12+9+8+7+10+3 = 49;
    # round 7: 7 against 7, the J (11) carries over; rounds 8-13: 8..K beat 6..A, Player 0 wins (2+11)+6+13+4+1+5 = 42
    episode = play("ta_game_of_pure_strategy", [bids("ascending"), bids("descending")])
    assert episode.game_master.instance["content"]["prize_deck"] == [12, 9, 8, 7, 10, 3, 11, 2, 6, 13, 4, 1, 5]
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": 42,
        "Player 1": 49,
    }
    assert len(episode.contexts) == 26


def test_gops_matching_the_prize_on_both_sides_ties_every_round_and_draws():
    episode = play("ta_game_of_pure_strategy", [bids("prize"), bids("prize")])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {0}


def test_gops_bids_stay_sealed_until_both_seats_bid():
    reasoning = lambda context: "My secret plan: bid high now. [K]" if "Round 1/" in context else "[A]"
    episode = play("ta_game_of_pure_strategy", [reasoning, reasoning])
    assert not any("secret plan" in context["content"] for _, context in episode.contexts)


def test_three_player_gops_a_sole_high_bidder_wins_and_the_tied_seats_share_last_place():
    # instance 0's prizes: 6 8 J 4 9 Q 7 K 10 2 3 A 5. Player 2 bids K..8 and wins rounds 1-6 (6+8+11+4+9+12 = 50);
    # from round 7 Players 0 and 1 tie for the highest bid every round, so every later prize carries over unwon
    episode = play("ta_three_player_gops", [bids("ascending"), bids("ascending"), bids("descending")])
    assert episode.game_master.instance["content"]["prize_deck"][:6] == [6, 8, 11, 4, 9, 12]
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": 0,
        "Player 1": 0,
        "Player 2": 50,
    }


def test_three_player_gops_second_place_counts_as_a_draw():
    """TextArena rewards three distinct totals with +1, 0 and -1: the middle seat's result is a draw (50)."""
    for game_id in range(3):
        episode = play("ta_three_player_gops_vs_random", [ta_player("expert")], game_id=game_id)
        seats = episode.interactions["seats"]
        payoffs = sorted(seat["payoff"] for seat in seats.values())
        if len(set(payoffs)) == 3:
            middle = next(name for name, seat in seats.items() if seat["payoff"] == payoffs[1])
            assert seats[middle]["result"] == "draw"


def test_three_player_gops_ends_when_the_rounds_last_bidder_is_eliminated():
    """TextArena 0.7.4 would ask Player 0 to bid again in round 1, from the hand it had before its bid; the master
    ends the game at the elimination instead."""
    episode = play("ta_three_player_gops", [scripted(["[A]"]), scripted(["[A]"]), ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 2"]
    assert {name: (seat["result"], seat["how"]) for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": ("win", "opponent's violation"),
        "Player 1": ("win", "opponent's violation"),
        "Player 2": ("loss", "own violation"),
    }
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 1", "Player 2", "Player 2"]


# --- Liar's Dice ---


def test_liars_dice_a_bid_above_the_dice_on_the_table_loses_a_die_every_call():
    # small: 3 dice each; seven sixes among at most six dice is always false, so every call costs Player 0 a die
    episode = play("ta_liars_dice", [lambda context: "[Bid: 7, 6]", lambda context: "[Call]"], "small")
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": 0,
        "Player 1": 3,
    }
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 1"] * 3
    assert "Player 0 (the last bidder) loses one die." in episode.contexts[2][1]["content"]


def test_liars_dice_a_seat_sees_the_others_bids_but_not_their_reasoning():
    reasoning = lambda context: "I hold two fives, so [Bid: 7, 6]"
    episode = play("ta_liars_dice", [reasoning, lambda context: "[Call]"], "small")
    assert "[Player 0] [Bid: 7, 6]" in episode.contexts[1][1]["content"]
    assert not any("two fives" in context["content"] for _, context in episode.contexts)


def test_liars_dice_endless_raising_is_stopped_at_the_request_cap():
    raises = iter(range(1, 1000))
    raise_quantity = lambda context: f"[Bid: {next(raises)}, 6]"
    episode = play("ta_liars_dice", [raise_quantity, raise_quantity], "small")
    assert_outcome(episode.scores, "Lose")
    assert {seat["how"] for seat in episode.interactions["seats"].values()} == {"request cap"}
    assert sum(episode.interactions["Request Count"]) == spec_of("ta_liars_dice").max_requests


def test_liars_dice_the_state_a_seat_reads_last_holds_the_bid_it_has_to_beat():
    """TextArena 0.7.4 sends the board (the dice left, the seat's roll) only at a round's start (LiarsDice/env.py:
    41-43): the state a seat read last said a round had just begun, the bid to beat only in the messages above.
    Player 0 bids seven sixes, Player 1 calls: each of Player 1's contexts ends with the bid, its bidder and how to
    beat it; each of Player 0's, at a round's start, with TextArena's board and no bid."""
    episode = play("ta_liars_dice", [lambda context: "[Bid: 7, 6]", lambda context: "[Call]"], "small")
    for name, context in episode.contexts:
        board = context["content"].split("\n\n")[-1]
        assert re.match(r"(?:New round - )?Remaining dice: .*\nYour current Dice are: [\d, ]+", board), board
        if name == "Player 1":
            assert board.endswith(
                "\nCurrent bid: 7 of face 6, by Player 0. Beat it with '[Bid: quantity, face]': a higher quantity, "
                "a higher face (up to 6) or both, and neither lower; or call it with '[Call]'."
            )
        else:
            assert board.startswith("New round - ") and "Current bid" not in board
        # the prompt says which number is which, and that neither may fall
        assert (
            "as '[Bid: quantity, face]' ('[Bid: 3, 4]' bids that at least three of all the dice show 4)"
            in context["content"]
        )


def test_liars_dice_the_standing_bid_is_the_seats_own_after_an_invalid_move_and_in_four_seats():
    env = fixes.make("LiarsDice-v0", num_dice=5)
    env.reset(num_players=4, seed=0)
    for move in ("[Bid: 2, 3]", "[Bid: 3, 4]", "[Bid: 4, 2]"):  # the third lowers the face: refused, asked again
        env.step(move)
    queue = env.state.observations[2]
    sender, board, observation_type = queue[-1]
    assert observation_type == ta.ObservationType.GAME_BOARD and "Invalid bid" in queue[-2][1]
    assert board.startswith("Remaining dice: \tPlayer 0: 5; \tPlayer 1: 5; \tPlayer 2: 5; \tPlayer 3: 5\n")
    assert f"Your current Dice are: {', '.join(map(str, env.state.game_state['dice_rolls'][2]))}\n" in board
    assert "\nCurrent bid: 3 of face 4, by Player 1." in board


def test_liars_dice_with_four_seats_two_models_take_the_seats_in_turn_and_the_last_seat_with_dice_wins():
    # 4_seats: 5 dice each, so 21 sixes is always false. Seats 0 and 2 (the first model) bid it, seats 1 and 3 (the
    # second) call: each call costs the bidder a die and the next seat opens a new round. After five such rounds
    # seats 0 and 2 are out; seat 1 must open, calls with no bid standing, and is eliminated at its second try.
    episode = play("ta_liars_dice", [lambda context: "[Bid: 21, 6]", lambda context: "[Call]"], "4_seats")
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 1", "Player 2", "Player 3"] * 5 + [
        "Player 1",
        "Player 1",
    ]
    seats = episode.interactions["seats"]
    assert {name: seat["model"] for name, seat in seats.items()} == {
        "Player 0": "scripted0",
        "Player 1": "scripted1",
        "Player 2": "scripted0",
        "Player 3": "scripted1",
    }
    assert {name: (seat["result"], seat["payoff"]) for name, seat in seats.items()} == {
        "Player 0": ("loss", 0),
        "Player 1": ("loss", 0),
        "Player 2": ("loss", 0),
        "Player 3": ("win", 5),
    }
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert_outcome(episode.scores, "Aborted")


def test_liars_dice_with_four_seats_against_references_rounds_skip_eliminated_seats_and_only_the_winner_wins():
    for game_id in range(4):
        episode = play("ta_liars_dice_vs_random", [ta_player("random")], "4_seats", game_id)
        seats = episode.interactions["seats"]
        # TextArena 0.7.4 rewards the seat eliminated third with +1/3; the game is won by the last seat alone
        assert sorted(seat["result"] for seat in seats.values()) == ["loss", "loss", "loss", "win"]
        assert all((seat["payoff"] > 0) == (seat["result"] == "win") for seat in seats.values())
        model = seats[f"Player {game_id}"]
        assert episode.scores["Main Score"] == RESULT_SCORES[model["result"]]
        # a round ends when every seat still in the game has acted, so each round holds one move of the model, also
        # after other seats went out
        movers = [[event["from"] for event in turn if event["to"] == "GM"] for turn in episode.interactions["turns"]]
        assert all(round_.count(f"Player {game_id}") == 1 for round_ in movers)


# --- Briscola ---

BRISCOLA_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
BRISCOLA_POWER = {rank: power for power, rank in enumerate(["2", "4", "5", "6", "7", "J", "Q", "K", "3", "A"])}


def briscola_by_hand(content: dict, positions: dict) -> dict:
    """The card points of a two-seat Briscola game from an instance's deal, each seat playing the card at a fixed
    position of its hand (`positions[pid]`: 0 the first, -1 the last). Player 0 leads the first trick; the higher
    trump, else the higher card of the suit led, takes a trick; the trick's leader draws first (as TextArena does,
    `_deal_new_cards` runs before the winner becomes the leader), then the other seat."""
    trump = content["trump card"][-1]
    hands = {pid: list(content["hands"][f"Player {pid}"]) for pid in (0, 1)}
    deck, points, leader = list(content["draw order"]), {0: 0, 1: 0}, 0
    while hands[0]:
        (lead, first), (other, second) = [(pid, hands[pid].pop(positions[pid])) for pid in (leader, 1 - leader)]
        if second[-1] == first[-1]:
            winner = other if BRISCOLA_POWER[second[:-1]] > BRISCOLA_POWER[first[:-1]] else lead
        else:
            winner = other if second[-1] == trump else lead
        points[winner] += BRISCOLA_POINTS.get(first[:-1], 0) + BRISCOLA_POINTS.get(second[:-1], 0)
        for pid in (leader, 1 - leader):
            if deck:
                hands[pid].append(deck.pop(0))
        leader = winner
    return points


def briscola_last_card(context: str) -> str:
    hand = context.split("Your hand:")[-1].split("\n\n")[0]
    cards = re.findall(r"^  \d+\. ", hand, re.M)  # no backslash inside an f-string: Python 3.11 must parse it
    return f"[play {len(cards)}]"


def test_briscola_both_seats_play_their_first_card_every_trick():
    content = instance_of("ta_briscola")[1]["content"]
    assert content["trump card"] == "3♥" and content["hands"] == {
        "Player 0": ["Q♣", "A♠", "2♣"],
        "Player 1": ["3♦", "7♥", "5♣"],
    }
    # trick 1: Q♣ (Player 0 leads) against 3♦, which is no trump and not the suit led: Player 0 takes 3 + 10 points
    expected = briscola_by_hand(content, {0: 0, 1: 0})
    assert expected == {0: 48, 1: 72}
    first = lambda context: "[play 1]"
    episode = play("ta_briscola", [first, first])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": 48,
        "Player 1": 72,
    }
    assert len(episode.contexts) == 40 and episode.scores["Main Score"] == 100
    assert "Player 0 wins the trick with Q♣ and gains 13 points!" in episode.contexts[2][1]["content"]


def test_briscola_a_60_60_tie_is_a_draw():
    """TextArena 0.7.4 gives a 60-60 tie to Player 0 (`max()` over the seats, `Briscola/env.py:336`); the master
    ends it as a draw. In instance 1 Player 0 always playing its last card and Player 1 its first tie at 60."""
    content = instance_of("ta_briscola", game_id=1)[1]["content"]
    assert briscola_by_hand(content, {0: -1, 1: 0}) == {0: 60, 1: 60}
    episode = play("ta_briscola", [briscola_last_card, lambda context: "[play 1]"], game_id=1)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {60}
    assert episode.interactions["end reason"] == "Game Over! A draw: both players have 60 points."


def test_briscola_cannot_stall_every_move_plays_a_card():
    episode = play("ta_briscola", [ta_player("random"), ta_player("random")], game_id=2)
    assert_outcome(episode.scores, "Success")
    assert sum(episode.interactions["Request Count"]) == 40 < spec_of("ta_briscola").max_requests


def test_briscola_the_greedy_reference_beats_random_play():
    as_model = [
        play("ta_briscola_vs_random", [ta_player("expert")], game_id=game_id).scores["Main Score"]
        for game_id in range(10)
    ]
    assert statistics.mean(as_model) >= 60


# --- Golf ---


def golf_draw_and_discard(context: str) -> str:
    """Draws from the deck and discards the drawn card: the grid never changes."""
    return "[draw]" if "Your options: [draw], [take]" in context else "[discard]"


def test_golf_seats_that_only_draw_and_discard_run_the_deck_out_with_their_dealt_grids():
    # instance 0: Player 0 A♣ 10♠ 5♣ / A♠ Q♥ 10♦ -> columns A-A and 10-Q score 0, 5+10 = 15;
    # Player 1 J♠ 2♦ 8♠ / J♥ 6♦ 7♦ -> J-J 0, 2+6 = 8, 8+7 = 15: 23. The deck holds 39 cards: 39 turns of two
    # moves, then the 40th [draw] (Player 1's, seats alternating from Player 0) finds the deck empty and ends the game
    content = instance_of("ta_golf")[1]["content"]
    assert content["grids"] == {
        "Player 0": [["A♣", "10♠", "5♣"], ["A♠", "Q♥", "10♦"]],
        "Player 1": [["J♠", "2♦", "8♠"], ["J♥", "6♦", "7♦"]],
    }
    assert len(content["draw order"]) == 39
    episode = play("ta_golf", [golf_draw_and_discard, golf_draw_and_discard])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": 15,
        "Player 1": 23,
    }
    assert len(episode.contexts) == 79 and episode.contexts[-1][0] == "Player 1"
    assert episode.interactions["seats"]["Player 0"]["how"] == "rules"


def test_golf_an_equal_lowest_score_is_a_draw():
    """TextArena 0.7.4 gives equal scores to Player 0 (`min()` over the seats, `Golf/env.py:435`); the master ends
    the game as a draw. Instance 5: Player 0 takes the J♠ from the discard pile onto its hidden (2, 1), making its
    grid 6♦ 5♠ A♦ / J♠ 10♥ K♦ = 16 + 15 + 1 = 32, Player 1's dealt grid's score."""
    content = instance_of("ta_golf", game_id=5)[1]["content"]
    assert content["discard pile"] == ["J♠"] and content["grids"]["Player 0"][0] == ["6♦", "5♠", "A♦"]
    assert content["grids"]["Player 0"][1][1:] == ["10♥", "K♦"] and [2, 1] not in content["face up"]["Player 0"]
    first_moves = iter(["[take]", "[swap 2 1]"])
    take_first = lambda context: next(first_moves, None) or golf_draw_and_discard(context)
    episode = play("ta_golf", [take_first, golf_draw_and_discard], game_id=5)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {32}
    assert episode.interactions["end reason"] == "Game Over! A draw: both players have a score of 32 points."


def test_golf_taking_and_swapping_onto_a_face_up_card_is_stopped_at_the_request_cap():
    """The take/swap loop never ends the game: the discard pile is never empty after a swap, no card turns face up."""
    content = instance_of("ta_golf")[1]["content"]
    assert [1, 1] in content["face up"]["Player 0"] and [1, 3] in content["face up"]["Player 1"]
    episode = play(
        "ta_golf",
        [
            lambda context: "[take]" if "Your options" in context else "[swap 1 1]",
            lambda context: "[take]" if "Your options" in context else "[swap 1 3]",
        ],
    )
    assert_outcome(episode.scores, "Lose")
    assert {(seat["result"], seat["how"]) for seat in episode.interactions["seats"].values()} == {
        ("draw", "request cap")
    }
    assert sum(episode.interactions["Request Count"]) == spec_of("ta_golf").max_requests


def test_golf_the_greedy_reference_beats_random_play():
    as_model = [
        play("ta_golf_vs_random", [ta_player("expert")], experiment, game_id).scores["Main Score"]
        for experiment in ("default", "medium")
        for game_id in range(10)
    ]
    assert statistics.mean(as_model) >= 75


# --- Spite and Malice ---


def spite_never_play():
    """A policy that never plays a card: each turn it draws, then discards the first card of its hand to pile 0."""
    replies = []

    def policy(context: str) -> str:
        hand = re.findall(r"'(\w[♠♥♦♣])'", re.findall(r"^Hand: (\[.*\])$", context, re.M)[-1])
        reply = f"[discard {hand[0]} 0]" if replies and replies[-1] == "[draw]" and hand else "[draw]"
        replies.append(reply)
        return reply

    return policy


def test_spite_and_malice_seats_that_never_play_deadlock_with_full_payoff_piles_and_draw():
    """Both seats draw and discard one card a turn: turns 1-2 start with full hands, turns 3-48 take the stock's 46
    cards one each (two decks without tens: 96 cards, 40 in payoff piles, 10 in hands), and turns 49-56 empty the
    hands (Player 0's at turn 55, Player 1's at 56). Then neither seat has a card in hand nor one to play: TextArena's
    own deadlock (instance 1: no ace or king on a payoff pile's top, none on the last discards), 20 payoff cards
    each. TextArena 0.7.4 gives that tie to the seat on turn (defect S2); the master makes it a draw. 56 turns of
    [draw] and [discard]: 112 requests."""
    content = instance_of("ta_spite_and_malice", game_id=1)[1]["content"]
    assert len(content["draw order"]) == 46
    assert {pile[-1][0] for pile in content["payoff piles, top last"].values()} & {"A", "K"} == set()
    episode = play("ta_spite_and_malice", [spite_never_play(), spite_never_play()], game_id=1)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {20}
    assert len(episode.contexts) == 112 and episode.contexts[-1][0] == "Player 1"
    assert (
        episode.interactions["end reason"] == "Deadlock reached with tie! Both players have 20 cards remaining. A draw."
    )


def test_spite_and_malice_a_discard_hands_the_turn_to_the_next_seat_alone_in_the_moves_the_parser_reads():
    """TextArena 0.7.4 announced a discard to both seats (SpiteAndMalice/env.py:363-364): the discarding seat read
    "Player 1, you will go next. Please enter your action in the format [action card center_index]", a format that
    holds for `[play]` alone. The next seat alone reads the turn handed on, with the three moves; the moves written
    as the hint says are the moves TextArena plays."""
    env = fixes.make("SpiteAndMalice-v0")
    env.reset(num_players=2, seed=3)
    hand = list(env.players[0]["hand"])
    env.step(f"[discard {hand[0]} 2]")
    handed_on = (
        f"Player 0 discarded {hand[0]} to discard pile 2, which ends their turn. Player 1, it is your turn: [draw] "
        f"fills your hand up to 5 cards; [play <card> <center pile 0-3>] plays a card from your hand, your payoff "
        f"pile's top or one of your discard piles' tops; [discard <card in your hand> <your discard pile 0-3>] ends "
        f"your turn."
    )
    assert [message for _, message, _ in env.state.observations[1] if "discarded" in message] == [handed_on]
    assert not any("you will go next" in text or "your turn:" in text for _, text, _ in env.state.observations[0])
    # the moves as the hint writes them: a discard to one of the seat's own discard piles (pile 2 of Player 0's
    # holds a card, Player 1's pile 2 is empty) ends the turn
    assert env.state.current_player_id == 1
    env.step("[draw]")
    card = env.players[1]["hand"][0]
    env.step(f"[discard {card} 2]")
    assert env.players[1]["discard"][2] == [card] and env.state.current_player_id == 0
    assert not env.state.clem_invalid_moves


def test_spite_and_malice_a_play_that_names_no_card_is_an_invalid_play():
    """TextArena 0.7.4's move pattern takes `[play]` without card and pile and then fails at `int('')`
    (SpiteAndMalice/env.py:317, :340): the episode failed. It is an invalid play; the reply's draw is not played."""
    env = fixes.make("SpiteAndMalice-v0")
    env.reset(num_players=2, seed=3)
    hand = list(env.players[0]["hand"])
    done, _ = env.step("[draw] [play]")
    assert env.players[0]["hand"] == hand
    assert env.state.clem_invalid_moves == [
        "Invalid play. Player 0 played no card: a play is [play <card> <center pile 0-3>]."
    ]
    assert not done and env.state.current_player_id == 0


def test_spite_and_malice_each_seat_reads_its_own_discard_and_the_turn_handed_to_it():
    episode = play("ta_spite_and_malice", [spite_never_play(), spite_never_play()], game_id=1)
    for name, context in episode.contexts:
        seat = int(name.removeprefix("Player "))
        text = context["content"]
        assert "you will go next" not in text and "center_index" not in text
        assert f"Player {1 - seat}, it is your turn" not in text
        assert "finished their turn" not in text
    seat_1_first = episode.contexts[2][1]["content"]
    assert re.search(
        r"Player 0 discarded \S+ to discard pile 0, which ends their turn\. Player 1, it is your turn: ", seat_1_first
    )
    seat_0_third = episode.contexts[4][1]["content"]
    assert re.search(
        r"\[GAME\] You discarded \S+ to discard pile 0, which ends your turn \(moves after it in your reply are not "
        r"played\)\. Player 1 plays next\.",
        seat_0_third,
    )


def test_spite_and_malice_a_seat_stuck_on_its_turn_ends_the_game_by_the_payoff_piles():
    """TextArena 0.7.4 stalls (defect S1): with an empty hand, an empty stock and no card to play, a seat can only
    [draw], which does nothing. The master ends the game there: fewer payoff cards left wins. Two random seats
    (instance 0): Player 0 is stuck on its turn with 15 payoff cards left, Player 1 has 19, so Player 0 wins."""
    episode = play("ta_spite_and_malice", [ta_player("random"), ta_player("random")])
    assert_outcome(episode.scores, "Success")
    seats = episode.interactions["seats"]
    assert episode.interactions["end reason"].startswith("Deadlock reached! Player 0 has no card in hand, none to draw")
    assert {name: seat["payoff"] for name, seat in seats.items()} == {"Player 0": 15, "Player 1": 19}
    assert_player_results(episode.scores, "win", "loss")
    assert {seat["how"] for seat in seats.values()} == {"rules"}
    game_master = episode.game_master
    stuck = game_master.ta_env.players[0]
    assert not stuck["hand"] and not game_master.ta_env.deck and not game_master.ta_env._player_has_valid_moves(0)
    assert game_master.ta_env.state.current_player_id == 0


def test_spite_and_malice_drawing_forever_is_stopped_at_the_request_cap_and_decided_by_the_payoff_piles():
    # [draw] is always offered and does nothing with a full hand: the seat on turn never ends its turn
    draw = lambda context: "[draw]"
    episode = play("ta_spite_and_malice", [draw, draw])
    assert_outcome(episode.scores, "Lose")
    assert {(seat["result"], seat["how"], seat["payoff"]) for seat in episode.interactions["seats"].values()} == {
        ("draw", "request cap", 20)
    }
    assert sum(episode.interactions["Request Count"]) == spec_of("ta_spite_and_malice").max_requests
    # against a reference the model's turn never ends either; 20-20 at the cap is a draw
    episode = play("ta_spite_and_malice_vs_random", [draw], game_id=0)
    assert episode.interactions["seats"]["Player 0"]["how"] == "request cap"
    assert episode.scores["Main Score"] == 50


def test_spite_and_malice_at_the_cap_fewer_payoff_cards_left_wins():
    """A seat that plays what it can and then draws forever is stopped at the cap and judged by the payoff piles."""
    greedy_then_draw = ta_player("expert")
    calls = []

    def policy(context):
        calls.append(context)
        reply = greedy_then_draw(context)
        return "[draw]" if reply.startswith("[discard") and len(calls) > 20 else reply

    episode = play("ta_spite_and_malice", [policy, ta_player("random")])
    seats = episode.interactions["seats"]
    assert {seat["how"] for seat in seats.values()} == {"request cap"}
    left = {name: seat["payoff"] for name, seat in seats.items()}
    assert left["Player 0"] != left["Player 1"]
    winner = min(left, key=left.get)
    assert {name: seat["result"] for name, seat in seats.items()} == {
        name: "win" if name == winner else "loss" for name in seats
    }


def test_spite_and_malice_the_greedy_reference_beats_random_play():
    as_model = [
        play("ta_spite_and_malice_vs_random", [ta_player("expert")], game_id=game_id).scores["Main Score"]
        for game_id in range(10)
    ]
    assert statistics.mean(as_model) >= 75


# --- German Whist ---

WHIST_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HAND_CARD = r"^\s+(\d+)\. (\w+)([♠♥♦♣])"


def first_legal_card(context: str) -> str:
    """Plays the first card of the hand (TextArena's positions) that follows the trick's lead suit, if it can."""
    hand_block, trick_block = (
        context.split("Your hand:")[-1].split("Current trick:")
        if "Current trick:" in context.split("Your hand:")[-1]
        else (context.split("Your hand:")[-1], "")
    )
    hand = sorted((int(position), suit) for position, _, suit in re.findall(HAND_CARD, hand_block, re.M))
    lead = re.search(r"Player \d+: \w+([♠♥♦♣])", trick_block)
    follow = [position for position, suit in hand if lead and suit == lead.group(1)]
    return f"[play {(follow or [position for position, _ in hand])[0]}]"


def referee_first_legal_cards(hands: list[list[str]], stock: list[str]) -> dict[int, int]:
    """German Whist as its rules read, both seats playing their first legal card: the tricks each seat wins.
    Player 0 leads first; the winner leads next; while the stock lasts the winner draws the face-up card (the
    stock's top), the loser the one below it; new cards go to the end of the hand."""
    hands, stock = [list(hand) for hand in hands], list(stock)
    trump = stock[0][-1]
    power = lambda card: WHIST_RANKS.index(card[:-1])
    tricks, leader = {0: 0, 1: 0}, 0
    while hands[0] or hands[1]:
        lead_card = hands[leader].pop(0)
        follower = 1 - leader
        follow = [card for card in hands[follower] if card[-1] == lead_card[-1]]
        reply = follow[0] if follow else hands[follower][0]
        hands[follower].remove(reply)
        plays = {leader: lead_card, follower: reply}
        trumps = [pid for pid, card in plays.items() if card[-1] == trump]
        contenders = trumps or [pid for pid, card in plays.items() if card[-1] == lead_card[-1]]
        winner = max(contenders, key=lambda pid: power(plays[pid]))
        tricks[winner] += 1
        if stock:
            hands[winner].append(stock.pop(0))
            hands[1 - winner].append(stock.pop(0))
        leader = winner
    return tricks


def test_german_whist_first_legal_cards_on_both_sides_as_the_rules_play_out():
    for game_id in (0, 1):
        content = instance_of("ta_german_whist", "default", game_id)[1]["content"]
        assert content["stock"][0] == content["trump card"] and len(content["stock"]) == 26
        tricks = referee_first_legal_cards(content["hands"], content["stock"])
        episode = play("ta_german_whist", [first_legal_card, first_legal_card], game_id=game_id)
        assert_outcome(episode.scores, "Success")
        results = (
            ["draw"] * 2
            if tricks[0] == tricks[1]
            else ["win" if tricks[pid] > tricks[1 - pid] else "loss" for pid in (0, 1)]
        )
        assert_player_results(episode.scores, *results)
        assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
            "Player 0": tricks[0],
            "Player 1": tricks[1],
        }
        assert len(episode.contexts) == 52 and episode.scores["Main Score"] == 100


def test_german_whist_the_opening_trick_of_instance_0():
    # Player 0 holds A♦ first and leads it; Player 1 must follow with a diamond (10♦ at 3, J♦ at 4): its 6♠ at 1
    # is refused once (TextArena's one warning), then J♦ loses to the ace; Player 0 takes the face-up 8♣ (trumps),
    # Player 1 the hidden 5♣ below it, and K♥ is turned up; two out-of-range plays then end the game
    content = instance_of("ta_german_whist")[1]["content"]
    assert content["hands"][0][0] == "A♦" and content["hands"][1][:4] == ["6♠", "9♥", "10♦", "J♦"]
    assert content["trump card"] == "8♣"
    episode = play(
        "ta_german_whist", [scripted(["[play 1]", "[play 100]", "[play 100]"]), scripted(["[play 1]", "[play 4]"])]
    )
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    contexts = [context["content"] for _, context in episode.contexts]
    assert "You must follow suit (♦)" in contexts[2]
    assert "Player 0 wins the trick with A♦!" in contexts[3] and "You won the trick and received: 8♣" in contexts[3]
    assert "Next card for trick winner: K♥" in contexts[3] and "5♣" not in contexts[3]
    assert episode.game_master.secrets()[1][-1] == "    13. 5♣"


def test_german_whist_a_seat_sees_the_others_cards_played_but_not_their_reasoning():
    reasoning = lambda context: "I hold the ace of spades, " + first_legal_card(context)
    episode = play("ta_german_whist", [reasoning, first_legal_card])
    assert "[Player 0] [play 1]" in episode.contexts[1][1]["content"]
    assert not any("ace of spades" in context["content"] for _, context in episode.contexts)


def test_german_whist_cannot_stall_every_move_plays_a_card():
    episode = play("ta_german_whist", [ta_player("random"), ta_player("random")], game_id=1)
    assert_outcome(episode.scores, "Success")
    assert sum(episode.interactions["Request Count"]) == 52 < spec_of("ta_german_whist").max_requests


def test_german_whist_the_greedy_reference_beats_random_play():
    greedy = [
        play("ta_german_whist_vs_greedy", [ta_player("random")], game_id=game_id).scores["Main Score"]
        for game_id in range(10)
    ]
    random_ = [
        play("ta_german_whist_vs_random", [ta_player("random")], game_id=game_id).scores["Main Score"]
        for game_id in range(10)
    ]
    assert sum(greedy) / 10 <= sum(random_) / 10 - 30, (greedy, random_)


# --- High Society ---


def on_prestige_card(bid) -> Callable[[str], str]:
    """A policy that replies `bid(prestige card on auction)`: after a tie the context only says "Rebid!", so the
    policy keeps the card of the last auction announced."""
    auctions = []

    def policy(context: str) -> str:
        auctions.extend(int(card) for card in re.findall(r"Prestige card: (\d+)", context))
        return bid(auctions[-1])

    return policy


def test_high_society_prestige_alone_decides_as_the_prompt_now_says():
    """Player 0 bids the prestige card's value; Player 1 outbids it by one on 6-10 (7-11), underbids it on 2-5
    (1-4) and bids 5 on the 1, whatever the order: Player 1 wins 1 + 6..10 = 41 points paying 5+7+8+9+10+11 = 50,
    Player 0 wins 2..5 = 14 points paying 14. TextArena 0.7.4 counts prestige only (41 > 14: Player 1 wins), while
    its prompt promised cash + prestige (Player 0: 52 + 14 = 66 > Player 1: 16 + 41 = 57): the master rewrites the
    prompt's scoring lines (defect H1)."""
    outbid = on_prestige_card(lambda card: f"[{card + 1 if card >= 6 else card - 1 if card >= 2 else 5}]")
    episode = play("ta_high_society", [on_prestige_card(lambda card: f"[{card}]"), outbid])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": 14,
        "Player 1": 41,
    }
    assert len(episode.contexts) == 20 and episode.scores["Main Score"] == 100
    prompt = episode.contexts[0][1]["content"]
    assert "the higher total of prestige points wins" in prompt and "remaining cash" not in prompt
    # the first bidder alternates with each auction won
    assert [name for name, _ in episode.contexts[:6]] == [
        "Player 0",
        "Player 1",
        "Player 1",
        "Player 0",
        "Player 0",
        "Player 1",
    ]


def test_high_society_endless_ties_are_stopped_at_the_request_cap():
    """TextArena 0.7.4 re-auctions a tied card without limit (defect H2): two seats bidding the card's value tie
    on the first card for ever. The cap ends the game: a draw, Lose between models."""
    episode = play("ta_high_society", [on_prestige_card(lambda card: f"[{card}]") for _ in range(2)])
    assert_outcome(episode.scores, "Lose")
    assert {(seat["result"], seat["how"]) for seat in episode.interactions["seats"].values()} == {
        ("draw", "request cap")
    }
    assert sum(episode.interactions["Request Count"]) == spec_of("ta_high_society").max_requests
    assert "Tie - bids returned. Rebid!" in episode.contexts[-1][1]["content"] and episode.scores["Main Score"] == 0


def test_high_society_bids_stay_sealed_until_both_seats_bid():
    reasoning = on_prestige_card(lambda card: f"My secret plan: bid the card itself. [{card}]")
    episode = play("ta_high_society", [reasoning, ta_player("random")])
    assert_outcome(episode.scores, "Success")
    seen_by_player_1 = "".join(context["content"] for name, context in episode.contexts if name == "Player 1")
    assert "secret plan" not in seen_by_player_1 and "P0 bid 7, P1 bid" in seen_by_player_1


def test_high_society_the_rank_match_reference_beats_random_play():
    """As the model against the random reference, rank_match wins all 10 shipped instances, and random play wins
    none of them against rank_match (5 against random; on the first two instances it loses both against either
    reference, see tests/test_all_games.py NOT_ABOVE_RANDOM)."""
    wins = [
        play("ta_high_society_vs_random", [ta_player("expert")], game_id=game_id).scores["Win"] for game_id in range(10)
    ]
    assert sum(wins) >= 9, wins
    random_wins = [
        play("ta_high_society_vs_rank_match", [ta_player("random")], game_id=game_id).scores["Win"]
        for game_id in range(10)
    ]
    assert sum(random_wins) <= 1, random_wins


# --- Texas Hold'em (heads-up) ---


def check_or_fold(pid: int) -> Callable[[str], str]:
    """Checks when its bet matches the current bet (the big blind pre-flop), else folds."""

    def policy(context: str) -> str:
        board = context.split("===== Hand")[-1]
        current = int(re.search(r"Current bet: (\d+)", board).group(1))
        own = float(re.search(rf"^P{pid}[^:]*: [\d.]+ chips \| bet ([\d.]+)", board, re.M).group(1))
        return "[Check]" if own == current else "[Fold]"

    return policy


def test_poker_a_seat_that_always_folds_loses_its_blinds():
    """small: 5 hands, blinds 10/20; the button posts the small blind. Hand 1 (button Player 0): Player 0 acts first
    and folds (-10). From hand 2 on TextArena 0.7.4 skips the new hand's first actor (the step that ended a hand
    rotates once more), so the big blind acts first: hand 2 Player 0 (big blind) folds (-20); hand 3 Player 1 (big
    blind) checks, Player 0 folds (-10); hand 4 -20; hand 5 -10: Player 0 ends with 930, Player 1 with 1070."""
    episode = play("ta_poker", [lambda context: "[Fold]", check_or_fold(1)], "small")
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": -70,
        "Player 1": 70,
    }
    assert [name for name, _ in episode.contexts] == [
        "Player 0",
        "Player 0",
        "Player 1",
        "Player 0",
        "Player 0",
        "Player 1",
        "Player 0",
    ]
    assert episode.scores["Main Score"] == 100


def test_poker_the_board_names_the_heads_up_blinds_right():
    """TextArena 0.7.4 labels roles as for 3+ seats (defect P1): heads-up the button, who posts the small blind,
    read "Dealer/BB" and the big blind "SB"."""
    episode = play("ta_poker", [lambda context: "[Fold]", check_or_fold(1)], "small")
    first, second = episode.contexts[0][1]["content"], episode.contexts[1][1]["content"]
    assert "P0 (Dealer/SB): 990.00 chips | bet 10.00" in first and "P1 (BB): 980.00 chips | bet 20.00" in first
    assert "P0 (BB): 970.00 chips | bet 20.00" in second and "P1 (Dealer/SB): 1000.00 chips | bet 10.00" in second


def test_poker_equal_stacks_at_the_end_are_a_draw():
    """default: 10 hands, both seats check when they can, else fold. Hand 1: Player 0 folds its small blind (-10);
    from hand 2 the big blind acts first (see above) and checks, the small blind folds: Player 0 wins 10 in hands
    2, 4, 6, 8, 10 and loses 10 in hands 3, 5, 7, 9: 1000 chips each. TextArena 0.7.4 sorts equal stacks by seat
    and made Player 1 the winner (defect P3); the master calls it a draw."""
    episode = play("ta_poker", [check_or_fold(0), check_or_fold(1)])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {0}
    assert episode.interactions["end reason"] == "Both seats end with 1000 chips."


def test_poker_a_seat_eliminated_for_invalid_moves_ends_the_game():
    """TextArena 0.7.4 dealt the next hand after the elimination and played on (defect P4): an eliminated Player 0
    ran the episode into the request cap. Two checks facing the big blind are two invalid moves."""
    episode = play("ta_poker", [lambda context: "[Check]", check_or_fold(1)], "small")
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.interactions["end reason"] == "Player 0 eliminated after repeated invalid moves."
    assert len(episode.contexts) == 2 and "Cannot check facing a bet." in episode.contexts[1][1]["content"]
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {None}


def test_poker_a_seat_sees_the_others_moves_but_not_their_reasoning():
    reasoning = lambda context: "My hole cards are strong: [Call]"
    episode = play("ta_poker", [reasoning, check_or_fold(1)], "small")
    assert "[Player 0] [Call]" in episode.contexts[1][1]["content"]
    assert not any("strong" in context["content"] for name, context in episode.contexts if name == "Player 1")


def test_poker_endless_minimum_raises_are_stopped_at_the_request_cap():
    episode = play("ta_poker", [lambda context: "[Raise 1]", lambda context: "[Raise 1]"], "small")
    assert_outcome(episode.scores, "Lose")
    assert {seat["how"] for seat in episode.interactions["seats"].values()} == {"request cap"}
    assert sum(episode.interactions["Request Count"]) == spec_of("ta_poker").max_requests


def test_poker_the_equity_reference_beats_random_play():
    """As the model against the random reference, equity wins 27 of the 40 shipped games in the state view (31 in the
    full view, whose random draws differ; with the random reference salted three other ways 25, 27 and 26): at least
    24, three in five (a random model scores 40 against random and 17.5 against equity over the 40)."""
    wins = [
        play("ta_poker_vs_random", [ta_player("expert")], experiment, game_id).scores["Win"]
        for experiment in ("small", "default", "long", "extreme")
        for game_id in range(10)
    ]
    assert sum(wins) >= 24, wins
