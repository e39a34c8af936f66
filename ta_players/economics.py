"""Players for the economics and social-dilemma games: Colonel Blotto, the iterated matrix games (Matching Pennies,
Prisoner's Dilemma, Rock-Paper-Scissors, Two-Thirds Average, Stag Hunt, Ultimatum), the three-player IPD, the
Public Goods and Market Entry games, the blind auction and the negotiations (SimpleNegotiation, TwoDollar,
NewRecruit, UsedCarNegotiation and UsedCar, ScorableGames).

Most of these games alternate free-chat turns with decision turns; the phase is read from the latest phase
message the game master sent (TextArena 0.7.4 announces each switch), never from env internals.
"""

import ast
import itertools
import math
import re
from collections import Counter

from ta_players.base import GamePlayers, Transcript, last_match, messages_left_out

CHAT = "Hello, let us both do well in this game."


def _in_phase(text: str, opens: str, closes: str) -> bool:
    """True when the latest `opens` message comes after the latest `closes` message (or `closes` never came)."""
    opened, closed = last_match(opens, text), last_match(closes, text)
    return opened is not None and (closed is None or opened.start() > closed.start())


def _own_id(transcript: Transcript) -> int:
    return int(re.search(r"You are Player (\d+)", transcript.prompt).group(1))


class TalkThenDecide(GamePlayers):
    """Games whose rounds open with free talk and close with a decision: the phase is the latest of the
    announcements `DECIDE` (the talk is over) and `CHAT_AGAIN` (a new round's talk begins). Both players talk
    (`TALK`, `PROMISE`) until the decision, then decide (`random_decision`, `expert_decision`)."""

    DECIDE: str
    CHAT_AGAIN: str
    TALK = CHAT
    PROMISE: str

    def deciding(self, transcript: Transcript) -> bool:
        return _in_phase(transcript.text, self.DECIDE, self.CHAT_AGAIN)

    def random_move(self, transcript, rng):
        return self.random_decision(transcript, rng) if self.deciding(transcript) else self.TALK

    def expert_move(self, transcript):
        return self.expert_decision(transcript) if self.deciding(transcript) else self.PROMISE

    def reference_move(self, transcript):
        return self.reference_decision(transcript) if self.deciding(transcript) else self.PROMISE

    def random_decision(self, transcript: Transcript, rng) -> str:
        raise NotImplementedError

    def expert_decision(self, transcript: Transcript) -> str:
        raise NotImplementedError

    def reference_decision(self, transcript: Transcript) -> str:
        return self.expert_decision(transcript)


def _unprovoked(rounds: list[tuple[bool, bool]]) -> bool:
    """Whether the opponent ever defected unprovoked, given each round's (this player cooperated, the opponent
    cooperated): in the first round, or after a round in which this player cooperated. A reciprocator (tit for
    tat, or this module's experts) never does; a player that does not answer to this player's moves soon does."""
    return any(not theirs and (i == 0 or rounds[i - 1][0]) for i, (_, theirs) in enumerate(rounds))


# --- Colonel Blotto -------------------------------------------------------------------------------------------------


