"""What the tests share: helpers that play games end to end through clemcore (its registry, GameBenchmark loading,
GameMasterEnv, the engine of every clem runner, the interactions recorder and the game's scorer), run clem, copy the
game and read results; the games by kind. Importing it sets the environment the tests run in (NLTK_DATA, the
working directory). conftest.py holds only pytest's hooks and the session's shared runs."""

import contextlib
import copy
import fcntl
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from clemcore.backends import Model, ModelSpec
from clemcore.backends.model_registry import CustomResponseModel
from clemcore.clemgame import GameBenchmark, GameInstances, GameRegistry, GameSpec
from clemcore.clemgame.callbacks.base import GameBenchmarkCallback, GameBenchmarkCallbackList
from clemcore.clemgame.callbacks.files import (
    ExperimentFileSaver,
    InstanceFileSaver,
    InteractionsFileSaver,
    ResultsFolder,
    SignalFileSaver,
)
from clemcore.clemgame.envs.pettingzoo.master import GameMasterEnv
from clemcore.clemgame.recorder import GameInteractionsRecorder
from clemcore.clemgame.runners import dispatch

from paused_clem import Forked, PausedClem

REPO = Path(__file__).resolve().parents[1]
NLTK_DATA = os.environ.get("NLTK_DATA") or str((REPO.parent / "shared" / "nltk_data").resolve())
os.environ["NLTK_DATA"] = NLTK_DATA
# clem discovers games from the working directory, as it does for users who run it from the repository root.
os.chdir(REPO)

import build_clemgame  # noqa: E402  (scripts/, which pyproject's pythonpath puts on sys.path too)

# clemcore unloads a game's modules when its GameBenchmark closes, so each `play` would import ta_master anew and
# lose its per-process env cache (WordChains' dictionary, about 1 s to build). Importing it here keeps it loaded
# for the session, as it stays loaded for all episodes of a `clem run`.
import ta_master  # noqa: E402,F401  (pyproject's pythonpath puts the repository root on sys.path)
import ta_players  # noqa: E402
from instancegenerator import load_specs  # noqa: E402
from runtime import words  # noqa: E402,F401  (the word tags' cache, which conftest points at the session's folder)
from runtime.availability import unavailable_reason  # noqa: E402

# The six games of the core, which tests of game-master behaviour use as examples.
CORE_GAMES = [
    "ta_minesweeper",
    "ta_hangman",
    "ta_word_chains",
    "ta_tower_of_hanoi",
    "ta_battleship",
    "ta_three_player_tic_tac_toe",
]
# The catalogue's specs, which the suite checks one by one; an entry a user wrote by hand into clemgame.json is outside
# it (tests/test_cli.py plays one end to end).
SPECS = build_clemgame.catalogue_specs(load_specs())
# Every game this Python can play (3.12-only games are reported unavailable on 3.11, which tests check apart).
GAMES = [spec.game_name for spec in SPECS if unavailable_reason(spec) is None]
UNAVAILABLE_GAMES = [spec.game_name for spec in SPECS if spec.game_name not in GAMES]
# The `ta_<game>_vs_<reference>` variants, which play their base game's instances with one clem player.
REFERENCE_GAMES = [spec.game_name for spec in SPECS if getattr(spec, "reference", None)]
# CLI runs of all games play the first instances of every experiment (every game plays in every test run).
SAMPLED_INSTANCES = 2
# The shared random run of all games (conftest.random_sampled_run), which the served and branched games are compared
# with: the random player's replies dressed as chat models write them (reasoning with a rejected move before the
# final one, a <think> block, markdown around the move; ta_players.styles), so that every check on it also checks the
# reply contract in every game.
RANDOM_RUN_MODEL = "ta-random-chat"
RANDOM_RUN_STRATEGY = "random+chat"  # its strategy in ta_players (model_registry.json)

Policy = Callable[[str], str]


