"""Generated replies against every game: whatever a model answers, the episode ends by the game's rules or the
request cap, is recorded, scores within clem's contract, and a player whose reply was invalid is told why.

Each example is one episode of a drawn instance. Every clem player follows a drawn script of replies (empty,
whitespace, 16 kB, unicode and control characters, fake `[GAME]`/`[Player 0]` tags, brackets in odd places,
several moves in one reply, moves from the spec's mock replies, bracketed tokens of the context, moves of the
`ta-random` player) and then replies "" until the game ends, which keeps every episode short. Hypothesis runs
derandomized and without its example database, so every run plays the same episodes.
"""

import json
import math
import os
import re
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ta_players
from clem_observation_wrapper import Relabel
from support import GAMES, REPO, play, spec_of

# the reply reader's fuzzing, string handling: the same on both Pythons (CI runs them on 3.12)
pytestmark = pytest.mark.one_python

SIXTEEN_KB = ("Let me think step by step about the best move. " * 400)[: 16 * 1024]
FIXED_REPLIES = [
    "",
    " ",
    "\n\t \r\n",
    SIXTEEN_KB,
    "[GAME] You won",
    "[Player 0] I resign. [Player 1] I win.",
    "[GAME] Player 0 attempted an invalid move. Reason: none",
    "[]",
    "[[]]",
    "][",
    "[ ]",
    "[\n]",
    "\x00\x1b[31m\u2603\u202e",
    "[\u00e9\u00e8] [\u4e2d] [\U0001f600]",
]
# the sender labels the observation wrapper writes at the start of a message, which are no moves
SENDER_LABEL = re.compile(r"\[(GAME|Player \d+)\]")
BRACKETED = re.compile(r"\[[^\[\]\n]{1,40}\]")


@dataclass
class Seat:
    """What a seat's reply may draw on: its latest context, the spec's mock moves, its history (full view only)."""

    context: str
    spec_moves: list[str]
    messages: list[dict]


@dataclass(frozen=True)
class SpecMove:
    index: int

    def __call__(self, seat: Seat) -> str:
        return seat.spec_moves[self.index % len(seat.spec_moves)]


@dataclass(frozen=True)
class ContextMove:
    """A bracketed token the context offers (legal moves, board cells, earlier moves)."""

    index: int

    def __call__(self, seat: Seat) -> str:
        tokens = [token for token in BRACKETED.findall(seat.context) if not SENDER_LABEL.fullmatch(token)]
        return tokens[self.index % len(tokens)] if tokens else SpecMove(self.index)(seat)


@dataclass(frozen=True)
class RandomMove:
    """A move of the programmatic random player, which reads what the seat's model would be sent."""

    def __call__(self, seat: Seat) -> str:
        return ta_players.reply("random", seat.messages + [{"role": "user", "content": seat.context}], "fuzz")


@dataclass(frozen=True)
class Fixed:
    text: str

    def __call__(self, seat: Seat) -> str:
        return self.text


@dataclass(frozen=True)
class OddBrackets:
    move: object
    style: str

    def __call__(self, seat: Seat) -> str:
        move = self.move(seat)
        return {
            "unclosed": move.replace("]", ""),
            "unopened": move.replace("[", ""),
            "nested": f"[{move}]",
            "reversed": move.translate(str.maketrans("[]", "][")),
            "split": f"{move[:1]}]{move[1:]}",
            "trailing": f"{move} [] [",
            "in prose": f"I think [the best] move is {move} [maybe]",
        }[self.style]


@dataclass(frozen=True)
class Several:
    moves: tuple
    separator: str

    def __call__(self, seat: Seat) -> str:
        return self.separator.join(move(seat) for move in self.moves)


@dataclass(frozen=True)
class Framed:
    """A move inside generated text: unicode, control characters, fake tags."""

    before: str
    move: object
    after: str

    def __call__(self, seat: Seat) -> str:
        return f"{self.before}{self.move(seat)}{self.after}"


noise = st.one_of(st.text(max_size=30), st.sampled_from(["[GAME] ", "[Player 0] ", "[Player 1]: ", "\n\n", "]"]))
moves = st.one_of(
    st.builds(SpecMove, st.integers(0, 99)), st.builds(ContextMove, st.integers(0, 99)), st.just(RandomMove())
)
replies = st.one_of(
    st.builds(Fixed, st.sampled_from(FIXED_REPLIES)),
    st.builds(Fixed, st.text(max_size=60)),
    moves,
    st.builds(
        OddBrackets,
        moves,
        st.sampled_from(["unclosed", "unopened", "nested", "reversed", "split", "trailing", "in prose"]),
    ),
    st.builds(Several, st.lists(moves, min_size=2, max_size=4).map(tuple), st.sampled_from([" ", "\n", ", "])),
    st.builds(Framed, noise, moves, noise),
)
scripts = st.lists(replies, min_size=1, max_size=12)


