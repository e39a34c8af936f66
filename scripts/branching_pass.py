"""clemcore's branching runner over every shipped instance, compared with `clem run`'s sequential episodes.

    python scripts/branching_pass.py [-g SPEC ...] [-s SEQUENTIAL_RESULTS] [-j JOBS] [--cap 20] [-o ROWS.jsonl]

Every instance of the specs (`-g`, default every spec) is played by clemcore's branching runner with `ta-random`:
two branches at the episode's first request, each then played on a fresh deep copy of the env before every step
(branching factor 1), every branch recorded in its own folder (`InteractionsFileSaver(store_branches=True)`). Each
branch must be the sequential episode of `clem run -m ta-random` turn for turn and end as it ends (`ta-random` draws
from its transcript alone, so a copy that plays on by itself plays the same game). The sequential episodes are
played first by `-j` concurrent `clem run`s, into `-s` (where it already holds a spec's every episode, they are read
from there) or a temporary folder.

The runner copies the whole env before every step (5-100 ms a copy, growing with the episode), so where a spec caps
its requests (`max_requests`) an episode longer than `--cap` requests is branched with the cap in place of the
spec's: its branches end at the cap, and what they played must be the sequential episode's beginning.
Prints a row per spec as it is done, and the totals. `-o` appends each row to a JSON-lines file; a pass stopped
half-way and started again with the same `-o` and `-s` does the specs it has no row of. Exit status 1 when a branch
differs. The whole catalogue takes hours on two cores: `-g` takes a part.
"""

import argparse
import contextlib
import copy
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import resume  # scripts/ is on sys.path when a script of it runs
from repository import REPO

MODEL = "ta-random"


def first_turn(env=None, **_) -> bool:
    """The branching condition: the episode's first request (clemcore's GameState counts requests in
    `current_turn`)."""
    return env.game_master.state.current_turn == 0


def load_episodes(results: Path, name: str = "interactions.json") -> dict[str, dict]:
    """{episode folder relative to `results`: the parsed file}, without what differs between runs of one game
    (timestamps, the results folder)."""

    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("timestamp", "results_folder")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return {
        str(path.parent.relative_to(results)): strip(json.loads(path.read_text()))
        for path in sorted(results.rglob(name))
    }


def events(interactions: dict) -> list[dict]:
    """The episode's events in order, each with its round."""
    return [
        {**event, "round": number}
        for number, round_events in enumerate(interactions["turns"])
        for event in round_events
    ]


def requests(interactions: dict) -> int:
    return sum(interactions["Request Count"])


@functools.cache
def _registry(game_dir: Path):
    from clemcore.clemgame import GameRegistry

    with contextlib.chdir(game_dir):  # clem's registry of the games in the working directory
        return GameRegistry.from_directories_and_cwd_files()


def spec_of(game: str, game_dir: Path = REPO):
    """The spec as clem finds it in `game_dir`; a copy, which the caller may change."""
    return copy.deepcopy(_registry(game_dir).get_game_specs_that_unify_with(game, verbose=False)[0])


def branched_episodes(
    game: str,
    game_dir: Path,
    branching_factor: int,
    condition,
    results: Path,
    instance_filter=None,
    max_requests: int | None = None,
    model: str = MODEL,
) -> dict[str, dict]:
    """Plays the game's instances in `game_dir` with clemcore's branching runner and `model` (`-m ta-random`, loaded as
    `clem run` in `game_dir` loads it), with the result files `clem run` writes, every branch in its own folder, and
    `max_requests` in place of the spec's: {episode folder: interactions, timestamps left out}."""
    from clemcore.backends import Model, load_models
    from clemcore.clemgame import GameBenchmark, GameInstances
    from clemcore.clemgame.callbacks.base import GameBenchmarkCallbackList
    from clemcore.clemgame.callbacks.files import (
        InstanceFileSaver,
        InteractionsFileSaver,
        ResultsFolder,
        SignalFileSaver,
    )
    from clemcore.clemgame.runners import branching

    spec = spec_of(game, game_dir)
    if max_requests is not None:
        spec.max_requests = max_requests
    with contextlib.chdir(game_dir):  # clem finds the model registry and the ta_players backend there
        models = load_models([model], dict(temperature=0.0, max_tokens=300))  # `clem run`'s (cli.py:462-465)
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
    return load_episodes(results / Model.to_identifier(models) / game)


def differences(branch: dict, sequential: dict, capped: bool) -> str | None:
    """Why the branch is not the sequential episode (or, capped, its beginning ended at the cap); None when it is."""
    if not capped:
        return None if branch == sequential else "differs from the sequential episode"
    played, last = events(branch)[:-1], events(branch)[-1]
    if last["action"]["type"] != "request cap":
        return f"ends with {last['action']['type']!r}, not at the cap"
    if played != events(sequential)[: len(played)]:
        return "is not the sequential episode's beginning"
    return None


