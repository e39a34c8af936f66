"""Repairs of the card games: Set, Ultimate Texas Hold'em; Klondike's stand-in (docs/games/cards.md)."""

import textarena as ta
from textarena.envs.Set import env as set_env

from fixes.common import Fixes


class SetFixes:
    """Two defects of TextArena 0.7.4's Set:
    - The env deals 3 more cards when the board holds no Set only at the start of the next step (Set/env.py:95-104),
      after the player chose from the Set-less board it was shown: that turn is lost whatever the player does. The
      deal happens before the board is shown instead (`_observe_state`), so the player always sees a board with a Set
      while the deck lasts.
    - A card picked more than once ("[1, 1, 1]") counts as a Set (three equal cards agree on every attribute,
      env.py:32) and removes other cards from the board: such a pick is an invalid move instead.
    The 6,480 Sets the constructor lists (`all_sets`, env.py:47) are never read: a copy of the env shares them (their
    copy took 150 ms, for every step under clemcore's branching runner).
    """

    SHARED_ON_COPY = ("all_sets",)

    def _observe_state(self):
        game_state = self.state.game_state
        while game_state["deck"] and not set_env._has_set(game_state["board"]):
            dealt = [game_state["deck"].pop() for _ in range(min(3, len(game_state["deck"])))]
            game_state["board"].extend(dealt)
            self.state.add_observation(
                f"No valid sets found on board. Dealt {len(dealt)} additional cards.",
                observation_type=ta.ObservationType.GAME_MESSAGE,
            )
        super()._observe_state()

    def step(self, action: str):
        picked = self._parse_action(action)
        if picked is not None and len(set(picked)) < 3:
            self.state.add_observation(
                from_id=self.state.current_player_id, message=action, observation_type=ta.ObservationType.PLAYER_ACTION
            )
            self.state.set_invalid_move(reward=0, reason="Invalid action. Pick three different cards.")
            return self.state.step()
        return super().step(action)


class UltimateTexasHoldemFixes:
    """Three defects of TextArena 0.7.4's Ultimate Texas Hold'em:
    - It checks the round limit at the start of `step()`, before the move (UltimateTexasHoldem/env.py:251-255): it
      ends the game at the first move of round `max_turns`, whose ante and blind it has already taken, so only
      `max_turns - 1` rounds are played. The limit is moved past the last round (`clem_rounds` is the experiment's
      `max_turns`), and the game ends instead of dealing the round after the last (`_start_new_round`).
    - Its end of game (out of chips, rounds done) waits for one more reply that nobody reads (env.py:466-481, then
      :242-248): a showdown that finishes the game ends it at once, with TextArena's own rewards and reasons.
    - After an invalid move, `step()` returns without `State.step()` (env.py:274-276): the loss on a second invalid
      move is reported one reply late, and the warning is not cleared by the next valid move (invalid, valid,
      invalid loses). Those steps are completed with `State.step()`.
    - Its rules say the game lasts 1000 rounds whatever `max_turns` is (env.py:123): the first context says how many.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.clem_rounds = self.max_turns
        self.max_turns = self.clem_rounds + 1

    def reset(self, *args, **kwargs):
        result = super().reset(*args, **kwargs)
        self.state.add_observation(
            message=f"This game lasts {self.clem_rounds} rounds (not 1000 as the rules say).",
            observation_type=ta.ObservationType.GAME_MESSAGE,
        )
        return result

    def _start_new_round(self):
        game_state = self.state.game_state
        if game_state["current_round"] < self.clem_rounds:
            super()._start_new_round()
            return
        self.state.add_observation(
            message=f"🏁 GAME OVER! {self.clem_rounds} rounds completed. You have ${game_state['chips']} chips.",
            observation_type=ta.ObservationType.GAME_MESSAGE,
        )
        game_state["game_complete"] = True
        game_state["winner"] = "player"

    def _resolve_showdown_and_maybe_continue(self):
        super()._resolve_showdown_and_maybe_continue()
        game_state = self.state.game_state
        if game_state.get("game_complete"):
            # TextArena's own rewards and reasons, which it would give at the next step (env.py:244-248)
            if game_state["winner"] == "player":
                self.state.set_outcome(
                    reward=1.0,
                    reason=f"Player completed {game_state['current_round']} rounds "
                    f"with ${game_state['chips']} chips",
                )
            else:
                self.state.set_outcome(
                    reward=-1.0, reason=f"Player ran out of chips in round {game_state['current_round']}"
                )

    def step(self, action: str):
        done, info = super().step(action)
        if info.get("invalid_move"):
            return self.state.step()
        return done, info


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.Set.env:SetEnv": Fixes(env=(SetFixes,)),
    "textarena.envs.UltimateTexasHoldem.env:UltimateTexasHoldemEnv": Fixes(env=(UltimateTexasHoldemFixes,)),
    # TextArena 0.7.4's Klondike/env.py does not compile (SyntaxError at :119): an env of this project's own around
    # TextArena's engine, Klondike/klondike.py (envs/klondike.py)
    "textarena.envs.Klondike.env:KlondikeEnv": Fixes(stand_in="envs.klondike:KlondikeEnv"),
}
