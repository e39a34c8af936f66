"""Every game under clemcore's runners other than the sequential `clem run`: its PettingZoo env (the engine of all
runners, and what trainers step), `clem serve` (OpenEnv over HTTP, played with clemcore's own client) and the
batchwise runner when an episode fails."""

import asyncio
import contextlib
import copy
import functools
import json
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
import uvicorn
from branching_pass import load_episodes
from clemcore.clemgame.envs.openenv.client import ClemGameEnv
from clemcore.clemgame.envs.openenv.models import ClemGameAction
from clemcore.clemgame.envs.openenv.server.app import create_clemv_app

import ta_players
from support import (
    GAMES,
    RANDOM_RUN_MODEL,
    RANDOM_RUN_STRATEGY,
    REPO,
    SPECS,
    clem,
    copy_repo,
    made_once,
    play,
    python,
    sampled_repo,
    seats_of,
    spec_of,
    started_clem,
    ta_player,
)

# clemcore's runners around the games (serve, batch mode, PettingZoo): the same on both Pythons (CI runs them on 3.12)
pytestmark = pytest.mark.one_python

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
    episode = play(
        game, [ta_player("random") for _ in range(spec_of(game).players)], experiment, game_id, on_turn=read_again
    )

    assert seen and all(rereads) and len(rereads) == len(seen)
    players = {player.name for player in episode.game_master.get_players()}
    # the judge of the LLM-judged games is a clem player that never has a turn: the game master asks it for the env
    judge = episode.game_master.judge
    seats = players - {judge.name} if judge is not None else players
    logged = [
        event["action"]["content"]
        for turn in episode.interactions["turns"]
        for event in turn
        if event["from"] == "GM" and event["to"] in seats
    ]
    assert logged == [context["content"] for context in seen]
    assert sum(episode.interactions["Request Count"]) == len(seen)

    outcome = next(name for name in OUTCOME_REWARDS if episode.scores[name] == 1)
    during = [reward for _, reward, terminated in episode.rewards if not terminated]
    final = {name: reward for name, reward, terminated in episode.rewards if terminated}
    assert set(during) == {0.0}
    assert final == {name: OUTCOME_REWARDS[outcome] for name in players}


# --- `clem serve` ---

# Experiments that seat more players than their spec's `players`: the game master gives the extra seats the models in
# turn. Under `clem serve` the models are the learner's marker and the env agents, no more than the spec's players
# (clemcore 3.7.2: clemgame/envs/pettingzoo/wrappers.py:120-133, clemgame/master.py:79-83), so an extra seat may get
# the learner's marker model, which the env plays with the spec's mock replies (wrappers.py:157-162): such experiments
# are played but not compared.

SERVED_MODEL = RANDOM_RUN_MODEL
SERVER_START_SECONDS = 60
STEPS_PER_EPISODE = 5000  # bounds a client loop whose server never says done


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def env_agents(game: str) -> dict[str, str]:
    """The learner takes player_0; the game's other players are programmatic random players on the server."""
    return {f"player_{seat}": SERVED_MODEL for seat in range(1, spec_of(game).players)}


def _wait_until_up(port: int, deadline: float, process: subprocess.Popen | None = None):
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.01)
    raise AssertionError(f"no server on 127.0.0.1:{port} after the start-up deadline")


@contextlib.contextmanager
def clem_serve(game: str, game_dir: Path, records: Path, log: Path):
    """`clem serve` of one game on a free loopback port, single pass over its instances; always stopped."""
    port = free_port()
    args = [
        "serve",
        "-g",
        game,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--single-pass",
        "-r",
        str(records),
        "--run-id",
        SERVED_MODEL,
    ]
    agents = env_agents(game)
    if agents:
        args += ["-e", ",".join(f"{agent}={model}" for agent, model in agents.items())]
    process = started_clem(*args, cwd=game_dir, log=log)
    try:
        try:
            _wait_until_up(port, time.monotonic() + SERVER_START_SECONDS, process)
        except AssertionError as error:
            raise AssertionError(f"{error}; its output ends:\n{log.read_text()[-3000:]}") from None
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class _PromptServer(uvicorn.Server):
    """uvicorn's server, looking for the stop every 5 ms, and stopping without waiting 0.1 s for connections the
    client has closed already: its own 100 ms tick and that wait idled the test 0.3 s per served game (60 s over all
    games), a core no other test uses meanwhile."""

    async def main_loop(self):
        counter = 0
        while not await self.on_tick(counter):
            counter += 1
            await asyncio.sleep(0.005)

    async def shutdown(self, sockets=None):
        # uvicorn 0.54's shutdown (server.py:281-311) without its `sleep(0.1)` after asking the connections to shut
        # down: the wait for them and for the app's tasks polls only while any is left
        for server in self.servers:
            server.close()
        for sock in sockets or []:
            sock.close()
        for connection in list(self.server_state.connections):
            connection.shutdown()
        await self._wait_tasks_to_complete()
        if not self.force_exit:
            await self.lifespan.shutdown()


