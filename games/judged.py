"""Masters of the LLM-judged games: TwentyQuestions, GuessWho, Debate, ScenarioPlanning; the judge is a clem model
(runtime.judge.judges_in_place_of_openrouter; docs/games/judged.md)."""

import metrics
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


# why no strong programmatic player is written for these games
JUDGED = (
    "the outcome is a judge's verdict (an LLM in real runs; here a random programmatic juror, so a coin flip): "
    "skill is arguing or asking well, which no short program does"
)


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_twenty_questions",
        "reply": "talk",
        "talk_reading": (
            "TextArena takes the reply's first bracketed words as the final guess unless a '?' is anywhere in it, else "
            "the whole reply is a question the judge answers: a guess bracketed while reasoning ends the game, a '?' "
            "anywhere turns the guess into a question."
        ),
        "description": (
            "TextArena 20 Questions: guess the secret object of a theme by yes-or-no questions to "
            "the game master, a clem model (the last model given: -m PLAYER JUDGE), then name it in "
            "brackets."
        ),
        "entry_point": "textarena.envs.TwentyQuestions.env:TwentyQuestionsEnv",
        "master": QuestionsMaster,
        "scorer": metrics.QuestionsScorer,
        "score": "0 unless solved; solved, 50 + 50 × the share of the 20 questions left unasked",
        "outcome": (
            "Success when the bracketed guess names the object; Lose on a wrong guess or when the questions run out."
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "judge": "game master",
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "Is it alive?",
                    "Is it bigger than a bread box?",
                    "Can you eat it?",
                    "[apple]",
                    "[dog]",
                ],
            },
            {"role": "Judge", "custom_response": ["Yes", "No", "I don't know", "Yes.", "No, it is not."]},
        ],
        "content": ["target_word"],
        "no_strong_player": {
            "base": JUDGED,
        },
    },
    {
        "game_name": "ta_guess_who",
        "reply": "talk",
        "talk_reading": (
            "TextArena takes the reply's first bracketed word as a guess (a wrong one is an invalid move), else the "
            "whole reply is a question the judge answers: a name bracketed while reasoning is guessed."
        ),
        "description": (
            "TextArena Guess Who: find the game master's secret character among 24 described ones "
            "by yes-or-no questions to the game master, a clem model (the last model given: -m "
            "PLAYER JUDGE), then name it in brackets."
        ),
        "entry_point": "textarena.envs.GuessWho.env:GuessWhoEnv",
        "master": QuestionsMaster,
        "scorer": metrics.QuestionsScorer,
        "score": "0 unless solved; solved, 50 + 50 × the share of the 19 questions left unasked",
        "outcome": (
            "Success when the bracketed guess names the character; Lose after two wrong guesses in a "
            "row or when the turns run out."
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "judge": "game master",
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "Is the character male?",
                    "Does the character have a beard?",
                    "Is the character young?",
                    "[Zach]",
                    "[Emma]",
                ],
            },
            {"role": "Judge", "custom_response": ["Yes", "No", "I don't know", "Yes.", "No, it is not."]},
        ],
        "content": ["target_character"],
        "no_strong_player": {
            "base": JUDGED,
        },
    },
    {
        "game_name": "ta_debate",
        "reply": "talk",
        "talk_reading": (
            "TextArena reads no action: the whole reply is the argument, shown to the opponent and put in the "
            "transcript the jury (the judge model) votes on, so every dressed word is argued."
        ),
        "description": (
            "TextArena Debate: two seats argue the affirmative and the negative side of a topic in "
            "turns; a jury of clem-model jurors (the last model given, asked once per juror) votes "
            "before and after, and the side whose vote share grew more wins."
        ),
        "entry_point": "textarena.envs.Debate.env:DebateEnv",
        "master": JuryMaster,
        "scorer": metrics.JuryScorer,
        "score": (
            "100 when the debate came to its end and the jury voted (TextArena's verdict, a draw "
            "included), 0 otherwise"
        ),
        "vs_score": (
            "50 + 50 × the gain of the model's side in the jury's vote share, from before the debate to after it"
        ),
        "outcome": "Success when the debate was held to its end; Aborted never (any text is an argument).",
        "n_instances": {"base": 1, "random": 10},
        "players": 3,
        "view": "dialogue",
        "judge": "jury",
        "references": ["random"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "My side is right because the evidence supports it.",
                    "The other side ignores the costs.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "My side is right because the evidence supports it.",
                    "The other side ignores the costs.",
                ],
            },
            {"role": "Judge", "custom_response": ["Affirmative", "Negative", "I vote Affirmative.", "Negative."]},
        ],
        "content": ["topic", "sides"],
        "no_strong_player": {
            "base": JUDGED,
            "random": JUDGED,
        },
    },
    {
        "game_name": "ta_scenario_planning",
        "reply": "talk",
        "talk_reading": (
            "TextArena reads no action: the whole reply is the strategy the judges (the judge model) compare, shown to "
            "no seat, so every dressed word is part of the strategy."
        ),
        "description": (
            "TextArena Scenario Planning: two seats each propose a survival strategy for a "
            "scenario; a jury of clem-model jurors (the last model given, asked once per juror) "
            "votes for the better one."
        ),
        "entry_point": "textarena.envs.ScenarioPlanning.env:ScenarioPlanningEnv",
        "master": JuryMaster,
        "scorer": metrics.JuryScorer,
        "score": "100 when both strategies were judged (TextArena's verdict, a draw included), 0 otherwise",
        "vs_score": "100 × the model's share of the jury's valid votes (50 when none was valid)",
        "outcome": "Success when both strategies were judged; Aborted never (any text is a strategy).",
        "n_instances": {"base": 1, "random": 10},
        "players": 3,
        "view": "dialogue",
        "judge": "jury",
        "references": ["random"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["Find water and shelter first.", "Build a signal fire."]},
            {"role": "Player 1", "custom_response": ["Find water and shelter first.", "Build a signal fire."]},
            {"role": "Judge", "custom_response": ["Player 0", "Player 1", "I vote for Player 0.", "Player 1."]},
        ],
        "content": ["scenario"],
        "no_strong_player": {
            "base": JUDGED,
            "random": JUDGED,
        },
    },
]
