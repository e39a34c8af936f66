"""Generic masters for single-player and competitive multi-player TextArena games, and per-game masters where a
game needs one."""
import functools
import re
import types

import numpy as np
import textarena as ta
from textarena.core import ObservationType
from textarena.envs.RushHour.env import _Vehicle
from textarena.envs.Set import env as set_env

from metrics import WORD_CHAINS_PERFECT_LENGTH
from ta_master import ReferencePlayer, TextArenaGameMaster, _record_invalid_move, to_jsonable
from ta_players.logic import (rush_hour_board, rush_hour_solution, slitherlink_solution, sokoban_board,
                              sokoban_solution)
from ta_players.puzzles import PEG_JUMPS


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
    (`rules`, `own violation`, `opponent's violation`, `turn limit`, `request cap`) and the game's own payoff
    where it has one (`payoffs`).

    Outcome: Aborted when a seat broke the rules (TextArena's invalid-move rule for a broken format or an illegal
    move; the violating seats are logged). Against reference opponents: Success when the model won or drew, Lose
    when it lost. Between models (self-play, pairings): Success when the game was played to its regular end
    (`played_well`), Lose when it ended on a seat's losing mistake or at the request cap.
    """

    def _on_after_game(self, rewards):
        violators = self.violating_seats()
        payoffs = self.payoffs() or {}
        seats = {seat.name: {"model": seat.model_name if isinstance(seat, ReferencePlayer) else seat.model.name,
                             "reference": isinstance(seat, ReferencePlayer),
                             "result": "draw" if rewards is None else _result(rewards[pid]),
                             "how": self._how(pid, violators),
                             "payoff": payoffs.get(pid)}
                 for pid, seat in enumerate(self.seats)}
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
        return [pid for pid, info in self.env.state.game_info.items()
                if info.get("invalid_move") and self._aborts(str(info.get("reason", "")))]

    def played_well(self) -> bool:
        """Between models: the game came to its regular end by play (a win, or a draw by the rules, the turn
        limit included), not by a losing mistake TextArena punishes as an invalid move, nor at the request cap."""
        return self.cap_reason is None and not any(info.get("invalid_move")
                                                   for info in self.env.state.game_info.values())

    def payoffs(self) -> dict[int, float] | None:
        """The game's own payoff per seat (chips, points, utility), for games that have one."""
        return None

    def secrets(self) -> dict[int, list[str]]:
        """Per seat, the texts that would give away its private information now (its hand, role, code or secret
        word, as TextArena writes it for that seat): no other seat's context may contain them. Games with hidden
        information override this; tests/test_contests.py checks every context of their episodes against it."""
        return {}

    def _how(self, pid: int, violators: list[int]) -> str:
        if self.cap_reason is not None:
            return "request cap"
        if violators:
            return "own violation" if pid in violators else "opponent's violation"
        state = self.env.state
        if state.max_turns is not None and state.turn >= state.max_turns:
            return "turn limit"
        return "rules"


def _result(reward) -> str:
    return "win" if reward > 0 else "loss" if reward < 0 else "draw"


class SwappedArgumentsMaster(SinglePlayerMaster):
    """Puts the arguments of two TextArena state calls back in order (TextArena 0.7.4).

    ThreeCardMonte, Countdown, Cryptarithm and Slitherlink call `set_invalid_move(progress, message)` positionally
    while the signature is `(reason, reward)`: the player would be told "Reason: 0.0" instead of what was wrong, and an
    invalid-move loss would be rewarded with the message text, its reason `Invalid Move: 0.0`. Every such call
    in these envs is swapped. Countdown, Cryptarithm and Slitherlink also echo the player's move with
    `add_observation(player_id, action, PLAYER_ACTION)` against `(message, observation_type, from_id)`,
    which queues the player id as the message and breaks the observation. Both methods are re-bound on the state,
    as the invalid-move recorder is, so a deep copy of the state stays self-contained.
    """

    def _on_before_game(self):
        state = self.env.state
        state.set_invalid_move = types.MethodType(_set_invalid_move_swapped, state)
        state.add_observation = types.MethodType(_add_observation_reordered, state)


def _set_invalid_move_swapped(state, reward, reason):
    return _record_invalid_move(state, reason=reason, reward=reward)


def _add_observation_reordered(state, *args, **kwargs):
    if len(args) == 3 and isinstance(args[2], ObservationType):
        from_id, message, observation_type = args
        return type(state).add_observation(state, message=message, observation_type=observation_type, from_id=from_id)
    return type(state).add_observation(state, *args, **kwargs)


