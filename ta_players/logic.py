"""Players for sliding and logic puzzles: RushHour, Sokoban, Slitherlink, LogicPuzzle, Crosswords."""

import functools
import itertools
import re
from collections import deque

from ta_players.base import GamePlayers, Transcript

# --- Rush Hour ---

RUSH_HOUR_SIZE = 6
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
    return {
        car: (*min(positions), len(positions), positions[0][0] == positions[-1][0])
        for car, positions in sorted(cells.items())
    }


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
                moves.append((f"[{name}{sign}]", state[:index] + (moved,) + state[index + 1 :]))
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


# --- Sokoban ---

SOKOBAN_DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
# The expert searches deeper than any shipped instance's turn limit (TextArena's medium variant allows 51 moves).
SOKOBAN_SEARCH_DEPTH = 60
# A board row as TextArena 0.7.4 renders it: cells separated by spaces ('√' is a box on a target).
SOKOBAN_ROW = re.compile(r"^[#_OX√P](?: [#_OX√P])+$")


def sokoban_board(text: str) -> tuple[str, ...]:
    """The last board in the text, one string per row without the separating spaces."""
    board_text = text.split("Current Board:")[-1]
    return tuple(line.strip().replace(" ", "") for line in board_text.splitlines() if SOKOBAN_ROW.match(line.strip()))


def sokoban_parse(board: tuple[str, ...]) -> tuple[frozenset, frozenset, frozenset, tuple[int, int]]:
    """(walls, targets, boxes, player). The player hides a target it stands on; there are as many targets as boxes,
    so a missing target is under the player."""
    cells = {(r, c): cell for r, row in enumerate(board) for c, cell in enumerate(row)}
    walls = frozenset(pos for pos, cell in cells.items() if cell == "#")
    targets = {pos for pos, cell in cells.items() if cell in "O√"}
    boxes = frozenset(pos for pos, cell in cells.items() if cell in "X√")
    player = next(pos for pos, cell in cells.items() if cell == "P")
    if len(targets) < len(boxes):
        targets.add(player)
    return walls, frozenset(targets), boxes, player


def _live_cells(walls: frozenset, targets: frozenset) -> frozenset:
    """Cells from which a box can still be pushed onto some target: the cells a box can be pulled to from a
    target (a box elsewhere is dead)."""
    live, queue = set(targets), deque(targets)
    while queue:
        r, c = queue.popleft()
        for dr, dc in SOKOBAN_DIRECTIONS.values():
            box, puller = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if box not in walls and puller not in walls and box not in live:
                live.add(box)
                queue.append(box)
    return frozenset(live)


@functools.lru_cache(maxsize=4096)
def sokoban_solution(board: tuple[str, ...], max_moves: int) -> tuple[str, ...] | None:
    """A shortest list of moves ('up', ...) that puts every box on a target within `max_moves`, or None
    (breadth-first search over player and box positions, boxes on dead cells pruned).

    Cells are numbered row by row with a margin around the board that counts as wall (TextArena walls its rooms
    in anyway); a state is the player's cell and the boxes' cells as the bits of one number."""
    walls, targets, boxes, player = sokoban_parse(board)
    live = _live_cells(walls, targets)
    width = max(len(row) for row in board) + 2
    number = {(r, c): (r + 1) * width + c + 1 for r, row in enumerate(board) for c in range(len(row))}
    open_cells = {number[pos] for pos in number if pos not in walls}
    live_cells = {number[pos] for pos in live if pos in number}
    target_bits = sum(1 << number[pos] for pos in targets)
    steps = [(name, dr * width + dc) for name, (dr, dc) in SOKOBAN_DIRECTIONS.items()]
    start = (number[player], sum(1 << number[pos] for pos in boxes))
    parents = {start: None}
    frontier = [start]
    for _ in range(max_moves + 1):
        following_frontier = []
        for state in frontier:
            at, box_bits = state
            if not box_bits & ~target_bits:
                moves = []
                while parents[state] is not None:
                    state, move = parents[state]
                    moves.append(move)
                return tuple(moves[::-1])
            for name, step in steps:
                ahead = at + step
                if ahead not in open_cells:
                    continue
                following = (ahead, box_bits)
                if box_bits >> ahead & 1:
                    beyond = ahead + step
                    if beyond not in live_cells or box_bits >> beyond & 1:
                        continue
                    following = (ahead, box_bits ^ (1 << ahead) ^ (1 << beyond))
                if following not in parents:
                    parents[following] = (state, name)
                    following_frontier.append(following)
        frontier = following_frontier
    return None


