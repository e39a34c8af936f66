"""Masters of the board games between seats: Breakthrough, Checkers (docs/games/boards.md)."""

import traceback

import metrics
from runtime.errors import TextArenaEnvError
from submasters import MultiPlayerMaster
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
        return boards.breakthrough_can_move(self.env.state.game_state["board"], pid)


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
        self.log_to_self(
            "no legal move",
            f"{self.seats[stuck].name} left itself without a move: the game ends as "
            f"its loss (TextArena 0.7.4 raises here, Checkers/env.py:107).",
        )
        return True, None

    def _is_the_crash(self, error) -> bool:
        return (
            isinstance(error, TypeError)
            and str(error).endswith(self.CRASH)
            and traceback.extract_tb(error.__traceback__)[-1].name == "_check_gameover"
        )

    def _has_legal_move(self, pid: int) -> bool:
        return boards.checkers_can_move(self.env.state.game_state["board"], pid)


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_chess",
        "description": "TextArena Chess (two players): checkmate the opponent; moves in UCI, e.g. [e2e4].",
        "entry_point": "textarena.envs.Chess.env:ChessEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (a win or a draw), 0 otherwise",
        "outcome": (
            "Success when the game ended by the rules (mate, stalemate, a draw by rule); Lose on a "
            "losing invalid move or at the request cap (200)."
        ),
        "n_instances": {"base": 2, "random": 4, "engine": 4},
        "players": 2,
        "references": ["random", "engine"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": ["[e2e4]", "[g1f3]", "[f1c4]", "[e1g1]", "[d2d3]", "I castle kingside."],
            },
            {
                "role": "Player 1",
                "custom_response": ["[e7e5]", "[b8c6]", "[g8f6]", "[f8c5]", "[d7d6]", "I castle kingside."],
            },
        ],
        "content": [],
        "max_requests": 200,
        "view_window": 12000,
        "vs_max_requests": 100,
    },
    {
        "game_name": "ta_othello",
        "description": (
            "TextArena Othello (two players): place discs that flank the opponent's; the most discs at the end wins."
        ),
        "entry_point": "textarena.envs.Othello.env:OthelloEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (a win or a draw), 0 otherwise",
        "outcome": (
            "Success when the board was played out (a win or a draw); Lose on a losing invalid move or "
            "at the request cap (450)."
        ),
        "n_instances": {"base": 1, "random": 4, "heuristic": 4},
        "players": 2,
        "references": ["random", "heuristic"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[2, 3]", "[4, 5]", "[5, 4]", "[2, 5]", "I play the corner."]},
            {"role": "Player 1", "custom_response": ["[2, 2]", "[2, 4]", "[4, 2]", "[5, 5]", "I play the corner."]},
        ],
        "content": ["board"],
        "max_requests": 450,
        "relabel": [
            ["^(?:Curren )?Scores - Black: (\\d+), White: (\\d+)$", "Pieces on the board - Black: \\1, White: \\2"],
        ],
    },
    {
        "game_name": "ta_breakthrough",
        "description": (
            "TextArena Breakthrough (two players): be the first to reach the opponent's home row; "
            "pieces step forward, capture diagonally."
        ),
        "entry_point": "textarena.envs.Breakthrough.env:BreakthroughEnv",
        "master": BreakthroughMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (a win or a draw), 0 otherwise",
        "outcome": (
            "Success when a player broke through or wiped out the other; Lose on a losing invalid move "
            "or at the request cap (400)."
        ),
        "n_instances": {"base": 1, "random": 4, "search": 4},
        "players": 2,
        "references": ["random", "search"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[a2a3]", "[b2b3]", "[c2c3]", "[d2d3]", "I advance."]},
            {"role": "Player 1", "custom_response": ["[a7a6]", "[b7b6]", "[c7c6]", "[d7d6]", "I advance."]},
        ],
        "content": ["board"],
        "max_requests": 400,
        # TextArena's prompt gives both seats White's example move, [a2a3] (Breakthrough/env.py:34); Black's is
        # a step down from its second row, on each of the experiments' board sizes
        "relabel": [
            [
                f"^(You are playing Black in a game of Breakthrough\\. You move down on an {n}x{n} board\\.\\n"
                "(?:.*\\n)*?Use UCI-like notation in brackets, e\\.g\\. )\\[a2a3\\] to move from a2 to a3\\.",
                f"\\1[a{n - 1}a{n - 2}] to move from a{n - 1} to a{n - 2}.",
            ]
            for n in (5, 6, 8, 10)
        ],
        "experiments": ["tiny", "small", "default", "large", "blind"],
        "view_window": 8500,
    },
    {
        "game_name": "ta_checkers",
        "description": (
            "TextArena Checkers (two players, simplified: single steps and single jumps, no forced "
            "capture): capture every opposing piece or leave the opponent without a move."
        ),
        "entry_point": "textarena.envs.Checkers.env:CheckersEnv",
        "master": CheckersMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (a win or a draw), 0 otherwise",
        "outcome": (
            "Success when a side lost all its pieces or every move, or at the turn limit (a draw); Lose "
            "on a losing invalid move."
        ),
        "n_instances": {"base": 1, "random": 4, "search": 4},
        "players": 2,
        "references": ["random", "search"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": ["[5 0 4 1]", "[5 2 4 3]", "[6 1 5 0]", "[4 1 3 0]", "I move my piece forward."],
            },
            {
                "role": "Player 1",
                "custom_response": ["[2 1 3 0]", "[2 3 3 4]", "[1 0 2 1]", "[2 5 3 6]", "I move my piece forward."],
            },
        ],
        "content": ["board"],
        "experiments": ["default", "long"],
    },
    {
        "game_name": "ta_alquerque",
        "description": (
            "TextArena Alquerque (two players, simplified: forward steps, single jumps in any "
            "direction, no forced capture) on a 5x5 grid: leave the opponent without pieces or "
            "moves, or capture more within 60 moves."
        ),
        "entry_point": "textarena.envs.Alquerque.env:AlquerqueEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (a win or a draw), 0 otherwise",
        "outcome": (
            "Success when a side lost all its pieces or every move, or at the 60-move limit (more "
            "captures win, equal is a draw); Lose on a losing invalid move or at the request cap (130)."
        ),
        "n_instances": {"base": 1, "random": 10, "search": 10},
        "players": 2,
        "references": ["random", "search"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[a2 a3]", "[b2 c3]", "[c2 c3]", "[d2 d3]", "I step forward."]},
            {"role": "Player 1", "custom_response": ["[a4 a3]", "[b4 b3]", "[c4 c3]", "[e4 d3]", "I step forward."]},
        ],
        "content": ["board"],
        "max_requests": 130,
    },
    {
        "game_name": "ta_lines_of_action",
        "description": (
            "TextArena Lines of Action (two players): connect all your pieces into one 8-connected "
            "group; a piece moves as many squares as there are pieces on its line."
        ),
        "entry_point": "textarena.envs.LinesOfAction.env:LinesOfActionEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (a win or a draw), 0 otherwise",
        "outcome": (
            "Success when a side connected its pieces, or on a draw by rule (60 moves without capture, "
            "a position three times); Lose on a losing invalid move or at the request cap (600)."
        ),
        "n_instances": {"base": 1, "random": 10, "heuristic": 10},
        "players": 2,
        "references": ["random", "heuristic"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[b1b3]", "[c1c3]", "[d8d6]", "[e1e3]", "I gather my pieces."]},
            {"role": "Player 1", "custom_response": ["[a2c2]", "[h3f3]", "[a4c4]", "[h5f5]", "I gather my pieces."]},
        ],
        "content": ["board"],
        "max_requests": 600,
        # TextArena gives both seats O's example move [b1b3] (LinesOfAction/env.py:37); X's is [a2c2]. (It reads the
        # move only at the very end of what it is handed, `...\\]?\\s*$` at :12: the game master hands it the move
        # alone, replies.py.)
        "relabel": [
            [
                "^(Your pieces are 'X', opponent pieces are 'O'\\.\\nMove format: `)\\[b1b3\\]",
                "\\1[a2c2]",
            ],
            [
                "Format must be e2e4 \\(from,to coordinates\\)\\.",
                "Format must be `[e2e4]` (from-coord to-coord).",
            ],
        ],
    },
    {
        "game_name": "ta_crusade",
        "description": (
            "TextArena Crusade (two players): 16 knights a side on a chessboard; capture more "
            "pieces than the opponent within 40 moves, or leave it without pieces or moves."
        ),
        "entry_point": "textarena.envs.Crusade.env:CrusadeEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game came to its regular end (a win or a draw), 0 otherwise",
        "outcome": (
            "Success when a side lost all its pieces or every move, or at the 40-move limit (more "
            "captures win, equal is a draw); Lose on a losing invalid move or at the request cap (90)."
        ),
        "n_instances": {"base": 1, "random": 10, "search": 10},
        "players": 2,
        "references": ["random", "search"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[b1 c3]", "[g1 f3]", "[a2 b4]", "[d2 e4]", "I jump forward."]},
            {"role": "Player 1", "custom_response": ["[b8 c6]", "[g8 f6]", "[a7 b5]", "[d7 e5]", "I jump forward."]},
        ],
        "content": ["board"],
        "max_requests": 90,
    },
]
