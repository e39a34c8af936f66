"""Players for the tabletop games between seats: card games (Briscola, German Whist, Golf, Spite and Malice),
poker (Kuhn, Indian, Texas Hold'em), dice (Pig, Liar's Dice) and sealed-bid auctions (GOPS, Three-Player GOPS,
High Society).

Each seat sees only its own secrets (hand, dice, hole cards); the players read them from the seat's own contexts,
which TextArena 0.7.4 sends to that seat alone. Where a strategy mixes (Kuhn Poker's equilibrium, High Society's
tie-breaking), it draws from `transcript.rng()`, so the same messages always get the same reply.
"""

import itertools
import math
import re
from collections import Counter

from ta_players.base import GamePlayers, last_match, offered_moves, seat_of

SUITS = "♠♥♦♣"


# ---------------------------------------------------------------------------------------------------------- poker
class KuhnPoker(GamePlayers):
    """The expert plays an equilibrium of Kuhn Poker as TextArena 0.7.4 scores it. There a bet or call never
    enters the pot (`KuhnPoker/env.py:81-92` only walks the action tree; every pot is the two antes), so betting
    costs nothing and calling never loses more than folding: always betting and never folding is weakly dominant.
    `BETS_ADD_TO_POT` switches to the textbook equilibrium (bluff parameter 1/3: as first actor bet K, bet J with
    1/3, check Q and call a bet after that with Q 2/3 of the time; as second actor bet K and bluff J with 1/3
    after a check, call a bet with K and with Q 1/3 of the time; never call with J) for a Kuhn Poker whose bets
    count."""

    game = "ta_kuhn_poker"
    recognizes = re.compile(r"round game of Kuhn Poker")
    has_expert = True
    expert_name = "equilibrium"
    expert_bar_reason = (
        "Kuhn Poker deals one card of three: even the best strategy loses many hands, and over a "
        "few rounds chance decides many matches."
    )
    BETS_ADD_TO_POT = False  # TextArena 0.7.4: they do not

    def _legal(self, transcript):
        actions = last_match(r"Your available actions are: (.*)", transcript.text)
        return re.findall(r"\[(\w+)\]", actions.group(1))

    def random_move(self, transcript, rng):
        return f"[{rng.choice(self._legal(transcript))}]"

    def expert_move(self, transcript):
        if not self.BETS_ADD_TO_POT:
            return "[bet]" if "bet" in self._legal(transcript) else "[call]"
        return self.textbook_move(transcript)

    def textbook_move(self, transcript):
        legal = self._legal(transcript)
        round_start = last_match(r"### Starting round \d+ out of \d+ rounds\. Your card is: '(\w)'", transcript.text)
        card = round_start.group(1)
        moves = re.findall(r"submitted move: '\[(\w+)\]'", transcript.text[round_start.end() :])
        draw = transcript.rng().random()
        if "check" in legal:  # first to act, or the opponent checked
            bet = card == "K" or (card == "J" and draw < 1 / 3)
            return "[bet]" if bet else "[check]"
        first_actor = len(moves) >= 2  # I checked, the opponent bet
        call_q = 2 / 3 if first_actor else 1 / 3
        call = card == "K" or (card == "Q" and draw < call_q)
        return "[call]" if call else "[fold]"


