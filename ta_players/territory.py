"""Players for the games of roads, towers and territory between seats: SimpleTak, Tak, Santorini, Stratego, Snake,
Surround. Each reads the latest board its context shows (TextArena 0.7.4 broadcasts the board after every move in
all six)."""

import functools
import heapq
import re
from collections import deque
from collections.abc import Callable

from ta_players.base import GamePlayers, Transcript, last_match, offered_moves

ORTHOGONAL = [(-1, 0), (1, 0), (0, -1), (0, 1)]
INFINITE = 10**6


def _road_distance(size: int, cost) -> int:
    """The cost of the cheapest 4-connected road between two opposite edges of a size x size board: `cost(r, c)`
    is what a cell still takes (0 for an own road cell, 1 for an empty one, more for one to be won first, None
    where no road can pass)."""
    costs = [[cost(r, c) for c in range(size)] for r in range(size)]  # each cell's once, for both searches
    best = INFINITE
    for starts, is_goal in (
        (((0, c) for c in range(size)), lambda r, c: r == size - 1),
        (((r, 0) for r in range(size)), lambda r, c: c == size - 1),
    ):
        distance, heap = {}, []
        for r, c in starts:
            if (step := costs[r][c]) is not None:
                distance[(r, c)] = step
                heap.append((step, r, c))
        heapq.heapify(heap)
        while heap:
            d, r, c = heapq.heappop(heap)
            if d >= best:
                break
            if d > distance[(r, c)]:
                continue
            if is_goal(r, c):
                best = d
                break
            for dr, dc in ORTHOGONAL:
                nr, nc = r + dr, c + dc
                if (
                    0 <= nr < size
                    and 0 <= nc < size
                    and (step := costs[nr][nc]) is not None
                    and d + step < distance.get((nr, nc), INFINITE)
                ):
                    distance[(nr, nc)] = d + step
                    heapq.heappush(heap, (d + step, nr, nc))
    return best


def _road_score(size: int, mine, theirs) -> float:
    """How much better my road prospects are than the opponent's, from my side after my move (opponent to move).
    `mine`/`theirs` are the cost functions of `_road_distance`."""
    my_distance, their_distance = _road_distance(size, mine), _road_distance(size, theirs)
    if my_distance == 0:
        return INFINITE
    if their_distance == 0:
        return -INFINITE
    if their_distance == 1:  # the opponent completes the road with one placement
        return -INFINITE / 2
    return 10.0 * (their_distance - my_distance) - my_distance  # on a tie, building beats blocking


# --- SimpleTak: place a stone, connect two opposite edges ---


class SimpleTak(GamePlayers):
    game = "ta_simple_tak"
    recognizes = re.compile(r"You are Player \d in SimpleTak")
    has_expert = True
    expert_name = "road_greedy"

    @staticmethod
    def board(transcript: Transcript) -> list[list[str]]:
        """The latest board, one string per cell: 'O', 'X' or '' (empty; the board shows its number)."""
        block = last_match(r"Current Board:\n\n((?:[+|].*\n?)+)", transcript.text).group(1)
        rows = [line.strip("|").split("|") for line in block.splitlines() if line.startswith("|")]
        return [["" if cell.strip().isdigit() else cell.strip() for cell in row] for row in rows]

    def expert_move(self, transcript):
        """One ply: the placement that most widens the gap between the opponent's and my road distance (cells still
        to claim); ties go to the cell nearest the centre."""
        board = self.board(transcript)
        size = len(board)
        mine = "O" if re.search(r"You are Player 0 in SimpleTak", transcript.prompt) else "X"
        theirs = "X" if mine == "O" else "O"

        def cost_for(symbol):
            return lambda r, c: 0 if board[r][c] == symbol else (1 if board[r][c] == "" else None)

        def score(cell):
            r, c = cell
            board[r][c] = mine
            value = _road_score(size, cost_for(mine), cost_for(theirs))
            board[r][c] = ""
            return value - 0.01 * (abs(r - (size - 1) / 2) + abs(c - (size - 1) / 2))

        empty = [(r, c) for r in range(size) for c in range(size) if board[r][c] == ""]
        r, c = max(empty, key=score)
        return f"[{r * size + c}]"