def sokoban_legal_moves(board: tuple[str, ...]) -> list[str]:
    walls, _, boxes, (r, c) = sokoban_parse(board)
    legal = []
    for name, (dr, dc) in SOKOBAN_DIRECTIONS.items():
        ahead, beyond = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
        if ahead not in walls and not (ahead in boxes and (beyond in walls or beyond in boxes)):
            legal.append(name)
    return legal


class Sokoban(GamePlayers):
    game = "ta_sokoban"
    recognizes = re.compile(r"You are solving the Sokoban puzzle")
    has_expert = True

    def random_move(self, transcript, rng):
        return f"[{rng.choice(sokoban_legal_moves(sokoban_board(transcript.text)))}]"

    def expert_move(self, transcript):
        # The prompt does not state the turn limit; the shipped rooms are solvable within it (unplayable_reason).
        solution = sokoban_solution(sokoban_board(transcript.text), SOKOBAN_SEARCH_DEPTH)
        return f"[{solution[0]}]"


# --- Logic puzzle ---

NEGATION = re.compile(r"\b(?:not|cannot|never|no)\b|n't")


def logic_grids(text: str) -> dict[str, tuple[list[str], list[str]]]:
    """{grid name: (row items, column items)} of the last board in the text."""
    board = text.split("Current Board:")[-1].split("Available Clues:")[0]
    grids, lines = {}, [line.rstrip() for line in board.splitlines()]
    for index, line in enumerate(lines):
        # a grid opens with its name between two rules (a grid's closing rule is followed by a blank line)
        if (
            line.startswith("===")
            and index + 4 < len(lines)
            and lines[index + 1].strip()
            and lines[index + 2].startswith("===")
        ):
            name, header = lines[index + 1].strip(), lines[index + 3]
            columns = [item.strip() for item in header.split("|") if item.strip()]
            rows = []
            for row in lines[index + 5 :]:
                if row.startswith("==="):
                    break
                rows.append(row.split()[0])
            grids[name] = (rows, columns)
    return grids


def logic_clues(text: str) -> list[str]:
    clues = text.split("Available Clues:")[-1]
    return [line[2:].strip() for line in clues.splitlines() if line.startswith("- ")]


def logic_candidates(grids: dict, clues: list[str]) -> list[tuple[int, dict[tuple[str, str, str], str]]]:
    """Every assignment as (number of clues it satisfies, the marks it puts in the cells:
    {(grid, row, column): 'O' or 'X'}).

    Every grid pairs the same row items with another category, so an assignment is one permutation per grid.
    Each clue is read as a formula over 'these items belong together' atoms: 'if A(,) then B', 'A only if B',
    'A unless B', 'A if B'; an atom naming several items says they belong together, or with a negation that the
    first belongs with none of the others. Clues that name fewer than two items constrain nothing.
    """
    names = list(grids)
    rows = grids[names[0]][0]
    scored = []
    for permutations in itertools.product(*(itertools.permutations(grids[name][1]) for name in names)):
        owner = {row: row for row in rows}
        for permutation in permutations:
            owner.update(zip(permutation, rows))
        score = sum(_clue_holds(clue.lower(), owner) is True for clue in clues)
        marks = {
            (name, row, column): "O" if owner[column] == row else "X"
            for name in names
            for row in rows
            for column in grids[name][1]
        }
        scored.append((score, marks))
    return scored


