"""Players for the small two-player board games: Tic Tac Toe and its Reverse, Wild, Quantum and Ultimate variants,
Connect Four, Nim, Chopsticks and the Memory Game.

Every player rebuilds the position from the context text (the latest board, or the move messages TextArena
broadcasts to both seats) and computes the legal moves itself, so the random player never breaks a rule.
"""

import functools
import re

from ta_players.base import GamePlayers, Transcript, last_match

# ---------------------------------------------------------------------------------------------------------------
# Tic Tac Toe family (3x3): exact minimax over the whole game tree, memoised per position.
# ---------------------------------------------------------------------------------------------------------------

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))
TIC_TAC_TOE_BOARD = re.compile(r"Current Board:\n\n((?:.*\n){4}.*)")
SEAT = re.compile(r"You are Player (\d+)")


def _seat(transcript: Transcript) -> int:
    return int(SEAT.search(transcript.prompt).group(1))


def _tic_tac_toe_board(transcript: Transcript) -> str:
    """The latest 3x3 board as nine characters: 'X', 'O' or '.' for an empty (numbered) cell."""
    rows = last_match(TIC_TAC_TOE_BOARD, transcript.text).group(1).split("\n")[::2]
    cells = [cell.strip() for row in rows for cell in row.split("|")]
    return "".join(cell if cell in ("X", "O") else "." for cell in cells)


def _completes_line(board: str, cell: int, mark: str) -> bool:
    return any(all(board[i] == mark for i in line) for line in LINES_THROUGH[cell])


class _TicTacToeRules:
    """One 3x3 placement game: the moves of the player to move and what a move decides. Values are from the
    mover's view: `_value` is the minimax score (win sooner = higher), `_against_random` the expected result
    (1 win, 0.5 draw, 0 loss) of the best minimax move against a uniformly random opponent, the tie-break that
    makes a drawn game hard for a weak opponent."""

    def moves(self, board: str, mark: str) -> list[tuple[int, str]]:
        """(cell, mark placed) pairs."""
        raise NotImplementedError

    def outcome(self, board: str, cell: int, mark: str) -> int | None:
        """After `mark` went to `cell` on `board` (already placed): +1 the mover won, -1 lost, 0 draw, None on."""
        raise NotImplementedError

    @staticmethod
    def other(mark: str) -> str:
        return "O" if mark == "X" else "X"

    def children(self, board: str, mark: str):
        for cell, placed in self.moves(board, mark):
            child = board[:cell] + placed + board[cell + 1 :]
            yield cell, placed, child, self.outcome(child, cell, placed)

    @functools.cache
    def value(self, board: str, mark: str) -> int:
        best = -100
        for _, _, child, result in self.children(board, mark):
            score = self._score(child, result) if result is not None else -self.value(child, self.other(mark))
            best = max(best, score)
        return best

    @staticmethod
    def _score(child: str, result: int) -> int:
        return result * (10 - child.count("."))  # an earlier win scores higher, an earlier loss lower

    def best_moves(self, board: str, mark: str) -> list[tuple[int, str, str, int | None]]:
        scored = [
            (
                self._score(child, result) if result is not None else -self.value(child, self.other(mark)),
                (cell, placed, child, result),
            )
            for cell, placed, child, result in self.children(board, mark)
        ]
        best = max(score for score, _ in scored)
        return [move for score, move in scored if score == best]

    @functools.cache
    def against_random(self, board: str, mark: str) -> float:
        """Expected result for the expert to move at `board` when the opponent plays uniformly at random."""
        return max(self._expected(child, result, mark) for _, _, child, result in self.best_moves(board, mark))

    def _expected(self, child: str, result: int | None, mark: str) -> float:
        if result is not None:
            return (result + 1) / 2
        replies = list(self.children(child, self.other(mark)))
        return sum(
            (1 - result) / 2 if result is not None else self.against_random(grandchild, mark)
            for _, _, grandchild, result in replies
        ) / len(replies)

    def expert(self, board: str, mark: str, rng) -> tuple[int, str]:
        """A minimax move with the best chances against a random opponent; `rng` picks among equals, so that
        reference games differ between instances."""
        scored = [
            (round(self._expected(child, result, mark), 9), cell, placed)
            for cell, placed, child, result in self.best_moves(board, mark)
        ]
        best = max(expected for expected, _, _ in scored)
        _, cell, placed = rng.choice([move for move in scored if move[0] == best])
        return cell, placed


