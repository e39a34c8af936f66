"""What a model is sent: the bounded views (every game's default) send one self-contained message per request; the
full view, chosen per experiment in an instances file, sends the whole conversation, as clem's players do."""

import json
import random
import re

import pytest
import textarena as ta
from full_history import with_view
from textarena.core import ObservationType

from clem_observation_wrapper import CLIP_CHARS, ClemObservationWrapper, Relabel
from replies import bracketed_moves
from support import (
    GAMES,
    RANDOM_RUN_STRATEGY,
    SPECS,
    Model,
    ModelSpec,
    QueuedEnv,
    ScriptedModel,
    clem,
    episode_dirs,
    play,
    sampled_repo,
    seats_per_experiment,
    spec_of,
    ta_player,
)


class RecordingModel(Model):
    """Plays a programmatic strategy and keeps every message list it was sent."""

    def __init__(self, strategy: str):
        super().__init__(ModelSpec(model_name=f"recording-{strategy}"))
        self.player, self.sent = ta_player(strategy), []
        self.set_gen_args(temperature=0.0, max_tokens=100)

    def generate_response(self, messages):
        self.sent.append([dict(message) for message in messages])
        return messages, {}, self.player(messages)


def test_the_state_view_sends_the_prompt_the_latest_messages_and_the_board_once_in_one_message():
    model = RecordingModel("expert")
    episode = play("ta_tower_of_hanoi", models=[model])
    assert episode.scores["Success"] == 1
    assert all(len(messages) == 1 and messages[0]["role"] == "user" for messages in model.sent)
    prompt, _, board = model.sent[0][0]["content"].partition("\n\nCurrent Board: ")
    assert prompt.startswith("You are playing Tower of Hanoi") and board.startswith("\nA: [3, 2, 1]")
    for messages in model.sent:
        content = messages[0]["content"]
        # TextArena's prompt first, the towers once and last
        assert content.startswith(prompt + "\n\n") and content.count("Current Board") == 1
        assert content.rpartition("\n\n")[2].startswith("Current Board: ")
    # the moves so far come back as TextArena's messages, the latest last
    assert model.sent[2][0]["content"].removeprefix(prompt) == (
        "\n\n[Player] [A C]\n\n[GAME] You moved disk 1 from A to C.\n\n[Player] [A B]\n\n[GAME] You moved disk 2 from A to B."
        "\n\nCurrent Board: \nA: [3]\nB: [2]\nC: [1]\n."
    )


def test_the_full_view_sends_every_context_and_reply_and_plays_the_same_game():
    bounded, full = RecordingModel("expert"), RecordingModel("expert")
    bounded_episode = play("ta_tower_of_hanoi", models=[bounded])
    full_episode = play("ta_tower_of_hanoi", models=[full], view="full")
    assert full_episode.interactions["textarena"]["view"] == "full"
    assert [len(messages) for messages in full.sent] == [2 * turn + 1 for turn in range(len(full.sent))]
    # the expert solves it either way, with the same moves
    assert full_episode.scores["Success"] == bounded_episode.scores["Success"] == 1
    assert full.sent[-1][1::2] == [
        {"role": "assistant", "content": bounded.player(messages)} for messages in bounded.sent[:-1]
    ]
    prompts = full_episode.interactions["prompts"]["Player 0"]["chars"]
    assert prompts == sorted(prompts) and prompts[-1] > max(
        bounded_episode.interactions["prompts"]["Player 0"]["chars"]
    )


def test_a_full_history_instances_file_plays_through_clem_run(tmp_path_factory, tmp_path):
    game_dir = sampled_repo(tmp_path_factory)
    source = json.loads((game_dir / "in" / "instances_ta_tower_of_hanoi.json").read_text())
    full = with_view(source, "full")
    assert [{k: v for k, v in e.items() if k != "view"} for e in full["experiments"]] == source["experiments"]
    (game_dir / "in" / "instances_ta_tower_of_hanoi_full.json").write_text(json.dumps(full))
    clem(
        "run",
        "-g",
        "ta_tower_of_hanoi",
        "-i",
        "instances_ta_tower_of_hanoi_full",
        "-m",
        "ta-expert",
        "-r",
        str(tmp_path),
        cwd=game_dir,
    )
    clem("score", "-r", str(tmp_path), cwd=game_dir)
    assert not list(tmp_path.rglob("error.json"))
    for path in episode_dirs(tmp_path):
        interactions = json.loads((path / "interactions.json").read_text())
        assert interactions["textarena"]["view"] == "full" and interactions["Success"] == 1


def test_a_bounded_view_keeps_the_newest_messages_that_fit_its_window_and_says_how_many_it_left_out():
    # each move adds two lines: the player's move (14 characters; TextArena sends it as the game's) and what it did (36)
    env = ClemObservationWrapper(ta.make("TowerOfHanoi-v0-raw"), view="state", window=110)
    env.reset(num_players=1, seed=1)
    for move in ["[A C]", "[A B]", "[C B]"]:
        env.get_observation()
        env.step(move)
    _, context = env.get_observation()
    lines = context["content"].split("\n\n")
    # of the six lines the newest four (100 characters) fit the window of 110, the two before are left out
    assert lines[-6:] == [
        "[GAME] (2 earlier messages are not repeated here.)",
        "[Player] [A B]",
        "[GAME] You moved disk 2 from A to B.",
        "[Player] [C B]",
        "[GAME] You moved disk 1 from C to B.",
        "Current Board: \nA: [3]\nB: [2, 1]\nC: []\n.",
    ]