class ScriptedModel(Model):
    """A model whose reply is `policy(latest context text)`, or `policy(messages)` for a policy that `reads_messages`
    (the programmatic players)."""

    def __init__(self, policy: Policy, name: str = "scripted"):
        super().__init__(ModelSpec(model_name=name))
        self.policy = policy
        self.set_gen_args(temperature=0.0, max_tokens=100)

    def generate_response(self, messages):
        reply = (
            self.policy(messages)
            if getattr(self.policy, "reads_messages", False)
            else self.policy(messages[-1]["content"])
        )
        return messages, {"scripted": True}, reply


class _Recorder(GameBenchmarkCallback):
    def __init__(self):
        self.recorder = None

    def on_game_start(self, game_master, game_instance):
        self.recorder = GameInteractionsRecorder(
            game_master.game_spec.game_name, game_master.experiment["name"], game_instance["game_id"], "results", {}
        )
        for player in game_master.get_players():
            self.recorder.log_player(player.name, player.game_role, player.model.name)
        game_master.register(self.recorder)


@dataclass
class Episode:
    interactions: dict
    scores: dict  # episode scores
    game_master: object
    contexts: list  # (player name, context) in the order the players were asked
    # (player name, reward, terminated) as the env's `last()` gave them, one per turn and one per player at the end
    rewards: list


def requires(*games: str):
    """Skips a test where this Python cannot play one of the games (TextArena's 3.12-only envs on Python 3.11)."""
    missing = [game for game in games if game not in GAMES]
    return pytest.mark.skipif(bool(missing), reason=f"unavailable on this Python: {', '.join(missing)}")


@functools.cache
def _registry() -> GameRegistry:
    # read once per process: clem's registry parses clemgame.json (206 specs) each time it is made
    return GameRegistry.from_directories_and_cwd_files()


def spec_of(game_name: str):
    """The game's spec as clem finds it in the repository; a copy, which a test may change."""
    return copy.deepcopy(_registry().get_game_specs_that_unify_with(game_name, verbose=False)[0])


def instance_of(game_name: str, experiment: str = "default", game_id: int = 0) -> tuple[dict, dict]:
    """An instance of the spec's game: a `_vs_<reference>` variant plays its base game's instances, and a spec that
    plays fewer than the largest count of its game the first of them (`instances_<base>_first<n>`, the same
    content): the game's full file holds every instance any of them plays."""
    full = re.sub(r"_first\d+$", "", spec_of(game_name).instances)
    data = json.loads((REPO / "in" / f"{full}.json").read_text())
    for exp in data["experiments"]:
        if exp["name"] == experiment:
            for instance in exp["game_instances"]:
                if instance["game_id"] == game_id:
                    return {k: v for k, v in exp.items() if k != "game_instances"}, instance
    raise KeyError((game_name, experiment, game_id))


def seats_of(spec) -> int:
    """The seats of the game the spec's `players` play (the LLM-judged games' last player is the judge)."""
    return spec.players - (1 if getattr(spec, "judge", None) else 0)


def seats_per_experiment(game_name: str) -> dict[str, int]:
    """The seats of each experiment (an experiment may seat more players than the spec's `players`)."""
    data = json.loads((REPO / "in" / f"{spec_of(game_name).instances}.json").read_text())
    return {exp["name"]: exp["game_instances"][0]["num_players"] for exp in data["experiments"]}


@contextlib.contextmanager
def benchmark(game_name: str):
    with GameBenchmark.load_from_spec(spec_of(game_name)) as game_benchmark:
        yield game_benchmark


