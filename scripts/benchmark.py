"""Benchmarks the clem layer over TextArena: per game, the time per step of the bare env, of our game master and of
clemcore's bookkeeping, the episode setup time, and the memory over many episodes.

    python scripts/benchmark.py [--games G ...] [--episodes 1000] [--players mock|ta-random] [--markdown] [--profile]
                                [--baseline REV [--chunk 20]]

Episodes run as `clem run` and `clem serve` run them, minus the file writes: one process, each game loaded once
with clemcore's GameBenchmark, every episode driven through clemcore's GameMasterEnv with a
GameInteractionsRecorder listening. `--episodes` is the total over the selected games (split evenly, each game
cycling through its instances). Columns, per request (one model reply, i.e. one GameMasterEnv.step with an action):

- bare env: the TextArena env as the game plays it, with this project's repairs and without clem
  (`fixes.make(env_id, **env_kwargs)`, reset with the instance seed; a stand-in where TextArena 0.7.4's class cannot
  play) replaying the episode's action stream, `get_observation()` + `step()` per action, as a TextArena loop calls
  them. Where the bare env raises, its replay stops there ("bare replays cut" in the episodes column) and only the
  steps before count.
- env in run: the same two raw-env calls timed inside the episode (a thin timing wrapper on the raw env).
- our layer: the game master's `step()` minus the raw env's time, clemcore's event logging and the reference
  opponents' moves inside it (our step logs through clemcore, and plays the `_vs_` references), and minus what the
  benchmark's own timing wrappers add around those calls (calibrated at start, printed with the table).
- clemcore: GameMasterEnv's time (step, last, the final None steps) minus the game master's step, plus clemcore's
  event logging inside our step ("events": that part alone): the GameEventSource methods the game master logs
  through (`log_event`, `log_key`, which serialises each value once to check it, `count_request`, ...), the
  interactions recorder they call, and GameMaster's helpers that build the events (`log_to_self`, ...).
- references, judge: the reference opponents' own moves (their programmatic players) and the LLM-judged games' judge
  answering (the mock model here; its turns' event logging counts as clemcore's), inside our step, per request.
- setup: GameMasterEnv.reset (game master creation, setup, recorder start, before_game, then a collection of the
  young generations, which frees the setup's reference cycles before play; minus the reference
  opponents' opening moves, which before_game plays when the model's seat is not the first): the slowest first episode
  of an experiment (the warm-up, which builds what a process caches per env id) and the later episodes (median /
  max); "make": the env construction inside later setups.
- bare reset (make): the bare env's `reset`, median, and its `fixes.make` (per episode; once per env id and kwargs for
  a `cache_env` spec), median.
- full gc: Python's full garbage collections during the episodes, how many and the longest. They walk the whole
  heap of the process, most of it clemcore's imports, and land in whatever runs then: the benchmark's clock stops
  while one runs, so that every other column leaves them out.
- RSS: the process peak after the game (it only grows; it includes the bare env of that game, which is dropped
  after the game), and the growth from after the game's warm-up (its first
  episode of every experiment, played first) to after its last episode, gc collected at both points; the total
  row gives the growth over the whole run (with the caches games build once) and the sum after the warm-ups.

The players' own time (the mock model or the programmatic player) is excluded everywhere.

`--profile` prints, per game, a cProfile of what the "our layer" column measures: the game master's steps with the
raw env's calls, clemcore's event logging, the reference moves and the judge paused (the timings are then inflated).

`--baseline REV` measures the game code of git revision REV (e.g. `ba450fa`) beside the current code in the same run:
REV's tree is exported (`git archive`) to a temporary directory with this harness copied in, and subprocesses play
`--chunk` games at a time, each chunk once with each code, the order alternating from chunk to chunk so that the
machine's drift hits both alike. One table shows both codes' layer and clemcore figures per game, then for each code
the mean/median over all requests, the costliest game, the games above 200 µs and those not below clemcore's own.

`--clem-run` measures instead one `clem run` of the selected games with the mock model, results files and all, in a
temporary copy of the game whose instance files keep `--episodes` episodes in total: the wall time, the episodes
recorded and failed, the throughput in episodes/s and the run's peak RSS.
"""

import argparse
import contextlib
import copy
import cProfile
import gc
import io
import json
import logging
import math
import os
import platform
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from repository import REPO

if "NLTK_DATA" not in os.environ and (REPO.parent / "shared" / "nltk_data").is_dir():
    os.environ["NLTK_DATA"] = str(REPO.parent / "shared" / "nltk_data")
os.chdir(REPO)  # clem finds the games in the working directory

from clemcore.backends import Model, ModelSpec  # noqa: E402
from clemcore.backends.model_registry import CustomResponseModel  # noqa: E402
from clemcore.clemgame import GameBenchmark, GameInstances  # noqa: E402
from clemcore.clemgame.callbacks.base import GameBenchmarkCallback, GameBenchmarkCallbackList  # noqa: E402
from clemcore.clemgame.envs.pettingzoo.master import GameMasterEnv  # noqa: E402
from clemcore.clemgame.events import GameEventSource  # noqa: E402
from clemcore.clemgame.master import GameMaster  # noqa: E402
from clemcore.clemgame.recorder import GameInteractionsRecorder  # noqa: E402

