"""The same instance is the same game in any process: whatever PYTHONHASHSEED, sequential or batched, whatever the
caller's RNGs; playing leaves the caller's RNGs alone; and the instance files regenerate byte for byte."""

import itertools
import json
import random

import numpy as np
import pytest
from branching_pass import load_episodes

from support import (
    CORE_GAMES,
    GAMES,
    RANDOM_RUN_MODEL,
    REFERENCE_GAMES,
    REPO,
    SPECS,
    UNAVAILABLE_GAMES,
    copy_repo,
    mock_model,
    play,
    python,
    run_in_process,
    seats_of,
    spec_of,
)


@pytest.fixture(scope="module")
def sequential(sequential_mock_run):
    results, _ = sequential_mock_run
    return load_episodes(results, "interactions.json")


@pytest.mark.all_games
def test_the_shared_random_run_is_played_batchwise_under_another_hash_seed(random_sampled_run):
    """The shared `ta-random-chat` run of all games is the batched one: the batchwise runner plays it under
    PYTHONHASHSEED 987, and each game's episodes played one at a time under the worker's hash seed, served
    (test_runners) and branched (test_branching), are compared with it. One run checks batch mode, the hash seed and
    the other runners, with a player that plays every game on (a third run of all games would cost a minute)."""
    _, results = random_sampled_run
    output = (results.parent / "output.txt").read_text()  # support.all_games_run keeps it beside the results
    for game in GAMES:
        assert f"Start batchwise runner for {game} with models=[{RANDOM_RUN_MODEL}]  (batch_size=4)" in output


def _replies(interactions: dict) -> dict[str, list[str]]:
    """Each player's replies, in order."""
    replies = {}
    for event in itertools.chain.from_iterable(interactions["turns"]):
        if event["to"] == "GM" and event["from"] != "GM":
            replies.setdefault(event["from"], []).append(event["action"]["content"])
    return replies


@pytest.mark.all_games
def test_mock_replies_are_drawn_from_the_spec_and_differ_between_instances(sequential):
    sequences = {}
    for episode, interactions in sequential.items():
        game = interactions["meta"]["game_name"]
        player_specs = spec_of(game).player_specs
        for name, replies in _replies(interactions).items():
            if interactions["players"][name]["model_name"].startswith("reference: "):
                continue  # a reference opponent's moves, not mock replies
            role = interactions["players"][name]["game_role"]
            # an experiment's extra seats (more than the spec's players) answer with the last seat's replies
            seat_specs = [spec for spec in player_specs if spec["role"] != "Judge"]
            allowed = next(
                (spec["custom_response"] for spec in player_specs if spec["role"] == role),
                seat_specs[-1]["custom_response"],
            )
            assert set(replies) <= set(allowed), (episode, name)
            sequences.setdefault(game, set()).add(tuple(replies))
    # the replies are sampled per instance, not one fixed script for all of a game's instances
    assert all(len(sequences[game]) > 1 for game in CORE_GAMES), {game: len(s) for game, s in sequences.items()}


@pytest.mark.all_games
def test_mock_replies_do_not_depend_on_the_callers_rng(tmp_path, sequential):
    """The same instance played in this process after seeding the global RNGs differently plays exactly as it did
    in the `clem run` process."""
    runs = []
    for seed in (1, 2):
        random.seed(seed)
        np.random.seed(seed)
        run_dir = run_in_process(
            "ta_hangman",
            tmp_path / f"results_{seed}",
            [mock_model()],
            lambda row: row["experiment"]["name"] == "hardcore" and row["game_instance"]["game_id"] in (0, 1),
        )
        runs.append(load_episodes(run_dir, "interactions.json"))
    assert sorted(runs[0]) == ["ta_hangman/hardcore/instance_00000", "ta_hangman/hardcore/instance_00001"]
    assert runs[0] == runs[1]
    for episode, interactions in runs[0].items():
        assert interactions["turns"] == sequential[f"mock/{episode}"]["turns"], episode
        assert _replies(interactions)


