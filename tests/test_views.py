"""What a model is sent: the bounded views (every game's default) send one self-contained message per request; the
full view, chosen per experiment in an instances file, sends the whole conversation, as clem's players do."""

import json

from full_history import with_view

from support import Model, ModelSpec, clem, episode_dirs, play, sampled_repo, ta_player


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
    import textarena as ta

    from clem_observation_wrapper import ClemObservationWrapper

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
    import textarena as ta

    from clem_observation_wrapper import ClemObservationWrapper

    env = ClemObservationWrapper(ta.make("SimpleNegotiation-v0-raw"), view="dialogue")
    env.reset(num_players=2, seed=1)
    env.get_observation()
    speech = "x" * 1500 + " I offer nothing yet."
    env.step(speech)
    _, context = env.get_observation()
    assert f"[Player 0] …{speech[-1000:]}" in context["content"] and "x" * 1001 not in context["content"]
