"""The games under clemcore 3.7.2's branching runner (`clemcore.clemgame.runners.branching`), which deep-copies the
GameMasterEnv before every step and once per branch at a branching point."""
import copy
import threading

from clemcore.backends import ModelSpec
from clemcore.clemgame.callbacks.base import GameBenchmarkCallbackList
from clemcore.clemgame.envs.pettingzoo.master import GameMasterEnv

from conftest import ScriptedModel, benchmark, instance_of, ta_player
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
    for copied in (branch.game_master.player_models, branch.options["player_models"],
                   [player.model for player in branch.game_master.get_players()]):
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
        env.reset(options={"player_models": [ScriptedModel(str)] * 2, "experiment": experiment,
                           "game_instance": instance})
        return env.observe("player_0")["content"]