@contextlib.contextmanager
def serve_in_process(game: str, game_dir: Path, records: Path):
    """What `clem serve` runs (cli.py:521-542: clemcore's OpenEnv app under uvicorn), in a thread of this process,
    which spares the CLI's start-up (about 4 s) per game; always stopped."""
    cwd = os.getcwd()
    os.chdir(game_dir)  # clem finds the game and the ta_players backend in the working directory
    try:
        app = create_clemv_app(
            game,
            learner_agent="player_0",
            env_agents=env_agents(game),
            single_pass=True,
            results_dir=str(records),
            run_id=SERVED_MODEL,
        )
    finally:
        os.chdir(cwd)
    server = _PromptServer(uvicorn.Config(app, log_level="warning"))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        _wait_until_up(sock.getsockname()[1], time.monotonic() + SERVER_START_SECONDS)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
        assert not thread.is_alive(), "the in-process server did not stop"


def play_served(base_url: str, episodes: int, game: str):
    """Plays `episodes` full episodes with clemcore's OpenEnv client, the learner being the random programmatic
    player: it sees what a clem model sees (in the full view its contexts and its own replies, in a bounded view
    the latest context, which holds all the view shows) and answers as `-m ta-random-chat` does."""
    remembers = getattr(spec_of(game), "view", "state") == "full"
    with ClemGameEnv(base_url=base_url).sync() as client:
        for _ in range(episodes):
            result = client.reset()
            messages = [result.observation.context]
            for _ in range(STEPS_PER_EPISODE):
                reply = ta_players.reply(RANDOM_RUN_STRATEGY, messages)
                result = client.step(ClemGameAction(response=reply))
                if result.done:
                    break
                if remembers:
                    messages += [{"role": "assistant", "content": reply}, result.observation.context]
                else:
                    messages = [result.observation.context]
            assert result.done, f"no end after {STEPS_PER_EPISODE} steps"


def _normalised(interactions: dict) -> dict:
    """The episode without what names the runner: the learner's marker model is the served model. Without the
    prompt sizes: a served learner composes its own requests from the contexts, which the server never sees."""

    def normalise(value):
        if isinstance(value, dict):
            return {key: normalise(item) for key, item in value.items()}
        if isinstance(value, list):
            return [normalise(item) for item in value]
        return SERVED_MODEL if value == "learner" else value

    return normalise(
        {key: value for key, value in interactions.items() if key not in ("meta", "player_models", "prompts")}
    )


def records_by_instance(run_dir: Path) -> dict[tuple, dict]:
    """{(game, experiment, game id): interactions} of a results tree (clem run's instance_* or serve's episode_*)."""
    records = {}
    for episode, interactions in load_episodes(run_dir, "interactions.json").items():
        game, experiment, _ = episode.split("/")
        game_id = json.loads((run_dir / episode / "instance.json").read_text())["game_id"]
        assert (game, experiment, game_id) not in records, episode
        records[(game, experiment, game_id)] = _normalised(interactions)
    return records


def instances_in(game_dir: Path, game: str, within_players: bool = False) -> list[tuple[str, str, int]]:
    """The (game, experiment, game id) of the game's instances in `game_dir`; `within_players`: only those that seat
    no more players than a game between models has models (a `_vs_` variant's references are the game master's)."""
    spec = spec_of(game)
    data = json.loads((game_dir / "in" / f"{spec.instances}.json").read_text())
    models = float("inf") if getattr(spec, "reference", None) else seats_of(spec)
    return [
        (game, exp["name"], instance["game_id"])
        for exp in data["experiments"]
        for instance in exp["game_instances"]
        if not within_players or instance["num_players"] <= models
    ]


