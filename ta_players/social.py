"""Players for the social games between seats: Truth and Deception, Secret Mafia, Settlers of Catan, Character
Conclave.

Every reply is read off the seat's own contexts: its prompt (role, facts, teammates, colour), the game's
announcements and the other seats' messages. Phase markers are TextArena 0.7.4's own sentences, read at the
start of a line after the `[GAME]` label, the latest one counting.
"""

import re
from collections import Counter

from ta_players.base import GamePlayers, Transcript, last_match

# ---------------------------------------------------------------------------------------------- Truth and Deception

FACT = re.compile(r"^Fact ([12]): (.*?)(?: \((correct|wrong)\))?$", re.M)
GUESS_NOW = re.compile(r"^\[GAME\] Now guess which of the two facts are correct", re.M)
# Myths tend to be absolute and short; true statements hedge and give numbers (`facts.json` of TextArena 0.7.4:
# this prior picks the true fact in about three quarters of the pairs).
ABSOLUTE = re.compile(r"\b(always|never|only|all|none|no|every|entirely|completely|solely)\b", re.I)
HEDGED = re.compile(r"\b(can|may|some|most|often|actually)\b", re.I)
SMALL_TALK = (
    "Let us think this through together.",
    "Interesting. What makes you say that?",
    "I see. Tell me more about it.",
    "Both statements sound plausible at first.",
    "Hmm, I am not sure yet.",
    "That is worth considering.",
)


def _plausibility(fact: str) -> int:
    return (
        len(fact)
        - 10 * len(ABSOLUTE.findall(fact))
        + 10 * len(HEDGED.findall(fact))
        + 10 * bool(re.search(r"\d", fact))
    )


class TruthAndDeception(GamePlayers):
    """Player 0 is the Deceiver (its prompt marks the true fact), Player 1 the Guesser. The Deceiver speaks three
    times, the Guesser twice and then answers `[Fact 1]` or `[Fact 2]`."""

    game = "ta_truth_and_deception"
    recognizes = re.compile(r"in the 'Truth and Deception' game")
    has_expert = True
    expert_name = "heuristic"

    @staticmethod
    def facts(transcript: Transcript) -> dict[str, tuple[str, str | None]]:
        return {number: (text, truth) for number, text, truth in FACT.findall(transcript.prompt)}

    @staticmethod
    def guessing(transcript: Transcript) -> bool:
        return "the Guesser in" in transcript.prompt and GUESS_NOW.search(transcript.last) is not None

    @staticmethod
    def spoken(transcript: Transcript) -> int:
        """How often the seat has spoken: the dialogue view shows its own replies, labelled by its role."""
        role = "Deceiver" if "the Deceiver in" in transcript.prompt else "Guesser"
        return len(re.findall(rf"^\[{role}\] ", transcript.last, re.M))

    def random_move(self, transcript, rng):
        if self.guessing(transcript):
            return f"[Fact {rng.choice('12')}]"
        return rng.choice(SMALL_TALK)

    def expert_move(self, transcript):
        facts = self.facts(transcript)
        if "the Deceiver in" in transcript.prompt:
            # Argues for the wrong fact, more firmly each turn.
            wrong = next(number for number, (_, truth) in facts.items() if truth == "wrong")
            lines = (
                f"I happen to know this one: Fact {wrong} is the correct one. {facts[wrong][0]}",
                f"The other statement is a popular misconception; Fact {wrong} is what the sources say.",
                f"Trust me on this, Fact {wrong} is right. Pick Fact {wrong}.",
            )
            return lines[min(self.spoken(transcript), len(lines) - 1)]
        if not self.guessing(transcript):
            return ("Which of the two do you think is true, and why?", "How sure are you about that?")[
                min(self.spoken(transcript), 1)
            ]
        # The Deceiver's words are made to mislead: the Guesser trusts only how the facts read.
        best = max(facts, key=lambda number: (_plausibility(facts[number][0]), number == "1"))
        return f"[Fact {best}]"


