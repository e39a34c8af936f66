"""Faults around the games, through `clem` as users run it or clemcore's runner in-process: an env that raises
mid-episode, corrupt or hand-edited instance files, a results folder that cannot be written or fills up. Each is
one clear line saying what is wrong and how to fix it, the other episodes run, and `clem score` and `clem eval`
still work on the results tree. docs/faults.md lists where clemcore decides the behaviour."""

import csv
import errno
import json
import os
from pathlib import Path

import pytest
from textarena.envs.Nim.env import NimEnv

from runtime.errors import TextArenaEnvError
from support import REPO, clem, copy_repo, episode_dirs, mock_model, play, python, run_in_process, ta_player
from ta_master import REFERENCE_MOVES_IN_A_ROW

# faults of the files and envs around clem processes: the same on both Pythons (CI runs them on 3.12)
pytestmark = pytest.mark.one_python


# A TextArena env registered as a game of a copy of the repository: count up with [1], [2], ...; its `midway`
# variant raises at its second step, as a TextArena defect would.
FAULTY_ENV = """
import textarena as ta
from textarena.envs.registration import register_with_versions


class FaultyCountEnv(ta.Env):
    def __init__(self, target=3, breaks_at_step=None):
        super().__init__()
        self.target, self.breaks_at_step = target, breaks_at_step

    def reset(self, num_players, seed=None):
        self.steps = 0
        self.state = ta.SinglePlayerState(num_players=num_players, seed=seed, max_turns=10)
        self.state.reset(game_state={"count": 0},
                         player_prompt_function=lambda **kwargs: f"Count to {self.target}: reply [1], then [2], ...")

    def step(self, action):
        self.steps += 1
        if self.steps == self.breaks_at_step:
            raise RuntimeError(f"the counter broke at step {self.steps}")
        self.state.add_observation(from_id=0, to_id=-1, message=action, observation_type=ta.ObservationType.PLAYER_ACTION)
        count = self.state.game_state["count"] + 1
        if f"[{count}]" not in action:
            self.state.set_invalid_move(reason=f"the next number is [{count}]", reward=self._get_percentage_completion())
        else:
            self.state.game_state["count"] = count
            if count == self.target:
                self.state.set_outcome(reward=1, reason="counted to the target")
        return self.state.step()

    def _get_percentage_completion(self):
        return self.state.game_state["count"] / self.target


register_with_versions(id="FaultyCount-v0", entry_point="faulty_count:FaultyCountEnv", wrappers={"default": []})
register_with_versions(id="FaultyCount-v0-midway", entry_point="faulty_count:FaultyCountEnv", wrappers={"default": []},
                       breaks_at_step=2)
"""
FAULTY_SPEC = {
    "game_name": "ta_faulty_count",
    "description": "A test env that raises in its midway experiment.",
    "entry_point": "faulty_count:FaultyCountEnv",
    "master": "submasters:SinglePlayerMaster",
    "scorer": "metrics:CompletionScorer",
    "n_instances": 2,
    "instances": "instances_ta_faulty_count",
    "players": 1,
    "benchmark": [],
    "player_specs": [{"role": "Player", "custom_response": ["[1]", "[2]", "[3]"]}],
}


def read_json(path: Path) -> dict:
    return json.loads(path.read_text())


def episode(results: Path, game: str, experiment: str, game_id: int) -> Path:
    return results / "mock" / game / experiment / f"instance_{game_id:05d}"


def assert_scores_and_evaluates(results: Path, game_dir: Path = REPO, env: dict | None = None) -> str:
    """`clem score` and `clem eval` exit 0 on the tree and take in exactly the completed episodes (clem eval counts
    scored episodes only, clemeval.py:145: an episode that failed lowers no % Played). Returns score's output."""
    process = clem("score", "-r", str(results), cwd=game_dir, env=env)
    clem("eval", "-r", str(results), cwd=game_dir, env=env)
    completed = {path.parent for path in results.rglob("completed.json")}
    assert {path.parent for path in results.rglob("scores.json")} == completed
    with open(results / "raw.csv", newline="") as f:
        evaluated = {
            results / row["model"] / row["game"] / row["experiment"] / row["episode"] for row in csv.DictReader(f)
        }
    assert evaluated == completed
    return process.stdout + process.stderr