# --- Tak: stacks, walls and a capstone ---

TAK_ROW = re.compile(r"^\s*(\d+) \|(.*)\|\s*$")
TAK_STONES = re.compile(r"Available Flat Stones: (\d+), Available Capstones: (\d+)")


class Tak(GamePlayers):
    game = "ta_tak"
    recognizes = re.compile(r"You are Player \d in Tak\.")
    has_expert = True
    expert_name = "road_greedy"

    @staticmethod
    def board(transcript: Transcript) -> list[list[list[str]]]:
        """The latest board: per cell its stack bottom to top, e.g. ['F0', 'W1']."""
        block = transcript.text[last_match(r"Current Board:\n", transcript.text).end() :]
        board = []
        for line in block.splitlines():
            if line.startswith("Available"):
                break
            if row := TAK_ROW.match(line):
                cells = [cell.strip() for cell in row.group(2).split("|")]
                board.append([cell.split(") ")[1].split("/") if cell else [] for cell in cells])
        return board

    @staticmethod
    def legal_moves(board, me: int, stones: int, capstones: int) -> list[tuple]:
        """Moves TextArena 0.7.4's Tak accepts (`Tak/env.py` `_is_valid_placement`, `_is_valid_movement`):
        placements on empty cells and moves of the top k pieces of an own stack onto one adjacent cell.
        (TextArena also accepts spreading a stack over several cells; these players never do.)"""
        size = len(board)
        moves = []
        for r in range(size):
            for c in range(size):
                if not board[r][c]:
                    moves += [
                        ("place", None, (r, c), [f"{kind}{me}"])
                        for kind, left in (("F", stones), ("W", stones), ("C", capstones))
                        if left > 0
                    ]
                elif board[r][c][-1].endswith(str(me)):
                    stack, top = board[r][c], board[r][c][-1][0]
                    for dr, dc in ORTHOGONAL:
                        tr, tc = r + dr, c + dc
                        if not (0 <= tr < size and 0 <= tc < size):
                            continue
                        target_top = board[tr][tc][-1][0] if board[tr][tc] else ""
                        for k in range(1, len(stack) + 1):
                            if k == 1:
                                blocked = target_top == "C" or (top != "C" and target_top == "W")
                            else:
                                blocked = target_top in ("C", "W")
                            if not blocked:
                                moves.append(("move", (r, c), (tr, tc), stack[-k:]))
        return moves

    @staticmethod
    def format(move) -> str:
        action, source, (tr, tc), pieces = move
        source_text = f"({source[0]},{source[1]})" if source else "()"
        return f"[{action} {source_text} {{({tr},{tc}): [{', '.join(pieces)}]}}]"

    @staticmethod
    def apply(board, move) -> list[list[list[str]]]:
        action, source, (tr, tc), pieces = move
        board = [[list(stack) for stack in row] for row in board]
        if action == "move":
            r, c = source
            del board[r][c][-len(pieces) :]
            if len(pieces) == 1 and pieces[0][0] == "C" and board[tr][tc] and board[tr][tc][-1][0] == "W":
                board[tr][tc][-1] = "F" + board[tr][tc][-1][1:]  # the capstone flattens a wall
        board[tr][tc] += pieces
        return board

    def situation(self, transcript):
        me = int(re.search(r"You are Player (\d) in Tak", transcript.prompt).group(1))
        stones, capstones = map(int, TAK_STONES.findall(transcript.text)[-1])
        board = self.board(transcript)
        return board, me, self.legal_moves(board, me, stones, capstones)

    def random_move(self, transcript, rng):
        _, _, moves = self.situation(transcript)
        return self.format(rng.choice(moves))

    def expert_move(self, transcript):
        """One ply over placements and single-cell stack moves: the move that most widens the gap between the
        opponent's road distance and mine, never leaving the opponent one placement from a road; walls and the
        capstone are spent only when a flat stone would do worse."""
        board, me, moves = self.situation(transcript)
        size = len(board)
        spending = {"F": 0.0, "W": 0.5, "C": 0.3}

        def cost_for(player, position):
            # an own flat or capstone is road already; an empty cell takes a placement; a flat of the opponent
            # must be captured (a stack moved onto it) and a wall flattened by the capstone: dearer, not impossible
            def cost(r, c):
                stack = position[r][c]
                if not stack:
                    return 1
                top = stack[-1]
                if top[1:] == str(player):
                    return 0 if top[0] in "FC" else 2
                return {"F": 2, "W": 3}.get(top[0])

            return cost

        def score(indexed):
            index, move = indexed
            position = self.apply(board, move)
            value = _road_score(size, cost_for(me, position), cost_for(1 - me, position))
            if move[0] == "place":
                value -= spending[move[3][0][0]]
            else:
                value -= 0.2
            return value, -index

        _, best = max(enumerate(moves), key=score)
        return self.format(best)


