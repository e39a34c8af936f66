"""Masters of the tabletop games between seats: poker, dice, sealed-bid auctions and card games
(docs/games/tabletop.md; TextArena's defects in them are put right in fixes/tabletop.py)."""

import metrics
from games import seats
from submasters import MultiPlayerMaster


class KuhnPokerMaster(MultiPlayerMaster):
    """Kuhn Poker: payoffs are the chips won or lost; each seat's secret is its card of the current round.

    TextArena 0.7.4 deals one round past the last (`KuhnPoker/env.py:25-31`), deducting both antes again after the
    game is decided, and never puts bets or calls into the pot (`env.py:81-92`): every pot is the two antes. The
    payoff adds the ante back, so it is the chips won over the rounds played (zero-sum).
    """

    CARDS = {0: "J", 1: "Q", 2: "K"}

    def payoffs(self):
        ante = self.ta_env.ante
        return {pid: chips + ante for pid, chips in self.env.state.game_state["player_chips"].items()}

    def secrets(self):
        cards = self.env.state.game_state["player_cards"]
        return {pid: [f"Your card is: '{self.CARDS[card]}'"] for pid, card in cards.items()}


class IndianPokerMaster(MultiPlayerMaster):
    """Indian Poker: payoffs are the chips won or lost; each seat knows the opponent's card and not its own.

    A seat's private information is the opponent's card (`Your opponent's card is: Q`); the owner of that card must
    never see it. When both cards have the same rank, the two lines read alike and give nothing away.
    """

    def payoffs(self):
        return {
            pid: chips - self.ta_env.starting_bank for pid, chips in self.env.state.game_state["player_chips"].items()
        }

    def secrets(self):
        cards = self.env.state.game_state["player_cards"]
        ranks = {pid: self.ta_env._rank_to_str(card) for pid, card in cards.items()}
        if ranks[0] == ranks[1]:
            return {}
        return {pid: [f"Your opponent's card is: {ranks[1 - pid]}"] for pid in (0, 1)}


class PigDiceMaster(MultiPlayerMaster):
    """Pig: payoffs are the points banked. No hidden information (every roll is announced to both seats)."""

    def payoffs(self):
        return dict(enumerate(self.env.state.game_state["scores"]))


class GameOfPureStrategyMaster(MultiPlayerMaster):
    """GOPS and Three-Player GOPS: payoffs are the prize points won. Bids are sealed: TextArena 0.7.4 sends a
    reply to its author only (`to_id=pid`) and reveals the bids together when every seat has bid; the hands are
    public knowledge (every seat starts with A-K and every bid is revealed)."""

    def payoffs(self):
        return dict(self.env.state.game_state["player_scores"])


class LiarsDiceMaster(MultiPlayerMaster):
    """Liar's Dice: payoffs are the dice a seat has left; each seat's secret is its roll of the current round
    (`Your current Dice are: 2, 5, 1`), sent to it alone. Two seats that rolled the same dice read the same line,
    which gives nothing away, so such rolls are left out."""

    def payoffs(self):
        return dict(self.env.state.game_state["remaining_dice"])

    def secrets(self):
        game_state = self.env.state.game_state
        lines = {
            pid: f"Your current Dice are: {', '.join(map(str, dice))}"
            for pid, dice in game_state["dice_rolls"].items()
            if game_state["remaining_dice"][pid] > 0
        }
        return {pid: [line] for pid, line in lines.items() if list(lines.values()).count(line) == 1}

    def result(self, pid, rewards):
        # TextArena 0.7.4 rewards more than two seats linearly by the order they lost their dice in, so that the
        # second seat out of three or four gets a positive reward; the game is won by the last seat with dice alone
        return "win" if self.env.state.game_state["remaining_dice"][pid] > 0 else "loss"


class GermanWhistMaster(MultiPlayerMaster):
    """German Whist: payoffs are the tricks won (of 26). Each seat's secret is its hand, as TextArena 0.7.4 lists
    it in the seat's own board (`    3. 10♠`, position and card); the face-down card a trick's loser draws is told
    to it alone and joins that hand. The face-up card the winner takes is shown to both seats (it is public).
    The instance records the deal: both hands (Player 0's first), the trump card and the stock (top first)."""

    @staticmethod
    def _card(card) -> str:
        return f"{card['rank']}{card['suit']}"

    def content(self):
        game_state = self.env.state.game_state
        return {
            **super().content(),
            "hands": [[self._card(card) for card in game_state["players"][pid]["hand"]] for pid in (0, 1)],
            "trump card": self._card(game_state["trump_card"]),
            "stock": [self._card(card) for card in reversed(game_state["deck"])],
        }

    def payoffs(self):
        return dict(self.env.state.game_state["tricks_won"])

    def secrets(self):
        players = self.env.state.game_state["players"]
        return {
            pid: [f"    {position}. {self._card(card)}" for position, card in enumerate(player["hand"], 1)]
            for pid, player in players.items()
        }