def test_an_env_raising_mid_episode_fails_those_episodes_and_the_rest_runs_scores_and_evaluates(tmp_path):
    game_dir = copy_repo(tmp_path / "game")
    (game_dir / "faulty_count.py").write_text(FAULTY_ENV)
    specs = read_json(game_dir / "clemgame.json")
    (game_dir / "clemgame.json").write_text(json.dumps(specs + [FAULTY_SPEC], indent=2))
    # the env module registers itself when imported; the game's spec imports its entry point from the path
    env = {"PYTHONPATH": str(game_dir)}
    python("instancegenerator.py", "ta_faulty_count", cwd=game_dir, env=env)
    results = tmp_path / "results"
    process = clem(
        "run", "-g", "ta_faulty_count", "ta_tower_of_hanoi", "-m", "mock", "-r", str(results), cwd=game_dir, env=env
    )

    output = process.stdout + process.stderr
    errors = [line for line in output.splitlines() if " - ERROR - " in line]
    assert errors == [
        next(
            line
            for line in errors
            if line.endswith("ta_faulty_count: '2' exceptions occurred: See clembench.log for details.")
        )
    ], errors
    broken = [episode(results, "ta_faulty_count", "midway", game_id) for game_id in (0, 1)]
    for game_id, path in enumerate(broken):
        error = read_json(path / "error.json")
        assert error["error"] == "TextArenaEnvError"
        assert error["message"] == (
            f"ta_faulty_count, experiment 'midway', instance {game_id}: TextArena "
            f"FaultyCount-v0-midway-raw failed in step: RuntimeError: the counter broke at "
            f"step 2"
        )
        assert not (path / "completed.json").exists() and not (path / "interactions.json").exists()
    played = [path for path in episode_dirs(results) if path not in broken]
    assert len(played) == 2 + 5
    assert [path for path in played if not (path / "completed.json").is_file()] == []

    assert_scores_and_evaluates(results, game_dir, env)


def test_corrupt_and_hand_edited_instance_files_are_named_and_the_other_games_run(tmp_path):
    game_dir = copy_repo(tmp_path / "game")
    hangman = game_dir / "in" / "instances_ta_hangman.json"
    hangman.write_text(hangman.read_text()[:-50])
    hanoi_file = game_dir / "in" / "instances_ta_tower_of_hanoi.json"
    hanoi = read_json(hanoi_file)
    del hanoi["experiments"][0]["game_instances"][0]["seed"]
    del hanoi["experiments"][1]["game_instances"][0]["env_id"]
    hanoi_file.write_text(json.dumps(hanoi))
    results = tmp_path / "results"
    process = clem(
        "run",
        "-g",
        "ta_hangman",
        "ta_tower_of_hanoi",
        "ta_minesweeper",
        "-m",
        "mock",
        "-r",
        str(results),
        cwd=game_dir,
        check=False,
    )

    # the corrupt file fails its game's load (clemcore exits 1 and prints its own traceback after our line)
    assert process.returncode == 1
    output = process.stdout + process.stderr
    named = [line for line in output.splitlines() if "instances_ta_hangman.json is not valid JSON" in line]
    assert (
        len(named) == 1
        and f"ta_hangman: {hangman} is not valid JSON (" in named[0]
        and named[0].endswith(
            "); restore in/instances_ta_hangman.json from the repository (`git checkout -- in/instances_ta_hangman.json`) "
            "or regenerate it with `python instancegenerator.py ta_hangman`."
        )
    ), named
    assert not (results / "mock" / "ta_hangman").exists()

    # an instance without a field fails its episode only, with the same advice
    for experiment, field in (("default", "seed"), ("medium", "env_id")):
        error = read_json(episode(results, "ta_tower_of_hanoi", experiment, 0) / "error.json")
        assert error["error"] == "InvalidInstanceError"
        assert error["message"] == (
            f"ta_tower_of_hanoi, experiment '{experiment}', instance 0: the instance has no '{field}' (a hand-edited "
            "or truncated instance file); restore in/instances_ta_tower_of_hanoi.json from the repository (`git "
            "checkout -- in/instances_ta_tower_of_hanoi.json`) or regenerate it with `python instancegenerator.py "
            "ta_tower_of_hanoi`."
        )
    # (an episode whose setup failed has no instance.json, so episode_dirs lists the completed ones)
    assert [path for path in episode_dirs(results) if not (path / "completed.json").is_file()] == []
    assert len(episode_dirs(results)) == 40 + 5 - 2
    assert_scores_and_evaluates(results, game_dir)


