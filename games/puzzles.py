"""Masters of the grid puzzles: LightsOut, FrozenLake, Sudoku, FifteenPuzzle, PegJump, BabyAiText
(docs/games/puzzles.md)."""

import copy
import functools

import metrics
from submasters import SinglePlayerMaster
from ta_master import to_jsonable


class LightsOutMaster(SinglePlayerMaster):
    """Progress is the share of the initially lit lights that are off, never below 0.

    TextArena 0.7.4 scrambles the grid with 5-15 random presses, which can cancel out to a dark grid: that
    instance is over before the first move (and its completion would divide by zero). Every other grid is
    solvable within the 20 presses: the scramble's own presses, at most 15, undo it.
    """

    def completion(self) -> float:
        return max(0.0, super().completion())

    def unplayable_reason(self):
        if not any(light for row in self.env.state.game_state["grid"] for light in row):
            return "the scramble left every light off"
        return super().unplayable_reason()


class FrozenLakeMaster(SinglePlayerMaster):
    """A lake whose goal cannot be reached without crossing a hole is unwinnable. TextArena 0.7.4 redraws the
    holes until a path exists and falls back to a grid with a safe L-shaped path, so this only guards."""

    def unplayable_reason(self):
        game_state = self.env.state.game_state
        grid, goal = game_state["grid"], tuple(game_state["goal_pos"])
        reached, frontier = {tuple(game_state["player_pos"])}, [tuple(game_state["player_pos"])]
        while frontier:
            r, c = frontier.pop()
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (
                    0 <= cell[0] < len(grid)
                    and 0 <= cell[1] < len(grid)
                    and cell not in reached
                    and grid[cell[0]][cell[1]] != "H"
                ):
                    reached.add(cell)
                    frontier.append(cell)
        if goal not in reached:
            return "every way to the goal crosses a hole"
        return super().unplayable_reason()


class SudokuMaster(SinglePlayerMaster):
    """A digit that is not the solution's is TextArena's invalid move; for the player it is a wrong answer, an
    ordinary loss when repeated (as a mine hit is in Minesweeper), not a broken format or rule of play. The
    Main Score is TextArena's share of the empty cells filled correctly.

    TextArena 0.7.4 removes clues only while the solution stays unique, so the hard variant (clues=20) keeps
    about 27 clues: 52-55 empty cells, fewer than the 100 moves; invalid moves do not count as moves.
    """

    WRONG_DIGIT = "which violates Sudoku rules"

    def _on_before_reset(self):
        # an instance that records the puzzle and its solution is played on them (fixes.puzzles.SudokuReplay)
        self.ta_env.replay(self.instance.get("content"))

    def content(self) -> dict:
        """The puzzle and its solution, which TextArena checks every digit against (`full_grid`)."""
        return {**super().content(), "solution": to_jsonable(self.ta_env.full_grid)}

    def _aborts(self, reason: str) -> bool:
        return self.WRONG_DIGIT not in reason


class FifteenPuzzleMaster(SinglePlayerMaster):
    """TextArena shuffles the 16 cells freely, so about half of the boards cannot be solved: those are unplayable.
    (That a solved board wins at all is fixes.puzzles.FifteenPuzzleStateFixes'.)
    """

    def unplayable_reason(self):
        board = self.env.state.game_state["board"]
        tiles = [tile for row in board for tile in row if tile is not None]
        inversions = sum(a > b for i, a in enumerate(tiles) for b in tiles[i + 1 :])
        gap_row_from_bottom = len(board) - next(r for r, row in enumerate(board) if None in row)
        # a 4x4 board is solvable exactly when the inversions and the gap's row from the bottom have odd sum
        if (inversions + gap_row_from_bottom) % 2 == 0:
            return "the board cannot be solved (its permutation has the wrong parity)"
        return super().unplayable_reason()