def _numpy_states_equal(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b))


def test_textarena_itself_draws_from_the_global_rngs():
    """Control for the next test: a bare TextArena episode does move the process-wide RNG, so an unchanged state
    after `play` is the game master's doing."""
    import textarena as ta

    random.seed(7)
    before = random.getstate()
    env = ta.make("Minesweeper-v0-raw")
    env.reset(num_players=1, seed=3)
    env.step("[4 4]")
    assert random.getstate() != before


@pytest.mark.parametrize("game", GAMES)
def test_playing_an_episode_leaves_the_global_rngs_untouched(game):
    # TextArena is imported first, so that it stays loaded: its import (rich's) draws once from `random`,
    # which is not the episode's doing.
    import textarena  # noqa: F401

    spec = spec_of(game)
    experiment = _first_experiment(game)
    # the model's seats, and the judge of the LLM-judged games (their spec's last player)
    player_specs = spec.player_specs[: seats_of(spec)] + (
        spec.player_specs[-1:] if getattr(spec, "judge", None) else []
    )
    policies = [
        lambda context, replies=itertools.cycle(player_spec["custom_response"]): next(replies)
        for player_spec in player_specs
    ]
    random.seed(2024)
    np.random.seed(2024)
    python_state, numpy_state = random.getstate(), np.random.get_state()
    episode = play(game, policies, experiment=experiment)
    assert sum(episode.interactions["Request Count"]) >= 1
    assert random.getstate() == python_state
    assert _numpy_states_equal(np.random.get_state(), numpy_state)


def _first_experiment(game: str) -> str:
    data = json.loads((REPO / "in" / f"{spec_of(game).instances}.json").read_text())
    return data["experiments"][0]["name"]


BASE_GAMES = [game for game in GAMES + UNAVAILABLE_GAMES if game not in REFERENCE_GAMES]


@pytest.mark.all_games
@pytest.mark.slow
@pytest.mark.longest
def test_instance_generator_reproduces_the_instance_files_byte_for_byte(tmp_path):
    game_dir = copy_repo(tmp_path / "game")
    # the lite tier's samples are copies the build makes (tests/test_lite.py), not the generator's
    samples = {
        f"{entry['instances']}.json"
        for entry in json.loads((game_dir / "clemgame.json").read_text())
        if "sample_of" in entry
    }
    expected = {path.name: path.read_bytes() for path in (game_dir / "in").iterdir() if path.name not in samples}
    # every other file is one a spec plays: its base game's, or the first instances of it (instances_<base>_first<n>)
    files = {
        game: {f"{spec.instances}.json" for spec in SPECS if getattr(spec, "base_game", spec.game_name) == game}
        for game in BASE_GAMES
    }
    assert sorted(expected) == sorted(name for names in files.values() for name in names)
    for name in expected:
        (game_dir / "in" / name).unlink()
    process = python("instancegenerator.py", *BASE_GAMES, cwd=game_dir, check=False)
    # a game this Python cannot play is skipped with its reason, and the generator says so by its exit code
    unavailable = [game for game in UNAVAILABLE_GAMES if game in BASE_GAMES]
    assert process.returncode == (1 if unavailable else 0), process.stdout + process.stderr
    written = [line for line in process.stdout.splitlines() if line.startswith("wrote ")]
    assert sorted(written) == sorted(f"wrote in/{name}" for game in BASE_GAMES if game in GAMES for name in files[game])
    skipped = [line for line in process.stderr.splitlines() if line.startswith("skipped: ")]
    assert [game for game in unavailable if not any(game in line for line in skipped)] == []
    for game in unavailable:
        for name in files[game]:
            expected.pop(name)
    regenerated = {path.name: path.read_bytes() for path in (game_dir / "in").iterdir() if path.name not in samples}
    assert sorted(regenerated) == sorted(expected)
    differing = [name for name in expected if regenerated[name] != expected[name]]
    assert differing == []
