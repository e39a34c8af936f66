"""Players for the social games between seats: Truth and Deception, Secret Mafia, Settlers of Catan.

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
SMALL_TALK = ("Let us think this through together.", "Interesting. What makes you say that?",
              "I see. Tell me more about it.", "Both statements sound plausible at first.",
              "Hmm, I am not sure yet.", "That is worth considering.")


def _plausibility(fact: str) -> int:
    return (len(fact) - 10 * len(ABSOLUTE.findall(fact)) + 10 * len(HEDGED.findall(fact))
            + 10 * bool(re.search(r"\d", fact)))


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

    def random_move(self, transcript, rng):
        if self.guessing(transcript):
            return f"[Fact {rng.choice('12')}]"
        return rng.choice(SMALL_TALK)

    def expert_move(self, transcript):
        facts = self.facts(transcript)
        if "the Deceiver in" in transcript.prompt:
            # Argues for the wrong fact, more firmly each turn.
            wrong = next(number for number, (_, truth) in facts.items() if truth == "wrong")
            lines = (f"I happen to know this one: Fact {wrong} is the correct one. {facts[wrong][0]}",
                     f"The other statement is a popular misconception; Fact {wrong} is what the sources say.",
                     f"Trust me on this, Fact {wrong} is right. Pick Fact {wrong}.")
            return lines[min(len(transcript.replies), len(lines) - 1)]
        if not self.guessing(transcript):
            return ("Which of the two do you think is true, and why?", "How sure are you about that?")[
                min(len(transcript.replies), 1)]
        # The Deceiver's words are made to mislead: the Guesser trusts only how the facts read.
        best = max(facts, key=lambda number: (_plausibility(facts[number][0]), number == "1"))
        return f"[Fact {best}]"


# ---------------------------------------------------------------------------------------------- Secret Mafia

PHASE = re.compile(r"^\[GAME\] (Night has fallen\. Mafia, agree on a victim\.\nValid targets: .*"
                   r"|Night phase - choose one player to protect: .*|Night phase - choose one player to investigate: .*"
                   r"|Day breaks\. .*|Voting phase - submit one vote in format \[X\]\. Valid: .*)$", re.M)
GONE = re.compile(r"^\[GAME\] Player (\d+) (?:was killed during the night|was eliminated by vote"
                  r"|has been eliminated by making an invalid move)\.", re.M)
INVESTIGATED = re.compile(r"^\[GAME\] Player (\d+) IS( NOT)? a Mafia member\.", re.M)
SPOKEN = re.compile(r"^\[Player (\d+)\] (.*?)(?=\n\n\[|\Z)", re.M | re.S)
ACCUSATION = re.compile(r"Player (\d+) is (?!not)(?:a )?mafia", re.I)
NEUTRAL_TALK = ("Good day, everyone.", "I am listening; who has something useful to share?",
                "Let us keep our heads and look at the facts.", "I have nothing new to add yet.",
                "We should think carefully before we vote.")


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
        players = [int(pid) for pid in re.findall(r"Player (\d+)", re.search(r"Players: (.*)", transcript.prompt)
                                                  .group(1))]
        gone = {int(pid) for pid in GONE.findall(transcript.text)}
        return [pid for pid in players if pid not in gone]

    @staticmethod
    def phase(transcript: Transcript) -> tuple[str, list[int], int]:
        """The current phase (`mafia`, `protect`, `investigate`, `discuss`, `vote`), the targets its announcement
        offers that are still alive, and where the announcement ends in the transcript text."""
        marker = last_match(PHASE, transcript.text)
        text = marker.group(1)
        kind = ("mafia" if text.startswith("Night has") else "protect" if "protect" in text
                else "investigate" if "investigate" in text else "discuss" if text.startswith("Day") else "vote")
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
            return rng.choice(NEUTRAL_TALK)
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
                teammate_votes = [int(votes[-1]) for pid, message in self.messages_since(transcript, position)
                                  if pid in team and (votes := re.findall(r"\[(\d+)\]", message))
                                  and int(votes[-1]) in offered]
                if teammate_votes:
                    return f"[{teammate_votes[0]}]"
                claimers = [pid for pid in self.claimers(transcript) if pid in offered]
                return f"[{claimers[0] if claimers else max(offered)}]"
            target = next((pid for pid in self.claimers(transcript) if pid in alive and pid not in team),
                          min(pid for pid in alive if pid not in team))
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
                return (f"I am the Detective. My investigation shows Player {target} is a Mafia member. "
                        f"Vote [{target}].")
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


GAMES = [TruthAndDeception(), SecretMafia()]