def test_the_dialogue_view_clips_a_long_reply_to_its_last_thousand_characters():
    env = ClemObservationWrapper(ta.make("SimpleNegotiation-v0-raw"), view="dialogue")
    env.reset(num_players=2, seed=1)
    env.get_observation()
    speech = "x" * 1500 + " I offer nothing yet."
    env.step(speech)
    _, context = env.get_observation()
    assert f"[Player 0] …{speech[-1000:]}" in context["content"] and "x" * 1001 not in context["content"]


def test_a_relabel_searches_all_its_patterns_at_once_and_rewrites_what_one_of_them_matches():
    """Every shipped spec's `relabel` takes the one search of all its patterns (the contexts of the random run
    compared below are relabelled one pattern after another); a pattern's leading flags stay its own, and one with
    a backreference, which the alternatives would renumber, is applied alone."""
    relabels = [spec.relabel for spec in SPECS if getattr(spec, "relabel", None)]
    assert len(relabels) > 40 and all(Relabel(pairs).any is not None for pairs in relabels)
    relabel = Relabel([("(?s)a.b", "X"), ("^c$", "Y")])
    assert [relabel(text) for text in ("a\nb c", "q\nc", "ab")] == ["X c", "q\nY", "ab"]
    repeated = Relabel([(r"(a)\1", "X")])
    assert repeated.any is None and repeated("aab") == "Xb"


# --- the kept views against the views joined anew ---


def labelled(wrapper, player_id: int, messages: list) -> list[tuple[str, str | None, bool]]:
    """One observation's messages as the renderer before issue 32 (commit 508167a) read them: ("prompt", text),
    ("board", text) or ("line", the labelled line or None where the view leaves it out, whether it clears the
    boards). Written apart from the wrapper's code, so that a slip in either shows."""
    state = wrapper.env.state
    names = state.role_mapping
    own = (player_id, ta.GAME_ID) if state.num_players == 1 else (player_id,)

    def line(sender_id, message, observation_type) -> str | None:
        if observation_type == ObservationType.PLAYER_ACTION and sender_id in own:
            if wrapper.view == "full":
                return None
            if wrapper.view == "state":
                message = " ".join(bracketed_moves(message))
                if not message:
                    return None
            sender_id = own[0]
        if sender_id != ta.GAME_ID and wrapper.view != "full" and len(message) > CLIP_CHARS:
            message = "…" + message[-CLIP_CHARS:]
        return f"[{names.get(sender_id, f'Player {sender_id}')}] {message.strip()}"

    events = []
    for sender_id, message, observation_type in messages:
        for pattern, replacement in wrapper.relabel._pairs:  # every pattern's `sub`, as the spec says
            message = pattern.sub(replacement, message)
        if observation_type == ObservationType.PROMPT:
            prompt = f"{message.strip()}\n\n{wrapper.contract}" if wrapper.contract else message.strip()
            events.append(("prompt", prompt, False))
        elif observation_type == ObservationType.GAME_BOARD and wrapper.view == "state":
            events.append(("board", re.sub(r"\A(?:[ \t]*\n)+", "", message).rstrip(), False))
        else:
            clears = bool(wrapper.boards_in_messages) and wrapper.boards_in_messages in message
            events.append(("line", line(sender_id, message, observation_type), clears))
    return events


class Sent:
    """Everything a seat has been sent, as the renderer before issue 32 (commit 508167a) read it: the prompt, the
    opening (the first observation's lines), every later line, the boards of the current position, and the latest
    observation (`labelled`). Read one observation at a time: what it holds after an observation does not depend on
    when the ones before it were read."""

    def __init__(self):
        self.prompt, self.opening, self.lines, self.boards, self.latest, self.observations = "", [], [], [], [], 0

    def read(self, events: list[tuple[str, str | None, bool]]):
        opening, new_position = self.observations == 0, True
        for kind, text, clears_boards in events:
            if kind == "prompt":
                self.prompt = text
            elif kind == "board":
                self.boards = [*([] if new_position else self.boards), text]
                new_position = False
            else:
                if text is not None:
                    (self.opening if opening else self.lines).append(text)
                if clears_boards:
                    self.boards = []
                new_position = True
        self.latest, self.observations = events, self.observations + 1


