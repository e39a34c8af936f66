"""Masters of the number and chance games: Bandit, Secretary, ThreeCardMonte, Countdown, Cryptarithm
(docs/games/numbers.md)."""

import metrics
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


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_guess_the_number",
        "description": "TextArena GuessTheNumber: find the secret number with higher/lower hints within 10 guesses.",
        "entry_point": "textarena.envs.GuessTheNumber.env:GuessTheNumberEnv",
        "master": SinglePlayerMaster,
        "scorer": metrics.SolvedScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {"role": "Player", "custom_response": ["[10]", "[5]", "[15]", "[3]", "[18]", "[25]", "[8]", "I guess 12"]},
        ],
        "content": ["game_number"],
        "score": "100 when the number is found, else 0",
        "outcome": "Success when the number is guessed; Lose when the turn limit (10 turns, 11 guesses) is reached",
    },
    {
        "game_name": "ta_mastermind",
        "description": "TextArena Mastermind: crack a secret code of digits from black/white peg feedback.",
        "entry_point": "textarena.envs.Mastermind.env:MastermindEnv",
        "master": SinglePlayerMaster,
        "scorer": metrics.SolvedScorer,
        "n_instances": 10,
        "players": 1,
        "view_window": 8000,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[1 2 3 4]",
                    "[2 1 4 3]",
                    "[5 6 1 2]",
                    "[3 4 5 6]",
                    "[1 2 3 4 5 6]",
                    "I guess 1234",
                ],
            },
        ],
        "content": ["secret_code"],
        "score": "100 when the code is cracked, else 0",
        "outcome": "Success when the code is cracked; Lose when the turn limit (20, 30, 50 turns) is reached",
    },
    {
        "game_name": "ta_bandit",
        "description": (
            "TextArena Bandit: press buttons with unknown Bernoulli rewards, then pick the button "
            "with the highest mean."
        ),
        "entry_point": "textarena.envs.Bandit.env:BanditEnv",
        "master": BanditMaster,
        "scorer": metrics.BanditScorer,
        "n_instances": 50,
        "players": 1,
        "view_window": 6000,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[red]", "[blue]", "[green]", "[yellow]", "[purple]", "I press red"],
            },
        ],
        # TextArena's prompt never says how to press a button or make the final pick (Bandit/env.py:21-27)
        "relabel": [
            [
                "^(You are in a room with \\d+ buttons: (\\w+)[\\s\\S]*at the end of \\d+ turns\\.)$",
                "\\1\nTo press a button, reply with its name in square brackets, e.g. `[\\2]`. After the last time step, pick the button you judge best the same way: that pick is scored.",
            ],
            [
                "The player did not respond with a valid action format\\.",
                "The player did not respond with a valid action format: a button's name in square brackets, e.g. "
                "`[red]`.",
            ],
        ],
        "content": ["ground_truth"],
        "score": (
            "where the finally picked button's mean lies between the lowest (0) and highest (100) mean: "
            "100 x (1 - regret / (max mean - min mean))"
        ),
        "outcome": (
            "Success when the final pick (after 20 / 40 pulls) is the button with the highest mean; "
            "Lose when it is another button"
        ),
    },
    {
        "game_name": "ta_secretary",
        "description": (
            "TextArena Secretary: values are shown one at a time; accept one, aiming for the highest of all."
        ),
        "entry_point": "textarena.envs.Secretary.env:SecretaryEnv",
        "master": SecretaryMaster,
        "scorer": metrics.SecretaryScorer,
        "n_instances": 50,
        "players": 1,
        "player_specs": [
            {"role": "Player", "custom_response": ["[continue]", "[continue]", "[continue]", "[accept]", "I accept"]},
        ],
        "content": ["draws"],
        "score": "100 when the picked value is the highest of all, else 0 (the picked value's rank is logged)",
        "outcome": "Success when the picked value is the highest of all; Lose otherwise",
    },
    {
        "game_name": "ta_three_card_monte",
        "description": "TextArena ThreeCardMonte: follow the ball through 10 announced cup swaps and name its cup.",
        "entry_point": "textarena.envs.ThreeCardMonte.env:ThreeCardMonteEnv",
        "master": ThreeCardMonteMaster,
        "scorer": metrics.SolvedScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [{"role": "Player", "custom_response": ["[0]", "[1]", "[2]", "the ball is under cup 1"]}],
        "max_requests": 2,
        "score": "100 when the ball is found, else 0",
        "outcome": "Success when the guess names the ball's cup; Lose for another cup",
    },
    {
        "game_name": "ta_countdown",
        "description": "TextArena Countdown: combine six numbers with + - * / to reach a target number.",
        "entry_point": "textarena.envs.Countdown.env:CountdownEnv",
        "master": CountdownMaster,
        "scorer": metrics.CountdownScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {"role": "Player", "custom_response": ["[1 4 -]", "[4 1 *]", "[0 1 +]", "[0 1 /]", "I multiply 75 by 6"]},
        ],
        "score": (
            "100 for the target, 70 for a value within 5 of it, 50 within 10 (the TV show's 10, 7 and 5 "
            "points), else 0; TextArena's progress, 1 - distance / 1000, gave random play 57-93"
        ),
        "outcome": (
            "Success when the target is reached; Lose when one number is left (or the turn limit of 12 "
            "is reached) without it"
        ),
        "experiments": {
            "default": {"n_instances": 1},
            "easy": {"numbers": None, "target": None, "params": {"solution_operations": [2, 3]}},
            "hard": {"numbers": None, "target": None, "params": {"solution_operations": [4, 5]}},
        },
        "relabel": [["\\nCurrent progress score: [\\d.]+$", ""]],
    },
    {
        "game_name": "ta_cryptarithm",
        "description": (
            "TextArena Cryptarithm: map letters to distinct digits so that an addition of words "
            "(SEND + MORE = MONEY, ...) holds."
        ),
        "entry_point": "textarena.envs.Cryptarithm.env:CryptarithmEnv",
        "master": CryptarithmMaster,
        "scorer": metrics.SolvedScorer,
        "n_instances": 1,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[S 9]", "[E 5]", "[N 6]", "[D 7]", "[M 1]", "[O 0]", "[R 8]", "[Y 3]", "S is 9"],
            },
        ],
        "score": "100 when the completed mapping satisfies the equation, else 0",
        "outcome": (
            "Success when the completed mapping satisfies the equation; Lose when it does not, or at "
            "the turn limit (100 moves)"
        ),
        "experiments": {
            "default": {},
            "small": {
                "instances": [
                    {"equation": "TO + GO = OUT"},
                    {"equation": "ODD + ODD = EVEN"},
                    {"equation": "TWO + TWO = FOUR"},
                    {"equation": "EAT + THAT = APPLE"},
                    {"equation": "COCA + COLA = OASIS"},
                    {"equation": "USSR + USA = PEACE"},
                    {"equation": "BASE + BALL = GAMES"},
                    {"equation": "NINE + FINE = WIVES"},
                ],
            },
            "large": {
                "instances": [
                    {"equation": "YOUR + YOU = HEART"},
                    {"equation": "CROSS + ROADS = DANGER"},
                    {"equation": "HOCUS + POCUS = PRESTO"},
                    {"equation": "SIX + SEVEN + SEVEN = TWENTY"},
                    {"equation": "THREE + THREE + TWO + TWO + ONE = ELEVEN"},
                    {"equation": "DONALD + GERALD = ROBERT"},
                    {"equation": "FORTY + TEN + TEN = SIXTY"},
                    {"equation": "BLACK + GREEN = ORANGE"},
                ],
            },
        },
    },
]
