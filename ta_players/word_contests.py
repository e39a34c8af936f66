"""Players for the word games between seats: DontSayIt, LetterAuction, SpellingBee, Taboo, Codenames.

Every player reads only its own seat's messages. The vocabulary any English speaker has is NLTK's `words` corpus
(`NLTK_DATA` must point to it, as for the TextArena envs themselves); it is loaded once per process, on first use.
"""

import functools
import re
from collections import Counter

from ta_players.base import GamePlayers, Transcript, last_match, seat_of


@functools.lru_cache(maxsize=1)
def lowercase_words() -> tuple[str, ...]:
    """NLTK's full `words` list (both files), the lower-case alphabetic entries: TextArena 0.7.4's LetterAuction
    accepts exactly these (`word.lower() in set(words.words())`), and SpellingBee's dictionary contains them."""
    from nltk.corpus import words

    return tuple(sorted({word for word in words.words() if word.isalpha() and word.islower()}))


@functools.lru_cache(maxsize=1)
def basic_words() -> tuple[str, ...]:
    """NLTK's 850 words of Basic English, lower-cased: the everyday words a random player says or guesses."""
    from nltk.corpus import words

    return tuple(sorted({word.lower() for word in words.words("en-basic") if word.isalpha()}))


def _mask(word: str) -> int:
    return functools.reduce(lambda bits, letter: bits | 1 << (ord(letter) - 97), word, 0)


@functools.lru_cache(maxsize=1)
def words_by_mask() -> tuple[tuple[int, str], ...]:
    """(letter bit mask, word) for every lower-case word: `mask & ~allowed == 0` finds the words spelled with a
    given set of letters (letters may repeat) in one pass."""
    return tuple((_mask(word), word) for word in lowercase_words())


@functools.lru_cache(maxsize=256)
def words_from_letters(letters: str) -> tuple[str, ...]:
    """The lower-case English words spelled only with `letters` (each may be used any number of times)."""
    forbidden = ~_mask(letters.lower())
    return tuple(word for mask, word in words_by_mask() if not mask & forbidden)


def _spelled(word: str) -> str:
    """A word spelled out with hyphens: no run of two letters survives, so no other word hides in it."""
    return "-".join(word)


# ---------------------------------------------------------------------------------------------------------------
# DontSayIt: a seat loses when its message contains the opponent's secret word anywhere (a substring test,
# TextArena 0.7.4 `DontSayIt/env.py:33`). The default variants draw the secret words from the nouns of NLTK's
# Basic English list; none of those nouns occurs in the frames below (checked when they were written: 'that'
# hides 'hat', 'thinking' hides 'king', 'please' is a noun).

NEUTRAL_FRAMES = (
    "Do you like {}?",
    "Funny, I just read about {}.",
    "Oh, so you enjoy {}?",
    "Tell me, do you know {}?",
    "Yes, {} is fun to discuss.",
)
ASKING_FRAMES = (
    "Puzzle for you: which English term do {spelled} spell? Just say it.",
    "Guess my favourite: {spelled}. Say it, if you can!",
    "Complete the gaps in {gaps}. Which English term fits? Just say it.",
    "Spelled out: {spelled}. Which English term is it? Just say it.",
    "Say, which English term do you get from {reversed} read from the end?",
)


class DontSayIt(GamePlayers):
    game = "ta_dont_say_it"
    recognizes = re.compile(r"You are Player \d+ in a game of DontSayIt")
    has_expert = True
    expert_name = "trickster"

    def random_move(self, transcript, rng):
        """Small talk about a random everyday word: it says the opponent's word only by chance."""
        return rng.choice(NEUTRAL_FRAMES).format(rng.choice(basic_words()))

    def expert_move(self, transcript):
        """Never says a word of its own making (its frames hide no noun, its word is spelled out with hyphens)
        and keeps asking the opponent to put its secret word together and say it."""
        secret = re.search(r"Your secret word is: '([^']+)'", transcript.prompt).group(1).lower()
        gaps = "-".join(letter if index % 2 == 0 else "_" for index, letter in enumerate(secret))
        # the dialogue view repeats this seat's own messages: the next frame follows the ones it has said
        said = len(re.findall(rf"^\[Player {seat_of(transcript)}\] ", transcript.text, re.MULTILINE))
        frame = ASKING_FRAMES[said % len(ASKING_FRAMES)]
        return frame.format(spelled=_spelled(secret), gaps=gaps, reversed=_spelled(secret[::-1]))


