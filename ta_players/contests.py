"""Players for the games between seats: WordChains, Battleship, Three-Player Tic Tac Toe."""
import functools
import re

from ta_players.base import GamePlayers, exchanges, last_match, seat_of


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
        used = set(re.findall(r"\[(\w+)\]", transcript.text.lower())) | {reply.strip("[] ").lower()
                                                                         for reply in transcript.replies}
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
        answers = {letter: sum(word not in used for word in words.get((letter, length + 1), []))
                   for letter in {word[-1] for word in candidates}}
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
            grid.append(cells[size + 2:])
        return grid

    def random_move(self, transcript, rng):
        """A cell of the opponent's board not fired on yet, read from the latest board shown."""
        open_cells = [f"{chr(65 + r)}{c}" for r, row in enumerate(self.shots(transcript))
                      for c, cell in enumerate(row) if cell == "~"]
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
                        if cells[-1][0] >= size or cells[-1][1] >= size or \
                                any(grid[x][y] == "O" or (x, y) in sunk_cells for x, y in cells):
                            continue
                        hits = sum(grid[x][y] == "X" for x, y in cells)
                        for x, y in cells:
                            if grid[x][y] == "~":
                                density[(x, y)] = density.get((x, y), 0) + 100 ** hits
        if not density:  # the bookkeeping of sunk ships went wrong: any open cell adjacent to a hit, else any
            density = {(r, c): 1 + sum(grid[r + dr][c + dc] == "X" for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                                       if 0 <= r + dr < size and 0 <= c + dc < size)
                       for r in range(size) for c in range(size) if grid[r][c] == "~"}
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


THREE_PLAYER_BOARD = re.compile(r"Current Board:\n\n((?:[+|].*\n?)+)")
THREE_PLAYER_SYMBOLS = "ABC"
THREE_PLAYER_SIZE, THREE_PLAYER_RUN = 5, 4
THREE_PLAYER_WINDOWS = tuple(
    tuple((row + k * dr) * THREE_PLAYER_SIZE + col + k * dc for k in range(THREE_PLAYER_RUN))
    for row in range(THREE_PLAYER_SIZE) for col in range(THREE_PLAYER_SIZE)
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
    if 0 <= row + (THREE_PLAYER_RUN - 1) * dr < THREE_PLAYER_SIZE
    and 0 <= col + (THREE_PLAYER_RUN - 1) * dc < THREE_PLAYER_SIZE)
THREE_PLAYER_WINDOW_SCORES = (1, 4, 16, 0)  # by own symbols already in a window still open to its owner


class ThreePlayerTicTacToe(GamePlayers):
    game = "ta_three_player_tic_tac_toe"
    recognizes = re.compile(r"in Three-Player Tic Tac Toe")
    has_expert = True
    expert_name = "heuristic"

    @staticmethod
    def board(transcript) -> list[str]:
        """The latest 5x5 board, one symbol per cell ('' when empty: the board shows the cell's number)."""
        rows = [line for line in last_match(THREE_PLAYER_BOARD, transcript.text).group(1).split("\n")
                if line.startswith("|")]
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
                if any(cell in window and sum(board[i] == symbol for i in window) == THREE_PLAYER_RUN - 1
                       for window in THREE_PLAYER_WINDOWS):
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


GAMES = [WordChains(), Battleship(), ThreePlayerTicTacToe()]