class MinesweeperMaster(SinglePlayerMaster):
    """The game master opens the central cell before the model's first turn.

    TextArena places the mines on the first reveal, avoiding the 3x3 around it; a fixed opening makes the
    mines a function of the seed, so the instance can record them. The opening is the game master's move:
    it is logged as such and is not a request. A mine hit is TextArena's invalid move, but for the player
    it is an ordinary loss, not a rule violation.
    """

    def _on_before_game(self):
        row, col = self.ta_env.rows // 2, self.ta_env.cols // 2
        self.ta_env.step(f"[{row} {col}]")
        self._opening_revealed = self._revealed_cells()
        self.log_to_self("opening move", f"[{row} {col}]")
        self.log_key("opening move", [row, col])

    def content(self) -> dict:
        mines = [[r, c] for r, row in enumerate(self.ta_env.grid) for c, cell in enumerate(row) if cell == -1]
        return {**super().content(), "opening move": list(self.ta_env.initial_move_pos), "mines": mines}

    def completion(self) -> float:
        """The share of safe cells the player cleared, not counting those the opening move revealed.

        TextArena's own completion estimates the opening's reveal (it always discounts the full 3x3); this
        counts it exactly.
        """
        to_clear = self._safe_cells() - self._opening_revealed
        return len(self._revealed_cells() & to_clear) / len(to_clear)

    def unplayable_reason(self):
        if not self._safe_cells() - self._opening_revealed:
            return "the opening move revealed every safe cell"
        return super().unplayable_reason()

    def _aborts(self, reason: str) -> bool:
        return "hit a mine" not in reason

    def _safe_cells(self) -> set:
        env = self.ta_env
        return {(r, c) for r in range(env.rows) for c in range(env.cols) if env.grid[r][c] != -1}

    def _revealed_cells(self) -> set:
        env = self.ta_env
        return {(r, c) for r in range(env.rows) for c in range(env.cols) if env.revealed[r][c]}


class HangmanMaster(SinglePlayerMaster):
    """Logs the target word and the lives, which the Hangman score weighs with the letters revealed.

    The spec sets `cache_env`: TextArena 0.7.4's HangmanEnv constructor only loads the NLTK word list (up to 236k
    words), which reset only draws from, so the list is built once per process instead of once per episode.
    """

    LIVES = 6  # TextArena 0.7.4 hard-codes 6 tries in HangmanEnv.reset

    def _on_before_game(self):
        self.log_key("target word", self.env.state.game_state["target_word"])
        self.log_key("lives", self.LIVES)

    def _on_after_game(self, rewards):
        self.log_key("lives left", self.env.state.game_state["tries_left"])
        super()._on_after_game(rewards)


class WordChainsMaster(MultiPlayerMaster):
    """Makes the start word deterministic and logs the chain's first and last word.

    TextArena 0.7.4 draws the start word with random.choice from `list(set(words))`, whose order depends on
    PYTHONHASHSEED; sorting the list first makes the draw a function of the seed alone. A word that breaks
    the chain's rules is how WordChains is lost, so only a reply without a bracketed word aborts.
    """

    FORMAT_VIOLATION = "did not provide a word in the valid format"
    # Between models, a game is played well when the chain grew at least halfway to a perfect chain (metrics).
    WELL_PLAYED_GROWTH = 0.5

    def _on_before_reset(self):
        self.ta_env.word_list = sorted(self.ta_env.word_list)

    def _on_before_game(self):
        self.log_key("start word", self.env.state.game_state["current_word"])

    def _on_after_game(self, rewards):
        self.log_key("final word", self.env.state.game_state["current_word"])
        super()._on_after_game(rewards)

    def _aborts(self, reason: str) -> bool:
        return self.FORMAT_VIOLATION in reason

    def played_well(self) -> bool:
        """Every game of WordChains ends with a word that breaks the chain; how far the chain grew says how well
        it was played."""
        start = len(self.instance["content"]["current_word"])
        final = len(self.env.state.game_state["current_word"])
        return final - start >= self.WELL_PLAYED_GROWTH * (WORD_CHAINS_PERFECT_LENGTH - start)