# ---------------------------------------------------------------------------------------------------------------
# SpellingBee: alternate words spelled with the allowed letters, each at least as long as the previous one, no
# repeats; a seat that cannot find one loses by its invalid moves.


class SpellingBee(GamePlayers):
    game = "ta_spelling_bee"
    recognizes = re.compile(r"You are Player \d+ in the Spelling Bee Game")
    has_expert = True
    expert_name = "parity"

    @staticmethod
    def candidates(transcript: Transcript) -> list[str]:
        """NLTK words with the allowed letters, long enough, not submitted yet (in alphabetical order)."""
        letters = re.search(r"Allowed Letters: ([a-z]+)", transcript.prompt).group(1)
        history = re.findall(r"submitted the word: (\w+)", transcript.text)
        shortest = len(history[-1]) if history else 1
        used = set(history)
        return [word for word in words_from_letters(letters) if len(word) >= shortest and word not in used]

    def random_move(self, transcript, rng):
        words = self.candidates(transcript)
        # With no word left every move is invalid; the player says so in the game's format.
        return f"[{rng.choice(words)}]" if words else "[none]"

    def expert_move(self, transcript):
        """The game is won by the seat that plays last. A word of length L sets the floor at L, so whoever takes
        the last word of the longest group with an odd number of words left wins: play from the longest length
        whose count of remaining words is odd (every longer length has an even count, which the opponent cannot
        turn). When every count is even, play the shortest word, which leaves the opponent the most ways to err.
        Counts come from NLTK's list; the env's dictionary (Hunspell + NLTK) is larger, so this is a heuristic."""
        words = self.candidates(transcript)
        if not words:
            return "[none]"
        by_length = Counter(len(word) for word in words)
        odd = [length for length, count in by_length.items() if count % 2]
        length = max(odd) if odd else min(by_length)
        choices = [word for word in words if len(word) == length]
        return f"[{transcript.rng().choice(choices)}]"


# ---------------------------------------------------------------------------------------------------------------
# LetterAuction: 26 letters auctioned in a shuffled order; a letter's value is the price its buyer paid, and a
# seat's score is the value of one word made from its letters, a letter counting each time it occurs
# (TextArena 0.7.4 `LetterAuction/env.py:294-303`: letters may repeat). Every single letter is a word in NLTK's
# list, so a seat with at least one letter always has a valid word.

BOUGHT = re.compile(
    r"Player (\d) will have '([A-Z])' for (\d+)|passes on the letter '([A-Z])', Player (\d) will have it for (\d+)"
)
UNSOLD = re.compile(r"also passes on the letter '([A-Z])'\. So, no one")
ASKED = re.compile(r"Player (\d), do you want to (start bid|bid) on the letter '([A-Z])' for (?:more than )?(\d+)\?")
PURSE = re.compile(r"^Your current coins: (\d+)$", re.M)
RANDOM_OVERBID = 10