# Imported here (as tests/support.py does) so it stays loaded for all games: clemcore unloads a game's modules when its
# GameBenchmark closes, and the timing wrapper below patches this module's make_env.
import fixes  # noqa: E402
import ta_master  # noqa: E402
import ta_players  # noqa: E402
from instancegenerator import load_specs  # noqa: E402
from runtime import judge as judge_module  # noqa: E402
from runtime import words  # noqa: E402
from runtime.availability import unavailable_reason  # noqa: E402

TARGET_LAYER_US = 200.0  # in every game
TARGET_LAYER_MEAN_US = 60.0  # over all requests of all games
TARGET_LATER_SETUP_MS = 200.0
TARGET_RSS_GROWTH_MB = 50.0
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}
_clock = CLOCKS["cpu"]  # set by --clock


def now() -> float:
    """The benchmark's clock, stopped while Python makes a full collection (FULL_GC): every interval it times leaves
    them out, the nested ones too (a collection inside a raw env call within a step was left out of the step alone,
    and so taken twice from our layer: a spec's mean could fall below zero)."""
    return _clock() - FULL_GC.total


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE_SIZE / 2**20


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


# --- the clock: what the timing wrappers add up during one episode ---


class Clock:
    """Seconds spent in the raw env and in clemcore's event logging, and the raw env's actions, for the running episode.
    `in_step` is set while the game master's step runs: only the raw-env calls inside it are per-step env time
    (a submaster may also step the env in setup, e.g. Minesweeper's opening move)."""

    def __init__(self):
        self.in_step = False
        self.env_s = 0.0
        self.events_s = 0.0
        self.reference_s = 0.0  # the reference opponents' moves and the judge's answers: players' time
        self.judge_s = 0.0  # the judge's calls whole (with their event logging): inside env calls, not env time
        self.timed_calls = 0  # timed calls inside steps: each adds TIMING_OVERHEAD_S that no interval covers
        self.actions: list[tuple[str, bool]] = []  # (action, made inside the game master's step)


CLOCK = Clock()


class FullCollections:
    """Python's full (generation 2) garbage collections, timed with the benchmark's clock. Each walks every
    container the process holds, and clemcore 3.7.2 alone imports some 2,900 modules (gradio, fastmcp, pandas,
    beartype): about 244k tracked objects, 120-190 ms per full collection on this machine, more under load. Python
    starts one when enough objects survived since the last, in whatever code is running then; the setup and layer
    figures leave them out and the `full gc` column shows them."""

    def __init__(self):
        self.durations: list[float] = []
        self.total = 0.0
        self._start = 0.0

    def __call__(self, phase: str, info: dict):
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = _clock()
        else:
            self.durations.append(_clock() - self._start)
            self.total += self.durations[-1]


FULL_GC = FullCollections()
TIMING_OVERHEAD_S = 0.0  # set by calibrate_timing_overhead


class LayerProfile:
    """`--profile`: cProfile of what the "our layer" column measures, the game master's steps with the calls it leaves
    out (the raw env, clemcore's event logging, the reference moves, the judge) paused. A profile of whole episodes shows mostly
    the players' time and the tokenizer's loading."""

    def __init__(self):
        self.profile: cProfile.Profile | None = None
        self._depth = 0  # 1 inside a step, more inside left-out calls, which nest (event logging inside the judge)

    def step(self, function):
        def profiled(*args, **kwargs):
            self._depth = 1
            self.profile.enable()
            try:
                return function(*args, **kwargs)
            finally:
                self.profile.disable()
                self._depth = 0

        return profiled

    def paused(self, function):
        def unprofiled(*args, **kwargs):
            if not self._depth:  # outside a step (setup, the bare replay): not profiled anyway
                return function(*args, **kwargs)
            self._depth += 1
            if self._depth == 2:
                self.profile.disable()
            try:
                return function(*args, **kwargs)
            finally:
                self._depth -= 1
                if self._depth == 1:
                    self.profile.enable()

        return unprofiled


LAYER_PROFILE = LayerProfile()


def profile_the_layer_alone():
    """Pauses the layer's profile in the calls its figure leaves out that the timing wrappers below do not make per
    env: clemcore's event logging, the reference moves and the judge (the raw env's are paused where they are timed)."""
    EVENT_LOGGING.wrap(LAYER_PROFILE.paused)
    ta_master.ReferencePlayer.move = LAYER_PROFILE.paused(ta_master.ReferencePlayer.move)
    ta_master.TextArenaGameMaster.ask_judge = LAYER_PROFILE.paused(ta_master.TextArenaGameMaster.ask_judge)


def calibrate_timing_overhead(calls: int = 20_000, rounds: int = 7) -> float:
    """What one timed call adds to the time around it beyond the interval it records: the wrapper's frame, its
    second clock read and bookkeeping. Inside a game master step those land in "our layer" (a Secret Mafia request
    makes about 40 timed calls), so they are subtracted there. The least of several rounds: subtracting too little
    leaves the layer figures conservative."""
    recorded = [0.0]

    def target():
        return None

    def timed():
        start = now()
        try:
            return target()
        finally:
            recorded[0] += now() - start
            CLOCK.timed_calls += CLOCK.in_step

    overheads = []
    for _ in range(rounds):
        recorded[0] = 0.0
        begin = now()
        for _ in range(calls):
            timed()
        wrapped = now() - begin
        begin = now()
        for _ in range(calls):
            target()
        direct = now() - begin
        overheads.append((wrapped - recorded[0] - direct) / calls)
    return max(0.0, min(overheads))