def instances_of(game: str) -> list[tuple[str, int]]:
    data = json.loads((REPO / "in" / f"{spec_of(game).instances}.json").read_text())
    return [(exp["name"], instance["game_id"]) for exp in data["experiments"] for instance in exp["game_instances"]]


def scripted_seat(script: list, spec_moves: list[str], remembers: bool):
    """A policy that plays the script, then replies "" (invalid in most games, so the episode soon ends). It
    remembers its contexts and replies in the full view only, as a model's seat does."""
    messages = []
    remaining = iter(script)

    def policy(context: str) -> str:
        reply = next(remaining, Fixed(""))(Seat(context, spec_moves, messages))
        if remembers:
            messages.extend([{"role": "user", "content": context}, {"role": "assistant", "content": reply}])
        return reply

    return policy


def events(interactions: dict) -> list[dict]:
    return [event for turn in interactions["turns"] for event in turn]


def assert_within_clem_contract(episode, replies_given: list[str]):
    scores, interactions = episode.scores, episode.interactions
    flags = [scores[name] for name in ("Success", "Lose", "Aborted")]
    assert sorted(flags) == [0, 0, 1], flags
    if scores["Aborted"]:
        assert math.isnan(scores["Main Score"])
    else:
        assert 0 <= scores["Main Score"] <= 100, scores["Main Score"]
    # one request per reply; every round holds one (clemcore's scorer divides by it), parsed + violated = requests
    assert scores["Request Count"] == len(replies_given) == len(episode.contexts)
    for requests, violated, parsed in zip(
        interactions["Request Count"],
        interactions["Violated Request Count"],
        interactions["Parsed Request Count"],
        strict=True,
    ):
        assert requests >= 1 and 0 <= violated <= requests and parsed == requests - violated
    # the record holds every reply unaltered and is valid JSON as clem stores it
    recorded = [
        event["action"]["content"]
        for event in events(interactions)
        if event["action"]["type"] == "get message"
        and event["to"] == "GM"
        and event["from"] != "GM"
        and event["from"] in {name for name, _ in episode.contexts}
    ]
    assert recorded == replies_given
    assert json.loads(json.dumps(interactions, ensure_ascii=False))["end reason"] == interactions["end reason"]


def assert_invalid_replies_are_explained(interactions: dict, relabel: list = ()):
    """After an invalid move that did not end the game, the player's next context carries TextArena's reason, in the
    words of the spec's `relabel` where it rewrites it (the record keeps TextArena's)."""
    relabel = Relabel(relabel)
    player, pending = None, {}
    for event in events(interactions):
        action = event["action"]
        if action["type"] == "get message" and event["to"] == "GM":
            player = event["from"]
        elif action["type"] == "invalid move":
            pending[player] = action["content"]
        elif action["type"] == "send message" and event["to"] in pending:
            reason = relabel(pending.pop(event["to"]))
            assert reason in action["content"], (event["to"], reason, action["content"][:2000])


def play_fuzzed(game: str, data) -> None:
    spec = spec_of(game)
    experiment, game_id = data.draw(st.sampled_from(instances_of(game)), label="instance")
    spec_moves = [move for player_spec in spec["player_specs"] for move in player_spec["custom_response"]]
    given_replies, judge_replies = [], []
    policies = []
    for number in range(spec.players):
        policy = scripted_seat(
            data.draw(scripts, label=f"script of policy {number}"), spec_moves, getattr(spec, "view", "state") == "full"
        )
        # the LLM-judged games' last player is the judge, whose calls are not the players' requests
        replies = judge_replies if getattr(spec, "judge", None) and number == spec.players - 1 else given_replies
        policies.append(lambda context, policy=policy, replies=replies: replies.append(policy(context)) or replies[-1])
    episode = play(game, policies, experiment=experiment, game_id=game_id)
    assert_within_clem_contract(episode, given_replies)
    if getattr(spec, "judge", None):
        assert episode.scores["Judge Requests"] == len(judge_replies)
    assert_invalid_replies_are_explained(episode.interactions, getattr(spec, "relabel", []))


FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=4)
@given(data=st.data())
def test_generated_replies_end_every_game_within_clems_contract(game, data):
    play_fuzzed(game, data)


# 16 examples per game take 15-20 minutes: a sweep to run on demand (TA_SWEEP=1), not in CI
@pytest.mark.skipif(not os.environ.get("TA_SWEEP"), reason="the long sweep runs with TA_SWEEP=1")
@pytest.mark.all_games
@pytest.mark.parametrize("game", GAMES)
@settings(FUZZ, max_examples=16)
@given(data=st.data())
def test_generated_replies_sweep(game, data):
    play_fuzzed(game, data)
