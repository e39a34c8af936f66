"""What every programmatic player shares: the transcript it reads, the per-game player class, the moves a context
offers, and the two generic strategies (random and format breaker).

Players read only the messages a model would see, never game internals, and are pure functions of them: one
model object serves many episodes at once in batch mode, and the same messages always get the same reply.
"""

import dataclasses
import functools
import hashlib
import random
import re
from dataclasses import dataclass

# The paragraph every prompt ends with (replies.contract), as the wrapper appends it to TextArena's prompt.
REPLY_CONTRACT = re.compile(r"\n\nHow your reply is read[^\n]*")


@dataclass(frozen=True)
class Transcript:
    """A player's view of an episode: the game master's messages and the player's own replies, in order."""

    contexts: tuple[str, ...]
    replies: tuple[str, ...]
    salt: str = ""

    @classmethod
    def of(cls, messages: list[dict], salt: str = "") -> "Transcript":
        contexts = tuple(message["content"] for message in messages if message["role"] == "user")
        replies = tuple(message["content"] for message in messages if message["role"] == "assistant")
        return cls(contexts, replies, salt)

    @property
    def prompt(self) -> str:
        """The first context: it opens with TextArena's game prompt."""
        return self.contexts[0]

    @property
    def last(self) -> str:
        return self.contexts[-1]

    @property
    def text(self) -> str:
        """Everything the game master said so far."""
        return "\n\n".join(self.contexts)

    def rng(self) -> random.Random:
        """An RNG seeded by the transcript and the salt: the same game state always gets the same draw, in any
        process. The reply contract that ends every prompt (replies.py) says nothing of the game's state and is left
        out, so that its wording does not change what a random player or a reference draws."""
        digest = hashlib.sha256(self.salt.encode("utf-8") + self._seeded_by).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    @functools.cached_property
    def _seeded_by(self) -> bytes:
        """What the RNG's seed is read from after the salt, each part after a NUL."""
        contexts = tuple(REPLY_CONTRACT.sub("", context) for context in self.contexts)
        return "".join(f"\x00{part}" for part in contexts + self.replies).encode("utf-8")

    def salted(self, salt: str) -> "Transcript":
        """The transcript with another salt, which draws otherwise; it shares what the seed is read from."""
        salted = dataclasses.replace(self, salt=salt)
        vars(salted)["_seeded_by"] = self._seeded_by
        return salted


OFFERED = re.compile(r"(?:Available|Valid) (?:Moves|moves|Actions|actions)\s*:\s*((?:\[[^\]\n]+\][,\s]*)+)")


def offered_moves(context: str) -> list[str]:
    """The moves the context's last `Available Moves: [a], [b]` list offers (empty when it offers none)."""
    found = OFFERED.findall(context)
    return re.findall(r"\[[^\]\n]+\]", found[-1]) if found else []


# The line a bounded view puts before its messages when older ones dropped out of its window
# (clem_observation_wrapper._Seen.render).
EARLIER_LEFT_OUT = re.compile(r"^\[GAME\] \((\d+) earlier messages are not repeated here\.\)$", re.M)


def messages_left_out(text: str) -> int:
    """How many of the game's older messages the view left out of the context (0: it holds them all)."""
    found = EARLIER_LEFT_OUT.search(text)
    return int(found.group(1)) if found else 0


def exchanges(transcript: Transcript, name: str = "Player") -> list[tuple[str, str]]:
    """(the player's move, what followed it) pairs, oldest first. In the full view these are its replies and the
    contexts answering them; a bounded view shows its own earlier moves as `[<name>] [move]` lines, each followed by
    the game's messages, as far back as its window reaches."""
    if transcript.replies:
        return list(zip(transcript.replies, transcript.contexts[1:]))
    parts = re.split(rf"^\[{re.escape(name)}\] ", transcript.last, flags=re.MULTILINE)[1:]
    return [(move, after) for move, _, after in (part.partition("\n") for part in parts)]


def own_moves(transcript: Transcript, name: str = "Player") -> list[str]:
    """The player's own earlier replies (in a bounded view: their bracketed moves), oldest first."""
    return [move for move, _ in exchanges(transcript, name)]


def seat_of(transcript: Transcript) -> int:
    """The player's own seat, as TextArena's prompt names it ("You are Player 1 ...")."""
    return int(re.search(r"You are Player (\d+)", transcript.prompt).group(1))


def last_match(pattern: str | re.Pattern, text: str, flags: int = 0):
    """The last match of `pattern` in `text`, or None: contexts repeat boards, the latest one counts."""
    matches = list(re.finditer(pattern, text, flags))
    return matches[-1] if matches else None


class GamePlayers:
    """The programmatic players of one game.

    `recognizes` matches the game's TextArena prompt (the first context). `random_move` is a move in the game's
    format, drawn with `rng`; `expert_move` is the game's strong strategy, where it has one. `expert_bar` is the
    mean Main Score the expert reaches on the shipped instances (95 unless `expert_bar_reason` says why not).
    In games between seats `reference_move` is the strong reference opponent, the expert unless the game's named
    reference is a fixed strategy the expert improves on (tit for tat, where the expert also exploits a seat that
    does not reciprocate); `expert_name` says what the reference is (`minimax`, `tit_for_tat`, ...) and names its
    variant `ta_<game>_vs_<expert_name>`.
    """

    game: str = ""
    recognizes: re.Pattern
    has_expert: bool = False
    expert_name: str = "expert"
    expert_bar: float = 95.0
    expert_bar_reason: str = ""

    def random_move(self, transcript: Transcript, rng: random.Random) -> str:
        moves = offered_moves(transcript.last)
        if not moves:
            raise NotImplementedError(f"{self.game}: the context offers no moves and no random player is written")
        return rng.choice(moves)

    def expert_move(self, transcript: Transcript) -> str:
        raise NotImplementedError(f"{self.game} has no expert player")

    def reference_move(self, transcript: Transcript) -> str:
        return self.expert_move(transcript)


FORMAT_BREAKER_REPLY = "I would rather describe my plan in words than follow the format."
