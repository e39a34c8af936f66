"""Repairs of the territory games: Snake, Surround, Tak, Stratego (docs/games/territory.md). Santorini also ends at
its first elimination (`common.EndAtTheFirstElimination`)."""

from fixes.common import EndAtTheFirstElimination, Fixes


class GridRaceFixes:
    """Snake and Surround (TextArena 0.7.4) kill a seat whose reply holds no direction on the spot without calling
    `set_invalid_move` (Snake/env.py:98-105, Surround/env.py:89-97): `game_info[pid]["invalid_move"]` stays False
    and only the piece's `death_reason == "invalid move"` tells. A broken format is not a fair death: its reason is
    recorded as the step's invalid move, for the game master to count the violated request and the seat's violation
    (a move into a wall, a trail or a body stays an ordinary death of the game).
    TextArena also checks its turn limit (`max_turns` seat moves) before counting the move (Snake/env.py:117-123,
    Surround/env.py:111, :186-187), so it asks for one move more, which it drops unplayed: the limit is checked again
    right after the last counted move.
    """

    PIECES: str  # the game_state key of the seats' pieces

    def step(self, action: str):
        pid = self.state.current_player_id
        piece = self.state.game_state[self.PIECES][pid]
        was_alive = piece.alive
        done, info = super().step(action)
        if was_alive and piece.death_reason == "invalid move":
            self.state.clem_invalid_moves.append(
                f"Player {pid} died due to invalid move: the reply held no direction "
                f"([up], [down], [left], [right] or [w], [s], [a], [d])."
            )
        if not done:
            self._check_turn_limit()
            done = self.state.done
        return done, info


class SnakeFixes(GridRaceFixes):
    PIECES = "snakes"


class SurroundFixes(GridRaceFixes):
    PIECES = "players"


class TakFixes:
    """Two defects of TextArena 0.7.4's Tak env (its state's are `TakStateFixes`):
    - A malformed allocation (an empty piece list, a coordinate that is not a number, a key of three numbers) raises
      inside the checks of a placement or a stack move (Tak/env.py:360-405, :406-450); it is an invalid move instead.
    - Only the mover's roads are checked (env.py:235-238): a stack move that uncovers a road of the opponent would be
      awarded only at the opponent's next step, whatever that move. The opponent wins at once instead (the mover's
      own road still comes first, as in Tak).
    TextArena has no end when the reserves run out and no flat count: the spec's `max_requests` ends such games, a
    draw.
    """

    def step(self, action: str):
        mover = self.state.current_player_id
        done, info = super().step(action)
        opponent = 1 - mover
        if not done and self._check_win(opponent):
            self.state.set_winner(
                player_id=opponent,
                reason=f"Player {mover}'s move completed a road of Player {opponent}, who has "
                f"connected two opposite edges of the board.",
            )
            done = True
        return done, info

    def _is_valid_placement(self, allocation):
        try:
            return super()._is_valid_placement(allocation)
        except (TypeError, ValueError, IndexError, KeyError):
            return False

    def _is_valid_movement(self, source, allocation):
        try:
            return super()._is_valid_movement(source, allocation)
        except (TypeError, ValueError, IndexError, KeyError):
            return False


class TakStateFixes:
    """Two defects of TextArena 0.7.4's Tak in its calls to the TwoPlayerState:
    - A completed road calls `set_winner(player_ids=...)` (Tak/env.py:238), which TwoPlayerState does not accept
      (`player_id`, textarena/state.py:103): every road raised TypeError, so Tak could never be won. The keyword is
      translated.
    - The message after a stack move is a one-element tuple (a trailing comma, Tak/env.py:223), which no context can
      show: it is passed on as its text.
    """

    def set_winner(self, player_id=None, reason=None, player_ids=None):
        return super().set_winner(player_id=player_ids if player_id is None else player_id, reason=reason)

    def add_observation(self, message, *args, **kwargs):
        if isinstance(message, tuple):
            message = " ".join(map(str, message))
        return super().add_observation(message, *args, **kwargs)