class BattleshipMaster(MultiPlayerMaster):
    """Logs each player's final boards and, from them, the shots fired, the hits and the opponent's ships sunk."""

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key("final boards", {player.name: {"own": game_state["board"][pid],
                                                    "shots": game_state["tracking_board"][pid]}
                                      for pid, player in enumerate(self.seats)})
        fleet = {}
        for pid, player in enumerate(self.seats):
            tracking = game_state["tracking_board"][pid]
            opponent_board = game_state["board"][1 - pid]
            placements = game_state["ship_placements"][1 - pid]
            fleet[player.name] = {
                "shots": sum(cell in ("X", "O") for row in tracking for cell in row),
                "hits": sum(cell == "X" for row in tracking for cell in row),
                "ships sunk": sum(all(opponent_board[r][c] == "X" for r, c in _ship_cells(ends))
                                  for ends in placements.values()),
                "ships": len(placements),
            }
        self.log_key("fleet", fleet)
        super()._on_after_game(rewards)


def _ship_cells(ends) -> list[tuple[int, int]]:
    (r1, c1), (r2, c2) = ends
    return [(r, c) for r in range(min(r1, r2), max(r1, r2) + 1) for c in range(min(c1, c2), max(c1, c2) + 1)]


# --- grid puzzles ---

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
                if 0 <= cell[0] < len(grid) and 0 <= cell[1] < len(grid) and cell not in reached \
                        and grid[cell[0]][cell[1]] != "H":
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
        # TextArena 0.7.4's reset fills a grid and then removes cells one by one, counting the solutions after each
        # removal: up to 1.3 s for `hard`. An instance that records the puzzle and its solution is rebuilt from
        # them: `_generate_board` (the env's only generator, called once by reset) returns the recorded pair.
        # reset seeds `random` (SinglePlayerState) before generating, so skipping the generation leaves the RNG
        # where the generation would have moved it; Sudoku's steps draw nothing from it, so no draw changes.
        content = self.instance.get("content")
        if content is not None and "board" in content and "solution" in content:
            self.ta_env._generate_board = functools.partial(_recorded_sudoku, content["solution"], content["board"])

    def content(self) -> dict:
        """The puzzle and its solution, which TextArena checks every digit against (`full_grid`)."""
        return {**super().content(), "solution": to_jsonable(self.ta_env.full_grid)}

    def _aborts(self, reason: str) -> bool:
        return self.WRONG_DIGIT not in reason


def _recorded_sudoku(solution, board):
    """`SudokuEnv._generate_board`'s (full grid, puzzle) for a recorded instance, fresh lists per call."""
    return [list(row) for row in solution], [list(row) for row in board]


class FifteenPuzzleMaster(SinglePlayerMaster):
    """TextArena 0.7.4's FifteenPuzzle cannot be won: solving the board calls `set_winners`, which its
    SinglePlayerState lacks (AttributeError, `envs/FifteenPuzzle/env.py:84`). The state gets a `set_winners`
    that records the win as the other single-player games do (`set_outcome` with reward 1).

    TextArena shuffles the 16 cells freely, so about half of the boards cannot be solved: those are unplayable.
    """

    def _on_before_game(self):
        state = self.env.state
        state.set_winners = lambda player_ids, reason: state.set_outcome(reward=1, reason=reason)

    def unplayable_reason(self):
        board = self.env.state.game_state["board"]
        tiles = [tile for row in board for tile in row if tile is not None]
        inversions = sum(a > b for i, a in enumerate(tiles) for b in tiles[i + 1:])
        gap_row_from_bottom = len(board) - next(r for r, row in enumerate(board) if None in row)
        # a 4x4 board is solvable exactly when the inversions and the gap's row from the bottom have odd sum
        if (inversions + gap_row_from_bottom) % 2 == 0:
            return "the board cannot be solved (its permutation has the wrong parity)"
        return super().unplayable_reason()