def assert_served_records_match_the_run(game: str, game_dir: Path, served: dict, run: dict):
    expected = instances_in(game_dir, game, within_players=True)
    assert sorted(key for key in run if key[0] == game) == sorted(instances_in(game_dir, game))
    assert sorted(key for key in served if key[0] == game) == sorted(instances_in(game_dir, game))
    differing = [key for key in expected if served[key] != run[key]]
    assert differing == []


def _representatives() -> list[str]:
    """Per game master class, its first game and its first game against a reference opponent."""
    chosen = {}
    for spec in SPECS:
        if spec.game_name in GAMES:
            chosen.setdefault((spec.master, bool(getattr(spec, "reference", None))), spec.game_name)
    return list(chosen.values())


REPRESENTATIVES = _representatives()
# `clem serve` itself, from the command line: one seat, two seats (one `-e` agent), three seats, a reference opponent
CLI_GAMES = ["ta_tower_of_hanoi", "ta_battleship", "ta_three_player_tic_tac_toe", "ta_battleship_vs_random"]


@functools.cache
def _records(results: Path) -> dict[tuple, dict]:
    return records_by_instance(results / SERVED_MODEL)


def run_records(tmp_path_factory, game_dir: Path, name: str, games: tuple[str, ...]) -> dict[tuple, dict]:
    """The records of a `clem run -m ta-random` of the games in `game_dir`, made once per test session and read once
    per worker (a failed run fails its first test only; the others then compare against what it left)."""
    results = made_once(
        tmp_path_factory,
        name,
        lambda results: clem("run", "-g", *games, "-m", SERVED_MODEL, "-r", str(results), cwd=game_dir),
    )
    return _records(results)


def first_game_repo(tmp_path_factory) -> Path:
    """A copy of the game keeping only the first experiment's first instance of every game."""

    def make(root: Path):
        copy_repo(root)
        for path in (root / "in").iterdir():
            data = json.loads(path.read_text())
            data["experiments"] = data["experiments"][:1]
            data["experiments"][0]["game_instances"] = data["experiments"][0]["game_instances"][:1]
            path.write_text(json.dumps(data, indent=2, ensure_ascii=False))

    return made_once(tmp_path_factory, "first_game_repo", make)


@pytest.mark.parametrize("game", CLI_GAMES)
def test_clem_serve_plays_every_instance_as_clem_run_does(game, tmp_path_factory, tmp_path):
    """One connection plays the first instance of every experiment, in clem serve's single pass."""
    game_dir = sampled_repo(tmp_path_factory, instances=1)
    run = run_records(tmp_path_factory, game_dir, "ta_random_cli_games", tuple(CLI_GAMES))
    records = tmp_path / "records"
    with clem_serve(game, game_dir, records, tmp_path / "serve.log") as base_url:
        play_served(base_url, len(instances_in(game_dir, game)), game)
    assert_served_records_match_the_run(game, game_dir, records_by_instance(records / SERVED_MODEL), run)


@pytest.mark.covered_by("test_every_served_game_plays_its_first_episode_as_clem_run_does")
@pytest.mark.parametrize("game", REPRESENTATIVES)
def test_served_game_plays_as_clem_run_does(game, tmp_path_factory, tmp_path):
    game_dir = first_game_repo(tmp_path_factory)
    run = run_records(tmp_path_factory, game_dir, "ta_random_representatives", tuple(REPRESENTATIVES))
    records = tmp_path / "records"
    with serve_in_process(game, game_dir, records) as base_url:
        play_served(base_url, len(instances_in(game_dir, game)), game)
    assert_served_records_match_the_run(game, game_dir, records_by_instance(records / SERVED_MODEL), run)


