"""Masters of the territory games: Snake, Surround, SimpleTak, Santorini, Tak, Stratego (docs/games/territory.md)."""
import functools
import re
import types

from submasters import MultiPlayerMaster


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

