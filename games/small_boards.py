"""Masters of the small board games: Quantum and Ultimate Tic Tac Toe (docs/games/small-boards.md)."""
from submasters import MultiPlayerMaster


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