def test_a_later_connection_continues_the_servers_pass_over_the_instances(tmp_path):
    """openenv gives every session the same env and closes it when the session ends (clemcore 3.7.2's
    create_clemv_app); the closed env plays on with the next instance."""
    records = tmp_path / "records"
    with serve_in_process("ta_tower_of_hanoi", REPO, records) as base_url:
        for _ in range(3):
            play_served(base_url, 1, "ta_tower_of_hanoi")
    played = records_by_instance(records / SERVED_MODEL)
    # three different instances (records_by_instance refuses a repeated one), each played
    assert len(played) == 3 and set(played) <= set(instances_in(REPO, "ta_tower_of_hanoi"))
    assert all(sum(interactions["Request Count"]) >= 1 for interactions in played.values())


@pytest.mark.all_games
@pytest.mark.parametrize("game", GAMES)
def test_every_served_game_plays_its_first_episode_as_clem_run_does(game, random_sampled_run, tmp_path):
    """The first episode of the server's pass, as the `ta-random-chat` run played it (every spec's wiring under the
    server; a pass over instances of every experiment is the CLI games' test above)."""
    game_dir, results = random_sampled_run
    run = _records(results)
    records = tmp_path / "records"
    with serve_in_process(game, game_dir, records) as base_url:
        play_served(base_url, 1, game)
    served = records_by_instance(records / SERVED_MODEL)
    first = instances_in(game_dir, game)[0]
    assert list(served) == [first]
    assert served[first] == run[first]


# --- several games in one process ---

KEEPS_PACKAGES = """
import os
import sys
from clemcore.clemgame import GameBenchmark, GameSpec

specs = {spec.game_name: spec for spec in GameSpec.from_directory(".")}
with GameBenchmark.load_from_spec(specs["ta_tic_tac_toe"]):
    textarena, submasters, ta_players = (sys.modules[name] for name in ("textarena", "submasters", "ta_players"))
    assert "games.small_boards" in sys.modules
assert not {"master", "metrics", "submasters", "games", "ta_master", "ta_players",
            "clem_observation_wrapper"} & set(sys.modules)
assert not [name for name in sys.modules if name.startswith(("games.", "ta_players."))]
assert sys.modules["textarena"] is textarena and "nltk" in sys.modules
with GameBenchmark.load_from_spec(specs["ta_wordle"]):
    assert sys.modules["textarena"] is textarena and sys.modules["submasters"] is submasters
assert "submasters" not in sys.modules
os.utime("ta_players/small_boards.py")
with GameBenchmark.load_from_spec(specs["ta_tic_tac_toe"]):
    assert sys.modules["submasters"] is not submasters and sys.modules["ta_players"] is not ta_players
print("kept")
"""


def test_a_closed_game_unloads_its_own_modules_and_keeps_textarena_for_the_next(tmp_path):
    """clemcore unloads every module a game's load imported; the game keeps the installed packages among them, so a
    `clem run` of many games imports textarena once (test_cli plays several games in one run with them kept). The
    game's own modules are put back for the next spec of the directory, unless a file of theirs changed."""
    script = tmp_path / "keeps_packages.py"
    script.write_text(KEEPS_PACKAGES)
    # as a clem run starts: forked from the process paused after importing clemcore.cli
    result = python(script, cwd=copy_repo(tmp_path / "game"))
    assert result.stdout.splitlines()[-1] == "kept", result.stdout + result.stderr


# --- batch mode when an episode fails ---

JAMMING_TOWER = '''"""Tower of Hanoi whose 4-disk tower jams on the second move: a TextArena env that raises mid-episode."""
import textarena as ta
from textarena.envs.registration import ENV_REGISTRY
from textarena.envs.TowerOfHanoi.env import TowerOfHanoiEnv

ENV_ID = "JammingTowerOfHanoi-v0"


class JammingTowerOfHanoiEnv(TowerOfHanoiEnv):

    def step(self, action):
        self.moves = getattr(self, "moves", 0) + 1
        if self.num_disks == 4 and self.moves == 2:
            raise RuntimeError("the tower jammed")
        return super().step(action)


if ENV_ID not in ENV_REGISTRY:
    ta.register(ENV_ID, entry_point=JammingTowerOfHanoiEnv)
'''


