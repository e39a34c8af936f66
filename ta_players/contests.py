"""Players for the games between seats: WordChains, Battleship, Three-Player Tic Tac Toe."""
import functools
import re

from ta_players.base import GamePlayers, last_match


@functools.lru_cache(maxsize=1)
def english_words() -> dict[tuple[str, int], list[str]]:
    """NLTK's `words` corpus, lower-cased, by (first letter, length): the vocabulary any English speaker has.
    Loaded once per process, on first use."""
    from nltk.corpus import words
    by_start = {}
    for word in sorted({word.lower() for word in words.words() if word.isalpha()}):
        by_start.setdefault((word[0], len(word)), []).append(word)
    return by_start


class WordChains(GamePlayers):
    game = "ta_word_chains"
    recognizes = re.compile(r"in the Word Chains Game")

    def random_move(self, transcript, rng):
        rule = last_match(r"Start with '(\w)'\s+2\. Be exactly (\d+) letters long", transcript.text)
        used = set(re.findall(r"\[(\w+)\]", transcript.text.lower())) | {reply.strip("[] ").lower()
                                                                         for reply in transcript.replies}
        candidates = [word for word in english_words().get((rule.group(1).lower(), int(rule.group(2))), [])
                      if word not in used]
        return f"[{rng.choice(candidates) if candidates else rule.group(1) * int(rule.group(2))}]"


class Battleship(GamePlayers):
    game = "ta_battleship"
    recognizes = re.compile(r"You are playing the Battleship game")

    def random_move(self, transcript, rng):
        """A cell of the opponent's board not fired on yet, read from the latest board shown."""
        board_start = last_match(r"Your Ships\s+Your Hits on Opponent[ \t]*\n", transcript.text).end()
        header, *rows = transcript.text[board_start:].splitlines()
        size = len(header.split()) // 2
        open_cells = []
        for row in rows:
            cells = row.split()
            if len(cells) != 2 * size + 2 or not cells[0].isalpha():
                break
            open_cells += [f"{cells[0]}{col}" for col, cell in enumerate(cells[size + 2:]) if cell == "~"]
        return f"[{rng.choice(open_cells)}]"


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