class PegJumpMaster(SinglePlayerMaster):
    """Main Score: halved for every peg left beyond the one the puzzle asks for (2 pegs 50, 3 pegs 25, ...; 14 pegs
    at the start: 0.01). Every jump removes a peg and random jumps run 9-12 jumps before they stick, so the share of
    pegs removed rewards any legal play (random 76 of 100); the puzzle is in the last pegs, as the classic rating of
    the triangle says (one peg left: genius, two: pretty smart, three: just plain ...). TextArena's own completion,
    1 - (pegs - 1) / 14, counts pegs removed too.

    The jumps are the triangle's 18 lines, both directions (TextArena 0.7.4's are not: fixes.puzzles.PegJumpFixes).
    A board from which no sequence of jumps leaves one peg is unwinnable.
    """

    def _on_before_game(self):
        self._initial_pegs = self.env.state.game_state["board"].count(True)
        self.log_key("initial pegs", self._initial_pegs)

    def completion(self) -> float:
        return 0.5 ** (self.env.state.game_state["board"].count(True) - 1)

    def unplayable_reason(self):
        board = self.env.state.game_state["board"]
        holes = frozenset(hole for hole, peg in enumerate(board) if peg)
        if not _one_peg_reachable(holes, tuple(self.ta_env.ALLOWED_MOVES)):
            return "no sequence of jumps leaves one peg"
        return super().unplayable_reason()


@functools.cache
def _one_peg_reachable(pegs: frozenset, moves: tuple) -> bool:
    if len(pegs) == 1:
        return True
    return any(
        _one_peg_reachable(pegs - {start, over} | {to}, moves)
        for start, over, to in moves
        if start in pegs and over in pegs and to not in pegs
    )


