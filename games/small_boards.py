"""Masters of the small board games: Quantum and Ultimate Tic Tac Toe (docs/games/small_boards.md)."""

import metrics
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
        return any(
            game_state["macro_board"][board // 3][board % 3] == " "
            and any(cell == " " for row in game_state["board"][board] for cell in row)
            for board in range(9)
        )


def played_to_its_end(max_requests: int) -> dict:
    """The score, outcome and request cap of a two-seat board game scored by being played to its end."""
    return {
        "score": "100 when the game was played to its end (a win or a draw), 0 at the request cap",
        "outcome": (
            f"Success when the game was played to its end (a win or a draw); Lose at the request cap "
            f"({max_requests}); Aborted when a player broke the rules."
        ),
        "max_requests": max_requests,
    }


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_tic_tac_toe",
        "description": "TextArena Tic Tac Toe (two players): three in a row on a 3x3 board wins.",
        "entry_point": "textarena.envs.TicTacToe.env:TicTacToeEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "n_instances": {"base": 1, "random": 10, "minimax": 10},
        "players": 2,
        "references": ["random", "minimax"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[4]", "[0]", "[2]", "[6]", "[8]", "centre please"]},
            {"role": "Player 1", "custom_response": ["[1]", "[3]", "[5]", "[7]", "[4]", "[9]"]},
        ],
        "content": ["board"],
        **played_to_its_end(max_requests=30),
    },
    {
        "game_name": "ta_reverse_tic_tac_toe",
        "description": (
            "TextArena Reverse Tic Tac Toe (two players): whoever completes three in a row on a 3x3 board loses."
        ),
        "entry_point": "textarena.envs.ReverseTicTacToe.env:ReverseTicTacToeEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        # a variant raised to the count of measured power (scripts/power.py)
        "n_instances": {"base": 1, "random": 36, "minimax": 10},
        "players": 2,
        "references": ["random", "minimax"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[4]", "[0]", "[2]", "[6]", "[8]", "centre please"]},
            {"role": "Player 1", "custom_response": ["[1]", "[3]", "[5]", "[7]", "[4]", "[9]"]},
        ],
        "content": ["board"],
        **played_to_its_end(max_requests=30),
    },
    {
        "game_name": "ta_wild_tic_tac_toe",
        "description": (
            "TextArena Wild Tic Tac Toe (two players): each move places an X or an O; whoever "
            "completes three of either mark in a row wins."
        ),
        "entry_point": "textarena.envs.WildTicTacToe.env:WildTicTacToeEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "n_instances": {"base": 1, "random": 16, "minimax": 16},
        "players": 2,
        "references": ["random", "minimax"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[X 4]", "[O 0]", "[X 2]", "[O 6]", "[X 8]", "[4]"]},
            {"role": "Player 1", "custom_response": ["[O 1]", "[X 3]", "[O 5]", "[X 7]", "[O 4]", "[Z 9]"]},
        ],
        "content": ["board"],
        **played_to_its_end(max_requests=30),
    },
    {
        "game_name": "ta_quantum_tic_tac_toe",
        "description": (
            "TextArena Quantum Tic Tac Toe (two players): each move puts an entangled mark in two "
            "cells; cycles collapse into classical marks, and three classical marks in a row win."
        ),
        "entry_point": "textarena.envs.QuantumTicTacToe.env:QuantumTicTacToeEnv",
        "master": QuantumTicTacToeMaster,
        "scorer": metrics.CompetitiveScorer,
        "n_instances": {"base": 1, "random": 10, "lookahead": 10},
        "players": 2,
        "references": ["random", "lookahead"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[0,4]", "[2,6]", "[1,8]", "[3,5]", "[4,8]", "[0 4]"]},
            {"role": "Player 1", "custom_response": ["[1,2]", "[4,7]", "[0,8]", "[5,6]", "[3,7]", "[4,4]"]},
        ],
        "content": ["board"],
        **played_to_its_end(max_requests=60),
    },
    {
        "game_name": "ta_ultimate_tic_tac_toe",
        "description": (
            "TextArena Ultimate Tic Tac Toe (two players): nine small boards in a big one; the "
            "square played sends the opponent to that board, and three won boards in a row win."
        ),
        "entry_point": "textarena.envs.UltimateTicTacToe.env:UltimateTicTacToeEnv",
        "master": UltimateTicTacToeMaster,
        "scorer": metrics.CompetitiveScorer,
        "n_instances": {"base": 1, "random": 10, "alpha_beta": 10},
        "players": 2,
        "references": ["random", "alpha_beta"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[4 4]", "[0 0]", "[4 0]", "[0 4]", "[8 8]", "[4,4]"]},
            {"role": "Player 1", "custom_response": ["[4 0]", "[0 4]", "[4 8]", "[8 4]", "[2 2]", "[9 9]"]},
        ],
        "content": ["macro_board"],
        **played_to_its_end(max_requests=200),
    },
    {
        "game_name": "ta_connect_four",
        "description": "TextArena Connect Four (two players): drop discs into columns; four in a row wins.",
        "entry_point": "textarena.envs.ConnectFour.env:ConnectFourEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "n_instances": {"base": 1, "random": 10, "alpha_beta": 10},
        "players": 2,
        "references": ["random", "alpha_beta"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[col 3]", "[col 2]", "[col 4]", "[col 3]", "[3]", "[col 9]"]},
            {"role": "Player 1", "custom_response": ["[col 3]", "[col 4]", "[col 2]", "[col 1]", "[5]", "column 3"]},
        ],
        "content": ["board"],
        **played_to_its_end(max_requests=400),
    },
    {
        "game_name": "ta_nim",
        "description": (
            "TextArena Nim (two players): take objects from one pile per move; whoever takes the last object wins."
        ),
        "entry_point": "textarena.envs.Nim.env:NimEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "n_instances": {"base": 1, "random": 10, "nim_sum": 10},
        "players": 2,
        "references": ["random", "nim_sum"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[0 1]", "[1 1]", "[2 1]", "[0 2]", "[2 2]", "[9 1]"]},
            {"role": "Player 1", "custom_response": ["[1 1]", "[2 1]", "[0 1]", "[1 2]", "[2 3]", "take one"]},
        ],
        "content": ["piles"],
        **played_to_its_end(max_requests=80),
    },
    {
        "game_name": "ta_chopsticks",
        "description": (
            "TextArena Chopsticks (two players): tap the opponent's hands to add fingers (five or "
            "more kill a hand) or split your own fingers; whoever loses both hands loses, and the "
            "game is a draw at the turn limit."
        ),
        "entry_point": "textarena.envs.Chopsticks.env:ChopsticksEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a win or a draw)",
        "outcome": (
            "Success when the game was played to its end (a win or a draw); Aborted when a player broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "solver": 10},
        "players": 2,
        "references": ["random", "solver"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "[attack 0 0]",
                    "[attack 1 1]",
                    "[attack 0 1]",
                    "[split 2 0]",
                    "[split 1 1]",
                    "[hit 0 0]",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[attack 0 0]",
                    "[attack 1 0]",
                    "[attack 1 1]",
                    "[split 0 2]",
                    "[split 1 1]",
                    "[attack 2 2]",
                ],
            },
        ],
        "content": ["hands"],
    },
    {
        "game_name": "ta_memory_game",
        "description": (
            "TextArena Memory Game (two players): turn over two face-down cards per move; a "
            "matching pair scores and the same player goes again; more pairs wins."
        ),
        "entry_point": "textarena.envs.MemoryGame.env:MemoryGameEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a win or a draw)",
        "outcome": (
            "Success when the game was played to its end (a win or a draw); Aborted when a player broke the rules."
        ),
        "n_instances": {"base": 1, "random": 10, "memory": 10},
        "players": 2,
        "references": ["random", "memory"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": ["[0 0 0 1]", "[1 0 1 1]", "[2 2 3 3]", "[0 2 2 0]", "[3 0 0 3]", "[0 0 0 0]"],
            },
            {
                "role": "Player 1",
                "custom_response": ["[0 2 0 3]", "[1 2 1 3]", "[2 0 2 1]", "[3 1 1 0]", "[3 2 2 3]", "flip two"],
            },
        ],
        "content": ["board"],
        "view_window": 11000,
    },
]