class PegJumpMaster(SinglePlayerMaster):
    """Main Score: pegs removed / pegs removable (all but one). TextArena's own completion gives 1/14 before the
    first move.

    TextArena 0.7.4's PegJump allows four jumps that are not along a line of the triangle ((7,11,13), (8,12,14),
    (9,12,13), (9,13,15)) and lacks the three along the bottom row ((11,12,13), (12,13,14), (13,14,15)), against
    its own rule "jump one peg over another". The env gets the triangle's 18 lines, both directions. A board
    from which no sequence of jumps leaves one peg is unwinnable.
    """

    def _on_before_reset(self):
        self.ta_env.ALLOWED_MOVES = list(PEG_JUMPS)

    def _on_before_game(self):
        self._initial_pegs = self.env.state.game_state["board"].count(True)
        self.log_key("initial pegs", self._initial_pegs)

    def completion(self) -> float:
        pegs = self.env.state.game_state["board"].count(True)
        return (self._initial_pegs - pegs) / (self._initial_pegs - 1)

    def unplayable_reason(self):
        board = self.env.state.game_state["board"]
        holes = frozenset(hole for hole, peg in enumerate(board) if peg)
        if not _one_peg_reachable(holes, tuple(self.ta_env.ALLOWED_MOVES)):
            return "no sequence of jumps leaves one peg"
        return super().unplayable_reason()


@functools.lru_cache(maxsize=None)
def _one_peg_reachable(pegs: frozenset, moves: tuple) -> bool:
    if len(pegs) == 1:
        return True
    return any(_one_peg_reachable(pegs - {start, over} | {to}, moves)
               for start, over, to in moves if start in pegs and over in pegs and to not in pegs)


# --- number and chance games ---

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


# --- logic puzzles ---

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


# --- card games ---

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


# --- word games ---

class WordSearchMaster(SinglePlayerMaster):
    """Records the placed words with the board, and passes on one submission per reply.

    TextArena 0.7.4's WordSearchEnv.step collects a reply's `[r c r c]` submissions in a set and checks them in the
    set's order until one is wrong, an order that depends on PYTHONHASHSEED. Its prompt allows one submission at a
    time, so only a reply's first submission reaches the env. (Its `num_incorrect_tries` is set in __init__ and not
    reset; every episode gets a fresh env, which the spec keeps by not setting `cache_env`.)
    """

    def _on_before_reset(self):
        self.ta_env.step = types.MethodType(_first_submission_step, self.ta_env)

    def content(self) -> dict:
        placed = {word: list(place) for word, place in self.ta_env.placed_words.items()}
        return {**super().content(), "placed words": placed}


WORD_SEARCH_SUBMISSION = re.compile(r"\[\d+\s\d+\s\d+\s\d+\]")


def _first_submission_step(env, action: str):
    first = WORD_SEARCH_SUBMISSION.search(action)
    return type(env).step(env, first.group(0) if first else action)


class WordleMaster(SinglePlayerMaster):
    """Skips secret words no guess can match.

    The hardcore lists keep every `en` word tagged NN, proper nouns included (1346 of 9047 five-letter words are
    capitalised, e.g. 'Abner'); TextArena 0.7.4 lower-cases every guess and compares it letter by letter with the
    secret as drawn, so such a word can never be guessed.
    """

    def unplayable_reason(self):
        secret = self.env.state.game_state["secret_word"]
        if not secret.islower():
            return f"the secret word {secret!r} is capitalised and lower-cased guesses never match it"
        return super().unplayable_reason()


# --- economics ---

class EconomicsMaster(MultiPlayerMaster):
    """Economics games: each seat's payoff (points, money, tokens) is TextArena's own tally in its game state
    (`PAYOFF_KEY`, per seat), and the game logs what its Main Score measures the payoff against (`payoff scale`,
    see the game's scorer)."""

    PAYOFF_KEY = ""

    def payoffs(self):
        return {int(pid): float(value) for pid, value in self.env.state.game_state[self.PAYOFF_KEY].items()}

    def payoff_scale(self) -> dict:
        return {}

    def _on_after_game(self, rewards):
        self.log_key("payoff scale", self.payoff_scale())
        super()._on_after_game(rewards)


class PrivateValuesMaster(EconomicsMaster):
    """Economics games in which each seat's prompt holds private information (its values, role or budget): the part
    of the prompt the regex `SECRET` captures (first group) is that seat's secret, as TextArena writes it for it."""

    SECRET: re.Pattern

    def _on_before_game(self):
        self._secrets = {}
        for pid, queue in self.env.state.observations.items():
            prompt = next(message for _, message, kind in queue if kind == ObservationType.PROMPT)
            self._secrets[int(pid)] = [self.SECRET.search(prompt).group(1)]

    def secrets(self):
        return self._secrets


