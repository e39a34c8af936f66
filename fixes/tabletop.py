"""Repairs of the card and dice games between seats: Indian Poker, Liar's Dice, High Society, Poker, Briscola, Golf,
Spite and Malice (docs/games/tabletop.md). Three-Player GOPS and Poker also end at their first elimination
(`common.EndAtTheFirstElimination`)."""

import re

import textarena as ta

from fixes.common import EndAtTheFirstElimination, Fixes


class IndianPokerFixes:
    """Two defects of TextArena 0.7.4's IndianPoker, put right at the start of every round (`_init_round`):
    - `second_check` is never reset between rounds (IndianPoker/env.py:103-109): after a round that ended with a
      check, the first `[check]` of the next round went straight to showdown before the other seat could act;
    - the ante is taken even from a seat that has no chip left (env.py:43-44), and then every move of that seat,
      `[check]` and `[fold]` included, is "Insufficient chips" (env.py:98, cost 0 > -1 chips): it could only lose by
      invalid moves. A seat that cannot pay the next ante is out, and the other seat wins.
    """

    def _init_round(self):
        game_state = self.state.game_state
        game_state["second_check"] = False
        broke = [pid for pid, chips in game_state["player_chips"].items() if chips < self.ante]
        if broke and game_state["current_round"] < self.max_rounds:
            self.state.set_winner(
                1 - broke[0],
                f"Player {broke[0]} cannot pay the ante of the next round "
                f"({game_state['player_chips'][broke[0]]} chips).",
            )
            return
        super()._init_round()


class HighSocietyFixes:
    """TextArena 0.7.4's High Society prompt says the score is "remaining cash + prestige points" (HighSociety/
    env.py:30-31), but `_end_match` counts prestige only (env.py:72-73): the prompt's scoring lines are put
    right, so that the rules a model reads are the rules it is judged by (defect H1, docs/games/tabletop.md)."""

    PROMPT_SCORING = (
        "Scoring:    After all ten auctions, add **remaining cash + prestige points**.\n"
        "            Higher *net-worth* wins (exact tie -> draw)."
    )
    TRUE_SCORING = (
        "Scoring:    After all ten auctions, the higher total of prestige points wins (exact tie -> "
        "draw).\n            Money cards left over count for nothing."
    )

    def _prompt(self, player_id, game_state):
        text = super()._prompt(player_id, game_state)
        if self.PROMPT_SCORING not in text:
            raise RuntimeError("TextArena's High Society prompt changed: review defect H1")
        return text.replace(self.PROMPT_SCORING, self.TRUE_SCORING)


class PokerFixes:
    """Two defects of TextArena 0.7.4's Poker heads-up (the game masters seat two; its elimination for invalid moves
    is `common.EndAtTheFirstElimination`'s, defect P4 of docs/games/tabletop.md):
    - P1: heads-up the button posts the small blind and acts first pre-flop (`_reset_round`), but the board labels the
      roles as for three or more seats (Poker/env.py:119-127, `sb = btn+1`, `bb = btn+2`): the button was shown
      "Dealer/BB" and the big blind "SB". The labels are put right ("Dealer/SB", "BB").
    - P3: the final ranking sorts the stacks (`_set_outcome`, env.py:465-475); equal stacks (1000 each) fall back to
      seat order, so Player 1 won. Equal stacks with no seat bust are a draw.
    """

    def _observe_current_pot(self):
        super()._observe_current_pot()
        state = self.state
        if state.num_players != 2:
            return
        # the board just queued for the seat on turn (env.py:141), and its copy in the state's log
        queue = state.observations[state.current_player_id]
        sender, message, observation_type = queue[-1]
        message = message.replace(" (Dealer/BB): ", " (Dealer/SB): ").replace(" (SB): ", " (BB): ")
        queue[-1] = (sender, message, observation_type)
        state.logs[-1] = (sender, message)

    def _set_outcome(self):
        state = self.state
        chips = state.game_state["player_chips"]
        if state.num_players == 2 and not state.elimination_order and chips[0] == chips[1]:
            state.set_draw(f"Both seats end with {chips[0]} chips.")
            return
        super()._set_outcome()