# ---------------------------------------------------------------------------------------------- Secret Mafia

PHASE = re.compile(
    r"^\[GAME\] (Night has fallen\. Mafia, agree on a victim\.\nValid targets: .*"
    r"|Night phase - choose one player to protect: .*|Night phase - choose one player to investigate: .*"
    r"|Day breaks\. .*|Voting phase - submit one vote in format \[X\]\. Valid: .*)$",
    re.M,
)
GONE = re.compile(
    r"^\[GAME\] Player (\d+) (?:was killed during the night|was eliminated by vote"
    r"|has been eliminated by making an invalid move)\.",
    re.M,
)
INVESTIGATED = re.compile(r"^\[GAME\] Player (\d+) IS( NOT)? a Mafia member\.", re.M)
SPOKEN = re.compile(r"^\[Player (\d+)\] (.*?)(?=\n\n\[|\Z)", re.M | re.S)
ACCUSATION = re.compile(r"Player (\d+) is (?!not)(?:a )?mafia", re.I)
NEUTRAL_TALK = (
    "Good day, everyone.",
    "I am listening; who has something useful to share?",
    "Let us keep our heads and look at the facts.",
    "I have nothing new to add yet.",
    "We should think carefully before we vote.",
)


class SecretMafia(GamePlayers):
    """Roles: Mafia (told its teammates), Doctor, Detective, Villagers. Nights: the Mafia vote a victim, the Doctor
    protects, the Detective investigates; days: discussion rounds, then a vote. Targets are offered as `[k]`."""

    game = "ta_secret_mafia"
    recognizes = re.compile(r"Welcome to Secret Mafia! You are Player \d+\.")
    has_expert = True
    expert_name = "fixed_rule"

    # --- what the seat knows
    @staticmethod
    def me(transcript: Transcript) -> int:
        return int(re.search(r"You are Player (\d+)\.", transcript.prompt).group(1))

    @staticmethod
    def role(transcript: Transcript) -> str:
        return re.search(r"Your role: (\w+)", transcript.prompt).group(1)

    @staticmethod
    def mafia_team(transcript: Transcript) -> set[int]:
        named = re.search(r"Your teammates are: (.*)\.", transcript.prompt)
        return {int(pid) for pid in re.findall(r"Player (\d+)", named.group(1))} if named else set()

    @staticmethod
    def alive(transcript: Transcript) -> list[int]:
        players = [
            int(pid) for pid in re.findall(r"Player (\d+)", re.search(r"Players: (.*)", transcript.prompt).group(1))
        ]
        gone = {int(pid) for pid in GONE.findall(transcript.text)}
        return [pid for pid in players if pid not in gone]

    @staticmethod
    def phase(transcript: Transcript) -> tuple[str, list[int], int]:
        """The current phase (`mafia`, `protect`, `investigate`, `discuss`, `vote`), the targets its announcement
        offers that are still alive, and where the announcement ends in the transcript text."""
        marker = last_match(PHASE, transcript.text)
        text = marker.group(1)
        kind = (
            "mafia"
            if text.startswith("Night has")
            else "protect"
            if "protect" in text
            else "investigate"
            if "investigate" in text
            else "discuss"
            if text.startswith("Day")
            else "vote"
        )
        alive = set(SecretMafia.alive(transcript))
        offered = [int(pid) for pid in re.findall(r"\[(\d+)\]", text) if int(pid) in alive]
        return kind, offered, marker.end()

    @staticmethod
    def messages_since(transcript: Transcript, position: int) -> list[tuple[int, str]]:
        return [(int(pid), message) for pid, message in SPOKEN.findall(transcript.text[position:])]

    # --- random
    def random_move(self, transcript, rng):
        kind, offered, _ = self.phase(transcript)
        if kind == "discuss":
            # A bracketed living player is harmless in the discussion and keeps the reply a valid vote should
            # another seat's message have faked a phase announcement.
            me = self.me(transcript)
            others = [pid for pid in self.alive(transcript) if pid != me]
            return f"{rng.choice(NEUTRAL_TALK)} For now I lean towards [{rng.choice(others)}]."
        return f"[{rng.choice(offered)}]"

    # --- fixed rule: the Detective names the Mafia it found, the village follows a Detective's claim or votes the
    # lowest-numbered living player, the Mafia vote and kill together.
    def expert_move(self, transcript):
        kind, offered, position = self.phase(transcript)
        me, role, alive = self.me(transcript), self.role(transcript), self.alive(transcript)
        day_start = last_match(r"^\[GAME\] Day breaks\.", transcript.text, re.M)
        accused = self.accused(transcript, day_start.end() if day_start else 0, alive, me)
        if role == "Mafia":
            team = self.mafia_team(transcript)
            if kind == "mafia":
                teammate_votes = [
                    int(votes[-1])
                    for pid, message in self.messages_since(transcript, position)
                    if pid in team and (votes := re.findall(r"\[(\d+)\]", message)) and int(votes[-1]) in offered
                ]
                if teammate_votes:
                    return f"[{teammate_votes[0]}]"
                claimers = [pid for pid in self.claimers(transcript) if pid in offered]
                return f"[{claimers[0] if claimers else max(offered)}]"
            target = next(
                (pid for pid in self.claimers(transcript) if pid in alive and pid not in team),
                min(pid for pid in alive if pid not in team),
            )
            if kind == "discuss":
                return f"I find Player {target} suspicious. I will vote [{target}]."
            return f"[{target if target in offered else min(pid for pid in offered if pid not in team)}]"
        if kind == "protect":
            claimers = [pid for pid in self.claimers(transcript) if pid in offered]
            return f"[{claimers[0] if claimers else transcript.rng().choice(offered)}]"
        results = {int(pid): not negated for pid, negated in INVESTIGATED.findall(transcript.text)}
        if kind == "investigate":
            unknown = [pid for pid in offered if pid not in results]
            return f"[{min(unknown) if unknown else min(offered)}]"
        found = [pid for pid, is_mafia in results.items() if is_mafia and pid in alive]
        cleared = {pid for pid, is_mafia in results.items() if not is_mafia}
        candidates = [pid for pid in alive if pid != me and pid not in cleared] or [pid for pid in alive if pid != me]
        target = found[0] if found else accused if accused is not None else min(candidates)
        if kind == "discuss":
            if found:
                return (
                    f"I am the Detective. My investigation shows Player {target} is a Mafia member. "
                    f"Vote [{target}]."
                )
            return f"I have no hard evidence yet. Unless someone does, I will vote [{target}]."
        return f"[{target if target in offered else min(offered)}]"

    def claimers(self, transcript: Transcript) -> list[int]:
        """Living players who said they are the Detective, in the order they first said it."""
        alive = set(self.alive(transcript))
        found = []
        for pid, message in self.messages_since(transcript, 0):
            if pid in alive and pid not in found and re.search(r"\bI am the Detective\b", message, re.I):
                found.append(pid)
        return found

    def accused(self, transcript: Transcript, since: int, alive: list[int], me: int) -> int | None:
        """The living player a Detective claim named as Mafia today (the first claim counts)."""
        for pid, message in self.messages_since(transcript, since):
            if pid != me and re.search(r"\bdetective\b", message, re.I):
                for named in ACCUSATION.findall(message):
                    if int(named) in alive and int(named) != me:
                        return int(named)
        return None


