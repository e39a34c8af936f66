"""Players for number and chance games: GuessTheNumber, Mastermind, Bandit, Secretary, ThreeCardMonte,
Countdown, Cryptarithm."""

import functools
import itertools
import math
import re

import numpy as np

from ta_players.base import GamePlayers, Transcript, exchanges


class GuessTheNumber(GamePlayers):
    game = "ta_guess_the_number"
    recognizes = re.compile(r"You are playing Guess The Number")
    has_expert = True

    @staticmethod
    def candidates(transcript: Transcript) -> range:
        """The numbers consistent with the range and every higher/lower hint the messages show."""
        low, high = map(int, re.search(r"between (\d+) and (\d+)", transcript.prompt).groups())
        for move, answer in exchanges(transcript):
            guess = re.search(r"\[(\d+)\]", move)
            hint = re.search(r"The target number is (higher|lower)", answer)
            if guess and hint:
                if hint.group(1) == "higher":
                    low = max(low, int(guess.group(1)) + 1)
                else:
                    high = min(high, int(guess.group(1)) - 1)
        return range(low, high + 1)

    def random_move(self, transcript, rng):
        """A number of the range not guessed before (as far as the messages show), ignoring the hints."""
        low, high = map(int, re.search(r"between (\d+) and (\d+)", transcript.prompt).groups())
        guessed = {int(guess.group(1)) for move, _ in exchanges(transcript) if (guess := re.search(r"\[(\d+)\]", move))}
        return f"[{rng.choice([n for n in range(low, high + 1) if n not in guessed])}]"

    def expert_move(self, transcript):
        """Binary search: the middle of the numbers the hints leave."""
        candidates = self.candidates(transcript)
        return f"[{candidates[(len(candidates) - 1) // 2]}]"


class Mastermind(GamePlayers):
    game = "ta_mastermind"
    recognizes = re.compile(r"You are playing Mastermind")
    has_expert = True

    RULES = re.compile(r"(\d+) digits long, each digit from 1 to (\d+), (with possible repeats|with no duplicates)")
    FEEDBACK = re.compile(r"Submitted \[([\d\s]+)\]\. Feedback: (\d+) black peg\(s\), (\d+) white peg\(s\)")

    def rules(self, transcript: Transcript) -> tuple[int, int, bool]:
        length, symbols, repeats = self.RULES.search(transcript.prompt).groups()
        return int(length), int(symbols), repeats == "with possible repeats"

    def feedback(self, transcript: Transcript) -> list[tuple[tuple[int, ...], int, int]]:
        """(guess, black, white) of every guess the game master answered."""
        return [
            (tuple(map(int, guess.split())), int(black), int(white))
            for guess, black, white in self.FEEDBACK.findall(transcript.text)
        ]

    def random_move(self, transcript, rng):
        """A code of the right shape not guessed before, feedback ignored."""
        length, symbols, repeats = self.rules(transcript)
        guessed = {guess for guess, _, _ in self.feedback(transcript)}
        while True:
            code = tuple(
                rng.choices(range(1, symbols + 1), k=length) if repeats else rng.sample(range(1, symbols + 1), length)
            )
            if code not in guessed:
                return f"[{' '.join(map(str, code))}]"

    def expert_move(self, transcript):
        """The first code, in lexicographic order, that is consistent with all feedback so far."""
        codes, _ = _consistent_codes(self.rules(transcript), tuple(self.feedback(transcript)))
        return f"[{' '.join(map(str, codes[0]))}]"