def _timed_env_call(function, records_actions: bool):
    """`function` (a raw env's `step` or `get_observation`) timed as env time while a step runs; `step` also records
    the actions the bare replay repeats."""

    def timed(*args, **kwargs):  # TextArena's wrappers call `step(action=...)`
        if records_actions:
            CLOCK.actions.append((kwargs["action"] if "action" in kwargs else args[0], CLOCK.in_step))
        judge_before = CLOCK.judge_s
        start = now()
        try:
            return function(*args, **kwargs)
        finally:
            if CLOCK.in_step:
                CLOCK.env_s += now() - start - (CLOCK.judge_s - judge_before)
                CLOCK.timed_calls += 1

    return timed


def _timed_raw_env(raw_env):
    """Times the env inside the clem view (TextArena's with the fixes, `fixes.make`): its `step` and
    `get_observation` (instance attributes shadow the class's methods)."""
    raw_env.step = _timed_env_call(raw_env.step, records_actions=True)
    raw_env.get_observation = _timed_env_call(raw_env.get_observation, records_actions=False)
    if LAYER_PROFILE.profile is not None:
        raw_env.step, raw_env.get_observation = map(LAYER_PROFILE.paused, (raw_env.step, raw_env.get_observation))


_make_env = ta_master.make_env
_make_env_s = [0.0]


def timed_make_env(game_spec, instance, judge=None, view="state"):
    start = now()
    wrapped = _make_env(game_spec, instance, judge, view)
    _make_env_s[0] += now() - start
    _timed_raw_env(wrapped.env)
    return wrapped


ta_master.make_env = timed_make_env  # TextArenaGameMaster.setup looks make_env up in ta_master's globals


class EventLogging:
    """Times clemcore's bookkeeping inside the game master's calls: the GameEventSource methods a game master (and
    the judge, a clem Player) logs through, which check what is logged (`log_key` serialises the value once to see
    that it can) and pass it to every registered logger, here the interactions recorder, and GameMaster's helpers
    that build the events (`log_to_self`, `log_gm_to_player`, `log_player_to_gm`). They nest (a helper calls
    `log_event`): the outermost call is timed."""

    METHODS = (
        (
            GameEventSource,
            ("log_event", "log_key", "count_request", "count_request_violation", "log_next_round", "log_game_end"),
        ),
        (GameMaster, ("log_to_self", "log_gm_to_player", "log_player_to_gm")),
    )

    def __init__(self):
        self.depth = 0

    def wrap(self, wrapper):
        """Replaces each of the methods by `wrapper(method)`."""
        for owner, names in self.METHODS:
            for name in names:
                setattr(owner, name, wrapper(getattr(owner, name)))

    def timed(self, method):
        def timed(*args, **kwargs):
            if self.depth:
                return method(*args, **kwargs)
            self.depth = 1
            start = now()
            try:
                return method(*args, **kwargs)
            finally:
                CLOCK.events_s += now() - start
                CLOCK.timed_calls += CLOCK.in_step
                self.depth = 0

        return timed


EVENT_LOGGING = EventLogging()
EVENT_LOGGING.wrap(EVENT_LOGGING.timed)


_reference_move = ta_master.ReferencePlayer.move


def timed_reference_move(self, context):
    """A reference opponent's move is a player's time (its programmatic player), not the layer's."""
    start = now()
    try:
        return _reference_move(self, context)
    finally:
        CLOCK.reference_s += now() - start
        CLOCK.timed_calls += CLOCK.in_step


ta_master.ReferencePlayer.move = timed_reference_move

_ask_judge = ta_master.TextArenaGameMaster.ask_judge


def timed_ask_judge(self, prompt, system_prompt=""):
    """The LLM-judged games' judge answers inside the env's calls: its model's time is a player's, the event logging
    of its turn is clemcore's, neither is the env's."""
    events_before = CLOCK.events_s
    start = now()
    try:
        return _ask_judge(self, prompt, system_prompt)
    finally:
        elapsed = now() - start
        CLOCK.judge_s += elapsed
        CLOCK.reference_s += elapsed - (CLOCK.events_s - events_before)
        CLOCK.timed_calls += CLOCK.in_step


ta_master.TextArenaGameMaster.ask_judge = timed_ask_judge


class RecorderCallback(GameBenchmarkCallback):
    """Attaches a fresh recorder per episode, as clem's InteractionsFileSaver does (without writing the file)."""

    def __init__(self):
        self.recorder = None

    def on_game_start(self, game_master, game_instance):
        self.recorder = GameInteractionsRecorder(
            game_master.game_spec.game_name, game_master.experiment["name"], game_instance["game_id"], "results", {}
        )
        for player in game_master.get_players():
            self.recorder.log_player(player.name, player.game_role, player.model.name)
        game_master.register(self.recorder)


class ProgrammaticModel(Model):
    """A programmatic player of `ta_players` (what the `ta-random` backend serves), in process."""

    def __init__(self, strategy: str):
        super().__init__(ModelSpec(model_name=f"ta-{strategy}"))
        self.strategy = strategy
        self.set_gen_args(temperature=0.0, max_tokens=100)

    def generate_response(self, messages):
        return messages, {"strategy": self.strategy}, ta_players.reply(self.strategy, messages)


