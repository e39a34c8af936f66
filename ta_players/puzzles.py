"""Players for grid and placement puzzles: LightsOut, FrozenLake, Sudoku, FifteenPuzzle, PegJump, 2048,
BabyAiText."""

import functools
import heapq
import re

from ta_players.base import GamePlayers, Transcript, exchanges, last_match

LIGHTS = re.compile(r"\n((?:\d+: [O.](?: [O.])*(?:\n|$))+)")


class LightsOut(GamePlayers):
    game = "ta_lights_out"
    recognizes = re.compile(r"Welcome to Lights Out!")
    has_expert = True

    @staticmethod
    def grid(transcript: Transcript) -> list[list[bool]]:
        rows = last_match(LIGHTS, transcript.text).group(1).strip("\n").split("\n")
        return [[cell == "O" for cell in row.split(": ", 1)[1].split()] for row in rows]

    def random_move(self, transcript, rng):
        size = len(self.grid(transcript))
        return f"[{rng.randrange(size)} {rng.randrange(size)}]"

    def expert_move(self, transcript):
        presses = _lights_out_solution(self.grid(transcript))
        r, c = min(presses)
        return f"[{r} {c}]"


def _lights_out_solution(grid: list[list[bool]]) -> set:
    """The fewest presses that turn every light off: GF(2) elimination, then the lightest solution over the
    null space (two dimensions on a 5x5 grid)."""
    size = len(grid)
    cells = [(r, c) for r in range(size) for c in range(size)]
    # row i of the system: which presses toggle light i, as a bit mask, and whether light i is on
    rows = []
    for r, c in cells:
        mask = 0
        for index, (pr, pc) in enumerate(cells):
            if abs(pr - r) + abs(pc - c) <= 1:
                mask |= 1 << index
        rows.append([mask, int(grid[r][c])])
    pivots = []
    for bit in range(len(cells)):
        pivot = next((i for i in range(len(pivots), len(rows)) if rows[i][0] >> bit & 1), None)
        if pivot is None:
            continue
        rows[len(pivots)], rows[pivot] = rows[pivot], rows[len(pivots)]
        for i in range(len(rows)):
            if i != len(pivots) and rows[i][0] >> bit & 1:
                rows[i][0] ^= rows[len(pivots)][0]
                rows[i][1] ^= rows[len(pivots)][1]
        pivots.append(bit)
    free = [bit for bit in range(len(cells)) if bit not in pivots]
    best = None
    for choice in range(1 << len(free)):
        presses = sum(1 << bit for k, bit in enumerate(free) if choice >> k & 1)
        for (mask, value), bit in zip(rows, pivots):
            if value ^ (bin(mask & presses).count("1") & 1):
                presses |= 1 << bit
        if best is None or bin(presses).count("1") < bin(best).count("1"):
            best = presses
    return {cells[bit] for bit in range(len(cells)) if best >> bit & 1}


