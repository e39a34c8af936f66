"""Tower of Hanoi played end to end: a text-only solver scores 100, a format breaker is Aborted."""
import math
import re

import pytest
from clemcore.clemgame.envs.pettingzoo.master import gym_env

from conftest import play


def solver() -> callable:
    """Reads the towers from the context text only and plays the optimal solution's next move."""
    def policy(context: str) -> str:
        boards = re.findall(r"A: \[([\d, ]*)\]\nB: \[([\d, ]*)\]\nC: \[([\d, ]*)\]", context)
        towers = [[int(d) for d in re.findall(r"\d+", tower)] for tower in boards[-1]]
        return f"[{' '.join(next_move(towers))}]"
    return policy


def next_move(towers: list[list[int]]) -> tuple[str, str]:
    """The optimal next move towards all disks on C, from any legal position."""
    position = {disk: peg for peg, tower in enumerate(towers) for disk in tower}
    return _next_move_of(position, max(position), goal=2)


def _next_move_of(position: dict, disk: int, goal: int) -> tuple[str, str]:
    """The next move that brings `disk` and every smaller disk onto `goal`."""
    if position[disk] == goal:
        return _next_move_of(position, disk - 1, goal)
    spare = 3 - position[disk] - goal
    blocking = [d for d in range(disk - 1, 0, -1) if position[d] != spare]
    if blocking:
        return _next_move_of(position, disk - 1, spare)
    return "ABC"[position[disk]], "ABC"[goal]


@pytest.mark.parametrize("experiment, disks", [("default", 3), ("medium", 4), ("hard", 5), ("hardcore", 6),
                                                ("extreme", 7)])
def test_text_only_solver_scores_100(experiment, disks):
    episode = play("ta_tower_of_hanoi", [solver()], experiment=experiment)
    assert episode.scores["Success"] == 1 and episode.scores["Lose"] == 0 and episode.scores["Aborted"] == 0
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Request Count"] == 2 ** disks - 1  # the optimal solution, one request per move
    assert episode.scores["Violated Request Count"] == 0


def test_player_that_never_follows_the_format_is_aborted():
    episode = play("ta_tower_of_hanoi", [lambda context: "I would move the small disk to the right."])
    assert episode.scores["Aborted"] == 1 and episode.scores["Success"] == 0 and episode.scores["Lose"] == 0
    assert math.isnan(episode.scores["Main Score"])
    # TextArena warns once, the second consecutive invalid move ends the game
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


def test_turn_limit_is_a_loss_scored_by_completion():
    # Shuttling the smallest disk between A and B never places a disk on C. The default game registers
    # max_turns=14, but TextArena 0.7.4 checks the limit before counting the move, so it ends after 15 moves.
    moves = iter(["[A B]", "[B A]"] * 8)
    episode = play("ta_tower_of_hanoi", [lambda context: next(moves)])
    assert episode.scores["Lose"] == 1 and episode.scores["Success"] == 0 and episode.scores["Aborted"] == 0
    assert episode.scores["Request Count"] == 15
    assert episode.scores["Main Score"] == 0


def test_completion_counts_disks_in_place_on_c():
    # 3 disks: move disk 3 to C with the optimal first four moves, then waste the remaining 11 moves with disk 1.
    moves = iter(["[A C]", "[A B]", "[C B]", "[A C]"] + ["[B A]", "[A B]"] * 6)
    episode = play("ta_tower_of_hanoi", [lambda context: next(moves)])
    assert episode.scores["Lose"] == 1
    assert episode.scores["Main Score"] == pytest.approx(100 / 3)


# clemcore's gym env, as trainers use it: observations are the clem contexts, the reward is the outcome reward
def test_gym_env_plays_tower_of_hanoi_to_success():
    env = gym_env("ta_tower_of_hanoi", single_pass=True,
                  instances_filter=lambda row: row["experiment"]["name"] == "default")
    observation, _ = env.reset()
    assert observation["role"] == "user"
    assert observation["content"].startswith("You are playing Tower of Hanoi with 3 disks.")
    policy, rewards, terminated = solver(), [], False
    while not terminated:
        observation, reward, terminated, truncated, _ = env.step(policy(observation["content"]))
        rewards.append(reward)
    assert len(rewards) == 7 and rewards[-1] == 1.0 and set(rewards[:-1]) == {0.0}