class BabyAiTextMaster(SinglePlayerMaster):
    """BabyAI-Text (envs/babyai_text.py, this project's env in place of TextArena 0.7.4's, which cannot be made).
    An instance is unplayable when minigrid's BabyAI bot (which plans on the true grid, minigrid/utils/baby_ai_bot.py)
    cannot complete its mission within the turn limit: a level minigrid made unsolvable, or a limit too short for it.
    The bot only checks instances; the expert player plans from the text (ta_players/puzzles.py)."""

    def unplayable_reason(self):
        from minigrid.utils.baby_ai_bot import BabyAIBot

        level = copy.deepcopy(self.ta_env.level)
        try:
            bot = BabyAIBot(level)
            for _ in range(self.ta_env.max_turns):
                _, reward, terminated, _, _ = level.step(bot.replan())
                if terminated:
                    break
        except Exception as error:  # the bot gives up on some layouts (a blocked path, an opened box)
            return f"minigrid's BabyAI bot fails on this level ({type(error).__name__}: {error})"
        if not (terminated and reward > 0):
            return f"minigrid's BabyAI bot does not complete the mission within {self.ta_env.max_turns} actions"
        return super().unplayable_reason()


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_lights_out",
        "description": (
            "TextArena LightsOut: press lights on a 5x5 grid (each press toggles a light and its "
            "orthogonal neighbours) until all are off."
        ),
        "entry_point": "textarena.envs.LightsOut.env:LightsOutEnv",
        "master": LightsOutMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[0 0]", "[2 2]", "[4 4]", "[1 3]", "[3 1]", "press the middle light"],
            },
        ],
        "content": ["grid"],
        "score": (
            "100 when all lights are off, else 100 x the share of the initially lit lights turned off (0 "
            "if more are lit than at the start)."
        ),
        "outcome": "Success when all lights are off; Lose when the 20 presses are used up.",
        "relabel": [["(-?\\d+\\.\\d+)% complete\\)", "completion \\1 of 1.0)"]],
    },
    {
        "game_name": "ta_frozen_lake",
        "description": (
            "TextArena FrozenLake: walk across a frozen grid from the start to the goal without falling into a hole."
        ),
        "entry_point": "textarena.envs.FrozenLake.env:FrozenLakeEnv",
        "master": FrozenLakeMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[down]", "[right]", "[s]", "[d]", "[up]", "[left]", "walk to the goal"],
            },
        ],
        "content": ["grid", "player_pos", "goal_pos"],
        "score": (
            "100 when the goal is reached, else 100 x TextArena's completion: the start-to-position share "
            "of the start-to-goal distance (holes ignored), at least 10 once moved, at most 95."
        ),
        "outcome": (
            "Success when the goal is reached; Lose on falling into a hole or at the 100-turn limit; "
            "walking into the edge twice in a row is Aborted."
        ),
        "relabel": [["^Available Actions: ", "Moves (a move off the grid is invalid): "]],
    },
    {
        "game_name": "ta_sudoku",
        "description": "TextArena Sudoku: fill the empty cells of a 9x9 Sudoku, one digit per move.",
        "entry_point": "textarena.envs.Sudoku.env:SudokuEnv",
        "master": SudokuMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[1 1 1]",
                    "[5 5 5]",
                    "[9 9 9]",
                    "[2 3 4]",
                    "[7 8 6]",
                    "I place a five in the centre.",
                ],
            },
        ],
        "content": ["board"],
        "score": "100 x the share of the empty cells filled with their solution digit (100 when solved).",
        "outcome": (
            "Success when the grid is solved; Lose at the 100-move limit or after two wrong digits in a "
            "row; Aborted for two other invalid moves in a row (format, out of bounds, overwriting)."
        ),
    },
    {
        "game_name": "ta_fifteen_puzzle",
        "description": (
            "TextArena FifteenPuzzle: slide the tiles of a shuffled 4x4 board into order 1-15 with the gap last."
        ),
        "entry_point": "textarena.envs.FifteenPuzzle.env:FifteenPuzzleEnv",
        "master": FifteenPuzzleMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {"role": "Player", "custom_response": ["[up]", "[down]", "[left]", "[right]", "slide the tile up"]},
        ],
        "content": ["board"],
        "score": (
            "100 when solved, else 100 x the share of the cells not in place at the start that hold their "
            "goal tile (or the gap) at the end."
        ),
        "outcome": "Success when the board is in order; Lose at the 200-move limit.",
    },
    {
        "game_name": "ta_peg_jump",
        "description": (
            "TextArena PegJump: jump pegs over each other on a 15-hole triangle until one peg is "
            "left; each starting hole is a puzzle."
        ),
        "entry_point": "textarena.envs.PegJump.env:PegJumpEnv",
        "master": PegJumpMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 1,
        "players": 1,
        "player_specs": [
            {"role": "Player", "custom_response": ["[12 5]", "[14 5]", "[3 8]", "[13 4]", "[1 4]", "jump 12 over 8"]},
        ],
        "content": ["board"],
        "max_requests": 30,
        "score": (
            "100 / 2^(pegs left - 1): 100 when one peg is left, 50 for two, 25 for three, halved for "
            "every further peg (any legal play removes most pegs; the puzzle is the last ones)."
        ),
        "outcome": "Success when one peg is left; Lose when no jump is left.",
        "experiments": {
            "default": {},
            "corner": {"instances": [{"initial_empty": 1}, {"initial_empty": 11}, {"initial_empty": 15}]},
            "next_to_corner": {
                "instances": [
                    {"initial_empty": 2},
                    {"initial_empty": 3},
                    {"initial_empty": 7},
                    {"initial_empty": 10},
                    {"initial_empty": 12},
                    {"initial_empty": 14},
                ],
            },
            "side_middle": {"instances": [{"initial_empty": 4}, {"initial_empty": 6}, {"initial_empty": 13}]},
            "inner": {"instances": [{"initial_empty": 8}, {"initial_empty": 9}]},
        },
    },
    {
        "game_name": "ta_baby_ai_text",
        "description": (
            "BabyAI-Text: carry out a BabyAI mission (go to, pick up, open a door, unlock it with "
            "its key) in a grid world told in words from the agent's own view."
        ),
        "entry_point": "textarena.envs.BabyAiText.env:BabyAiTextEnv",
        "master": BabyAiTextMaster,
        "scorer": metrics.SolvedScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[turn left]",
                    "[turn right]",
                    "[go forward]",
                    "[go forward]",
                    "[pick up]",
                    "[toggle]",
                    "[drop]",
                    "walk to the ball",
                ],
            },
        ],
        "experiments": {
            "go_to_obj": {"env_name": "BabyAI-GoToObj-v0", "max_turns": 20},
            "go_to_red_ball": {"env_name": "BabyAI-GoToRedBall-v0", "max_turns": 25},
            "pickup_dist": {"env_name": "BabyAI-PickupDist-v0", "max_turns": 30},
            "open_door_color": {"env_name": "BabyAI-OpenDoorColor-v0", "max_turns": 30},
            "unlock_local": {"env_name": "BabyAI-UnlockLocal-v0", "max_turns": 50},
        },
        "content": ["level", "mission", "layout"],
        "score": "100 when the mission is completed within the turn limit, else 0.",
        "outcome": (
            "Success when the mission is completed (minigrid's verifier); Lose when the actions run out "
            "(20-50 by level); two replies in a row without an action are Aborted."
        ),
    },
]
