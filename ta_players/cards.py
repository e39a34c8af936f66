"""Players for card games: Blackjack, UltimateTexasHoldem, Set; and 2048."""
import itertools
import re

from ta_players.base import GamePlayers, Transcript, last_match

CARD_VALUES = {"J": 10, "Q": 10, "K": 10, "A": 11}


def _blackjack_total(ranks: list[str]) -> tuple[int, bool]:
    """The hand's best total and whether it is soft (an ace still counted as 11)."""
    total = sum(CARD_VALUES.get(rank) or int(rank) for rank in ranks)
    soft_aces = ranks.count("A")
    while total > 21 and soft_aces:
        total -= 10
        soft_aces -= 1
    return total, soft_aces > 0


class Blackjack(GamePlayers):
    game = "ta_blackjack"
    recognizes = re.compile(r"You are playing Blackjack against the dealer")
    has_expert = True
    expert_bar = 50.0
    expert_bar_reason = ("Blackjack is a game of chance: hit/stand basic strategy wins about 43% of hands and "
                         "pushes about 9% against a dealer standing on 17 (expected score about 47); it measured "
                         "52.5 on the shipped instances.")

    def random_move(self, transcript, rng):
        return rng.choice(["[Hit]", "[Stand]"])

    def expert_move(self, transcript):
        """Basic strategy for hit/stand only, infinite deck, dealer stands on all 17s."""
        hand = last_match(r"Your hand: ([^\n(]+)\(Score", transcript.text).group(1)
        dealer = last_match(r"Dealer shows: (\d+|[JQKA])", transcript.text).group(1)
        total, soft = _blackjack_total(re.findall(r"(\d+|[JQKA])[^\w,\s]", hand))
        upcard = CARD_VALUES.get(dealer) or int(dealer)
        if soft:
            hit = total <= 17 or (total == 18 and upcard >= 9)
        else:
            hit = total <= 11 or (total == 12 and upcard not in (4, 5, 6)) or (13 <= total <= 16 and upcard >= 7)
        return "[Hit]" if hit else "[Stand]"


class Set(GamePlayers):
    game = "ta_set"
    recognizes = re.compile(r"You are playing a single-player game of Set")
    has_expert = True

    @staticmethod
    def board(transcript: Transcript) -> list[tuple[str, ...]]:
        block = transcript.text.rsplit("=== BOARD ===", 1)[1]
        return [tuple(card.split()) for card in re.findall(r"^\d+: (.+)$", block, re.MULTILINE)]

    def random_move(self, transcript, rng):
        picked = rng.sample(range(1, len(self.board(transcript)) + 1), 3)
        return f"[{', '.join(map(str, picked))}]"

    def expert_move(self, transcript):
        """The first Set on the board; [1, 2, 3] (a wasted turn) only when the board holds none."""
        board = self.board(transcript)
        for picked in itertools.combinations(range(len(board)), 3):
            if all(len({board[i][attribute] for i in picked}) != 2 for attribute in range(4)):
                return f"[{', '.join(str(i + 1) for i in picked)}]"
        return "[1, 2, 3]"


GAMES = [Blackjack(), Set()]