def _logic_boards(grids: dict, text: str) -> list[dict]:
    """The board ({(grid, row, column): mark}) after each valid mark TextArena confirmed in the text."""
    cell_grid = {(row, column): name for name, (rows, columns) in grids.items() for row in rows for column in columns}
    board, boards = {}, []
    for row, column, mark in re.findall(r"\[(\w+) (\w+) ([OX])\] is valid\.", text):
        board[(cell_grid[(row, column)], row, column)] = mark
        boards.append(dict(board))
    return boards


def _logic_board(grids: dict, text: str) -> dict:
    """The marks ({(grid, row, column): 'O' or 'X'}) of the last board drawn in the text: under a grid's header
    each row is its item, then one cell per column, separated by '|' (blank where unmarked)."""
    board = text.split("Current Board:")[-1].split("Available Clues:")[0]
    marks, lines = {}, [line.rstrip() for line in board.splitlines()]
    for index, line in enumerate(lines):
        name = line.strip()
        if name in grids and index + 4 < len(lines):
            rows, columns = grids[name]
            for row_line in lines[index + 4 : index + 4 + len(rows)]:
                row = row_line.split()[0]
                cells = [cell.strip() for cell in row_line[len(row) :].split("|")[: len(columns)]]
                marks.update({(name, row, column): cell for column, cell in zip(columns, cells) if cell in ("O", "X")})
    return marks


def _clue_holds(clue: str, owner: dict) -> bool | None:
    clue = clue.rstrip(".").replace("\u2019", "'")
    for pattern, combine in (
        (r"^(.+) if and only if (.+)$", lambda a, b: a == b),
        (r"^if (.+?),? then (.+)$", lambda a, b: (not a) or b),
        (r"^if (.+?), (.+)$", lambda a, b: (not a) or b),
        (r"^(.+) only if (.+)$", lambda a, b: (not a) or b),
        (r"^(.+) unless (.+)$", lambda a, b: a or b),
        (r"^(.+) if (.+)$", lambda a, b: (not b) or a),
    ):
        match = re.match(pattern, clue)
        if match:
            first, second = (_atom_holds(part, owner) for part in match.groups())
            if first is None or second is None:
                return None
            return combine(first, second)
    return _atom_holds(clue, owner)


def _atom_holds(text: str, owner: dict) -> bool | None:
    for joint in (", which ", " and not ", ", not "):
        if joint not in text:
            continue
        head, tail = text.split(joint, 1)
        tail = tail if joint == ", which " else f"not {tail}"
        head_items = _items_in(head, owner)
        # 'A is at B, which is not C' speaks of B; 'A is B and not C' of A
        subject = head_items[-1 if joint == ", which " else 0] if head_items else None
        parts = [_atom_holds(head, owner), _atom_holds(f"{subject} {tail}", owner) if subject else None]
        return None if None in parts else all(parts)
    items = _items_in(text, owner)
    if len(items) < 2:
        return None
    if NEGATION.search(text):
        return all(owner[items[0]] != owner[item] for item in items[1:])
    return all(owner[items[0]] == owner[item] for item in items[1:])


def _items_in(text: str, owner: dict) -> list[str]:
    """The items the text names, in order of appearance ('works' names work, "bob's" names bob)."""
    found = []
    for item in owner:
        match = re.search(rf"\b{re.escape(item)}(?:s|es|ing|'s)?\b", text)
        if match:
            found.append((match.start(), item))
    return [item for _, item in sorted(found)]


