"""Repairs that several families of games use: the end of a game at its first elimination, and the swapped arguments
of four single-player envs' state calls."""

from dataclasses import dataclass

import textarena as ta
from textarena.core import ObservationType


@dataclass(frozen=True)
class Fixes:
    env: tuple[type, ...] = ()  # mixins of TextArena's env class, outermost first
    state: tuple[type, ...] = ()  # mixins of the class of the state the env's reset makes
    wrappers: tuple[type[ta.Wrapper], ...] = ()  # wrapped around the env, innermost first
    # "module:Class" made in place of TextArena's class where TextArena 0.7.4's cannot be imported (a module that
    # does not compile, one renamed before release): a class of this project's own, or another of TextArena's
    stand_in: str | None = None


class EndAtTheFirstElimination(ta.Wrapper):
    """Ends the game when TextArena eliminates a seat for repeated invalid moves: the eliminated seat's side loses,
    the other seats win.

    TextArena 0.7.4's states of more than two seats mark such a seat (`game_info[pid]["invalid_move"]`,
    textarena/state.py:227-232, :291-294, :355-359) and leave the rest to the env, and these envs play on without
    the game being decided by play:
    - Poker (textarena/envs/Poker/env.py:144-159) splits the pot and deals the next hand, the eliminated seat playing
      on as all-in, and "Cannot check facing a bet." (:213) eliminates without even that;
    - ThreePlayerGOPS (ThreePlayerGOPS/env.py:23-38) plays on with two seats, and when the eliminated seat was the
      round's last bidder the round never resolves: the next seat is asked to bid again, from a stale hand;
    - Santorini (Santorini/env.py:279-343, `error_allowance` 10) keeps the eliminated seat on turn, warned anew
      forever;
    - SecretMafia (SecretMafia/env.py:283-284) eliminates the seat and plays on, so that its side could still win;
    - SettlersOfCatan (SettlersOfCatan/env.py:176, :204) keeps asking a seat that answers without a `[k]`.
    Either way the seat broke the rules; ending the game at once also spares the other seats' requests.
    """

    def step(self, action: str):
        done, info = self.env.step(action)
        state = self.env.state
        if not done and not state.done:
            out = next((pid for pid, game_info in state.game_info.items() if game_info.get("invalid_move")), None)
            if out is not None:
                losers = self.side_of(out)
                state.set_winners(
                    player_ids=[pid for pid in range(state.num_players) if pid not in losers],
                    reason=f"Player {out} eliminated after repeated invalid moves.",
                )
                done = True
        return done, info

    def side_of(self, pid: int) -> set[int]:
        """The seats that lose with the eliminated one (teams override this)."""
        return {pid}


class SwappedArgumentsState:
    """Puts the arguments of two state calls back in order (TextArena 0.7.4's ThreeCardMonte, Countdown, Cryptarithm
    and Slitherlink; mixed into their SinglePlayerState).

    - They call `set_invalid_move(progress, message)` positionally (ThreeCardMonte/env.py:43,45, Countdown/env.py:48,
      55,61, Cryptarithm/env.py:36,41-43, Slitherlink/env.py:104,109) while the signature is `(reason, reward)`
      (textarena/state.py:46): the player would be told "Reason: 0.0" instead of what was wrong, and an invalid-move
      loss would be rewarded with the message text, its reason `Invalid Move: 0.0`.
    - Countdown, Cryptarithm and Slitherlink echo the player's move with `add_observation(player_id, action,
      PLAYER_ACTION)` (Countdown/env.py:43, Cryptarithm/env.py:33, Slitherlink/env.py:100) against `(message,
      observation_type, from_id)` (textarena/core.py:66), which queues the player id as the message.
    """

    def set_invalid_move(self, reward, reason):
        return super().set_invalid_move(reason=reason, reward=reward)

    def add_observation(self, *args, **kwargs):
        if len(args) == 3 and isinstance(args[2], ObservationType):
            from_id, message, observation_type = args
            return super().add_observation(message=message, observation_type=observation_type, from_id=from_id)
        return super().add_observation(*args, **kwargs)
