"""Players for the core games: Minesweeper, Hangman, WordChains, Tower of Hanoi, Battleship and Three-Player Tic
Tac Toe (games/core.py)."""

import functools
import re
from collections import Counter

from ta_players.base import GamePlayers, Transcript, exchanges, last_match, own_moves, seat_of
from ta_players.words import BRACKETED, word_lists


def _by_start(vocabulary) -> dict[tuple[str, int], list[str]]:
    by_start = {}
    for word in sorted(set(vocabulary)):
        by_start.setdefault((word[0], len(word)), []).append(word)
    return by_start


@functools.lru_cache(maxsize=1)
def english_words() -> dict[tuple[str, int], list[str]]:
    """NLTK's `words` corpus, lower-cased, by (first letter, length): the vocabulary any English speaker has.
    Loaded once per process, on first use."""
    from nltk.corpus import words

    return _by_start(word.lower() for word in words.words() if word.isalpha())


@functools.lru_cache(maxsize=1)
def dictionary_words() -> dict[tuple[str, int], list[str]]:
    """The words NLTK's `words` corpus writes in lower case, by (first letter, length): the corpus capitalises proper
    nouns, which TextArena 0.7.4's WordChains dictionary rejects (`EnglishDictionary(keep_proper_nouns=False)`),
    and accepts every other word of it."""
    from nltk.corpus import words

    return _by_start(word for word in words.words() if word.isalpha() and word.islower())


class WordChains(GamePlayers):
    """Random: any unused word of the corpus with the right start and length, proper nouns too (an invalid word).
    Expert (`strander`): a lower-case corpus word, the one whose last letter leaves the opponent the fewest unused
    words one letter longer (none: the opponent cannot answer)."""

    game = "ta_word_chains"
    recognizes = re.compile(r"in the Word Chains Game")
    has_expert = True
    expert_name = "strander"
    expert_bar = 100.0  # as the model against the random reference; in self-play the strander ends chains early

    @staticmethod
    def rule_and_used(transcript) -> tuple[str, int, set[str]]:
        """The start letter and length the next word needs, and the words played so far."""
        rule = last_match(r"Start with '(\w)'\s+2\. Be exactly (\d+) letters long", transcript.text)
        used = set(re.findall(r"\[(\w+)\]", transcript.text.lower())) | {
            reply.strip("[] ").lower() for reply in transcript.replies
        }
        return rule.group(1).lower(), int(rule.group(2)), used

    def random_move(self, transcript, rng):
        start, length, used = self.rule_and_used(transcript)
        candidates = [word for word in english_words().get((start, length), []) if word not in used]
        return f"[{rng.choice(candidates) if candidates else start * length}]"

    def expert_move(self, transcript):
        start, length, used = self.rule_and_used(transcript)
        words = dictionary_words()
        candidates = [word for word in words.get((start, length), []) if word not in used]
        if not candidates:
            return f"[{start * length}]"
        answers = {
            letter: sum(word not in used for word in words.get((letter, length + 1), []))
            for letter in {word[-1] for word in candidates}
        }
        return f"[{min(candidates, key=lambda word: (answers[word[-1]], word))}]"


BATTLESHIP_FLEET = [5, 4, 3, 3, 2]  # TextArena 0.7.4's ships (`Battleship/env.py` `self.ships`), every grid size