class LogicPuzzle(GamePlayers):
    game = "ta_logic_puzzle"
    recognizes = re.compile(r"You are Player \d+ in the Logic Puzzle game")
    has_expert = True
    expert_bar = 90.0
    expert_bar_reason = (
        "TextArena's clues often do not determine the solution (hard: several assignments satisfy "
        "every clue) and some contradict it (two easy puzzles): the expert tries the assignments "
        "that satisfy most clues in turn, as far as the 31 moves go"
    )

    def random_move(self, transcript, rng):
        """A random cell with a mark it does not hold yet (repeating a cell's mark is an invalid move)."""
        grids = logic_grids(transcript.text)
        board = _logic_board(grids, transcript.text)
        name = rng.choice(sorted(grids))
        row, column = rng.choice(grids[name][0]), rng.choice(grids[name][1])
        mark = rng.choice([mark for mark in "OX" if board.get((name, row, column)) != mark])
        return f"[{row} {column} {mark}]"

    def expert_move(self, transcript):
        """Marks the cells of the assignment that satisfies most clues, one per turn, in board order. When a
        whole assignment is marked and the game goes on, it was wrong: the next best one follows."""
        grids = logic_grids(transcript.text)
        boards = _logic_boards(grids, transcript.text)
        board = _logic_board(grids, transcript.text)
        candidates = logic_candidates(grids, logic_clues(transcript.text))
        # among equally good assignments, the one closest to the board costs the fewest moves
        candidates.sort(
            key=lambda candidate: (-candidate[0], sum(board.get(cell) != mark for cell, mark in candidate[1].items()))
        )
        for _, marks in candidates:
            if marks not in boards:
                name, row, column = next(cell for cell in marks if board.get(cell) != marks[cell])
                return f"[{row} {column} {marks[(name, row, column)]}]"
        raise ValueError("every assignment was marked")


# --- Slitherlink ---

SLITHERLINK_DOT_ROW = re.compile(r"^\s*(\d+): \+")