def player_models(kind: str, seats: int) -> list[Model]:
    if kind == "mock":
        return [CustomResponseModel(ModelSpec(model_name="mock")) for _ in range(seats)]
    return [ProgrammaticModel("random") for _ in range(seats)]


# --- one game ---


@dataclass
class GameStats:
    game: str
    players: int
    episodes: int = 0
    errors: list = field(default_factory=list)
    replays_cut: list = field(default_factory=list)  # bare replays that ended in an exception of the env
    steps: int = 0
    env_s: float = 0.0
    layer_s: float = 0.0
    layer_samples: list = field(default_factory=list)  # our layer per request, seconds
    events_s: float = 0.0
    reference_s: float = 0.0
    clemcore_s: float = 0.0
    bare_s: float = 0.0
    bare_steps: int = 0
    bare_make_s: list = field(default_factory=list)
    bare_reset_s: list = field(default_factory=list)
    setup_first_s: list = field(default_factory=list)  # the first episode of every experiment (the warm-up)
    setup_later_s: list = field(default_factory=list)
    make_later_s: list = field(default_factory=list)
    full_gcs_s: list = field(default_factory=list)  # full collections during the episodes
    rss_after_warm_up_mb: float = math.nan
    rss_after_last_mb: float = math.nan
    peak_rss_mb: float = math.nan

    def per_step_us(self, seconds: float, steps: int | None = None) -> float:
        steps = self.steps if steps is None else steps
        return seconds / steps * 1e6 if steps else math.nan

    @property
    def layer_us(self):
        return self.per_step_us(self.layer_s)

    @property
    def later_setup_max_ms(self):
        return max(self.setup_later_s) * 1e3 if self.setup_later_s else math.nan

    @property
    def rss_growth_mb(self):
        return self.rss_after_last_mb - self.rss_after_warm_up_mb

    def misses(self) -> list[str]:
        missed = []
        if self.layer_us > TARGET_LAYER_US:
            missed.append("layer")
        if not self.layer_us < self.per_step_us(self.clemcore_s):
            missed.append("not below clemcore")
        if self.later_setup_max_ms > TARGET_LATER_SETUP_MS:
            missed.append("setup")
        return missed


def episode_plan(spec, episodes: int) -> tuple[list[tuple[dict, dict]], int]:
    """The (experiment, instance) pairs to play and how many of them warm up: first one instance of every
    experiment (an experiment may load its own data once, e.g. Hangman's larger word list), then all instances,
    experiment by experiment as `clem run` plays them, cycled until `episodes` are planned."""
    pairs = [(row["experiment"], row["game_instance"]) for row in GameInstances.from_game_spec(spec)]
    warm_up = list({experiment["name"]: (experiment, instance) for experiment, instance in reversed(pairs)}.values())
    warm_up.reverse()
    plan = (warm_up + [pairs[index % len(pairs)] for index in range(episodes)])[:episodes]
    return plan, min(len(warm_up), episodes)


def play_episode(env: GameMasterEnv, models, experiment, instance, stats: GameStats, warm_up: bool):
    CLOCK.__init__()
    _make_env_s[0] = 0.0
    episode_gcs = len(FULL_GC.durations)
    start = now()
    env.reset(options={"player_models": models, "experiment": experiment, "game_instance": instance})
    # The setup's garbage is the setup's: clemcore 3.7.2's recorder reads its version with importlib.metadata in every
    # episode, which leaves reference cycles holding a directory listing, 3-4 ms to free; the next young collection
    # would free them in whatever step it falls.
    gc.collect(1)
    # the references' opening moves are players' time (a minimax reference's first move takes 0.2 s)
    setup_s = now() - start - CLOCK.reference_s
    game_master = env.game_master
    gm_step = game_master.step
    gm_s = [0.0]

    def timed_gm_step(response):
        CLOCK.in_step = True
        env_before, events_before, reference_before = CLOCK.env_s, CLOCK.events_s, CLOCK.reference_s
        calls_before = CLOCK.timed_calls
        begin = now()
        try:
            return gm_step(response)
        finally:
            elapsed = now() - begin
            gm_s[0] += elapsed
            stats.layer_samples.append(
                elapsed
                - (CLOCK.env_s - env_before)
                - (CLOCK.events_s - events_before)
                - (CLOCK.reference_s - reference_before)
                - (CLOCK.timed_calls - calls_before) * TIMING_OVERHEAD_S
            )
            CLOCK.in_step = False

    game_master.step = timed_gm_step if LAYER_PROFILE.profile is None else LAYER_PROFILE.step(timed_gm_step)
    CLOCK.events_s = CLOCK.reference_s = 0.0  # only the event logging and reference moves made during steps
    in_env_s, steps = 0.0, 0
    for agent_id in env.agent_iter():
        begin = now()
        context, _, termination, truncation, _ = env.last()
        in_env_s += now() - begin
        if termination or truncation:
            begin = now()
            env.step(None)
            in_env_s += now() - begin
            continue
        reply = env.player_by_agent_id[agent_id](context)
        begin = now()
        env.step(reply)
        in_env_s += now() - begin
        steps += 1
    if warm_up:
        stats.setup_first_s.append(setup_s)
    else:
        stats.setup_later_s.append(setup_s)
        stats.make_later_s.append(_make_env_s[0])
    stats.episodes += 1
    stats.steps += steps
    stats.env_s += CLOCK.env_s
    stats.layer_s += gm_s[0] - CLOCK.env_s - CLOCK.events_s - CLOCK.reference_s - CLOCK.timed_calls * TIMING_OVERHEAD_S
    stats.reference_s += CLOCK.reference_s
    stats.events_s += CLOCK.events_s
    stats.clemcore_s += in_env_s - gm_s[0] + CLOCK.events_s
    stats.full_gcs_s.extend(FULL_GC.durations[episode_gcs:])
    return list(CLOCK.actions), [reply for _, reply in game_master._judge_calls]


