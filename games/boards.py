"""Masters of the board games between seats: Breakthrough, Checkers (docs/games/boards.md)."""
import traceback

from submasters import MultiPlayerMaster
from runtime.errors import TextArenaEnvError
from ta_players import boards


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