def play(
    game_name: str,
    policies: list[Policy] | None = None,
    experiment: str = "default",
    game_id: int = 0,
    instance: dict | None = None,
    on_turn: Callable | None = None,
    models: list[Model] | None = None,
    view: str | None = None,
    game_benchmark: GameBenchmark | None = None,
) -> Episode:
    """Plays one episode with scripted players (one policy per clem player, or the given models) and scores it.
    `on_turn(game_master, player name, context)` sees every turn before the player replies; `view` plays the
    experiment in another view than its instance file's. A caller that plays many episodes of the game passes its
    loaded `game_benchmark`, as clem's runners play every instance with one (loading it takes 5 ms)."""
    exp, recorded = instance_of(game_name, experiment, game_id)
    if view is not None:
        exp = {**exp, "view": view}
    instance = instance or recorded
    recorder = _Recorder()
    contexts, rewards = [], []
    loaded = benchmark(game_name) if game_benchmark is None else contextlib.nullcontext(game_benchmark)
    with loaded as game_benchmark:
        env = GameMasterEnv(game_benchmark, callbacks=GameBenchmarkCallbackList([recorder]))
        models = models or [ScriptedModel(policy, name=f"scripted{i}") for i, policy in enumerate(policies)]
        env.reset(options={"player_models": models, "experiment": exp, "game_instance": instance})
        for agent_id in env.agent_iter():
            context, reward, termination, truncation, _ = env.last()
            player = env.player_by_agent_id[agent_id]
            rewards.append((player.name, reward, termination))
            if termination or truncation:
                env.step(None)
                continue
            contexts.append((player.name, context))
            if on_turn is not None:
                on_turn(env.game_master, player.name, context)
            env.step(player(context))
        scorer = game_benchmark.create_game_scorer(exp, instance)
        interactions = recorder.recorder.interactions
        scorer.compute_scores(interactions)
        return Episode(interactions, scorer.scores["episode scores"], env.game_master, contexts, rewards)


class QueuedEnv:
    """A stand-in TextArena env that hands seat 0 the given observations (lists of TextArena's messages) in turn, for
    the observation wrapper alone."""

    def __init__(self, observations: list[list]):
        self.observations = observations
        self.state = type("State", (), {"role_mapping": {0: "Player 0", 1: "Player 1", -1: "GAME"}, "num_players": 2})()

    def get_observation(self):
        return 0, self.observations.pop(0)


def scripted(replies) -> Policy:
    """A policy that gives `replies` in order, whatever the context."""
    replies = iter(replies)

    def policy(context: str) -> str:
        reply = next(replies, None)
        if reply is None:
            raise AssertionError("the scripted player was asked for more replies than its script has")
        return reply

    return policy


class ta_player:
    """A programmatic player of the `ta_players` backend (random, expert, format-breaker) as a policy. Played by a
    ScriptedModel it reads the messages the model is sent, as the backend does, in any view; called with a context
    text (by another policy that wraps it) it reads that context alone, which is what a bounded view sends.

    `replies` ({digest of the messages: reply}) holds what a bare strategy answered: a bare player adds its replies,
    a styled one (`expert+chat`) takes its bare strategy's reply from there where the same messages were answered
    before, and asks the strategy otherwise. A strategy's reply is a function of the messages, so a game played
    again dressed asks no search twice."""

    reads_messages = True

    def __init__(self, strategy: str, replies: dict[str, str] | None = None):
        self.strategy = strategy
        self.replies = replies

    def __call__(self, context: str | list[dict]) -> str:
        messages = [{"role": "user", "content": context}] if isinstance(context, str) else context
        if self.replies is None:
            return ta_players.reply(self.strategy, messages)
        if "+" in self.strategy:
            return ta_players.reply(self.strategy, messages, bare=self._bare)
        return self._bare(self.strategy, messages, "")

    def _bare(self, strategy: str, messages: list[dict], salt: str) -> str:
        return _remembered(self.replies, ta_players.reply, strategy, messages, salt)


@contextlib.contextmanager
def references_remembered(replies: dict[str, str] | None):
    """While in it, the game masters' strong reference opponents take their moves from `replies` ({digest of the
    messages: reply}, as `ta_player` keeps them) where they answered the same messages before, and add the others. A
    reference's move is a function of its messages, so the games a strategy plays again dressed ask no search twice
    of their opponents either. `None` leaves them as they are."""
    if replies is None:
        yield
        return
    reply = ta_players.reply

    def remembered(strategy: str, messages: list[dict], salt: str = "", bare=None) -> str:
        if strategy != "reference":
            return reply(strategy, messages, salt, bare)
        return _remembered(replies, reply, strategy, messages, salt)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ta_players, "reply", remembered)
        yield