class LetterAuction(GamePlayers):
    game = "ta_letter_auction"
    recognizes = re.compile(r"You are currently in the Letter Auction game")
    has_expert = True
    expert_name = "value_bidder"

    @staticmethod
    def position(transcript: Transcript) -> dict:
        """What the context tells this seat: its id, coins (its current purse; the starting coins before its first
        move), letters with their prices, the letters not sold yet, and the current auction (letter, lowest legal
        bid) — or `auction=None` once words are asked for."""
        text = transcript.text
        me = int(re.search(r"You are Player (\d)\.", transcript.prompt).group(1))
        # the game sends the seat on turn its purse after every move (fixes.word_contests.LetterAuctionPurse): only a
        # game's first request, before any letter is sold, has none
        purse = last_match(PURSE, transcript.last) or re.search(r"Your starting coins: (\d+)", transcript.prompt)
        coins = int(purse.group(1))
        prices, sold = {}, set()
        for match in BOUGHT.finditer(text):
            player, letter, price = (
                match.group(1, 2, 3) if match.group(1) is not None else (match.group(5), match.group(4), match.group(6))
            )
            sold.add(letter)
            if int(player) == me:
                prices[letter.lower()] = int(price)
        sold |= set(UNSOLD.findall(text))
        auction = None
        if "The auction is over." not in text:
            asked = last_match(ASKED, text)
            if asked is None:  # the first letter is announced in the prompt
                asked = re.search(r"The first letter for bid: ([A-Z])", transcript.prompt)
                auction = (asked.group(1), 1)
            else:
                start = asked.group(2) == "start bid"
                # "for more than X" is the opponent's bid (or 1 after its pass): bidding above it is always legal
                auction = (asked.group(3), 1 if start else int(asked.group(4)) + 1)
        unsold = {chr(code) for code in range(65, 91)} - sold
        return {"me": me, "coins": coins, "prices": prices, "unsold": unsold, "auction": auction}

    @staticmethod
    def best_word(prices: dict) -> str:
        """The word of the highest value spelled with the bought letters (ties: the shorter, then alphabetical)."""
        words = words_from_letters("".join(prices))
        return max(words, key=lambda word: (sum(prices[letter] for letter in word), -len(word), _neg(word)))

    def random_move(self, transcript, rng):
        """Pass or bid, each half the time; a bid is the lowest legal bid plus up to 10 coins. Once the auction
        is over: a random valid word of its letters."""
        position = self.position(transcript)
        if position["auction"] is None:
            words = words_from_letters("".join(position["prices"]))
            return f"[{rng.choice(words)}]" if words else "[none]"
        _, lowest = position["auction"]
        if lowest > position["coins"] or rng.random() < 0.5:
            return "[pass]"
        return f"[bid {rng.randint(lowest, min(position['coins'], lowest + RANDOM_OVERBID))}]"

    def expert_move(self, transcript):
        """Aim at the word whose letters can still be had and which turns coins into the most value: every coin
        spent on the letter that occurs most often in it counts that many times. Bid everything (but a coin for
        each other letter still missing) on that key letter, the lowest legal bid on the other letters it needs,
        and pass on the rest. After the auction: the word of the highest value."""
        position = self.position(transcript)
        prices = position["prices"]
        if position["auction"] is None:
            return f"[{self.best_word(prices)}]" if prices else "[none]"
        letter, lowest = position["auction"]
        coins = position["coins"]
        target = _auction_target(
            frozenset(prices.items()), frozenset(each.lower() for each in position["unsold"]), coins
        )
        if target is None:
            return "[pass]"
        key, needed = target
        letter = letter.lower()
        if letter not in needed:
            return "[pass]"
        if letter == key:
            bid = coins - (len(needed) - 1)
            return f"[bid {bid}]" if bid >= lowest else "[pass]"
        spare = coins - (len(needed) - 1) - 1  # keep at least a coin for every other missing letter
        return f"[bid {lowest}]" if lowest <= max(1, spare // len(needed)) and lowest <= coins else "[pass]"


def _neg(word: str) -> tuple:
    """A key that sorts words in reverse alphabetical order, so that `max` picks the alphabetically first."""
    return tuple(-ord(letter) for letter in word)


@functools.lru_cache(maxsize=1)
def _auction_words() -> tuple[tuple[int, str, tuple], ...]:
    """For each set of at most four distinct letters, the word spelled with exactly them whose most frequent
    letter occurs most often (then the shortest): the words worth aiming at in LetterAuction."""
    best = {}
    for mask, word in words_by_mask():
        counts = Counter(word)
        if len(counts) > 4:
            continue
        rank = (max(counts.values()), -len(word))
        if mask not in best or rank > best[mask][0]:
            best[mask] = (rank, word, tuple(counts.items()))
    return tuple((mask, word, counts) for mask, (_, word, counts) in best.items())


@functools.lru_cache(maxsize=4096)
def _auction_target(prices: frozenset, unsold: frozenset, coins: int):
    """(key letter, letters still needed) of the most promising word, or None when no word needs a letter."""
    prices = dict(prices)
    obtainable = _mask("".join(prices) + "".join(unsold))
    best, best_value = None, -1.0
    for mask, _, counts in _auction_words():
        if mask & ~obtainable:
            continue
        needed = [(letter, count) for letter, count in counts if letter not in prices]
        if not needed:
            continue
        key = max(needed, key=lambda pair: pair[1])[0]  # the first of the letters the word needs most
        owned_value = sum(count * prices[letter] for letter, count in counts if letter in prices)
        bought_value = sum(count * (coins - len(needed) + 1 if letter == key else 1) for letter, count in needed)
        # every letter still to buy may go to the opponent
        value = (owned_value + bought_value) * 0.75 ** len(needed)
        if value > best_value:
            best, best_value = (key, {letter for letter, _ in needed}), value
    return best


# ---------------------------------------------------------------------------------------------------------------
# Taboo: two teams; a Clue Giver describes the team's word without saying it or a taboo word (a whole-word,
# case-insensitive test, TextArena 0.7.4 `Taboo/env.py:355-358`), its Guessers guess in brackets.

TABOO_WORD = re.compile(r"word to guess is '(.*?)'\. Taboo words: (.*?)\.?$", re.MULTILINE)
TABOO_CLUES = (
    "Think of something you may have come across.",
    "Here is my hint: you know this one.",
    "Try again, you are getting close.",
    "Keep going, think of everyday life.",
    "Take another guess.",
    "Hmm...",
)


class Taboo(GamePlayers):
    """No expert: a team scores only when its Clue Giver and its Guesser both play well, and in the `_vs_random`
    variant the model's teammate is a random seat; describing a word takes knowledge no offline source here holds
    (NLTK's data has no definitions), and spelling it out letter by letter passes TextArena 0.7.4's whole-word
    check but is not Taboo."""

    game = "ta_taboo"
    recognizes = re.compile(r"You are Player \d+, the (?:Clue Giver|Guesser) for Team \d+ in the Taboo game")

    def random_move(self, transcript, rng):
        """A Guesser names a random everyday word; a Clue Giver says a neutral sentence with no forbidden word."""
        if "the Guesser for Team" in transcript.prompt:
            return f"[{rng.choice(basic_words())}]"
        target, taboo = last_match(TABOO_WORD, transcript.text).groups()
        # a forbidden word may itself contain ", ": avoiding each piece also avoids the whole
        forbidden = [piece.strip() for piece in [target, *taboo.split(", ")] if piece.strip()]
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, forbidden)) + r")\b", re.IGNORECASE)
        clean = [clue for clue in TABOO_CLUES if not pattern.search(clue)]
        return rng.choice(clean) if clean else "..."


