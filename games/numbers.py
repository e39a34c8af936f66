"""Masters of the number and chance games: Bandit, Secretary, ThreeCardMonte, Countdown, Cryptarithm
(docs/games/number-games.md)."""
from metrics import COUNTDOWN_CREDIT
from submasters import SinglePlayerMaster
from ta_players.numbers import countdown_solution, cryptarithm_solution


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


class ThreeCardMonteMaster(SinglePlayerMaster):
    """The game state is empty: the instance records where the ball ends (the shuffles are in the fingerprinted
    observations)."""

    def content(self) -> dict:
        return {"ball position": self.ta_env.ball_pos}


class CountdownMaster(SinglePlayerMaster):
    """The game state is empty: the instance records the numbers and the target. Logs the target and the distance
    of the closest value made (`CountdownScorer` scores it); the completion is TextArena's progress,
    1 - distance / 1000.

    TextArena 0.7.4 draws the numbers (two of 25, 50, 75, 100 and four of 1-10, each at most twice) and a target
    in 100-999 at construction when both are None, and plays whatever it drew. An instance must be solvable
    exactly, with the number of operations its experiment asks for (`solution_operations`, the shortest exact
    solution's, a difficulty), and no start number may lie within the partial-credit distance of the target: the
    score would give credit before the first move.
    """

    def content(self) -> dict:
        return {"numbers": self.ta_env.orig_numbers, "target": self.ta_env.target}

    def completion(self) -> float:
        return self.ta_env._calculate_progress()

    def _on_after_game(self, rewards):
        self.log_key("target", self.ta_env.target)
        self.log_key("distance", abs(self.ta_env.best_value - self.ta_env.target))
        super()._on_after_game(rewards)

    def unplayable_reason(self):
        numbers, target = self.ta_env.orig_numbers, self.ta_env.target
        if min(abs(number - target) for number in numbers) <= max(COUNTDOWN_CREDIT):
            return f"a start number lies within {max(COUNTDOWN_CREDIT)} of the target"
        solution = countdown_solution(tuple(numbers), target)
        if solution is None:
            return "the target cannot be reached exactly"
        low, high = self.experiment.get("solution_operations", (1, len(numbers) - 1))
        if not low <= len(solution) <= high:
            return f"the shortest exact solution takes {len(solution)} operations, not {low}-{high}"
        return super().unplayable_reason()


class CryptarithmMaster(SinglePlayerMaster):
    """The game state is empty: the instance records the equation, which must have a solution (TextArena 0.7.4
    plays any equation it is given)."""

    def content(self) -> dict:
        return {"equation": self.ta_env.equation_raw}

    def unplayable_reason(self):
        if cryptarithm_solution(tuple(self.ta_env.addends), self.ta_env.result) is None:
            return "no digits solve the equation"
        return super().unplayable_reason()

