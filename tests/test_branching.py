"""The games under clemcore 3.7.2's branching runner (`clemcore.clemgame.runners.branching`), which deep-copies the
GameMasterEnv before every step and once per branch at a branching point."""

import copy
import threading
from pathlib import Path

import pytest
from branching_pass import branched_episodes, differences, first_turn, load_episodes, requests
from clemcore.backends import ModelSpec
from clemcore.clemgame.callbacks.base import GameBenchmarkCallbackList
from clemcore.clemgame.envs.pettingzoo.master import GameMasterEnv
from clemcore.clemgame.runners import branching

from support import GAMES, RANDOM_RUN_MODEL, ScriptedModel, benchmark, instance_of, spec_of, ta_player
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

# The requests each game's branches play where the spec caps the requests (its `max_requests`, a draw or Lose by the
# game's own rules): the runner copies the whole env before every step (clemcore's interactions recorder and
# TextArena's state with it), 5-100 ms a copy on a 2-core machine, growing with the episode, so the sampled run's
# 42,208 requests would take it most of an hour. Every spec's shortest sampled episode is branched here; 169 of the
# 206 are compared whole, the 37 longer ones of capped specs on these requests. `scripts/branching_pass.py` branches
# every shipped instance the same way (docs/runners.md has its figures).
BRANCHED_REQUESTS = 20


@pytest.mark.all_games
@pytest.mark.parametrize("game", GAMES)
def test_every_game_branches_into_the_episode_clem_run_plays(game, random_sampled_run, tmp_path):
    """Two branches at the first turn, each then played on a fresh copy of the env before every step (the runner's
    branching factor 1): each is the sequential episode, turn for turn, and ends as it ends (`ta-random` draws from
    its transcript alone, so a copy that plays on by itself plays the same game)."""
    game_dir, results = random_sampled_run
    sequential = load_episodes(results / RANDOM_RUN_MODEL / game, "interactions.json")
    episode = min(sequential, key=lambda name: (requests(sequential[name]), name))
    experiment, instance = episode.split("/")
    capped = requests(sequential[episode]) > BRANCHED_REQUESTS and hasattr(spec_of(game), "max_requests")
    branches = branched_episodes(
        game,
        game_dir,
        2,
        first_turn,
        tmp_path,
        lambda row: (row["experiment"]["name"], row["game_instance"]["game_id"]) == (experiment, int(instance[9:])),
        max_requests=BRANCHED_REQUESTS if capped else None,
        model=RANDOM_RUN_MODEL,
    )
    assert sorted(branches) == [f"{episode}/branch_{number:05d}" for number in (1, 2)]
    for branch in branches.values():
        assert differences(branch, sequential[episode], capped) is None
        if capped:  # at its requests, or at as many moves of all seats where the spec counts those
            assert requests(branch) == BRANCHED_REQUESTS or " moves of " in branch["end reason"]


def test_a_branch_that_plays_otherwise_is_told_apart():
    """What `differences` tells apart: the episode itself, and, capped, the sequential episode's beginning."""
    episode = {"turns": [[{"action": {"type": "get message"}}, {"action": {"type": "send message"}}]]}
    other = {"turns": [[{"action": {"type": "get message"}}, {"action": {"type": "parse"}}]]}
    capped = {"turns": [[{"action": {"type": "get message"}}, {"action": {"type": "request cap"}}]]}
    assert differences(episode, episode, capped=False) is None
    assert differences(other, episode, capped=False) == "differs from the sequential episode"
    assert differences(capped, episode, capped=True) is None
    assert differences(episode, episode, capped=True) == "ends with 'send message', not at the cap"
    assert differences(capped, other, capped=True) is None
    cut_elsewhere = {"turns": [[{"action": {"type": "parse"}}, {"action": {"type": "request cap"}}]]}
    assert differences(cut_elsewhere, episode, capped=True) == "is not the sequential episode's beginning"
