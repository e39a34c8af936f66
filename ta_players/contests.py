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


class ThreePlayerTicTacToe(GamePlayers):
    game = "ta_three_player_tic_tac_toe"
    recognizes = re.compile(r"in Three-Player Tic Tac Toe")


GAMES = [WordChains(), Battleship(), ThreePlayerTicTacToe()]