# ---------------------------------------------------------------------------------------------- Settlers of Catan

COLOURS = {"Red": 0, "White": 1, "Blue": 2, "Orange": 3}
RESOURCES = ("wheat", "wood", "sheep", "brick", "ore")
MOVES_BLOCK = re.compile(r"Viable moves\n─+\n((?:'\[\d+\]'\t-  .*\n?)+)")
# What changes what a seat holds or where its turn and the negotiation stand, in the order the view shows it (the
# messages; the board comes after them, whenever it was drawn). TextArena 0.7.4 labels the seats by colour. Every event
# starts a line with "[": the lookahead checks that once per position of the view, where the ten alternatives each
# tried their own start (1 ms for a 10,000-character view; 0.1 ms)
CATAN_EVENT = re.compile(
    r"^(?=\[)(?:"
    r"(?P<roll>^\[GAME\] Player (?P<roller>\d+) \(\w+\) rolled: [^\n]*(?:\n\t [^\n]*)*)"
    r"|(?P<trade>^\[GAME\] Trade executed: Player (?P<giver>\d+) → (?P<taker>\d+) \(offered (?P<given>\{[^}]*\}) "
    r"/ requested (?P<asked>\{[^}]*\})\)\.)"
    r"|(?P<offer>^\[GAME\] Player (?P<offerer>\d+) offered to Player (?P<offeree>\d+): (?P<body>.*?)(?=\n\n|\Z))"
    r"|(?P<cleared>^\[GAME\] Player \d+ denied the trade offer\.|^\[GAME\] Player \d+ attempted an invalid move\. "
    r"Reason: Trade failed: )"
    r"|(?P<finished>^\[GAME\] Negotiation finished\.)"
    r"|(?P<ended>^\[GAME\] Player (?P<ender>\d+) \(\w+\) ends his turn\.)"
    r"|(?P<partner>^\[GAME\] You selected action \[\d+\] \(Negotiation\)\. Please select a player)"
    r"|(?P<leading>^\[GAME\] You have selected Player (?P<chosen>\d+) \(\w+\) to negotiation with\.)"
    r"|(?P<responding>^\[GAME\] Player (?P<chooser>\d+) \(\w+\) selected you to negotiate with\.)"
    r"|(?P<own>^\[(?P<speaker>Red|White|Blue|Orange)\] (?P<said>.*?)(?=\n\n|\Z)))",
    re.M | re.S,
)
PARTNERS = re.compile(r"'\[(\d+)\]'/'\[\w+\]'")
CATAN_TALK = (
    "Let us see what we can do.",
    "I am thinking about my next build.",
    "Fair enough.",
    "Maybe we can help each other.",
)