def _remembered(replies: dict[str, str], reply: Callable[..., str], strategy: str, messages: list[dict], salt: str):
    """The strategy's reply as `replies` remembers it for these messages, else as `reply` gives it, then remembered."""
    key = hashlib.sha256(json.dumps([strategy, salt, messages]).encode()).hexdigest()
    if key not in replies:
        replies[key] = reply(strategy, messages, salt)
    return replies[key]


def replies_of(episode: Episode, seat: str = "Player 0") -> list[str]:
    """The replies a seat gave in an episode, in order."""
    return [
        event["action"]["content"] for turn in episode.interactions["turns"] for event in turn if event["from"] == seat
    ]


def assert_outcome(scores: dict, outcome: str):
    """Exactly `outcome` (Success, Lose or Aborted) is 1, the other two are 0."""
    assert {name: scores[name] for name in ("Success", "Lose", "Aborted")} == {
        name: int(name == outcome) for name in ("Success", "Lose", "Aborted")
    }


def assert_player_results(scores: dict, *results: str):
    """Player N's Win/Loss/Draw scores are 1 for results[N] ("win", "loss" or "draw") and 0 otherwise."""
    for number, result in enumerate(results):
        assert {name: scores[f"Player {number} {name}"] for name in ("Win", "Loss", "Draw")} == {
            name: int(name.lower() == result) for name in ("Win", "Loss", "Draw")
        }


_CLEM = PausedClem(Path(sys.executable).parent / "clem")


def clem(
    *args: str, cwd: Path = REPO, env: dict | None = None, check: bool = True, input: str | None = None
) -> subprocess.CompletedProcess:
    """Runs the clem CLI of this interpreter's environment, with `env` added to the test's environment and `input` as
    its standard input, in a fork of a process paused after clemcore's imports where the environment allows
    (paused_clem.py)."""
    return _checked(_CLEM.run(list(args), cwd, _environment(env), input), "clem", args, check)


def started_clem(*args: str, cwd: Path, log: Path):
    """A clem process (as `subprocess.Popen` starts it, its output in `log`), forked where the environment allows
    (paused_clem.py)."""
    return _CLEM.start(str(_CLEM.clem), list(args), cwd, _environment(None), log, None)


def started_python(script: str | Path, *args: str, cwd: Path, log: Path, env: dict | None = None):
    """A process of a Python script of the project (as `subprocess.Popen([sys.executable, script, *args])` starts
    it, its output in `log`), with `env` added to the test's environment, forked where the environment allows."""
    return _CLEM.start(str(script), list(args), cwd, _environment(env), log, None, clem=False)


def started_command(
    program: str, args: list[str], cwd: Path, env: dict, streams: tuple[Path, Path, Path], clem: bool
) -> "subprocess.Popen | Forked":
    """`clem args` (`clem` True) or `python program args` as a shell's command starts it: `env` is its whole
    environment, `streams` its standard input, output and error (files, or /proc/<pid>/fd/<n> of the shell's command
    that asked), forked where the environment allows (paused_clem.py)."""
    stdin, stdout, stderr = streams
    return _CLEM.start(str(_CLEM.clem) if clem else program, args, cwd, env, stdout, stderr, clem=clem, stdin=stdin)


def python(script: str | Path, *args: str, cwd: Path = REPO, env: dict | None = None, check: bool = True):
    """Runs a Python script of the project (`python script args`) as `clem` runs: with `env` added to the test's
    environment, in a fork of the paused process where the environment allows (paused_clem.py)."""
    return _checked(_CLEM.python(str(script), list(args), cwd, _environment(env)), str(script), args, check)


def _environment(env: dict | None) -> dict:
    return {**os.environ, "NLTK_DATA": NLTK_DATA, **(env or {})}


def _checked(result: subprocess.CompletedProcess, program: str, args, check: bool) -> subprocess.CompletedProcess:
    if check and result.returncode != 0:
        raise AssertionError(
            f"{program} {' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
        )
    return result


def episode_dirs(results: Path) -> list[Path]:
    return sorted(path.parent for path in results.rglob("instance.json"))