# --- Santorini: climb to the third level ---

SANTORINI_BOARD = re.compile("".join(rf"{row} │(.*)│ {row}\n.*\n" for row in "ABCD") + r"E │(.*)│ E")
SANTORINI_COLOURS = ["Navy", "White", "Grey"]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


class Santorini(GamePlayers):
    game = "ta_santorini"
    recognizes = re.compile(r"You are playing (?:Navy|White|Grey) in a game of Santorini")
    has_expert = True
    expert_name = "climb_greedy"

    @staticmethod
    def board(transcript: Transcript) -> tuple[list[list[int]], dict]:
        """The latest board: heights (4 = dome) and where each worker ('N1', 'W2', ...) stands."""
        rows = last_match(SANTORINI_BOARD, transcript.text).groups()
        heights, workers = [], {}
        for r, row in enumerate(rows):
            cells = row.split("│")
            heights.append([int(cell.split()[0]) for cell in cells])
            for c, cell in enumerate(cells):
                if len(cell.split()) == 2:
                    workers[cell.split()[1]] = (r, c)
        return heights, workers

    @staticmethod
    def legal_moves(heights, workers, letter: str) -> list[tuple]:
        """(worker, from, to, build) as TextArena 0.7.4 allows them (`Santorini/env.py` `_get_valid_moves`)."""
        occupied = set(workers.values())
        moves = []
        for worker in sorted(workers):
            if worker[0] != letter:
                continue
            r, c = workers[worker]
            for dr, dc in KING:
                tr, tc = r + dr, c + dc
                if (
                    not (0 <= tr < 5 and 0 <= tc < 5)
                    or (tr, tc) in occupied
                    or heights[tr][tc] == 4
                    or heights[tr][tc] - heights[r][c] > 1
                ):
                    continue
                for br, bc in KING:
                    br, bc = tr + br, tc + bc
                    if (
                        0 <= br < 5
                        and 0 <= bc < 5
                        and heights[br][bc] < 4
                        and ((br, bc) == (r, c) or (br, bc) not in occupied)
                    ):
                        moves.append((worker, (r, c), (tr, tc), (br, bc)))
        return moves

    @staticmethod
    def format(move) -> str:
        worker, *cells = move
        return "[" + worker + "".join(f"{chr(65 + r)}{c + 1}" for r, c in cells) + "]"

    @staticmethod
    def letter(transcript) -> str:
        return re.search(r"You are playing (Navy|White|Grey)", transcript.prompt).group(1)[0]

    def random_move(self, transcript, rng):
        heights, workers = self.board(transcript)
        return self.format(rng.choice(self.legal_moves(heights, workers, self.letter(transcript))))

    def expert_move(self, transcript):
        """One ply: climb to level 3 when possible; otherwise never leave an opponent a step onto level 3, and
        prefer high workers, climbable builds beside them and low opponents."""
        heights, workers = self.board(transcript)
        me = self.letter(transcript)
        moves = self.legal_moves(heights, workers, me)

        def score(indexed):
            index, (worker, source, (tr, tc), (br, bc)) = indexed
            if heights[tr][tc] == 3:
                return INFINITE, -index
            after = [row[:] for row in heights]
            after[br][bc] += 1
            placed = dict(workers, **{worker: (tr, tc)})
            occupied = set(placed.values())
            value = 0.0
            for name, (r, c) in placed.items():
                h = after[r][c]
                climbs = [
                    after[r + dr][c + dc]
                    for dr, dc in KING
                    if 0 <= r + dr < 5
                    and 0 <= c + dc < 5
                    and (r + dr, c + dc) not in occupied
                    and after[r + dr][c + dc] < 4
                    and after[r + dr][c + dc] - h <= 1
                ]
                if name[0] != me and h == 2 and 3 in climbs:
                    return -INFINITE, -index  # that opponent steps onto level 3 next
                worth = 10 * h + sum(1 + height for height in climbs if height >= h) + (0 if climbs else -20)
                value += worth if name[0] == me else -worth
            return value, -index

        _, best = max(enumerate(moves), key=score)
        return self.format(best)


