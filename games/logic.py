"""Masters of the logic and sliding puzzles: RushHour, Sokoban, LogicPuzzle, Slitherlink, Crosswords
(docs/games/logic-puzzles.md)."""
import functools
import types

import numpy as np
from textarena.envs.RushHour.env import _Vehicle

from submasters import SinglePlayerMaster, SwappedArgumentsMaster
from ta_master import to_jsonable
from ta_players.logic import rush_hour_board, rush_hour_solution, slitherlink_solution, sokoban_board, sokoban_solution


class RushHourMaster(SinglePlayerMaster):
    """Records the cars and refuses boards X cannot leave.

    TextArena 0.7.4 checks solvability with a BFS cut off after 1000 states and, after 20 failed attempts, plays
    the last board anyway; a full search over the rendered board tells whether the player can win at all.
    """

    def _on_before_reset(self):
        # TextArena 0.7.4's reset generates up to 20 boards and BFS-checks each (up to 1000 states): 350 ms median,
        # 1.6 s at most. An instance that records the cars is rebuilt from them: the env's generator returns the
        # recorded board and its check accepts it, so reset keeps it on the first attempt (the recorded board is
        # the one TextArena accepted, or its last of 20 attempts, which it plays anyway). reset seeds `random`
        # before generating and again in SinglePlayerState after, so the episode's later draws are unchanged.
        # (The constructor's own `_generate_random_puzzle` call happens at make, before this hook; it is cheap.)
        content = self.instance.get("content")
        if content is not None and "vehicles" in content:
            self.ta_env._generate_random_puzzle = functools.partial(_recorded_vehicles, content["vehicles"])
            self.ta_env._is_solvable = _recorded_board_is_accepted

    def content(self) -> dict:
        vehicles = self.env.state.game_state["vehicles"]
        return {"vehicles": [[v.vid, v.row, v.col, v.length, v.horizontal] for _, v in sorted(vehicles.items())]}

    def unplayable_reason(self):
        board = rush_hour_board(self.ta_env._render_board())
        if rush_hour_solution(board) is None:
            return "the red car cannot reach the exit"
        return super().unplayable_reason()


def _recorded_vehicles(vehicles: list) -> list:
    """`RushHourEnv._generate_random_puzzle`'s board for a recorded instance, in the generator's order: TextArena
    0.7.4 places X first, then the other cars in the order of its (alphabetical) configs, and that order is the
    game state's. The instance lists them sorted."""
    cars = [_Vehicle(*vehicle) for vehicle in vehicles]
    return [car for car in cars if car.vid == "X"] + [car for car in cars if car.vid != "X"]


def _recorded_board_is_accepted(vehicles) -> bool:
    return True


class SokobanMaster(SinglePlayerMaster):
    """Refuses rooms the player cannot solve within TextArena's turn limit, or whose board hides a target.

    TextArena 0.7.4 checks the limit after a valid move that did not solve the room, against the moves made
    before it, so `max_turns` N allows N + 1 moves. Its generator shows a box that never left its target as a
    plain box and only counts boxes drawn on targets; such a room would be unsolvable as drawn.
    """

    def _on_before_reset(self):
        # TextArena 0.7.4's reset calls the module-level `generate_room` of textarena.envs.Sokoban.env (seconds for
        # `medium`): the env has no generator method to replace. A patch of that module global, however scoped to
        # the reset call and restored after, would also serve any other Sokoban env resetting at the same time (a
        # batch or another thread). Instead this env alone gets a reset that sets the recorded room and calls
        # TextArena's own reset with `max_retries=0`: its generation loop then runs no attempt and the rest of its
        # reset (state, player position, board, first observation) runs unchanged on the recorded room.
        # `generate_room` draws only from its own seeded RNGs, never from the global `random` or `np.random`
        # (SinglePlayerState seeds `random` before it), so skipping it changes no later draw.
        content = self.instance.get("content")
        if content is not None and all(key in content for key in ("board", "room fixed", "box mapping")):
            self.ta_env.reset = types.MethodType(functools.partial(_reset_in_recorded_room, content), self.ta_env)

    def content(self) -> dict:
        """The board (the room as drawn), the fixed room (walls, floor, targets: a target under a box or the player
        does not show on the board) and TextArena's box mapping (target -> box start)."""
        env = self.ta_env
        return {**super().content(), "room fixed": env.room_fixed.tolist(),
                "box mapping": [to_jsonable([target, box]) for target, box in env.box_mapping.items()]}

    def unplayable_reason(self):
        env = self.ta_env
        if np.any((env.room_fixed == 2) & (env.room_state == 4)):
            return "a box stands on a target the board does not show"
        board = sokoban_board("Current Board:\n" + env.create_board_str(env.room_state))
        if sokoban_solution(board, env.max_turns + 1) is None:
            return f"the room cannot be solved within {env.max_turns + 1} moves"
        return super().unplayable_reason()


# TextArena 0.7.4's SokobanEnv.create_board_str, cell code -> symbol, inverted
SOKOBAN_CELLS = {"#": 0, "_": 1, "O": 2, "√": 3, "X": 4, "P": 5, "S": 6}


def _reset_in_recorded_room(content, env, num_players, seed=None):
    """SokobanEnv.reset on the instance's room instead of a generated one (fresh arrays on every reset)."""
    env.room_fixed = np.array(content["room fixed"], dtype=int)  # generate_room's arrays are of dtype int
    env.room_state = np.array([[SOKOBAN_CELLS[cell] for cell in line.split(" ")]
                               for line in content["board"].splitlines()], dtype=int)
    env.box_mapping = {tuple(target): tuple(box) for target, box in content["box mapping"]}
    return type(env).reset(env, num_players=num_players, seed=seed, max_retries=0)



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


class SlitherlinkMaster(SwappedArgumentsMaster):
    """Checks that a single loop satisfies the clues; TextArena 0.7.4's swapped arguments are put right by the
    base class."""

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

