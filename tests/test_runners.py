"""Every game under clemcore's runners other than the sequential `clem run`: its PettingZoo env (the engine of all
runners, and what trainers step), `clem serve` (OpenEnv over HTTP, played with clemcore's own client) and the
batchwise runner when an episode fails."""
import copy
import json

import pytest

from conftest import GAMES, REPO, play, spec_of, ta_player

# clemcore 3.7.2's default reward (clemgame/envs/pettingzoo/master.py:194-203): the outcome once the game is over,
# given to every player alike, and 0 on every other step.
OUTCOME_REWARDS = {"Success": 1.0, "Lose": 0.0, "Aborted": -1.0}


def first_instance(game: str) -> tuple[str, int]:
    """The first experiment's first instance."""
    experiment = json.loads((REPO / "in" / f"{spec_of(game).instances}.json").read_text())["experiments"][0]
    return experiment["name"], experiment["game_instances"][0]["game_id"]


# --- the PettingZoo env ---

@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_through_the_pettingzoo_env_with_stable_contexts_and_outcome_rewards(game):
    seen, rereads = [], []

    def read_again(game_master, name, context):
        # clemcore asks for the same turn's context three times (observe, step, the game master's own step) and
        # hands it to callbacks and players, who may change what they were given
        seen.append(copy.deepcopy(context))
        player = next(player for player in game_master.get_players() if player.name == name)
        game_master.get_context_for(player)["content"] += " (changed by a caller)"
        rereads.append(game_master.get_context_for(player) == seen[-1])

    experiment, game_id = first_instance(game)
    episode = play(game, [ta_player("random") for _ in range(spec_of(game).players)], experiment, game_id,
                   on_turn=read_again)

    assert seen and all(rereads) and len(rereads) == len(seen)
    players = {player.name for player in episode.game_master.get_players()}
    logged = [event["action"]["content"] for turn in episode.interactions["turns"] for event in turn
              if event["from"] == "GM" and event["to"] in players]
    assert logged == [context["content"] for context in seen]
    assert sum(episode.interactions["Request Count"]) == len(seen)

    outcome = next(name for name in OUTCOME_REWARDS if episode.scores[name] == 1)
    during = [reward for _, reward, terminated in episode.rewards if not terminated]
    final = {name: reward for name, reward, terminated in episode.rewards if terminated}
    assert set(during) == {0.0}
    assert final == {name: OUTCOME_REWARDS[outcome] for name in players}
