"""Reading contexts as a model does, top to bottom: the state blocks a context shows (a heading such as
"Current Board:" and the lines under it), the lists of valid moves it offers, and the contexts of recorded episodes.
Shared by the tests of what a model reads (test_contexts.py) and scripts/show_context.py."""

import json
import os
import re
from pathlib import Path

# A heading that opens a state block: "Current Board:", "Board state:", "=== ROUND 2 of 20 ===",
# "===== Hand 2 / 10 - Pre-flop =====", "### Starting round 2 ...".
HEADING = re.compile(r"^(?:[A-Z][A-Za-z' ()/-]{1,45}:|={3,} *[^=\s].*={3,}|#{3} .*)\s*$")
# A list of valid moves: "Available Moves: [up], [right]", "Valid moves: '[0, 1]', '[1, 1]'",
# "Your available actions are: '[check]', '[bet]'".
MOVE_LIST = re.compile(
    r"(?:available|valid|legal|possible) (?:moves|actions)(?: are)?[ \t]*:[ \t]*(.*\[.*)$", re.IGNORECASE | re.MULTILINE
)
MOVE = re.compile(r"\[[^\[\]\n]+\]")
# a new message of the context: "[GAME] ...", "[Player 1] ..."
MESSAGE_START = re.compile(r"^\[[A-Za-z][^\]]*\] ")


def _kind(heading: str) -> str:
    """Headings that differ only in their numbers head the same kind of block ("=== ROUND 2 ===", "=== ROUND 3 ===")."""
    return re.sub(r"\d+", "#", heading.strip())


def state_blocks(text: str) -> list[tuple[str, str]]:
    """(kind of heading, block) for every state block of `text`, top to bottom: a heading and the lines under it up
    to the next heading or message. Headings inside a message of the history ("[GAME] You guessed ...\nFeedback:")
    belong to that message, which a reader takes for what it is: something said earlier."""
    blocks, current = [], None
    for paragraph in re.split(r"\n\s*\n", text):
        if MESSAGE_START.match(paragraph):
            current = None
            continue
        for line in paragraph.splitlines():
            if HEADING.match(line):
                current = [line]
                blocks.append((_kind(line), current))
            elif current is not None:
                current.append(line)
    return [(kind, "\n".join(lines).strip()) for kind, lines in blocks]


def move_lists(text: str) -> list[list[str]]:
    """The lists of valid moves `text` offers, top to bottom, each as its bracketed moves."""
    return [MOVE.findall(found) for found in MOVE_LIST.findall(text)]


def stale_state(context: str, prompt: str = "") -> list[str]:
    """What a reader of `context` would take for the current state and is not: a heading repeated with other content
    under it, or move lists that differ. `prompt` (the game's rules, which may show examples) is not read."""
    text = context[len(prompt) :] if prompt and context.startswith(prompt) else context
    found, by_kind = [], {}
    for kind, block in state_blocks(text):
        by_kind.setdefault(kind, set()).add(block)
    found += [f"{len(blocks)} different blocks headed {kind!r}" for kind, blocks in by_kind.items() if len(blocks) > 1]
    lists = {tuple(moves) for moves in move_lists(text)}
    if len(lists) > 1:
        found.append(f"{len(lists)} different lists of valid moves")
    return found


def common_prefix(texts: list[str]) -> str:
    return os.path.commonprefix(texts) if len(texts) > 1 else ""


def episode_contexts(interactions: dict) -> dict[str, list[str]]:
    """{player name: the contexts it was sent, in order} of a recorded episode."""
    contexts = {}
    for turn in interactions["turns"]:
        for event in turn:
            if event["action"]["type"] == "send message" and event["from"] == "GM":
                contexts.setdefault(event["to"], []).append(event["action"]["content"])
    return contexts


def recorded_episodes(results: Path):
    """(game, experiment, episode dir, interactions) of every episode recorded under `results`."""
    for path in sorted(results.rglob("interactions.json")):
        episode = path.parent
        yield episode.parent.parent.name, episode.parent.name, episode, json.loads(path.read_text(encoding="utf-8"))