def test_a_results_path_that_cannot_be_written_stops_the_run_with_one_line_naming_it(tmp_path):
    # As root, permissions do not stop writes; a results path below a file cannot be written by anyone.
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("")
    process = clem("run", "-g", "ta_tower_of_hanoi", "-m", "mock", "-r", str(blocker / "results"), check=False)
    assert process.returncode == 1
    output = process.stdout + process.stderr
    lines = [line for line in output.splitlines() if " - ERROR - " in line]
    # clemcore makes the run folder before any game (cli.py:182, callbacks/files.py:156) and reports the OS error
    assert lines and all(line.endswith(f"[Errno 20] Not a directory: '{blocker}/results'") for line in lines)
    assert "Playing game instances" not in output


class _FullDisk:
    """`open` for clemcore's result files whose writes fail with ENOSPC once `capacity` characters were written,
    leaving the file being written truncated, as a full disk does."""

    def __init__(self, capacity: int):
        self.left = capacity

    def __call__(self, file, mode="r", *args, **kwargs):
        handle = open(file, mode, *args, **kwargs)
        return _FileOnFullDisk(handle, self) if "w" in mode else handle


class _FileOnFullDisk:
    def __init__(self, handle, disk: _FullDisk):
        self.handle, self.disk = handle, disk

    def write(self, text: str) -> int:
        if len(text) > self.disk.left:
            self.handle.write(text[: self.disk.left])
            self.disk.left = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), self.handle.name)
        self.disk.left -= len(text)
        return self.handle.write(text)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.handle.close()
        return False


def test_a_results_folder_that_fills_up_fails_the_episodes_it_cannot_record_and_scoring_skips_them(
    tmp_path, monkeypatch
):
    import clemcore.clemgame.resources as resources

    full_disk = _FullDisk(capacity=12_000)
    monkeypatch.setattr(resources, "open", full_disk, raising=False)
    run_in_process("ta_tower_of_hanoi", tmp_path / "results", [mock_model()])
    monkeypatch.undo()

    assert full_disk.left == 0
    episodes = [
        episode(tmp_path / "results", "ta_tower_of_hanoi", experiment, 0)
        for experiment in ("default", "medium", "hard", "hardcore", "extreme")
    ]
    # the first two episodes were recorded; the third filled the disk while writing interactions.json, and the
    # episodes after it failed at their first file; every failure reached clemcore's error handling
    assert [(path / "completed.json").is_file() for path in episodes] == [True, True, False, False, False]
    assert all((path / "error.json").exists() for path in episodes[2:])
    output = assert_scores_and_evaluates(tmp_path / "results")
    # the truncated interactions.json is the one episode clem score cannot read (clemcore benchmark.py:80-86)
    assert [line.split(" - ERROR - ")[1] for line in output.splitlines() if " - ERROR - " in line] == [
        "ta_tower_of_hanoi: '1' exceptions occurred: See clembench.log for details."
    ]


def test_references_that_never_hand_the_turn_back_fail_the_episode_instead_of_hanging_the_run(monkeypatch):
    """A TextArena env that stops passing the turn on (Spite and Malice stalls so) would keep the game master playing
    the reference seats forever: after REFERENCE_MOVES_IN_A_ROW moves the episode fails, naming the stall."""
    step = NimEnv.step

    def step_stalling_at_the_reference_seat(self, action):
        if self.state.current_player_id == 1:  # the random reference's seat: the model sits at game_id % 2 = 0
            return False, {}
        return step(self, action)

    monkeypatch.setattr(NimEnv, "step", step_stalling_at_the_reference_seat)
    moves = []
    with pytest.raises(
        TextArenaEnvError,
        match=f"ta_nim_vs_random, experiment 'default', instance 0: the reference "
        f"opponents made {REFERENCE_MOVES_IN_A_ROW} moves in a row and "
        f"TextArena Nim-v0-raw never gave the model its turn: a stalled game",
    ):
        play("ta_nim_vs_random", [ta_player("random")], on_turn=lambda game_master, name, context: moves.append(name))
    assert moves == ["Player 0"]  # the model moved once; the reference then moved on and on