# --- Stratego: hidden armies ---

STRATEGO_RANKS = {
    "Flag": 0,
    "Spy": 1,
    "Scout": 2,
    "Miner": 3,
    "Sergeant": 4,
    "Lieutenant": 5,
    "Captain": 6,
    "Major": 7,
    "Colonel": 8,
    "General": 9,
    "Marshal": 10,
    "Bomb": 11,
}
STRATEGO_NAMES = {
    "FL": "Flag",
    "BM": "Bomb",
    "SP": "Spy",
    "SC": "Scout",
    "MN": "Miner",
    "SG": "Sergeant",
    "LT": "Lieutenant",
    "CP": "Captain",
    "MJ": "Major",
    "CL": "Colonel",
    "GN": "General",
    "MS": "Marshal",
}
# Stratego's army, the rules the prompt states (every TextArena 0.7.4 army has these 40 pieces)
STRATEGO_ARMY = {
    "Flag": 1,
    "Bomb": 6,
    "Spy": 1,
    "Scout": 8,
    "Miner": 5,
    "Sergeant": 4,
    "Lieutenant": 4,
    "Captain": 4,
    "Major": 3,
    "Colonel": 2,
    "General": 1,
    "Marshal": 1,
}
# what a piece is worth to its side: the flag is the game, the Spy and Miners more than their ranks
STRATEGO_VALUES = {
    "Flag": 50.0,
    "Bomb": 1.0,
    "Spy": 3.0,
    "Scout": 1.0,
    "Miner": 3.0,
    "Sergeant": 2.0,
    "Lieutenant": 3.0,
    "Captain": 4.0,
    "Major": 5.0,
    "Colonel": 6.0,
    "General": 8.0,
    "Marshal": 10.0,
}
# An own piece lost in a battle counts twice its value, more as the army's movable pieces dwindle: a side left
# without them loses. Against random play on the 4 shipped boards and 12 reseeded ones the expert lost 1 of the 16
# games without the reserve (2 valuing the Flag at 100), none with it (and drew 1 of 48).
STRATEGO_RISK = 2.0
STRATEGO_RESERVE = 10.0
STRATEGO_BOARD = re.compile(r"Current Board:\s*\n\s*0(?:\s+\d)+\s*\n((?:[A-J] .*\n?){10})")
STRATEGO_MOVE = re.compile(
    r"(You have|Player \d has) moved (?:your|a) piece from ([A-J]\d) to ([A-J]\d)\."
    r"(?: The attacking piece was (\w+) and the destination piece was (\w+)\.)?"
)


def stratego_battle(attacker: str, defender: str) -> int:
    """1 when the attacker wins, 0 when both pieces fall, -1 when the defender wins (TextArena 0.7.4's rules)."""
    if attacker == defender:
        return 0
    if defender == "Bomb":
        return 1 if attacker == "Miner" else -1
    if defender == "Flag" or (attacker == "Spy" and defender == "Marshal"):
        return 1
    return 1 if STRATEGO_RANKS[attacker] > STRATEGO_RANKS[defender] else -1


def _square(name: str) -> tuple[int, int]:
    return ord(name[0]) - 65, int(name[1])