class BriscolaFixes:
    """TextArena 0.7.4 gives a 60-60 tie to Player 0: `_end_game` picks the winner with `max()` over the seats
    (Briscola/env.py:336). A tied game ends as a draw, as the rules of Briscola have it."""

    def _end_game(self):
        points = self.state.game_state["points_won"]
        if len(set(points.values())) > 1:
            return super()._end_game()
        self.state.game_state["phase"] = "finished"
        self.state.set_draw(f"Game Over! A draw: both players have {points[0]} points.")
        return self.state.step(rotate_player=False)


class GolfFixes:
    """TextArena 0.7.4 gives an equal lowest score to Player 0: `_end_game` picks the winner with `min()` over the
    seats (Golf/env.py:435). A game of equal scores ends as a draw."""

    def _end_game(self):
        super()._end_game()
        scores = {pid: player["score"] for pid, player in self.state.game_state["players"].items()}
        if len(set(scores.values())) == 1:
            self.state.set_draw(f"Game Over! A draw: both players have a score of {scores[0]} points.")


class LiarsDiceFixes:
    """TextArena 0.7.4's Liar's Dice sends a seat its board, "New round - Remaining dice: ... Your current Dice are:
    ...", only when a round starts (LiarsDice/env.py:41-43); the bid it has to beat (`current_bid`, `last_bidder_id`,
    env.py:80-82) is nowhere in it, only in the messages above it, so the state a model read last said a round had
    just begun. Whenever a seat comes on turn with a bid standing, it is sent its board anew with that bid, who made
    it and how it can be beaten (TextArena's rule, `_is_valid_bid` env.py:117-123: the quantity and the face may
    both rise, and neither may fall). A round's start is TextArena's board alone, which says it (and the first one is
    part of the instances' fingerprints)."""

    def step(self, action: str):
        done, info = super().step(action)
        state = self.state
        bidder = state.game_state["last_bidder_id"]
        if not done and not state.done and bidder is not None:
            game_state = state.game_state
            pid = state.current_player_id
            bid = game_state["current_bid"]
            remaining = "; ".join(f"\tPlayer {p}: {count}" for p, count in game_state["remaining_dice"].items())
            board = (
                f"Remaining dice: {remaining}\n"
                f"Your current Dice are: {', '.join(map(str, game_state['dice_rolls'][pid]))}\n"
                f"Current bid: {bid['quantity']} of face {bid['face_value']}, by Player {bidder}. Beat it with "
                f"'[Bid: quantity, face]': a higher quantity, a higher face (up to 6) or both, and neither lower; "
                f"or call it with '[Call]'."
            )
            state.add_observation(to_id=pid, message=board, observation_type=ta.ObservationType.GAME_BOARD)
        return done, info


class SpiteAndMaliceFixes:
    """Two defects of TextArena 0.7.4's Spite and Malice:
    - S1, a stall: a turn ends only with a discard from the hand, and center piles that reach Q are cleared, never
      recycled, so the stock runs out; a seat with an empty hand, an empty stock and no card to play can only
      `[draw]`, which does nothing, and its turn never ends. TextArena's deadlock rule needs both hands empty
      (SpiteAndMalice/env.py:218-242) and rarely fires. The game ends as soon as the seat on turn is stuck so, by
      TextArena's own deadlock rule: fewer payoff cards left wins.
    - S2: equal payoff piles at a deadlock go to the seat on turn (env.py:290-292): they are a draw.
    - S3: a `[play]` that names no card and pile fits TextArena's move pattern, whose card and pile are optional
      (env.py:317), and then raises `ValueError` at `int('')` (env.py:340): a model's reply failed the episode. It is
      an invalid play, as an unplayable card is (env.py:346-348), and the reply's other moves are not played.
    """

    BARE_PLAY = re.compile(r"\[play\]")

    def step(self, action: str):
        if self.BARE_PLAY.search(action):
            pid = self.state.current_player_id
            self.state.add_observation(
                from_id=pid, to_id=pid, message=action, observation_type=ta.ObservationType.PLAYER_ACTION
            )
            self.state.set_invalid_move(
                reason=f"Invalid play. Player {pid} played no card: a play is [play <card> <center pile 0-3>]."
            )
            self._observe_current_state(player_id=pid)
            return self.state.step(rotate_player=False)
        return self._step_ending_a_stall(action)

    def _handle_game_end_check(self):
        ended = super()._handle_game_end_check()
        reason = self.state.game_info[0].get("reason", "")
        if ended and reason.startswith("Deadlock reached with tie!"):
            self.state.set_draw(reason.split(" Player ")[0] + " A draw.")
        return ended

    def _step_ending_a_stall(self, action: str):
        done, info = super().step(action)
        pid = self.state.current_player_id
        if not done and not self.deck and not self.players[pid]["hand"] and not self._player_has_valid_moves(pid):
            self.decide_by_payoff_piles(
                f"Deadlock reached! Player {pid} has no card in hand, none to draw and none "
                f"to play: its turn can never end."
            )
            done = True
        return done, info

    def decide_by_payoff_piles(self, why: str):
        """TextArena's deadlock rule (env.py:276-292) with equal piles a draw."""
        left = {pid: len(player["payoff"]) for pid, player in self.players.items()}
        if left[0] == left[1]:
            self.state.set_draw(f"{why} Both players have {left[0]} payoff cards left: a draw.")
        else:
            winner = 0 if left[0] < left[1] else 1
            self.state.set_winner(
                winner,
                f"{why} Player {winner} wins with {left[winner]} payoff cards left vs "
                f"Player {1 - winner}'s {left[1 - winner]}.",
            )


