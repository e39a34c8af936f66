"""Players for word games: Wordle, WordLadder, WordSearch (and the word lists of Hangman's, ta_players/core.py).

The experts know English as a model does: NLTK's `words` corpus (its basic list of 850 common words and its full
list of 236k words), loaded once per process on first use. They prefer a common word when one fits what the
context says and fall back to the full list otherwise.
"""

import functools
import re
from collections import Counter, deque

from ta_players.base import GamePlayers, Transcript, last_match, own_moves

BRACKETED = re.compile(r"\[([a-zA-Z]+)\]")


@functools.cache
def word_lists() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(basic, full): NLTK's en-basic and en lists, upper-cased and deduplicated, in the corpus order."""
    from nltk.corpus import words

    return tuple(dict.fromkeys(w.upper() for w in words.words("en-basic"))), tuple(
        dict.fromkeys(w.upper() for w in words.words("en"))
    )


@functools.cache
def common_words(length: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(basic, full) lower-case words of `length` letters: the words TextArena's dictionary accepts as typed
    (it drops capitalised entries), in the corpus order."""
    from nltk.corpus import words

    return tuple(_lower_words(words.words("en-basic"), length)), tuple(_lower_words(words.words("en"), length))


def _lower_words(word_list: list[str], length: int) -> list[str]:
    return list(dict.fromkeys(w for w in word_list if len(w) == length and w.isalpha() and w.islower()))


class Wordle(GamePlayers):
    """Expert: keeps the words consistent with every feedback and guesses the one that splits them into the most
    feedback groups, a basic word among equals (from a large list: the word with the most common distinct letters)."""

    game = "ta_wordle"
    recognizes = re.compile(r"You are Playing Wordle")
    has_expert = True
    SPLIT_LIMIT = 400  # candidates up to which every candidate's split is computed (about a second)

    @staticmethod
    def length(transcript: Transcript) -> int:
        return int(re.search(r"A secret (\d+)-letter word", transcript.prompt).group(1))

    @staticmethod
    def feedback(transcript: Transcript) -> list[tuple[str, str]]:
        """(guess, feedback) per scored guess, lower case guess and 'GYX' feedback."""
        found = re.findall(r"You submitted \[(\w+)\]\.\nFeedback:\n([A-Z ]+)\n([GYX ]+)\n", transcript.text)
        return [(guess.lower(), marks.replace(" ", "")) for guess, _, marks in found]

    def random_move(self, transcript, rng):
        return f"[{rng.choice(common_words(self.length(transcript))[1])}]"

    def expert_move(self, transcript):
        history = self.feedback(transcript)
        tried = {guess for guess, _ in history} | {
            match.group(1).lower() for match in map(BRACKETED.search, own_moves(transcript)) if match
        }
        basic, full = common_words(self.length(transcript))
        candidates = [
            word
            for word in dict.fromkeys(basic + full)
            if word not in tried and all(_wordle_feedback(guess, word) == marks for guess, marks in history)
        ]
        common = set(basic)
        if len(candidates) > self.SPLIT_LIMIT:
            counts = Counter(letter for word in candidates for letter in set(word))
            return f"[{max(candidates, key=lambda word: sum(counts[letter] for letter in set(word)))}]"

        def split(guess: str) -> tuple[int, bool]:
            """The number of feedback groups; among equals a basic word, as the secret may be one."""
            return len({_wordle_feedback(guess, word) for word in candidates}), guess in common

        return f"[{max(candidates, key=split)}]"


def _wordle_feedback(guess: str, secret: str) -> str:
    """Wordle's marks: G right place, Y elsewhere in the word (each secret letter used once), X absent."""
    if guess == secret:
        return "G" * len(guess)
    marks = ["G" if g == s else "" for g, s in zip(guess, secret)]
    unused = {}  # a plain dict: a Counter per call was most of the expert's time
    for g, s in zip(guess, secret):
        if g != s:
            unused[s] = unused.get(s, 0) + 1
    for i, letter in enumerate(guess):
        if not marks[i] and unused.get(letter):
            marks[i] = "Y"
            unused[letter] -= 1
        elif not marks[i]:
            marks[i] = "X"
    return "".join(marks)


class WordLadder(GamePlayers):
    """Expert: the next word of a shortest ladder from the current word to the target, over the lower-case words
    TextArena's dictionary accepts (NLTK's lists). TextArena 0.7.4 draws each ladder from the basic list, so one
    always exists."""

    game = "ta_word_ladder"
    recognizes = re.compile(r"Your goal is to reach the target word\s+by changing \*\*one letter at a time\*\*")
    has_expert = True

    @staticmethod
    def words(transcript: Transcript) -> tuple[str, str]:
        """(current word, target word)."""
        start = re.search(r"Start word:\s+\*\*(\w+)\*\*", transcript.prompt).group(1)
        target = re.search(r"Target word:\s+\*\*(\w+)\*\*", transcript.prompt).group(1)
        history = last_match(r"Word Ladder History: ([a-z >-]+)\.", transcript.text)
        return (history.group(1).split(" -> ")[-1] if history else start), target

    def random_move(self, transcript, rng):
        current, _ = self.words(transcript)
        return f"[{rng.choice(_ladder_steps(current, _ladder_words(len(current))))}]"

    def expert_move(self, transcript):
        current, target = self.words(transcript)
        vocabulary = _ladder_words(len(current))
        previous = {current: None}
        queue = deque([current])
        while queue and target not in previous:
            word = queue.popleft()
            for step in _ladder_steps(word, vocabulary):
                if step not in previous:
                    previous[step] = word
                    queue.append(step)
        while previous[target] != current:
            target = previous[target]
        return f"[{target}]"


@functools.cache
def _ladder_words(length: int) -> frozenset[str]:
    basic, full = common_words(length)
    return frozenset(basic + full)


def _ladder_steps(word: str, vocabulary: frozenset[str]) -> list[str]:
    """The words one letter away from `word`, in position and alphabet order."""
    return [
        step
        for i in range(len(word))
        for letter in "abcdefghijklmnopqrstuvwxyz"
        if (step := word[:i] + letter + word[i + 1 :]) != word and step in vocabulary
    ]


class WordSearch(GamePlayers):
    """Expert: reads the listed words and the grid, and submits each word's place across or down (the word's
    next place when several fit and an earlier one was wrong)."""

    game = "ta_word_search"
    recognizes = re.compile(r"participating in a Word Search challenge")
    has_expert = True

    @staticmethod
    def grid(transcript: Transcript) -> list[str]:
        """The rows of the latest board, letters only (found words are shown in brackets)."""
        board = last_match(r"Current Board:\n\n(.*?)\nPlaced Words:", transcript.text, re.DOTALL).group(1)
        return ["".join(re.findall(r"[A-Z]", line[3:])) for line in board.splitlines() if re.match(r"R\d\d ", line)]

    def random_move(self, transcript, rng):
        size = len(self.grid(transcript))
        row, col, length = rng.randrange(size), rng.randrange(size), rng.randrange(3, size + 1)
        if rng.random() < 0.5:
            return f"[{row} {col} {row} {min(col + length, size) - 1}]"
        return f"[{row} {col} {min(row + length, size) - 1} {col}]"

    def expert_move(self, transcript):
        grid = self.grid(transcript)
        listed = last_match(r"Placed Words: (.*)", transcript.text).group(1).split(", ")
        found = set(re.findall(r"You found the word '(\w+)'", transcript.text))
        tried = set(re.findall(r"\[\d+ \d+ \d+ \d+\]", "\n".join(own_moves(transcript))))
        for word in listed:
            if word in found:
                continue
            for place in _places(word, grid):
                if place not in tried:
                    return place
        raise ValueError("every listed word is found or tried; the game should be over")


def _places(word: str, grid: list[str]) -> list[str]:
    """Every `[r c r c]` where `word` reads across or down."""
    size = len(grid)
    columns = ["".join(row[c] for row in grid) for c in range(size)]
    places = [
        f"[{r} {c} {r} {c + len(word) - 1}]" for r in range(size) for c in range(size) if grid[r].startswith(word, c)
    ]
    return places + [
        f"[{r} {c} {r + len(word) - 1} {c}]" for c in range(size) for r in range(size) if columns[c].startswith(word, r)
    ]


GAMES = [Wordle(), WordLadder(), WordSearch()]
