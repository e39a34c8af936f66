"""Players for word games: Hangman, Wordle, WordLadder, WordSearch.

The experts know English as a model does: NLTK's `words` corpus (its basic list of 850 common words and its full
list of 236k words), loaded once per process on first use. They prefer a common word when one fits what the
context says and fall back to the full list otherwise.
"""
import functools
import re
from collections import Counter

from ta_players.base import GamePlayers, Transcript, last_match

BRACKETED = re.compile(r"\[([a-zA-Z]+)\]")


@functools.lru_cache(maxsize=None)
def word_lists() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(basic, full): NLTK's en-basic and en lists, upper-cased and deduplicated, in the corpus order."""
    from nltk.corpus import words
    return tuple(dict.fromkeys(w.upper() for w in words.words("en-basic"))), \
        tuple(dict.fromkeys(w.upper() for w in words.words("en")))


def guesses_of(transcript: Transcript) -> list[str]:
    """The bracketed word or letter of each of the player's replies, upper-cased (as TextArena reads the first)."""
    found = [BRACKETED.search(reply) for reply in transcript.replies]
    return [match.group(1).upper() for match in found if match]


class Hangman(GamePlayers):
    """Expert over the candidate words (words that fit the revealed letters and avoid every wrong letter): a letter
    in every candidate (it cannot cost a life); else, with few candidates left, the candidates themselves (TextArena
    0.7.4 takes no life for a wrong whole-word guess); else the letter found in most candidates."""
    game = "ta_hangman"
    recognizes = re.compile(r"You are playing Hangman")
    has_expert = True
    expert_bar = 90.0
    expert_bar_reason = ("the first letters are guessed among hundreds of words and can miss (each miss costs 1/12 "
                         "of the score); measured 95.0 default, 92.5 hardcore")
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
            counts = Counter({letter: -rank for rank, letter in enumerate("ETAOINSHRDLCUMWFGYPBVKJXQZ")
                              if letter not in guessed})
        letter = max(sorted(counts), key=lambda letter: counts[letter])
        if candidates and counts[letter] < len(candidates) and len(candidates) <= self.WORD_GUESSES:
            return f"[{candidates[0]}]"
        return f"[{letter}]"


def _fits(word: str, board: list[str], guessed: set[str]) -> bool:
    """Whether `word` could be the hidden word: revealed cells match, hidden cells hold no guessed letter."""
    if len(word) != len(board):
        return False
    return all(letter == cell if cell != "_" else letter not in guessed for letter, cell in zip(word, board))


GAMES = [Hangman()]
