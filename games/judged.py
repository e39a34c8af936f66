"""Masters of the LLM-judged games: TwentyQuestions, GuessWho, Debate, ScenarioPlanning; the judge is a clem model
(runtime.judge.judges_in_place_of_openrouter; docs/games/judged.md)."""
from submasters import MultiPlayerMaster, SinglePlayerMaster
from ta_master import to_jsonable


class QuestionsMaster(SinglePlayerMaster):
    """TwentyQuestions and GuessWho: the player asks the judge, the game's game master, yes-or-no questions and
    names the secret in brackets. Logs the questions asked (the judge's answers) and the most a game allows
    (`max questions`: the turn limit less the final guess). GuessWho punishes a wrong guess with TextArena's
    invalid-move rule (a warning, and the loss at the second in a row): an ordinary loss, not an abort."""

    def content(self):
        content = super().content()
        if hasattr(self.ta_env, "game_theme"):  # TwentyQuestions names the word's theme in its prompt
            content["theme"] = self.ta_env.game_theme
        return content

    def _aborts(self, reason):
        return "guessed incorrectly" not in reason

    def _on_after_game(self, rewards):
        self.log_key("questions", len(self._judge_calls))
        self.log_key("max questions", self.env.state.max_turns - 1)
        super()._on_after_game(rewards)


class JuryMaster(MultiPlayerMaster):
    """Debate and ScenarioPlanning: TextArena's jury (`OpenRouterJury`, each juror the judge asked anew, its votes
    counted by TextArena's own parsing: a reply naming no option is no vote) decides. A seat's payoff is its share
    of the valid votes (ScenarioPlanning), or its side's gain of vote share from the vote before the debate to the
    one after it (Debate, which TextArena decides by that gain). `margin scale` is the range of a seat's payoff less
    the other's."""

    def payoffs(self):
        votes = self.env.state.game_state["votes"]
        if "post-debate" in votes:
            sides = self.env.state.game_state["sides"]
            return {pid: votes["post-debate"][side] - votes["pre-debate"][side] for pid, side in sides.items()}
        return {pid: votes[pid]["Votes"] for pid in votes}

    def _on_after_game(self, rewards):
        self.log_key("votes", to_jsonable(self.env.state.game_state["votes"]))
        self.log_key("margin scale", [-2, 2] if "post-debate" in self.env.state.game_state["votes"] else [-1, 1])
        super()._on_after_game(rewards)