# ---------------------------------------------------------------------------------------------------------------
# Codenames: 4 seats, Red (Spymaster 0, Operative 1) against Blue (Spymaster 2, Operative 3). Spymasters see the
# key; a clue must not contain a board word nor be contained in one (else the team loses at once,
# `Codenames/env.py:75-79`).

BOARD = re.compile(r"Codenames Words:\n((?:[^\n]+(?:\n|$))+)")
CLUE = re.compile(r"Spymaster of (Red|Blue) team, Player \d, submitted \[(\w+) (\d+)\]")


def codenames_board(transcript: Transcript) -> list[tuple[str, str, bool]]:
    """The latest board this seat was shown: (word, label or '', revealed) for each of the 25 words. A
    Spymaster sees every label ('word R revealed'); an Operative sees labels of revealed words only."""
    board = []
    for line in last_match(BOARD, transcript.text).group(1).splitlines():
        word, *rest = line.split()
        label = rest[0] if rest else ""
        spymaster = re.search(r"the Spymaster for", transcript.prompt) is not None
        board.append((word, label, "revealed" in rest if spymaster else bool(label)))
    return board


def _legal_clue(clue: str, board_words) -> bool:
    return not any(clue in word or word in clue for word in board_words)


def _legal_clues(board_words) -> list[str]:
    """The everyday words that are legal clues on this board; on a board with very short words (-hardcore has
    one- and two-letter nouns) possibly none, then the legal ones of the whole list."""
    return [clue for clue in basic_words() if _legal_clue(clue, board_words)] or [
        clue for clue in lowercase_words() if _legal_clue(clue, board_words)
    ]


def _guessable(word: str) -> bool:
    """TextArena 0.7.4 lower-cases a guess before looking it up on the board (`Codenames/env.py:100,108`): a
    capitalised board word (-hardcore draws some) can never be guessed."""
    return word == word.lower()


def _similarity(clue: str, word: str) -> tuple[int, int]:
    """How much a clue looks like a board word: the longer of their common ending and common beginning, then
    the shorter — the one association a programmatic pair can share without a semantic model."""
    prefix, suffix = _common_start(clue, word), _common_start(reversed(clue), reversed(word))
    return (prefix, suffix) if prefix >= suffix else (suffix, prefix)


def _common_start(first, second) -> int:
    """The length of two sequences' common beginning (os.path.commonprefix's, without its lists: a quarter of the
    time, and the expert compares every legal clue with every board word)."""
    length = 0
    for one, other in zip(first, second):
        if one != other:
            break
        length += 1
    return length


