"""Generic masters for single-player and competitive multi-player TextArena games, and per-game masters where a
game needs one."""
import types

import numpy as np

from ta_master import TextArenaGameMaster, _record_invalid_move
from ta_players.logic import (rush_hour_board, rush_hour_solution, slitherlink_solution, sokoban_board,
                              sokoban_solution)


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
    """Competitive games of two or more seats. Logs each player's result (win/loss/draw, or unfinished at the
    request cap) from TextArena's rewards.

    The episode is Aborted when it ended on invalid moves, Success when the game was decided by its rules,
    and Lose when it ended undecided (a draw, or the request cap).
    """

    def _on_after_game(self, rewards):
        results = {}
        for pid, player in enumerate(self.players):
            if rewards is None:
                results[player.name] = "unfinished"
            else:
                results[player.name] = "win" if rewards[pid] > 0 else "loss" if rewards[pid] < 0 else "draw"
        self.log_key("player results", results)
        if self.ended_by_violation():
            outcome = "aborted"
        elif "win" in results.values():
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())


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
    """Logs the target word and the lives, which the Hangman score weighs with the letters revealed."""

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

    def _on_before_reset(self):
        self.ta_env.word_list = sorted(self.ta_env.word_list)

    def _on_before_game(self):
        self.log_key("start word", self.env.state.game_state["current_word"])

    def _on_after_game(self, rewards):
        self.log_key("final word", self.env.state.game_state["current_word"])
        super()._on_after_game(rewards)

    def _aborts(self, reason: str) -> bool:
        return self.FORMAT_VIOLATION in reason


class BattleshipMaster(MultiPlayerMaster):
    """Logs each player's final boards and, from them, the shots fired, the hits and the opponent's ships sunk."""

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key("final boards", {player.name: {"own": game_state["board"][pid],
                                                    "shots": game_state["tracking_board"][pid]}
                                      for pid, player in enumerate(self.players)})
        fleet = {}
        for pid, player in enumerate(self.players):
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


# --- logic puzzles ---

class RushHourMaster(SinglePlayerMaster):
    """Records the cars and refuses boards X cannot leave.

    TextArena 0.7.4 checks solvability with a BFS cut off after 1000 states and, after 20 failed attempts, plays
    the last board anyway; a full search over the rendered board tells whether the player can win at all.
    """

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
    """Repairs two swapped-argument calls of TextArena 0.7.4's SlitherlinkEnv.step and checks the puzzle has a loop.

    step calls `set_invalid_move(progress, reason)` (the signature is `(reason, reward)`), so the final reward
    would be the message and the reason `Invalid Move: <progress>`; and it echoes the player's move with
    `add_observation(player_id, action, PLAYER_ACTION)` (the signature is `(message, observation_type, from_id)`),
    which queues the player id as the message and the action as its type. Both calls are put right on this
    episode's state.
    """

    def _on_before_game(self):
        state = self.env.state
        state.set_invalid_move = types.MethodType(_set_invalid_move_progress_first, state)
        state.add_observation = types.MethodType(_add_observation_sender_first, state)

    def content(self) -> dict:
        return {"clues": self.ta_env.clues}

    def completion(self) -> float:
        """The share of numbered cells with their number of edges (TextArena's `_progress`)."""
        return self.ta_env._progress()

    def unplayable_reason(self):
        if slitherlink_solution(tuple(map(tuple, self.ta_env.clues))) is None:
            return "no single loop satisfies the clues"
        return super().unplayable_reason()


def _set_invalid_move_progress_first(state, progress, reason):
    return _record_invalid_move(state, reason=reason, reward=progress)


def _add_observation_sender_first(state, *args, **kwargs):
    if len(args) == 3 and isinstance(args[0], int) and isinstance(args[1], str):
        from_id, message, observation_type = args
        return type(state).add_observation(state, message=message, observation_type=observation_type,
                                           from_id=from_id)
    return type(state).add_observation(state, *args, **kwargs)


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