_bare_envs = {}


def replay_bare(spec, instance: dict, actions: list[tuple[str, bool]], judge_replies: list[str], stats: GameStats):
    """Replays the episode's raw-env actions on a bare TextArena env, timing the ones a model made. The bare env is
    made per episode, as the game master makes it (a second reset of the same env hangs in some TextArena 0.7.4
    envs, e.g. Stratego's board placement); a `cache_env` spec's env is built once per env id and kwargs and
    shallow-copied, as `make_env` does."""
    key = (instance["env_id"], repr(sorted(instance["env_kwargs"].items())))
    with words.quiet_nltk_downloads(), contextlib.redirect_stdout(io.StringIO()):
        env = _bare_envs.get(key)
        if env is None:
            begin = now()
            # the LLM-judged games ask their judge what the episode's judge answered, in the same order
            replies = iter(judge_replies)
            judge = (lambda prompt, system_prompt: next(replies)) if getattr(spec, "judge", False) else None
            with judge_module.judges_in_place_of_openrouter(judge):
                env = fixes.make(instance["env_id"], **instance["env_kwargs"])
            stats.bare_make_s.append(now() - begin)
            if getattr(spec, "cache_env", False):
                _bare_envs[key] = env
        else:
            env = copy.copy(env)
        begin = now()
        env.reset(num_players=instance["num_players"], seed=instance["seed"])
        stats.bare_reset_s.append(now() - begin)
        for action, timed in actions:
            begin = now()
            try:
                env.get_observation()
                done, _ = env.step(action)
            except Exception as error:  # noqa: BLE001 -- a defect of the env: the replay ends, the run goes on
                stats.replays_cut.append(f"{instance['game_id']}: {type(error).__name__}: {error}")
                break
            if timed:
                stats.bare_s += now() - begin
                stats.bare_steps += 1
            if done:
                break


def bench_game(spec, episodes: int, players: str) -> GameStats:
    stats = GameStats(spec.game_name, spec.players)
    plan, warm_up = episode_plan(spec, episodes)
    models = player_models(players, spec.players)
    callbacks = GameBenchmarkCallbackList([RecorderCallback()])
    with GameBenchmark.load_from_spec(spec) as game_benchmark:
        env = GameMasterEnv(game_benchmark, callbacks=callbacks)
        for index, (experiment, instance) in enumerate(plan):
            try:
                actions, judge_replies = play_episode(env, models, experiment, instance, stats, index < warm_up)
                replay_bare(spec, instance, actions, judge_replies, stats)
            except Exception as error:  # noqa: BLE001 -- a failing episode is reported, the others run
                stats.errors.append(f"{experiment['name']}/{instance['game_id']}: {type(error).__name__}: {error}")
            if index == warm_up - 1:
                gc.collect()
                stats.rss_after_warm_up_mb = rss_mb()
        env.close()
    gc.collect()
    stats.rss_after_last_mb = rss_mb()
    stats.peak_rss_mb = peak_rss_mb()
    _bare_envs.clear()  # the bare envs are the benchmark's (made in the warm-up): keep them out of later games
    return stats


# --- output ---


def fmt(value: float, digits: int = 0) -> str:
    return "n/a" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:,.{digits}f}"


HEADERS = [
    "game",
    "seats",
    "episodes",
    "requests/ep",
    "bare env µs/req",
    "env in run µs/req",
    "our layer µs/req mean/median",
    "clemcore µs/req (events)",
    "references, judge µs/req",
    "setup 1st ms max",
    "setup later ms med/max (make)",
    "bare reset ms med (make)",
    "full gc n (ms max)",
    "peak RSS MB",
    "RSS growth MB",
    "misses",
]


def full_gcs(durations: list) -> str:
    return f"{len(durations)} ({fmt(max(durations) * 1e3)})" if durations else "0"


def median_us(samples: list) -> float:
    return statistics.median(samples) * 1e6 if samples else math.nan


def row(stats: GameStats) -> list[str]:
    later = stats.setup_later_s
    setup_later = (
        (
            f"{fmt(statistics.median(later) * 1e3, 1)}/{fmt(max(later) * 1e3, 1)} "
            f"({fmt(statistics.median(stats.make_later_s) * 1e3, 1)})"
        )
        if later
        else "n/a"
    )
    episodes = (
        str(stats.episodes)
        + (f" ({len(stats.errors)} failed)" if stats.errors else "")
        + (f" ({len(stats.replays_cut)} bare replays cut)" if stats.replays_cut else "")
    )
    return [
        stats.game,
        str(stats.players),
        episodes,
        fmt(stats.steps / stats.episodes if stats.episodes else math.nan, 1),
        fmt(stats.per_step_us(stats.bare_s, stats.bare_steps)),
        fmt(stats.per_step_us(stats.env_s)),
        f"{fmt(stats.layer_us)}/{fmt(median_us(stats.layer_samples))}",
        f"{fmt(stats.per_step_us(stats.clemcore_s))} ({fmt(stats.per_step_us(stats.events_s))})",
        fmt(stats.per_step_us(stats.reference_s)),
        fmt(max(stats.setup_first_s, default=math.nan) * 1e3, 1),
        setup_later,
        (
            f"{fmt(statistics.median(stats.bare_reset_s) * 1e3, 1)} "
            f"({fmt(statistics.median(stats.bare_make_s) * 1e3, 1)})"
        )
        if stats.bare_reset_s
        else "n/a",
        full_gcs(stats.full_gcs_s),
        fmt(stats.peak_rss_mb, 1),
        fmt(stats.rss_growth_mb, 1),
        ", ".join(stats.misses()) or "-",
    ]


