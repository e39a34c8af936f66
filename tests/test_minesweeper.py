"""Minesweeper played end to end: the game master's opening move, completion that leaves out the cells the
opening revealed, mine hits as ordinary losses and other invalid moves as aborts."""
import math
import re

import pytest
from textarena.envs.Minesweeper.env import MinesweeperEnv

from conftest import assert_outcome, instance_of, play

NEIGHBOURS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def board_of(context: str) -> list[list[str]]:
    """The last board shown in a context, one string per cell ('.' for unrevealed)."""
    board_text = re.split(r"(?:Game|Current) Board:\n\n", context)[-1]
    header, *rows = board_text.strip("\n").split("\n")
    cols = len(header.split())
    board = []
    for row in rows:
        cells = row.split()
        if len(cells) != cols + 1 or not cells[0].isdigit():
            break
        board.append(cells[1:])
    return board


def game(experiment: str = "default", game_id: int = 0) -> tuple[int, int, set]:
    _, instance = instance_of("ta_minesweeper", experiment, game_id)
    kwargs = instance["env_kwargs"]
    return kwargs["rows"], kwargs["cols"], {tuple(mine) for mine in instance["content"]["mines"]}


def adjacent_mines(cell, mines) -> int:
    r, c = cell
    return sum((r + dr, c + dc) in mines for dr, dc in NEIGHBOURS)


def solver(mines: set, rows: int, cols: int):
    """Knows the mines; reads the board from the context and reveals an unrevealed safe cell, zeros first."""
    def policy(context: str) -> str:
        board = board_of(context)
        assert len(board) == rows
        hidden = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == "." and (r, c) not in mines]
        r, c = min(hidden, key=lambda cell: (adjacent_mines(cell, mines) > 0, cell))
        return f"[{r} {c}]"
    return policy


@pytest.mark.parametrize("experiment", ["small", "default", "medium", "hard"])
def test_minesweeper_player_that_clears_every_safe_cell_wins_with_100(experiment):
    rows, cols, mines = game(experiment)
    episode = play("ta_minesweeper", [solver(mines, rows, cols)], experiment)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Violated Request Count"] == 0
    assert episode.scores["Request Count"] == len(episode.contexts)
    opening = board_of(episode.contexts[0][1]["content"])
    to_clear = sum(cell == "." for row in opening for cell in row) - len(mines)
    assert 1 <= episode.scores["Request Count"] <= to_clear
    assert episode.interactions["completion"] == 1.0


def test_minesweeper_mine_hit_is_a_loss_not_an_abort():
    rows, cols, mines = game()
    first_context = {}
    two_mines = iter(sorted(mines)[:2])

    def policy(context: str) -> str:
        if not first_context:
            first_context["board"] = board_of(context)
            board = first_context["board"]
            # a numbered safe cell the opening left hidden: revealing it opens exactly that cell
            numbered = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == "."
                        and (r, c) not in mines and adjacent_mines((r, c), mines) > 0]
            first_context["move"] = numbered[0]
            return f"[{numbered[0][0]} {numbered[0][1]}]"
        mine = next(two_mines)
        return f"[{mine[0]} {mine[1]}]"

    episode = play("ta_minesweeper", [policy])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2
    # exactly one cell was revealed by the player's move
    after_move = board_of(episode.contexts[1][1]["content"])
    newly_revealed = [(r, c) for r in range(rows) for c in range(cols)
                      if first_context["board"][r][c] == "." and after_move[r][c] != "."]
    assert newly_revealed == [first_context["move"]]
    opening_revealed = sum(cell != "." for row in first_context["board"] for cell in row)
    safe = rows * cols - len(mines)
    assert episode.scores["Main Score"] == pytest.approx(100 * 1 / (safe - opening_revealed))
    mine = sorted(mines)[1]
    assert episode.interactions["end reason"] == f"Invalid Move: You hit a mine at ({mine[0]}, {mine[1]})."


def test_minesweeper_mine_hits_must_be_consecutive_to_end_the_game():
    rows, cols, mines = game()
    mine = sorted(mines)[0]
    solve = solver(mines, rows, cols)
    script = iter(["mine", "safe", "mine", "mine"])

    def policy(context: str) -> str:
        return f"[{mine[0]} {mine[1]}]" if next(script) == "mine" else solve(context)

    episode = play("ta_minesweeper", [policy])
    assert_outcome(episode.scores, "Lose")
    # the safe move between the hits resets TextArena's count: only the hit after the hit ends the game
    assert episode.scores["Request Count"] == 4 and episode.scores["Violated Request Count"] == 3
    assert 0 < episode.scores["Main Score"] < 100


@pytest.mark.parametrize("reply, reason", [
    ("I reveal the top left corner.", "did not respond with valid coordinates"),
    ("[4 4]", "has already been revealed"),  # the opening move's cell
    ("[10 9]", "out of bounds"),
])
def test_minesweeper_other_repeated_invalid_moves_are_aborted(reply, reason):
    episode = play("ta_minesweeper", [lambda context: reply])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2
    assert reason in episode.interactions["end reason"]


def test_minesweeper_opening_move_is_a_game_master_event_not_a_request():
    _, instance = instance_of("ta_minesweeper", "medium", 3)
    rows, cols = instance["env_kwargs"]["rows"], instance["env_kwargs"]["cols"]
    episode = play("ta_minesweeper", [lambda context: "no move"], "medium", 3)
    first_turn = episode.interactions["turns"][0]
    assert first_turn[0]["from"] == first_turn[0]["to"] == "GM"
    assert first_turn[0]["action"] == {"type": "opening move", "content": f"[{rows // 2} {cols // 2}]"}
    assert first_turn[1]["action"]["type"] == "send message"  # the first request comes after it
    assert episode.interactions["opening move"] == instance["content"]["opening move"] == [rows // 2, cols // 2]
    assert episode.scores["Request Count"] == 2 == len(episode.contexts)
    players_replies = [event for turn in episode.interactions["turns"] for event in turn if event["from"] == "Player 0"]
    assert len(players_replies) == 2
    # the opening's cell is already revealed on the player's first board
    assert board_of(episode.contexts[0][1]["content"])[rows // 2][cols // 2] != "."


def test_minesweeper_first_context_is_textarena_game_prompt_and_opened_board():
    rows, cols, mines = game()
    episode = play("ta_minesweeper", [lambda context: "no move"])
    first = episode.contexts[0][1]["content"]
    assert first.startswith(MinesweeperEnv._generate_player_prompt(None, player_id=0, game_state={}).strip())
    board = board_of(first)
    assert len(board) == rows and all(len(row) == cols for row in board)
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != ".":  # the opening revealed only safe cells, showing their true counts
                assert (r, c) not in mines and int(board[r][c]) == adjacent_mines((r, c), mines)