def branch_spec(game: str, sequential_dir: Path, cap: int) -> dict:
    """Branches every instance of the game in two at its first request; the comparison with the sequential
    episodes as a row of the report."""
    started = time.perf_counter()
    spec = spec_of(game)
    plan = [f"{experiment}/instance_{game_id:05d}" for experiment, game_id in resume.planned(spec)]
    sequential = load_episodes(sequential_dir / MODEL / game)
    has_cap = hasattr(spec, "max_requests")
    long = {episode for episode, interactions in sequential.items() if has_cap and requests(interactions) > cap}

    def selected(episodes):
        names = {tuple(episode.split("/")) for episode in episodes}
        return lambda row: (row["experiment"]["name"], f"instance_{row['game_instance']['game_id']:05d}") in names

    branches = {}
    with tempfile.TemporaryDirectory() as tmp:
        for part, cap_of_part in ((set(sequential) - long, None), (long, cap)):
            if part:
                results = Path(tmp) / ("capped" if cap_of_part else "whole")
                branches.update(branched_episodes(game, REPO, 2, first_turn, results, selected(part), cap_of_part))
    missing = [f"{episode} has no sequential episode" for episode in plan if episode not in sequential]
    row = {"instances": len(plan), "branches": len(branches), "whole": 0, "to the cap": 0, "differ": missing}
    for episode, interactions in sequential.items():
        mine = [branches.get(f"{episode}/branch_{number:05d}") for number in (1, 2)]
        for number, branch in enumerate(mine, 1):
            why = "is missing" if branch is None else differences(branch, interactions, episode in long)
            if why:
                row["differ"].append(f"{episode}/branch_{number:05d} {why}")
            else:
                row["to the cap" if episode in long else "whole"] += 1
    row["seconds"] = round(time.perf_counter() - started, 1)
    return row


def play_sequential(games: list[str], results: Path, jobs: int):
    """`clem run -m ta-random` of the games, as `jobs` concurrent processes into one folder (clem's log in
    clembench.log)."""
    clem = Path(sys.executable).parent / "clem"
    processes = [
        subprocess.Popen(
            [str(clem), "run", "-g", *games[shard::jobs], "-m", MODEL, "-r", str(results)],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for shard in range(min(jobs, len(games)))
    ]
    if any(process.wait() for process in processes):
        raise RuntimeError("a clem run of the sequential episodes failed (see clembench.log)")


def unplayed(games: list[str], results: Path) -> list[str]:
    """The games of which `results` lacks a finished episode of a shipped instance; their partial folders removed (a
    run stopped half-way is played again whole)."""
    missing = []
    for game in games:
        folder = results / MODEL / game
        planned = [
            folder / experiment / f"instance_{game_id:05d}" for experiment, game_id in resume.planned(spec_of(game))
        ]
        if not all(map(resume.is_finished, planned)):
            shutil.rmtree(folder, ignore_errors=True)
            missing.append(game)
    return missing


def quiet():
    """A worker's output (clemcore's progress bars and console log) goes nowhere: the report is the output."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for descriptor in (1, 2):  # the descriptors: clemcore's log handler holds a stream of its own
        os.dup2(devnull, descriptor)


def print_row(game: str, row: dict):
    print(
        f"{game:48} {row['instances']:9} {row['branches']:8} {row['whole']:6} {row['to the cap']:6} "
        f"{len(row['differ']):6} {row['seconds']:7}",
        flush=True,
    )
    for difference in row["differ"]:
        print(f"    {difference}", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-g", "--games", nargs="+", help="specs (default: every spec)")
    parser.add_argument(
        "-s", "--sequential", type=Path, help="a folder for `clem run -m ta-random`'s episodes (reused where present)"
    )
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--cap", type=int, default=20, help="requests of a capped spec's long episodes (default 20)")
    parser.add_argument("-o", "--output", type=Path, help="a JSON-lines file of the rows, one a spec (resumed)")
    args = parser.parse_args(argv)
    from instancegenerator import load_specs

    games = args.games or [spec["game_name"] for spec in load_specs()]
    rows = {}
    if args.output and args.output.exists():  # a pass stopped before: its specs are done
        rows = {row.pop("spec"): row for row in map(json.loads, args.output.read_text().splitlines()) if row}
    todo = [game for game in games if game not in rows]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        sequential = args.sequential or Path(tmp) / "sequential"
        play_sequential(unplayed(todo, sequential), sequential, args.jobs)
        sequential_seconds = round(time.perf_counter() - started, 1)
        print(f"{'spec':48} {'instances':>9} {'branches':>8} {'whole':>6} {'to cap':>6} {'differ':>6} {'s':>7}")
        for game in games:
            if game in rows:
                print_row(game, rows[game])
        with ProcessPoolExecutor(args.jobs, initializer=quiet) as pool:
            futures = {pool.submit(branch_spec, game, sequential, args.cap): game for game in todo}
            for future in as_completed(futures):
                game, row = futures[future], future.result()
                rows[game] = row
                print_row(game, row)
                if args.output:
                    with args.output.open("a") as output:
                        output.write(json.dumps({"spec": game, **row}, ensure_ascii=False) + "\n")
    total = {key: sum(rows[game][key] for game in games) for key in ("instances", "branches", "whole", "to the cap")}
    total["differ"] = sum(len(rows[game]["differ"]) for game in games)
    wall = round(time.perf_counter() - started, 1)
    print(
        f"{'total':48} {total['instances']:9} {total['branches']:8} {total['whole']:6} {total['to the cap']:6} "
        f"{total['differ']:6} {wall:7}  (this run; its sequential episodes {sequential_seconds} s; {args.jobs} jobs)"
    )
    return 1 if total["differ"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