def total_row(all_stats: list[GameStats], start_rss: float, end_rss: float) -> list[str]:
    episodes = sum(s.episodes for s in all_stats)
    steps = sum(s.steps for s in all_stats)
    per = lambda seconds, n=steps: fmt(seconds / n * 1e6) if n else "n/a"
    steady = sum(s.rss_growth_mb for s in all_stats)
    misses = sorted({m for s in all_stats for m in s.misses()})
    # the target is the growth over the episodes; from the start, the figure also holds what the games build once
    # per process and env configuration (the word games' dictionaries), which does not grow with the episodes
    if steady > TARGET_RSS_GROWTH_MB:
        misses.append("rss after warm-up")
    if steps and sum(s.layer_s for s in all_stats) / steps * 1e6 > TARGET_LAYER_MEAN_US:
        misses.append("layer mean")
    return [
        "all",
        "",
        str(episodes),
        fmt(steps / episodes if episodes else math.nan, 1),
        per(sum(s.bare_s for s in all_stats), sum(s.bare_steps for s in all_stats)),
        per(sum(s.env_s for s in all_stats)),
        f"{per(sum(s.layer_s for s in all_stats))}/"
        f"{fmt(median_us([x for s in all_stats for x in s.layer_samples]))}",
        f"{per(sum(s.clemcore_s for s in all_stats))} ({per(sum(s.events_s for s in all_stats))})",
        per(sum(s.reference_s for s in all_stats)),
        "",
        "",
        "",
        full_gcs([d for s in all_stats for d in s.full_gcs_s]),
        fmt(peak_rss_mb(), 1),
        f"{fmt(end_rss - start_rss, 1)} (after warm-up: {fmt(steady, 1)})",
        ", ".join(misses) or "-",
    ]


def machine() -> str:
    cpu = "unknown CPU"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    from importlib.metadata import version

    return (
        f"{cpu}, {os.cpu_count()} cores; Python {platform.python_version()}; clemcore {version('clemcore')}, "
        f"textarena {version('textarena')}; {platform.system()} {platform.release()}"
    )


def print_table(headers: list[str], rows: list[list[str]], markdown: bool):
    if markdown:
        print("| " + " | ".join(headers) + " |")
        print("|" + "|".join("---" for _ in headers) + "|")
        for cells in rows:
            print("| " + " | ".join(cells) + " |")
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    for cells in rows:
        print("  ".join(c.ljust(w) for c, w in zip(cells, widths)))


# --- side by side with another revision's code ---

SIDE_BY_SIDE_HEADERS = [
    "game",
    "requests/ep",
    "bare env µs/req",
    "our layer µs/req mean/median: {baseline}",
    "our layer µs/req mean/median",
    "clemcore µs/req (events): {baseline}",
    "clemcore µs/req (events)",
    "references, judge µs/req",
    "misses",
]


def side_by_side(revision: str, games: list[str], args):
    """The current code and `revision`'s, measured by this harness in the same run. The revision's tree is exported
    (`git archive`) to a temporary directory with this script and scripts/repository.py (which points the script at
    the tree it lies in) copied in; subprocesses play the games chunk by chunk, each chunk once with each code, the
    order alternating from chunk to chunk, so that the machine's drift over the run hits both alike."""
    chunks = [games[index : index + args.chunk] for index in range(0, len(games), args.chunk)]
    per_game = math.ceil(args.episodes / len(games)) if games else 0
    measured = {"baseline": {}, "current": {}}
    with tempfile.TemporaryDirectory(prefix="benchmark_baseline_") as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "archive", revision], cwd=REPO, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        for name in ("benchmark.py", "repository.py"):
            shutil.copy2(REPO / "scripts" / name, tree / "scripts" / name)
        roots = {"current": REPO, "baseline": tree}
        for index, chunk in enumerate(chunks):
            for code in ("current", "baseline") if index % 2 == 0 else ("baseline", "current"):
                print(f"chunk {index + 1}/{len(chunks)}, {code} code: {' '.join(chunk)}", file=sys.stderr)
                out = Path(tmp) / f"{code}-{index}.json"
                worker = [sys.executable, str(roots[code] / "scripts" / "benchmark.py"), "--worker", str(out)]
                options = ["--episodes", str(per_game), "--players", args.players, "--clock", args.clock]
                # a failed chunk leaves its games out of that code's column; the run goes on
                if subprocess.run(
                    [*worker, "--games", *chunk, *options], cwd=roots[code], stdout=subprocess.DEVNULL
                ).returncode:
                    print(f"chunk {index + 1}, {code} code: the worker failed", file=sys.stderr)
                    continue
                for record in json.loads(out.read_text()):
                    measured[code][record["game"]] = GameStats(**record)
    print_side_by_side(revision, games, measured, per_game, args)


