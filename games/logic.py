"""Masters of the logic and sliding puzzles: RushHour, Sokoban, LogicPuzzle, Slitherlink, Crosswords
(docs/games/logic.md)."""

import numpy as np

import metrics
from submasters import SinglePlayerMaster
from ta_master import to_jsonable
from ta_players.logic import rush_hour_board, rush_hour_solution, slitherlink_solution, sokoban_board, sokoban_solution


class RushHourMaster(SinglePlayerMaster):
    """Records the cars and refuses boards X cannot leave.

    TextArena 0.7.4 checks solvability with a BFS cut off after 1000 states and, after 20 failed attempts, plays
    the last board anyway; a full search over the rendered board tells whether the player can win at all.
    """

    def _on_before_reset(self):
        # an instance that records the cars is played on them (fixes.logic.RushHourReplay)
        self.ta_env.replay(self.instance.get("content"))

    def content(self) -> dict:
        vehicles = self.env.state.game_state["vehicles"]
        return {"vehicles": [[v.vid, v.row, v.col, v.length, v.horizontal] for _, v in sorted(vehicles.items())]}

    def unplayable_reason(self):
        board = rush_hour_board(self.ta_env._render_board())
        if rush_hour_solution(board) is None:
            return "the red car cannot reach the exit"
        return super().unplayable_reason()


class SokobanMaster(SinglePlayerMaster):
    """Refuses rooms the player cannot solve within TextArena's turn limit, or whose board hides a target.

    TextArena 0.7.4 checks the limit after a valid move that did not solve the room, against the moves made
    before it, so `max_turns` N allows N + 1 moves. Its generator shows a box that never left its target as a
    plain box and only counts boxes drawn on targets; such a room would be unsolvable as drawn.
    """

    def _on_before_reset(self):
        # an instance that records the room is played in it (fixes.logic.SokobanReplay)
        self.ta_env.replay(self.instance.get("content"))

    def content(self) -> dict:
        """The board (the room as drawn), the fixed room (walls, floor, targets: a target under a box or the player
        does not show on the board) and TextArena's box mapping (target -> box start)."""
        env = self.ta_env
        return {
            **super().content(),
            "room fixed": env.room_fixed.tolist(),
            "box mapping": [to_jsonable([target, box]) for target, box in env.box_mapping.items()],
        }

    def unplayable_reason(self):
        env = self.ta_env
        if np.any((env.room_fixed == 2) & (env.room_state == 4)):
            return "a box stands on a target the board does not show"
        board = sokoban_board("Current Board:\n" + env.create_board_str(env.room_state))
        if sokoban_solution(board, env.max_turns + 1) is None:
            return f"the room cannot be solved within {env.max_turns + 1} moves"
        return super().unplayable_reason()


class LogicPuzzleMaster(SinglePlayerMaster):
    """Records the puzzle (solution and clues) and scores the pairings the player got right.

    TextArena 0.7.4's completion is the share of all cells marked as in the solution, X marks included: marking
    every cell X scores two thirds. A pairing (a row of a grid: which item of the column category goes with the
    row's item) counts when its whole row is marked exactly as in the solution, so X marks alone score 0.
    """

    def content(self) -> dict:
        return {"solution": self.ta_env.game_board_solution, "clues": self.ta_env.clues}

    def completion(self) -> float:
        solution, board = self.ta_env.game_board_solution, self.ta_env.game_board
        pairings = [(grid, row) for grid, rows in solution.items() for row in rows]
        return sum(board[grid][row] == solution[grid][row] for grid, row in pairings) / len(pairings)


class SlitherlinkMaster(SinglePlayerMaster):
    """Checks that a single loop satisfies the clues (TextArena 0.7.4's swapped arguments are put right by
    fixes.common.SwappedArgumentsState)."""

    def content(self) -> dict:
        return {"clues": self.ta_env.clues}

    def completion(self) -> float:
        """The share of numbered cells with their number of edges (TextArena's `_progress`)."""
        return self.ta_env._progress()

    def unplayable_reason(self):
        if slitherlink_solution(tuple(map(tuple, self.ta_env.clues))) is None:
            return "no single loop satisfies the clues"
        return super().unplayable_reason()


