"""Players for sliding and logic puzzles: RushHour, Sokoban, Slitherlink, LogicPuzzle, Crosswords."""
import re
from collections import deque

from ta_players.base import GamePlayers, Transcript

# --- Rush Hour ---

RUSH_HOUR_SIZE = 6
RUSH_HOUR_EXIT_ROW = 2
# A board row as TextArena 0.7.4 renders it: six cells (a car letter or '.'), the exit row ends with '>'.
RUSH_HOUR_ROW = re.compile(r"^(?:[A-Z.] ){5}[A-Z.](?: >)?$")


def rush_hour_board(text: str) -> list[list[str]] | None:
    """The last 6x6 board in the text, as rows of cells."""
    rows, board = [], None
    for line in text.splitlines():
        line = line.removeprefix("[GAME] ").strip()
        if RUSH_HOUR_ROW.match(line):
            rows.append(line.split()[:RUSH_HOUR_SIZE])
            if len(rows) == RUSH_HOUR_SIZE:
                board, rows = rows, []
        else:
            rows = []
    return board


def rush_hour_cars(board: list[list[str]]) -> dict[str, tuple[int, int, int, bool]]:
    """{car: (row, col, length, horizontal)} with (row, col) the car's top-left cell."""
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell != ".":
                cells.setdefault(cell, []).append((r, c))
    return {car: (*min(positions), len(positions), positions[0][0] == positions[-1][0])
            for car, positions in sorted(cells.items())}


def rush_hour_moves(cars: dict, state: tuple) -> list[tuple[str, tuple]]:
    """The legal moves ('[A+]': forward = right or down) from `state` (each car's top-left cell, in the order of
    `cars`) and the states they lead to."""
    taken = set()
    for (row, col), (_, _, length, horizontal) in zip(state, cars.values()):
        taken.update((row, col + i) if horizontal else (row + i, col) for i in range(length))
    moves = []
    for index, (name, (_, _, length, horizontal)) in enumerate(cars.items()):
        row, col = state[index]
        for step, sign in ((1, "+"), (-1, "-")):
            ahead = length if step == 1 else -1
            front = (row, col + ahead) if horizontal else (row + ahead, col)
            if 0 <= front[0] < RUSH_HOUR_SIZE and 0 <= front[1] < RUSH_HOUR_SIZE and front not in taken:
                moved = (row, col + step) if horizontal else (row + step, col)
                moves.append((f"[{name}{sign}]", state[:index] + (moved,) + state[index + 1:]))
    return moves


def rush_hour_solution(board: list[list[str]]) -> list[str] | None:
    """A shortest list of moves that brings X to the exit (breadth-first search), or None when there is none."""
    cars = rush_hour_cars(board)
    start = tuple((row, col) for row, col, _, _ in cars.values())
    x_index, exit_col = list(cars).index("X"), RUSH_HOUR_SIZE - cars["X"][2]
    parents = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state[x_index][1] == exit_col:
            moves = []
            while parents[state] is not None:
                state, move = parents[state]
                moves.append(move)
            return moves[::-1]
        for move, following in rush_hour_moves(cars, state):
            if following not in parents:
                parents[following] = (state, move)
                queue.append(following)
    return None


class RushHour(GamePlayers):
    game = "ta_rush_hour"
    recognizes = re.compile(r"RushHour puzzle")
    has_expert = True

    def random_move(self, transcript, rng):
        cars = rush_hour_cars(rush_hour_board(transcript.text))
        state = tuple((row, col) for row, col, _, _ in cars.values())
        return rng.choice(rush_hour_moves(cars, state))[0]

    def expert_move(self, transcript: Transcript) -> str:
        return rush_hour_solution(rush_hour_board(transcript.text))[0]


GAMES = [RushHour()]