LAKE = re.compile(r"Current Board:\n\n((?:[+|][^\n]*\n?)+)")
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class FrozenLake(GamePlayers):
    game = "ta_frozen_lake"
    recognizes = re.compile(r"Welcome to Frozen Lake!")
    has_expert = True
    # the moves TextArena's board lists (as the move format: the spec relabels it, as some lead off the grid)
    MOVES = ("[up]", "[down]", "[left]", "[right]", "[w]", "[a]", "[s]", "[d]")

    def random_move(self, transcript, rng):
        return rng.choice(self.MOVES)

    def expert_move(self, transcript):
        rows = [
            line.strip("|").split("|")
            for line in last_match(LAKE, transcript.text).group(1).split("\n")
            if line.startswith("|")
        ]
        grid = [[cell.strip() for cell in row] for row in rows]
        where = {cell: (r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell in ("P", "G")}
        start, goal = where["P"], where["G"]
        # breadth-first from the goal, so each cell knows its distance to it over safe cells
        distance, frontier = {goal: 0}, [goal]
        for r, c in frontier:
            for dr, dc in STEPS.values():
                cell = (r + dr, c + dc)
                if (
                    0 <= cell[0] < len(grid)
                    and 0 <= cell[1] < len(grid[0])
                    and cell not in distance
                    and grid[cell[0]][cell[1]] != "H"
                ):
                    distance[cell] = distance[(r, c)] + 1
                    frontier.append(cell)
        name = min(
            (name for name, (dr, dc) in STEPS.items() if (start[0] + dr, start[1] + dc) in distance),
            key=lambda name: distance[(start[0] + STEPS[name][0], start[1] + STEPS[name][1])],
        )
        return f"[{name}]"


SUDOKU_ROW = re.compile(r"^R([1-9])((?: +(?:[1-9.]|\|))+) *$", re.MULTILINE)


class Sudoku(GamePlayers):
    game = "ta_sudoku"
    recognizes = re.compile(r"You are playing Sudoku")
    has_expert = True

    @staticmethod
    def grid(transcript: Transcript) -> list[list[int]]:
        """The latest grid (0 for an empty cell): its nine rows are the last nine `R<n>` lines."""
        rows = SUDOKU_ROW.findall(transcript.text)[-9:]
        return [[0 if cell == "." else int(cell) for cell in cells.split() if cell != "|"] for _, cells in rows]

    def random_move(self, transcript, rng):
        grid = self.grid(transcript)
        r, c = rng.choice([(r, c) for r in range(9) for c in range(9) if not grid[r][c]])
        return f"[{r + 1} {c + 1} {rng.randint(1, 9)}]"

    def expert_move(self, transcript):
        grid = self.grid(transcript)
        solved = _solve_sudoku([row[:] for row in grid])
        r, c = next((r, c) for r in range(9) for c in range(9) if not grid[r][c])
        return f"[{r + 1} {c + 1} {solved[r][c]}]"


def _solve_sudoku(grid: list[list[int]]) -> list[list[int]] | None:
    """Backtracking that always fills the empty cell with the fewest candidates; None when unsolvable."""
    best = None
    for r in range(9):
        for c in range(9):
            if not grid[r][c]:
                box = [grid[i][j] for i in range(r // 3 * 3, r // 3 * 3 + 3) for j in range(c // 3 * 3, c // 3 * 3 + 3)]
                candidates = set(range(1, 10)) - set(grid[r]) - {row[c] for row in grid} - set(box)
                if best is None or len(candidates) < len(best[2]):
                    best = (r, c, candidates)
    if best is None:
        return grid
    r, c, candidates = best
    for digit in sorted(candidates):
        grid[r][c] = digit
        if _solve_sudoku(grid) is not None:
            return grid
    grid[r][c] = 0
    return None


FIFTEEN_BOARD = re.compile(r"((?:(?: ?\d{1,2}|__)(?: (?: ?\d{1,2}|__)){3}\n){4})")
# a move's name says where the tile next to the gap slides: [up] moves the tile below the gap up
SLIDES = {"up": 4, "down": -4, "left": 1, "right": -1}
# weight on the heuristic of the best-first search: 3 solves a random board in 0.1-0.4 s with at most about 90
# moves (about 72 on average), well inside the 200-move limit; 1 would be optimal but takes minutes. Searched anew
# from every board the expert solves the 10 shipped boards in 47-94 moves (3-13 s an episode)
FIFTEEN_WEIGHT = 3


class FifteenPuzzle(GamePlayers):
    game = "ta_fifteen_puzzle"
    recognizes = re.compile(r"You are playing the 15-Puzzle game")
    has_expert = True

    @staticmethod
    def board(transcript: Transcript) -> tuple[int, ...]:
        """The latest board, as 16 cells in reading order (0 for the gap)."""
        return tuple(0 if cell == "__" else int(cell) for cell in FIFTEEN_BOARD.findall(transcript.text)[-1].split())

    def expert_move(self, transcript):
        """The first move of a plan for the latest board (searched anew each turn: the view shows the board, not
        the earlier plan)."""
        return f"[{_fifteen_plan(self.board(transcript))[0]}]"


def _slide(board: tuple, move: str) -> tuple:
    gap = board.index(0)
    cells = list(board)
    cells[gap], cells[gap + SLIDES[move]] = cells[gap + SLIDES[move]], 0
    return tuple(cells)


def _legal_moves(board: tuple) -> list[str]:
    row, col = divmod(board.index(0), 4)
    return [
        move for move, legal in (("up", row < 3), ("down", row > 0), ("left", col < 3), ("right", col > 0)) if legal
    ]


def _fifteen_distance(board: tuple) -> int:
    """Manhattan distance plus 2 per linear conflict (two tiles in their goal row or column, in reverse order),
    summed line by line (the search meets the same rows and columns again and again)."""
    return sum(
        _row_cost(line, board[line * 4 : line * 4 + 4]) + _column_cost(line, board[line::4]) for line in range(4)
    )


@functools.lru_cache(maxsize=1 << 16)
def _row_cost(line: int, tiles: tuple) -> int:
    """The row's tiles' Manhattan distances and its linear conflicts."""
    distance = sum(
        abs(line - (tile - 1) // 4) + abs(column - (tile - 1) % 4) for column, tile in enumerate(tiles) if tile
    )
    return distance + _conflicts([tile for tile in tiles if tile and (tile - 1) // 4 == line])


@functools.lru_cache(maxsize=1 << 16)
def _column_cost(line: int, tiles: tuple) -> int:
    return _conflicts([tile for tile in tiles if tile and (tile - 1) % 4 == line])


def _conflicts(home_tiles: list[int]) -> int:
    return 2 * sum(a > b for i, a in enumerate(home_tiles) for b in home_tiles[i + 1 :])


@functools.lru_cache(maxsize=64)
def _fifteen_plan(board: tuple) -> tuple[str, ...]:
    """Moves that solve the board: weighted A* on the distance above (not the fewest moves, but close)."""
    goal = tuple(range(1, 16)) + (0,)
    steps = {board: 0}
    came_from = {board: None}
    queue = [(FIFTEEN_WEIGHT * _fifteen_distance(board), 0, board)]
    while queue:
        _, taken, current = heapq.heappop(queue)
        if current == goal:
            break
        if taken > steps[current]:
            continue
        for move in _legal_moves(current):
            following = _slide(current, move)
            if following not in steps or taken + 1 < steps[following]:
                steps[following] = taken + 1
                came_from[following] = (current, move)
                heapq.heappush(queue, (taken + 1 + FIFTEEN_WEIGHT * _fifteen_distance(following), taken + 1, following))
    moves = []
    while came_from[current] is not None:
        current, move = came_from[current]
        moves.append(move)
    return tuple(reversed(moves))


PEG_BOARD = re.compile(r"Pegs left: \d+\n((?:[^\n]*[●○][^\n]*(?:\n|$)){5})")
# the lines of three holes on the triangle (holes numbered row by row), jumped along in either direction
# fmt: off
PEG_LINES = [(1, 2, 4), (2, 4, 7), (4, 7, 11), (3, 5, 8), (5, 8, 12), (6, 9, 13), (1, 3, 6), (3, 6, 10),
             (6, 10, 15), (2, 5, 9), (5, 9, 14), (4, 8, 13), (4, 5, 6), (7, 8, 9), (8, 9, 10), (11, 12, 13),
             (12, 13, 14), (13, 14, 15)]
# fmt: on
PEG_JUMPS = tuple(PEG_LINES + [(to, over, start) for start, over, to in PEG_LINES])


class PegJump(GamePlayers):
    game = "ta_peg_jump"
    recognizes = re.compile(r"You are playing PegJump")
    has_expert = True

    @staticmethod
    def pegs(transcript: Transcript) -> frozenset:
        board = last_match(PEG_BOARD, transcript.text).group(1)
        return frozenset(int(hole) for hole, mark in re.findall(r"(\d+)([●○])", board) if mark == "●")

    def random_move(self, transcript, rng):
        start, _, to = rng.choice(_peg_jumps(self.pegs(transcript)))
        return f"[{start} {to}]"

    def expert_move(self, transcript):
        pegs = self.pegs(transcript)
        # a jump after which one peg can still be left, else (no solution) the jump that leaves the fewest pegs
        start, _, to = max(_peg_jumps(pegs), key=lambda jump: -_fewest_pegs(_jump(pegs, jump)))
        return f"[{start} {to}]"


def _peg_jumps(pegs: frozenset) -> list[tuple[int, int, int]]:
    return [jump for jump in PEG_JUMPS if jump[0] in pegs and jump[1] in pegs and jump[2] not in pegs]


def _jump(pegs: frozenset, jump: tuple[int, int, int]) -> frozenset:
    start, over, to = jump
    return pegs - {start, over} | {to}


@functools.cache
def _fewest_pegs(pegs: frozenset) -> int:
    """The fewest pegs any sequence of jumps leaves (depth-first over every jump, memoised per board)."""
    return min((_fewest_pegs(_jump(pegs, jump)) for jump in _peg_jumps(pegs)), default=len(pegs))


BABYAI_VIEW = re.compile(r"^Turn \d+ of \d+\. Your mission: .*?(?=^\[|\Z)", re.MULTILINE | re.DOTALL)
BABYAI_MISSION = re.compile(
    r"Your mission: (go to|pick up|open) (?:the|a) (?:(red|green|blue|purple|yellow|grey) )?"
    r"(ball|box|key|door|object)\."
)
BABYAI_SEEN = re.compile(r"(?:You see )?an? (?:(open|closed|locked) )?(\w+) (ball|box|key|door)(?: ([^.;]+))?")
BABYAI_WALL = re.compile(r"You see a wall (\d+) steps? (forward|left|right)\.")
HEADINGS = ((1, 0), (0, 1), (-1, 0), (0, -1))  # forward, right, behind, left: (steps forward, steps right)


def _babyai_place(words: str) -> tuple[int, int]:
    """(forward, right) of a place told as "2 steps forward and 1 step left"."""
    forward = right = 0
    for count, direction in re.findall(r"(\d+) steps? (forward|behind|left|right)", words):
        sign = -1 if direction in ("behind", "left") else 1
        if direction in ("forward", "behind"):
            forward = sign * int(count)
        else:
            right = sign * int(count)
    return forward, right


class BabyAiText(GamePlayers):
    """The expert plans from the words alone (minigrid's BabyAI bot reads the true grid, which no player may): the
    latest view (walls straight ahead and to each side, the objects seen now and those seen before) is a map around
    the agent, the walls' lines bounding the room and unknown squares taken as free; a breadth-first search over
    (square, heading) finds the shortest way to face the object the mission names (for a locked door, first its key)
    and the expert takes its first action. With nothing to aim at, it looks around (three left turns, counted
    from its own moves in the context) and then walks on."""

    game = "ta_baby_ai_text"
    recognizes = re.compile(r"You are playing BabyAI-Text")
    has_expert = True

    def random_move(self, transcript, rng):
        return rng.choice(["[turn left]", "[turn right]", "[go forward]", "[pick up]", "[drop]", "[toggle]"])

    @staticmethod
    def view(transcript: Transcript) -> dict:
        text = last_match(BABYAI_VIEW, transcript.text).group(0)
        walls = {direction: int(count) for count, direction in BABYAI_WALL.findall(text)}
        objects, carried = {}, None
        for line in text.splitlines():
            if line.startswith("You carry"):
                found = BABYAI_SEEN.search(line.removeprefix("You carry"))
                carried = (found.group(2), found.group(3)) if found else None
            elif line.startswith("You see") or line.startswith("Seen before"):
                for state, color, kind, where in BABYAI_SEEN.findall(line.partition(":")[2] or line):
                    if "wall" not in where:
                        objects[_babyai_place(where)] = (state, color, kind)
        return {"walls": walls, "objects": objects, "carried": carried}

    def expert_move(self, transcript):
        verb, color, kind = BABYAI_MISSION.search(transcript.prompt).groups()
        view = self.view(transcript)
        objects, carried = view["objects"], view["carried"]

        def matches(state_color_kind, want_color, want_kind):
            _, have_color, have_kind = state_color_kind
            return (want_color is None or have_color == want_color) and want_kind in ("object", have_kind)

        targets = [where for where, obj in objects.items() if matches(obj, color, kind)]
        final = {"go to": None, "pick up": "[pick up]", "open": "[toggle]"}[verb]
        if verb == "open":
            locked = [where for where in targets if objects[where][0] == "locked"]
            if locked and not (
                carried and carried[1] == "key" and any(carried[0] == objects[where][1] for where in locked)
            ):
                # a locked door: its key first
                door_colors = {objects[where][1] for where in locked}
                targets = [where for where, obj in objects.items() if obj[2] == "key" and obj[1] in door_colors]
                final = "[pick up]"
                if carried is not None:
                    return "[drop]" if (1, 0) not in objects and view["walls"].get("forward") != 1 else "[turn left]"
        if final == "[pick up]" and carried is not None and verb == "pick up" and matches(("", *carried), color, kind):
            return "[turn left]"  # done already (the verifier ends the game): never reached in play
        if targets:
            plan = self._plan(view, set(targets))
            if plan == "at goal":
                return final or "[turn left]"
            if plan is not None:
                return plan
        return self._explore(transcript, view)

    @staticmethod
    def _blocked(view: dict, square: tuple[int, int]) -> bool:
        """Whether the square is known to be taken: beyond a wall's line (a room's walls are straight), or by an
        object or a door that is not open."""
        forward, right = square
        walls = view["walls"]
        if forward >= walls.get("forward", 99) or right <= -walls.get("left", 99) or right >= walls.get("right", 99):
            return True
        obj = view["objects"].get(square)
        return obj is not None and not (obj[2] == "door" and obj[0] == "open")

    # a square out of sight (behind, or beyond the 7x7 view) may be a wall that is not told: a way through it costs
    # this much more than one through squares seen to be free
    UNSEEN_COST = 4

    def _plan(self, view: dict, targets: set) -> str | None:
        """The first action of a cheapest way to face one of `targets` ("at goal" when facing one already)."""
        if (1, 0) in targets:
            return "at goal"
        start = (0, 0, 0)
        best = {start: 0}
        queue = [(0, 0, start, None)]
        order = 0  # ties broken by the order found, so that the plan does not depend on how actions compare
        while queue:
            cost, _, state, first = heapq.heappop(queue)
            if cost > best.get(state, cost):
                continue
            forward, right, heading = state
            step = HEADINGS[heading]
            if state != start and (forward + step[0], right + step[1]) in targets:
                return first
            for action, successor in (
                ("[turn left]", (forward, right, (heading - 1) % 4)),
                ("[turn right]", (forward, right, (heading + 1) % 4)),
                ("[go forward]", (forward + step[0], right + step[1], heading)),
            ):
                extra = 0
                if action == "[go forward]":
                    if abs(successor[0]) > 12 or abs(successor[1]) > 12 or self._blocked(view, successor[:2]):
                        continue
                    if not (0 <= successor[0] <= 6 and abs(successor[1]) <= 3):
                        extra = self.UNSEEN_COST
                if cost + 1 + extra < best.get(successor, float("inf")):
                    best[successor] = cost + 1 + extra
                    order += 1
                    heapq.heappush(queue, (cost + 1 + extra, order, successor, first or action))
        return None

    def _explore(self, transcript: Transcript, view: dict) -> str:
        """With nothing to aim at: look around (four headings) where it stands, then walk straight while the wall
        ahead is at least 4 steps away (towards the room's middle; a room's sides are at most 6 squares apart) and
        look around again where it stops; after a look around, turn left until such a way opens. Its own moves in
        the context (`[Player] [turn left]`, the game's "You went forward.") say what it did since its last step."""
        heading, headings, turns, walked = 0, {0}, 0, False  # headings faced since the last step, as now 0
        for _, after in reversed(exchanges(transcript)):
            if "You went forward." in after:
                walked = True
                break
            if "You turned" in after:
                turns += 1
                heading = (heading + (1 if "turned left" in after else -1)) % 4  # the heading before the turn
                headings.add(heading)
        ahead = view["walls"].get("forward", 7)
        free = not self._blocked(view, (1, 0))
        if walked and turns == 0 and ahead >= 4 and free:
            return "[go forward]"
        if len(headings) < 4:
            return "[turn left]"
        if free and (ahead >= 4 or turns >= 7):
            return "[go forward]"
        return "[turn left]"


GAMES = [LightsOut(), FrozenLake(), Sudoku(), FifteenPuzzle(), PegJump(), BabyAiText()]