class DefaultActionMaster(EconomicsMaster):
    """Social dilemmas in which TextArena 0.7.4 has no invalid move: a decision reply without the action token is
    taken as a default action (Prisoner's Dilemma: cooperate; Stag Hunt: hare; three-player PD: cooperate toward
    each opponent not named). TextArena's rules do not call such a reply invalid, so the game goes on with the
    default, never Aborted; the episode records each such reply (a `default action` event and, per seat, the count
    in `default actions`).

    The full-cooperation payoff per seat (`payoff scale`: `cooperation`) is what the Main Score measures against.
    """

    DEFAULT = ""  # what TextArena takes a decision without the token for

    def _on_before_game(self):
        self.default_actions = {seat.name: 0 for seat in self.seats}

    def names_action(self, move: str) -> bool:
        raise NotImplementedError

    def _move(self, seat, move):
        if self.env.state.game_state["phase"] == "decision" and not self.names_action(move):
            self.default_actions[seat.name] += 1
            self.log_to_self("default action", f"{seat.name}'s decision names no action; TextArena takes it as "
                                               f"{self.DEFAULT}.")
        return super()._move(seat, move)

    def _on_after_game(self, rewards):
        self.log_key("default actions", self.default_actions)
        super()._on_after_game(rewards)


class PrisonersDilemmaMaster(DefaultActionMaster):
    """Iterated Prisoner's Dilemma: a decision without `[Defect]` cooperates (TextArena 0.7.4, env.py:77)."""

    PAYOFF_KEY = "scores"
    DEFAULT = "[Cooperate]"
    ACTION = re.compile(r"\[(Cooperate|Defect)\]", re.IGNORECASE)

    def names_action(self, move):
        return bool(self.ACTION.search(move))

    def payoff_scale(self):
        return {"cooperation": self.ta_env.cooperate_reward * self.ta_env.num_rounds}


class ThreePlayerIPDMaster(DefaultActionMaster):
    """Three-player Iterated Prisoner's Dilemma: a decision gives one token per opponent, `[<id> cooperate]` or
    `[<id> defect]`; TextArena 0.7.4 takes an opponent without a valid token as cooperation (as its prompt says) and
    ignores tokens for unknown ids or oneself. Each pair plays the PD, so full cooperation pays 2 x R a round."""

    PAYOFF_KEY = "scores"
    DEFAULT = "cooperation toward each opponent it names no token for"
    TOKEN = re.compile(r"\[\s*(\d+)\s+(cooperate|defect)\s*\]", re.IGNORECASE)

    def names_action(self, move):
        pid = self.env.state.current_player_id
        named = {int(target) for target, _ in self.TOKEN.findall(move)}
        return named >= set(range(self.env.state.num_players)) - {pid}

    def payoff_scale(self):
        return {"cooperation": 2 * self.ta_env.R * self.ta_env.num_rounds}


class StagHuntMaster(DefaultActionMaster):
    """Iterated Stag Hunt: a decision without `[Stag]` hunts the hare (TextArena 0.7.4, env.py:99).

    The `-randomized` variant draws each round's payoffs from numpy's global RNG (env.py:62-64), which the game
    master swaps for the episode's own, seeded with the instance (EpisodeRandomness): the same instance draws the
    same matrices in any process. Round 1's matrix is drawn in reset and recorded in the instance; every round's is
    logged (`payoff matrices`), and full cooperation pays the sum of the rounds' mutual-stag payoffs. (After the
    last round TextArena draws and announces one more matrix, for a round that is never played.)
    """

    PAYOFF_KEY = "total_payoff"
    DEFAULT = "[Hare]"
    ACTION = re.compile(r"\[(Stag|Hare)\]", re.IGNORECASE)

    def names_action(self, move):
        return bool(self.ACTION.search(move))

    def _on_before_game(self):
        super()._on_before_game()
        self.payoff_matrices = [self.payoff_matrix()]

    def payoff_matrix(self) -> dict:
        env = self.ta_env
        return {"mutual stag": int(env.mutual_stag_payoff), "mutual hare": int(env.mutual_hare_payoff),
                "single stag": int(env.single_stag_payoff), "single hare": int(env.single_hare_payoff)}

    def content(self):
        return {**super().content(), "payoff matrix": self.payoff_matrix()}

    def _move(self, seat, move):
        game_state = self.env.state.game_state
        played_round = game_state["round"]
        result = super()._move(seat, move)
        if played_round < game_state["round"] <= game_state["num_rounds"]:
            self.payoff_matrices.append(self.payoff_matrix())
        return result

    def payoff_scale(self):
        return {"cooperation": sum(matrix["mutual stag"] for matrix in self.payoff_matrices)}

    def _on_after_game(self, rewards):
        self.log_key("payoff matrices", self.payoff_matrices)
        super()._on_after_game(rewards)