class Battleship(GamePlayers):
    game = "ta_battleship"
    recognizes = re.compile(r"You are playing the Battleship game")
    has_expert = True
    expert_name = "hunt_target"

    @staticmethod
    def shots(transcript) -> list[list[str]]:
        """The latest view of the opponent's board: '~' not fired on, 'X' hit, 'O' miss. TextArena 0.7.4 sends the
        board as a board observation only once, with its prompt; every later board comes inside the message on a
        shot ("... Your updated board:"), and the view leaves the first board out once such messages arrive (the full
        view keeps it in the first context): the newest board is the one in the newest such message, else the
        first board."""
        text = transcript.last
        updated = text.rfind("Your updated board:")
        board_start = re.compile(r"Your Ships\s+Your Hits on Opponent[ \t]*\n").search(text, max(updated, 0)).end()
        header, *rows = text[board_start:].splitlines()
        size = len(header.split()) // 2
        grid = []
        for row in rows:
            cells = row.split()
            if len(cells) != 2 * size + 2 or not cells[0].isalpha():
                break
            grid.append(cells[size + 2 :])
        return grid

    def random_move(self, transcript, rng):
        """A cell of the opponent's board not fired on yet, read from the latest board shown."""
        open_cells = [
            f"{chr(65 + r)}{c}"
            for r, row in enumerate(self.shots(transcript))
            for c, cell in enumerate(row)
            if cell == "~"
        ]
        return f"[{rng.choice(open_cells)}]"

    def expert_move(self, transcript):
        """Hunt and target by placement density: every way the ships still afloat fit between the misses and the
        sunk ships counts for the open cells it covers, a hundredfold per unsunk hit it explains."""
        grid = self.shots(transcript)
        size = len(grid)
        sunk_cells, afloat = _sunk_ships(grid, transcript)
        density = {}
        for length in afloat:
            for r in range(size):
                for c in range(size):
                    for dr, dc in ((0, 1), (1, 0)):
                        cells = [(r + i * dr, c + i * dc) for i in range(length)]
                        if (
                            cells[-1][0] >= size
                            or cells[-1][1] >= size
                            or any(grid[x][y] == "O" or (x, y) in sunk_cells for x, y in cells)
                        ):
                            continue
                        hits = sum(grid[x][y] == "X" for x, y in cells)
                        for x, y in cells:
                            if grid[x][y] == "~":
                                density[(x, y)] = density.get((x, y), 0) + 100**hits
        if not density:  # the bookkeeping of sunk ships went wrong: any open cell adjacent to a hit, else any
            density = {
                (r, c): 1
                + sum(
                    grid[r + dr][c + dc] == "X"
                    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < size and 0 <= c + dc < size
                )
                for r in range(size)
                for c in range(size)
                if grid[r][c] == "~"
            }
        r, c = max(sorted(density), key=lambda cell: (density[cell], (cell[0] + cell[1]) % 2 == 0))
        return f"[{chr(65 + r)}{c}]"


def _sunk_ships(grid, transcript) -> tuple[set, list[int]]:
    """The cells of the ships sunk so far and the lengths still afloat, as far as the view reaches back. A sinking
    is reported after the shot; the shot's cell comes from the player's own move (`[Player N] [C12]`), because
    TextArena 0.7.4 cuts the reported coordinate to two characters (`Battleship/env.py` `match.group()[1:3]`: [C12]
    is reported as C1). The sunk ship is the longest run of unassigned hits through that cell (a guess when ships
    touch). Sinkings older than the view's window are not seen: their hits count as unsunk."""
    size = len(grid)
    sunk_cells, afloat = set(), list(BATTLESHIP_FLEET)
    for move, outcome in exchanges(transcript, f"Player {seat_of(transcript)}"):
        shot = re.search(r"\[([A-Za-z])(\d+)\]", move)
        if not shot or "Sunk! You sunk a ship" not in outcome:
            continue
        r, c = ord(shot.group(1).upper()) - 65, int(shot.group(2))
        runs = []
        for dr, dc in ((0, 1), (1, 0)):
            run = [(r, c)]
            for sign in (1, -1):
                x, y = r + sign * dr, c + sign * dc
                while 0 <= x < size and 0 <= y < size and grid[x][y] == "X" and (x, y) not in sunk_cells:
                    run.append((x, y))
                    x, y = x + sign * dr, y + sign * dc
            runs.append(run)
        run = max(runs, key=len)
        length = min((length for length in afloat if length <= len(run)), key=lambda n: len(run) - n, default=None)
        if length is None:
            continue
        # keep the `length` cells of the run nearest the shot
        run.sort(key=lambda cell: abs(cell[0] - r) + abs(cell[1] - c))
        sunk_cells.update(run[:length])
        afloat.remove(length)
    return sunk_cells, afloat