def joined_anew(wrapper, sent: Sent) -> str:
    """A seat's context as the renderer before issue 32 made it, the oracle of the one that keeps each seat's window
    between requests: the window chosen, clipped and joined anew from every line the seat has been sent."""
    if wrapper.view == "full":
        content = "\n\n".join(text for _, text, _ in sent.latest if text is not None)
    else:
        lines = sent.lines
        # the newest messages whose lengths add up to the window at most; the newest one always
        window, kept, chars = wrapper.window, 0, 0
        for line in reversed(lines):
            if kept and chars + len(line) > window:
                break
            chars += len(line)
            kept += 1
        clipped = [
            text if len(text) <= window else "…" + text[-window:]
            for text in (*sent.opening, *lines[len(lines) - kept :])
        ]
        left_out = len(lines) - kept
        notice = [f"[GAME] ({left_out} earlier messages are not repeated here.)"] if left_out else []
        opening, window_lines = clipped[: len(sent.opening)], clipped[len(sent.opening) :]
        content = "\n\n".join(part for part in (sent.prompt, *opening, *notice, *window_lines, *sent.boards) if part)
    return content or f"[{wrapper.env.state.role_mapping.get(ta.GAME_ID, 'GAME')}] It is your turn."


@pytest.fixture
def every_context_checked(monkeypatch):
    """Every context any wrapper makes while the test runs is compared with `joined_anew`, the reference seats' too;
    yields the list of contexts compared."""
    sent, compared = {}, []
    observation = ClemObservationWrapper.observation

    def checked(wrapper, player_id, messages):
        context = observation(wrapper, player_id, messages)
        seat = sent.setdefault(wrapper, {}).setdefault(player_id, Sent())
        seat.read(labelled(wrapper, player_id, messages))
        expected = joined_anew(wrapper, seat)
        assert context["content"] == expected, f"seat {player_id}, observation {len(compared) + 1} of the test"
        compared.append(context["content"])
        return context

    monkeypatch.setattr(ClemObservationWrapper, "observation", checked)
    return compared


def _every_context_joined_anew(game: str, compared: list):
    players = spec_of(game).players  # the LLM-judged games' judge is a player too
    for experiment in seats_per_experiment(game):
        models = [ScriptedModel(ta_player(RANDOM_RUN_STRATEGY), name=f"random{seat}") for seat in range(players)]
        play(game, experiment=experiment, models=models)
    assert compared


@pytest.mark.all_games
@pytest.mark.parametrize("game", GAMES)
def test_every_context_of_a_random_episode_is_the_view_joined_anew(game, every_context_checked):
    """Issue 32: the bounded views keep each seat's window between requests; the text is what joining the whole view
    anew at every request makes, byte for byte, at every request of every seat (the reference seats' too) in the first
    instance of every experiment, played by the suite's random run's player (chat-styled replies: long, with think
    blocks and markdown)."""
    _every_context_joined_anew(game, every_context_checked)


@pytest.mark.covered_by("test_every_context_of_a_random_episode_is_the_view_joined_anew")
@pytest.mark.parametrize(
    "game", ["ta_secret_mafia_vs_fixed_rule", "ta_battleship", "ta_tower_of_hanoi", "ta_settlers_of_catan_vs_random"]
)
def test_every_context_of_a_random_episode_is_the_view_joined_anew_in_a_sample(game, every_context_checked):
    _every_context_joined_anew(game, every_context_checked)


class _Table(QueuedEnv):
    """A stand-in env of `seats` seats that hands the given observations to its seats in turn."""

    def __init__(self, observations: list[list], seats: int):
        super().__init__(observations)
        self.state.role_mapping = {**{seat: f"Player {seat}" for seat in range(seats)}, -1: "GAME"}
        self.state.num_players, self._turns = seats, 0

    def get_observation(self):
        self._turns += 1
        return (self._turns - 1) % self.state.num_players, self.observations.pop(0)


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("view", ["state", "dialogue"])
def test_the_kept_window_drops_and_clips_as_the_view_joined_anew(view, seats, every_context_checked):
    """The window's edge cases, which a random episode may not reach: a message longer than the window alone (kept,
    clipped, then pushed out by the next), several messages pushed out by one, a message that exactly fills the
    window, the opening messages, a new prompt, boards replaced and emptied; with more than two seats the messages
    every seat is sent are labelled once, also where the relabel turns a message into another one sent as such."""
    rng = random.Random(32)
    types = [ObservationType.GAME_MESSAGE, ObservationType.PLAYER_ACTION, ObservationType.GAME_BOARD]
    opening = [(-1, "Rules.", ObservationType.PROMPT), (-1, "Opening.", ObservationType.GAME_MESSAGE)]
    observations = [opening] * seats
    for _ in range(300):
        lengths = [rng.choice([1, 5, 40, 89, 90, 91, 99, 100, 101, 250, 1200]) for _ in range(rng.randint(0, 4))]
        observations.append(
            [
                (
                    rng.choice([-1, 0, 1]),
                    rng.choice(["x{}", "[{}]", "a [{}] b"]).format("x" * length),
                    rng.choice(types),
                )
                for length in lengths
            ]
            + ([(-1, "New rules.", ObservationType.PROMPT)] if rng.random() < 0.02 else [])
        )
    env = ClemObservationWrapper(
        _Table(list(observations), seats), view=view, window=100, boards_in_messages="x" * 250, relabel=[("^x", "xx")]
    )
    for _ in observations:
        env.get_observation()
    assert any("earlier messages are not repeated" in context for context in every_context_checked)
    assert any("…" in context for context in every_context_checked)