class Stratego(GamePlayers):
    """Random: an offered move (the context offers the legal moves, `Available Moves:`, every turn).

    Expert (`material`): follows the opponent's pieces through the move and battle messages it still sees, knowing
    which have moved (no Bomb, no Flag) and the ranks battles revealed; scores each offered move by the expected
    material of its battle over the ranks the attacked piece can have (its army's counts), or else by how much closer
    it brings the piece to the nearest opponent piece it expects to beat, less what a known stronger neighbour
    threatens; draws among equal moves."""

    game = "ta_stratego"
    recognizes = re.compile(r"You are Player \d in Stratego")
    has_expert = True
    expert_name = "material"
    expert_bar = 100.0  # as the model against the random reference; in self-play 3 of the 4 games reach the cap

    def random_move(self, transcript, rng):
        # TextArena 0.7.4 misses Player 0's win when Player 1 has no movable piece left (`_check_winner` returns
        # the winner's id, 0 being falsy) and has no rule for a player whose pieces are all blocked: the player
        # on turn is then offered no move at all, and whatever it says is an invalid move.
        if not offered_moves(transcript.last):
            return "I have no legal move left."
        return super().random_move(transcript, rng)

    @staticmethod
    def board(transcript: Transcript) -> list[list[str]]:
        """The latest board: own pieces by name, `?` an opponent's piece, `.` empty, `~` lake."""
        rows = last_match(STRATEGO_BOARD, transcript.text).group(1).splitlines()
        return [[STRATEGO_NAMES.get(cell, cell) for cell in row.split()[1:]] for row in rows]

    @staticmethod
    def opponents(transcript: Transcript, board: list[list[str]]) -> dict[tuple[int, int], tuple[str | None, bool]]:
        """Each opponent piece on the board: (its rank if a battle showed it, whether it has moved), as far as the
        messages still in view tell."""
        known = {}
        for mover, source, target, attacker, defender in STRATEGO_MOVE.findall(transcript.text):
            source, target = _square(source), _square(target)
            if mover == "You have":  # an own move: a battle the opponent's piece won shows its rank
                if attacker and stratego_battle(attacker, defender) < 0:
                    known[target] = (defender, known.get(target, (None, False))[1])
                else:
                    known.pop(target, None)
            else:
                rank, _ = known.pop(source, (None, True))
                if not attacker:
                    known[target] = (rank, True)
                elif stratego_battle(attacker, defender) > 0:
                    known[target] = (attacker, True)
        return {(r, c): known.get((r, c), (None, False)) for r in range(10) for c in range(10) if board[r][c] == "?"}

    @staticmethod
    def rank_chances(enemies: dict) -> dict[tuple[int, int], dict[str, float]]:
        """For each opponent piece, the chance of each rank: a revealed rank for sure; a piece seen moving is one of
        the army's movable pieces in their counts; the unmoved ones share the Bombs not revealed and the Flag, the
        more so the fewer they are, and the movable ranks in their counts."""
        movable = {name: count for name, count in STRATEGO_ARMY.items() if name not in ("Bomb", "Flag")}
        movable_total = sum(movable.values())
        moved = {name: count / movable_total for name, count in movable.items()}
        unmoved_count = sum(1 for rank, has_moved in enemies.values() if rank is None and not has_moved)
        bombs = max(0, STRATEGO_ARMY["Bomb"] - sum(rank == "Bomb" for rank, _ in enemies.values()))
        unmoved = {}
        if unmoved_count:
            flag = 1 / unmoved_count
            bomb = min(bombs, unmoved_count - 1) / unmoved_count
            unmoved = {
                "Flag": flag,
                "Bomb": bomb,
                **{name: (1 - flag - bomb) * chance for name, chance in moved.items()},
            }
        return {
            square: {rank: 1.0} if rank else moved if has_moved else unmoved
            for square, (rank, has_moved) in enemies.items()
        }

    @staticmethod
    def attack_value(mine: str, chances: dict[str, float], risk: float) -> float:
        """The material an attack by `mine` expects to win over the ranks the attacked piece can have, a loss
        counted `risk` times; what a battle with an unknown piece reveals counts a little."""
        value = 0.0
        for name, chance in chances.items():
            outcome = stratego_battle(mine, name)
            value += chance * (
                STRATEGO_VALUES[name]
                if outcome > 0
                else STRATEGO_VALUES[name] - STRATEGO_VALUES[mine]
                if outcome == 0
                else -risk * STRATEGO_VALUES[mine]
            )
        return value + (0.5 if len(chances) > 1 else 0.0)

    def expert_move(self, transcript):
        moves = offered_moves(transcript.last)
        if not moves:
            return "I have no legal move left."
        board = self.board(transcript)
        enemies = self.opponents(transcript, board)
        chances = self.rank_chances(enemies)
        movable = sum(piece in STRATEGO_VALUES and piece not in ("Bomb", "Flag") for row in board for piece in row)
        risk = STRATEGO_RISK + STRATEGO_RESERVE / max(movable, 1)
        rng = transcript.rng()

        def distances(piece: str) -> dict[tuple[int, int], int]:
            """Steps from every square to the nearest opponent piece `piece` expects to beat (lakes block)."""
            targets = [square for square, odds in chances.items() if self.attack_value(piece, odds, risk) > 0]
            return _distances(
                targets,
                lambda square: 0 <= square[0] < 10 and 0 <= square[1] < 10 and board[square[0]][square[1]] != "~",
            )

        cache = {}

        def score(move: str) -> float:
            source, target = _square(move[1:3]), _square(move[4:6])
            piece = board[source[0]][source[1]]
            if target in enemies:
                return self.attack_value(piece, chances[target], risk)
            distance = cache.setdefault(piece, distances(piece))
            value = 0.3 * (distance.get(source, 20) - distance.get(target, 20))
            for dr, dc in ORTHOGONAL:
                rank, _ = enemies.get((target[0] + dr, target[1] + dc), ("", False))
                if rank and stratego_battle(rank, piece) > 0:
                    value -= STRATEGO_VALUES[piece]
            return value + 0.01 * rng.random()

        return max(moves, key=score)