def _offer_sides(body: str) -> tuple[Counter, Counter] | None:
    """What an `[Offer: ...]` body gives and asks for, read as SettlersOfCatan/env.py (0.7.4) reads it."""
    body = re.sub(r"[.,!?]+$", "", " ".join(body.split()))
    body = re.sub(r"^(i\s+(?:give|offer)\s+)", "", body, flags=re.I)
    parts = re.split(r"\s*->\s*", body)
    if len(parts) != 2:
        return None
    sides = []
    for part in parts:
        side = Counter()
        for quantity, name in re.findall(r"(\d+)\s+([A-Za-z]+)", part):
            name = {"sheeps": "sheep", "woods": "wood"}.get(name.lower(), name.lower())
            if int(quantity) <= 0 or name not in RESOURCES:
                return None
            side[name] += int(quantity)
        if not side:
            return None
        sides.append(side)
    return sides[0], sides[1]


def _pips(descriptor: str) -> int:
    """The production of the hexes a corner or road touches (`{8 wood, 3 ore}`): 5 for a 6 or 8, 1 for a 2 or 12."""
    return sum(6 - abs(7 - int(token)) for token in re.findall(r"(\d+) \w+", descriptor))


class SettlersOfCatan(GamePlayers):
    """Four seats (Red, White, Blue, Orange = Player 0-3). On its turn a seat picks one of the `'[k]'` viable moves
    (builds, `Negotiate.`, `Nothing.` to end the turn); a negotiation picks a partner, then both exchange messages
    with `[Offer: 1 Wood -> 1 Brick]`, `[accept]`, `[deny]`, until the seat on turn says `[done]`."""

    game = "ta_settlers_of_catan"
    recognizes = re.compile(r"You are playing Settlers of Catan as (?:Red|White|Blue|Orange)\.")
    has_expert = True
    expert_name = "greedy"

    @staticmethod
    def situation(transcript: Transcript) -> dict:
        """What the seat's view shows: its phase (`action`, `partner`, `leading`, `responding`, or None between its
        turns), its hand (None when the view cannot tell it), the offer on the table in the current negotiation
        (offerer, offeree, gives, asks), the viable moves, the negotiations of its turn so far and whether it made
        an offer in the current one.

        The view shows the messages, then the latest board, drawn whenever the seat last got one (SettlersOfCatan
        0.7.4 draws it at the seat's roll, after its builds and after `[done]` of its own negotiation; fixes.social
        also whenever a negotiation hands the seat the turn, with its hand as it is then). An action-phase board's
        hand is the hand at the seat's last own move of the action phase or its roll; the rolls' receipts and the
        trades the messages show after that are added to it."""
        colour = re.search(r"as (\w+)\.", transcript.prompt).group(1)
        me = COLOURS[colour]
        view = transcript.last
        header = view.rfind(f"{'=' * 24}  {colour.upper()}  {'=' * 24}")
        messages, board = (view[:header], view[header:]) if header >= 0 else (view, "")
        # during a negotiation the seat on turn is sent its board with its hand as it is (fixes.social)
        negotiating = "\nNegotiation\n───" in board
        shown = re.search(r"Your hand cards are:\n((?:\t\w+: -?\d+\n?)*)", board)
        board_hand = (
            Counter({name: int(count) for name, count in re.findall(r"\t(\w+): (-?\d+)", shown.group(1))})
            if shown
            else None
        )
        hand, phase, offer, negotiations, offered, marked = None, None, None, 0, False, False
        for event in CATAN_EVENT.finditer(messages):
            kind = next(
                name
                for name in (
                    "roll",
                    "trade",
                    "offer",
                    "cleared",
                    "finished",
                    "ended",
                    "partner",
                    "leading",
                    "responding",
                    "own",
                )
                if event.group(name) is not None
            )
            marked = marked or kind in ("roll", "finished", "ended", "partner", "leading", "responding")
            if kind == "roll":
                offer = None
                if int(event.group("roller")) == me:  # its turn starts; the board is drawn after the roll
                    phase, hand, negotiations = "action", board_hand and board_hand.copy(), 0
                else:
                    phase = None
                    if hand is not None:
                        for line in re.findall(rf"\n\t {colour.lower()}: ([^\n]*)", event.group(0)):
                            for name, count in re.findall(r"(\w+): \+(\d+)", line):
                                hand[name] += int(count)
            elif kind == "trade":
                giver, taker = int(event.group("giver")), int(event.group("taker"))
                given = Counter(
                    {name.lower(): int(n) for name, n in re.findall(r"'(\w+)': (\d+)", event.group("given"))}
                )
                asked = Counter(
                    {name.lower(): int(n) for name, n in re.findall(r"'(\w+)': (\d+)", event.group("asked"))}
                )
                if hand is not None and me in (giver, taker):
                    hand.subtract(given if me == giver else asked)
                    hand.update(asked if me == giver else given)
                offer = None
            elif kind == "offer":
                sides = _offer_sides(event.group("body"))
                offer = (int(event.group("offerer")), int(event.group("offeree")), *sides) if sides else None
            elif kind == "cleared":
                offer = None
            elif kind == "finished":
                # its own negotiation's [done] draws its board; the partner's turn is over
                offer = None
                if phase == "leading":
                    phase, hand = "action", board_hand and board_hand.copy()
                else:
                    phase = None
            elif kind == "ended":
                if int(event.group("ender")) == me:
                    phase = None
            elif kind == "own":
                if event.group("speaker") != colour:
                    continue
                if phase == "action":
                    # a build draws the board anew; a negotiation or the end of the turn leaves the hand as the
                    # board shows it
                    hand = board_hand and board_hand.copy()
                elif phase == "leading" and "[offer" in event.group("said").lower():
                    offered = True
            else:
                phase = kind
                offer = None  # an offer left over from an earlier negotiation is not this one's
                if kind == "leading":
                    negotiations, offered = negotiations + 1, False
        if not marked and board and not negotiating:
            phase = "action"  # no turn or negotiation is left in the window, only the board its own turn drew
        if phase == "action" or (negotiating and phase in ("leading", "responding")):
            hand = board_hand  # the seat on turn is shown its current board
        moves = []
        block = last_match(MOVES_BLOCK, board)
        if block:
            moves = [(int(index), text) for index, text in re.findall(r"'\[(\d+)\]'\t-  (.*)", block.group(1))]
        partners = last_match(r"^\[GAME\] You selected action \[\d+\] \(Negotiation\)\. .*", messages, re.M)
        return {
            "me": me,
            "phase": phase,
            "hand": hand,
            "offer": offer,
            "moves": moves,
            "partners": PARTNERS.findall(partners.group(0)) if partners else [],
            "negotiations": negotiations,
            "offered": offered,
        }

    @staticmethod
    def negotiation_replies(situation: dict) -> list[str]:
        """Replies valid in a negotiation: talk, `[done]` for the seat on turn, `[accept]`/`[deny]` an offer made to
        the seat that it can pay, `[Offer: 1 X -> 1 Y]` of a resource it holds."""
        replies = [CATAN_TALK[0]]
        if situation["phase"] == "leading":
            replies.append("[done]")
        offer, hand = situation["offer"], situation["hand"]
        if offer and offer[1] == situation["me"]:
            replies.append("[deny]")
            if hand is not None and all(hand[name] >= count for name, count in offer[3].items()):
                replies.append("[accept]")
        if hand is not None and not (offer and offer[1] != situation["me"]):
            for give in RESOURCES:
                if hand[give] > 0:
                    replies += [f"[Offer: 1 {give.title()} -> 1 {want.title()}]" for want in RESOURCES if want != give]
        return replies

    def random_move(self, transcript, rng):
        situation = self.situation(transcript)
        if situation["phase"] == "action":
            return f"[{rng.choice(situation['moves'])[0]}]"
        if situation["phase"] == "partner":
            return f"[{rng.choice(situation['partners'])}]"
        kinds = {}
        for reply in self.negotiation_replies(situation):
            kinds.setdefault(reply.split(":")[0], []).append(reply)
        return rng.choice(rng.choice(list(kinds.values())))

    def expert_move(self, transcript):
        """Builds the most productive city, else settlement, else (with bricks and wood to spare) a road towards
        the most productive corner; short of one or two cards for a city or settlement it offers one spare card for
        one missing card to the other seats in turn (two negotiations a turn), then ends its turn. It accepts an
        offer that gives at least as many cards as it takes."""
        situation = self.situation(transcript)
        hand = situation["hand"] or Counter()
        if situation["phase"] == "action":
            moves = situation["moves"]
            for kind in ("Upgrade CITY", "Build SETTLEMENT"):
                options = [(index, text) for index, text in moves if text.startswith(kind)]
                if options:
                    return f"[{max(options, key=lambda move: (_pips(move[1]), -move[0]))[0]}]"
            roads = [(index, text) for index, text in moves if text.startswith("Build ROAD")]
            spare = (
                hand["brick"] >= 1
                and hand["wood"] >= 1
                and (hand["wheat"] == 0 or hand["sheep"] == 0 or (hand["brick"] >= 2 and hand["wood"] >= 2))
            )
            if roads and spare:
                return f"[{max(roads, key=lambda move: (_pips(move[1].split('↔')[1]), -move[0]))[0]}]"
            negotiate = next((index for index, text in moves if text == "Negotiate."), None)
            moves_left = int(last_match(r"You have (\d+) moves left in your turn", transcript.last).group(1))
            # A negotiation still open when the turn's moves run out hands the turn to the partner's neighbour
            # (SettlersOfCatan/env.py:249-250 after :312-313, 0.7.4): it must fit in the moves left.
            if negotiate is not None and moves_left >= 4 and _wanted_trade(hand) and situation["negotiations"] < 2:
                return f"[{negotiate}]"
            return f"[{moves[-1][0]}]"
        if situation["phase"] == "partner":
            partners = situation["partners"]
            return f"[{partners[(situation['negotiations']) % len(partners)]}]"
        offer = situation["offer"]
        if (
            offer
            and offer[1] == situation["me"]
            and all(hand[name] >= count for name, count in offer[3].items())
            and sum(offer[2].values()) >= sum(offer[3].values())
        ):
            return "[accept]"
        if situation["phase"] == "leading":
            trade = _wanted_trade(hand)
            # Its own earlier offer counts even when TextArena ignored it: an offer left on the table by an
            # earlier negotiation blocks new ones until someone says [done] (SettlersOfCatan/env.py:300, 0.7.4).
            if trade and not situation["offered"]:
                return f"[Offer: 1 {trade[0].title()} -> 1 {trade[1].title()}]"
            return "[done]"
        return "No, thank you."