class UltimatumMaster(EconomicsMaster):
    """Iterated Ultimatum Game: the money each seat took home (`player_totals`); the pools of all rounds
    (`payoff scale`: `pools`) are what the players could have shared. TextArena 0.7.4 plays max_turns // 2 rounds
    (`-v0`: Player 0 proposes in every round; `-alternate`: the proposer alternates)."""

    PAYOFF_KEY = "player_totals"

    def payoff_scale(self):
        return {"pools": self.ta_env.pool * (self.ta_env.max_turns // 2)}


class ColonelBlottoMaster(EconomicsMaster):
    """Colonel Blotto: the rounds each seat won (`scores`) are its payoff; the Main Score is the game's result."""

    PAYOFF_KEY = "scores"


class EliminationMaster(EconomicsMaster):
    """Games of three or more whose invalid-move rule eliminates a seat (PublicGoods, MarketEntry): after the
    warnings TextArena 0.7.4 allows (error_allowance 2), the next invalid decision eliminates the seat. On that
    step `FFAMultiPlayerState.set_invalid_move` leaves `made_invalid_move` set, so `step` does not pass the turn
    (state.py:164) and the env asks the eliminated seat again (it would go on chatting, and the next round's
    decision would hang on it). The elimination is the seat's rule violation, which makes the episode Aborted, so
    the game master ends the game there: the eliminated seat loses, the others draw."""

    def _move(self, seat, move):
        state = self.env.state
        eliminated = len(state.elimination_order)
        done, invalid_move = super()._move(seat, move)
        if not done and len(state.elimination_order) > eliminated:
            pid = state.elimination_order[-1]
            state.set_game_outcome({p: -1 if p == pid else 0 for p in range(state.num_players)},
                                   reason=f"Player {pid} was eliminated for repeated invalid moves ({invalid_move}); "
                                          f"the game ends there.")
            done = True
        return done, invalid_move


class PublicGoodsMaster(EliminationMaster):
    """Public Goods Game: each seat's tokens over all rounds (`total_scores`); full cooperation (everyone
    contributes the whole endowment) pays each seat endowment x factor a round."""

    PAYOFF_KEY = "total_scores"

    def payoff_scale(self):
        env = self.ta_env
        return {"cooperation": env.endowment * env.multiplication_factor * env.num_rounds}


class MarketEntryMaster(EliminationMaster):
    """Market Entry Game: each seat's points over all rounds (`total_scores`). A seat's payoff lies between
    entering an overcrowded market every round and entering a profitable one every round (`payoff scale`:
    `seat`); all seats' lies between everyone entering every round and exactly `market_capacity` entrants every
    round, the others safe (`all`)."""

    PAYOFF_KEY = "total_scores"

    def payoff_scale(self):
        env, seats = self.ta_env, self.env.state.num_players
        rounds, capacity = env.num_rounds, min(env.market_capacity, seats)
        best = capacity * env.entry_profit + (seats - capacity) * env.safe_payoff
        return {"seat": [rounds * env.overcrowding_penalty, rounds * env.entry_profit],
                "all": [rounds * seats * env.overcrowding_penalty, rounds * best]}


class NegotiationMaster(PrivateValuesMaster):
    """Simple Negotiation: each seat's payoff is the change of its inventory value by its own, private values
    (`inventory_value`). The Main Score places it within 10% of the seat's initial inventory value either way
    (`payoff scale`: `seat` per seat, `all` for both seats' changes together): a trade good by one's own values is
    rarely worth more than a few percent of the inventory.

    Hidden information: each seat's quantities and values, which TextArena lists in that seat's prompt only.
    Replies are table talk, shown whole to the other seat (a player may give its own values away, but no context
    of TextArena's does)."""

    SATURATION = 0.1  # the share of the initial inventory value a seat's change is placed within
    SECRET = re.compile(r"values you currently have are:\n\t\+ (.*?)\nAt each turn", re.DOTALL)

    def payoffs(self):
        values = self.env.state.game_state["inventory_value"]
        return {int(pid): float(value["change"]) for pid, value in values.items()}

    def payoff_scale(self):
        initial = {int(pid): value["initial"] for pid, value in self.env.state.game_state["inventory_value"].items()}
        bound = self.SATURATION
        return {"seat": {f"Player {pid}": [-bound * value, bound * value] for pid, value in initial.items()},
                "all": [-bound * sum(initial.values()), bound * sum(initial.values())]}


class BlindAuctionMaster(PrivateValuesMaster):
    """Simple Blind Auction: each seat's payoff is its net worth's change, TextArena's net worth (remaining capital
    + the values, to it, of the items it won) - the starting capital. TextArena 0.7.4 takes every bid from the
    bidder's capital, won or lost (env.py:139): an all-pay auction, which its prompt does not say.

    The Main Score places a seat's change between losing and gaining the sum of its own item values (`payoff
    scale`: `seat`, per seat); all seats' between -/+ the sum over the items of the higher of the two values
    (`all`: every item won for nothing by the seat that values it more).

    Hidden information: each seat's item values, listed in its own prompt only; bids are sent to the bidder only.
    """

    SECRET = re.compile(r"Available Items \(with their value TO YOU\):\n(.*?)\n\nNote", re.DOTALL)

    def payoffs(self):
        results = self.env.state.game_state["auction_results"]
        if results is None:  # the game ended on an invalid bid before the results
            return None
        capital = self.ta_env.starting_capital
        return {int(pid): float(worth - capital) for pid, worth in results["player_net_worth"].items()}

    def payoff_scale(self):
        values = self.env.state.game_state["player_item_values"]
        best = sum(max(values[0][item], values[1][item]) for item in values[0])
        return {"seat": {f"Player {pid}": [-sum(own.values()), sum(own.values())] for pid, own in values.items()},
                "all": [-best, best]}


class TwoDollarMaster(PrivateValuesMaster):
    """Two Dollar: each seat's payoff is the money it takes home (TextArena's `final_amounts`, not in the game
    state): its share of an accepted split, or $0 when no deal was reached or when its secret role's rule was not
    met (a minimum share, or x_rounds' deadline to accept). The Main Score measures it against the total
    (`payoff scale`).

    Hidden information: each seat's secret role instructions, in its own prompt only. TextArena 0.7.4 draws the two
    roles with `random.sample` over the role files in `os.listdir` order, which depends on the file system: the
    game master sorts them by name before reset, so a seed draws the same roles on every machine."""

    SECRET = re.compile(r"=== YOUR SECRET INSTRUCTIONS ===\n(.*?)\nVICTORY CONDITION", re.DOTALL)

    def _on_before_reset(self):
        self.ta_env.available_roles = dict(sorted(self.ta_env.available_roles.items()))

    def content(self):
        return {**super().content(), "roles": [self.ta_env.player_roles[pid]["name"] for pid in (0, 1)]}

    def payoffs(self):
        return {pid: round(float(amount), 2) for pid, amount in self.ta_env.final_amounts.items()}

    def payoff_scale(self):
        total = self.ta_env.total_amount
        return {"seat": [0.0, total], "all": [0.0, total]}


class NewRecruitMaster(PrivateValuesMaster):
    """New Recruit: Player 0 is the Recruiter, Player 1 the Candidate; each seat's payoff is its points for the
    accepted package by its own table (0 for both when no package was accepted, as TextArena scores it). The tables
    are on the same range but differ by issue (some opposed, some shared, some traded off), so TextArena's winner,
    the seat whose own table sums higher, says little; the Main Score places the points between the worst and the
    best package of the seat's table (`payoff scale`: `seat`), or both seats' together between the worst and best
    package for the pair (`all`).

    Hidden information: each seat's point table, in its own prompt only."""

    SECRET = re.compile(r"higher points are better\):(.*?)\nYou are negotiating with", re.DOTALL)

    def payoffs(self):
        game_state = self.env.state.game_state
        accepted = game_state["accepted_proposal"]
        if accepted is None:
            return {0: 0.0, 1: 0.0}
        preferences = game_state["player_preferences"]
        return {pid: float(sum(preferences[pid][issue][choice] for issue, choice in accepted["choices"].items()))
                for pid in (0, 1)}

    def payoff_scale(self):
        points = self.ta_env.point_value_dict.values()  # per issue: {choice: [Recruiter's, Candidate's points]}

        def bounds(value):
            return [sum(min(map(value, issue.values())) for issue in points),
                    sum(max(map(value, issue.values())) for issue in points)]
        return {"seat": {f"Player {pid}": bounds(lambda pair, pid=pid: pair[pid]) for pid in (0, 1)},
                "all": bounds(sum)}