def layer_summary(stats: list[GameStats]) -> str:
    steps = sum(s.steps for s in stats)
    if not steps:
        return "nothing measured"
    worst = max(stats, key=lambda s: s.layer_us)
    return (
        f"{fmt(sum(s.layer_s for s in stats) / steps * 1e6)}/{fmt(median_us([x for s in stats for x in s.layer_samples]))} "
        f"µs per request (mean/median over {len(stats)} games); the costliest {worst.game} ({fmt(worst.layer_us)}); "
        f"{sum(s.layer_us > TARGET_LAYER_US for s in stats)} above {TARGET_LAYER_US:.0f} µs; "
        f"{sum(not s.layer_us < s.per_step_us(s.clemcore_s) for s in stats)} not below clemcore's own; "
        f"clemcore's own {fmt(sum(s.clemcore_s for s in stats) / steps * 1e6)} µs per request"
    )


def print_side_by_side(revision: str, games: list[str], measured: dict, per_game: int, args):
    def layer(stats):
        return f"{fmt(stats.layer_us)}/{fmt(median_us(stats.layer_samples))}" if stats else "n/a"

    def clemcore(stats):
        if not stats:
            return "n/a"
        return f"{fmt(stats.per_step_us(stats.clemcore_s))} ({fmt(stats.per_step_us(stats.events_s))})"

    rows = []
    for game in games:
        baseline, current = measured["baseline"].get(game), measured["current"].get(game)
        shown = current or baseline
        rows.append(
            [
                game,
                fmt(shown.steps / shown.episodes if shown and shown.episodes else math.nan, 1),
                fmt(shown.per_step_us(shown.bare_s, shown.bare_steps) if shown else math.nan),
                layer(baseline),
                layer(current),
                clemcore(baseline),
                clemcore(current),
                fmt(shown.per_step_us(shown.reference_s) if shown else math.nan),
                (", ".join(current.misses()) or "-") if current else "n/a",
            ]
        )
    headers = [header.format(baseline=revision) for header in SIDE_BY_SIDE_HEADERS]
    print(
        f"Machine: {machine()}. Players: {args.players}; {per_game} episodes per game; clock: {args.clock}; "
        f"{args.chunk} games per subprocess, the two codes alternating.\n"
    )
    print_table(headers, rows, args.markdown)
    print()
    for code, label in (("baseline", f"{revision}:"), ("current", "current code:")):
        print(f"{label} {layer_summary(list(measured[code].values()))}")
        for stats in measured[code].values():
            for error in stats.errors[:1]:
                print(f"  failed: {error}")
    print(
        f"Targets: our layer <= {TARGET_LAYER_MEAN_US:.0f} µs/request over all requests, <= {TARGET_LAYER_US:.0f} "
        f"µs/request and below clemcore's in every game."
    )


# --- one `clem run` ---


def trimmed_copy(dest: Path, episodes_per_game: int) -> dict[str, int]:
    """A playable copy of the game whose instance files keep `episodes_per_game` instances (or all, when a file has
    fewer), taken from the experiments in turn; a `_vs_` variant plays its base game's file. Returns the instances
    kept per file stem."""
    dest.mkdir()
    for path in REPO.glob("*.py"):
        shutil.copy2(path, dest / path.name)
    for name in ("clemgame.json", "model_registry.json"):
        shutil.copy2(REPO / name, dest / name)
    for package in sorted(path.parent.name for path in REPO.glob("*/__init__.py")):  # games, fixes, runtime, ...
        shutil.copytree(REPO / package, dest / package, ignore=shutil.ignore_patterns("__pycache__"))
    (dest / "in").mkdir()
    kept_per_file = {}
    for path in (REPO / "in").glob("*.json"):
        data = json.loads(path.read_text())
        experiments = data["experiments"]
        kept = [[] for _ in experiments]
        pool = [list(experiment["game_instances"]) for experiment in experiments]
        while sum(map(len, kept)) < episodes_per_game and any(pool):
            for index, instances in enumerate(pool):
                if instances and sum(map(len, kept)) < episodes_per_game:
                    kept[index].append(instances.pop(0))
        for experiment, instances in zip(experiments, kept):
            experiment["game_instances"] = instances
        data["experiments"] = [experiment for experiment in experiments if experiment["game_instances"]]
        (dest / "in" / path.name).write_text(json.dumps(data, ensure_ascii=False))
        kept_per_file[path.stem] = sum(map(len, kept))
    return kept_per_file


def clem_run(specs: list, episodes: int):
    per_game = math.ceil(episodes / len(specs))
    with tempfile.TemporaryDirectory(prefix="clem_run_benchmark_") as tmp:
        game_dir = Path(tmp) / "game"
        kept = trimmed_copy(game_dir, per_game)
        planned = sum(kept[spec.instances] for spec in specs)
        results = Path(tmp) / "results"
        command = [
            str(Path(sys.executable).parent / "clem"),
            "run",
            "-g",
            *(spec.game_name for spec in specs),
            "-m",
            "mock",
            "-r",
            str(results),
        ]
        begin = time.perf_counter()
        process = subprocess.run(command, cwd=game_dir, capture_output=True, text=True)
        seconds = time.perf_counter() - begin
        recorded = len(list(results.rglob("interactions.json")))
        failed = len(list(results.rglob("error.json")))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"clem run of {len(specs)} games, mock model, {planned} episodes (up to {per_game} a game): exit "
        f"{process.returncode}, {recorded} recorded, {failed} failed, {seconds:,.1f} s wall, "
        f"{recorded / seconds:.2f} episodes/s, peak RSS {peak:,.1f} MB"
    )
    print(machine())
    if process.returncode != 0:
        print(process.stdout[-2000:] + process.stderr[-2000:], file=sys.stderr)