def made_once(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """A directory the whole test session shares, made by `make(path)` once: under pytest-xdist the workers share
    it through their common base temp dir, the first to ask makes it while the others wait on a lock. A make that
    fails fails the test that asked; the tests after it read what it left, as they would have without xdist."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    path, done = root / name, root / f"{name}.done"
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            done.touch()
            make(path)
    return path


def sampled_repo(tmp_path_factory, instances: int = SAMPLED_INSTANCES) -> Path:
    """A copy of the game whose instance files keep the first `instances` instances of every experiment."""

    def make(root: Path):
        copy_repo(root)
        for path in (root / "in").iterdir():
            data = json.loads(path.read_text())
            for experiment in data["experiments"]:
                experiment["game_instances"] = experiment["game_instances"][:instances]
            path.write_text(json.dumps(data, indent=2, ensure_ascii=False))

    return made_once(
        tmp_path_factory, "sampled_repo" if instances == SAMPLED_INSTANCES else f"sampled_repo_{instances}", make
    )


def all_games_run(tmp_path_factory, name: str, *args: str, env: dict, model: str = "mock") -> tuple[Path, str]:
    """One `clem run` of all games with the model (the mock by default) on the sampled instances, made once per test
    session: the results dir and the run's output."""
    game_dir = sampled_repo(tmp_path_factory)

    def make(root: Path):
        root.mkdir()
        process = clem("run", "-g", *GAMES, "-m", model, "-r", str(root / "results"), *args, cwd=game_dir, env=env)
        (root / "output.txt").write_text(process.stdout + process.stderr)

    root = made_once(tmp_path_factory, f"clem_run_{name}", make)
    return root / "results", (root / "output.txt").read_text()


def copy_repo(dest: Path) -> Path:
    """A playable copy of the game: its modules, clemgame.json, in/ and the programmatic players' backend (clem
    and the generator need no more)."""
    dest.mkdir(parents=True)
    for path in REPO.glob("*.py"):
        shutil.copy2(path, dest / path.name)
    for name in ("clemgame.json", "model_registry.json"):
        shutil.copy2(REPO / name, dest / name)
    shutil.copytree(REPO / "in", dest / "in")
    for package in sorted(path.parent.name for path in REPO.glob("*/__init__.py")):  # games, fixes, runtime, ...
        shutil.copytree(REPO / package, dest / package, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def assert_built(specs: Path):
    """The entries of a clemgame.json that the build owns (the families' games and their variants) are what it
    writes; the entries written by hand, which it keeps, are not its to check."""
    built = build_clemgame.built_specs()
    on_disk = json.loads(specs.read_text(encoding="utf-8"))
    assert (
        build_clemgame.owned(on_disk, built) == built
    ), "clemgame.json is stale: run `python scripts/build_clemgame.py`"


def run_in_process(
    game: str, results: Path, models: list[Model], instance_filter=None, batch_size: int = 1, instances: str = ""
):
    """Plays a game's instances with clemcore's dispatching runner and clem's result files, as `clem run` does;
    `instances` names another instance file of the game, as `clem run -i` does."""
    spec = spec_of(game)
    if instances:
        spec = GameSpec.from_dict({**vars(spec), "instances": instances})
    results_folder = ResultsFolder(results, run_dir=Model.to_identifier(models))
    infos = Model.to_infos(models)
    callbacks = GameBenchmarkCallbackList(
        [
            InstanceFileSaver(results_folder),
            ExperimentFileSaver(results_folder, player_model_infos=infos),
            InteractionsFileSaver(results_folder, player_model_infos=infos),
            SignalFileSaver(results_folder),
        ]
    )
    with GameBenchmark.load_from_spec(spec) as game_benchmark:
        instances = GameInstances.from_game_spec(spec).filter(instance_filter)
        dispatch.run(game_benchmark, instances, models, callbacks=callbacks, batch_size=batch_size)
    return results / Model.to_identifier(models)


def mock_model() -> CustomResponseModel:
    return CustomResponseModel(ModelSpec(model_name="mock"))
