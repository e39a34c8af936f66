"""Masters of the core games: Minesweeper, Hangman, WordChains, Battleship (docs/games/core.md)."""

import metrics
from games import seats
from metrics import WORD_CHAINS_PERFECT_LENGTH
from submasters import MultiPlayerMaster, SinglePlayerMaster


class MinesweeperMaster(SinglePlayerMaster):
    """The game master opens the central cell before the model's first turn.

    TextArena places the mines on the first reveal, avoiding the 3x3 around it; a fixed opening makes the
    mines a function of the seed, so the instance can record them. The opening is the game master's move:
    it is logged as such and is not a request. A mine hit is TextArena's invalid move, but for the player
    it is an ordinary loss, not a rule violation.
    """

    def _on_before_game(self):
        row, col = self.ta_env.rows // 2, self.ta_env.cols // 2
        self.ta_env.open_for_the_player(row, col)  # told to the player as the game master's move (fixes/core.py)
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
    """Logs the chain's first and last word (the start word is a function of the seed alone:
    fixes.core.WordChainsFixes). A word that breaks the chain's rules is how WordChains is lost, so only a reply
    without a bracketed word aborts.
    """

    FORMAT_VIOLATION = "did not provide a word in the valid format"
    # Between models, a game is played well when the chain grew at least halfway to a perfect chain (metrics).
    WELL_PLAYED_GROWTH = 0.5

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
        self.log_key(
            "final boards",
            {
                player.name: {"own": game_state["board"][pid], "shots": game_state["tracking_board"][pid]}
                for pid, player in enumerate(self.seats)
            },
        )
        fleet = {}
        for pid, player in enumerate(self.seats):
            tracking = game_state["tracking_board"][pid]
            opponent_board = game_state["board"][1 - pid]
            placements = game_state["ship_placements"][1 - pid]
            fleet[player.name] = {
                "shots": sum(cell in ("X", "O") for row in tracking for cell in row),
                "hits": sum(cell == "X" for row in tracking for cell in row),
                "ships sunk": sum(
                    all(opponent_board[r][c] == "X" for r, c in _ship_cells(ends)) for ends in placements.values()
                ),
                "ships": len(placements),
            }
        self.log_key("fleet", fleet)
        super()._on_after_game(rewards)