BUILDS = (Counter(ore=3, wheat=2), Counter(brick=1, wood=1, wheat=1, sheep=1))


def _wanted_trade(hand: Counter) -> tuple[str, str] | None:
    """One spare card for one missing card towards the nearer of a city and a settlement (one or two cards away)."""
    for cost in sorted(BUILDS, key=lambda cost: sum((cost - hand).values())):
        missing = cost - hand
        spare = [name for name in RESOURCES if hand[name] > cost[name]]
        if 1 <= sum(missing.values()) <= 2 and spare:
            return max(spare, key=lambda name: hand[name] - cost[name]), next(iter(missing))
    return None


# ---------------------------------------------------------------------------------------------- Character Conclave

CONCLAVE = re.compile(r"You are Player (\d+) in a (\d+) player game of Character Conclave")
VOTING = re.compile(r"^\[GAME\] The discussion phase has concluded\.", re.M)
CONCLAVE_TALK = (
    "I keep my promises, even the small ones nobody would notice.",
    "When the river flooded our village I carried the baker's ovens up the hill, one brick at a time.",
    "I have read every book in the old library twice, and I still lose at chess to my niece.",
    "Patience is my craft: I once waited three winters for a single orchid to bloom.",
    "Ask me anything about the stars; I navigate by them when the roads run out.",
    "I laugh at my own mistakes first, so that others may laugh with me and not at me.",
    "My grandmother taught me that a fair trade leaves both sides a little hungry.",
    "I have crossed the desert on foot, and I would do it again for a friend.",
    "Courage, to me, is telling the truth when a lie would be cheaper.",
    "I mend clocks, and I think people are much the same: a gentle hand, a steady eye.",
)


class CharacterConclave(GamePlayers):
    """Every seat talks (one to six sentences a message, within the budget) and then votes for another seat.

    No expert: what wins is the other seats' judgement of the talk, which no short rule produces or predicts. A seat's
    own vote can only lift a rival (it cannot vote for itself), and against voters who ignore the talk (the random
    reference) no choice of message or vote changes its chances."""

    game = "ta_character_conclave"
    recognizes = CONCLAVE

    def random_move(self, transcript, rng):
        seat, seats = map(int, CONCLAVE.search(transcript.prompt).groups())
        if VOTING.search(transcript.last):
            return f"[{rng.choice([pid for pid in range(seats) if pid != seat])}]"
        if rng.random() < 0.05:
            return ""  # ends its part in the discussion
        return " ".join(rng.sample(CONCLAVE_TALK, rng.randint(1, 6)))


GAMES = [TruthAndDeception(), SecretMafia(), SettlersOfCatan(), CharacterConclave()]