class _Classic(_TicTacToeRules):
    def moves(self, board, mark):
        return [(cell, mark) for cell in range(9) if board[cell] == "."]

    def outcome(self, board, cell, mark):
        if _completes_line(board, cell, mark):
            return 1
        return 0 if "." not in board else None


class _Reverse(_Classic):
    def outcome(self, board, cell, mark):
        if _completes_line(board, cell, mark):
            return -1
        return 0 if "." not in board else None


class _Wild(_Classic):
    """Either player may place either mark; whoever completes a line of either mark wins."""

    def moves(self, board, mark):
        return [(cell, placed) for cell in range(9) if board[cell] == "." for placed in ("X", "O")]

    def other(self, mark):
        return mark  # the mover's own mark does not matter: positions depend on the board alone


CLASSIC, REVERSE, WILD = _Classic(), _Reverse(), _Wild()


class TicTacToe(GamePlayers):
    game = "ta_tic_tac_toe"
    recognizes = re.compile(r"You are Player \d+ in Tic Tac Toe\.")
    has_expert = True
    expert_name = "minimax"
    rules = CLASSIC

    @staticmethod
    def mark(transcript: Transcript) -> str:
        # TextArena 0.7.4: Player 0 is 'O' and moves first, Player 1 is 'X'
        return "X" if _seat(transcript) == 1 else "O"

    def random_move(self, transcript, rng):
        board = _tic_tac_toe_board(transcript)
        cell, _ = rng.choice(self.rules.moves(board, self.mark(transcript)))
        return f"[{cell}]"

    def expert_move(self, transcript):
        cell, _ = self.rules.expert(_tic_tac_toe_board(transcript), self.mark(transcript), transcript.rng())
        return f"[{cell}]"


class ReverseTicTacToe(TicTacToe):
    game = "ta_reverse_tic_tac_toe"
    recognizes = re.compile(r"in a game of Reverse Tic Tac Toe")
    rules = REVERSE


class WildTicTacToe(GamePlayers):
    game = "ta_wild_tic_tac_toe"
    recognizes = re.compile(r"You are Player \d+ in Wild Tic Tac Toe")
    has_expert = True
    expert_name = "minimax"

    def random_move(self, transcript, rng):
        cell, mark = rng.choice(WILD.moves(_tic_tac_toe_board(transcript), "X"))
        return f"[{mark} {cell}]"

    def expert_move(self, transcript):
        cell, mark = WILD.expert(_tic_tac_toe_board(transcript), "X", transcript.rng())
        return f"[{mark} {cell}]"


# ---------------------------------------------------------------------------------------------------------------
# Nim: the nim-sum (xor of the piles) is zero after every move of the winner (normal play: last object wins).
# ---------------------------------------------------------------------------------------------------------------

PILES = re.compile(r"Current Pile:\n((?:\s*pile \d+: \d+\n?)+)")


class Nim(GamePlayers):
    game = "ta_nim"
    recognizes = re.compile(r"Welcome to Nim, Player")
    has_expert = True
    expert_name = "nim_sum"

    @staticmethod
    def piles(transcript: Transcript) -> list[int]:
        return [int(size) for size in re.findall(r"pile \d+: (\d+)", last_match(PILES, transcript.text).group(1))]

    def random_move(self, transcript, rng):
        piles = self.piles(transcript)
        pile, quantity = rng.choice(
            [(pile, quantity) for pile, size in enumerate(piles) for quantity in range(1, size + 1)]
        )
        return f"[{pile} {quantity}]"

    def expert_move(self, transcript):
        piles = self.piles(transcript)
        nim_sum = 0
        for size in piles:
            nim_sum ^= size
        rng = transcript.rng()  # draws among equal moves, so that reference games differ between instances
        winning = [(pile, size - (size ^ nim_sum)) for pile, size in enumerate(piles) if size ^ nim_sum < size]
        if winning:
            pile, quantity = rng.choice(winning)
            return f"[{pile} {quantity}]"
        # a lost position (nim-sum zero): take one object, the longest way to lose
        pile = rng.choice([pile for pile, size in enumerate(piles) if size])
        return f"[{pile} 1]"


# ---------------------------------------------------------------------------------------------------------------
# Connect Four: alpha-beta search on bitboards with a window-counting evaluation.
# ---------------------------------------------------------------------------------------------------------------

DROP = re.compile(r"Player (\d+) dropped their disk \((\w)\) into column (\d+)\.")
C4_BOARD = re.compile(r"Board state:\n[\d ]+\n-+\n((?:[.XO](?: [.XO])*(?:\n|$))+)")
C4_SIZE = re.compile(r"The game board has (\d+) rows and (\d+) columns\.")
C4_WIN = 1_000_000
C4_WINDOW_SCORES = (0, 1, 5, 50)  # by own discs in an open window of four