ORTHOGONAL_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class StrategoFixes:
    """Hides each seat's army from the other and ends the games TextArena 0.7.4's Stratego leaves open (its state's
    repair is `StrategoStateFixes`):
    - TextArena broadcasts the board it renders for the seat on turn (its ranks shown, the other's as `?`) to both
      seats, at reset and after every move (Stratego/env.py:147-150, no `to_id`): each seat read the other's whole
      army. The board goes to the seat on turn only (every seat gets its own board before its turn).
    - Its win check reads each side's piece list (env.py:478-485), which keeps a bomb's square after a Miner defuses
      it: when the Miner moves on, the check indexes an empty square and raises TypeError. It is computed from the
      board.
    - The check returns the winner's id, 0 for Player 0, which `step` takes for "no winner" (env.py:403); and a seat
      whose pieces are all blocked is offered an empty move list and could only lose by invalid moves. A seat left
      without a legal move loses at once (Stratego's rule), whichever seat it is.
    - A move from a lake square (`[E2 D2]`) raised TypeError (the lake's `~` read as a piece, env.py:414-440); it is
      an invalid move, as a move from any square without an own piece.
    There is no draw and no move limit: the spec's `max_requests` ends a game, a draw.
    """

    def _observe_current_state(self):
        observations = self.state.observations
        queued = {pid: len(queue) for pid, queue in observations.items()}
        super()._observe_current_state()
        for pid, queue in observations.items():
            if pid != self.state.current_player_id:
                del queue[queued[pid] :]

    def _check_winner(self):
        for player in (0, 1):
            if not self._movable(player):
                return 1 - player
        return None

    def step(self, action: str):
        done, info = super().step(action)
        player = self.state.current_player_id
        if not done and not self._has_legal_move(player):
            what = "movable pieces" if not self._movable(player) else "legal moves"
            self.state.set_winner(
                player_id=1 - player, reason=f"Player {1 - player} wins! Player {player} has no more {what}."
            )
            done = True
        return done, info

    def _validate_move(self, player_id, src_row, src_col, dest_row, dest_col):
        if 0 <= src_row < 10 and 0 <= src_col < 10 and not isinstance(self.board[src_row][src_col], (dict, type(None))):
            self.state.set_invalid_move(
                reason=f"Invalid action format. Player {player_id} must move one of their own pieces."
            )
            return False
        return super()._validate_move(
            player_id=player_id, src_row=src_row, src_col=src_col, dest_row=dest_row, dest_col=dest_col
        )

    def _movable(self, player: int) -> bool:
        return any(
            isinstance(piece, dict) and piece["player"] == player and piece["rank"] not in ("Bomb", "Flag")
            for row in self.board
            for piece in row
        )

    def _has_legal_move(self, player: int) -> bool:
        board = self.board
        for row in range(10):
            for col in range(10):
                piece = board[row][col]
                if isinstance(piece, dict) and piece["player"] == player and piece["rank"] not in ("Bomb", "Flag"):
                    for dr, dc in ORTHOGONAL_STEPS:
                        r, c = row + dr, col + dc
                        if (
                            0 <= r < 10
                            and 0 <= c < 10
                            and (
                                board[r][c] is None
                                or (isinstance(board[r][c], dict) and board[r][c]["player"] != player)
                            )
                        ):
                            return True
        return False


class StrategoStateFixes:
    """TextArena 0.7.4's Stratego gives the flag capture's reason as a list (Stratego/env.py:359): it is passed on as
    its text."""

    def set_winner(self, player_id, reason):
        if isinstance(reason, list):
            reason = " ".join(map(str, reason))
        return super().set_winner(player_id=player_id, reason=reason)


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.Snake.env:SnakeEnv": Fixes(env=(SnakeFixes,)),
    "textarena.envs.Surround.env:SurroundEnv": Fixes(env=(SurroundFixes,)),
    "textarena.envs.Santorini.env:SantoriniBaseFixedWorkerEnv": Fixes(wrappers=(EndAtTheFirstElimination,)),
    "textarena.envs.Tak.env:TakEnv": Fixes(env=(TakFixes,), state=(TakStateFixes,)),
    "textarena.envs.Stratego.env:StrategoEnv": Fixes(env=(StrategoFixes,), state=(StrategoStateFixes,)),
}