@functools.lru_cache(maxsize=1)
def _clue_index() -> dict[str, list[str]]:
    """Words by their 2- and 3-letter beginnings and endings: Basic English words first, then the rest."""
    index = {}
    everyday = set(basic_words())
    for word in (*basic_words(), *(word for word in lowercase_words() if word not in everyday)):
        if 3 <= len(word) <= 12:
            for length in (2, 3):
                index.setdefault("^" + word[:length], []).append(word)
                index.setdefault(word[-length:] + "$", []).append(word)
    return index


MAX_CLUE_CANDIDATES = 60
CLEAR = 3  # letters in common that make a lookalike clear


class Codenames(GamePlayers):
    game = "ta_codenames"
    recognizes = re.compile(r"You are playing Codenames, a 2v2 word deduction game")
    has_expert = True
    expert_name = "lookalike"

    def random_move(self, transcript, rng):
        """A Spymaster: a random everyday word that is legal on this board, for 1 to 3 words. An Operative: one
        of the unrevealed words or a pass."""
        board = codenames_board(transcript)
        if "the Spymaster for" in transcript.prompt:
            words = [word for word, _, _ in board]
            clue = rng.choice(_legal_clues(words))
            return f"[{clue} {rng.randint(1, 3)}]"
        return f"[{rng.choice([word for word, _, revealed in board if not revealed and _guessable(word)] + ['pass'])}]"

    def expert_move(self, transcript):
        """The lookalike strategy (`reference_move`) made safe with a partner that does not play it: the Spymaster
        stops asking for guesses from an Operative that ignores its clues, and the Operative guesses only clues
        that point at a word, from a Spymaster that has not misled it."""
        if "the Spymaster for" in transcript.prompt:
            return self._careful_spymaster(transcript)
        return self._careful_operative(transcript)

    def reference_move(self, transcript):
        """The lookalike pair: the Spymaster clues lookalikes of its words, the Operative guesses the lookalikes of
        every clue of its team."""
        if "the Spymaster for" in transcript.prompt:
            return self._spymaster(transcript)
        return self._operative(transcript)

    @staticmethod
    def _spymaster(transcript):
        """A word that looks like (shares a beginning or an ending with) as many own unrevealed words as possible
        and more than like any other unrevealed word, for that many words; Basic English words first."""
        board = codenames_board(transcript)
        team = "R" if "the Spymaster for Red" in transcript.prompt else "B"
        words = [word for word, _, _ in board]
        own = [word for word, label, revealed in board if label == team and not revealed and _guessable(word)]
        others = [word for word, label, revealed in board if label != team and not revealed]
        return _lookalike_clue(own, others, words, 3) or _lookalike_clue(own, others, words, 2) or _no_guess_clue(words)

    @staticmethod
    def _operative(transcript):
        """Guess the unrevealed words that look most like the clue, as many as it names; the first guess of a
        clue always, further guesses only while the likeness is clear (3 letters); then pass."""
        return _operative_move(transcript, careful=False)

    @staticmethod
    def _careful_spymaster(transcript):
        """The lookalike clue while the Operative follows the clues; once it has shown it does not (its first guess
        after a clue did not look like the clue), a clue for no word: an Operative that guesses at random most
        likely hits the assassin before it finds all its team's words (a team guessing alone reveals its 9 words
        before the assassin 1 time in 10), so the fewer guesses it makes, the likelier the other team hits the
        assassin first. With `0` TextArena allows one guess a turn (N+1), against up to four of a clue for 3.
        Against three random seats that is worth ~57% against ~50% (a simulation of the rules, 20,000 games): the
        Spymaster's strength is hardly visible with a random partner, the number is all a random Operative reads."""
        board = codenames_board(transcript)
        team = "Red" if "the Spymaster for Red" in transcript.prompt else "Blue"
        if _partner_ignores_clues(transcript.text, team):
            return _no_guess_clue([word for word, _, _ in board])
        return Codenames._spymaster(transcript)

    @staticmethod
    def _careful_operative(transcript):
        """The lookalike Operative, but a guess is a risk worth taking only when the clue points at a word: the
        first word must share at least 3 letters with the clue (2 once the Spymaster's clues have led to a right
        guess), and after a wrong guess of its team it trusts the clues no more and passes. A blind guess hits the
        assassin one time in 25 and reveals a wrong word most of the time, while a random team left to guess on its
        own hits the assassin 9 times in 10 before it finds all its words: against random seats passing wins, and
        a random Spymaster's clue (a random word, which shares 3 letters with some board word 1 time in 10) leads
        at most to a guess or two."""
        return _operative_move(transcript, careful=True)


