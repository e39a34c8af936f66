"""Generic masters for single-player and competitive multi-player TextArena games, and per-game masters where a
game needs one."""
import functools
import re
import traceback
import types

import numpy as np
import textarena as ta
from textarena.core import ObservationType
from textarena.envs.RushHour.env import _Vehicle
from textarena.envs.SecretMafia import env as mafia_env
from textarena.envs.Set import env as set_env

from metrics import WORD_CHAINS_PERFECT_LENGTH
from ta_master import (EpisodeRandomness, ReferencePlayer, TextArenaEnvError, TextArenaGameMaster, _record_invalid_move,
                       make_env, to_jsonable)
from ta_players import boards
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
        seats = {seat.name: {"model": seat.model_name if isinstance(seat, ReferencePlayer) else seat.model.name,
                             "reference": isinstance(seat, ReferencePlayer),
                             "result": self._forfeit_result(pid, violators) if self.refusal is not None
                             else "draw" if rewards is None else self.result(pid, rewards),
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


# --- small board games ---

class NoLegalMoveDrawMaster(MultiPlayerMaster):
    """Ends a game as a draw when the player on turn has no legal move left.

    TextArena 0.7.4's QuantumTicTacToe and UltimateTicTacToe can reach positions where the player on turn cannot
    move but the env has not ended the game: that player would lose by two invalid moves, which clem would score
    as a rule violation. By the rules of tic-tac-toe such a board is a draw; the game master declares it right
    after the move that made it.
    """

    NO_LEGAL_MOVE = "No legal move is left for the player on turn: the game is a draw."

    def _move(self, seat, move: str) -> tuple[bool, str | None]:
        done, invalid_move = super()._move(seat, move)
        if not done and not self.has_legal_move():
            self.env.state.set_draw(reason=self.NO_LEGAL_MOVE)
            done = True
        return done, invalid_move

    def has_legal_move(self) -> bool:
        raise NotImplementedError


class QuantumTicTacToeMaster(NoLegalMoveDrawMaster):
    """Quantum Tic Tac Toe has no draw and no turn limit in TextArena 0.7.4 (`max_turns=25` is passed but never
    checked): a move needs two cells that have not collapsed, and once fewer are left nobody can move."""

    def has_legal_move(self) -> bool:
        return sum(cell == "" for row in self.env.state.game_state["board"] for cell in row) >= 2


class UltimateTicTacToeMaster(NoLegalMoveDrawMaster):
    """TextArena 0.7.4 declares a draw only when all nine small boards are won; a small board full without a line
    stays open on the big board, so once every board is won or full the player on turn cannot move."""

    def has_legal_move(self) -> bool:
        game_state = self.env.state.game_state
        return any(game_state["macro_board"][board // 3][board % 3] == " "
                   and any(cell == " " for row in game_state["board"][board] for cell in row)
                   for board in range(9))
# --- social games ---

class _EndsWhenASeatIsOut(MultiPlayerMaster):
    """Ends the episode when TextArena puts a seat out of the game for repeated invalid moves.

    SecretMafia and SettlersOfCatan (TextArena 0.7.4) do not end the game there: SecretMafia eliminates the seat and
    plays on, so the violator's team could still win; SettlersOfCatan eliminates a seat for a bad index or offer
    but leaves a seat that keeps answering without a `[k]` on turn, asking it forever. Either way the seat broke the
    rules and the episode is Aborted; ending it at once spares the other seats' requests.
    """

    def _move(self, seat, move):
        done, reason = super()._move(seat, move)
        if not done and any(info.get("invalid_move") for info in self.env.state.game_info.values()):
            done = True
        return done, reason


class TruthAndDeceptionMaster(MultiPlayerMaster):
    """Player 0 is the Deceiver, whose prompt marks which fact is true; Player 1, the Guesser, answers `[Fact 1]` or
    `[Fact 2]` after the conversation.

    TextArena 0.7.4 checks the guess with two separate searches (TruthAndDeception/env.py:75-76), so a reply naming
    both facts always wins. Here a guess counts only when it names one fact: a reply naming both is a broken format,
    which TextArena warns about and then punishes like any other.
    """

    def _on_before_game(self):
        self.ta_env.guess_fact1_pattern = re.compile(r"^(?!.*\[Fact 2\]).*\[Fact 1\]", re.IGNORECASE | re.DOTALL)
        self.ta_env.guess_fact2_pattern = re.compile(r"^(?!.*\[Fact 1\]).*\[Fact 2\]", re.IGNORECASE | re.DOTALL)

    def _how(self, pid, violators):
        # the game's last turn is the guess, which decides it by the rules: TextArena's turn limit only times it
        how = super()._how(pid, violators)
        return "rules" if how == "turn limit" else how

    def secrets(self):
        game_state = self.env.state.game_state
        facts = [f"Fact {number}: {game_state[f'fact{number}']['fact']} "
                 f"({'correct' if game_state[f'fact{number}']['is_correct'] else 'wrong'})" for number in (1, 2)]
        return {0: facts, 1: []}


class SecretMafiaMaster(_EndsWhenASeatIsOut):
    """Roles are secret: each seat's prompt names its own role (and a Mafia member's teammates); the Mafia's night
    talk, the Doctor's choice and the Detective's findings reach only them. The episode ends when a seat is out for
    invalid moves (Aborted)."""

    def secrets(self):
        return {pid: [f"You are Player {pid}.\nYour role: {role}"]
                for pid, role in self.env.state.game_state["player_roles"].items()}

    def teams(self):
        roles = self.env.state.game_state["player_roles"]
        mafia = {pid for pid, role in roles.items() if role == "Mafia"}
        return [mafia, set(roles) - mafia]

    def unplayable_reason(self):
        """A Villager at the model's seat of the `_vs_<reference>` variants (seat `game_id % seats`) acts first in
        the first day; if the references' Mafia kill it in the first night, the game plays out without it and the
        episode has no request. Such seeds are skipped: the first night is played on a copy with each reference
        (the Mafia, the Doctor and the Detective are references then, so the night does not depend on the model)."""
        reason = super().unplayable_reason()
        if reason is not None:
            return reason
        seat = self.instance["game_id"] % len(self.seats)
        if self.env.state.game_state["player_roles"][seat] != "Villager":
            return None
        for reference in getattr(self.game_spec, "references", []):
            # a fresh env from the seed, as setup makes it: this episode's env may have been played already
            env, randomness = make_env(self.game_spec, self.instance), EpisodeRandomness(self.instance["seed"])
            players = [ReferencePlayer(f"Player {pid}", reference, salt=f"{self.instance['seed']}:{pid}")
                       for pid in range(len(self.seats))]
            with randomness:
                env.reset(num_players=len(self.seats), seed=self.instance["seed"])
                while env.env.phase is not mafia_env.Phase.DAY_DISCUSSION and not env.state.done:
                    pid, context = env.get_observation()
                    env.step(players[pid].move(context))
            if seat not in env.state.game_state["alive_players"]:
                return f"the {reference} references kill the Villager at seat {seat} in the first night"
        return None


class SettlersOfCatanMaster(_EndsWhenASeatIsOut):
    """Four seats (Red, White, Blue, Orange); the game ends when a seat reaches 11 victory points.

    TextArena 0.7.4 rewards the victory-point rank on a scale from -1 to 1 (the second of four gets +1/3); here only
    the seats with the most points win, and the payoff of each seat is its victory points, which the scorer ranks.
    The env has no turn limit (its `max_turns` is never checked) and its turn order can skip seats
    (SettlersOfCatan/env.py:312-313 then :249-250), so besides the model's `max_requests` the episode also stops after
    four times as many moves of all seats.
    """

    def _on_before_game(self):
        self._moves_of_all_seats = 0

    def _move(self, seat, move):
        done, reason = super()._move(seat, move)
        self._moves_of_all_seats += 1
        cap = 4 * self.max_requests
        if not done and self._moves_of_all_seats >= cap and self.cap_reason is None:
            self.cap_reason = f"The episode reached its cap of {cap} moves of all seats."
            self.log_to_self("request cap", self.cap_reason)
            done = True
        return done, reason

    def _on_after_game(self, rewards):
        if rewards is not None:
            best = max(rewards.values())
            rewards = {pid: 0 if len(set(rewards.values())) == 1 else 1 if reward == best else -1
                       for pid, reward in rewards.items()}
        super()._on_after_game(rewards)

    def _how(self, pid, violators):
        # TextArena 0.7.4 gives the state max_turns=200 but never checks it: the game ends by victory points only
        how = super()._how(pid, violators)
        return "rules" if how == "turn limit" else how

    def payoffs(self):
        scores = self.ta_env.board.get_scores()
        return {pid: scores[self.ta_env.board.str_to_enum(self.ta_env.roles[pid])]["total"]
                for pid in range(len(self.seats))}

    def secrets(self):
        # `roles` is a class attribute that TextArena's state also gives the GAME sender (-1): seats only.
        board = self.ta_env.board
        hands = {pid: board.players[board.str_to_enum(self.ta_env.roles[pid])].hand for pid in range(len(self.seats))}
        return {pid: ["Your hand cards are:\n\t" + "\n\t".join(f"{terrain.name.lower()}: {count}"
                                                             for terrain, count in hand.items())]
                for pid, hand in hands.items()}
# --- word contests ---

class DontSayItMaster(MultiPlayerMaster):
    """Each seat's secret word is in its own prompt only. Every text is a move (no format, no invalid moves): a
    seat loses by saying the other's word, and the game is a draw at TextArena's turn limit. TextArena 0.7.4 checks
    the limit before counting the move, so `max_turns=20` plays 21 messages (the prompt says 20)."""

    def secrets(self):
        return {pid: [f"Your secret word is: '{word}'"]
                for pid, word in self.env.state.game_state["target_words"].items()}


class SpellingBeeMaster(MultiPlayerMaster):
    """SpellingBee ends only through TextArena's invalid-move rule: the seat that finds no new word at least as
    long as the last one loses by its second invalid move in a row. A wrong word is that ordinary loss; only a reply
    without a bracketed word breaks the rules. Between models a game is played well when it came to that end
    (not at the request cap). Logs the words played."""

    FORMAT_VIOLATION = "does not follow the proper format"

    def _on_after_game(self, rewards):
        self.log_key("words played", list(self.env.state.game_state["word_history"]))
        super()._on_after_game(rewards)

    def _aborts(self, reason: str) -> bool:
        return self.FORMAT_VIOLATION in reason

    def played_well(self) -> bool:
        return self.cap_reason is None and not self.violating_seats()


class LetterAuctionMaster(MultiPlayerMaster):
    """Records the auction order; each seat's payoff is the value of its word (the coins paid for its letters, a
    letter counting each time it occurs).

    TextArena 0.7.4 marks a rejected word as the empty word before its invalid-move warning, and ends the game once
    both seats have a word: the second seat to submit loses at its first wrong word, with no retry and no invalid
    move recorded (`LetterAuction/env.py:285-291,147`). The game master unmarks it, so that this seat gets the retry
    every other invalid move gets (and loses by TextArena's rule at a second one).
    """

    def _on_before_reset(self):
        self.ta_env._calculate_word_value = types.MethodType(_word_value_with_retry, self.ta_env)

    def content(self):
        return {"letters": list(self.ta_env.letters), "starting coins": self.ta_env.starting_coins}

    def payoffs(self):
        return {pid: state["word_value"] for pid, state in self.ta_env.player_states.items()}


def _word_value_with_retry(env, player_id: int, word: str):
    type(env)._calculate_word_value(env, player_id, word)
    if env.player_states[player_id]["word"] == "":  # rejected: no word yet (a second rejection lost the game)
        env.player_states[player_id]["word"] = None


CODENAMES_FORMATS = {"Spymaster": (re.compile(r"\[(\w+)\s+(\d+)\]"), "a clue and number in brackets, e.g. [wind 2]"),
                     "Operative": (re.compile(r"\[(\w+)\]"), "a board word or pass in brackets, e.g. [breeze]")}


class CodenamesMaster(MultiPlayerMaster):
    """Records the key; skips boards where a team word can never be guessed; makes a broken format an invalid move.

    - The key lives in `env.board` (word -> R, B, N or A), outside TextArena's game state.
    - `-hardcore` draws capitalised nouns; TextArena 0.7.4 lower-cases every guess before looking it up
      (`Codenames/env.py:100,108`), so a capitalised Red or Blue word can never be revealed and that team can never
      win by revealing its words: the instance generator skips such boards.
    - TextArena 0.7.4 answers a reply without a bracketed clue or guess by skipping the team's turn and never
      registers an invalid move, so a player that ignores the format only loses turns (and its partner's game). The
      game master treats it as every other game does: a warning and a retry, and the second in a row loses the game
      for the team.
    """

    def _on_before_reset(self):
        self.ta_env.step = types.MethodType(_codenames_step_with_format_rule, self.ta_env)

    def content(self):
        return {"board": [[word, label] for word, label in self.ta_env.board.items()]}

    def unplayable_reason(self):
        capitalised = [word for word, label in self.ta_env.board.items() if label in "RB" and word != word.lower()]
        if capitalised:
            return f"the team words {capitalised} are capitalised and lower-cased guesses never match them"
        for reference in getattr(self.game_spec, "references", []):
            if self._references_end_the_game(reference):
                return f"the {reference} references end the game before the model's first move in its variant"
        return super().unplayable_reason()

    def _references_end_the_game(self, reference: str) -> bool:
        """Whether, in the `_vs_<reference>` variant, the reference seats playing before the model's seat
        (`game_id % 4`) end the game first (a random Operative can pick the assassin): played on a new env set up as
        the episode's, with the references the game master would seat."""
        seats = self.instance["num_players"]
        model_seat = self.instance["game_id"] % seats
        with EpisodeRandomness(self.instance["seed"]):
            env = make_env(self.game_spec, self.instance)
            env.env.step = types.MethodType(_codenames_step_with_format_rule, env.env)
            env.reset(num_players=seats, seed=self.instance["seed"])
            references = {pid: ReferencePlayer(f"Player {pid}", reference, salt=f"{self.instance['seed']}:{pid}")
                          for pid in range(seats) if pid != model_seat}
            while env.state.current_player_id != model_seat:
                _, context = env.get_observation()
                done, _ = env.step(references[env.state.current_player_id].move(context))
                if done:
                    return True
        return False

    def teams(self):
        # Red: the Spymaster Player 0 and the Operative Player 1; Blue: Players 2 and 3 (Codenames/env.py:45-46)
        return [{0, 1}, {2, 3}]

    def secrets(self):
        """Both Spymasters see the key: the label of every word not revealed yet, in their board's line format."""
        guessed = self.env.state.game_state["guessed_words"]
        key = [f"{word:<8} {label}" for word, label in self.ta_env.board.items() if word not in guessed]
        return {0: key, 2: key}


def _codenames_step_with_format_rule(env, action: str):
    state = env.state
    player_id = state.current_player_id
    pattern, expected = CODENAMES_FORMATS["Spymaster" if player_id in (0, 2) else "Operative"]
    if pattern.search(action):
        return type(env).step(env, action)
    state.add_observation(from_id=player_id, to_id=player_id, message=action,
                          observation_type=ta.ObservationType.PLAYER_ACTION)
    if state.set_invalid_move(reason=f"The reply is not {expected}."):
        state.set_winners(player_ids=[2, 3] if player_id < 2 else [0, 1],
                          reason=f"Player {player_id} broke the format twice in a row.")
    return state.step()


TABOO_QUOTED_GUESS = re.compile(r"\[\s*(['\"])(.*?)\1\s*\]")


class TabooMaster(MultiPlayerMaster):
    """Records the teams' words; logs the words guessed, which score the game between models; two TextArena 0.7.4
    defects are worked around in the env's `step`:

    - The Guesser's prompt shows a guess as `['elephant']` (`Taboo/env.py:210`) but the env compares the guess with
      its quotes kept (`:382-385`): a guess following the example can never be right. Quotes around a bracketed
      guess are dropped.
    - A second invalid move in a row (a Guesser without brackets, a Clue Giver saying a taboo word again) is
      recorded, but the Guesser is then asked again forever and the Clue Giver's team only loses its turn. The
      game master ends the game there, lost for that seat's team, as the invalid-move rule does in other games.
    """

    def _on_before_reset(self):
        self.ta_env.step = types.MethodType(_taboo_step, self.ta_env)

    def content(self):
        return {"category": self.ta_env.categories[0], **super().content()}

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key("words guessed", {f"Team {team}": score for team, score in game_state["score"].items()})
        # every guessed word takes a clue and a guess of the team's requests per turn
        self.log_key("words possible", game_state["max_rounds"] * game_state["max_turns_per_round"] // 2)
        super()._on_after_game(rewards)

    def teams(self):
        team_size = self.env.state.num_players // 2
        return [set(range(team_size)), set(range(team_size, 2 * team_size))]

    def secrets(self):
        """Each team's current word, as the Clue Giver's notice writes it; only that Clue Giver may see it."""
        game_state = self.env.state.game_state
        team_size = self.env.state.num_players // 2
        secrets = {}
        for team, pairs in game_state["team_word_pairs"].items():
            word = pairs[min(game_state["team_word_indices"][team], len(pairs) - 1)][0]
            secrets[team * team_size] = [f"word to guess is '{word}'"]
        return secrets


def _taboo_step(env, action: str):
    state = env.state
    player_id = state.current_player_id
    if state.role_mapping[player_id] == "Guesser":
        action = TABOO_QUOTED_GUESS.sub(lambda match: f"[{match.group(2)}]", action, count=1)
    done, info = type(env).step(env, action)
    if not done and state.game_info[player_id]["invalid_move"]:
        team = player_id // (state.num_players // 2)
        state.set_winners(player_ids=[pid for pid in range(state.num_players)
                                      if pid // (state.num_players // 2) != team],
                          reason=f"Player {player_id} made a second invalid move in a row.")
        done = True
    return done, info
# --- territory games (Snake, Surround, SimpleTak, Santorini, Tak, Stratego) ---

class GridRaceMaster(MultiPlayerMaster):
    """Snake and Surround: every seat answers in turn, and the round resolves when all living seats have a move.

    TextArena 0.7.4 kills a seat whose reply holds no direction on the spot without calling `set_invalid_move`
    (`game_info[pid]["invalid_move"]` stays False; only `death_reason == "invalid move"` tells). A broken format
    is not a fair death: it is recorded as the seat's violated request and its violation, and the episode is
    Aborted like any other game's. A move into a wall, a trail or a body is an ordinary death of the game.
    TextArena 0.7.4 checks its turn limit (`max_turns` seat moves) before counting the move, so it asks for one
    move more, which it drops unplayed; the game master ends the game right after the last counted move.
    """

    PIECES: str  # the game_state key of the seats' pieces

    def _on_before_reset(self):
        self.ta_env.step = types.MethodType(functools.partial(_step_recording_format_deaths, self.PIECES),
                                            self.ta_env)

    def violating_seats(self) -> list[int]:
        pieces = self.env.state.game_state[self.PIECES]
        return [pid for pid, piece in pieces.items() if piece.death_reason == "invalid move"]


def _step_recording_format_deaths(pieces_key: str, env, action: str):
    pid = env.state.current_player_id
    piece = env.state.game_state[pieces_key][pid]
    was_alive = piece.alive
    done, info = type(env).step(env, action)
    if was_alive and piece.death_reason == "invalid move":
        env.state.clem_invalid_moves.append(f"Player {pid} died due to invalid move: the reply held no direction "
                                            f"([up], [down], [left], [right] or [w], [s], [a], [d]).")
    if not done:
        env._check_turn_limit()
        done = env.state.done
    return done, info


class SnakeMaster(GridRaceMaster):
    PIECES = "snakes"


class SurroundMaster(GridRaceMaster):
    PIECES = "players"


class SantoriniMaster(MultiPlayerMaster):
    """Ends the game when TextArena eliminates a seat for its invalid moves.

    TextArena 0.7.4's Santorini allows 10 invalid moves in a row (`error_allowance`); the 11th puts the seat in
    `elimination_order` and flags its invalid move, but nothing ends the game and the same seat stays on turn
    (`step` returns `state.step()` without rotating after an invalid move), warned anew forever. The game master
    ends it there: the eliminated seat loses, the others win, and the episode is Aborted as for any violation.
    """

    def _on_before_reset(self):
        self.ta_env.step = types.MethodType(_step_ending_on_elimination, self.ta_env)


def _step_ending_on_elimination(env, action: str):
    pid = env.state.current_player_id
    done, info = type(env).step(env, action)
    if not done and pid in env.state.elimination_order:
        env.state.set_winners(player_ids=[other for other in range(env.state.num_players) if other != pid],
                              reason=f"Player {pid} ({env.PLAYER_COLORS[pid]}) made {env.error_allowance + 1} "
                                     f"invalid moves in a row and is eliminated.")
        done = True
    return done, info


class TakMaster(MultiPlayerMaster):
    """Puts four TextArena 0.7.4 Tak defects right, on the env object:
    - A completed road calls `set_winner(player_ids=...)`, which TwoPlayerState does not accept (`player_id`):
      every road raised TypeError, so Tak could never be won. The keyword is translated.
    - The message after a stack move is a one-element tuple (a trailing comma), which no context can show: it is
      passed on as its text.
    - A malformed allocation (an empty piece list, a coordinate that is not a number, a key of three numbers) raises
      inside TextArena's checks of a placement or a stack move; it is an invalid move instead.
    - Only the mover's roads are checked: a stack move that uncovers a road of the opponent would be awarded only
      at the opponent's next step, whatever that move. The opponent wins at once instead (the mover's own road
      still comes first, as in Tak).
    TextArena has no end when the reserves run out and no flat count: the spec's `max_requests` ends such games,
    a draw.
    """

    def _on_before_reset(self):
        env = self.ta_env
        env.step = types.MethodType(_step_awarding_the_opponents_road, env)
        for check in ("_is_valid_placement", "_is_valid_movement"):
            setattr(env, check, types.MethodType(functools.partial(_invalid_on_error, getattr(type(env), check)), env))

    def _on_before_game(self):
        state = self.env.state
        state.set_winner = types.MethodType(_set_winner_from_player_ids, state)
        state.add_observation = types.MethodType(_add_observation_as_text, state)


def _set_winner_from_player_ids(state, player_id=None, reason=None, player_ids=None):
    return type(state).set_winner(state, player_id=player_ids if player_id is None else player_id, reason=reason)


def _add_observation_as_text(state, message, *args, **kwargs):
    if isinstance(message, tuple):
        message = " ".join(map(str, message))
    return type(state).add_observation(state, message, *args, **kwargs)


def _invalid_on_error(check, env, *args):
    try:
        return check(env, *args)
    except (TypeError, ValueError, IndexError, KeyError):
        return False


def _step_awarding_the_opponents_road(env, action: str):
    mover = env.state.current_player_id
    done, info = type(env).step(env, action)
    opponent = 1 - mover
    if not done and env._check_win(opponent):
        env.state.set_winner(player_id=opponent,
                             reason=f"Player {mover}'s move completed a road of Player {opponent}, who has connected "
                                    f"two opposite edges of the board.")
        done = True
    return done, info


class StrategoMaster(MultiPlayerMaster):
    """Hides each seat's army from the other and ends the games TextArena 0.7.4 leaves open.

    - TextArena broadcasts the board it renders for the seat on turn (its ranks shown, the other's as `?`) to both
      seats, at reset and after every move: each seat read the other's whole army. The board goes to the seat on
      turn only (every seat gets its own board before its turn).
    - Its win check reads each side's piece list, which keeps a bomb's square after a Miner defuses it: when the
      Miner moves on, the check indexes an empty square and raises TypeError. It is computed from the board.
    - The check returns the winner's id, 0 for Player 0, which the env takes for "no winner"; and a seat whose
      pieces are all blocked is offered an empty move list and could only lose by invalid moves. A seat left
      without a legal move loses at once (Stratego's rule), whichever seat it is.
    - The flag capture's reason is a list; it is passed on as its text.
    - A move from a lake square (`[E2 D2]`) raised TypeError (the lake's `~` read as a piece); it is an invalid
      move, as a move from any square without an own piece.
    There is no draw and no move limit: the spec's `max_requests` ends a game, a draw. The env keeps its board
    from construction and hangs on a second reset: every episode gets a fresh env (the spec sets no `cache_env`).
    """

    def _on_before_reset(self):
        patch_stratego_env(self.ta_env)

    def _on_before_game(self):
        patch_stratego_state(self.env.state)

    def secrets(self) -> dict[int, list[str]]:
        """Each seat's board rows that show its ranks, as TextArena renders them for it."""
        env = self.ta_env
        return {pid: [line for line in env._render_board(player_id=pid, full_board=False).splitlines()
                      if re.search(r"\b(FL|BM|SP|SC|MN|SG|LT|CP|MJ|CL|GN|MS)\b", line)]
                for pid in (0, 1)}


def patch_stratego_env(env):
    """The env-level fixes of StrategoMaster (before reset)."""
    env._observe_current_state = types.MethodType(_observe_for_the_seat_on_turn, env)
    env._check_winner = types.MethodType(_stratego_winner_from_the_board, env)
    env.step = types.MethodType(_step_ending_without_legal_move, env)
    env._validate_move = types.MethodType(_validate_move_from_a_piece, env)


def _validate_move_from_a_piece(env, player_id, src_row, src_col, dest_row, dest_col):
    if 0 <= src_row < 10 and 0 <= src_col < 10 and not isinstance(env.board[src_row][src_col], (dict, type(None))):
        env.state.set_invalid_move(reason=f"Invalid action format. Player {player_id} must move one of their own "
                                          f"pieces.")
        return False
    return type(env)._validate_move(env, player_id=player_id, src_row=src_row, src_col=src_col, dest_row=dest_row,
                                    dest_col=dest_col)


def patch_stratego_state(state):
    """The state-level fix of StrategoMaster (after reset)."""
    state.set_winner = types.MethodType(_set_winner_with_text_reason, state)


def _observe_for_the_seat_on_turn(env):
    observations = env.state.observations
    queued = {pid: len(queue) for pid, queue in observations.items()}
    type(env)._observe_current_state(env)
    for pid, queue in observations.items():
        if pid != env.state.current_player_id:
            del queue[queued[pid]:]


def _stratego_movable(env, player: int) -> bool:
    return any(isinstance(piece, dict) and piece["player"] == player and piece["rank"] not in ("Bomb", "Flag")
               for row in env.board for piece in row)


def _stratego_winner_from_the_board(env):
    for player in (0, 1):
        if not _stratego_movable(env, player):
            return 1 - player
    return None


def _stratego_has_legal_move(env, player: int) -> bool:
    for row in range(10):
        for col in range(10):
            piece = env.board[row][col]
            if isinstance(piece, dict) and piece["player"] == player and piece["rank"] not in ("Bomb", "Flag"):
                for dr, dc in ORTHOGONAL_STEPS:
                    r, c = row + dr, col + dc
                    if 0 <= r < 10 and 0 <= c < 10 and (env.board[r][c] is None or
                                                        (isinstance(env.board[r][c], dict)
                                                         and env.board[r][c]["player"] != player)):
                        return True
    return False


ORTHOGONAL_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _step_ending_without_legal_move(env, action: str):
    done, info = type(env).step(env, action)
    player = env.state.current_player_id
    if not done and not _stratego_has_legal_move(env, player):
        what = "movable pieces" if not _stratego_movable(env, player) else "legal moves"
        env.state.set_winner(player_id=1 - player, reason=f"Player {1 - player} wins! Player {player} has no more "
                                                          f"{what}.")
        done = True
    return done, info


def _set_winner_with_text_reason(state, player_id, reason):
    if isinstance(reason, list):
        reason = " ".join(map(str, reason))
    return type(state).set_winner(state, player_id=player_id, reason=reason)
# --- board games ---

class StuckSideMaster(MultiPlayerMaster):
    """Ends the game as a loss of the side to move when it has no legal move, before it is asked (the rule of
    Checkers, Breakthrough and most board games). TextArena 0.7.4's Breakthrough has no rule for it, so every
    reply of a blocked side would be an invalid move, a violation it cannot avoid (and a reference would be forced
    into one); its Checkers has the rule but crashes on it (CheckersMaster). The check runs after every move; a
    game never starts stuck."""

    def _move(self, seat, move: str) -> tuple[bool, str | None]:
        done, reason = super()._move(seat, move)
        state = self.env.state
        if not done and not state.done and not self._has_legal_move(state.current_player_id):
            stuck = state.current_player_id
            state.set_winner(player_id=1 - stuck, reason=f"Player {stuck} has no legal move and loses.")
            self.log_to_self("no legal move", f"{self.seats[stuck].name} cannot move: the game ends as its loss.")
            done = True
        return done, reason

    def _has_legal_move(self, pid: int) -> bool:
        raise NotImplementedError


class BreakthroughMaster(StuckSideMaster):
    """A side whose every piece is blocked loses (TextArena 0.7.4 has no rule for it; see StuckSideMaster)."""

    def _has_legal_move(self, pid: int) -> bool:
        board = tuple(tuple(cell or "." for cell in row) for row in self.env.state.game_state["board"])
        return bool(boards.breakthrough_moves(board, pid))


class CheckersMaster(StuckSideMaster):
    """A side without a legal move loses, as TextArena 0.7.4's Checkers intends but cannot say: its
    `_check_gameover` calls `set_winners(player_id=...)`, which TwoPlayerState does not take (a TypeError,
    Checkers/env.py:107). That check runs after every reply on the player who replied, so it fires when a move
    leaves its own side without a move (the mover loses, as TextArena means), and when a side left without a move by
    the opponent replies at all; the latter never comes to pass here, as StuckSideMaster ends the game before such a
    side is asked. The TypeError is caught only when it comes from that call, and the stuck mover's loss is scored
    as the env would have scored it."""

    CRASH = "set_winners() got an unexpected keyword argument 'player_id'"

    def _move(self, seat, move: str) -> tuple[bool, str | None]:
        try:
            return super()._move(seat, move)
        except TextArenaEnvError as error:
            if not self._is_the_crash(error.__cause__) or self._has_legal_move(self.env.state.current_player_id):
                raise
        stuck = self.env.state.current_player_id
        self.env.state.set_winner(player_id=1 - stuck, reason=f"Player {stuck} has no moves left.")
        self.log_to_self("no legal move", f"{self.seats[stuck].name} left itself without a move: the game ends as "
                                          f"its loss (TextArena 0.7.4 raises here, Checkers/env.py:107).")
        return True, None

    def _is_the_crash(self, error) -> bool:
        return isinstance(error, TypeError) and str(error).endswith(self.CRASH) \
            and traceback.extract_tb(error.__traceback__)[-1].name == "_check_gameover"

    def _has_legal_move(self, pid: int) -> bool:
        return bool(boards.checkers_moves(self.env.state.game_state["board"], pid))
# --- tabletop games ---

class KuhnPokerMaster(MultiPlayerMaster):
    """Kuhn Poker: payoffs are the chips won or lost; each seat's secret is its card of the current round.

    TextArena 0.7.4 deals one round past the last (`KuhnPoker/env.py:25-31`), deducting both antes again after the
    game is decided, and never puts bets or calls into the pot (`env.py:81-92`): every pot is the two antes. The
    payoff adds the ante back, so it is the chips won over the rounds played (zero-sum).
    """

    CARDS = {0: "J", 1: "Q", 2: "K"}

    def payoffs(self):
        ante = self.ta_env.ante
        return {pid: chips + ante for pid, chips in self.env.state.game_state["player_chips"].items()}

    def secrets(self):
        cards = self.env.state.game_state["player_cards"]
        return {pid: [f"Your card is: '{self.CARDS[card]}'"] for pid, card in cards.items()}


class IndianPokerMaster(MultiPlayerMaster):
    """Indian Poker: payoffs are the chips won or lost; each seat knows the opponent's card and not its own.

    A seat's private information is the opponent's card (`Your opponent's card is: Q`); the owner of that card must
    never see it. When both cards have the same rank, the two lines read alike and give nothing away.

    Two TextArena 0.7.4 defects are worked around by wrapping `_init_round`:
    - `second_check` is never reset between rounds (`IndianPoker/env.py:103-109`): after a round that ended with a
      check, the first `[check]` of the next round went straight to showdown before the other seat could act;
    - the ante is taken even from a seat that has no chip left (`env.py:44-45`), and then every move of that seat,
      `[check]` and `[fold]` included, is "Insufficient chips" (`env.py:98`, cost 0 > -1 chips): it could only
      lose by invalid moves. A seat that cannot pay the next ante is out, and the other seat wins.
    """

    def _on_before_reset(self):
        env = self.ta_env
        init_round = env._init_round

        def init_round_with_fresh_checks_and_busts():
            game_state = env.state.game_state
            game_state["second_check"] = False
            broke = [pid for pid, chips in game_state["player_chips"].items() if chips < env.ante]
            if broke and game_state["current_round"] < env.max_rounds:
                env.state.set_winner(1 - broke[0], f"Player {broke[0]} cannot pay the ante of the next round "
                                                   f"({game_state['player_chips'][broke[0]]} chips).")
                return
            init_round()
        env._init_round = init_round_with_fresh_checks_and_busts

    def payoffs(self):
        return {pid: chips - self.ta_env.starting_bank
                for pid, chips in self.env.state.game_state["player_chips"].items()}

    def secrets(self):
        cards = self.env.state.game_state["player_cards"]
        ranks = {pid: self.ta_env._rank_to_str(card) for pid, card in cards.items()}
        if ranks[0] == ranks[1]:
            return {}
        return {pid: [f"Your opponent's card is: {ranks[1 - pid]}"] for pid in (0, 1)}


class PigDiceMaster(MultiPlayerMaster):
    """Pig: payoffs are the points banked. No hidden information (every roll is announced to both seats)."""

    def payoffs(self):
        return dict(enumerate(self.env.state.game_state["scores"]))


class GameOfPureStrategyMaster(MultiPlayerMaster):
    """GOPS and Three-Player GOPS: payoffs are the prize points won. Bids are sealed: TextArena 0.7.4 sends a
    reply to its author only (`to_id=pid`) and reveals the bids together when every seat has bid; the hands are
    public knowledge (every seat starts with A-K and every bid is revealed)."""

    def payoffs(self):
        return dict(self.env.state.game_state["player_scores"])


class ThreePlayerGOPSMaster(GameOfPureStrategyMaster):
    """Three-Player GOPS ends when a seat is eliminated for repeated invalid moves (the episode is Aborted then).

    TextArena 0.7.4 plays on with two seats (`ThreePlayerGOPS/env.py:23-38`), but when the eliminated seat was the
    round's last bidder the round never resolves: the next seat is asked to bid again in a round it has already
    bid in, from a hand shown before its bid (a reference then plays a card it no longer holds). The eliminated
    seat loses, the others win, as when TextArena eliminates two seats.
    """

    def _on_before_reset(self):
        env = self.ta_env
        handle_invalid = env._handle_invalid

        def end_at_the_first_elimination(reason):
            result = handle_invalid(reason)
            state = env.state
            if state.elimination_order and not state.done:
                out = state.elimination_order[0]
                state.set_game_outcome({pid: -1 if pid == out else 1 for pid in range(state.num_players)},
                                       f"Player {out} eliminated after repeated invalid moves.")
                return True, result[1]
            return result
        env._handle_invalid = end_at_the_first_elimination


class LiarsDiceMaster(MultiPlayerMaster):
    """Liar's Dice: payoffs are the dice a seat has left; each seat's secret is its roll of the current round
    (`Your current Dice are: 2, 5, 1`), sent to it alone. Two seats that rolled the same dice read the same line,
    which gives nothing away, so such rolls are left out."""

    def payoffs(self):
        return dict(self.env.state.game_state["remaining_dice"])

    def secrets(self):
        game_state = self.env.state.game_state
        lines = {pid: f"Your current Dice are: {', '.join(map(str, dice))}"
                 for pid, dice in game_state["dice_rolls"].items() if game_state["remaining_dice"][pid] > 0}
        return {pid: [line] for pid, line in lines.items() if list(lines.values()).count(line) == 1}

    def result(self, pid, rewards):
        # TextArena 0.7.4 rewards more than two seats linearly by the order they lost their dice in, so that the
        # second seat out of three or four gets a positive reward; the game is won by the last seat with dice alone
        return "win" if self.env.state.game_state["remaining_dice"][pid] > 0 else "loss"


class GermanWhistMaster(MultiPlayerMaster):
    """German Whist: payoffs are the tricks won (of 26). Each seat's secret is its hand, as TextArena 0.7.4 lists
    it in the seat's own board (`    3. 10♠`, position and card); the face-down card a trick's loser draws is told
    to it alone and joins that hand. The face-up card the winner takes is shown to both seats (it is public).
    The instance records the deal: both hands (Player 0's first), the trump card and the stock (top first)."""

    @staticmethod
    def _card(card) -> str:
        return f"{card['rank']}{card['suit']}"

    def content(self):
        game_state = self.env.state.game_state
        return {**super().content(),
                "hands": [[self._card(card) for card in game_state["players"][pid]["hand"]] for pid in (0, 1)],
                "trump card": self._card(game_state["trump_card"]),
                "stock": [self._card(card) for card in reversed(game_state["deck"])]}

    def payoffs(self):
        return dict(self.env.state.game_state["tricks_won"])

    def secrets(self):
        players = self.env.state.game_state["players"]
        return {pid: [f"    {position}. {self._card(card)}" for position, card in enumerate(player["hand"], 1)]
                for pid, player in players.items()}


class HighSocietyMaster(MultiPlayerMaster):
    """High Society: payoffs are the prestige points won. Bids are sealed: TextArena 0.7.4 sends a reply to its
    author only (`to_id=pid`) and reveals both bids together; the money cards are public knowledge in effect
    (both start with 1-11 and every won auction shows the card paid). The instance records the auction order.

    TextArena 0.7.4 defect H1: its prompt says the score is "remaining cash + prestige points" (net worth), but
    `_end_match` (`HighSociety/env.py:294-296`) counts prestige only. The game is kept as TextArena scores it (its
    rewards, the references' play) and the prompt's scoring lines are put right, so the rules a model reads are the
    rules it is judged by. H2: a tie returns both bids and re-auctions the card without limit (`env.py:284-287`):
    the spec's request cap ends such a loop (a draw, the generic outcome at the cap).
    """

    PROMPT_SCORING = ("Scoring:    After all ten auctions, add **remaining cash + prestige points**.\n"
                      "            Higher *net-worth* wins (exact tie -> draw).")
    TRUE_SCORING = ("Scoring:    After all ten auctions, the higher total of prestige points wins (exact tie -> "
                    "draw).\n            Money cards left over count for nothing.")

    def _on_before_reset(self):
        env = self.ta_env
        prompt = env._prompt

        def prompt_with_the_scoring_as_played(player_id, game_state):
            text = prompt(player_id, game_state)
            if self.PROMPT_SCORING not in text:
                raise RuntimeError("TextArena's High Society prompt changed: review defect H1")
            return text.replace(self.PROMPT_SCORING, self.TRUE_SCORING)
        env._prompt = prompt_with_the_scoring_as_played

    def content(self):
        game_state = self.env.state.game_state  # the first card is on auction already; the rest go from the end
        return {**super().content(),
                "auction order": [game_state["current_prize"], *reversed(game_state["prestige_deck"])]}

    def payoffs(self):
        return dict(self.env.state.game_state["player_prestige"])


class PokerMaster(MultiPlayerMaster):
    """Texas Hold'em, heads-up only: payoffs are the chips won or lost; each seat's secret is its hole cards
    (`Your hole: A♠, K♦`, in its own board only; the other seat sees them only at a showdown, as the rules have it).

    Two seats only: TextArena 0.7.4 deals busted seats into every later hand with three or more players and counts
    them at the showdown (defect P2, `Poker/env.py` `_reset_round`, `_handle_showdown`). Three workarounds (TextArena
    0.7.4), each pinned by a test:
    - P1: heads-up the button posts the small blind and acts first pre-flop (`_reset_round`), but the board labels
      roles as for three or more seats (`_observe_current_pot`: `sb = btn+1`, `bb = btn+2`): the button was shown
      "Dealer/BB" and the big blind "SB". The labels are put right ("Dealer/SB", "BB").
    - P3: the final ranking sorts the stacks (`_set_outcome`); equal stacks (1000 each) fall back to seat order, so
      Player 1 won. Equal stacks with no seat bust are a draw.
    - P4: a seat eliminated by its second invalid move in a row is not the end of the game: with `_handle_invalid`
      the next hand is dealt anyway and the eliminated seat plays on as all-in (the episode ran into the request
      cap), and "Cannot check facing a bet." eliminates without even that. The game ends at such an elimination:
      the violating seat loses, the other wins (the episode is Aborted).
    """

    def _on_before_reset(self):
        env = self.ta_env
        observe, set_outcome = env._observe_current_pot, env._set_outcome

        def observe_with_heads_up_roles():
            state = env.state
            own = state.__dict__.get("add_observation")
            add = state.add_observation

            def add_with_heads_up_roles(*args, message="", **kwargs):
                message = message.replace(" (Dealer/BB): ", " (Dealer/SB): ").replace(" (SB): ", " (BB): ")
                return add(*args, message=message, **kwargs)
            state.add_observation = add_with_heads_up_roles
            try:
                observe()
            finally:
                if own is None:
                    del state.add_observation
                else:
                    state.add_observation = own

        def set_outcome_with_draws():
            state = env.state
            chips = state.game_state["player_chips"]
            if not state.elimination_order and chips[0] == chips[1]:
                state.set_draw(f"Both seats end with {chips[0]} chips.")
                return
            set_outcome()
        env._observe_current_pot = observe_with_heads_up_roles
        env._set_outcome = set_outcome_with_draws

    def _on_before_game(self):
        env = self.ta_env
        step = env.step

        def step_ending_at_an_elimination(action):
            done, info = step(action)
            state = env.state
            out = [pid for pid, game_info in state.game_info.items() if game_info.get("invalid_move")]
            if out and not state.done:
                state.set_game_outcome({pid: -1 if pid == out[0] else 1 for pid in range(state.num_players)},
                                       f"Player {out[0]} eliminated after repeated invalid moves.")
                return True, info
            return done, info
        env.step = step_ending_at_an_elimination

    def payoffs(self):
        """Chips won or lost; None when a seat was eliminated for invalid moves (TextArena has split the pot and
        posted the next hand's blinds by then: the stacks say nothing)."""
        state = self.env.state
        if any(info.get("invalid_move") for info in state.game_info.values()):
            return None
        start = self.ta_env.starting_chips
        return {pid: chips - start for pid, chips in state.game_state["player_chips"].items()}

    def secrets(self):
        hands = self.env.state.game_state["player_hands"]
        return {pid: [f"Your hole: {', '.join(card['rank'] + card['suit'] for card in hand)}"]
                for pid, hand in hands.items()}


class BriscolaMaster(MultiPlayerMaster):
    """Briscola: payoffs are the card points won (120 in all); each seat's secret is its hand, as TextArena lists it
    to that seat alone (`Your hand:` and the numbered cards).

    TextArena 0.7.4 gives a 60-60 tie to Player 0: `_end_game` picks the winner with `max()` over the seats
    (`Briscola/env.py:336`). The master ends a tied game as a draw, as the rules of Briscola have it.
    """

    def _on_before_reset(self):
        env = self.ta_env
        end_game = env._end_game

        def end_game_with_draws():
            points = env.state.game_state["points_won"]
            if len(set(points.values())) > 1:
                return end_game()
            env.state.game_state["phase"] = "finished"
            env.state.set_draw(f"Game Over! A draw: both players have {points[0]} points.")
            return env.state.step(rotate_player=False)
        env._end_game = end_game_with_draws

    def content(self):
        game_state, card = self.env.state.game_state, self.ta_env._card_to_string
        return {"trump card": card(game_state["trump_card"]),
                "hands": {f"Player {pid}": [card(c) for c in player["hand"]]
                          for pid, player in game_state["players"].items()},
                "draw order": [card(c) for c in reversed(game_state["deck"])]}

    def payoffs(self):
        return dict(self.env.state.game_state["points_won"])

    def secrets(self):
        players = self.env.state.game_state["players"]
        return {pid: [self.ta_env._render_player_hand(pid)] for pid in players if players[pid]["hand"]}


class GolfMaster(MultiPlayerMaster):
    """Golf: payoffs are the grid scores TextArena counts at the end (lower is better); each seat's secret is its
    grid as TextArena shows it to that seat alone (the cards dealt face up, and `?` for the hidden ones). Every swap
    is announced to both seats with both cards, so a card swapped in is no secret afterwards.

    TextArena 0.7.4 gives an equal lowest score to Player 0: `_end_game` picks the winner with `min()` over the
    seats (`Golf/env.py:435`). The master ends a game of equal scores as a draw.

    A seat that takes the discard and swaps it onto a face-up card changes nothing that ends the game (the discard
    pile is never empty after a swap), so the game can go on forever: the spec's `max_requests` stops it (a draw).
    """

    def _on_before_reset(self):
        env = self.ta_env
        end_game = env._end_game

        def end_game_with_draws():
            end_game()
            scores = {pid: player["score"] for pid, player in env.state.game_state["players"].items()}
            if len(set(scores.values())) == 1:
                env.state.set_draw(f"Game Over! A draw: both players have a score of {scores[0]} points.")
        env._end_game = end_game_with_draws

    def content(self):
        game_state, card = self.env.state.game_state, self.ta_env._card_to_string
        columns = self.ta_env.num_columns
        return {"grids": {f"Player {pid}": [[card(c["card"]) for c in player["cards"][row:row + columns]]
                                            for row in range(0, len(player["cards"]), columns)]
                          for pid, player in game_state["players"].items()},
                "face up": {f"Player {pid}": [[index // columns + 1, index % columns + 1]
                                              for index, c in enumerate(player["cards"]) if c["revealed"]]
                            for pid, player in game_state["players"].items()},
                "discard pile": [card(c) for c in game_state["discard_pile"]],
                "draw order": [card(c) for c in reversed(game_state["deck"])]}

    def payoffs(self):
        return {pid: player["score"] for pid, player in self.env.state.game_state["players"].items()}

    def secrets(self):
        grids = {pid: self.ta_env._render_player_hand(pid) for pid in self.env.state.game_state["players"]}
        return {pid: [grid] for pid, grid in grids.items() if list(grids.values()).count(grid) == 1}


class SpiteAndMaliceMaster(MultiPlayerMaster):
    """Spite and Malice: payoffs are the cards left in each seat's payoff pile (lower is better); each seat's secret
    is its hand (`Hand: [...]` in its own board). A reply goes to its author only (TextArena 0.7.4, `to_id=pid`);
    the other seat reads what was played. `game_state["rendered_board"]` holds both hands: it is never sent to a
    seat. TextArena shuffles the env's own deck in place, so a second `reset()` of an env fails: every episode makes
    a fresh env (the spec does not set `cache_env`).

    TextArena 0.7.4 stalls (defect S1): a turn ends only with a discard from the hand, and center piles that reach
    Q are cleared, never recycled, so the stock runs out; a seat with an empty hand, an empty stock and no card to
    play can only `[draw]`, which does nothing, and its turn never ends. TextArena's deadlock rule needs both hands
    empty (`SpiteAndMalice/env.py:218-242`) and rarely fires. The master ends the game as soon as the seat on turn
    is stuck so, by TextArena's own deadlock rule: fewer payoff cards left wins. Equal piles are a draw (TextArena
    gives a tie to the seat on turn, `env.py:290-292`, defect S2), at its own deadlocks too.

    A seat can still stall by drawing forever (`[draw]` is always offered): the spec's `max_requests` stops the
    episode, and the same rule decides it. In `_vs_` variants the references' moves count too: the episode also
    stops after twice `max_requests` moves of both seats.
    """

    def _on_before_reset(self):
        env = self.ta_env
        step, end_check = env.step, env._handle_game_end_check

        def end_check_with_draws():
            ended = end_check()
            reason = env.state.game_info[0].get("reason", "")
            if ended and reason.startswith("Deadlock reached with tie!"):
                env.state.set_draw(reason.split(" Player ")[0] + " A draw.")
            return ended

        def step_ending_stuck_turns(action):
            done, info = step(action)
            pid = env.state.current_player_id
            if not done and not env.deck and not env.players[pid]["hand"] and not env._player_has_valid_moves(pid):
                self._decide_by_payoff_piles(f"Deadlock reached! Player {pid} has no card in hand, none to draw and "
                                             f"none to play: its turn can never end.")
                done = True
            return done, info
        env._handle_game_end_check = end_check_with_draws
        env.step = step_ending_stuck_turns

    def _on_before_game(self):
        self._moves_of_all_seats = 0

    def _decide_by_payoff_piles(self, why: str):
        left = self.payoffs()
        if left[0] == left[1]:
            self.env.state.set_draw(f"{why} Both players have {left[0]} payoff cards left: a draw.")
        else:
            winner = 0 if left[0] < left[1] else 1
            self.env.state.set_winner(winner, f"{why} Player {winner} wins with {left[winner]} payoff cards left vs "
                                              f"Player {1 - winner}'s {left[1 - winner]}.")

    def _move(self, seat, move):
        done, reason = super()._move(seat, move)
        self._moves_of_all_seats += 1
        cap = 2 * self.max_requests
        if not done and self._moves_of_all_seats >= cap and self.cap_reason is None:
            self.cap_reason = f"The episode reached its cap of {cap} moves of both seats."
            self.log_to_self("request cap", self.cap_reason)
            done = True
        return done, reason

    def _on_after_game(self, rewards):
        if self.cap_reason is not None and not self.violating_seats():
            left = self.payoffs()
            rewards = {0: 0, 1: 0} if left[0] == left[1] else \
                {pid: 1 if left[pid] < left[1 - pid] else -1 for pid in (0, 1)}
            self.log_key("result at the cap", "the seat with fewer payoff cards left wins, equal piles draw")
        super()._on_after_game(rewards)

    def content(self):
        players = self.ta_env.players
        return {"payoff piles, top last": {f"Player {pid}": list(players[pid]["payoff"]) for pid in (0, 1)},
                "hands": {f"Player {pid}": list(players[pid]["hand"]) for pid in (0, 1)},
                "draw order": list(reversed(self.ta_env.deck))}

    def payoffs(self):
        return {pid: len(player["payoff"]) for pid, player in self.ta_env.players.items()}

    def secrets(self):
        hands = {pid: f"Hand: {player['hand']}" for pid, player in self.ta_env.players.items() if player["hand"]}
        return {pid: [hand] for pid, hand in hands.items() if list(hands.values()).count(hand) == 1}


# --- LLM-judged games (the judge is a clem model: ta_master.judges_in_place_of_openrouter) ---

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

    def _on_before_game(self):
        # TextArena 0.7.4's ScenarioPlanning ends a tied vote with `set_draw(reson=...)`
        # (ScenarioPlanning/env.py:49): a TypeError instead of the draw
        self.env.state.set_draw = types.MethodType(_set_draw_misspelt, self.env.state)

    def _on_after_game(self, rewards):
        self.log_key("votes", to_jsonable(self.env.state.game_state["votes"]))
        self.log_key("margin scale", [-2, 2] if "post-debate" in self.env.state.game_state["votes"] else [-1, 1])
        super()._on_after_game(rewards)


def _set_draw_misspelt(state, reason=None, reson=None):
    return type(state).set_draw(state, reason=reason if reason is not None else reson)