def run_games(playable: list, per_game: int, players: str, profile: bool) -> list[GameStats]:
    all_stats = []
    for spec in playable:
        if profile:
            LAYER_PROFILE.profile = cProfile.Profile()
        begin = time.perf_counter()
        stats = bench_game(spec, per_game, players)
        print(f"{spec.game_name}: {stats.episodes} episodes in {time.perf_counter() - begin:.1f} s", file=sys.stderr)
        print("| " + " | ".join(row(stats)) + " |", file=sys.stderr)  # kept if the run is stopped
        for error in stats.errors[:3]:
            print(f"  failed: {error}", file=sys.stderr)
        for error in stats.replays_cut[:1]:
            print(f"  bare replay cut: {error}", file=sys.stderr)
        if profile:
            print(f"--- profile of our layer in {spec.game_name} (by own time) ---", file=sys.stderr)
            pstats.Stats(LAYER_PROFILE.profile, stream=sys.stderr).sort_stats("tottime").print_stats(25)
        all_stats.append(stats)
    return all_stats


def main(argv=None):
    specs = {spec.game_name: spec for spec in load_specs()}
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", metavar="GAME", help="games to run (default: all playable)")
    parser.add_argument(
        "--episodes", type=int, default=1000, help="episodes in total, split evenly over the games (default 1000)"
    )
    parser.add_argument("--players", choices=("mock", "ta-random"), default="mock")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table and the machine")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="cpu: this thread's CPU time (default; steady on a shared machine, about 1 µs per "
        "reading); wall: time.perf_counter",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="cProfile our layer (the game master's steps without the env, clemcore's event logging, the references and "
        "the judge) and print its top functions per game",
    )
    parser.add_argument(
        "--clem-run",
        action="store_true",
        help="time one `clem run` of the games with the mock model instead (episodes/s)",
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also measure the game code of git revision REV (e.g. ba450fa) with this harness, in subprocesses "
        "alternating with the current code chunk by chunk, and print both side by side",
    )
    parser.add_argument(
        "--chunk", type=int, default=20, help="with --baseline: games per subprocess (default 20; each starts in ~10 s)"
    )
    # a subprocess of --baseline: plays `--episodes` per game and writes its games' stats to this file as JSON
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    global _clock, TIMING_OVERHEAD_S
    args = parser.parse_args(argv)
    unknown = [name for name in args.games or () if name not in specs]
    if unknown and args.worker is None:
        parser.error(f"unknown games: {', '.join(unknown)}")
    for name in unknown:  # a baseline's worker: a game added since the baseline
        print(f"skipped: {name} is not a game of this code", file=sys.stderr)
    _clock = CLOCKS[args.clock]
    TIMING_OVERHEAD_S = calibrate_timing_overhead()
    gc.callbacks.append(FULL_GC)
    logging.getLogger("clemcore").setLevel(logging.WARNING)  # no "Loading game benchmark" lines per game

    selected = [specs[name] for name in (args.games or specs) if name in specs]
    playable = []
    for spec in selected:
        reason = unavailable_reason(spec)
        if reason is None:
            playable.append(spec)
        else:
            print(f"skipped: {reason}", file=sys.stderr)
    if args.clem_run:
        clem_run(playable, args.episodes)
        return
    if args.baseline:
        side_by_side(args.baseline, [spec.game_name for spec in playable], args)
        return
    if args.worker:
        args.episodes *= len(playable)
    per_game = math.ceil(args.episodes / len(playable)) if playable else 0
    if args.profile:
        profile_the_layer_alone()
    gc.collect()
    start_rss = rss_mb()
    all_stats = run_games(playable, per_game, args.players, args.profile)
    if args.worker:
        args.worker.write_text(json.dumps([vars(stats) for stats in all_stats]))
        return
    gc.collect()
    rows = [row(stats) for stats in all_stats] + [total_row(all_stats, start_rss, rss_mb())]
    if args.markdown:
        print(
            f"Machine: {machine()}. Players: {args.players}; {per_game} episodes per game; clock: {args.clock} "
            f"({TIMING_OVERHEAD_S * 1e6:.1f} µs per timed call subtracted from our layer).\n"
        )
    print_table(HEADERS, rows, args.markdown)
    if not args.markdown:
        print(
            f"\n{machine()}; players {args.players}; {per_game} episodes per game; clock {args.clock} "
            f"({TIMING_OVERHEAD_S * 1e6:.1f} µs per timed call subtracted from our layer)"
        )
    print(
        f"Targets: our layer <= {TARGET_LAYER_MEAN_US:.0f} µs/request over all requests, <= {TARGET_LAYER_US:.0f} "
        f"µs/request and below clemcore's in every game; later episodes set up in <= "
        f"{TARGET_LATER_SETUP_MS:.0f} ms (max); RSS growth < {TARGET_RSS_GROWTH_MB:.0f} MB over the run after the "
        f"warm-ups."
    )


if __name__ == "__main__":
    main()