class CrosswordsMaster(SinglePlayerMaster):
    """A wrong letter is TextArena's invalid move, but for the player an ordinary mistake: a second one in a row
    ends the game as a Lose, not an abort (other invalid moves break the format or the board's rules)."""

    WRONG_LETTER = "The specified letter is incorrect"

    def _aborts(self, reason: str) -> bool:
        return self.WRONG_LETTER not in reason

    def unplayable_reason(self):
        # TextArena 0.7.4 pairs the clues with the placed words' positions by order: a word it could not place
        # would shift every later clue onto another word
        game_state = self.env.state.game_state
        if list(game_state["placed_words"]) != list(game_state["clues"]):
            return "a word could not be placed on the grid"
        return super().unplayable_reason()


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_rush_hour",
        "description": (
            "TextArena RushHour: slide the cars on a 6x6 board until the red car X can leave by the right edge."
        ),
        "entry_point": "textarena.envs.RushHour.env:RushHourEnv",
        "master": RushHourMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[X+]", "[A+]", "[A-]", "[B+]", "[B-]", "[C+]", "[C-]", "[D+]", "[D-]"],
            },
        ],
        "max_requests": 50,
        "score": "100 when solved, else 100 x TextArena's completion (the red car's progress along the exit row)",
        "outcome": "Success when X reaches the exit; Lose at the request cap",
    },
    {
        "game_name": "ta_sokoban",
        "description": "TextArena Sokoban: push every box onto a target within the turn limit.",
        "entry_point": "textarena.envs.Sokoban.env:SokobanEnv",
        "master": SokobanMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [{"role": "Player", "custom_response": ["[up]", "[down]", "[left]", "[right]", "[w]", "[d]"]}],
        "content": ["board"],
        "score": "100 when solved, else 100 x the share of boxes on targets",
        "outcome": "Success when every box is on a target; Lose at the turn limit (max_turns + 1 moves)",
    },
    {
        "game_name": "ta_logic_puzzle",
        "description": "TextArena LogicPuzzle: mark which items belong together (O) or not (X) in grids, from clues.",
        "entry_point": "textarena.envs.LogicPuzzle.env:LogicPuzzleEnv",
        "master": LogicPuzzleMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[alice red X]",
                    "[red alice O]",
                    "[gasoline alice X]",
                    "[alice pizza O]",
                    "[pizza alice X]",
                    "[water alice O]",
                    "[alice home X]",
                    "[home alice O]",
                    "[morning alice X]",
                    "[alice soccer O]",
                    "[soccer alice X]",
                    "[monday alice O]",
                ],
            },
        ],
        "score": "100 when solved, else 100 x the share of pairings (grid rows) marked exactly as in the solution",
        "outcome": "Success when every cell is marked as in the solution; Lose at the turn limit (31 moves)",
    },
    {
        "game_name": "ta_slitherlink",
        "description": (
            "TextArena Slitherlink: toggle edges of a 4x4 grid into one loop that gives every "
            "numbered cell its count."
        ),
        "entry_point": "textarena.envs.Slitherlink.env:SlitherlinkEnv",
        "master": SlitherlinkMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {"role": "Player", "custom_response": ["[h 0 0]", "[v 0 0]", "[h 1 1]", "[v 1 2]", "[h 4 3]", "[v 3 4]"]},
        ],
        "score": (
            "100 when solved, else 100 x the share of numbered cells with their number of edges "
            "(TextArena's completion)"
        ),
        "outcome": (
            "Success when the edges form one loop that satisfies every clue; Lose at the turn limit (201 moves)"
        ),
    },
    {
        "game_name": "ta_crosswords",
        "description": "TextArena Crosswords: fill a small crossword letter by letter from its clues.",
        "entry_point": "textarena.envs.Crosswords.env:CrosswordsEnv",
        "master": CrosswordsMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {"role": "Player", "custom_response": ["[8 2 d]", "[7 5 r]", "[6 7 r]", "[4 4 e]", "[5 5 a]", "[6 6 s]"]},
        ],
        "content": ["solution", "clues", "placed_words"],
        "score": "100 when solved, else 100 x the share of letter cells filled",
        "outcome": (
            "Success when every letter is filled; Lose at the turn limit (31 moves) or after two wrong "
            "letters in a row"
        ),
        "no_strong_player": {
            "base": (
                "no short strategy: the clues are riddles with world knowledge behind them; lengths and "
                "crossings leave 2 to 3,420 fillings on 17 of the 20 shipped grids even among TextArena's 100 "
                "answers, and only the env's clue-to-answer file decides"
            ),
        },
    },
]