def _ship_cells(ends) -> list[tuple[int, int]]:
    (r1, c1), (r2, c2) = ends
    return [(r, c) for r in range(min(r1, r2), max(r1, r2) + 1) for c in range(min(c1, c2), max(c1, c2) + 1)]


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_minesweeper",
        "description": (
            "TextArena Minesweeper: reveal every safe cell of a grid; the game master makes the opening move."
        ),
        "entry_point": "textarena.envs.Minesweeper.env:MinesweeperEnv",
        "master": MinesweeperMaster,
        "scorer": metrics.CompletionScorer,
        "score": (
            "100 × share of the safe cells the player cleared, not counting those the opening move "
            "revealed; 100 when solved"
        ),
        "outcome": (
            "Success when every safe cell is revealed; Lose on a second mine hit in a row or at the turn limit."
        ),
        "n_instances": 10,
        "players": 1,
        # TextArena's prompt promises the player's first move a safe area (Minesweeper/env.py:51); the game master
        # has made that move (MinesweeperMaster)
        "relabel": [
            [
                "^On your first move, you will reveal an area around the cell you choose to ensure a safe start\\.$",
                "The game master has made the first move: it revealed a cell and the area around it, which holds no "
                "mine.",
            ]
        ],
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[0 0]",
                    "[0 3]",
                    "[0 6]",
                    "[0 9]",
                    "[2 0]",
                    "[2 3]",
                    "[2 6]",
                    "[2 9]",
                    "[4 0]",
                    "[4 3]",
                    "[4 6]",
                    "[4 9]",
                    "[6 0]",
                    "[6 3]",
                    "[6 6]",
                    "[6 9]",
                    "[8 0]",
                    "[8 3]",
                    "[8 6]",
                    "[8 9]",
                    "[10 0]",
                    "[10 3]",
                    "[10 6]",
                    "[10 9]",
                    "I reveal the top left corner.",
                    "[3 3]",
                    "[1 1]",
                ],
            },
        ],
    },
    {
        "game_name": "ta_hangman",
        "description": "TextArena Hangman: guess a hidden English word letter by letter with 6 lives.",
        "entry_point": "textarena.envs.Hangman.env:HangmanEnv",
        "master": HangmanMaster,
        "scorer": metrics.HangmanScorer,
        "score": "100 × share of letters revealed × (l / 2L + 1/2), l of L = 6 lives left",
        "outcome": "Success when the word is complete; Lose when the lives run out or at the request cap (60).",
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[E]",
                    "[T]",
                    "[A]",
                    "[O]",
                    "[I]",
                    "[N]",
                    "[S]",
                    "[H]",
                    "[R]",
                    "[D]",
                    "[L]",
                    "[U]",
                    "[C]",
                    "[M]",
                    "[F]",
                    "[W]",
                    "[Y]",
                    "[P]",
                    "[G]",
                    "[B]",
                    "[HOUSE]",
                    "I guess E",
                    "[water]",
                ],
            },
        ],
        "content": ["target_word", "tries_left"],
        "nltk_resources": ["corpora/words"],
        "cache_env": True,
        "max_requests": 60,
    },
    {
        "game_name": "ta_word_chains",
        "description": (
            "TextArena WordChains (two players): take turns naming English words that start with "
            "the last letter of the previous word and are one letter longer."
        ),
        "entry_point": "textarena.envs.WordChains.env:WordChainsEnv",
        "master": WordChainsMaster,
        "scorer": metrics.WordChainsScorer,
        "score": "100 × min(f − s, 21 − s) / (21 − s), s and f the lengths of the start word and the last valid word",
        "outcome": (
            "Success when the chain grew at least halfway to 21 letters before a word broke it; Lose "
            "when it broke earlier or at the request cap (100)."
        ),
        "n_instances": 10,
        "players": 2,
        "references": ["random"],
        "player_specs": seats(
            2,
            [
                "[ant]",
                "[dog]",
                "[goat]",
                "[tiger]",
                "[rabbit]",
                "[eagle]",
                "[elephant]",
                "[tent]",
                "[train]",
                "[night]",
                "[treat]",
                "my word is apple",
            ],
        ),
        "content": ["current_word"],
        "nltk_resources": ["corpora/words"],
        "cache_env": True,
        "max_requests": 100,
        "cannot_separate": {
            "base": (
                "self-play scores the chain's length (every seat is the model): a strong player ends chains by "
                "stranding its opponent, so strength shows against a reference (`_vs_random`), not here"
            ),
        },
    },
    {
        "game_name": "ta_battleship",
        "description": (
            "TextArena Battleship (two players): sink the opponent's five ships by firing at grid coordinates."
        ),
        "entry_point": "textarena.envs.Battleship.env:BattleshipEnv",
        "master": BattleshipMaster,
        "scorer": metrics.BattleshipScorer,
        "score": "mean over both players of 100 × hits / shots",
        "outcome": "Success when a player sank all ships; Lose at the request cap (400).",
        "n_instances": 10,
        "players": 2,
        "boards_in_messages": "Your updated board:",
        "references": ["random", "hunt_target"],
        "player_specs": seats(
            2,
            [
                "[A0]",
                "[A1]",
                "[A2]",
                "[A3]",
                "[A4]",
                "[A5]",
                "[A6]",
                "[B0]",
                "[B1]",
                "[B2]",
                "[B3]",
                "[B4]",
                "[B5]",
                "[B6]",
                "[C0]",
                "[C1]",
                "[C2]",
                "[C3]",
                "[C4]",
                "[C5]",
                "[C6]",
                "[D0]",
                "[D1]",
                "[D2]",
                "[D3]",
                "[D4]",
                "[D5]",
                "[D6]",
                "[E0]",
                "[E1]",
                "[E2]",
                "[E3]",
                "[E4]",
                "[E5]",
                "[E6]",
                "[F0]",
                "[F1]",
                "[F2]",
                "[F3]",
                "[F4]",
                "[F5]",
                "[F6]",
                "[G0]",
                "[G1]",
                "[G2]",
                "[G3]",
                "[G4]",
                "[G5]",
                "[G6]",
                "fire at B3",
                "[Z9]",
            ],
        ),
        "content": ["ship_placements"],
        "max_requests": 400,
        "experiments": {"small": {"grid_size": 7}, "standard": {"grid_size": 10}},
    },
    {
        "game_name": "ta_tower_of_hanoi",
        "description": "TextArena Tower of Hanoi: move the tower of disks from peg A to peg C, one disk at a time.",
        "entry_point": "textarena.envs.TowerOfHanoi.env:TowerOfHanoiEnv",
        "master": SinglePlayerMaster,
        "scorer": metrics.CompletionScorer,
        "score": "100 when solved, else 100 × TextArena's completion (disks in place on C from the bottom)",
        "outcome": "Success when all disks are on C; Lose at the turn limit.",
        "n_instances": 1,
        "cannot_separate": {
            "base": (
                "TextArena's Tower of Hanoi has five puzzles, 3 to 7 disks, whatever the seed: five pairs, every "
                "one +100, are fewer than the 6 a sign test needs, and a sixth instance would repeat a puzzle"
            ),
        },
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[A C]", "[A B]", "[C B]", "[B C]", "[B A]", "[C A]", "move A to C"],
            },
        ],
        "content": ["towers"],
    },
    {
        "game_name": "ta_three_player_tic_tac_toe",
        "description": (
            "TextArena Three-Player Tic Tac Toe: three players take turns on a 5x5 board; the first "
            "to get four in a row wins."
        ),
        "entry_point": "textarena.envs.ThreePlayerTicTacToe.env:ThreePlayerTicTacToeEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": (
            "between models: 100 when the game was played to its end (a line of four or a full board), 0 "
            "at the request cap"
        ),
        "outcome": "Success when the game ended by play, a draw included; Lose at the request cap (60).",
        # a variant raised to the count of measured power (scripts/power.py)
        "n_instances": {"base": 1, "random": 6, "heuristic": 30},
        "players": 3,
        "references": ["random", "heuristic"],
        "player_specs": seats(
            3,
            [
                "[0]",
                "[1]",
                "[2]",
                "[3]",
                "[4]",
                "[5]",
                "[6]",
                "[7]",
                "[8]",
                "[9]",
                "[10]",
                "[11]",
                "[12]",
                "[13]",
                "[14]",
                "[15]",
                "[16]",
                "[17]",
                "[18]",
                "[19]",
                "[20]",
                "[21]",
                "[22]",
                "[23]",
                "[24]",
                "I take the centre.",
                "[25]",
            ],
        ),
        "content": ["board"],
        "max_requests": 60,
    },
]
