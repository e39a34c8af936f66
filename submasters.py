"""Generic masters for single-player and competitive multi-player TextArena games, and the helpers more than
one family of games uses; each family's per-game masters are in `games/<family>.py`."""

from ta_master import ReferencePlayer, TextArenaGameMaster


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class SinglePlayerMaster(TextArenaGameMaster):
    """Success when solved, Lose when the game ended otherwise, Aborted when it ended on invalid moves.

    TextArena 0.7.4 rewards a solved single-player game with 1 and otherwise with the completion fraction,
    also after an invalid-move loss, so the outcome comes from `game_info`, not from the reward's sign.
    """

    def _on_after_game(self, rewards):
        self.log_key("completion", self.completion())
        if self.ended_by_violation():
            outcome = "aborted"
        elif rewards is not None and _is_number(rewards[0]) and rewards[0] == 1:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())

    def completion(self) -> float | None:
        """TextArena's share of the puzzle done, where the env computes one."""
        if hasattr(self.ta_env, "_get_percentage_completion"):
            return float(self.ta_env._get_percentage_completion())
        return None


class MultiPlayerMaster(TextArenaGameMaster):
    """Games between seats. Logs, per seat (`seats`): who played it (a model, or `reference: <name>`), the result
    (win, draw or loss by TextArena's rewards; a draw when the request cap stopped the game), how it came about
    (`rules`, `own violation`, `teammate's violation`, `opponent's violation`, `turn limit`, `request cap`) and the
    game's own payoff
    where it has one (`payoffs`).

    Outcome: Aborted when a seat broke the rules (TextArena's invalid-move rule for a broken format or an illegal
    move; the violating seats are logged). Against reference opponents: Success when the model won or drew, Lose
    when it lost. Between models (self-play, pairings): Success when the game was played to its regular end
    (`played_well`), Lose when it ended on a seat's losing mistake or at the request cap.
    """

    def _on_after_game(self, rewards):
        # a model that could not take its prompt forfeits its seat, whatever the game counts as a violation
        violators = [self.refusal[0]] if self.refusal is not None else self.violating_seats()
        payoffs = self.payoffs() or {}
        seats = {
            seat.name: {
                "model": seat.model_name if isinstance(seat, ReferencePlayer) else seat.model.name,
                "reference": isinstance(seat, ReferencePlayer),
                "result": self._forfeit_result(pid, violators)
                if self.refusal is not None
                else "draw"
                if rewards is None
                else self.result(pid, rewards),
                "how": self._how(pid, violators),
                "payoff": payoffs.get(pid),
            }
            for pid, seat in enumerate(self.seats)
        }
        self.log_key("seats", seats)
        if violators:
            self.log_key("violating seats", [self.seats[pid].name for pid in violators])
            outcome = "aborted"
        elif len(self.players) < len(self.seats):
            outcome = "lose" if seats[self.players[0].name]["result"] == "loss" else "success"
        else:
            outcome = "success" if self.played_well() else "lose"
        self.log_outcome(outcome, self.end_reason())

    def violating_seats(self) -> list[int]:
        """The seats that lost by breaking the rules (for games whose invalid-move rule also stands for ordinary
        losses, `_aborts` tells them apart)."""
        return [
            pid
            for pid, info in self.env.state.game_info.items()
            if info.get("invalid_move") and self._aborts(str(info.get("reason", "")))
        ]

    def played_well(self) -> bool:
        """Between models: the game came to its regular end by play (a win, or a draw by the rules, the turn
        limit included), not by a losing mistake TextArena punishes as an invalid move, nor at the request cap."""
        return self.cap_reason is None and not any(
            info.get("invalid_move") for info in self.env.state.game_info.values()
        )

    def result(self, pid: int, rewards: dict[int, float]) -> str:
        """The seat's win, draw or loss: by the sign of its TextArena reward, for games that reward seats +1, 0 or
        -1 (games that rank more seats override this)."""
        return _result(rewards[pid])

    def payoffs(self) -> dict[int, float] | None:
        """The game's own payoff per seat (chips, points, utility), for games that have one."""
        return None

    def teams(self) -> list[set[int]]:
        """The sides of the game: seats that win or lose together (team games override this)."""
        return [{pid} for pid in range(len(self.seats))]

    def secrets(self) -> dict[int, list[str]]:
        """Per seat, the texts that would give away its private information now (its hand, role, code or secret
        word, as TextArena writes it for that seat): no other seat's context may contain them. Games with hidden
        information override this; tests/test_contests.py checks every context of their episodes against it."""
        return {}

    def _forfeit_result(self, pid: int, violators: list[int]) -> str:
        """A seat's result when a model could not take its prompt: its side forfeits, as after a broken rule."""
        team = next(team for team in self.teams() if pid in team)
        return "loss" if team & set(violators) else "win"

    def _how(self, pid: int, violators: list[int]) -> str:
        if self.refusal is not None:
            if pid in violators:
                return "context limit"
            team = next(team for team in self.teams() if pid in team)
            return "teammate's context limit" if team & set(violators) else "opponent's context limit"
        if self.cap_reason is not None:
            return "request cap"
        if violators:
            if pid in violators:
                return "own violation"
            team = next(team for team in self.teams() if pid in team)
            return "teammate's violation" if team & set(violators) else "opponent's violation"
        state = self.env.state
        if state.max_turns is not None and state.turn >= state.max_turns:
            return "turn limit"
        return "rules"


def _result(reward) -> str:
    return "win" if reward > 0 else "loss" if reward < 0 else "draw"