# --- Snake and Surround: simultaneous moves on a grid ---

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}  # on the board as printed
SURROUND_POCKET = 10
GRID = re.compile(r"\+-+\+\n((?:\| .* \|\n)+)\+-+\+")


def _grid(transcript: Transcript) -> list[list[str]]:
    """The latest board as printed (top row first; TextArena's 'up' is towards the top)."""
    return [line[2:-2].split() for line in last_match(GRID, transcript.text).group(1).splitlines()]


def _free(grid, cell) -> bool:
    r, c = cell
    return 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] in (".", "A")


class GridRace(GamePlayers):
    """Snake and Surround. Random: a uniformly drawn direction that does not run into a wall, a trail or a body
    (any direction when all four do). Expert (`flood_fill`): a safe direction with the most room behind it (in
    Surround, while it shares a region with an opponent, the cells it reaches first), away from other heads;
    Snake's then heads for the nearest apple."""

    has_expert = True
    expert_name = "flood_fill"
    me_pattern: re.Pattern
    seeks_apples = False

    def situation(self, transcript):
        grid = _grid(transcript)
        head = format(int(self.me_pattern.search(transcript.prompt).group(1)), "X")
        me = next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell == head)
        others = [
            (r, c)
            for r, row in enumerate(grid)
            for c, cell in enumerate(row)
            if cell not in (".", "#", "A") and (r, c) != me
        ]
        return grid, me, others

    def random_move(self, transcript, rng):
        grid, (r, c), _ = self.situation(transcript)
        safe = [name for name, (dr, dc) in DIRECTIONS.items() if _free(grid, (r + dr, c + dc))]
        return f"[{rng.choice(safe or list(DIRECTIONS))}]"

    def expert_move(self, transcript):
        grid, (r, c), others = self.situation(transcript)
        contested = {(orow + dr, ocol + dc) for orow, ocol in others for dr, dc in ORTHOGONAL}
        apples = [(ar, ac) for ar, row in enumerate(grid) for ac, cell in enumerate(row) if cell == "A"]
        needed = 2 + sum(cell == "#" for row in grid for cell in row)  # room a grown snake's body needs

        def score(name):
            dr, dc = DIRECTIONS[name]
            target = (r + dr, c + dc)
            if not _free(grid, target):
                return -1, 0, 0, 0, 0
            grid[r][c] = "#"  # Surround leaves a trail; a grown snake's neck stays too
            free = functools.partial(_free, grid)
            mine = _distances([target], free)
            theirs = _distances([cell for cell in contested if free(cell) and cell != target], free)
            hugging = -sum(_free(grid, (target[0] + dr, target[1] + dc)) for dr, dc in ORTHOGONAL)
            grid[r][c] = "."
            safe_from_heads = 0 if target in contested else 1
            if self.seeks_apples:  # a snake's body follows it: it keeps away from walls and corners
                # the room left whichever cell an opponent's head steps onto next (moves are simultaneous)
                grid[r][c] = "#"
                room = len(mine)
                for cell in contested:
                    if cell != target and _free(grid, cell):
                        kept = grid[cell[0]][cell[1]]
                        grid[cell[0]][cell[1]] = "#"
                        room = min(room, len(_distances([target], free)))
                        grid[cell[0]][cell[1]] = kept
                grid[r][c] = "."
                apple = min((abs(target[0] - ar) + abs(target[1] - ac) for ar, ac in apples), default=0)
                return 1, min(room, needed), safe_from_heads, -apple, -hugging
            if any(cell in mine for cell in theirs):  # sharing a region: the cells I reach first
                room = sum(distance < theirs.get(cell, INFINITE) for cell, distance in mine.items())
            else:  # alone: fill the region, along its walls
                room = len(mine)
            # a head-on crash kills both: risked only when the other ways lead into a pocket of a few cells
            return 1, min(len(mine), SURROUND_POCKET), safe_from_heads, room, hugging

        return f"[{max(DIRECTIONS, key=score)}]"