def slitherlink_board(text: str) -> tuple[tuple, frozenset]:
    """(clues, edges) of the last board in the text: clues[r][c] is a number or None, edges are ('h' | 'v', r, c).

    TextArena 0.7.4 draws dot rows as ` r: +───+   +` (a horizontal edge is `───` after its dot) and cell rows
    with a 4-column indent, each cell 4 characters wide: `│` or a space for the vertical edge, then the clue
    (`·` for none) centred in 3 characters.
    """
    lines = text.rsplit("Clues satisfied", 1)[0].splitlines()
    lines = lines[max(index for index, line in enumerate(lines) if re.match(r"^\s*0: \+", line)) :]
    clues, edges = [], set()
    for index, line in enumerate(lines):
        match = SLITHERLINK_DOT_ROW.match(line)
        if not match:
            continue
        row = int(match.group(1))
        dots = line[line.index("+") :]
        for col, segment in enumerate(dots.split("+")[1:-1]):
            if "─" in segment:
                edges.add(("h", row, col))
        cells = lines[index + 1] if index + 1 < len(lines) else ""
        if SLITHERLINK_DOT_ROW.match(cells) or not cells.strip():
            continue
        cells = cells[4:]
        clue_row = []
        for col in range(0, len(cells), 4):
            if cells[col] == "│":
                edges.add(("v", row, col // 4))
            clue = cells[col + 1 : col + 4].strip()
            if clue:
                clue_row.append(int(clue) if clue.isdigit() else None)
        clues.append(tuple(clue_row))
    return tuple(clues), frozenset(edges)


@functools.lru_cache(maxsize=256)
def slitherlink_solution(clues: tuple) -> frozenset | None:
    """The edges of a single loop that gives every numbered cell its number of edges, or None.

    A single loop is the boundary of a set of cells that is connected, leaves the outside connected (no holes)
    and has no two cells meeting only at a corner; every such set of the 4x4 grid is tried.
    """
    rows, cols = len(clues), len(clues[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for bits in range(1, 2 ** len(cells)):
        inside = {cell for index, cell in enumerate(cells) if bits >> index & 1}
        edges = _boundary(inside, rows, cols)
        if all(
            clue is None or _edges_around(r, c, edges) == clue
            for r, row in enumerate(clues)
            for c, clue in enumerate(row)
        ) and _is_single_loop(edges):
            return edges
    return None


def _boundary(inside: set, rows: int, cols: int) -> frozenset:
    edges = {("h", r, c) for r in range(rows + 1) for c in range(cols) if ((r - 1, c) in inside) != ((r, c) in inside)}
    edges |= {("v", r, c) for r in range(rows) for c in range(cols + 1) if ((r, c - 1) in inside) != ((r, c) in inside)}
    return frozenset(edges)


def _edges_around(r: int, c: int, edges: frozenset) -> int:
    return (("h", r, c) in edges) + (("h", r + 1, c) in edges) + (("v", r, c) in edges) + (("v", r, c + 1) in edges)


def _is_single_loop(edges: frozenset) -> bool:
    """Every dot has 0 or 2 edges and the edges form one connected loop."""
    ends = {}
    for kind, r, c in edges:
        for dot in ((r, c), (r, c + 1) if kind == "h" else (r + 1, c)):
            ends.setdefault(dot, []).append((kind, r, c))
    if not edges or any(len(at) != 2 for at in ends.values()):
        return False
    start = next(iter(sorted(edges)))
    seen, stack = {start}, [start]
    while stack:
        kind, r, c = stack.pop()
        for dot in ((r, c), (r, c + 1) if kind == "h" else (r + 1, c)):
            for edge in ends[dot]:
                if edge not in seen:
                    seen.add(edge)
                    stack.append(edge)
    return len(seen) == len(edges)


class Slitherlink(GamePlayers):
    game = "ta_slitherlink"
    recognizes = re.compile(r"You are playing Slitherlink")
    has_expert = True

    def random_move(self, transcript, rng):
        clues, _ = slitherlink_board(transcript.text)
        rows, cols = len(clues), len(clues[0])
        if rng.random() < 0.5:
            return f"[h {rng.randrange(rows + 1)} {rng.randrange(cols)}]"
        return f"[v {rng.randrange(rows)} {rng.randrange(cols + 1)}]"

    def expert_move(self, transcript):
        """Toggles the first edge (in sorted order) where the board differs from a solution."""
        clues, edges = slitherlink_board(transcript.text)
        kind, r, c = min(slitherlink_solution(clues) ^ edges)
        return f"[{kind} {r} {c}]"


# --- Crosswords ---

CROSSWORDS_ROW = re.compile(r"^R(\d+)((?:\s+[A-Za-z._])+)\s*$", re.M)


class Crosswords(GamePlayers):
    """No expert: the clues are riddles with world knowledge behind them ('The belief system that guides moral
    and ethical behavior. (8 letters)'), so the answers do not follow from the context, and a wrong letter is an
    invalid move (twice in a row ends the game). Lengths and crossings do not pin them down either: even among the
    100 answers TextArena 0.7.4 ships (`Crosswords/words_clues.jsonl`), 17 of the 20 shipped grids have 2 to 3,420
    fillings consistent with every run's length and crossings, 1 has one, 2 none (a word placed against a parallel
    one lies in a longer run: 'waiting' in 13 cells), and the clue's letter count is often off by one. Only looking
    the clue text up in that file gives the answer, and that file is the env's answer key."""

    game = "ta_crosswords"
    recognizes = re.compile(r"You are playing Crosswords")

    def random_move(self, transcript, rng):
        """A random letter in a random empty cell of the last board."""
        board = transcript.text.split("Current Board:")[-1]
        empty = [
            (int(row), col)
            for row, cells in CROSSWORDS_ROW.findall(board)
            for col, cell in enumerate(cells.split())
            if cell == "_"
        ]
        row, col = rng.choice(empty)
        return f"[{row} {col} {rng.choice('abcdefghijklmnopqrstuvwxyz')}]"


GAMES = [RushHour(), Sokoban(), LogicPuzzle(), Slitherlink(), Crosswords()]