class ColonelBlotto(GamePlayers):
    game = "ta_colonel_blotto"
    recognizes = re.compile(r"in a game of ColonelBlotto")
    has_expert = True
    expert_name = "best_response"

    @staticmethod
    def rules(transcript):
        rule = re.search(r"allocate exactly (\d+) units across fields: ([A-Z](?:, [A-Z])*)", transcript.prompt)
        return int(rule.group(1)), rule.group(2).split(", ")

    @staticmethod
    def _composition(rng, units: int, fields: int) -> list[int]:
        cuts = sorted(rng.sample(range(units + fields - 1), fields - 1))
        bounds = [-1, *cuts, units + fields - 1]
        return [bounds[i + 1] - bounds[i] - 1 for i in range(fields)]

    @staticmethod
    def _format(fields, allocation) -> str:
        return "[" + " ".join(f"{field}{units}" for field, units in zip(fields, allocation)) + "]"

    def random_move(self, transcript, rng):
        units, fields = self.rules(transcript)
        return self._format(fields, self._composition(rng, units, len(fields)))

    def expert_move(self, transcript):
        """The allocation that would have won most of the opponent's past rounds, recent ones weighing more, with
        uniform random allocations standing in for a prior; the candidates are the even spread and its small
        perturbations (the best answer to uniform allocations), allocations concentrated on a bare majority of
        fields, and random allocations seeded by the transcript."""
        units, fields = self.rules(transcript)
        n = len(fields)
        me = "Alpha" if "You are Commander Alpha" in transcript.prompt else "Beta"
        opponent = "Beta" if me == "Alpha" else "Alpha"
        history = [
            [int(units_) for units_ in re.findall(r"[A-Z]: (\d+)", line)]
            for line in re.findall(rf"Commander {opponent} allocated:\s*([^\n]*)", transcript.text)
        ]
        rng = transcript.rng()
        prior = [self._composition(rng, units, n) for _ in range(24)]
        weighted = [(0.25, other) for other in prior] + [(1.0 + i, other) for i, other in enumerate(history)]
        even = [units // n + (1 if i < units % n else 0) for i in range(n)]
        candidates = [even]
        for _ in range(30):
            allocation = list(even)
            for _ in range(rng.randint(1, 3)):
                source, target = rng.sample(range(n), 2)
                moved = min(allocation[source], rng.randint(1, 2))
                allocation[source] -= moved
                allocation[target] += moved
            candidates.append(allocation)
        candidates += [self._composition(rng, units, n) for _ in range(30)]
        for size in (n // 2 + 1, n // 2 + 2):
            if size <= n:
                for chosen in itertools.islice(itertools.combinations(range(n), size), 20):
                    allocation = [0] * n
                    for i, field in enumerate(chosen):
                        allocation[field] = units // size + (1 if i < units % size else 0)
                    candidates.append(allocation)

        def value(allocation):
            total = 0.0
            for weight, other in weighted:
                won = sum(a > b for a, b in zip(allocation, other))
                lost = sum(a < b for a, b in zip(allocation, other))
                total += weight * (1.0 if won > lost else 0.5 if won == lost else 0.0)
            return total

        return self._format(fields, max(candidates, key=value))


# --- Two-player repeated matrix games --------------------------------------------------------------------------------


class IteratedMatchingPennies(GamePlayers):
    game = "ta_iterated_matching_pennies"
    recognizes = re.compile(r"-round Matching Pennies game")
    has_expert = True
    expert_name = "pattern"

    def random_move(self, transcript, rng):
        return rng.choice(["[heads]", "[tails]"])

    @staticmethod
    def pattern_coin(rounds: list[tuple[str, str]], seat: int) -> str | None:
        """The coin the pattern strategy at `seat` plays: it predicts the other seat's next coin from what followed
        the last round's pair of coins before (else from its overall frequency) and plays against it (Player 0 wins
        on a match, Player 1 on a mismatch); None when it sees no edge and tosses."""
        theirs = [pair[1 - seat] for pair in rounds]
        following = Counter(theirs[i + 1] for i in range(len(rounds) - 1) if rounds[i] == rounds[-1])
        counts = following if sum(following.values()) >= 2 else Counter(theirs)
        if not counts or counts["heads"] == counts["tails"]:
            return None
        predicted = counts.most_common(1)[0][0]
        return predicted if seat == 0 else ("tails" if predicted == "heads" else "heads")

    @staticmethod
    def rounds(transcript) -> list[tuple[str, str]]:
        return re.findall(r"Player 0 picked (heads|tails); Player 1 picked (heads|tails)", transcript.text)

    def reference_move(self, transcript):
        """The pattern strategy; without an edge, a coin seeded by the transcript."""
        coin = self.pattern_coin(self.rounds(transcript), _own_id(transcript))
        return f"[{coin or transcript.rng().choice(['heads', 'tails'])}]"

    def expert_move(self, transcript):
        """One step ahead of the pattern strategy: where an opponent playing it would play a known coin, the coin
        that beats it; else the pattern strategy itself. Against uniformly random coins no strategy has an edge."""
        me, rounds = _own_id(transcript), self.rounds(transcript)
        anticipated = self.pattern_coin(rounds, 1 - me) if rounds else None
        if anticipated is None:
            return self.reference_move(transcript)
        return f"[{anticipated if me == 0 else ('tails' if anticipated == 'heads' else 'heads')}]"


class IteratedPrisonersDilemma(TalkThenDecide):
    game = "ta_iterated_prisoners_dilemma"
    recognizes = re.compile(r"in an Iterated Prisoner's Dilemma spanning")
    has_expert = True
    expert_name = "tit_for_tat"
    DECIDE = r"Conversation finished for round \d+"
    CHAT_AGAIN = r"--- Starting Round \d+ ---|Round \d+ results:"
    PROMISE = "I will cooperate as long as you cooperate."

    def random_decision(self, transcript, rng):
        return rng.choice(["[Cooperate]", "[Defect]"])

    ROUND = re.compile(
        r"Round \d+ results:\n(?:Both players (cooperated|defected)|"
        r"Player 0 (cooperated|defected), Player 1 (cooperated|defected))"
    )

    def rounds(self, transcript) -> list[tuple[bool, bool]]:
        """Each round's (this player cooperated, the opponent cooperated), oldest first."""
        me, rounds = _own_id(transcript), []
        for both, first, second in self.ROUND.findall(transcript.text):
            moves = (both, both) if both else (first, second)
            rounds.append((moves[me] == "cooperated", moves[1 - me] == "cooperated"))
        return rounds

    def reference_decision(self, transcript):
        """Tit for tat: cooperate first, then do what the opponent did in the previous round."""
        rounds = self.rounds(transcript)
        return "[Cooperate]" if not rounds or rounds[-1][1] else "[Defect]"

    def expert_decision(self, transcript):
        """Tit for tat until the opponent defects unprovoked, then defect to the end. Against a reciprocator (tit
        for tat, itself) it cooperates throughout: 3 a round, the 30 that score 100. Against a player that defects
        whatever it does (random play) defecting is the better move in every round (5 or 1 against 3 or 0: 3 a
        round against a coin instead of 1.5), and such a player soon defects unprovoked; a reciprocator never does,
        so the exploit costs nothing against one. Defecting in the last round would gain nothing (the score is
        capped at cooperation's 30) and would cost the self-play score."""
        rounds = self.rounds(transcript)
        if _unprovoked(rounds):
            return "[Defect]"
        return "[Cooperate]" if not rounds or rounds[-1][1] else "[Defect]"


RPS_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
RPS_BEATEN_BY = {beaten: winner for winner, beaten in RPS_BEATS.items()}


class IteratedRockPaperScissors(GamePlayers):
    game = "ta_iterated_rock_paper_scissors"
    recognizes = re.compile(r"-round Rock-Paper-Scissors game")
    has_expert = True
    expert_name = "frequency"

    def random_move(self, transcript, rng):
        return rng.choice(["[rock]", "[paper]", "[scissors]"])

    @staticmethod
    def moves(transcript) -> tuple[list[str], list[str]]:
        """(this player's moves, the opponent's moves) of the rounds played. TextArena reports only who won a round,
        so the opponent's move is inferred from the player's own move (echoed to it) and the result."""
        me = _own_id(transcript)
        events = re.findall(
            r"Player \d+ selects move (rock|paper|scissors)|Round result: (Draw|Player (\d+) wins)", transcript.text
        )
        own, mine, theirs = None, [], []
        for move, result, winner in events:
            if move:
                own = move
            elif own is not None:
                mine.append(own)
                theirs.append(own if result == "Draw" else RPS_BEATS[own] if int(winner) == me else RPS_BEATEN_BY[own])
                own = None
        return mine, theirs

    @staticmethod
    def most_frequent(moves: list[str]) -> list[str]:
        """The moves played most often, sorted (all three before any move)."""
        counts = Counter(moves)
        if not counts:
            return list(RPS_BEATS)
        return sorted(move for move, count in counts.items() if count == max(counts.values()))

    def reference_move(self, transcript):
        """Counters the opponent's most frequent move; a tie is broken by a coin seeded by the transcript."""
        _, theirs = self.moves(transcript)
        return f"[{RPS_BEATEN_BY[transcript.rng().choice(self.most_frequent(theirs))]}]"

    def expert_move(self, transcript):
        """One step ahead of the frequency strategy: where an opponent playing it would counter this player's one
        most frequent move, the move that beats that counter; else the frequency strategy itself. Against
        uniformly random moves no strategy has an edge."""
        mine, _ = self.moves(transcript)
        favourite = self.most_frequent(mine)
        if mine and len(favourite) == 1:
            return f"[{RPS_BEATEN_BY[RPS_BEATEN_BY[favourite[0]]]}]"
        return self.reference_move(transcript)


class IteratedTwoThirdsAverage(GamePlayers):
    game = "ta_iterated_two_thirds_average"
    recognizes = re.compile(r"-round of IteratedTwoThirdsAverage")
    has_expert = True
    expert_name = "equilibrium"

    def random_move(self, transcript, rng):
        low, high = (
            float(x)
            for x in re.search(
                r"guess a number between (\d+(?:\.\d+)?) and (\d+(?:\.\d+)?)", transcript.prompt
            ).groups()
        )
        return f"[{rng.randint(math.ceil(low), math.floor(high))}]"

    def expert_move(self, transcript):
        """With two players the target (2/3 of the mean) lies below the middle of the two guesses, so the lower
        guess always wins the round: the minimum guess never loses a round (the iterated best response ends there)."""
        low = re.search(r"guess a number between (\d+(?:\.\d+)?) and", transcript.prompt).group(1)
        return f"[{float(low):g}]"


class IteratedStagHunt(TalkThenDecide):
    game = "ta_iterated_stag_hunt"
    recognizes = re.compile(r"round game of Iterated Stag Hunt")
    has_expert = True
    expert_name = "tit_for_tat"
    DECIDE = r"The decision phase for round \d+ has started"
    CHAT_AGAIN = r"Round \d+ complete\. Results:"
    PROMISE = "I will hunt the stag as long as you do."

    def random_decision(self, transcript, rng):
        return rng.choice(["[Stag]", "[Hare]"])

    MATRIX = re.compile(
        r"Both hunt a Stag: Both get (\d+) points\n- Both hunt a Hare: Both get (\d+) points\n"
        r"- One hunts a Hare, One hunts a Stag: The hunter of the Hare gets (\d+) points, the hunter "
        r"of the Stag gets (\d+) points"
    )

    def rounds(self, transcript) -> list[tuple[bool, bool]]:
        """Each round's (this player hunted the stag, the opponent hunted the stag), oldest first."""
        me = _own_id(transcript)
        return [
            (picks[me] == "stag", picks[1 - me] == "stag")
            for picks in re.findall(
                r"Round \d+ complete\. Results:\n\tPlayer 0 picked '(stag|hare)'[^\n]*\n"
                r"\tPlayer 1 picked '(stag|hare)'",
                transcript.text,
            )
        ]

    def reference_decision(self, transcript):
        """Tit for tat: hunt the stag first, then do what the opponent did in the previous round."""
        rounds = self.rounds(transcript)
        return "[Stag]" if not rounds or rounds[-1][1] else "[Hare]"

    def expert_decision(self, transcript):
        """Hunts the stag with a player that does, as tit for tat does (10 a round against a reciprocator, which
        scores 100); once the opponent hunts the hare unprovoked (in the first round or after a round this player
        hunted the stag), it plays the best response to the opponent's observed stag rate (Laplace-smoothed) under
        the round's payoffs. Against random play that is the hare on the default payoffs (6.5 a round in
        expectation against the stag's 5.5: the stag pays only above a stag rate of 2/3), and the stag in a
        randomized round whose mutual stag pays so much that the stag pays more against a coin."""
        rounds = self.rounds(transcript)
        if not _unprovoked(rounds):
            return "[Stag]" if not rounds or rounds[-1][1] else "[Hare]"
        matrices = self.MATRIX.findall(transcript.text)
        if not matrices:  # the round's payoffs are out of view: the hare is the safe hunt
            return "[Hare]"
        mutual_stag, mutual_hare, single_hare, single_stag = (int(x) for x in matrices[-1])
        stag_rate = (sum(theirs for _, theirs in rounds) + 1) / (len(rounds) + 2)
        stag = stag_rate * mutual_stag + (1 - stag_rate) * single_stag
        hare = stag_rate * single_hare + (1 - stag_rate) * mutual_hare
        return "[Stag]" if stag > hare else "[Hare]"


class IteratedUltimatumGame(GamePlayers):
    game = "ta_iterated_ultimatum_game"
    recognizes = re.compile(r"rounds of Iterated Ultimatum Game")
    has_expert = True
    expert_name = "tit_for_tat"
    ROUND = r"Player (\d+) is the proposer"
    OFFER = r"Player (\d+) offers \$(\d+) to Player (\d+)"

    @staticmethod
    def pool(transcript) -> int:
        return int(re.search(r"You have \$(\d+) to split", transcript.prompt).group(1))

    def _responding(self, transcript) -> bool:
        return _in_phase(transcript.text, self.OFFER, self.ROUND)

    def random_move(self, transcript, rng):
        if self._responding(transcript):
            return rng.choice(["[Accept]", "[Reject]"])
        return f"[Offer: ${rng.randint(0, self.pool(transcript))}]"

    def expert_move(self, transcript):
        """Reciprocity: offers 40% of the pool, or what the opponent last offered it when that is less (never
        more than half); accepts an offer of at least 40% of the pool or of what it last offered."""
        me, pool = _own_id(transcript), self.pool(transcript)
        offers = [(int(p), int(x)) for p, x, _ in re.findall(self.OFFER, transcript.text)]
        mine = [x for p, x in offers if p == me]
        received = [x for p, x in offers if p != me]
        fair = round(0.4 * pool)
        if self._responding(transcript):
            threshold = min(fair, mine[-1]) if mine else fair
            return "[Accept]" if received[-1] >= threshold else "[Reject]"
        rejected = last_match(rf"Player {1 - me} rejected the offer", transcript.text)
        accepted = last_match(rf"Player {1 - me} accepted", transcript.text)
        if mine and rejected and (accepted is None or rejected.start() > accepted.start()):
            return f"[Offer: ${min(pool // 2, mine[-1] + pool // 10)}]"
        offer = min(fair, received[-1]) if received else fair
        return f"[Offer: ${min(offer, pool // 2)}]"


# --- Games of three or more -------------------------------------------------------------------------------------------


class ThreePlayerIPD(TalkThenDecide):
    game = "ta_three_player_ipd"
    recognizes = re.compile(r"in a 3-player Iterated Prisoner's Dilemma")
    has_expert = True
    expert_name = "tit_for_tat"
    DECIDE = r"Chat finished for round \d+"
    CHAT_AGAIN = r"Starting Round \d+|### Round \d+ - Results"
    PROMISE = "I will cooperate with everyone who cooperates with me."

    @staticmethod
    def opponents(transcript):
        me = _own_id(transcript)
        return [pid for pid in range(3) if pid != me]

    def random_decision(self, transcript, rng):
        return " ".join(f"[{pid} {rng.choice(['cooperate', 'defect'])}]" for pid in self.opponents(transcript))

    def rounds(self, transcript) -> dict[int, list[tuple[bool, bool]]]:
        """Per opponent, each round's (this player cooperated with it, it cooperated with this player), oldest first."""
        me = _own_id(transcript)
        rounds = {pid: [] for pid in self.opponents(transcript)}
        for results in re.findall(r"### Round \d+ - Results:[^#]*", transcript.text):
            for i, j, a, b in re.findall(
                r"Player (\d+) vs Player (\d+) chose to (cooperate|defect) and (cooperate|defect)", results
            ):
                i, j = int(i), int(j)
                if i == me:
                    rounds[j].append((a == "cooperate", b == "cooperate"))
                elif j == me:
                    rounds[i].append((b == "cooperate", a == "cooperate"))
        return rounds

    def reference_decision(self, transcript):
        """Tit for tat per pair: cooperate with each opponent unless that opponent defected against it last round."""
        return " ".join(
            f"[{pid} {'defect' if rounds and not rounds[-1][1] else 'cooperate'}]"
            for pid, rounds in self.rounds(transcript).items()
        )

    def expert_decision(self, transcript):
        """Per pair, tit for tat until that opponent defects against it unprovoked, then defect against it to the
        end (the two-player expert's reasoning, pair by pair: the pairs' payoffs simply add up). Against two
        reciprocators it cooperates throughout (3 + 3 a round, the 30 that score 100); against random play it soon
        defects against both, 3 + 3 a round in expectation instead of 1.5 + 1.5."""
        return " ".join(
            f"[{pid} {'defect' if _unprovoked(rounds) or (rounds and not rounds[-1][1]) else 'cooperate'}]"
            for pid, rounds in self.rounds(transcript).items()
        )


class PublicGoodsGame(TalkThenDecide):
    game = "ta_public_goods_game"
    recognizes = re.compile(r"in a Public Goods Game spanning")
    has_expert = True
    expert_name = "tit_for_tat"
    DECIDE = r"Conversation finished for round \d+"
    CHAT_AGAIN = r"--- Starting Round \d+ ---"
    TALK = "{" + CHAT + "}"  # only text in braces is shown to the others
    PROMISE = "{I will match what the rest of you contribute, starting with everything.}"

    @staticmethod
    def endowment(transcript) -> int:
        return int(re.search(r"you receive (\d+) tokens", transcript.prompt).group(1))

    def random_decision(self, transcript, rng):
        return f"I contribute [{rng.randint(0, self.endowment(transcript))}]"

    def contributions(self, transcript) -> list[dict[int, int]]:
        """Each round's contributions by player, oldest first."""
        return [
            {int(pid): int(x) for pid, x in re.findall(r"Player (\d+): (\d+) tokens", block)}
            for block in re.findall(
                r"All players have made their decisions:\n((?:Player \d+: \d+ tokens\n?)+)", transcript.text
            )
        ]

    def reference_decision(self, transcript):
        """Conditional cooperation: contributes everything in the first round, then the mean of the others'
        contributions in the previous round (rounded)."""
        me, rounds = _own_id(transcript), self.contributions(transcript)
        others = [x for pid, x in rounds[-1].items() if pid != me] if rounds else []
        return f"[{round(sum(others) / len(others)) if others else self.endowment(transcript)}]"

    def expert_decision(self, transcript):
        """Contributes everything while every other player does (full cooperation, what the score calls 100, and
        what conditional cooperators such as the tit-for-tat reference keep up); once another player falls short
        unprovoked (in the first round or after a round in which this player gave everything), it keeps its tokens
        to the end. A token kept is worth 1 and a token given returns multiplier / players to the giver (1.5 / 3 or
        1.5 / 4 in the shipped games), so without reciprocity to sustain, giving is a loss: against random
        contributions (10 of 20 on average) keeping everything earns 20 + 10 (three seats) a round, as much as full
        cooperation, where giving everything earns 20."""
        me, endowment = _own_id(transcript), self.endowment(transcript)
        rounds = [
            (round_[me] == endowment, all(x == endowment for pid, x in round_.items() if pid != me))
            for round_ in self.contributions(transcript)
            if me in round_
        ]
        if not _unprovoked(rounds):
            return f"[{endowment}]"
        factor = float(re.search(r"Public good = \(sum of all contributions\) × ([\d.]+)", transcript.prompt).group(1))
        players = int(re.search(r"divided equally among all (\d+) players", transcript.prompt).group(1))
        return f"[{endowment if factor >= players else 0}]"


class MarketEntryGame(TalkThenDecide):
    game = "ta_market_entry_game"
    recognizes = re.compile(r"in a Market Entry Game spanning")
    has_expert = True
    expert_name = "best_response"
    DECIDE = r"Conversation finished for round \d+"
    CHAT_AGAIN = r"--- Starting Round \d+ ---"
    TALK = "{" + CHAT + "}"  # only text in braces is shown to the others
    PROMISE = "{I am still deciding whether to enter.}"

    def random_decision(self, transcript, rng):
        return rng.choice(["[E]", "[S]"])

    def expert_decision(self, transcript):
        """Win-stay, lose-shift around the capacity, with coins seeded by the transcript: in the first round the
        seats numbered below the capacity enter (a split every copy of it agrees on; with nothing seen yet a coin
        would do no better against others); keeps entering after a profitable entry; after an overcrowded entry
        stays in with probability capacity / entrants; after staying out enters with probability (free places) /
        (players who stayed out). Against three random entrants (capacity 2 of 4) entering and staying out both
        pay 5 a round in expectation (half the time at most one other enters: 15 x 1/2 - 5 x 1/2), so no strategy
        beats random play there. The edge is against adaptive players: an entrant that stays in is one the best
        responses learn to make room for (in simulation 60 against them, where their own rule scores 48), and
        copies of itself keep the first round's split (100; the best responses reach it by chance, 64 in
        simulation)."""
        me = _own_id(transcript)
        capacity = int(re.search(r"Market capacity: (\d+)", transcript.prompt).group(1))
        rounds = re.findall(
            r"All players have made their decisions:\n((?:Player \d+: (?:ENTERED|STAYED OUT)\n)+)", transcript.text
        )
        if not rounds:
            return "[E]" if me < capacity else "[S]"
        coin = transcript.rng().random()
        last = dict(re.findall(r"Player (\d+): (ENTERED|STAYED OUT)", rounds[-1]))
        entrants = sum(decision == "ENTERED" for decision in last.values())
        if last.get(str(me)) == "ENTERED":
            return "[E]" if entrants <= capacity or coin < capacity / entrants else "[S]"
        room = max(0, capacity - entrants) / max(1, len(last) - entrants)
        return "[E]" if coin < room else "[S]"

    def reference_decision(self, transcript):
        """Enters when, with every other player entering as often as it did so far (1/2 before any evidence,
        Laplace-smoothed), entering pays more in expectation than the safe payoff; ties are broken by a coin
        seeded by the transcript. (TextArena 0.7.4 reports each decision twice, with the decisions and with the
        results: each counts twice.)"""
        me, prompt = _own_id(transcript), transcript.prompt
        capacity = int(re.search(r"Market capacity: (\d+)", prompt).group(1))
        safe = float(re.search(r"guaranteed (-?\d+) points", prompt).group(1))
        profit = float(re.search(r"players enter: (-?\d+) points\n", prompt).group(1))
        penalty = float(re.search(r"players enter: (-?\d+) points \(loss", prompt).group(1))
        decisions = re.findall(r"Player (\d+): (ENTERED|STAYED OUT)", transcript.text)
        players = int(re.search(r"Example Scenarios \(with (\d+) players\)", prompt).group(1))
        probabilities = []
        for pid in range(players):
            if pid != me:
                entered = [d == "ENTERED" for p, d in decisions if int(p) == pid]
                probabilities.append((sum(entered) + 1) / (len(entered) + 2))
        # distribution of the number of other entrants
        distribution = [1.0]
        for p in probabilities:
            distribution = [
                (distribution[k] if k < len(distribution) else 0.0) * (1 - p)
                + (distribution[k - 1] * p if k > 0 else 0.0)
                for k in range(len(distribution) + 1)
            ]
        room = sum(distribution[:capacity])
        gain = room * profit + (1 - room) * penalty
        if abs(gain - safe) < 1e-9:
            return transcript.rng().choice(["[E]", "[S]"])
        return "[E]" if gain > safe else "[S]"


# --- Auction and negotiations --------------------------------------------------------------------------------------


class SimpleBlindAuction(GamePlayers):
    game = "ta_simple_blind_auction"
    recognizes = re.compile(r"2-player Simple Blind Auction game")
    has_expert = True
    expert_name = "value_aware"
    BIDDING = r"Now entering the bidding phase"

    @staticmethod
    def items(transcript) -> dict[int, int]:
        return {
            int(i): int(v) for i, v in re.findall(r"- Item (\d+): .*? - Value to you: (\d+) coins", transcript.prompt)
        }

    @staticmethod
    def capital(transcript) -> int:
        return int(re.search(r"You have (\d+) coins to bid", transcript.prompt).group(1))

    @staticmethod
    def _format(bids) -> str:
        return " ".join(f"[Bid on Item {item}: {amount}]" for item, amount in bids)

    def random_move(self, transcript, rng):
        if not re.search(self.BIDDING, transcript.text):
            return CHAT
        items, capital = sorted(self.items(transcript)), self.capital(transcript)
        chosen = sorted(rng.sample(items, rng.randint(1, len(items))))
        budget = rng.randint(len(chosen), capital)
        cuts = sorted(rng.sample(range(1, budget), len(chosen) - 1)) if len(chosen) > 1 else []
        amounts = [b - a for a, b in zip([0, *cuts], [*cuts, budget])]
        return self._format(zip(chosen, amounts))

    def expert_move(self, transcript):
        """Bids a fraction of its own value on every item, within its capital. TextArena 0.7.4 takes every bid
        out of the bidder's capital, won or lost (an all-pay auction), so bids stay well below the value."""
        if not re.search(self.BIDDING, transcript.text):
            return "I value these items modestly and will bid carefully."
        items, capital = self.items(transcript), self.capital(transcript)
        bids = {item: max(1, int(0.5 * value)) for item, value in items.items()}
        scale = min(1.0, capital / sum(bids.values()))
        return self._format((item, max(1, int(bid * scale))) for item, bid in sorted(bids.items()))


NEGOTIATION_RESOURCES = ["Wheat", "Wood", "Sheep", "Brick", "Ore"]
NEGOTIATION_BASE = {"Wheat": 5, "Wood": 10, "Sheep": 15, "Brick": 25, "Ore": 40}
TRADE_OFFER = re.compile(
    r"Player (\d+) made the following offer to Player (\d+): Offered items: (.*?) -> Requested items: (.*)"
)
# a seat's resources and values as the prompt lists them (at the start), and its resources after every accepted trade
# (fixes.economics.SimpleNegotiationFixes)
INVENTORY_ROW = re.compile(r"\[(\w+)\]\s+Qty: (\d+)\s+Value: (\d+)")
TRADED = re.compile(r"^\[GAME\] Your resources after this trade: ((?:\w+ \d+(?:, )?)+) \(", re.MULTILINE)


class SimpleNegotiation(GamePlayers):
    game = "ta_simple_negotiation"
    recognizes = re.compile(r"You are Player \d+ in the Negotiation Game")
    has_expert = True
    expert_name = "value_aware"

    @staticmethod
    def _bundle(text: str) -> dict[str, int]:
        return {name: int(qty) for qty, name in re.findall(r"(\d+) ([A-Za-z]+)", text)}

    def state(self, transcript):
        """(own id, own values, own resources now, the standing offer to this player or None). The resources are
        the latest the game told: after the latest accepted trade, else the prompt's (the start of the game)."""
        me = _own_id(transcript)
        values, resources = {}, {}
        for name, qty, value in INVENTORY_ROW.findall(transcript.prompt):
            resources[name], values[name] = int(qty), int(value)
        if traded := last_match(TRADED, transcript.text):
            resources = {name: int(qty) for name, qty in re.findall(r"(\w+) (\d+)", traded.group(1))}
        standing = None
        for event in re.finditer(
            TRADE_OFFER.pattern + r"|Player (\d+) accepted the trade offer from Player (\d+)", transcript.text
        ):
            if event.group(1) is not None:
                standing = (int(event.group(1)), self._bundle(event.group(3)), self._bundle(event.group(4)))
            else:
                standing = None
        if standing is not None and standing[0] == me:
            standing = None
        return me, values, resources, standing

    @staticmethod
    def _offer(give: dict, take: dict) -> str:
        def bundle(part):
            return ", ".join(f"{qty} {name}" for name, qty in part.items())

        return f"[Offer: {bundle(give)} -> {bundle(take)}]"

    @staticmethod
    def _can_pay(resources, requested) -> bool:
        return all(resources.get(name, 0) >= qty for name, qty in requested.items())

    def random_move(self, transcript, rng):
        _, _, resources, standing = self.state(transcript)
        reply = []
        if standing is not None and self._can_pay(resources, standing[2]) and rng.random() < 0.5:
            reply.append("[Accept]")
            resources = dict(resources)
            for name, qty in standing[1].items():
                resources[name] += qty
            for name, qty in standing[2].items():
                resources[name] -= qty
        owned = [name for name in NEGOTIATION_RESOURCES if resources.get(name, 0) > 0]
        if owned and rng.random() < 0.7:
            give = rng.choice(owned)
            take = rng.choice([name for name in NEGOTIATION_RESOURCES if name != give])
            reply.append(self._offer({give: rng.randint(1, min(5, resources[give]))}, {take: rng.randint(1, 5)}))
        return " ".join(reply) if reply else "I have nothing to trade this turn."

    def expert_move(self, transcript):
        """Accepts a standing offer that raises its inventory value by its own values; offers the one-for-one
        resource swap (up to 5 units each way) that gains most by its own values while the opponent, valuing
        at TextArena's base values, gains too."""
        _, values, resources, standing = self.state(transcript)
        reply = []
        if standing is not None and self._can_pay(resources, standing[2]):
            _, offered, requested = standing
            gain = sum(values[n] * q for n, q in offered.items()) - sum(values[n] * q for n, q in requested.items())
            if gain > 0:
                reply.append("That works for me. [Accept]")
                resources = dict(resources)
                for name, qty in offered.items():
                    resources[name] += qty
                for name, qty in requested.items():
                    resources[name] -= qty
        best, best_gain = None, 0
        for give, take in itertools.permutations(NEGOTIATION_RESOURCES, 2):
            for give_qty in range(1, min(5, resources.get(give, 0)) + 1):
                for take_qty in range(1, 6):
                    theirs = give_qty * NEGOTIATION_BASE[give] - take_qty * NEGOTIATION_BASE[take]
                    mine = take_qty * values[take] - give_qty * values[give]
                    if theirs >= 0 and mine > best_gain:
                        best, best_gain = ({give: give_qty}, {take: take_qty}), mine
        if best:
            reply.append("A fair swap for both of us: " + self._offer(*best))
        return " ".join(reply) if reply else "No trade for me this turn."


class TwoDollar(GamePlayers):
    game = "ta_two_dollar"
    recognizes = re.compile(r"TWO DOLLAR NEGOTIATION GAME")
    has_expert = True
    expert_name = "value_aware"

    @staticmethod
    def situation(transcript):
        """(own id, total, the standing proposal as (proposer, proposer's amount) or None, own last proposal,
        round, rounds)."""
        me = int(re.search(r"You are Player (\d+) negotiating", transcript.prompt).group(1))
        total = float(re.search(r"over how to split \$([\d.]+) total", transcript.prompt).group(1))
        # each turn's observation ends with the round and, while one stands, the current proposal: only the
        # lines after the latest round header describe the proposal standing now (a rejection clears it)
        round_ = last_match(r"=== ROUND (\d+) of (\d+) ===", transcript.text)
        current = re.search(r"CURRENT PROPOSAL:\nPlayer (\d+) wants \$([\d.]+)", transcript.text[round_.end() :])
        standing = (int(current.group(1)), float(current.group(2))) if current else None
        own = re.findall(rf"Player {me} proposes: \$([\d.]+) for themselves", transcript.text)
        return me, total, standing, float(own[-1]) if own else None, int(round_.group(1)), int(round_.group(2))

    @staticmethod
    def role_limits(transcript):
        """(the least this role may end with, whether it may concede only a cent at a time, its deadline)."""
        threshold = re.search(r"VICTORY CONDITION: Receive at least \$([\d.]+)", transcript.prompt)
        deadline = re.search(r"This game ends in (\d+) rounds for you", transcript.prompt)
        return (
            float(threshold.group(1)) if threshold else 0.0,
            "high level of tension" in transcript.prompt,
            int(deadline.group(1)) if deadline else None,
        )

    def random_move(self, transcript, rng):
        me, total, standing, own, _, _ = self.situation(transcript)
        _, one_cent, _ = self.role_limits(transcript)
        choices = ["propose"]
        if standing is not None and standing[0] != me:
            choices += ["accept", "reject"]
        choice = rng.choice(choices)
        if choice == "accept":
            return "Fine. [Accept]"
        if choice == "reject":
            return "No. [Reject]"
        # TextArena 0.7.4 compares the concession as a float (TwoDollar/env.py:313): a one-cent concession mostly
        # counts as more than a cent, so under the high-tension role the players never concede
        low = own if one_cent and own is not None else 0.0
        cents = rng.randint(max(0, math.ceil(round(low * 100, 6))), round(total * 100))
        return f"I want this. [Propose] ${cents / 100:.2f}"

    def expert_move(self, transcript):
        """Opens at 75% of the total and concedes toward half (never under the high-tension role), never
        below its role's minimum; accepts an offer that gives it at least its current demand, and under a
        deadline accepts any offer that meets its minimum."""
        me, total, standing, own, round_, rounds = self.situation(transcript)
        minimum, one_cent, deadline = self.role_limits(transcript)
        progress = min(1.0, (round_ - 1) / max(1, rounds - 2))
        demand = max(minimum, 0.75 * total - progress * 0.25 * total)
        if one_cent and own is not None:
            demand = max(demand, own)
        demand = round(min(total, demand), 2)
        if standing is not None and standing[0] != me:
            offered = round(total - standing[1], 2)
            if (
                offered >= demand
                or (deadline is not None and offered >= minimum)
                or (round_ >= rounds - 1 and offered >= minimum and offered > 0)
            ):
                return "Agreed. [Accept]"
        return f"I need a fair share. [Propose] ${demand:.2f}"


class NewRecruit(GamePlayers):
    game = "ta_new_recruit"
    recognizes = re.compile(r"in the New Recruit negotiation game")
    has_expert = True
    expert_name = "value_aware"
    PROPOSAL = re.compile(r"\[Propose\]\s*([A-E]( ?[A-E]){7})", re.IGNORECASE)

    @staticmethod
    def points(transcript) -> list[dict[str, int]]:
        """Per issue, in order, the points of each letter for this player."""
        block = transcript.prompt.split("higher points are better):", 1)[1].split("You are negotiating with", 1)[0]
        issues = []
        for line in block.splitlines():
            choice = re.match(r"\s+([A-E])\. .*: (-?\d+) points", line)
            if choice:
                issues[-1][choice.group(1)] = int(choice.group(2))
            elif line.strip():
                issues.append({})
        return issues

    def standing(self, transcript):
        """The letters of the opponent's standing proposal, or None."""
        role = re.search(r"You are the (\w+) in", transcript.prompt).group(1)
        event = last_match(
            r"\((\w+)\) (made a new proposal|rejected the proposal|accepted the proposal)", transcript.text
        )
        if event is None or event.group(2) != "made a new proposal" or event.group(1) == role:
            return None
        label = transcript.text.rfind("[Player ", 0, event.start())
        proposal = self.PROPOSAL.search(transcript.text, label, event.start()) if label >= 0 else None
        return re.sub(r"[^A-E]", "", proposal.group(1).upper()) if proposal else None

    def random_move(self, transcript, rng):
        standing = self.standing(transcript)
        choice = rng.choice(["propose", "accept", "reject"] if standing else ["propose"])
        if choice == "accept":
            return "This works. [Accept]"
        if choice == "reject":
            return "Not for me. [Reject]"
        return "[Propose] " + "".join(rng.choice("ABCDE") for _ in range(8))

    def expert_move(self, transcript):
        """Demands a share of its best attainable points that falls each turn (from all of it to half by the end);
        accepts a proposal that meets the demand; proposes its best package, conceded toward the opponent's latest
        proposal on the issues where that costs it least, down to the demand. The opponent's points are hidden:
        where its proposals agree with this player's best (the shared interests) nothing is conceded."""
        points = self.points(transcript)
        worst = sum(min(issue.values()) for issue in points)
        best = sum(max(issue.values()) for issue in points)
        turns = int(re.search(r"The game will end after (\d+) turns", transcript.prompt).group(1))
        progress = min(1.0, self.turns_played(transcript) / max(1, turns - 1))
        demand = worst + (best - worst) * (1.0 - 0.5 * progress)
        standing = self.standing(transcript)
        if standing and sum(issue[letter] for issue, letter in zip(points, standing)) >= demand:
            return "We have a deal. [Accept]"
        wanted = self.latest_opponent_proposal(transcript)
        package = [max(issue, key=issue.get) for issue in points]
        score = best
        while wanted:
            steps = []
            for i, issue in enumerate(points):
                if package[i] != wanted[i]:
                    ranked = sorted(issue, key=issue.get, reverse=True)
                    toward = 1 if ranked.index(wanted[i]) > ranked.index(package[i]) else -1
                    letter = ranked[ranked.index(package[i]) + toward]
                    cost = issue[package[i]] - issue[letter]
                    if score - cost >= demand:
                        steps.append((cost, i, letter))
            if not steps:
                break
            cost, i, letter = min(steps)
            package[i], score = letter, score - cost
        return "This package balances our interests. [Propose] " + "".join(package)

    @staticmethod
    def turns_played(transcript) -> int:
        """The turns both seats have played, counted from the game's announcements (one per turn); where the view
        left older messages out, each left-out turn counts for its two messages (the reply and the announcement)."""
        played = len(
            re.findall(r"\(\w+\) (?:made a new proposal|rejected the proposal|accepted the proposal)", transcript.text)
        )
        return played + messages_left_out(transcript.text) // 2

    def latest_opponent_proposal(self, transcript):
        """The letters of the opponent's latest proposal (standing or not), or None."""
        role = re.search(r"You are the (\w+) in", transcript.prompt).group(1)
        for event in reversed(list(re.finditer(r"\((\w+)\) made a new proposal", transcript.text))):
            if event.group(1) != role:
                label = transcript.text.rfind("[Player ", 0, event.start())
                proposal = self.PROPOSAL.search(transcript.text, label, event.start()) if label >= 0 else None
                if proposal:
                    return re.sub(r"[^A-E]", "", proposal.group(1).upper())
        return None


class UsedCarNegotiation(GamePlayers):
    """Used Car Negotiation's buyer or seller (and UsedCar's, its balanced variant): its role and its private best
    alternative from its brief, the price guide's range from the prompt, the round from the latest announcement
    (`Round k of n`) and the other seat's standing offer from the latest of its offers and one's own rejections."""

    game = "ta_used_car_negotiation"
    recognizes = re.compile(r"You are in a price negotiation with \d+ players.*PRICE GUIDE", re.DOTALL)
    has_expert = True
    expert_name = "concession"
    STEP = 50  # the expert's prices are multiples of this

    @staticmethod
    def situation(transcript):
        """(role, alternative, (low, high) of the price guide, round, rounds, whether this seat moves second in the
        round, the other seat's standing offer or None)."""
        role = re.search(r"You are the (BUYER|SELLER)\.", transcript.prompt).group(1).lower()
        other = "seller" if role == "buyer" else "buyer"
        brief = re.search(r"Your best alternative to a deal.*", transcript.prompt).group(0)
        alternative = int(re.search(r"\$([\d,]+)", brief).group(1).replace(",", ""))
        low, high = (
            int(x.replace(",", ""))
            for x in re.search(r"A price outside \$([\d,]+)-\$([\d,]+)", transcript.prompt).groups()
        )
        round_ = last_match(r"Round (\d+) of (\d+): the (\w+) \(Player 0\) moves first", transcript.text)
        event = last_match(
            rf"The {other} proposed a price of \$(\d+)\.|The {role} rejected the offer\.", transcript.text
        )
        standing = int(event.group(1)) if event is not None and event.group(1) else None
        return (
            role,
            alternative,
            (low, high),
            int(round_.group(1)),
            int(round_.group(2)),
            round_.group(3) != role,
            standing,
        )

    def random_move(self, transcript, rng):
        _, _, (low, high), _, _, _, standing = self.situation(transcript)
        choice = rng.choice(["offer", "discuss", "accept", "reject"] if standing is not None else ["offer", "discuss"])
        if choice == "accept":
            return "[Accept]"
        if choice == "reject":
            return "[Reject]"
        if choice == "discuss":
            return "[Discuss: Can we find a price that works for both of us?]"
        return f"[Offer: {rng.randrange(low, high + 1, 100)}]"

    def demand(self, transcript) -> int:
        """The price this seat asks in the current round: from the guide's end that suits it (the buyer's low, the
        seller's high) in round 1, conceding evenly to a step short of its alternative in the last round."""
        role, alternative, (low, high), round_, rounds, _, _ = self.situation(transcript)
        progress = (round_ - 1) / max(1, rounds - 1)
        if role == "buyer":
            limit = min(alternative, high) - self.STEP
            return int(low + (limit - low) * progress) // self.STEP * self.STEP
        limit = max(alternative, low) + self.STEP
        return -(-int(high - (high - limit) * progress) // self.STEP) * self.STEP

    def expert_move(self, transcript):
        """A concession strategy: accepts a standing offer that meets its demand, or in the last turn of the game
        (the second seat in the last round) any offer better than its alternative; otherwise offers its demand."""
        role, alternative, _, round_, rounds, second, standing = self.situation(transcript)
        demand = self.demand(transcript)
        if standing is not None:
            better = standing < alternative if role == "buyer" else standing > alternative
            meets = standing <= demand if role == "buyer" else standing >= demand
            if meets or (better and second and round_ >= rounds):
                return "[Accept]"
        return f"[Offer: {demand}]"


class UsedCar(UsedCarNegotiation):
    """UsedCar (UsedCar-v0-balanced): UsedCarNegotiation's balanced variant, the same prompt and players."""

    game = "ta_used_car"


# --- ScorableGames (issue 22) ---------------------------------------------------------------------------------------


class ScorableGames(GamePlayers):
    """A party of a ScorableGames scenario. It reads its own scoring table and minimum acceptable score from its
    prompt, the turn from the line that ends every message, and the proposal on the table (with its own points for
    it) from the board the seat on turn is shown."""

    game = "ta_scorable_games"
    recognizes = re.compile(r"'s Private Scoring Function:\n=+\nA: \{")
    has_expert = True
    expert_name = "concession"
    expert_bar = 90.0
    expert_bar_reason = (
        "each party knows only its own table: the package copies of the expert agree on meets every "
        "minimum but is not the one with the most points for all"
    )
    CONCEDED_BY = 0.6  # the share of the turns after which the expert demands no more than its minimum

    @staticmethod
    def table(transcript) -> tuple[dict[str, dict[str, int]], int]:
        """Per issue, this party's points per option, and its minimum acceptable score."""
        block = transcript.prompt.rsplit("'s Private Scoring Function:", 1)[1]
        table = {
            issue: ast.literal_eval(scores) for issue, scores in re.findall(r"^([A-Z]): (\{.*\})$", block, re.MULTILINE)
        }
        return table, int(re.search(r"Minimum acceptable score: (-?\d+)", block).group(1))

    @staticmethod
    def turn(transcript) -> tuple[int, int]:
        found = last_match(r"Turn (\d+) of (\d+): without an accepted deal", transcript.last)
        return int(found.group(1)), int(found.group(2))

    @staticmethod
    def standing(transcript) -> dict[str, str] | None:
        """The proposal on the table (issue: option), or None."""
        board = transcript.last.rfind("Current Deal & ")
        if board < 0:
            return None
        block = transcript.last[board:].split("Total Score:", 1)[0]
        return {option[0]: option for option in re.findall(r": ([A-Z]\d+) - ", block)}

    def random_move(self, transcript, rng):
        options = {}
        for issue, number in re.findall(r"^  ([A-Z])(\d+): ", transcript.prompt, re.MULTILINE):
            options.setdefault(issue, []).append(f"{issue}{number}")
        choice = rng.choice(["propose", "accept", "reject"] if self.standing(transcript) else ["propose"])
        if choice == "accept":
            return "This works for us. [Accept]"
        if choice == "reject":
            return "Not for us. [Reject]"
        return "[Propose] " + " ".join(rng.choice(options[issue]) for issue in sorted(options))

    def expert_move(self, transcript):
        """Demands a score that falls with the turns, from its best package at the first turn to its minimum
        acceptable score after 60% of the turns; accepts the proposal on the table when it meets the demand; else proposes
        a package near the one on the table (the others' latest offer) that still meets it: its own best package,
        moved toward the table's options one option at a time (by its own ranking), where that costs it least."""
        table, minimum = self.table(transcript)
        turn, turns = self.turn(transcript)
        best = sum(max(scores.values()) for scores in table.values())
        demand = minimum + (best - minimum) * max(0.0, 1.0 - (turn - 1) / (self.CONCEDED_BY * turns))
        standing = self.standing(transcript)
        if standing and sum(table[issue][option] for issue, option in standing.items()) >= demand:
            return "This package meets our needs. [Accept]"
        package = {issue: max(scores, key=scores.get) for issue, scores in table.items()}
        score = best
        while standing:
            steps = []
            for issue, wanted in standing.items():
                if package[issue] != wanted:
                    ranked = sorted(table[issue], key=lambda option: (-table[issue][option], option))
                    here, there = ranked.index(package[issue]), ranked.index(wanted)
                    option = ranked[here + (1 if there > here else -1)]
                    steps.append((table[issue][package[issue]] - table[issue][option], issue, option))
            affordable = [step for step in steps if score - step[0] >= demand]
            if not affordable:
                break
            cost, issue, option = min(affordable)
            package[issue], score = option, score - cost
        return "We can move toward the others on some issues. [Propose] " + " ".join(
            package[issue] for issue in sorted(package)
        )


GAMES = [
    ColonelBlotto(),
    IteratedMatchingPennies(),
    IteratedPrisonersDilemma(),
    IteratedRockPaperScissors(),
    IteratedTwoThirdsAverage(),
    IteratedStagHunt(),
    IteratedUltimatumGame(),
    ThreePlayerIPD(),
    PublicGoodsGame(),
    MarketEntryGame(),
    SimpleBlindAuction(),
    SimpleNegotiation(),
    TwoDollar(),
    NewRecruit(),
    UsedCarNegotiation(),
    UsedCar(),
    ScorableGames(),
]