def _distances(starts, passable: Callable[[tuple[int, int]], bool]) -> dict:
    """Steps from the nearest of `starts` to every cell reachable from them through cells that are `passable`."""
    distance = {start: 0 for start in starts}
    queue = deque(starts)
    while queue:
        r, c = queue.popleft()
        for dr, dc in ORTHOGONAL:
            cell = (r + dr, c + dc)
            if cell not in distance and passable(cell):
                distance[cell] = distance[(r, c)] + 1
                queue.append(cell)
    return distance


class Snake(GridRace):
    game = "ta_snake"
    recognizes = re.compile(r"-Player Snake on a \d+×\d+ grid")
    me_pattern = re.compile(r"You control snake (\d+)")
    seeks_apples = True


class Surround(GridRace):
    """Against a single opponent the expert looks one simultaneous round ahead: the direction whose worst case
    over the opponent's replies leaves it the most room compared with the opponent's."""

    game = "ta_surround"
    recognizes = re.compile(r"-Player Surround on a \d+x\d+ grid")
    me_pattern = re.compile(r"You are player (\d+)\.")

    def expert_move(self, transcript):
        grid, me, others = self.situation(transcript)
        if len(others) != 1:
            return super().expert_move(transcript)
        them = others[0]

        def targets(head):
            return {
                name: (head[0] + dr, head[1] + dc)
                for name, (dr, dc) in DIRECTIONS.items()
                if _free(grid, (head[0] + dr, head[1] + dc))
            }

        mine, theirs = targets(me), targets(them)
        if not mine:
            return "[up]"

        def outcome(my_cell, their_cell) -> float:
            if my_cell == their_cell:
                return -INFINITE / 2  # both crash: a draw
            position = [row[:] for row in grid]
            position[me[0]][me[1]] = position[them[0]][them[1]] = "#"
            position[my_cell[0]][my_cell[1]] = position[their_cell[0]][their_cell[1]] = "H"
            free = functools.partial(_free, position)
            my_reach = _distances([cell for cell in _neighbours(my_cell) if free(cell)], free)
            their_reach = _distances([cell for cell in _neighbours(their_cell) if free(cell)], free)
            if not my_reach:
                return -INFINITE
            if not their_reach:
                return INFINITE / 4
            if any(cell in their_reach for cell in my_reach):  # shared region: cells each reaches first
                return sum(d < their_reach.get(cell, INFINITE) for cell, d in my_reach.items()) - sum(
                    d < my_reach.get(cell, INFINITE) for cell, d in their_reach.items()
                )
            return 10.0 * (len(my_reach) - len(their_reach))

        def worst(name):
            return min((outcome(mine[name], their_cell) for their_cell in theirs.values()), default=INFINITE)

        return f"[{max(mine, key=worst)}]"


def _neighbours(cell) -> list[tuple[int, int]]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in ORTHOGONAL]


GAMES = [SimpleTak(), Tak(), Santorini(), Stratego(), Snake(), Surround()]