class _ConnectFourSearch:
    """Bitboards in the usual column-major layout: bit `col * (rows + 1) + height`, one spare bit per column so
    that shifts never wrap from one column into the next."""

    def __init__(self, rows: int, cols: int, depth: int):
        self.rows, self.cols, self.depth = rows, cols, depth
        self.height = rows + 1
        self.bottom = [1 << (col * self.height) for col in range(cols)]
        self.column = [((1 << rows) - 1) << (col * self.height) for col in range(cols)]
        self.top = [1 << (col * self.height + rows - 1) for col in range(cols)]
        self.order = sorted(range(cols), key=lambda col: (abs(2 * col - (cols - 1)), col))
        self.windows = []
        for col in range(cols):
            for row in range(rows):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    cells = [(col + k * dc, row + k * dr) for k in range(4)]
                    if all(0 <= c < cols and 0 <= r < rows for c, r in cells):
                        self.windows.append(sum(1 << (c * self.height + r) for c, r in cells))
        self.center = self.column[cols // 2]

    def won(self, discs: int) -> bool:
        for shift in (1, self.height, self.height - 1, self.height + 1):
            pairs = discs & (discs >> shift)
            if pairs & (pairs >> (2 * shift)):
                return True
        return False

    def evaluate(self, mine: int, theirs: int) -> int:
        key = (mine, theirs)
        if key in self.evaluated:  # leaves repeat: the same discs are reached in different move orders
            return self.evaluated[key]
        score = 3 * ((mine & self.center).bit_count() - (theirs & self.center).bit_count())
        weights = C4_WINDOW_SCORES
        for window in self.windows:
            own, other = window & mine, window & theirs
            if not other:
                score += weights[own.bit_count()]
            elif not own:
                score -= weights[other.bit_count()]
        self.evaluated[key] = score
        return score

    def moves(self, occupied: int) -> list[tuple[int, int]]:
        """(column, bit of the disc it would drop) for every column with room, centre first."""
        return [
            (col, (occupied + self.bottom[col]) & self.column[col])
            for col in self.order
            if not occupied & self.top[col]
        ]

    def negamax(self, mine: int, theirs: int, depth: int, alpha: int, beta: int) -> int:
        occupied = mine | theirs
        moves = self.moves(occupied)
        if not moves:
            return 0
        for _, disc in moves:
            if self.won(mine | disc):
                return C4_WIN + depth  # sooner wins score higher
        threats = [(col, disc) for col, disc in moves if self.won(theirs | disc)]
        if len(threats) > 1:
            return -C4_WIN - depth + 1  # two open threats: one of them wins next move
        if depth == 0:
            return self.evaluate(mine, theirs)
        if threats:
            moves = threats  # the only move that does not lose at once: no need to search the others
        best = -C4_WIN * 2
        for _, disc in moves:
            score = -self.negamax(theirs, mine | disc, depth - 1, -beta, -alpha)
            if score > best:
                best = score
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        return best

    def best_column(self, mine: int, theirs: int) -> int:
        self.evaluated = {}
        moves = self.moves(mine | theirs)
        for col, disc in moves:
            if self.won(mine | disc):
                return col
        best_col, alpha = moves[0][0], -C4_WIN * 2
        for col, disc in moves:
            score = -self.negamax(theirs, mine | disc, self.depth - 1, -C4_WIN * 2, -alpha)
            if score > alpha:
                best_col, alpha = col, score
        return best_col


@functools.cache
def _connect_four_search(rows: int, cols: int) -> _ConnectFourSearch:
    # depth chosen to stay well under 50 ms a move on this machine: 6x7 and smaller search 5 plies
    return _ConnectFourSearch(rows, cols, depth=5 if rows * cols <= 42 else 3)


class ConnectFour(GamePlayers):
    game = "ta_connect_four"
    recognizes = re.compile(r"You are Player \d+ in Connect Four\.")
    has_expert = True
    expert_name = "alpha_beta"

    @staticmethod
    def position(transcript: Transcript) -> tuple[_ConnectFourSearch, int, int]:
        """The search for this board size and the discs (mine, theirs): read off the latest board, or (`-blind` shows
        none) replayed from the drop messages, which a blind game's window holds whole (its 42 drops, the others'
        replies as their moves: see docs/games/small_boards.md)."""
        rows, cols = map(int, C4_SIZE.search(transcript.prompt).groups())
        search = _connect_four_search(rows, cols)
        seat = _seat(transcript)
        discs = [0, 0]
        drawn = last_match(C4_BOARD, transcript.text)
        if drawn is not None:  # the latest board drawn (row 0 the top; Player 0 is 'X')
            grid = [line.split() for line in drawn.group(1).splitlines()[:rows]]
            for row, cells in enumerate(grid):
                for col, cell in enumerate(cells):
                    if cell in "XO":
                        discs[cell == "O"] |= 1 << (col * search.height + rows - 1 - row)
            return search, discs[seat], discs[1 - seat]
        for player, _, col in DROP.findall(transcript.text):
            col = int(col)
            discs[int(player)] |= ((discs[0] | discs[1]) + search.bottom[col]) & search.column[col]
        return search, discs[seat], discs[1 - seat]

    def random_move(self, transcript, rng):
        search, mine, theirs = self.position(transcript)
        col, _ = rng.choice(search.moves(mine | theirs))
        return f"[col {col}]"

    def expert_move(self, transcript):
        search, mine, theirs = self.position(transcript)
        return f"[col {search.best_column(mine, theirs)}]"


# ---------------------------------------------------------------------------------------------------------------
# Chopsticks: the whole game graph is small, so it is solved once by retrograde analysis.
# ---------------------------------------------------------------------------------------------------------------

HANDS = re.compile(r"Player 0: \[(\d+), (\d+)\]\nPlayer 1: \[(\d+), (\d+)\]")
# Hands hold 0-4 fingers. TextArena 0.7.4 also accepts splits into 5 or more fingers (nothing bounds L and R,
# Chopsticks/env.py:58-66); our players never make them, but the solved table covers hands of up to 8 fingers
# should an opponent (a 5 kills whatever it attacks, so more fingers change nothing).
MAX_FINGERS = 8


def _chopsticks_moves(mine: tuple[int, int], theirs: tuple[int, int]) -> list[tuple[str, tuple, tuple]]:
    """(move, mover's hands after, opponent's hands after) for every move of the standard game: attacks with a
    live hand on a live hand, and splits into 0-4 fingers per hand that change the hands (a swap counts)."""
    moves = []
    for own in (0, 1):
        for other in (0, 1):
            if mine[own] and theirs[other]:
                hit = mine[own] + theirs[other]
                after = list(theirs)
                after[other] = 0 if hit >= 5 else hit
                moves.append((f"[attack {own} {other}]", mine, tuple(after)))
    total = sum(mine)
    for left in range(max(0, total - 4), min(4, total) + 1):
        if (left, total - left) != mine:
            moves.append((f"[split {left} {total - left}]", (left, total - left), theirs))
    return moves


@functools.lru_cache(maxsize=1)
def _chopsticks_table() -> dict:
    """Position (mover's hands, opponent's hands) -> (result for the mover: 1 win, -1 loss, 0 draw, plies to the
    end). A mover with no live hand has lost."""
    hands = [(a, b) for a in range(MAX_FINGERS + 1) for b in range(MAX_FINGERS + 1)]
    positions = [(mine, theirs) for mine in hands for theirs in hands if mine != (0, 0) or theirs != (0, 0)]
    children = {
        position: [(theirs_after, mine_after) for _, mine_after, theirs_after in _chopsticks_moves(*position)]
        for position in positions
        if position[0] != (0, 0)
    }
    parents = {position: [] for position in positions}
    for position, kids in children.items():
        for kid in kids:
            parents[kid].append(position)
    table = {position: (-1, 0) for position in positions if position[0] == (0, 0)}
    unresolved = {position: len(kids) for position, kids in children.items()}
    frontier = list(table)
    while frontier:  # breadth first: every position is settled with its shortest win / longest loss
        next_frontier = []
        for position in frontier:
            result, plies = table[position]
            for parent in parents[position]:
                if parent in table:
                    continue
                if result == -1:
                    table[parent] = (1, plies + 1)
                    next_frontier.append(parent)
                else:
                    unresolved[parent] -= 1
                    if unresolved[parent] == 0:
                        table[parent] = (-1, plies + 1)
                        next_frontier.append(parent)
        frontier = next_frontier
    for position in positions:
        table.setdefault(position, (0, 0))  # neither side can force a win: play goes on to the turn limit
    return table


class Chopsticks(GamePlayers):
    game = "ta_chopsticks"
    recognizes = re.compile(r"You are Player \d+ in Chopsticks\.")
    has_expert = True
    expert_name = "solver"

    @staticmethod
    def hands(transcript: Transcript) -> tuple[tuple[int, int], tuple[int, int]]:
        """(mine, theirs) on the latest board."""
        a, b, c, d = map(int, last_match(HANDS, transcript.text).groups())
        # a split into more than 8 fingers (see MAX_FINGERS) is read as 8: it plays the same
        a, b, c, d = (min(fingers, MAX_FINGERS) for fingers in (a, b, c, d))
        return ((a, b), (c, d)) if _seat(transcript) == 0 else ((c, d), (a, b))

    def random_move(self, transcript, rng):
        move, _, _ = rng.choice(_chopsticks_moves(*self.hands(transcript)))
        return move

    def expert_move(self, transcript):
        """Win fastest, lose slowest; in a drawn position prefer the move that leaves the opponent the most
        losing replies (a random player stumbles into them)."""
        table = _chopsticks_table()

        def preference(move):
            _, mine, theirs = move
            result, plies = table[(theirs, mine)]
            if result != 0:
                return -result, result * plies
            replies = _chopsticks_moves(theirs, mine)
            return 0, sum(table[(mine_after, theirs_after)][0] == 1 for _, theirs_after, mine_after in replies) / len(
                replies
            )

        moves = _chopsticks_moves(*self.hands(transcript))
        best = max(preference(move) for move in moves)
        return transcript.rng().choice([move for move in moves if preference(move) == best])[0]


# ---------------------------------------------------------------------------------------------------------------
# Memory Game: both seats see every card turned over, so the expert simply never forgets one.
# ---------------------------------------------------------------------------------------------------------------

MEMORY_BOARD = re.compile(r"Current (?:Game )?board:\n((?:.*\S.*(?:\n|$))+)", re.I)
MEMORY_ROW = re.compile(r"^\s*(\d+)((?: \S)+)\s*$")
MEMORY_REVEALED = re.compile(r"Cards at positions \[(\d+) (\d+)\] and \[(\d+) (\d+)\] are (\S+) and (\S+) respectively")


class MemoryGame(GamePlayers):
    game = "ta_memory_game"
    recognizes = re.compile(r"You are playing the Memory Game\.")
    has_expert = True
    expert_name = "memory"

    @staticmethod
    def cards(transcript: Transcript) -> tuple[list[tuple[int, int]], dict]:
        """(the cards still face down on the latest board, in reading order; the symbols the view's messages showed
        on them). The spec's window holds a whole game's reveals (see docs/games/small_boards.md)."""
        rows = [MEMORY_ROW.match(line) for line in last_match(MEMORY_BOARD, transcript.text).group(1).splitlines()]
        # the column header (`0 1 2 3`, its indent stripped when it opens the board) is not a row
        cells = [row.group(2).split() for row in rows if row and not row.group(2).split()[0].isdigit()]
        face_down = [(r, c) for r, row in enumerate(cells) for c, cell in enumerate(row) if cell == "."]
        seen = {}
        for r1, c1, r2, c2, first, second in MEMORY_REVEALED.findall(transcript.text):
            seen[(int(r1), int(c1))], seen[(int(r2), int(c2))] = first, second
        return face_down, {card: symbol for card, symbol in seen.items() if card in face_down}

    def random_move(self, transcript, rng):
        face_down, _ = self.cards(transcript)
        (r1, c1), (r2, c2) = rng.sample(face_down, 2)
        return f"[{r1} {c1} {r2} {c2}]"

    def expert_move(self, transcript):
        """A pair already seen; else an unseen card with a seen one (its partner is among the unseen, a better
        chance than two unseen cards); else two unseen cards."""
        face_down, seen = self.cards(transcript)
        by_symbol = {}
        for card, symbol in sorted(seen.items()):
            by_symbol.setdefault(symbol, []).append(card)
        pair = next((cards for cards in by_symbol.values() if len(cards) == 2), None)
        unseen = [card for card in face_down if card not in seen]
        rng = transcript.rng()
        if pair:
            first, second = pair
        elif seen and unseen:
            first, second = rng.choice(unseen), min(seen)
        else:
            first, second = rng.sample(unseen, 2)
        return f"[{first[0]} {first[1]} {second[0]} {second[1]}]"


# ---------------------------------------------------------------------------------------------------------------
# Ultimate Tic Tac Toe: iterative-deepening alpha-beta under a node budget (deterministic, unlike a clock).
# ---------------------------------------------------------------------------------------------------------------

ULTIMATE_BOARD = re.compile(r"Current board:\n((?:.*\n?){11})")
ULTIMATE_CELL = re.compile(r"\[\d,\d\]|\b[XO]\b")
ULTIMATE_NEXT = re.compile(r"must now play in (?:micro board (\d)|any micro board)")
ULTIMATE_WIN = 10_000
ULTIMATE_NODE_BUDGET = 1_500
MACRO_WEIGHTS = (3, 2, 3, 2, 4, 2, 3, 2, 3)  # centre, corners, edges: how many lines a board lies on


class _OutOfBudget(Exception):
    pass


class _UltimatePosition:
    """81 cells (board * 9 + square, '.' empty), the state of the 9 boards ('X', 'O', 'D' full without a winner,
    '.' open) and the board the mover is sent to (None: any open board)."""

    def __init__(self, cells: str, forced: int | None):
        self.cells = cells
        self.status = [self._status(board) for board in range(9)]
        self.forced = forced if forced is not None and self.status[forced] == "." else None

    def _status(self, board: int) -> str:
        squares = self.cells[board * 9 : board * 9 + 9]
        for mark in ("X", "O"):
            if any(all(squares[i] == mark for i in line) for line in LINES):
                return mark
        return "D" if "." not in squares else "."

    def moves(self) -> list[tuple[int, int]]:
        boards = [self.forced] if self.forced is not None else [b for b in range(9) if self.status[b] == "."]
        return [(board, square) for board in boards for square in range(9) if self.cells[board * 9 + square] == "."]

    def play(self, board: int, square: int, mark: str) -> tuple[list, list, int | None, bool]:
        """Apply a move to copies, as TextArena does (a won board is filled with the winner's mark); returns
        (cells, status, forced board, whether the mover won the game)."""
        start = board * 9
        cells, status = self.cells[: start + square] + mark + self.cells[start + square + 1 :], self.status[:]
        if _completes_line(cells[start : start + 9], square, mark):
            cells = cells[:start] + mark * 9 + cells[start + 9 :]
            status[board] = mark
            if _completes_line(status, board, mark):
                return cells, status, None, True
        elif "." not in cells[board * 9 : board * 9 + 9]:
            status[board] = "D"
        return cells, status, square if status[square] == "." else None, False


def _ultimate_child(cells, status, forced) -> _UltimatePosition:
    child = _UltimatePosition.__new__(_UltimatePosition)
    child.cells, child.status, child.forced = cells, status, forced
    return child


@functools.cache
def _two_in_a_row(squares: str, mark: str) -> int:
    """Lines of a 3x3 board (9 characters) holding two of `mark` and an empty square."""
    return sum(
        1 for line in LINES if sum(squares[i] == mark for i in line) == 2 and any(squares[i] == "." for i in line)
    )


def _ultimate_evaluate(position: _UltimatePosition, me: str, them: str) -> int:
    """For the mover: won boards by their weight, two won boards on an open macro line, two-in-a-row inside
    open boards; a free choice of board is worth a little."""
    status, cells, score = position.status, position.cells, 0
    for board in range(9):
        if status[board] == me:
            score += 10 * MACRO_WEIGHTS[board]
        elif status[board] == them:
            score -= 10 * MACRO_WEIGHTS[board]
        elif status[board] == ".":
            squares = cells[board * 9 : board * 9 + 9]
            score += MACRO_WEIGHTS[board] * (_two_in_a_row(squares, me) - _two_in_a_row(squares, them))
    macro = "".join(status)
    score += 40 * (_two_in_a_row(macro, me) - _two_in_a_row(macro, them))
    return score + (5 if position.forced is None else 0)


class _UltimateSearch:
    def __init__(self):
        self.nodes = 0

    def negamax(self, position, me, them, depth, alpha, beta) -> int:
        self.nodes += 1
        if self.nodes > ULTIMATE_NODE_BUDGET:
            raise _OutOfBudget
        moves = position.moves()
        if not moves:
            return 0  # no legal move left: a draw by the rules of the game (see the notes on TextArena's stall)
        if depth == 0:
            return _ultimate_evaluate(position, me, them)
        best = -ULTIMATE_WIN * 2
        for board, square in moves:
            cells, status, forced, won = position.play(board, square, me)
            if won:
                return ULTIMATE_WIN + depth
            score = -self.negamax(_ultimate_child(cells, status, forced), them, me, depth - 1, -beta, -alpha)
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best

    def best_move(self, position, me, them) -> tuple[int, int]:
        moves = position.moves()
        best_move = moves[0]
        for depth in range(1, 10):
            try:
                scored = []
                alpha = -ULTIMATE_WIN * 2
                for board, square in moves:
                    cells, status, forced, won = position.play(board, square, me)
                    score = (
                        ULTIMATE_WIN + depth
                        if won
                        else -self.negamax(
                            _ultimate_child(cells, status, forced), them, me, depth - 1, -ULTIMATE_WIN * 2, -alpha
                        )
                    )
                    alpha = max(alpha, score)
                    scored.append((score, (board, square)))
            except _OutOfBudget:
                break
            best_score = max(score for score, _ in scored)
            best_move = next(move for score, move in scored if score == best_score)
            if best_score >= ULTIMATE_WIN:
                break
            # search the best moves first at the next depth: alpha-beta then cuts more
            moves = [move for _, move in sorted(scored, key=lambda item: -item[0])]
        return best_move


class UltimateTicTacToe(GamePlayers):
    game = "ta_ultimate_tic_tac_toe"
    recognizes = re.compile(r"You are Player \d+ in \*\*Ultimate Tic Tac Toe\*\*")
    has_expert = True
    expert_name = "alpha_beta"

    @staticmethod
    def position(transcript: Transcript) -> _UltimatePosition:
        lines = [
            line
            for line in last_match(ULTIMATE_BOARD, transcript.text).group(1).split("\n")
            if not line.startswith("-")
        ][:9]
        cells = ["."] * 81
        for index, line in enumerate(lines):
            for token_index, token in enumerate(ULTIMATE_CELL.findall(line)):
                board = (index // 3) * 3 + token_index // 3
                square = (index % 3) * 3 + token_index % 3
                cells[board * 9 + square] = "." if token.startswith("[") else token
        sent_to = last_match(ULTIMATE_NEXT, transcript.text)
        forced = int(sent_to.group(1)) if sent_to and sent_to.group(1) else None
        return _UltimatePosition("".join(cells), forced)

    # TextArena 0.7.4 declares a draw only when all nine boards are won (UltimateTicTacToe/env.py:94,131-134): once
    # every board is won or full without a line, the player on turn has no legal move and loses by two invalid
    # moves. The game master ends such a game as a draw before asking anyone; these players answer NO_MOVE.
    NO_MOVE = "[0 0]"

    def random_move(self, transcript, rng):
        moves = self.position(transcript).moves()
        if not moves:
            return self.NO_MOVE
        board, square = rng.choice(moves)
        return f"[{board} {square}]"

    def expert_move(self, transcript):
        position = self.position(transcript)
        if not position.moves():
            return self.NO_MOVE
        me = "X" if _seat(transcript) == 1 else "O"
        board, square = _UltimateSearch().best_move(position, me, "O" if me == "X" else "X")
        return f"[{board} {square}]"


# ---------------------------------------------------------------------------------------------------------------
# Quantum Tic Tac Toe: TextArena's collapse rule is deterministic, so the position is replayed from the move
# messages with the same rule and the expert looks one move ahead for itself and one for the opponent.
# ---------------------------------------------------------------------------------------------------------------

QUANTUM_PLACED = re.compile(
    r"Player (\d) placed their symbol in a superposition between cells \((\d), (\d)\) and \((\d), (\d)\)\."
)
QUANTUM_MARK = {0: "O", 1: "X"}


class _QuantumPosition:
    """TextArena 0.7.4's rule (QuantumTicTacToe/env.py:84-128), rewritten: after each move the first cycle a
    depth-first search finds (starting cells in order of first use) collapses; each of its moves, in cycle
    order, becomes a classical mark in the first of its two cells still empty (none if both are taken). Other
    spooky marks stay. Then Player 0's line is checked, then Player 1's; when both have one, Player 1 wins (the
    later `set_winner` call), whatever the prompt says about move numbers."""

    def __init__(self):
        self.board = ["."] * 9
        self.spooky = {}  # move number -> (player, cell a, cell b), in order of play
        self.moves_made = 0
        self.winner = None

    def copy(self) -> "_QuantumPosition":
        other = _QuantumPosition.__new__(_QuantumPosition)
        other.board, other.spooky = self.board[:], dict(self.spooky)
        other.moves_made, other.winner = self.moves_made, self.winner
        return other

    def legal(self) -> list[tuple[int, int]]:
        empty = [cell for cell in range(9) if self.board[cell] == "."]
        return [(a, b) for i, a in enumerate(empty) for b in empty[i + 1 :]]

    def play(self, player: int, a: int, b: int) -> None:
        self.spooky[self.moves_made] = (player, a, b)
        self.moves_made += 1
        cycle = self._first_cycle()
        if cycle is None:
            return
        for move in cycle:
            if move in self.spooky:
                owner, *cells = self.spooky.pop(move)
                empty = next((cell for cell in cells if self.board[cell] == "."), None)
                if empty is not None:
                    self.board[empty] = QUANTUM_MARK[owner]
        for player_id in (0, 1):
            if any(all(self.board[i] == QUANTUM_MARK[player_id] for i in line) for line in LINES):
                self.winner = player_id

    def linked(self) -> dict[int, int]:
        """Cell -> a representative of the cells its spooky marks connect it to (cells without one are absent)."""
        group = {}

        def root(cell):
            while group[cell] != cell:
                cell = group[cell]
            return cell

        for _, a, b in self.spooky.values():
            group.setdefault(a, a)
            group.setdefault(b, b)
            group[root(a)] = root(b)
        return {cell: root(cell) for cell in group}

    def _first_cycle(self) -> list[int] | None:
        graph = {}
        for move, (_, a, b) in self.spooky.items():
            graph.setdefault(a, []).append((b, move))
            graph.setdefault(b, []).append((a, move))

        def search(node, path, used):
            if node in path:
                return used[path.index(node) :]
            for neighbour, move in graph.get(node, ()):
                if move not in used:
                    found = search(neighbour, path + [node], used + [move])
                    if found:
                        return found
            return None

        for start in graph:
            found = search(start, [], [])
            if found:
                return found
        return None


def _quantum_position(transcript: Transcript) -> _QuantumPosition:
    position = _QuantumPosition()
    for player, r1, c1, r2, c2 in QUANTUM_PLACED.findall(transcript.text):
        position.play(int(player), int(r1) * 3 + int(c1), int(r2) * 3 + int(c2))
    return position


def _quantum_score(position: _QuantumPosition, me: int) -> int:
    """Classical two-in-a-rows with an open third cell, mine minus the opponent's, and spooky marks in the cells
    on most lines."""
    mine, theirs = QUANTUM_MARK[me], QUANTUM_MARK[1 - me]
    score = 0
    for line in LINES:
        marks = [position.board[i] for i in line]
        if theirs not in marks:
            score += 3 * marks.count(mine) ** 2
        if mine not in marks:
            score -= 3 * marks.count(theirs) ** 2
    for owner, a, b in position.spooky.values():
        weight = len(LINES_THROUGH[a]) + len(LINES_THROUGH[b])
        score += weight if owner == me else -weight
    return score


class QuantumTicTacToe(GamePlayers):
    game = "ta_quantum_tic_tac_toe"
    recognizes = re.compile(r"You are Player \d+ in Quantum Tic Tac Toe\.")
    has_expert = True
    expert_name = "lookahead"
    # TextArena 0.7.4 never ends a Quantum game without a line (no draw rule, `max_turns` unused): with fewer
    # than two empty cells the player on turn has no legal move and loses by two invalid moves. The game master
    # ends such a game as a draw before asking anyone; these players answer NO_MOVE.
    NO_MOVE = "[0,1]"

    def random_move(self, transcript, rng):
        moves = _quantum_position(transcript).legal()
        if not moves:
            return self.NO_MOVE
        a, b = rng.choice(moves)
        return f"[{a},{b}]"

    def expert_move(self, transcript):
        """A move that wins at once; else the best-scored move after which the opponent cannot win at once."""
        me = _seat(transcript)
        position = _quantum_position(transcript)
        moves = position.legal()
        if not moves:
            return self.NO_MOVE

        def outcome(move) -> tuple:
            after = position.copy()
            after.play(me, *move)
            if after.winner is not None:
                return (2 if after.winner == me else -2), 0
            linked = after.linked()
            for reply in after.legal():
                if linked.get(reply[0], -1) != linked.get(reply[1], -2):
                    continue  # a move between unlinked cells closes no cycle, so nothing collapses
                answered = after.copy()
                answered.play(1 - me, *reply)
                if answered.winner == 1 - me:
                    return -1, _quantum_score(after, me)
            # a full board without a line is a draw (see NO_MOVE): better than a loss, worse than playing on
            return 0 if after.legal() else -0.5, _quantum_score(after, me)

        scored = [(outcome(move), move) for move in moves]
        best = max(score for score, _ in scored)
        a, b = transcript.rng().choice([move for score, move in scored if score == best])
        return f"[{a},{b}]"


GAMES = [
    TicTacToe(),
    ReverseTicTacToe(),
    WildTicTacToe(),
    QuantumTicTacToe(),
    UltimateTicTacToe(),
    ConnectFour(),
    Nim(),
    Chopsticks(),
    MemoryGame(),
]
