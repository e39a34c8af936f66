"""Masters of the number and chance games: Bandit, Secretary, ThreeCardMonte, Countdown, Cryptarithm
(docs/games/number-games.md)."""
from submasters import SinglePlayerMaster, SwappedArgumentsMaster


class BanditMaster(SinglePlayerMaster):
    """Logs every button's mean and the regret of the final pick; Success when the best button was picked.

    TextArena 0.7.4 compares the picked button with the dict of all means (`button == ground_truth`), which is
    never true: picking the best button is rewarded with its regret, 0.0, and the reason says "You chose an
    incorrect button." The outcome therefore comes from the regret (never negative except the -1 of an
    invalid-move loss, which is decided from game_info first).
    """

    def _on_after_game(self, rewards):
        self.log_key("button means", self.env.state.game_state["ground_truth"])
        if self.ended_by_violation():
            self.log_outcome("aborted", self.end_reason())
            return
        regret = float(rewards[0])
        self.log_key("regret", regret)
        self.log_outcome("success" if regret == 0 else "lose", self.end_reason())


class SecretaryMaster(SinglePlayerMaster):
    """Logs the values and which one the player took (the last one shown: accepted, or forced at the end)."""

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key("values", game_state["draws"])
        self.log_key("picked index", game_state["current_idx"] - 1)
        super()._on_after_game(rewards)


class ThreeCardMonteMaster(SwappedArgumentsMaster):
    """The game state is empty: the instance records where the ball ends (the shuffles are in the fingerprinted
    observations)."""

    def content(self) -> dict:
        return {"ball position": self.ta_env.ball_pos}


class CountdownMaster(SwappedArgumentsMaster):
    """The game state is empty: the instance records the numbers and the target. The completion is TextArena's
    progress, 1 - distance / 1000 of the closest value made so far."""

    def content(self) -> dict:
        return {"numbers": self.ta_env.orig_numbers, "target": self.ta_env.target}

    def completion(self) -> float:
        return self.ta_env._calculate_progress()


class CryptarithmMaster(SwappedArgumentsMaster):
    """The game state is empty: the instance records the equation."""

    def content(self) -> dict:
        return {"equation": self.ta_env.equation_raw}