class IndianPoker(GamePlayers):
    """Each seat sees only the opponent's card. The expert judges its chance to hold the higher card from the
    opponent's card (its own card is uniform over the other 51) and bets, calls or folds on that chance."""

    game = "ta_indian_poker"
    recognizes = re.compile(r"in a game of Indian Poker")
    has_expert = True
    expert_name = "heuristic"
    expert_bar_reason = (
        "Each hand is mostly decided by the two cards dealt; over a few rounds chance decides many matches."
    )
    RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    STARTING_CHIPS = 100  # IndianPokerEnv's default; every registered IndianPoker-v0* keeps it, no context states it

    def _state(self, transcript):
        me = int(re.search(r"You are Player (\d)", transcript.prompt).group(1))
        text = transcript.text
        banks = re.findall(r"\(Bankrolls P0:(-?\d+), P1:(-?\d+)\)", text)
        bank = int(banks[-1][me]) if banks else self.STARTING_CHIPS
        round_start = last_match(r"### Round \d+/\d+\nYour opponent's card is: (\w+)", text)
        in_round = text[round_start.end() :]
        committed = sum(int(amount) for amount in re.findall(r"-> \[(?:bet|raise) (\d+)\]", in_round))
        options = last_match(r"Your possible actions: (.*)", text).group(1)
        to_call = int(re.search(r"cost (\d+)", options).group(1)) if "cost" in options else 0
        # A lower bound on what the seat still holds: every chip bet or raised this round may have been its own.
        available = bank - 1 - committed
        return round_start.group(1), to_call, available

    def random_move(self, transcript, rng):
        _, to_call, available = self._state(transcript)
        if to_call == 0:
            moves = ["[check]"] + [f"[bet {x}]" for x in range(1, min(5, available) + 1)]
        else:
            moves = ["[fold]"] + (["[call]"] if to_call <= available else [])
            moves += [f"[raise {x}]" for x in range(1, min(5, available - to_call) + 1)]
        return rng.choice(moves)

    def expert_move(self, transcript):
        opponent_card, to_call, available = self._state(transcript)
        opponent_rank = self.RANKS.index(opponent_card)
        higher = 4 * (12 - opponent_rank)
        win = (higher + 1.5) / 51  # ties (3 cards) split the pot: count them half
        if to_call == 0:
            if win > 0.6 and available >= 1:
                return f"[bet {min(max(1, round(10 * win)), available)}]"
            return "[check]"
        if win > 0.8 and available - to_call >= 1:
            return f"[raise {min(5, available - to_call)}]"
        if win > 0.5 and to_call <= available:
            return "[call]"
        return "[fold]"


RANK_VALUE = {
    rank: value
    for value, rank in enumerate(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], start=2)
}


def hand_value(cards: list[tuple[int, str]]) -> tuple:
    """The poker value of the best five of `cards` (rank, suit): a tuple, higher is better."""
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    counts = Counter(ranks)
    suits = Counter(suit for _, suit in cards)

    def straight_top(distinct):
        distinct = set(distinct)
        if 14 in distinct:
            distinct.add(1)
        for top in range(14, 4, -1):
            if all(r in distinct for r in range(top - 4, top + 1)):
                return top
        return 0

    flush = next((suit for suit, n in suits.items() if n >= 5), None)
    if flush:
        flush_ranks = sorted((rank for rank, suit in cards if suit == flush), reverse=True)
        top = straight_top(flush_ranks)
        if top:
            return (8, top)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    if groups[0][1] == 4:
        return (7, groups[0][0], max(r for r in ranks if r != groups[0][0]))
    if groups[0][1] == 3 and len(groups) > 1 and groups[1][1] >= 2:
        return (6, groups[0][0], groups[1][0])
    if flush:
        return (5, *flush_ranks[:5])
    top = straight_top(ranks)
    if top:
        return (4, top)
    if groups[0][1] == 3:
        return (3, groups[0][0], *[r for r in ranks if r != groups[0][0]][:2])
    if groups[0][1] == 2 and len(groups) > 1 and groups[1][1] == 2:
        pair_ranks = (groups[0][0], groups[1][0])
        return (2, *pair_ranks, max(r for r in ranks if r not in pair_ranks))
    if groups[0][1] == 2:
        return (1, groups[0][0], *[r for r in ranks if r != groups[0][0]][:3])
    return (0, *ranks[:5])


def parse_cards(text: str) -> list[tuple[int, str]]:
    return [(RANK_VALUE[rank], suit) for rank, suit in re.findall(r"(10|[2-9JQKA])([♠♥♦♣])", text)]


