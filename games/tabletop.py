"""Masters of the tabletop games between seats: poker, dice, sealed-bid auctions and card games
(docs/games/tabletop.md; TextArena's defects in them are put right in fixes/tabletop.py)."""
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
        return {pid: chips - self.ta_env.starting_bank
                for pid, chips in self.env.state.game_state["player_chips"].items()}

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
        lines = {pid: f"Your current Dice are: {', '.join(map(str, dice))}"
                 for pid, dice in game_state["dice_rolls"].items() if game_state["remaining_dice"][pid] > 0}
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
        return {**super().content(),
                "hands": [[self._card(card) for card in game_state["players"][pid]["hand"]] for pid in (0, 1)],
                "trump card": self._card(game_state["trump_card"]),
                "stock": [self._card(card) for card in reversed(game_state["deck"])]}

    def payoffs(self):
        return dict(self.env.state.game_state["tricks_won"])

    def secrets(self):
        players = self.env.state.game_state["players"]
        return {pid: [f"    {position}. {self._card(card)}" for position, card in enumerate(player["hand"], 1)]
                for pid, player in players.items()}


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
        return {**super().content(),
                "auction order": [game_state["current_prize"], *reversed(game_state["prestige_deck"])]}

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
        return {pid: [f"Your hole: {', '.join(card['rank'] + card['suit'] for card in hand)}"]
                for pid, hand in hands.items()}


class BriscolaMaster(MultiPlayerMaster):
    """Briscola: payoffs are the card points won (120 in all); each seat's secret is its hand, as TextArena lists it
    to that seat alone (`Your hand:` and the numbered cards). A 60-60 tie is a draw (fixes.tabletop.BriscolaFixes).
    """

    def content(self):
        game_state, card = self.env.state.game_state, self.ta_env._card_to_string
        return {"trump card": card(game_state["trump_card"]),
                "hands": {f"Player {pid}": [card(c) for c in player["hand"]]
                          for pid, player in game_state["players"].items()},
                "draw order": [card(c) for c in reversed(game_state["deck"])]}

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
        return {"grids": {f"Player {pid}": [[card(c["card"]) for c in player["cards"][row:row + columns]]
                                            for row in range(0, len(player["cards"]), columns)]
                          for pid, player in game_state["players"].items()},
                "face up": {f"Player {pid}": [[index // columns + 1, index % columns + 1]
                                              for index, c in enumerate(player["cards"]) if c["revealed"]]
                            for pid, player in game_state["players"].items()},
                "discard pile": [card(c) for c in game_state["discard_pile"]],
                "draw order": [card(c) for c in reversed(game_state["deck"])]}

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
            rewards = {0: 0, 1: 0} if left[0] == left[1] else \
                {pid: 1 if left[pid] < left[1 - pid] else -1 for pid in (0, 1)}
            self.log_key("result at the cap", "the seat with fewer payoff cards left wins, equal piles draw")
        super()._on_after_game(rewards)

    def content(self):
        players = self.ta_env.players
        return {"payoff piles, top last": {f"Player {pid}": list(players[pid]["payoff"]) for pid in (0, 1)},
                "hands": {f"Player {pid}": list(players[pid]["hand"]) for pid in (0, 1)},
                "draw order": list(reversed(self.ta_env.deck))}

    def payoffs(self):
        return {pid: len(player["payoff"]) for pid, player in self.ta_env.players.items()}

    def secrets(self):
        hands = {pid: f"Hand: {player['hand']}" for pid, player in self.ta_env.players.items() if player["hand"]}
        return {pid: [hand] for pid, hand in hands.items() if list(hands.values()).count(hand) == 1}

