"""Masters of the card games and 2048: Blackjack, Set, UltimateTexasHoldem, 2048 (docs/games/card-games.md)."""
import types

import textarena as ta
from textarena.envs.Set import env as set_env

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
    """Logs the Sets found in TextArena's 20 turns. Success when every turn found a Set.

    Two TextArena 0.7.4 defects are worked around on the env object:
    - The env deals 3 more cards when the board holds no Set only at the start of the next step, after the player
      chose from the Set-less board it was shown: that turn is lost whatever the player does. The deal happens
      before the board is shown instead, so the player always sees a board with a Set while the deck lasts.
    - A card picked more than once ("[1, 1, 1]") counts as a Set (three equal cards agree on every attribute)
      and removes other cards from the board: such a pick is an invalid move instead.
    """

    TURNS = 20  # hard-coded in TextArena 0.7.4's SetEnv

    def _on_before_reset(self):
        self.ta_env._observe_state = types.MethodType(_deal_until_a_set_then_observe, self.ta_env)
        self.ta_env.step = types.MethodType(_step_with_distinct_cards, self.ta_env)

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


def _deal_until_a_set_then_observe(env):
    game_state = env.state.game_state
    while game_state["deck"] and not set_env._has_set(game_state["board"]):
        dealt = [game_state["deck"].pop() for _ in range(min(3, len(game_state["deck"])))]
        game_state["board"].extend(dealt)
        env.state.add_observation(f"No valid sets found on board. Dealt {len(dealt)} additional cards.",
                                  observation_type=ta.ObservationType.GAME_MESSAGE)
    type(env)._observe_state(env)


def _step_with_distinct_cards(env, action):
    picked = env._parse_action(action)
    if picked is not None and len(set(picked)) < 3:
        env.state.add_observation(from_id=env.state.current_player_id, message=action,
                                  observation_type=ta.ObservationType.PLAYER_ACTION)
        env.state.set_invalid_move(reward=0, reason="Invalid action. Pick three different cards.")
        return env.state.step()
    return type(env).step(env, action)


class UltimateTexasHoldemMaster(SinglePlayerMaster):
    """Plays the experiment's `max_turns` rounds and logs the chips. Success when the player completed every round
    with more chips than it started with.

    TextArena 0.7.4 checks the round limit at the start of `step()`, before the move: it ends the game at the first
    move of round `max_turns`, whose ante and blind it has already taken, so only `max_turns - 1` rounds are played.
    Its end of game (out of chips, rounds done) also waits for one more reply that nobody reads. The game master
    moves the limit past the last round, ends the game instead of dealing the round after the last, and ends it at
    once when a showdown finishes it.
    After an invalid move, TextArena 0.7.4 returns from `step()` without `State.step()`: the loss on a second
    invalid move is reported one reply late, and the warning is not cleared by the next valid move (invalid, valid,
    invalid loses). The game master completes those steps with `State.step()`.
    """

    def _on_before_reset(self):
        env = self.ta_env
        env.clem_rounds = env.max_turns
        env.max_turns = env.clem_rounds + 1
        env._start_new_round = types.MethodType(_start_round_unless_last_was_played, env)
        env._resolve_showdown_and_maybe_continue = types.MethodType(_showdown_then_end_at_once, env)
        env.step = types.MethodType(_step_completed_after_invalid_moves, env)

    def _on_before_game(self):
        # TextArena's rules say the game lasts 1000 rounds whatever `max_turns` is
        self.env.state.add_observation(
            message=f"This game lasts {self.ta_env.clem_rounds} rounds (not 1000 as the rules say).",
            observation_type=ta.ObservationType.GAME_MESSAGE)

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


def _start_round_unless_last_was_played(env):
    game_state = env.state.game_state
    if game_state["current_round"] < env.clem_rounds:
        type(env)._start_new_round(env)
        return
    env.state.add_observation(message=f"🏁 GAME OVER! {env.clem_rounds} rounds completed. You have "
                                      f"${game_state['chips']} chips.",
                              observation_type=ta.ObservationType.GAME_MESSAGE)
    game_state["game_complete"] = True
    game_state["winner"] = "player"


def _step_completed_after_invalid_moves(env, action):
    done, info = type(env).step(env, action)
    if info.get("invalid_move"):
        return env.state.step()
    return done, info


def _showdown_then_end_at_once(env):
    type(env)._resolve_showdown_and_maybe_continue(env)
    game_state = env.state.game_state
    if game_state.get("game_complete"):
        # TextArena's own rewards and reasons, which it would give at the next step
        if game_state["winner"] == "player":
            env.state.set_outcome(reward=1.0, reason=f"Player completed {game_state['current_round']} rounds with "
                                                     f"${game_state['chips']} chips")
        else:
            env.state.set_outcome(reward=-1.0,
                                  reason=f"Player ran out of chips in round {game_state['current_round']}")


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

