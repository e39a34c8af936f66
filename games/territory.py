"""Masters of the territory games: Snake, Surround, Stratego (docs/games/territory.md; SimpleTak, Santorini and Tak
play with MultiPlayerMaster, and TextArena's defects in all of them are put right in fixes/territory.py)."""
import re

from submasters import MultiPlayerMaster


class GridRaceMaster(MultiPlayerMaster):
    """Snake and Surround: every seat answers in turn, and the round resolves when all living seats have a move.

    TextArena 0.7.4 kills a seat whose reply holds no direction on the spot without calling `set_invalid_move`;
    fixes.territory.GridRaceFixes records that death as the step's invalid move. A broken format is not a fair death:
    it is the seat's violated request and its violation, and the episode is Aborted like any other game's. A move
    into a wall, a trail or a body is an ordinary death of the game.
    """

    PIECES: str  # the game_state key of the seats' pieces

    def violating_seats(self) -> list[int]:
        pieces = self.env.state.game_state[self.PIECES]
        return [pid for pid, piece in pieces.items() if piece.death_reason == "invalid move"]


class SnakeMaster(GridRaceMaster):
    PIECES = "snakes"


class SurroundMaster(GridRaceMaster):
    PIECES = "players"


class StrategoMaster(MultiPlayerMaster):
    """Each seat's secret is its army (TextArena 0.7.4 showed it to the other seat, and left games open that
    Stratego ends: fixes.territory.StrategoFixes). There is no draw and no move limit: the spec's `max_requests` ends
    a game, a draw. The env keeps its board from construction and hangs on a second reset: every episode gets a fresh
    env (the spec sets no `cache_env`).
    """

    def secrets(self) -> dict[int, list[str]]:
        """Each seat's board rows that show its ranks, as TextArena renders them for it."""
        env = self.ta_env
        return {pid: [line for line in env._render_board(player_id=pid, full_board=False).splitlines()
                      if re.search(r"\b(FL|BM|SP|SC|MN|SG|LT|CP|MJ|CL|GN|MS)\b", line)]
                for pid in (0, 1)}