class Poker(GamePlayers):
    """Texas Hold'em. The expert estimates its chance to win at showdown against the players still in the hand
    by sampling their hole cards and the rest of the board, then bets strong hands, calls when the pot odds pay
    and folds the rest."""

    game = "ta_poker"
    recognizes = re.compile(r"-player Texas Hold'em Poker game")
    has_expert = True
    expert_name = "equity"
    expert_bar_reason = "Texas Hold'em over a few hands: the cards dealt decide many matches."
    SAMPLES = 160  # shared among the seats sampled: fewer showdowns per sample with more opponents

    def _state(self, transcript):
        me = int(re.search(r"You are Player (\d+)", transcript.prompt).group(1))
        big_blind = int(re.search(r"Blinds: \d+/(\d+)", transcript.prompt).group(1))
        board = last_match(r"===== Hand \d+ / \d+ - [^\n]*=====\n(.*?)\n=====", transcript.text, re.S).group(1)
        pot, current_bet = map(int, re.search(r"Pot: (\d+) \| Current bet: (\d+)", board).groups())
        seats = {
            int(pid): (float(chips), float(bet), status)
            for pid, chips, bet, status in re.findall(
                r"^P(\d+)[^:]*: ([\d.]+) chips \| bet ([\d.]+) \| (\w[\w-]*)", board, re.M
            )
        }
        chips, bet, _ = seats[me]
        community = parse_cards(re.search(r"Visible board: \[(.*)\]", board).group(1))
        hole = parse_cards(re.search(r"Your hole: (.*)", board).group(1))
        # Busted seats stay listed (0 chips, no bet): they are not in the hand.
        opponents = sum(
            1
            for pid, (seat_chips, seat_bet, status) in seats.items()
            if pid != me and status != "folded" and (seat_chips > 0 or seat_bet > 0)
        )
        return dict(
            big_blind=big_blind,
            pot=pot,
            current_bet=current_bet,
            chips=int(chips),
            bet=int(bet),
            to_call=max(0, current_bet - int(bet)),
            community=community,
            hole=hole,
            opponents=max(1, opponents),
        )

    def random_move(self, transcript, rng):
        s = self._state(transcript)
        sizes = sorted({s["big_blind"], 2 * s["big_blind"], max(s["big_blind"], s["pot"])})
        if s["to_call"] == 0:
            # [Bet N] sets the seat's total for the round: it must exceed the seat's current contribution.
            return rng.choice(["[Check]"] + [f"[Bet {s['current_bet'] + size}]" for size in sizes])
        return rng.choice(["[Call]", "[Fold]"] + [f"[Raise {size}]" for size in sizes])

    def equity(self, hole, community, opponents, rng) -> float:
        deck = [(rank, suit) for rank in range(2, 15) for suit in SUITS if (rank, suit) not in hole + community]
        score = 0.0
        samples = max(30, self.SAMPLES // (opponents + 1))
        for _ in range(samples):
            drawn = rng.sample(deck, 2 * opponents + 5 - len(community))
            board = community + drawn[2 * opponents :]
            mine = hand_value(hole + board)
            best_other = max(hand_value(drawn[2 * i : 2 * i + 2] + board) for i in range(opponents))
            score += 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
        return score / samples

    def expert_move(self, transcript):
        s = self._state(transcript)
        win = self.equity(s["hole"], s["community"], s["opponents"], transcript.rng())
        fair = 1 / (s["opponents"] + 1)  # the share of a player whose cards are average
        size = max(s["big_blind"], s["pot"])
        if s["to_call"] == 0:
            if win > fair + 0.1 and s["chips"] > 0:
                return f"[Bet {s['current_bet'] + size}]"
            return "[Check]"
        if win > fair + 0.2 and s["chips"] > s["to_call"]:
            return f"[Raise {size}]"
        pot_odds = s["to_call"] / (s["pot"] + s["to_call"])
        return "[Call]" if win >= pot_odds else "[Fold]"


# ------------------------------------------------------------------------------------------------------------ dice
class PigDice(GamePlayers):
    """The expert holds at a turn total of 20 or as soon as holding reaches the winning score."""

    game = "ta_pig_dice"
    recognizes = re.compile(r"playing a game of Pig Dice")
    has_expert = True
    expert_name = "hold_at_20"
    expert_bar_reason = "Pig is a dice game: even the optimal policy wins only about 55-60% against weak play."

    def random_move(self, transcript, rng):
        return rng.choice(["[roll]", "[hold]"])

    def expert_move(self, transcript):
        me = int(re.search(r"You are Player (\d)", transcript.prompt).group(1))
        goal = int(re.search(r"First to (\d+) points wins", transcript.prompt).group(1))
        board = last_match(r"Current Total Scores: (.*)\nYou current turn total is (\d+)", transcript.text)
        score = int(re.findall(r"Player \d+: '(\d+)'", board.group(1))[me])
        turn_total = int(board.group(2))
        return "[hold]" if turn_total >= 20 or score + turn_total >= goal else "[roll]"


def binomial_at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


class LiarsDice(GamePlayers):
    """The expert judges each bid by the chance that enough of the dice it cannot see show the face (1/6 each):
    it calls the standing bid when that is more likely false than true, otherwise it raises to the legal bid
    most likely true."""

    game = "ta_liars_dice"
    recognizes = re.compile(r"-player Liar's Dice game")
    has_expert = True
    expert_name = "probability"
    expert_bar_reason = "Liar's Dice rolls are chance; a good bidder still loses some matches."

    def _state(self, transcript):
        # The seat's board, the last state of the view: the dice left and its own roll, and the standing bid once a
        # bid stands (fixes.tabletop.LiarsDiceFixes; TextArena's board at a round's start has none).
        board = last_match(
            r"Remaining dice: (.*)\nYour current Dice are: (.*)(?:\nCurrent bid: (\d+) of face (\d))?", transcript.text
        )
        total = sum(int(n) for n in re.findall(r"Player \d+: (\d+)", board.group(1)))
        dice = [int(d) for d in re.findall(r"\d", board.group(2))]
        current = (int(board.group(3)), int(board.group(4))) if board.group(3) else (0, 0)
        return dice, total, current

    @staticmethod
    def _bids(current, total):
        quantity, face = current
        return [(q, f) for q in range(max(quantity, 1), total + 1) for f in range(max(face, 1), 7) if (q, f) != current]

    def random_move(self, transcript, rng):
        dice, total, current = self._state(transcript)
        moves = [f"[Bid: {q}, {f}]" for q, f in self._bids(current, total)]
        if current != (0, 0):
            moves.append("[Call]")
        return rng.choice(moves)

    def expert_move(self, transcript):
        dice, total, current = self._state(transcript)
        unseen = total - len(dice)

        def chance(bid):
            return binomial_at_least(bid[0] - dice.count(bid[1]), unseen, 1 / 6)

        raises = []
        for face in range(max(current[1], 1), 7):  # the smallest raise on each face
            quantity = current[0] + 1 if face == current[1] else max(current[0], 1)
            raises.append((quantity, face))
        best = max(raises, key=lambda bid: (chance(bid), -bid[0], bid[1]))
        if current != (0, 0) and 1 - chance(current) > chance(best):
            return "[Call]"
        return f"[Bid: {best[0]}, {best[1]}]"


# -------------------------------------------------------------------------------------------------------- auctions
FACE_VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13}