def jamming_game(game_dir: Path) -> str:
    """Registers `ta_jamming_tower` in a copy of the game: Tower of Hanoi's instances on an env that raises in the
    medium experiment's second step, and whose extreme instance's recorded fingerprint is wrong (a fault found at
    setup). Its module is found through PYTHONPATH, as an installed env package would be."""
    copy_repo(game_dir)
    (game_dir / "jamming_tower.py").write_text(JAMMING_TOWER)
    specs = json.loads((game_dir / "clemgame.json").read_text())
    hanoi = next(spec for spec in specs if spec["game_name"] == "ta_tower_of_hanoi")
    specs.append(
        {
            **hanoi,
            "game_name": "ta_jamming_tower",
            "entry_point": "jamming_tower:JammingTowerOfHanoiEnv",
            "instances": "instances_ta_jamming_tower",
        }
    )
    (game_dir / "clemgame.json").write_text(json.dumps(specs, indent=2))
    instances = json.loads((game_dir / "in" / "instances_ta_tower_of_hanoi.json").read_text())
    for experiment in instances["experiments"]:
        for instance in experiment["game_instances"]:
            instance["env_id"] = "JammingTowerOfHanoi-v0"
            if experiment["name"] == "extreme":
                instance["fingerprint"] = "0" * 64
    (game_dir / "in" / "instances_ta_jamming_tower.json").write_text(json.dumps(instances, indent=2))
    return "ta_jamming_tower"


def _signals(game_dir: Path) -> dict[str, str]:
    """{experiment: the episode's record} for the one-instance experiments of a game's results."""
    signals = {}
    for episode in sorted(game_dir.glob("*/instance_00000")):
        if (episode / "error.json").exists():
            signals[episode.parent.name] = json.loads((episode / "error.json").read_text())["error"]
        elif (episode / "completed.json").exists() and (episode / "interactions.json").exists():
            signals[episode.parent.name] = "completed"
        else:
            signals[episode.parent.name] = "unfinished"
    return signals


def test_a_failing_episode_in_batch_mode_keeps_its_error_record_and_ends_its_games_batch(tmp_path):
    """clemcore 3.7.2's batchwise runner isolates faults found at setup (batchwise.py:253-266 catches them) but not
    those of a step: GameMasterEnv writes the episode's error.json and re-raises (envs/pettingzoo/master.py:127-147),
    the stepping loop has no handler (batchwise.py:315-337), and `clem run` abandons the game and exits 1
    (cli.py:214-220). The game's unfinished episodes keep only their instance.json: nothing scores them, and the
    sequential runner (`clem run` without -b) plays them. docs/runners.md says so."""
    game_dir = tmp_path / "game"
    game = jamming_game(game_dir)
    env = {"PYTHONPATH": str(game_dir)}

    batch = clem(
        "run", "-g", game, "-m", "mock", "-b", "4", "-r", str(tmp_path / "batch"), cwd=game_dir, env=env, check=False
    )
    assert batch.returncode == 1, batch.stdout + batch.stderr
    assert f"Start batchwise runner for {game} with models=[mock]  (batch_size=4)" in batch.stdout + batch.stderr
    # the default episode's mock player ends its game with an invalid move before the medium tower jams
    assert _signals(tmp_path / "batch" / "mock" / game) == {
        "default": "completed",
        "medium": "TextArenaEnvError",
        "hard": "unfinished",
        "hardcore": "unfinished",
        "extreme": "InstanceMismatchError",
    }
    error = json.loads((tmp_path / "batch" / "mock" / game / "medium" / "instance_00000" / "error.json").read_text())
    assert error["message"].startswith(
        f"{game}, experiment 'medium', instance 0: TextArena JammingTowerOfHanoi-v0 "
        f"failed in step: RuntimeError: the tower jammed"
    )
    # the results tree stays valid: `clem score` scores the finished episode only and reports no error
    score = clem("score", "-g", game, "-r", str(tmp_path / "batch"), cwd=game_dir, env=env)
    assert "exceptions occurred" not in score.stdout + score.stderr
    assert [path.parent.parent.name for path in (tmp_path / "batch").rglob("scores.json")] == ["default"]

    clem("run", "-g", game, "-m", "mock", "-r", str(tmp_path / "sequential"), cwd=game_dir, env=env)
    assert _signals(tmp_path / "sequential" / "mock" / game) == {
        "default": "completed",
        "medium": "TextArenaEnvError",
        "hard": "completed",
        "hardcore": "completed",
        "extreme": "InstanceMismatchError",
    }
