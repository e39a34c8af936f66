"""The games under clemcore 3.7.2's branching runner (`clemcore.clemgame.runners.branching`), which deep-copies the
GameMasterEnv before every step and once per branch at a branching point."""

import contextlib
import copy
import threading
from pathlib import Path

import pytest
from clemcore.backends import Model, ModelSpec, load_models
from clemcore.clemgame import GameBenchmark, GameInstances
from clemcore.clemgame.callbacks.base import GameBenchmarkCallbackList
from clemcore.clemgame.callbacks.files import InstanceFileSaver, InteractionsFileSaver, ResultsFolder, SignalFileSaver
from clemcore.clemgame.envs.pettingzoo.master import GameMasterEnv
from clemcore.clemgame.runners import branching

from support import GAMES, ScriptedModel, benchmark, instance_of, load_episode_files, spec_of, ta_player
from ta_players_api import ProgrammaticPlayer


class HostedModel(ScriptedModel):
    """A model that holds what a hosted backend's client holds (a lock: clemcore's OpenAI backend's client raises
    `cannot pickle '_thread.RLock' object` when copied): it cannot be deep-copied."""

    def __init__(self, policy, name):
        super().__init__(policy, name)
        self.client_lock = threading.RLock()


def test_a_copied_game_env_shares_its_models_and_plays_on_by_itself():
    models = [HostedModel(ta_player("random"), "hosted0"), HostedModel(ta_player("random"), "hosted1")]
    experiment, instance = instance_of("ta_tic_tac_toe")
    with benchmark("ta_tic_tac_toe") as game_benchmark:
        original = GameMasterEnv(game_benchmark, callbacks=GameBenchmarkCallbackList())
        original.reset(options={"player_models": models, "experiment": experiment, "game_instance": instance})
        branch = copy.deepcopy(original)
    assert branch.game_master is not original.game_master
    for copied in (
        branch.game_master.player_models,
        branch.options["player_models"],
        [player.model for player in branch.game_master.get_players()],
    ):
        assert all(model is shared for model, shared in zip(copied, models, strict=True))
    branch.step("[4]")
    assert branch.game_master.env.state.game_state["board"][1][1] == "O"
    assert original.game_master.env.state.game_state["board"][1][1] == ""
    assert original.game_master.request_count == 0 and branch.game_master.request_count == 1


def test_a_programmatic_player_copies_on_its_own_and_replies_as_the_original():
    model = ProgrammaticPlayer(ModelSpec(model_name="ta-random", model_id="random", backend="ta_players"))
    copied = copy.deepcopy(model)
    messages = [{"role": "user", "content": _tic_tac_toe_prompt()}]
    assert copied is not model and copied.generate_response(messages) == model.generate_response(messages)


def _tic_tac_toe_prompt() -> str:
    experiment, instance = instance_of("ta_tic_tac_toe")
    with benchmark("ta_tic_tac_toe") as game_benchmark:
        env = GameMasterEnv(game_benchmark)
        env.reset(
            options={"player_models": [ScriptedModel(str)] * 2, "experiment": experiment, "game_instance": instance}
        )
        return env.observe("player_0")["content"]


def test_clemcores_is_round_condition_branches_at_every_request_of_the_round(tmp_path):
    # the first round of self-play Tic Tac Toe holds both seats' first moves: two branching points, four leaves
    leaves = branched_episodes(
        "ta_tic_tac_toe",
        Path.cwd(),
        2,
        branching.is_round(0),
        tmp_path,
        lambda row: row["game_instance"]["game_id"] == 0,
    )
    assert sorted(leaves) == [f"default/instance_00000/branch_{number:05d}" for number in range(1, 5)]


# --- every game under the branching runner, against the sequential `clem run -m ta-random` of the suite ---


def first_turn(env: GameMasterEnv = None, **_) -> bool:
    """The episode's first request (clemcore's GameState counts the requests in `current_turn`)."""
    return env.game_master.state.current_turn == 0


