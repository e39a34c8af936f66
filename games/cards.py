"""Masters of the card games and 2048: Blackjack, Set, UltimateTexasHoldem, 2048 (docs/games/card-games.md)."""

from submasters import SinglePlayerMaster


class BlackjackMaster(SinglePlayerMaster):
    """Logs the hands won, lost and pushed. Success when the player won more hands than the dealer.

    TextArena 0.7.4 rewards the share of hands won and has no turn limit: every hit draws a card, so a hand
    ends after at most 20 hits (the spec's `max_requests` only satisfies the game master's rule and never binds).
    """

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        hands = {**game_state["results_summary"], "hands": game_state["num_hands"]}
        self.log_key("hands", hands)
        self.log_key("completion", self.completion())
        if self.ended_by_violation():
            outcome = "aborted"
        elif self.env.state.done and hands["win"] > hands["lose"]:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())


class SetMaster(SinglePlayerMaster):
    """Logs the Sets found in TextArena's 20 turns. Success when every turn found a Set. (A board shown without a
    Set and a card picked twice are TextArena 0.7.4 defects: fixes.cards.SetFixes.)"""

    TURNS = 20  # hard-coded in TextArena 0.7.4's SetEnv

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key("sets", {"found": game_state["score"], "turns": game_state["num_turns"], "of": self.TURNS})
        self.log_key("completion", game_state["score"] / self.TURNS)
        if self.ended_by_violation():
            outcome = "aborted"
        elif game_state["score"] == self.TURNS:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())


class UltimateTexasHoldemMaster(SinglePlayerMaster):
    """Plays the experiment's `max_turns` rounds and logs the chips. Success when the player completed every round
    with more chips than it started with. (That the game plays all `max_turns` rounds, says so and ends right after the
    last is fixes.cards.UltimateTexasHoldemFixes', whose `clem_rounds` is the experiment's `max_turns`.)
    """

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        chips = {"start": self.ta_env.start_chips, "final": game_state["chips"],
                 "rounds": self.ta_env.clem_rounds, "rounds completed": self._rounds_completed()}
        self.log_key("chips", chips)
        if self.ended_by_violation():
            outcome = "aborted"
        elif chips["rounds completed"] == chips["rounds"] and chips["final"] > chips["start"]:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())

    def _rounds_completed(self) -> int:
        game_state = self.env.state.game_state
        return game_state["current_round"] - (game_state["current_phase"] != "showdown")


class Game2048Master(SinglePlayerMaster):
    """Logs the largest tile and the target. Success when the target tile is reached.

    TextArena 0.7.4 rewards a full board with its completion, which reaches 1 (the reward of a win) when the score
    is high enough: a 2048 board can score 1 at target 4096. The outcome comes from the tiles instead.
    """

    def _on_after_game(self, rewards):
        board = self.env.state.game_state["board"]
        tiles = {"max": max(max(row) for row in board), "target": self.ta_env.target_tile}
        self.log_key("tiles", tiles)
        self.log_key("completion", self.completion())
        if self.ended_by_violation():
            outcome = "aborted"
        elif tiles["max"] >= tiles["target"]:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())