class HighSocietyMaster(MultiPlayerMaster):
    """High Society: payoffs are the prestige points won. Bids are sealed: TextArena 0.7.4 sends a reply to its
    author only (`to_id=pid`) and reveals both bids together; the money cards are public knowledge in effect
    (both start with 1-11 and every won auction shows the card paid). The instance records the auction order.

    The game is kept as TextArena scores it, by prestige only (its rewards, the references' play); the prompt's
    scoring lines say so (defect H1, fixes.tabletop.HighSocietyFixes). H2: a tie returns both bids and re-auctions the
    card without limit (`HighSociety/env.py:62-64`): the spec's request cap ends such a loop (a draw, the generic
    outcome at the cap).
    """

    def content(self):
        game_state = self.env.state.game_state  # the first card is on auction already; the rest go from the end
        return {
            **super().content(),
            "auction order": [game_state["current_prize"], *reversed(game_state["prestige_deck"])],
        }

    def payoffs(self):
        return dict(self.env.state.game_state["player_prestige"])


class PokerMaster(MultiPlayerMaster):
    """Texas Hold'em, heads-up only: payoffs are the chips won or lost; each seat's secret is its hole cards
    (`Your hole: A♠, K♦`, in its own board only; the other seat sees them only at a showdown, as the rules have it).

    Two seats only: TextArena 0.7.4 deals busted seats into every later hand with three or more players and counts
    them at the showdown (defect P2, `Poker/env.py` `_reset_round`, `_handle_showdown`). Its heads-up role labels
    (P1) and its winner at equal stacks (P3) are put right by fixes.tabletop.PokerFixes; a seat eliminated by its
    second invalid move in a row ends the game, lost for it (P4, fixes.common.EndAtTheFirstElimination).
    """

    def payoffs(self):
        """Chips won or lost; None when a seat was eliminated for invalid moves (TextArena has split the pot and
        posted the next hand's blinds by then: the stacks say nothing)."""
        state = self.env.state
        if any(info.get("invalid_move") for info in state.game_info.values()):
            return None
        start = self.ta_env.starting_chips
        return {pid: chips - start for pid, chips in state.game_state["player_chips"].items()}

    def secrets(self):
        hands = self.env.state.game_state["player_hands"]
        return {
            pid: [f"Your hole: {', '.join(card['rank'] + card['suit'] for card in hand)}"]
            for pid, hand in hands.items()
        }


class BriscolaMaster(MultiPlayerMaster):
    """Briscola: payoffs are the card points won (120 in all); each seat's secret is its hand, as TextArena lists it
    to that seat alone (`Your hand:` and the numbered cards). A 60-60 tie is a draw (fixes.tabletop.BriscolaFixes).
    """

    def content(self):
        game_state, card = self.env.state.game_state, self.ta_env._card_to_string
        return {
            "trump card": card(game_state["trump_card"]),
            "hands": {
                f"Player {pid}": [card(c) for c in player["hand"]] for pid, player in game_state["players"].items()
            },
            "draw order": [card(c) for c in reversed(game_state["deck"])],
        }

    def payoffs(self):
        return dict(self.env.state.game_state["points_won"])

    def secrets(self):
        players = self.env.state.game_state["players"]
        return {pid: [self.ta_env._render_player_hand(pid)] for pid in players if players[pid]["hand"]}