@functools.lru_cache(maxsize=64)
def _consistent_codes(rules: tuple[int, int, bool], feedback: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The codes (and their symbol counts) consistent with `feedback`, filtered with numpy one guess at a time
    from the candidates of the feedback before it (cached: each move of an episode filters only once; the
    extreme variant starts from 12^6 = 3M codes)."""
    if not feedback:
        return _all_codes(*rules), _symbol_counts(*rules)
    codes, counts = _consistent_codes(rules, feedback[:-1])
    guess, black, white = feedback[-1]
    blacks = (codes == np.array(guess, dtype=np.int8)).sum(axis=1, dtype=np.int8)
    common = sum(np.minimum(counts[:, symbol], guess.count(symbol)) for symbol in set(guess))
    keep = (blacks == black) & (common == black + white)
    return codes[keep], counts[keep]


@functools.cache
def _all_codes(length: int, symbols: int, repeats: bool) -> np.ndarray:
    """Every code in lexicographic order, one per row (read-only: shared by every episode of a process)."""
    codes = np.indices((symbols,) * length, dtype=np.int8).reshape(length, -1).T + 1
    if not repeats:
        codes = codes[np.array([len(set(code)) == length for code in codes.tolist()])]
    codes.flags.writeable = False
    return codes


@functools.cache
def _symbol_counts(length: int, symbols: int, repeats: bool) -> np.ndarray:
    """How often each symbol (column 0 unused) occurs in each code of `_all_codes`."""
    codes = _all_codes(length, symbols, repeats)
    counts = np.zeros((len(codes), symbols + 1), dtype=np.int8)
    rows = np.arange(len(codes))
    for position in range(length):
        counts[rows, codes[:, position]] += 1
    counts.flags.writeable = False
    return counts


class Bandit(GamePlayers):
    """Only the final pick is scored, so the pulls serve best-arm identification, not reward."""

    game = "ta_bandit"
    recognizes = re.compile(r"You are in a room with \d+ buttons: .* Bernoulli distribution")
    has_expert = True
    expert_bar = 65.0
    expert_bar_reason = (
        "Luck: the pulls are Bernoulli draws. With 20 pulls over 5 buttons (40 over 10) the expert "
        "picks the best button in 60% (35%) of 400 (200) simulated games of the env, mean score 76 "
        "(77); on the 50 shipped games per variant it measured 66 (76), a random pick 37 (43)."
    )

    PULL = re.compile(r"You pressed the (\w+) button and received a reward of ([01])\.0")

    @staticmethod
    def rules(transcript: Transcript) -> tuple[list[str], int]:
        buttons = re.search(r"buttons: ([\w, ]+)\. Each", transcript.prompt).group(1).split(", ")
        pulls = int(re.search(r"You have (\d+) time steps", transcript.prompt).group(1))
        return buttons, pulls

    def random_move(self, transcript, rng):
        buttons, _ = self.rules(transcript)
        return f"[{rng.choice(buttons)}]"

    def expert_move(self, transcript):
        """Two pulls of every button in turn, then the less pulled of the two buttons with the highest posterior
        mean (Beta(1, 1) prior); the final pick is the highest posterior mean (more pulls break ties)."""
        buttons, budget = self.rules(transcript)
        wins, pulls = dict.fromkeys(buttons, 0), dict.fromkeys(buttons, 0)
        for button, reward in self.PULL.findall(transcript.text):
            wins[button] += int(reward)
            pulls[button] += 1
        made = sum(pulls.values())
        if made < 2 * len(buttons) and made < budget:
            return f"[{buttons[made % len(buttons)]}]"
        ranked = sorted(buttons, key=lambda b: ((wins[b] + 1) / (pulls[b] + 2), pulls[b]), reverse=True)
        if made >= budget:
            return f"[{ranked[0]}]"
        first, second = ranked[:2]
        return f"[{first if pulls[first] <= pulls[second] else second}]"


class Secretary(GamePlayers):
    game = "ta_secretary"
    recognizes = re.compile(r"You will observe \d+ hidden values sequentially")
    has_expert = True
    expert_bar = 35.0
    expert_bar_reason = (
        "Luck: no strategy reliably picks the best of values seen one at a time; the optimal stopping "
        "rule does in 43% (5 values) / 40% (10 values) of the games (100,000 simulated), and measured "
        "42 / 38 on the 50 shipped instances per variant, the random player 26 / 12."
    )

    def random_move(self, transcript, rng):
        return rng.choice(["[accept]", "[continue]"])

    def expert_move(self, transcript):
        """The optimal stopping rule: let the first r values pass (r ~ N/e, exactly the r that maximises the chance
        of the best), then accept the first value higher than every value seen before."""
        count = int(re.search(r"You will observe (\d+) hidden values", transcript.prompt).group(1))
        values = [float(value) for value in re.findall(r"The current value is (\d+\.\d+)\.", transcript.text)]
        cutoff = max(range(1, count), key=lambda r: r / count * sum(1 / (i - 1) for i in range(r + 1, count + 1)))
        if len(values) > cutoff and values[-1] > max(values[:-1]):
            return "[accept]"
        return "[continue]"


class ThreeCardMonte(GamePlayers):
    game = "ta_three_card_monte"
    recognizes = re.compile(r"Track the hidden ball 'X' while the cups are shuffled")
    has_expert = True

    def random_move(self, transcript, rng):
        cups = re.search(r"Cups: ((?:\[\d+\] ?)+)", transcript.text).group(1).split()
        return rng.choice(cups)

    def expert_move(self, transcript):
        """Follows the ball from its start through every announced swap."""
        start = re.search(r"Ball starts: ((?:\[(?:\d+|X)\] ?)+)", transcript.text).group(1).split()
        ball = start.index("[X]")
        for first, second in re.findall(r"swapped cups (\d+) and (\d+)", transcript.text):
            first, second = int(first), int(second)
            ball = second if ball == first else first if ball == second else ball
        return f"[{ball}]"


class Countdown(GamePlayers):
    game = "ta_countdown"
    recognizes = re.compile(r"You are playing Countdown numbers game")
    has_expert = True

    @staticmethod
    def board(transcript: Transcript) -> tuple[int, list[int]]:
        """The target and the numbers of the latest board, in index order."""
        board = transcript.text[transcript.text.rindex("TARGET:") :]
        target = int(re.match(r"TARGET: (-?\d+)", board).group(1))
        numbers = [int(n) for n in re.findall(r"^\s+\[\d+\] (-?\d+)", board, re.MULTILINE)]
        return target, numbers

    def random_move(self, transcript, rng):
        """A legal operation: any two numbers, any operation whose result TextArena accepts."""
        _, numbers = self.board(transcript)
        moves = [
            (first, second, op)
            for first, second in itertools.permutations(range(len(numbers)), 2)
            for op in "+-*/"
            if _countdown_accepts(numbers[first], numbers[second], op)
        ]
        return "[{} {} {}]".format(*rng.choice(moves))

    def expert_move(self, transcript):
        """The first operation of the shortest way to the value closest to the target (exhaustive search)."""
        target, numbers = self.board(transcript)
        plan = _countdown_plan(tuple(sorted(numbers)), target)
        if not plan:  # the closest value is already made; TextArena goes on until one number is left
            return "[0 1 +]"
        a, op, b = plan[0]
        first = numbers.index(a)
        second = next(index for index, n in enumerate(numbers) if n == b and index != first)
        return f"[{first} {second} {op}]"


MAX_VALUE = 1_000_000  # TextArena 0.7.4's Countdown rejects larger results


def _countdown_value(a: int, op: str, b: int) -> int:
    """`a op b` as Countdown computes it (a division is whole where TextArena accepts it)."""
    return a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a // b


def _countdown_accepts(a: int, b: int, op: str) -> bool:
    """Whether TextArena 0.7.4's Countdown accepts `a op b`: whole divisions, other results up to 1,000,000."""
    if op == "/":
        return b != 0 and a % b == 0
    return abs(_countdown_value(a, op, b)) <= MAX_VALUE


def _countdown_plan(numbers: tuple[int, ...], target: int) -> list[tuple[int, str, int]]:
    """Operations (a, op, b) that make the value closest to the target from `numbers` (empty when one of them is
    already the closest), found by exhaustive search over the states of numbers left. Only non-negative
    intermediate results are tried (a negative one can always be avoided by subtracting the other way round),
    divisions only when whole and products only up to TextArena's limit of 1,000,000."""
    best = {"distance": min(abs(n - target) for n in numbers) if numbers else math.inf, "plan": []}
    seen = set()

    def search(state: tuple[int, ...], plan: list):
        if state in seen or best["distance"] == 0 and len(plan) >= len(best["plan"]):
            return
        seen.add(state)
        for i, j in itertools.combinations(range(len(state)), 2):
            a, b = max(state[i], state[j]), min(state[i], state[j])
            rest = state[:i] + state[i + 1 : j] + state[j + 1 :]
            results = (
                [(a + b, "+"), (a - b, "-")]
                + ([(a * b, "*")] if a * b <= MAX_VALUE else [])
                + ([(a // b, "/")] if b and a % b == 0 else [])
            )
            for value, op in results:
                step = plan + [(a, op, b)]
                distance = abs(value - target)
                if distance < best["distance"] or distance == best["distance"] and len(step) < len(best["plan"]):
                    best.update(distance=distance, plan=step)
                if len(rest) >= 1:
                    search(tuple(sorted(rest + (value,))), step)

    search(numbers, [])
    return best["plan"]


def countdown_solution(numbers: tuple[int, ...], target: int) -> list[tuple[int, str, int]] | None:
    """The shortest operations (a, op, b) whose last result is the target, or None when no combination of the
    numbers reaches it exactly (also when a start number is the target: no operation is needed)."""
    plan = _countdown_plan(tuple(sorted(numbers)), target)
    if not plan:
        return None
    return plan if _countdown_value(*plan[-1]) == target else None


class Cryptarithm(GamePlayers):
    game = "ta_cryptarithm"
    recognizes = re.compile(r"Map each letter to a unique digit so the arithmetic holds")
    has_expert = True

    EQUATION = re.compile(r"\b([A-Z]+(?: \+ [A-Z]+)*) = ([A-Z]+)$", re.MULTILINE)

    def equation(self, transcript: Transcript) -> tuple[tuple[str, ...], str]:
        addends, result = self.EQUATION.search(transcript.text).groups()
        return tuple(addends.split(" + ")), result

    @staticmethod
    def mapping(transcript: Transcript) -> dict[str, int]:
        """The latest board's letter -> digit table."""
        board = transcript.text[transcript.text.rindex("Mapping:") :]
        return {letter: int(digit) for letter, digit in re.findall(r"^\s+([A-Z]) → (\d)$", board, re.MULTILINE)}

    def random_move(self, transcript, rng):
        """A legal assignment: a digit no other letter holds, not 0 for a word's first letter."""
        addends, result = self.equation(transcript)
        mapping = self.mapping(transcript)
        letter = rng.choice(sorted(set("".join(addends) + result)))
        taken = {digit for other, digit in mapping.items() if other != letter}
        leading = {word[0] for word in (*addends, result)}
        return f"[{letter} {rng.choice([d for d in range(int(letter in leading), 10) if d not in taken])}]"

    def expert_move(self, transcript):
        """Assigns, letter by letter in alphabetical order, the digits of the first solution (column search)."""
        solution = cryptarithm_solution(*self.equation(transcript))
        mapping = self.mapping(transcript)
        letter = next(letter for letter in sorted(solution) if mapping.get(letter) != solution[letter])
        return f"[{letter} {solution[letter]}]"


@functools.cache
def cryptarithm_solution(addends: tuple[str, ...], result: str) -> dict[str, int] | None:
    """The first digit assignment (distinct digits, no leading zero) under which the addends sum to the result, or
    None when there is none: column by column from the right, each column's unassigned letters tried digit by
    digit and its sum's last digit checked against the result's letter before the next column (milliseconds for
    ten letters, where trying every permutation takes seconds)."""
    leading = {word[0] for word in (*addends, result)}
    mapping: dict[str, int] = {}

    def fits(letter: str, digit: int) -> bool:
        return digit not in mapping.values() and not (digit == 0 and letter in leading)

    def column(place: int, carry: int) -> bool:
        if place == len(result):
            return carry == 0 and all(len(word) <= len(result) for word in addends)
        return add([word[-1 - place] for word in addends if len(word) > place], place, carry)

    def add(letters: list[str], place: int, total: int) -> bool:
        if letters:
            letter, rest = letters[0], letters[1:]
            if letter in mapping:
                return add(rest, place, total + mapping[letter])
            for digit in range(10):
                if fits(letter, digit):
                    mapping[letter] = digit
                    if add(rest, place, total + digit):
                        return True
                    del mapping[letter]
            return False
        letter, digit = result[-1 - place], total % 10
        if letter in mapping:
            return mapping[letter] == digit and column(place + 1, total // 10)
        if not fits(letter, digit):
            return False
        mapping[letter] = digit
        if column(place + 1, total // 10):
            return True
        del mapping[letter]
        return False

    return dict(sorted(mapping.items())) if column(0, 0) else None


GAMES = [GuessTheNumber(), Mastermind(), Bandit(), Secretary(), ThreeCardMonte(), Countdown(), Cryptarithm()]