class SpiteAndMaliceStateFixes:
    """TextArena 0.7.4's Spite and Malice announces a discard, which ends the turn, to both seats (`to_id=-1`,
    SpiteAndMalice/env.py:363-364): "Player 0 discarded 7♠ to discard pile 1, ... Player 1, you will go next. Please
    enter your action in the format [action card center_index]." The discarding seat, told its own discard already
    (env.py:361-362), read a turn handed to another seat and that seat's instructions; and the format holds for no
    move but `[play]`: `[draw]` takes no card, and a discard's index is one of the seat's own discard piles
    (env.py:317, :349-360). The announcement goes to the next seat alone, with the three moves as the parser reads
    them."""

    TURN_HANDED_ON = re.compile(
        r"^Player (\d) discarded (\S+) to discard pile (\d), which also means they finished their turn\. .*"
        r"Player (\d), you will go next\. Please enter your action in the format \[action card center_index\]\.$"
    )

    def add_observation(self, message, observation_type, from_id=ta.GAME_ID, to_id=-1):
        handed_on = to_id == -1 and from_id == ta.GAME_ID and self.TURN_HANDED_ON.match(message)
        if handed_on:
            player, card, pile, to_id = handed_on.groups()
            to_id = int(to_id)
            message = (
                f"Player {player} discarded {card} to discard pile {pile}, which ends their turn. "
                f"Player {to_id}, it is your turn: [draw] fills your hand up to 5 cards; [play <card> <center pile "
                f"0-3>] plays a card from your hand, your payoff pile's top or one of your discard piles' tops; "
                f"[discard <card in your hand> <your discard pile 0-3>] ends your turn."
            )
        return super().add_observation(message, observation_type, from_id=from_id, to_id=to_id)


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.IndianPoker.env:IndianPokerEnv": Fixes(env=(IndianPokerFixes,)),
    "textarena.envs.ThreePlayerGOPS.env:ThreePlayerGOPSEnv": Fixes(wrappers=(EndAtTheFirstElimination,)),
    "textarena.envs.LiarsDice.env:LiarsDiceEnv": Fixes(env=(LiarsDiceFixes,)),
    "textarena.envs.HighSociety.env:HighSocietyEnv": Fixes(env=(HighSocietyFixes,)),
    "textarena.envs.Poker.env:PokerEnv": Fixes(env=(PokerFixes,), wrappers=(EndAtTheFirstElimination,)),
    "textarena.envs.Briscola.env:BriscolaEnv": Fixes(env=(BriscolaFixes,)),
    "textarena.envs.Golf.env:GolfEnv": Fixes(env=(GolfFixes,)),
    "textarena.envs.SpiteAndMalice.env:SpiteAndMaliceEnv": Fixes(
        env=(SpiteAndMaliceFixes,), state=(SpiteAndMaliceStateFixes,)
    ),
}
