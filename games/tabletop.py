"""Masters of the tabletop games between seats: poker, dice, sealed-bid auctions and card games
(docs/games/tabletop.md)."""
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

    Two TextArena 0.7.4 defects are worked around by wrapping `_init_round`:
    - `second_check` is never reset between rounds (`IndianPoker/env.py:103-109`): after a round that ended with a
      check, the first `[check]` of the next round went straight to showdown before the other seat could act;
    - the ante is taken even from a seat that has no chip left (`env.py:44-45`), and then every move of that seat,
      `[check]` and `[fold]` included, is "Insufficient chips" (`env.py:98`, cost 0 > -1 chips): it could only
      lose by invalid moves. A seat that cannot pay the next ante is out, and the other seat wins.
    """

    def _on_before_reset(self):
        env = self.ta_env
        init_round = env._init_round

        def init_round_with_fresh_checks_and_busts():
            game_state = env.state.game_state
            game_state["second_check"] = False
            broke = [pid for pid, chips in game_state["player_chips"].items() if chips < env.ante]
            if broke and game_state["current_round"] < env.max_rounds:
                env.state.set_winner(1 - broke[0], f"Player {broke[0]} cannot pay the ante of the next round "
                                                   f"({game_state['player_chips'][broke[0]]} chips).")
                return
            init_round()
        env._init_round = init_round_with_fresh_checks_and_busts

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


class ThreePlayerGOPSMaster(GameOfPureStrategyMaster):
    """Three-Player GOPS ends when a seat is eliminated for repeated invalid moves (the episode is Aborted then).

    TextArena 0.7.4 plays on with two seats (`ThreePlayerGOPS/env.py:23-38`), but when the eliminated seat was the
    round's last bidder the round never resolves: the next seat is asked to bid again in a round it has already
    bid in, from a hand shown before its bid (a reference then plays a card it no longer holds). The eliminated
    seat loses, the others win, as when TextArena eliminates two seats.
    """

    def _on_before_reset(self):
        env = self.ta_env
        handle_invalid = env._handle_invalid

        def end_at_the_first_elimination(reason):
            result = handle_invalid(reason)
            state = env.state
            if state.elimination_order and not state.done:
                out = state.elimination_order[0]
                state.set_game_outcome({pid: -1 if pid == out else 1 for pid in range(state.num_players)},
                                       f"Player {out} eliminated after repeated invalid moves.")
                return True, result[1]
            return result
        env._handle_invalid = end_at_the_first_elimination


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

    TextArena 0.7.4 defect H1: its prompt says the score is "remaining cash + prestige points" (net worth), but
    `_end_match` (`HighSociety/env.py:294-296`) counts prestige only. The game is kept as TextArena scores it (its
    rewards, the references' play) and the prompt's scoring lines are put right, so the rules a model reads are the
    rules it is judged by. H2: a tie returns both bids and re-auctions the card without limit (`env.py:284-287`):
    the spec's request cap ends such a loop (a draw, the generic outcome at the cap).
    """

    PROMPT_SCORING = ("Scoring:    After all ten auctions, add **remaining cash + prestige points**.\n"
                      "            Higher *net-worth* wins (exact tie -> draw).")
    TRUE_SCORING = ("Scoring:    After all ten auctions, the higher total of prestige points wins (exact tie -> "
                    "draw).\n            Money cards left over count for nothing.")

    def _on_before_reset(self):
        env = self.ta_env
        prompt = env._prompt

        def prompt_with_the_scoring_as_played(player_id, game_state):
            text = prompt(player_id, game_state)
            if self.PROMPT_SCORING not in text:
                raise RuntimeError("TextArena's High Society prompt changed: review defect H1")
            return text.replace(self.PROMPT_SCORING, self.TRUE_SCORING)
        env._prompt = prompt_with_the_scoring_as_played

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
    them at the showdown (defect P2, `Poker/env.py` `_reset_round`, `_handle_showdown`). Three workarounds (TextArena
    0.7.4), each pinned by a test:
    - P1: heads-up the button posts the small blind and acts first pre-flop (`_reset_round`), but the board labels
      roles as for three or more seats (`_observe_current_pot`: `sb = btn+1`, `bb = btn+2`): the button was shown
      "Dealer/BB" and the big blind "SB". The labels are put right ("Dealer/SB", "BB").
    - P3: the final ranking sorts the stacks (`_set_outcome`); equal stacks (1000 each) fall back to seat order, so
      Player 1 won. Equal stacks with no seat bust are a draw.
    - P4: a seat eliminated by its second invalid move in a row is not the end of the game: with `_handle_invalid`
      the next hand is dealt anyway and the eliminated seat plays on as all-in (the episode ran into the request
      cap), and "Cannot check facing a bet." eliminates without even that. The game ends at such an elimination:
      the violating seat loses, the other wins (the episode is Aborted).
    """

    def _on_before_reset(self):
        env = self.ta_env
        observe, set_outcome = env._observe_current_pot, env._set_outcome

        def observe_with_heads_up_roles():
            state = env.state
            own = state.__dict__.get("add_observation")
            add = state.add_observation

            def add_with_heads_up_roles(*args, message="", **kwargs):
                message = message.replace(" (Dealer/BB): ", " (Dealer/SB): ").replace(" (SB): ", " (BB): ")
                return add(*args, message=message, **kwargs)
            state.add_observation = add_with_heads_up_roles
            try:
                observe()
            finally:
                if own is None:
                    del state.add_observation
                else:
                    state.add_observation = own

        def set_outcome_with_draws():
            state = env.state
            chips = state.game_state["player_chips"]
            if not state.elimination_order and chips[0] == chips[1]:
                state.set_draw(f"Both seats end with {chips[0]} chips.")
                return
            set_outcome()
        env._observe_current_pot = observe_with_heads_up_roles
        env._set_outcome = set_outcome_with_draws

    def _on_before_game(self):
        env = self.ta_env
        step = env.step

        def step_ending_at_an_elimination(action):
            done, info = step(action)
            state = env.state
            out = [pid for pid, game_info in state.game_info.items() if game_info.get("invalid_move")]
            if out and not state.done:
                state.set_game_outcome({pid: -1 if pid == out[0] else 1 for pid in range(state.num_players)},
                                       f"Player {out[0]} eliminated after repeated invalid moves.")
                return True, info
            return done, info
        env.step = step_ending_at_an_elimination

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
    to that seat alone (`Your hand:` and the numbered cards).

    TextArena 0.7.4 gives a 60-60 tie to Player 0: `_end_game` picks the winner with `max()` over the seats
    (`Briscola/env.py:336`). The master ends a tied game as a draw, as the rules of Briscola have it.
    """

    def _on_before_reset(self):
        env = self.ta_env
        end_game = env._end_game

        def end_game_with_draws():
            points = env.state.game_state["points_won"]
            if len(set(points.values())) > 1:
                return end_game()
            env.state.game_state["phase"] = "finished"
            env.state.set_draw(f"Game Over! A draw: both players have {points[0]} points.")
            return env.state.step(rotate_player=False)
        env._end_game = end_game_with_draws

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

    TextArena 0.7.4 gives an equal lowest score to Player 0: `_end_game` picks the winner with `min()` over the
    seats (`Golf/env.py:435`). The master ends a game of equal scores as a draw.

    A seat that takes the discard and swaps it onto a face-up card changes nothing that ends the game (the discard
    pile is never empty after a swap), so the game can go on forever: the spec's `max_requests` stops it (a draw).
    """

    def _on_before_reset(self):
        env = self.ta_env
        end_game = env._end_game

        def end_game_with_draws():
            end_game()
            scores = {pid: player["score"] for pid, player in env.state.game_state["players"].items()}
            if len(set(scores.values())) == 1:
                env.state.set_draw(f"Game Over! A draw: both players have a score of {scores[0]} points.")
        env._end_game = end_game_with_draws

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

    TextArena 0.7.4 stalls (defect S1): a turn ends only with a discard from the hand, and center piles that reach
    Q are cleared, never recycled, so the stock runs out; a seat with an empty hand, an empty stock and no card to
    play can only `[draw]`, which does nothing, and its turn never ends. TextArena's deadlock rule needs both hands
    empty (`SpiteAndMalice/env.py:218-242`) and rarely fires. The master ends the game as soon as the seat on turn
    is stuck so, by TextArena's own deadlock rule: fewer payoff cards left wins. Equal piles are a draw (TextArena
    gives a tie to the seat on turn, `env.py:290-292`, defect S2), at its own deadlocks too.

    A seat can still stall by drawing forever (`[draw]` is always offered): the spec's `max_requests` stops the
    episode, and the same rule decides it. In `_vs_` variants the references' moves count too: the episode also
    stops after twice `max_requests` moves of both seats.
    """

    def _on_before_reset(self):
        env = self.ta_env
        step, end_check = env.step, env._handle_game_end_check

        def end_check_with_draws():
            ended = end_check()
            reason = env.state.game_info[0].get("reason", "")
            if ended and reason.startswith("Deadlock reached with tie!"):
                env.state.set_draw(reason.split(" Player ")[0] + " A draw.")
            return ended

        def step_ending_stuck_turns(action):
            done, info = step(action)
            pid = env.state.current_player_id
            if not done and not env.deck and not env.players[pid]["hand"] and not env._player_has_valid_moves(pid):
                self._decide_by_payoff_piles(f"Deadlock reached! Player {pid} has no card in hand, none to draw and "
                                             f"none to play: its turn can never end.")
                done = True
            return done, info
        env._handle_game_end_check = end_check_with_draws
        env.step = step_ending_stuck_turns

    def _on_before_game(self):
        self._moves_of_all_seats = 0

    def _decide_by_payoff_piles(self, why: str):
        left = self.payoffs()
        if left[0] == left[1]:
            self.env.state.set_draw(f"{why} Both players have {left[0]} payoff cards left: a draw.")
        else:
            winner = 0 if left[0] < left[1] else 1
            self.env.state.set_winner(winner, f"{why} Player {winner} wins with {left[winner]} payoff cards left vs "
                                              f"Player {1 - winner}'s {left[1 - winner]}.")

    def _move(self, seat, move):
        done, reason = super()._move(seat, move)
        self._moves_of_all_seats += 1
        cap = 2 * self.max_requests
        if not done and self._moves_of_all_seats >= cap and self.cap_reason is None:
            self.cap_reason = f"The episode reached its cap of {cap} moves of both seats."
            self.log_to_self("request cap", self.cap_reason)
            done = True
        return done, reason

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