class GolfMaster(MultiPlayerMaster):
    """Golf: payoffs are the grid scores TextArena counts at the end (lower is better); each seat's secret is its
    grid as TextArena shows it to that seat alone (the cards dealt face up, and `?` for the hidden ones). Every swap
    is announced to both seats with both cards, so a card swapped in is no secret afterwards.

    Equal scores are a draw (fixes.tabletop.GolfFixes). A seat that takes the discard and swaps it onto a face-up card
    changes nothing that ends the game (the discard pile is never empty after a swap), so the game can go on forever:
    the spec's `max_requests` stops it (a draw).
    """

    def content(self):
        game_state, card = self.env.state.game_state, self.ta_env._card_to_string
        columns = self.ta_env.num_columns
        return {
            "grids": {
                f"Player {pid}": [
                    [card(c["card"]) for c in player["cards"][row : row + columns]]
                    for row in range(0, len(player["cards"]), columns)
                ]
                for pid, player in game_state["players"].items()
            },
            "face up": {
                f"Player {pid}": [
                    [index // columns + 1, index % columns + 1]
                    for index, c in enumerate(player["cards"])
                    if c["revealed"]
                ]
                for pid, player in game_state["players"].items()
            },
            "discard pile": [card(c) for c in game_state["discard_pile"]],
            "draw order": [card(c) for c in reversed(game_state["deck"])],
        }

    def payoffs(self):
        return {pid: player["score"] for pid, player in self.env.state.game_state["players"].items()}

    def secrets(self):
        grids = {pid: self.ta_env._render_player_hand(pid) for pid in self.env.state.game_state["players"]}
        return {pid: [grid] for pid, grid in grids.items() if list(grids.values()).count(grid) == 1}


class SpiteAndMaliceMaster(MultiPlayerMaster):
    """Spite and Malice: payoffs are the cards left in each seat's payoff pile (lower is better); each seat's secret
    is its hand (`Hand: [...]` in its own board). A reply goes to its author only (TextArena 0.7.4, `to_id=pid`);
    the other seat reads what was played. `game_state["rendered_board"]` holds both hands: it is never sent to a
    seat. TextArena shuffles the env's own deck in place, so a second `reset()` of an env fails: every episode makes
    a fresh env (the spec does not set `cache_env`).

    TextArena 0.7.4 stalls where a seat on turn can never end its turn (defect S1) and gives equal payoff piles at a
    deadlock to the seat on turn (S2): fixes.tabletop.SpiteAndMaliceFixes ends such a game at once by TextArena's
    deadlock rule (fewer payoff cards left wins), equal piles a draw.

    A seat can still stall by drawing forever (`[draw]` is always offered): the spec's `max_requests` stops the
    episode, and the same rule decides it. In `_vs_` variants the references' moves count too: the episode also
    stops after twice `max_requests` moves of both seats.
    """

    MOVES_PER_REQUEST = 2

    def _on_after_game(self, rewards):
        if self.cap_reason is not None and not self.violating_seats():
            left = self.payoffs()
            rewards = (
                {0: 0, 1: 0} if left[0] == left[1] else {pid: 1 if left[pid] < left[1 - pid] else -1 for pid in (0, 1)}
            )
            self.log_key("result at the cap", "the seat with fewer payoff cards left wins, equal piles draw")
        super()._on_after_game(rewards)

    def content(self):
        players = self.ta_env.players
        return {
            "payoff piles, top last": {f"Player {pid}": list(players[pid]["payoff"]) for pid in (0, 1)},
            "hands": {f"Player {pid}": list(players[pid]["hand"]) for pid in (0, 1)},
            "draw order": list(reversed(self.ta_env.deck)),
        }

    def payoffs(self):
        return {pid: len(player["payoff"]) for pid, player in self.ta_env.players.items()}

    def secrets(self):
        hands = {pid: f"Hand: {player['hand']}" for pid, player in self.ta_env.players.items() if player["hand"]}
        return {pid: [hand] for pid, hand in hands.items() if list(hands.values()).count(hand) == 1}


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_kuhn_poker",
        "description": (
            "TextArena Kuhn Poker (two players): a three-card deck (J, Q, K), one card each, ante "
            "1, check, bet, call or fold; the most chips after the rounds wins."
        ),
        "entry_point": "textarena.envs.KuhnPoker.env:KuhnPokerEnv",
        "master": KuhnPokerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (the last round played), 0 otherwise",
        "outcome": (
            "Success when all rounds were played; Lose at the request cap (100); Aborted when a seat "
            "broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "equilibrium": 10},
        "players": 2,
        "references": ["random", "equilibrium"],
        "player_specs": seats(2, ["[check]", "[bet]", "[call]", "[fold]", "I hold the King: [bet]", "I raise."]),
        "content": ["player_cards"],
        "max_requests": 100,
    },
    {
        "game_name": "ta_indian_poker",
        "description": (
            "TextArena Indian Poker (two players): one card each from a 52-card deck, seen only by "
            "the opponent; check, bet, call, raise or fold; the most chips after the rounds wins."
        ),
        "entry_point": "textarena.envs.IndianPoker.env:IndianPokerEnv",
        "master": IndianPokerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (the last round played), 0 otherwise",
        "outcome": (
            "Success when all rounds were played; Lose at the request cap (200); Aborted when a seat "
            "broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "heuristic": 10},
        "players": 2,
        "references": ["random", "heuristic"],
        "player_specs": seats(
            2,
            [
                "[check]",
                "[bet 2]",
                "[call]",
                "[raise 1]",
                "[fold]",
                "Their card is low: [bet 5]",
                "I bet.",
            ],
        ),
        "content": ["player_cards"],
        "max_requests": 200,
    },
    {
        "game_name": "ta_pig_dice",
        "description": (
            "TextArena Pig (two players): roll a die to add to the turn total, or hold to bank it; "
            "a 1 loses the turn total; the first to the target score, or the higher score at the "
            "turn limit, wins."
        ),
        "entry_point": "textarena.envs.PigDice.env:PigDiceEnv",
        "master": PigDiceMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (the target score or the turn limit), 0 otherwise",
        "outcome": (
            "Success when a seat reached the target score or the turn limit was reached; Aborted when a "
            "seat broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "hold_at_20": 10},
        "players": 2,
        "references": ["random", "hold_at_20"],
        "player_specs": seats(2, ["[roll]", "[roll]", "[roll]", "[hold]", "I roll again.", "[roll]"]),
        "content": [],
        "experiments": ["short", "default"],
    },
    {
        "game_name": "ta_game_of_pure_strategy",
        "description": (
            "TextArena Game of Pure Strategy (GOPS, two players): each holds A-K; every round a "
            "prize card is revealed and both bid one card in secret; the higher bid wins the prize, "
            "ties carry it over; the most prize points after 13 rounds wins."
        ),
        "entry_point": "textarena.envs.GameOfPureStrategy.env:GameOfPureStrategyEnv",
        "master": GameOfPureStrategyMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (13 rounds), 0 otherwise",
        "outcome": (
            "Success when all 13 rounds were played; Lose at the request cap (60); Aborted when a seat "
            "broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "match_prize": 10},
        "players": 2,
        "references": ["random", "match_prize"],
        "player_specs": seats(
            2,
            [
                "[A]",
                "[2]",
                "[3]",
                "[4]",
                "[5]",
                "[6]",
                "[7]",
                "[8]",
                "[9]",
                "[10]",
                "[J]",
                "[Q]",
                "[K]",
                "I bid my King.",
            ],
        ),
        "content": ["prize_deck"],
        "max_requests": 60,
    },
    {
        "game_name": "ta_three_player_gops",
        "description": (
            "TextArena Three-Player GOPS: each of three players holds A-K; every round a prize card "
            "is revealed and all bid one card in secret; the highest bid wins the prize, ties carry "
            "it over; the most prize points after 13 rounds wins."
        ),
        "entry_point": "textarena.envs.ThreePlayerGOPS.env:ThreePlayerGOPSEnv",
        "master": GameOfPureStrategyMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (13 rounds), 0 otherwise",
        "outcome": (
            "Success when all 13 rounds were played; Lose at the request cap (90); Aborted when a seat "
            "broke the rules."
        ),
        "n_instances": {"base": 1, "random": 12},
        "players": 3,
        "references": ["random"],
        "player_specs": seats(
            3,
            [
                "[A]",
                "[2]",
                "[3]",
                "[4]",
                "[5]",
                "[6]",
                "[7]",
                "[8]",
                "[9]",
                "[10]",
                "[J]",
                "[Q]",
                "[K]",
                "I bid my King.",
            ],
        ),
        "content": ["prize_deck"],
        "max_requests": 90,
    },
    {
        "game_name": "ta_liars_dice",
        "description": (
            "TextArena Liar's Dice (two seats; four in the experiment 4_seats): each rolls hidden "
            "dice; bid on how many dice of a face lie on the table, or call the last bid; the loser "
            "of a call loses a die; the last seat with dice wins."
        ),
        "entry_point": "textarena.envs.LiarsDice.env:LiarsDiceEnv",
        "master": LiarsDiceMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (one seat left with dice), 0 otherwise",
        "outcome": (
            "Success when one seat lost all its dice by play; Lose at the request cap (300); Aborted "
            "when a seat broke the rules."
        ),
        "n_instances": {"base": 1, "random": 8, "probability": 8},
        "players": 2,
        "references": ["random", "probability"],
        "player_specs": seats(
            2,
            [
                "[Bid: 1, 2]",
                "[Bid: 2, 3]",
                "[Bid: 3, 4]",
                "[Bid: 4, 5]",
                "[Call]",
                "I have three fours: [Bid: 3, 4]",
                "I call.",
            ],
        ),
        "content": ["dice_rolls"],
        "max_requests": 300,
        # the prompt (LiarsDice/env.py:28) did not say which number is which, and "a higher quantity or higher face"
        # allowed lowering the other, which `_is_valid_bid` (env.py:117-123) refuses
        "relabel": [
            [
                "1\\) Make a new bid with a higher quantity or higher face \\(or both\\) than the current bid; "
                "i\\.e\\. '\\[Bid: 3, 4\\]',",
                "1) Make a new bid that raises the quantity, the face or both of the current bid and lowers neither, "
                "as '[Bid: quantity, face]' ('[Bid: 3, 4]' bids that at least three of all the dice show 4),",
            ]
        ],
        "experiments": {
            "small": {"num_dice": 3},
            "default": {"num_dice": 5},
            "large": {"num_dice": 12},
            "4_seats": {"num_dice": 5, "seats": 4},
        },
    },
    {
        "game_name": "ta_briscola",
        "description": (
            "TextArena Briscola (two players): the 40-card Italian deck, three cards in hand, a "
            "trump suit; play a card to each trick (no need to follow suit), the higher trump or "
            "the higher card of the suit led takes it; the most card points of 120 wins, 60-60 is a "
            "draw."
        ),
        "entry_point": "textarena.envs.Briscola.env:BriscolaEnv",
        "master": BriscolaMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (all 40 cards played), 0 otherwise",
        "outcome": (
            "Success when all cards were played; Lose at the request cap (100); Aborted when a seat broke the rules."
        ),
        "n_instances": {"base": 1, "random": 24, "greedy": 24},
        "players": 2,
        "references": ["random", "greedy"],
        "player_specs": seats(
            2,
            [
                "[play 1]",
                "[play 2]",
                "[play 3]",
                "[play 1]",
                "I lead my lowest card: [play 2]",
                "I play my ace.",
            ],
        ),
        "max_requests": 100,
    },
    {
        "game_name": "ta_golf",
        "description": (
            "TextArena Golf (two players, one round): a grid of cards each (2x3, or 3x3 from two "
            "decks), a third face up, the rest hidden even from their owner; draw from the deck or "
            "take the discard, then swap it into the grid or discard it; when a seat's grid is all "
            "face up, the other seat has one more turn; the lower grid score wins (A=1, 2-10 face "
            "value, J/Q=10, K=0, a column of equal values 0), an equal score is a draw."
        ),
        "entry_point": "textarena.envs.Golf.env:GolfEnv",
        "master": GolfMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": (
            "100 when the game came to its regular end (a grid all face up and the last turn played, or "
            "the deck run out), 0 otherwise"
        ),
        "outcome": (
            "Success when the game came to its regular end; Lose at the request cap (300); Aborted when "
            "a seat broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "greedy": 10},
        "players": 2,
        "references": ["random", "greedy"],
        "player_specs": seats(
            2,
            [
                "[draw]",
                "[take]",
                "[discard]",
                "[swap 1 1]",
                "[swap 2 3]",
                "[swap 1 2]",
                "I draw a card: [draw]",
                "I keep it.",
            ],
        ),
        "max_requests": 300,
    },
    {
        "game_name": "ta_spite_and_malice",
        "description": (
            "TextArena Spite and Malice (two players): two decks without tens, a 20-card payoff "
            "pile each, five cards in hand; play from the hand, the payoff pile's top or a discard "
            "pile's top onto four shared center piles that run A to Q (kings wild), end a turn by "
            "discarding from the hand; the first to empty the payoff pile wins; when the game "
            "cannot go on, fewer payoff cards left wins, equal is a draw."
        ),
        "entry_point": "textarena.envs.SpiteAndMalice.env:SpiteAndMaliceEnv",
        "master": SpiteAndMaliceMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": (
            "100 when the game came to its regular end (a payoff pile emptied, or a deadlock decided by "
            "the payoff cards left), 0 otherwise"
        ),
        "outcome": (
            "Success when the game came to its regular end; Lose at the request cap (400, the seat with "
            "fewer payoff cards left wins there); Aborted when a seat broke the rules."
        ),
        # a variant raised to the count of measured power (scripts/power.py)
        "n_instances": {"base": 1, "random": 10, "greedy": 50},
        "players": 2,
        "references": ["random", "greedy"],
        "player_specs": seats(
            2,
            [
                "[draw]",
                "[play A♠ 0]",
                "[play A♥ 1]",
                "[play 2♦ 0]",
                "[play K♣ 2]",
                "[discard 9♠ 0]",
                "[discard Q♥ 1]",
                "I start my turn: [draw]",
            ],
        ),
        "max_requests": 400,
        # the seat's own discard (SpiteAndMalice/env.py:361): "you have finished their turn. No further actions of
        # yours is considered ..."
        "relabel": [
            [
                "^You have discarded (\\S+) to discard pile (\\d), which also means you have finished their turn\\. "
                "No further actions of yours is considered for this turn\\. Player (\\d) will go next\\.$",
                "You discarded \\1 to discard pile \\2, which ends your turn (moves after it in your reply are not "
                "played). Player \\3 plays next.",
            ]
        ],
    },
    {
        "game_name": "ta_german_whist",
        "description": (
            "TextArena German Whist (two players): 13 cards each, trumps set by the first face-up "
            "card; while the stock lasts the trick's winner takes the face-up card and the loser "
            "the next, hidden one; then the hands are played out; the most of the 26 tricks wins "
            "(13-13 is a draw)."
        ),
        "entry_point": "textarena.envs.GermanWhist.env:GermanWhistEnv",
        "master": GermanWhistMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (all 26 tricks played), 0 otherwise",
        "outcome": (
            "Success when all 26 tricks were played; Lose at the request cap (120); Aborted when a seat "
            "broke the rules."
        ),
        "n_instances": {"base": 1, "random": 20, "greedy": 20},
        "players": 2,
        "references": ["random", "greedy"],
        "view_window": 6000,
        "player_specs": seats(
            2,
            [
                "[play 1]",
                "[play 2]",
                "[play 3]",
                "[play 4]",
                "[play 5]",
                "[play 6]",
                "[play 7]",
                "[play 13]",
                "I lead my Ace: [play 1]",
                "I play my King.",
            ],
        ),
        "max_requests": 120,
    },
    {
        "game_name": "ta_high_society",
        "description": (
            "TextArena High Society (two players): ten prestige cards (1-10) are auctioned one by "
            "one; both bid one money card (1-11) in secret, the higher bid wins the card and spends "
            "its money card, a tie re-auctions it; the most prestige points after the ten auctions "
            "wins."
        ),
        "entry_point": "textarena.envs.HighSociety.env:HighSocietyEnv",
        "master": HighSocietyMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (ten auctions), 0 otherwise",
        "outcome": (
            "Success when all ten auctions were won; Lose at the request cap (60: endless ties); "
            "Aborted when a seat broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "rank_match": 10},
        "players": 2,
        "references": ["random", "rank_match"],
        "player_specs": seats(
            2,
            [
                "[1]",
                "[2]",
                "[3]",
                "[4]",
                "[5]",
                "[6]",
                "[7]",
                "[8]",
                "[9]",
                "[10]",
                "[11]",
                "I bid my eleven.",
                "[12]",
            ],
        ),
        "max_requests": 60,
    },
    {
        "game_name": "ta_poker",
        "description": (
            "TextArena Texas Hold'em (two players, heads-up): 1000 chips each, blinds 10/20, two "
            "hole cards each and five community cards; check, call, fold, bet or raise; after the "
            "hands (or when a seat is bust) the bigger stack wins."
        ),
        "entry_point": "textarena.envs.Poker.env:PokerEnv",
        "master": PokerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (the last hand played or a seat bust), 0 otherwise",
        "outcome": (
            "Success when the game came to its regular end; Lose at the request cap (600); Aborted when "
            "a seat broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "equity": 10},
        "players": 2,
        "references": ["random", "equity"],
        "player_specs": seats(
            2,
            [
                "[Check]",
                "[Call]",
                "[Fold]",
                "[Bet 40]",
                "[Raise 20]",
                "[Call]",
                "[Check]",
                "I hold two aces: [Raise 100]",
                "I go all in.",
            ],
        ),
        "max_requests": 600,
    },
]
