"""Masters of the territory games: Snake, Surround, Stratego (docs/games/territory.md; SimpleTak, Santorini and Tak
play with MultiPlayerMaster, and TextArena's defects in all of them are put right in fixes/territory.py)."""

import re

import metrics
from games import seats
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
        return {
            pid: [
                line
                for line in env._render_board(player_id=pid, full_board=False).splitlines()
                if re.search(r"\b(FL|BM|SP|SC|MN|SG|LT|CP|MJ|CL|GN|MS)\b", line)
            ]
            for pid in (0, 1)
        }


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_snake",
        "description": (
            "TextArena Snake (two players, simultaneous moves): steer a snake on a grid, eat apples "
            "to grow, and outlive the other snake; walls, bodies and head-on crashes kill. The "
            "random reference draws among the directions that do not run into a wall or body."
        ),
        "entry_point": "textarena.envs.Snake.env:SnakeEnv",
        "master": SnakeMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": (
            "100 when the game ended by its rules (one snake outlived the other, both died, or the turn "
            "limit); Aborted when a seat's reply held no direction"
        ),
        "outcome": (
            "Success when the game ended by its rules; Aborted when a seat's reply held no direction "
            "(TextArena kills that snake)."
        ),
        "n_instances": {"base": 1, "random": 10, "flood_fill": 10},
        "players": 2,
        "references": ["random", "flood_fill"],
        "player_specs": seats(2, ["[up]", "[right]", "[down]", "[left]", "[w]", "[d]", "I go up"]),
        "content": ["board_state", "apples"],
    },
    {
        "game_name": "ta_surround",
        "description": (
            "TextArena Surround (two players, simultaneous moves): each move leaves a trail; "
            "outlive the other player, walls, trails and head-on crashes kill. The random reference "
            "draws among the directions that do not run into a wall or trail."
        ),
        "entry_point": "textarena.envs.Surround.env:SurroundEnv",
        "master": SurroundMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": (
            "100 when the game ended by its rules (one player outlived the other, both crashed, or the "
            "turn limit); Aborted when a seat's reply held no direction"
        ),
        "outcome": (
            "Success when the game ended by its rules; Aborted when a seat's reply held no direction "
            "(TextArena kills that player)."
        ),
        "n_instances": {"base": 1, "random": 10, "flood_fill": 10},
        "players": 2,
        "references": ["random", "flood_fill"],
        "player_specs": seats(2, ["[up]", "[right]", "[down]", "[left]", "[w]", "[d]", "I go up"]),
        "content": ["board_state"],
    },
    {
        "game_name": "ta_simple_tak",
        "description": (
            "TextArena SimpleTak (two players): place stones on an empty cell in turn; the first to "
            "connect two opposite edges of the board with a 4-connected path wins; a full board is "
            "a draw."
        ),
        "entry_point": "textarena.envs.SimpleTak.env:SimpleTakEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game ended by its rules (a road or a full board)",
        "outcome": (
            "Success when a player built a road or the board filled up; Aborted when a seat broke the "
            "rules twice in a row."
        ),
        "n_instances": {"base": 1, "random": 4, "road_greedy": 4},
        "players": 2,
        "references": ["random", "road_greedy"],
        "player_specs": seats(
            2,
            [
                "[0]",
                "[5]",
                "[10]",
                "[15]",
                "[3]",
                "[6]",
                "[9]",
                "[12]",
                "[1]",
                "[2]",
                "I place in the centre",
            ],
        ),
        "content": ["board"],
        "max_requests": 130,
    },
    {
        "game_name": "ta_santorini",
        "description": (
            "TextArena Santorini, base game with fixed worker positions (two players, Navy and "
            "White): move a worker one step, then build next to it; the first to step onto level 3 "
            "wins, and a player left without a move loses. No randomness: the instances differ by "
            "the model's seat (and the salt of the random reference)."
        ),
        "entry_point": "textarena.envs.Santorini.env:SantoriniBaseFixedWorkerEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game ended by its rules (a worker on level 3, or a player without a move)",
        "outcome": (
            "Success when a player won by the rules; Lose at the request cap (300); Aborted when a seat "
            "made 11 invalid moves in a row."
        ),
        "n_instances": {"base": 1, "random": 6, "climb_greedy": 6},
        "players": 2,
        "references": ["random", "climb_greedy"],
        "player_specs": seats(
            2,
            [
                "[N1C2C1D1]",
                "[N2B3B4A4]",
                "[W1D3D4E4]",
                "[W2C4C5D5]",
                "[N1C2D2E2]",
                "[W1D3E3E2]",
                "I move my worker up",
            ],
        ),
        "content": ["board"],
        "max_requests": 300,
        "experiments": {"default": {}, "3_seats": {"seats": 3}},
        "relabel": [["\\nValid moves: \\[[A-Z0-9]+\\](?:, \\[[A-Z0-9]+\\])*$", ""]],
    },
    {
        "game_name": "ta_tak",
        "description": (
            "TextArena Tak (two players): place flat stones, walls or a capstone, or move stacks "
            "you top; the first to connect two opposite edges with a road of flat stones or the "
            "capstone wins. TextArena's Tak has no flat count and no end when the reserves run out: "
            "such games end at the request cap, a draw."
        ),
        "entry_point": "textarena.envs.Tak.env:TakEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when a player built a road",
        "outcome": (
            "Success when a player built a road; Lose at the request cap (300); Aborted when a seat "
            "broke the rules twice in a row."
        ),
        "n_instances": {"base": 3, "random": 4, "road_greedy": 4},
        "players": 2,
        "references": ["random", "road_greedy"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "[place () {(0,0): [F0]}]",
                    "[place () {(1,1): [F0]}]",
                    "[place () {(2,2): [W0]}]",
                    "[place () {(3,3): [C0]}]",
                    "[place () {(0,3): [F0]}]",
                    "[place () {(3,0): [F0]}]",
                    "[move (1,1) {(1,2): [F0]}]",
                    "I place a flat stone in the corner",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[place () {(0,0): [F1]}]",
                    "[place () {(1,1): [F1]}]",
                    "[place () {(2,2): [W1]}]",
                    "[place () {(3,3): [C1]}]",
                    "[place () {(0,3): [F1]}]",
                    "[place () {(3,0): [F1]}]",
                    "[move (1,1) {(1,2): [F1]}]",
                    "I place a flat stone in the corner",
                ],
            },
        ],
        "content": ["board"],
        "max_requests": 300,
    },
    {
        "game_name": "ta_stratego",
        "description": (
            "TextArena Stratego (two players): each army of 40 pieces is placed at random; move one "
            "piece a step (Scouts further), attack to reveal and compare ranks, and capture the "
            "opponent's Flag or leave it without a legal move. Each seat sees its own ranks only. "
            "TextArena has no draw and no move limit: games end at the request cap, a draw."
        ),
        "entry_point": "textarena.envs.Stratego.env:StrategoEnv",
        "master": StrategoMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when a player captured the Flag or left the opponent without a legal move",
        "outcome": (
            "Success when a player won by the rules; Lose at the request cap (300); Aborted when a seat "
            "broke the rules twice in a row."
        ),
        "n_instances": 8,
        "players": 2,
        "references": ["random"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "[D0 E0]",
                    "[D1 E1]",
                    "[D4 E4]",
                    "[D5 E5]",
                    "[D8 E8]",
                    "[D9 E9]",
                    "[C0 D0]",
                    "[C4 D4]",
                    "I advance my scout",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[G0 F0]",
                    "[G1 F1]",
                    "[G4 F4]",
                    "[G5 F5]",
                    "[G8 F8]",
                    "[G9 F9]",
                    "[H0 G0]",
                    "[H4 G4]",
                    "I advance my scout",
                ],
            },
        ],
        "content": ["board"],
        "max_requests": 300,
    },
]