GUESS = re.compile(r"Operator of (Red|Blue) team, Player \d, (correctly|wrongly) guessed \[(\w+)\]")
READABLE = 3  # letters a clue shares with the word it points at, for an Operative whose Spymaster has no record
READABLE_PROVEN = 2  # ... once a clue of its Spymaster led to a right guess


def _team_guesses(text: str, team: str) -> list[tuple[str, bool, str, bool]]:
    """(clue, right, word, first) of the team's guesses in view, oldest first: the team's clue each followed, and
    whether it was the first guess after that clue."""
    guesses, clue, first = [], None, False
    for match in re.finditer(f"{CLUE.pattern}|{GUESS.pattern}", text):
        if match.group(1) == team:
            clue, first = match.group(2).lower(), True
        elif match.group(4) == team and clue is not None:
            guesses.append((clue, match.group(5) == "correctly", match.group(6), first))
            first = False
    return guesses


def _partner_ignores_clues(text: str, team: str) -> bool:
    """Whether the team's Operative made a first guess after a clue that does not look like the clue (not even 2
    letters in common): the lookalike Operative's first guess always does, a random one's hardly ever."""
    return any(
        first and _similarity(clue, word)[0] < READABLE_PROVEN for clue, _, word, first in _team_guesses(text, team)
    )


def _no_guess_clue(words) -> str:
    """A clue that looks like nothing on the board, for no word: the Operative passes (or guesses once)."""
    clue = min(_legal_clues(words), key=lambda clue: max(_similarity(clue, word) for word in words))
    return f"[{clue} 0]"


def _operative_move(transcript: Transcript, careful: bool) -> str:
    """Guess the unrevealed words that look most like the team's latest clue, as many as it names; further guesses
    only while the likeness is clear (3 letters). `careful`: the first guess too only when the clue points at a word
    (READABLE letters, READABLE_PROVEN after a right guess) and no guess of the team was wrong."""
    board = codenames_board(transcript)
    clue_match = last_match(CLUE, transcript.text)
    team = "Red" if "the Operative for Red" in transcript.prompt else "Blue"
    if clue_match is None or clue_match.group(1) != team:
        return "[pass]"
    clue, number = clue_match.group(2).lower(), int(clue_match.group(3))
    since_clue = transcript.text[clue_match.end() :]
    guessed = len(re.findall(r"correctly guessed \[", since_clue))
    hidden = sorted(
        (word for word, _, revealed in board if not revealed and _guessable(word)),
        key=lambda word: (_similarity(clue, word), word),
        reverse=True,
    )
    if not hidden or guessed >= number or number == 0:
        return "[pass]"
    likeness = _similarity(clue, hidden[0])[0]
    if guessed > 0 and likeness < CLEAR:
        return "[pass]"
    if careful and guessed == 0:
        record = _team_guesses(transcript.text, team)
        if any(not right for _, right, _, _ in record):
            return "[pass]"
        if likeness < (READABLE_PROVEN if record else READABLE):
            return "[pass]"
    return f"[{hidden[0]}]"


def _lookalike_clue(own: list, others: list, words: list, key_length: int) -> str | None:
    """The best clue among the first words sharing a beginning or an ending of `key_length` letters with an own
    word: most own words clearly looking like it (all more than any other word), then the widest margin."""
    other_ends = (
        {word[:k] for word in others for k in range(1, len(word) + 1)},
        {word[-k:] for word in others for k in range(1, len(word) + 1)},
    )
    best, best_rank = None, None
    for target in own:
        for key in ("^" + target[:key_length], target[-key_length:] + "$"):
            for clue in _clue_index().get(key, [])[:MAX_CLUE_CANDIDATES]:
                if clue == target or not _legal_clue(clue, words):
                    continue
                danger = max(
                    (k for k in range(len(clue), 0, -1) if clue[:k] in other_ends[0] or clue[-k:] in other_ends[1]),
                    default=0,
                )
                likeness = {word: _similarity(clue, word)[0] for word in own}
                if likeness[target] <= danger:
                    continue
                # the operative goes on after its first guess only while the likeness is clear
                hits = [word for word in own if likeness[word] > danger and likeness[word] >= CLEAR]
                number = max(1, min(len(hits), 3))
                rank = (number, likeness[target] - danger, likeness[target])
                if best_rank is None or rank > best_rank:
                    best, best_rank = f"[{clue} {number}]", rank
    return best


GAMES = [DontSayIt(), SpellingBee(), LetterAuction(), Taboo(), Codenames()]
