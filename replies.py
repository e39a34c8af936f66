"""How a model's reply is read: the one reply contract every game states in its prompt and keeps.

Chat models rarely answer with a bare move: they reason first, name moves they reject, wrap the move in a sentence
or markdown, and reasoning models behind OpenAI-compatible servers leave a `<think>…</think>` block in the reply.
A game's turns are of one of three kinds, declared with the game (its spec's `reply`), never guessed from a reply:

    move   the reply is one action in the game's format: the game plays the LAST bracketed move of the reply and
           hands TextArena that move alone, so TextArena's rule (first bracket, every bracket, the whole reply) reads
           just the move, and the other seats see the move and never the words around it;
    moves  one action of several bracketed parts (a vote per opponent, a bid per item): the game plays the bracketed
           parts of the LAST paragraph of the reply that holds any;
    talk   the reply is the seat's words in the game: all of it is handed over, and TextArena reads it by the game's
           rules (who hears it, which bracketed actions in it count).

Thinking is never part of a reply, in any kind: a `<think>…</think>` block is removed before the reply is read, and
so is a block the reply limit cut before it was closed, and the reasoning before a lone `</think>` (servers whose
chat template opens the block in the prompt send only its end). The records keep the reply as it was sent.
"""

import functools
import re
from typing import NamedTuple

KINDS = ("move", "moves", "talk")

# Either tag, in any case: where neither is found (most replies) there is no thinking to remove. Python's re matches
# every character whose str.lower() is a letter of the tags (the Kelvin sign as k), so this finds what the lowered
# searches below would.
THINK_TAG = re.compile(r"</?think>", re.IGNORECASE)
THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
UNCLOSED_THINK = re.compile(r"<think>.*\Z", re.DOTALL | re.IGNORECASE)
LONE_THINK_END = re.compile(r"\A.*</think>", re.DOTALL | re.IGNORECASE)
PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
BRACKET = re.compile(r"[\[\]]")
UNCLOSED = "its <think> block, which it never closed (cut at the reply limit?)"

# What every prompt says of the reply, by the kinds of turn the game has (`contract`): written once, here.
_THINKING = "A <think>…</think> block is never read nor shown."
_MOVE = (
    "How your reply is read: write what you like before your move; the game plays only the last move in square "
    "brackets, in the format above (put a move you reject before it, or leave out its brackets). Nothing else of "
    "your reply is shown to any player."
)
_MOVES = (
    "How your reply is read: write what you like before your move; the game plays only the moves in square brackets "
    "in the last paragraph that holds any, in the format above (write all the parts of your final move together, "
    "last). Nothing else of your reply is shown to any player."
)
_TALK = (
    "How your reply is read: all of it is your words in the game, heard as the rules above say; an action in square "
    "brackets in it is taken: write one only when you take it."
)
_PHASES = "This game has talk turns and move turns, as its rules above say."
_KIND_LINES = {"move": _MOVE, "moves": _MOVES, "talk": _TALK}


def contract(kinds: tuple[str, ...]) -> str:
    """The paragraph every prompt of a game whose turns are of these kinds ends with."""
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown or not kinds:
        raise ValueError(f"unknown reply kinds {unknown or kinds}; valid: {', '.join(KINDS)}")
    if len(kinds) == 1:
        return f"{_KIND_LINES[kinds[0]]} {_THINKING}"
    lines = [_PHASES]
    for kind in kinds:
        text = _KIND_LINES[kind].removeprefix("How your reply is read: ")
        lines.append(f"In a {'talk' if kind == 'talk' else 'move'} turn: {text[0].lower()}{text[1:]}")
    return "How your reply is read. " + " ".join(lines) + f" {_THINKING}"


def without_thinking(reply: str) -> tuple[str, str | None]:
    """The reply with its thinking removed, and what was removed (None when nothing was): closed blocks, the text
    before a lone closing tag, and a block left open because the reply was cut."""
    if THINK_TAG.search(reply) is None:
        return reply, None
    said = THINK_BLOCK.sub("", reply)
    if "</think>" in said.lower():
        said = LONE_THINK_END.sub("", said)
    if "<think>" in said.lower():
        return UNCLOSED_THINK.sub("", said).strip(), UNCLOSED
    if said != reply:
        return said.strip(), "its <think> block"
    return reply, None


def bracketed_moves(text: str) -> list[str]:
    """The outermost bracketed parts of a text, in order: its moves (`[4]`, `[place () {(1,2): [F1]}]`, whose inner
    brackets belong to the move); a bracket never closed is read as text ("[I think [e2e4]" holds `[e2e4]`)."""
    moves, depth, start = [], 0, 0
    for bracket in BRACKET.finditer(text):  # the brackets alone: a reply is mostly words
        if bracket.group() == "[":
            if depth == 0:
                start = bracket.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                moves.append(text[start : bracket.end()])
    return moves + bracketed_moves(text[start + 1 :]) if depth else moves


class Reading(NamedTuple):
    """A reply as the game read it: `action` is what TextArena is handed; `note` says, for the records, what the game
    read when that is not the reply as sent (None when it is), and which rule a reply without a move broke."""

    action: str
    note: str | None


def read(reply: str, kind: str) -> Reading:
    """The reply read as a turn of this kind."""
    return _read_short(reply, kind) if len(reply) <= SHORT_REPLY else _read(reply, kind)


# The reference opponents send the same few short replies again and again (a vote, a pass, a move): those are read
# once. A model's replies are rarely alike, and a reasoning model's run to many kilobytes, which the cache would keep.
SHORT_REPLY = 1000


@functools.lru_cache(maxsize=1024)
def _read_short(reply: str, kind: str) -> Reading:
    return _read(reply, kind)


def _read(reply: str, kind: str) -> Reading:
    said, removed = without_thinking(reply)
    if kind == "talk":
        return Reading(said, None if removed is None else f"said, without {removed}: {said}")
    if kind == "move":
        moves = bracketed_moves(said)[-1:]
    elif kind == "moves":
        paragraphs = reversed(PARAGRAPH_BREAK.split(said))
        moves = next((found for paragraph in paragraphs if (found := bracketed_moves(paragraph))), [])
    else:
        raise ValueError(f"unknown reply kind {kind!r}; valid: {', '.join(KINDS)}")
    if moves:
        action = " ".join(moves)
        return Reading(action, None if action == reply else f"played {action}")
    # no move in the format: TextArena reads what is left, and its invalid-move rule decides, as for any bad move
    if removed is None:
        return Reading(said, "no move in square brackets in the reply; the game reads it as written")
    return Reading(said, f"no move in square brackets outside {removed}; the game reads the rest as written")