# The requests each game's branches play where the spec caps the requests (its `max_requests`, a draw or Lose by the
# game's own rules): the runner copies the whole env before every step (clemcore's interactions recorder and
# TextArena's state with it), 5-100 ms a copy on a 2-core machine, growing with the episode, so the sampled run's
# 42,208 requests would take it most of an hour. Every spec's shortest sampled episode is branched; 169 of the 206
# are compared whole, the 37 longer ones of capped specs on these requests.
BRANCHED_REQUESTS = 20


@pytest.mark.all_games
@pytest.mark.parametrize("game", GAMES)
def test_every_game_branches_into_the_episode_clem_run_plays(game, random_sampled_run, tmp_path):
    """Two branches at the first turn, each then played on a fresh copy of the env before every step (the runner's
    branching factor 1): each is the sequential episode, turn for turn, and ends as it ends (`ta-random` draws from
    its transcript alone, so a copy that plays on by itself plays the same game)."""
    game_dir, results = random_sampled_run
    sequential = load_episode_files(results / "ta-random" / game, "interactions.json")
    episode = min(sequential, key=lambda name: (sum(sequential[name]["Request Count"]), name))
    experiment, instance = episode.split("/")
    capped = sum(sequential[episode]["Request Count"]) > BRANCHED_REQUESTS and hasattr(spec_of(game), "max_requests")
    branches = branched_episodes(
        game,
        game_dir,
        2,
        first_turn,
        tmp_path,
        lambda row: (row["experiment"]["name"], row["game_instance"]["game_id"]) == (experiment, int(instance[9:])),
        max_requests=BRANCHED_REQUESTS if capped else None,
    )
    assert sorted(branches) == [f"{episode}/branch_{number:05d}" for number in (1, 2)]
    for branch in branches.values():
        if not capped:
            assert branch == sequential[episode]
            continue
        # the branch ends at the cap: at its requests, or at as many moves of all seats where the spec counts those
        played, last = events(branch)[:-1], events(branch)[-1]
        assert last["action"]["type"] == "request cap"
        assert sum(branch["Request Count"]) == BRANCHED_REQUESTS or " moves of " in branch["end reason"]
        assert played == events(sequential[episode])[: len(played)]


def events(interactions: dict) -> list[dict]:
    """The episode's events in order, each with its round."""
    return [
        {**event, "round": number}
        for number, round_events in enumerate(interactions["turns"])
        for event in round_events
    ]


def branched_episodes(
    game: str,
    game_dir: Path,
    branching_factor: int,
    condition,
    results: Path,
    instance_filter=None,
    max_requests: int | None = None,
) -> dict[str, dict]:
    """Plays the game's instances in `game_dir` with clemcore's branching runner and `-m ta-random` (loaded as
    `clem run` in `game_dir` loads it), with the result files `clem run` writes, every branch in its own folder, and
    `max_requests` in place of the spec's: {episode folder: interactions, timestamps left out}."""
    spec = spec_of(game)
    spec.game_path = str(game_dir)
    if max_requests is not None:
        spec.max_requests = max_requests
    with contextlib.chdir(game_dir):  # clem finds the model registry and the ta_players backend there
        models = load_models(["ta-random"], dict(temperature=0.0, max_tokens=300))  # `clem run`'s (cli.py:462-465)
    folder = ResultsFolder(results, Model.to_identifier(models))
    infos = Model.to_infos(models)
    callbacks = GameBenchmarkCallbackList(
        [
            InstanceFileSaver(folder),
            InteractionsFileSaver(folder, player_model_infos=infos, store_branches=branching_factor > 1),
            SignalFileSaver(folder),
        ]
    )
    with GameBenchmark.load_from_spec(spec) as game_benchmark:
        branching.run(
            game_benchmark,
            GameInstances.from_game_spec(spec).filter(instance_filter),
            models,
            callbacks=callbacks,
            branching_factor=branching_factor,
            branching_condition=condition,
        )
    return load_episode_files(results / Model.to_identifier(models) / game, "interactions.json")