def card_value(face: str) -> int:
    return FACE_VALUE.get(face.upper(), None) or int(face)


def card_face(value: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(value, str(value))


class GameOfPureStrategy(GamePlayers):
    """The expert bids the card equal to the prize's value (always in hand: prizes and cards are both A-K)."""

    game = "ta_game_of_pure_strategy"
    recognizes = re.compile(r"in a match of GameOfPureStrategy")
    has_expert = True
    expert_name = "match_prize"
    expert_bar_reason = "Matching the prize is a simple fixed strategy; random bids still beat it now and then."
    ROUND = r"### Round \d+/13 - Prize: (\w+)\s+\(worth (\d+)\)"

    def _hand(self, transcript):
        return re.findall(r"'\[(\w+)\]'", last_match(r"Your remaining hand: (.*)", transcript.text).group(1))

    def random_move(self, transcript, rng):
        return f"[{rng.choice(self._hand(transcript))}]"

    def expert_move(self, transcript):
        prize = card_value(last_match(self.ROUND, transcript.text).group(1))
        hand = [card_value(face) for face in self._hand(transcript)]
        bid = prize if prize in hand else min(hand, key=lambda value: abs(value - prize))
        return f"[{card_face(bid)}]"


class ThreePlayerGOPS(GameOfPureStrategy):
    game = "ta_three_player_gops"
    recognizes = re.compile(r"in Three-Player GOPS")
    ROUND = r"### Round \d+/13 - Prize: (\w+) \(worth (\d+)\)"


class HighSociety(GamePlayers):
    """The expert matches ranks: money left over counts for nothing (H1), so it keeps as many of its highest money
    cards as auctions remain and bids the one whose rank among them is the prize's rank among the prestige cards
    still to come (the top prize gets its top card, the lowest its lowest kept one); after a tie it draws a
    neighbouring card, so two experts cannot tie forever. (It reads every auction from the view: the whole game, about
    1,200 characters of messages, fits the state view's window.)"""

    game = "ta_high_society"
    recognizes = re.compile(r"in a game of HighSociety")
    has_expert = True
    expert_name = "rank_match"
    expert_bar_reason = "A sealed-bid heuristic; random bids still win auctions cheaply now and then."

    def _money(self, transcript):
        cards = last_match(r"Your remaining money cards: (.*)", transcript.text).group(1)
        return sorted(int(card) for card in re.findall(r"\[(\d+)\]", cards))

    def random_move(self, transcript, rng):
        return f"[{rng.choice(self._money(transcript))}]"

    def expert_move(self, transcript):
        money = self._money(transcript)
        auctions = re.findall(r"### Auction \d+/10  \|  Prestige card: (\d+)", transcript.text)
        prize = int(auctions[-1])
        remaining = sorted(set(range(1, 11)) - {int(card) for card in auctions[:-1]})
        kept = money[-len(remaining) :]
        index = money.index(kept[remaining.index(prize)])
        last_auction = transcript.text.rfind("### Auction")
        ties = transcript.text.count("Tie - bids returned", last_auction)
        if ties:
            rng = transcript.rng()
            index = min(len(money) - 1, max(0, index + rng.choice([-1, 1]) * rng.randint(0, ties)))
        return f"[{money[index]}]"


# ------------------------------------------------------------------------------------------------- trick taking
BRISCOLA_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
BRISCOLA_POWER = {rank: power for power, rank in enumerate(["2", "4", "5", "6", "7", "J", "Q", "K", "3", "A"])}


class Briscola(GamePlayers):
    """The expert plays greedy tricks: it leads its cheapest card, takes a trick with points with its cheapest
    winning card (a trump only when the trick is worth it) and otherwise throws its cheapest card."""

    game = "ta_briscola"
    recognizes = re.compile(r"You are playing Briscola")
    has_expert = True
    expert_name = "greedy"
    expert_bar_reason = "The cards dealt decide many Briscola games, even under good play."

    def _state(self, transcript):
        turn = last_match(r"Your hand:\n(.*?)\n\n(.*?)\n\nScores:.*?\nTrump suit: ([♠♥♦♣])", transcript.text, re.S)
        hand = re.findall(r"^\s+(\d+)\. (\w+)([♠♥♦♣])", turn.group(1), re.M)
        trick = re.findall(r"Player (\d+): (\w+)([♠♥♦♣])", turn.group(2))
        return [(rank, suit) for _, rank, suit in hand], [(rank, suit) for _, rank, suit in trick], turn.group(3)

    def random_move(self, transcript, rng):
        hand, _, _ = self._state(transcript)
        return f"[play {rng.randint(1, len(hand))}]"

    @staticmethod
    def beats(card, best, trump):
        """Whether `card`, played after `best` (the trick's winning card so far), takes the trick over it."""
        if card[1] == best[1]:
            return BRISCOLA_POWER[card[0]] > BRISCOLA_POWER[best[0]]
        return card[1] == trump

    def expert_move(self, transcript):
        hand, trick, trump = self._state(transcript)

        def cost(card):  # what giving the card away costs: its points, and a trump is worth keeping
            return BRISCOLA_POINTS.get(card[0], 0) + (8 if card[1] == trump else 0) + BRISCOLA_POWER[card[0]] / 10

        cheapest = min(range(len(hand)), key=lambda i: cost(hand[i]))
        if trick:
            best = trick[0]
            for card in trick[1:]:
                if self.beats(card, best, trump):
                    best = card
            points = sum(BRISCOLA_POINTS.get(rank, 0) for rank, _ in trick)
            winners = [i for i in range(len(hand)) if self.beats(hand[i], best, trump)]
            if winners:
                take = min(winners, key=lambda i: cost(hand[i]))
                card = hand[take]
                gain = points + BRISCOLA_POINTS.get(card[0], 0)
                if card[1] != trump or points >= 10 or (gain >= 4 and len(trick) == 1 and len(hand) <= 2):
                    return f"[play {take + 1}]"
        return f"[play {cheapest + 1}]"


WHIST_POWER = {
    rank: power for power, rank in enumerate(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
}


class GermanWhist(GamePlayers):
    """The expert follows suit as the rules demand and plays greedy tricks: it wins a trick cheaply when the trick
    (or, while the deck lasts, the face-up card the winner draws) is worth it, and otherwise plays its lowest card."""

    game = "ta_german_whist"
    recognizes = re.compile(r"You are playing German Whist")
    has_expert = True
    expert_name = "greedy"
    expert_bar_reason = "The cards dealt decide many German Whist games, even under good play."

    def _state(self, transcript):
        turn = last_match(r"Your hand:\n(.*?)\n\n(.*?)\n\n(.*?)\n\nTricks won", transcript.text, re.S)
        hand = {
            int(position): (rank, suit)
            for position, rank, suit in re.findall(r"^\s+(\d+)\. (\w+)([♠♥♦♣])", turn.group(1), re.M)
        }
        trick = [(rank, suit) for rank, suit in re.findall(r"Player \d+: (\w+)([♠♥♦♣])", turn.group(2))]
        trump = re.search(r"Trump suit: ([♠♥♦♣])", transcript.text).group(1)
        next_card = re.search(r"Next card for trick winner: (\w+)([♠♥♦♣])", turn.group(3))
        return hand, trick, trump, (next_card.groups() if next_card else None)

    @staticmethod
    def legal(hand, trick):
        if trick:
            follow = [position for position, card in hand.items() if card[1] == trick[0][1]]
            if follow:
                return follow
        return sorted(hand)

    def random_move(self, transcript, rng):
        hand, trick, _, _ = self._state(transcript)
        return f"[play {rng.choice(self.legal(hand, trick))}]"

    def expert_move(self, transcript):
        hand, trick, trump, next_card = self._state(transcript)
        legal = self.legal(hand, trick)

        def strength(position):
            rank, suit = hand[position]
            return WHIST_POWER[rank] + (13 if suit == trump else 0)

        lowest = min(legal, key=strength)
        worth = next_card is None or next_card[1] == trump or WHIST_POWER[next_card[0]] >= WHIST_POWER["10"]
        if not trick:
            top = max(legal, key=strength)
            if worth and (hand[top][1] == trump or hand[top][0] in ("A", "K")):
                return f"[play {top}]"
            return f"[play {lowest}]"
        lead = trick[0]
        winners = [
            p
            for p in legal
            if (hand[p][1] == lead[1] and WHIST_POWER[hand[p][0]] > WHIST_POWER[lead[0]])
            or (hand[p][1] == trump and lead[1] != trump)
        ]
        if winners and worth:
            return f"[play {min(winners, key=strength)}]"
        return f"[play {lowest}]"


# ------------------------------------------------------------------------------------------------------------ golf
GOLF_VALUE = {"A": 1, "J": 10, "Q": 10, "K": 0, **{str(n): n for n in range(2, 11)}}
GOLF_UNKNOWN = sum(GOLF_VALUE.values()) / 13  # the mean value of a face-down card


class Golf(GamePlayers):
    """The expert keeps the expected score of its grid low: a face-down card counts as the deck's mean value, a
    column of equal values counts 0. It takes the discard or keeps a drawn card when swapping it in lowers that
    expected score (the discard only when the gain is clear), and discards a drawn card otherwise."""

    game = "ta_golf"
    recognizes = re.compile(r"You are playing Golf \(Card Game\)")
    has_expert = True
    expert_name = "greedy"
    expert_bar_reason = "Golf's draws are chance; a careful player still loses some rounds."

    def _state(self, transcript):
        turn = last_match(r"Your hand:\n\s*Col:([ \d]+)\n((?:Row \d+:.*\n)+)Discard pile: (\S+)\n(.*)", transcript.text)
        grid = [re.findall(r"\?|\w+[♠♥♦♣]", row.split(":", 1)[1]) for row in turn.group(2).strip().splitlines()]
        return grid, turn.group(3), turn.group(4)

    def random_move(self, transcript, rng):
        grid, discard, options = self._state(transcript)
        if "[draw]" in options:
            return rng.choice(["[draw]"] + (["[take]"] if discard != "None" else []))
        swaps = [f"[swap {r + 1} {c + 1}]" for r in range(len(grid)) for c in range(len(grid[0]))]
        return rng.choice(swaps + (["[discard]"] if "[discard]" in options else []))

    @staticmethod
    def value(card):
        return GOLF_UNKNOWN if card == "?" else GOLF_VALUE[card[:-1]]

    def expected_score(self, grid):
        score = 0.0
        for column in zip(*grid):
            if "?" not in column and len({GOLF_VALUE[card[:-1]] for card in column}) == 1 and len(column) > 1:
                continue
            score += sum(self.value(card) for card in column)
        return score

    def best_swap(self, grid, card):
        """(gain, row, column) of the best place for `card`: how much the expected score drops."""
        before = self.expected_score(grid)
        options = []
        for r, c in itertools.product(range(len(grid)), range(len(grid[0]))):
            trial = [row[:] for row in grid]
            trial[r][c] = card
            options.append((before - self.expected_score(trial), -r, -c))
        gain, r, c = max(options)
        return gain, -r, -c

    def expert_move(self, transcript):
        grid, discard, options = self._state(transcript)
        if "[draw]" in options:
            if discard != "None" and self.best_swap(grid, discard)[0] >= 3:
                return "[take]"
            return "[draw]"
        drawn = last_match(r"You (?:drew|took): (\w+[♠♥♦♣])", transcript.text).group(1)
        gain, r, c = self.best_swap(grid, drawn)
        if gain > 0 or "[discard]" not in options:
            return f"[swap {r + 1} {c + 1}]"
        return "[discard]"


# -------------------------------------------------------------------------------------------------- spite & malice
SPITE_ORDER = "A23456789JQ"  # TextArena's deck has no 10: a center pile runs A..Q (11 cards) and is cleared


class SpiteAndMalice(GamePlayers):
    """The expert draws at the start of its turn, plays its payoff card whenever it can, then other cards that
    bring a center pile closer to its payoff card (kings last), and ends the turn by discarding its highest card,
    preferably onto a discard pile it continues downward."""

    game = "ta_spite_and_malice"
    recognizes = re.compile(r"two-player game of Spite and Malice")
    has_expert = True
    expert_name = "greedy"
    expert_bar_reason = "Spite and Malice depends on the cards dealt; the greedy player still loses some games."

    def _state(self, transcript):
        pattern = r"--- Center Piles ---\n(.*?)\nAvailable Moves: ([^\n]*)"
        board = last_match(pattern, transcript.last, re.S) or last_match(pattern, transcript.text, re.S)
        piles = [re.findall(r"'(\w[♠♥♦♣])'", line) for line in re.findall(r"Pile \d: (\[.*\])", board.group(1))]
        payoff = re.search(r"Payoff Pile \(Top Card\): (\S+?),", board.group(1)).group(1)
        hand = re.findall(r"'(\w[♠♥♦♣])'", re.search(r"Hand: (\[.*\])", board.group(1)).group(1))
        discards = [
            re.findall(r"'(\w[♠♥♦♣])'", pile)
            for pile in re.findall(r"\[[^\[\]]*\]", re.search(r"Discard Piles: \[(.*)\]", board.group(1)).group(1))
        ]
        moves = offered_moves(transcript.last) or offered_moves(transcript.text)
        return piles, payoff, hand, discards, moves

    def random_move(self, transcript, rng):
        return rng.choice(self._state(transcript)[-1])

    @staticmethod
    def next_rank(pile):
        """The index in SPITE_ORDER of the card the pile needs next (a king stands for the rank it continues)."""
        return len(pile)  # piles always run A, 2, 3, ... from the bottom, kings taking the missing ranks

    def expert_move(self, transcript):
        piles, payoff, hand, discards, moves = self._state(transcript)
        # The view repeats the seat's own moves as `[Player N] [move]` lines: a turn starts after its own discard
        # (or before its first move, or when its last move has left the window: the other seat's turn was long).
        me = seat_of(transcript)
        own = last_match(rf"^\[Player {me}\] (\[.*)$", transcript.text, re.M)
        turn_started = own is None or own.group(1).startswith("[discard")
        plays = [m for m in moves if m.startswith("[play")]
        if len(hand) < 5 and turn_started:
            return "[draw]"

        def card_of(move):
            return move[len("[play ") :].rsplit(" ", 1)[0]

        def pile_of(move):
            return int(move[-2])

        payoff_plays = [m for m in plays if card_of(m) == payoff]
        if payoff_plays:
            natural = [m for m in payoff_plays if not payoff.startswith("K")]
            return (natural or payoff_plays)[0]
        if payoff != "Empty" and not payoff.startswith("K"):
            target = SPITE_ORDER.index(payoff[0])
            for move in plays:  # a natural card that brings a pile one step closer to the payoff card
                card, pile = card_of(move), piles[pile_of(move)]
                if not card.startswith("K") and self.next_rank(pile) < target:
                    return move
            for move in plays:  # a king that makes the payoff card playable next
                if card_of(move).startswith("K") and self.next_rank(piles[pile_of(move)]) + 1 == target:
                    return move
        hand_plays = [m for m in plays if card_of(m) in hand and not card_of(m).startswith("K")]
        if hand_plays and len(hand) > 1:
            return hand_plays[0]
        discard_moves = [m for m in moves if m.startswith("[discard")]
        if not discard_moves:
            return plays[0] if plays else "[draw]"
        keep = [card for card in hand if card.startswith("K")]
        candidates = [card for card in hand if card not in keep] or hand
        card = max(candidates, key=lambda c: SPITE_ORDER.index(c[0]) if c[0] in SPITE_ORDER else 99)
        rank = SPITE_ORDER.index(card[0]) if card[0] in SPITE_ORDER else 99

        def fit(index):
            pile = discards[index]
            if pile and pile[-1][0] in SPITE_ORDER and SPITE_ORDER.index(pile[-1][0]) == rank + 1:
                return 0
            if pile and pile[-1][0] == card[0]:
                return 1
            return 2 if not pile else 3

        return f"[discard {card} {min(range(len(discards)), key=fit)}]"


GAMES = [
    KuhnPoker(),
    IndianPoker(),
    Poker(),
    PigDice(),
    LiarsDice(),
    GameOfPureStrategy(),
    ThreePlayerGOPS(),
    HighSociety(),
    Briscola(),
    GermanWhist(),
    Golf(),
    SpiteAndMalice(),
]