MINESWEEPER_BOARD = re.compile(r"Board:\n\n( +\d[\d ]*\n(?:[ \d]\d(?: +[.\d*])+ *(?:\n|$))+)")
MINE_HIT = re.compile(r"You hit a mine at \((\d+), (\d+)\)")
NEIGHBOURS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
# TextArena's Minesweeper variants put mines on 16-21% of the cells; the prompt does not say how many.
MINE_DENSITY = 0.2


class Minesweeper(GamePlayers):
    game = "ta_minesweeper"
    recognizes = re.compile(r"You are playing the Minesweeper game")
    has_expert = True
    # When no cell is proven safe the expert must guess: it clears every shipped board but one of `hard`
    # (97.7 overall; 90.8 on hard).

    @staticmethod
    def board(transcript: Transcript) -> list[list[str]]:
        """The latest board, one string per cell: a digit, or '.' for an unrevealed cell."""
        _, *rows = last_match(MINESWEEPER_BOARD, transcript.text).group(1).strip("\n").split("\n")
        return [row.split()[1:] for row in rows]

    def random_move(self, transcript, rng):
        board = self.board(transcript)
        r, c = rng.choice([(r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell == "."])
        return f"[{r} {c}]"

    def expert_move(self, transcript):
        board = self.board(transcript)
        # a hit mine stays hidden on the board; the message that reported it says where it is
        mines = {(int(r), int(c)) for r, c in MINE_HIT.findall(transcript.text)}
        safe = _minesweeper_deductions(board, mines)
        hidden = [
            (r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell == "." and (r, c) not in mines
        ]
        if safe:
            r, c = min(safe)
        else:
            r, c = min(
                hidden,
                key=lambda cell: (_mine_probability(board, mines, cell), len(_hidden_neighbours(board, cell)), cell),
            )
        return f"[{r} {c}]"


def _hidden_neighbours(board, cell) -> set:
    r, c = cell
    return {
        (r + dr, c + dc)
        for dr, dc in NEIGHBOURS
        if 0 <= r + dr < len(board) and 0 <= c + dc < len(board[0]) and board[r + dr][c + dc] == "."
    }


def _constraints(board, mines: set) -> list[tuple[frozenset, int]]:
    """(hidden cells not known to be mines, mines among them) around every revealed number."""
    constraints = []
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            if cell.isdigit():
                around = _hidden_neighbours(board, (r, c))
                unknown = frozenset(around - mines)
                if unknown:
                    constraints.append((unknown, int(cell) - len(around & mines)))
    return constraints


def _minesweeper_deductions(board, mines: set) -> set:
    """Hidden cells proven safe by single constraints and by the subset rule between two constraints; cells
    proven to be mines are added to `mines`."""
    safe = set()
    while True:
        found_safe, found_mines = set(), set()
        constraints = [(cells - safe, count) for cells, count in _constraints(board, mines)]
        constraints = [(cells, count) for cells, count in constraints if cells]
        for cells, count in constraints:
            if count == 0:
                found_safe |= cells
            elif count == len(cells):
                found_mines |= cells
        for small, small_count in constraints:
            for big, big_count in constraints:
                if small < big:
                    rest, rest_count = big - small, big_count - small_count
                    if rest_count == 0:
                        found_safe |= rest
                    elif rest_count == len(rest):
                        found_mines |= rest
        if not found_safe - safe and not found_mines - mines:
            return safe
        safe |= found_safe
        mines |= found_mines


def _mine_probability(board, mines: set, cell) -> float:
    """A cheap estimate: the highest share of mines among the unknown cells of the numbers next to `cell`, or
    the usual mine density for a cell no number touches."""
    shares = [count / len(cells) for cells, count in _constraints(board, mines) if cell in cells]
    return max(shares) if shares else MINE_DENSITY


def guesses_of(transcript: Transcript) -> list[str]:
    """The bracketed word or letter of each of the player's replies, upper-cased (as TextArena reads the first)."""
    found = [BRACKETED.search(reply) for reply in own_moves(transcript)]
    return [match.group(1).upper() for match in found if match]


class Hangman(GamePlayers):
    """Expert over the candidate words (words that fit the revealed letters and avoid every wrong letter): a letter
    in every candidate (it cannot cost a life); else, with few candidates left, the candidates themselves (TextArena
    0.7.4 takes no life for a wrong whole-word guess); else the letter found in most candidates."""

    game = "ta_hangman"
    recognizes = re.compile(r"You are playing Hangman")
    has_expert = True
    expert_bar = 90.0
    expert_bar_reason = (
        "the first letters are guessed among hundreds of words and can miss (each miss costs 1/12 "
        "of the score); measured 95.0 default, 92.5 hardcore"
    )
    WORD_GUESSES = 25  # with at most 26 letter guesses, well inside the request cap of 60 most of the time

    @staticmethod
    def board(transcript: Transcript) -> list[str]:
        """The latest board: one entry per cell, a letter or '_'."""
        rows = last_match(r"C00(?: C\d\d)*\n(.*)", transcript.text)
        return rows.group(1).split()

    def random_move(self, transcript, rng):
        guessed = set(guesses_of(transcript))
        return f"[{rng.choice([letter for letter in 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' if letter not in guessed])}]"

    def expert_move(self, transcript):
        board = self.board(transcript)
        guesses = guesses_of(transcript)
        guessed = {guess for guess in guesses if len(guess) == 1}
        wrong_words = {guess for guess in guesses if len(guess) > 1}
        candidates = []
        for word_list in word_lists():
            candidates = [word for word in word_list if word not in wrong_words and _fits(word, board, guessed)]
            if candidates:
                break
        if len(candidates) == 1:
            return f"[{candidates[0]}]"
        counts = Counter(letter for word in candidates for letter in set(word) if letter not in guessed)
        if not counts:  # no known word fits: the most common English letters not yet tried
            counts = Counter(
                {letter: -rank for rank, letter in enumerate("ETAOINSHRDLCUMWFGYPBVKJXQZ") if letter not in guessed}
            )
        letter = max(sorted(counts), key=lambda letter: counts[letter])
        if candidates and counts[letter] < len(candidates) and len(candidates) <= self.WORD_GUESSES:
            return f"[{candidates[0]}]"
        return f"[{letter}]"


def _fits(word: str, board: list[str], guessed: set[str]) -> bool:
    """Whether `word` could be the hidden word: revealed cells match, hidden cells hold no guessed letter."""
    if len(word) != len(board):
        return False
    return all(letter == cell if cell != "_" else letter not in guessed for letter, cell in zip(word, board))


TOWERS = re.compile(r"A: \[([\d, ]*)\]\s*B: \[([\d, ]*)\]\s*C: \[([\d, ]*)\]")


class TowerOfHanoi(GamePlayers):
    game = "ta_tower_of_hanoi"
    recognizes = re.compile(r"You are playing Tower of Hanoi")
    has_expert = True

    @staticmethod
    def towers(transcript: Transcript) -> list[list[int]]:
        board = last_match(TOWERS, transcript.text)
        return [[int(disk) for disk in re.findall(r"\d+", tower)] for tower in board.groups()]

    def random_move(self, transcript, rng):
        towers = self.towers(transcript)
        moves = [
            (a, b)
            for a in range(3)
            for b in range(3)
            if a != b and towers[a] and (not towers[b] or towers[b][-1] > towers[a][-1])
        ]
        source, target = rng.choice(moves)
        return f"[{'ABC'[source]} {'ABC'[target]}]"

    def expert_move(self, transcript):
        position = {disk: peg for peg, tower in enumerate(self.towers(transcript)) for disk in tower}
        source, target = _hanoi_move(position, max(position), goal=2)
        return f"[{'ABC'[source]} {'ABC'[target]}]"


def _hanoi_move(position: dict, disk: int, goal: int) -> tuple[int, int]:
    """The optimal next move that brings `disk` and every smaller disk onto `goal`, from any legal position."""
    if position[disk] == goal:
        return _hanoi_move(position, disk - 1, goal)
    spare = 3 - position[disk] - goal
    if any(position[smaller] != spare for smaller in range(1, disk)):
        return _hanoi_move(position, disk - 1, spare)
    return position[disk], goal


THREE_PLAYER_BOARD = re.compile(r"Current Board:\n\n((?:[+|].*\n?)+)")
THREE_PLAYER_SYMBOLS = "ABC"
THREE_PLAYER_SIZE, THREE_PLAYER_RUN = 5, 4
THREE_PLAYER_WINDOWS = tuple(
    tuple((row + k * dr) * THREE_PLAYER_SIZE + col + k * dc for k in range(THREE_PLAYER_RUN))
    for row in range(THREE_PLAYER_SIZE)
    for col in range(THREE_PLAYER_SIZE)
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
    if 0 <= row + (THREE_PLAYER_RUN - 1) * dr < THREE_PLAYER_SIZE
    and 0 <= col + (THREE_PLAYER_RUN - 1) * dc < THREE_PLAYER_SIZE
)
THREE_PLAYER_WINDOW_SCORES = (1, 4, 16, 0)  # by own symbols already in a window still open to its owner


class ThreePlayerTicTacToe(GamePlayers):
    game = "ta_three_player_tic_tac_toe"
    recognizes = re.compile(r"in Three-Player Tic Tac Toe")
    has_expert = True
    expert_name = "heuristic"

    @staticmethod
    def board(transcript) -> list[str]:
        """The latest 5x5 board, one symbol per cell ('' when empty: the board shows the cell's number)."""
        rows = [
            line
            for line in last_match(THREE_PLAYER_BOARD, transcript.text).group(1).split("\n")
            if line.startswith("|")
        ]
        cells = [cell.strip() for row in rows for cell in row.strip("|").split("|")]
        return ["" if cell.isdigit() else cell for cell in cells]

    def expert_move(self, transcript):
        """Complete my line of four; else block the next player's, then the player after's; else the cell that
        extends most of my open windows and spoils most of the others' (own windows weigh a little more)."""
        board = self.board(transcript)
        me = int(re.search(r"You are Player (\d)", transcript.prompt).group(1))
        empty = [cell for cell, symbol in enumerate(board) if not symbol]
        for seat in (me, (me + 1) % 3, (me + 2) % 3):
            symbol = THREE_PLAYER_SYMBOLS[seat]
            for cell in empty:
                if any(
                    cell in window and sum(board[i] == symbol for i in window) == THREE_PLAYER_RUN - 1
                    for window in THREE_PLAYER_WINDOWS
                ):
                    return f"[{cell}]"

        def value(cell):
            score = 0
            for window in THREE_PLAYER_WINDOWS:
                if cell in window:
                    owners = {board[i] for i in window} - {""}
                    if len(owners) == 1 or not owners:
                        owner = owners.pop() if owners else None
                        count = sum(board[i] == owner for i in window) if owner else 0
                        weight = THREE_PLAYER_WINDOW_SCORES[count]
                        score += 3 * weight if owner in (None, THREE_PLAYER_SYMBOLS[me]) else 2 * weight
            return score, -abs(cell // 5 - 2) - abs(cell % 5 - 2), -cell

        return f"[{max(empty, key=value)}]"


GAMES = [Minesweeper(), Hangman(), WordChains(), TowerOfHanoi(), Battleship(), ThreePlayerTicTacToe()]
