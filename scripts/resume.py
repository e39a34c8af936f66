"""Plays again every planned episode that has no finished record in a results folder, into its own instance folder,
so that afterwards every planned episode is recorded exactly once.

    python scripts/resume.py -m MODEL [MODEL ...] [-g SPEC ...] [-e EXPERIMENT] [-i INSTANCES] [-r RESULTS]
                             [-t TEMPERATURE] [-l MAX_TOKENS] [--shard K/N [--player ta-random|ta-expert]]

Run it where the run ran (the repository root: clem finds the games, backends and keys there), once the processes that
played the same episodes have ended, with the run's models and options. Planned: every instance of the specs' instance
files (`-g`, default every spec clem finds: names, or clem's selectors such as "{'benchmark':['textarena-lite']}"; `-i`
another instance file and `-e` one experiment, as for `clem run`). With `--shard K/N`, only the episodes of shard K (0
to N-1) of the N that scripts/shards.py splits the planned episodes into by their expected requests
(scripts/workload.py): N processes, one a shard, play a pass between them, each its own episodes, and the same command
resumes its shard (the split is computed anew, the same in every process, from the same repository and options).
Finished: the instance folder has `completed.json` and `interactions.json` and no `error.json`. clemcore 3.7.2 writes
`completed.json` last, after the episode's other files, and `error.json` when the episode failed, so anything else is
unfinished: a folder that a killed process left with `instance.json` alone or with half its files, a failed episode, an
instance never started. The files of an unfinished attempt are removed first (a stale `interactions.json` would be
scored as if it were the episode), then clemcore's own runner plays exactly those instances: `clemcore.cli.run` with an
`instances_filter`, the hook `clem run` has but its command line does not offer in 3.7.2, so the episodes get clem's
usual files. A `run.json` that a stopped process left cut short is moved aside first (clem would not start on it), and
an `experiment.json` it left so is removed (clem writes it only where it is missing). Exit status: 0 when every planned
episode is recorded, 1 when some are still unfinished (their `error.json` says why), 2 for a usage error."""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import workload  # scripts/ is on sys.path when a script of it runs
from clemcore.backends import Model, ModelRegistry, ModelSpec
from clemcore.clemgame import GameInstances, GameRegistry, GameSpec

# the files of one attempt at an episode (clemcore 3.7.2's callbacks, clem score, clem transcribe); the players'
# `player_N.requests.json` too. instance.json is rewritten by the next attempt.
ATTEMPT_FILES = (
    "completed.json",
    "error.json",
    "interactions.json",
    "scores.json",
    "transcript.html",
    "transcript.tex",
)


# how often clem is started when it fails reading run.json at its start (another process writing it at that moment)
STARTS = 5


def select_specs(registry: GameRegistry, selectors: list[str] | None) -> list[GameSpec]:
    """The specs the selectors select, as `clem run -g` selects them from a registry (a game's name, or a selector
    such as "{'benchmark':['textarena-lite']}": the specs whose `benchmark` lists name it), or every spec but the
    lite tier's samples (they replay episodes of the full pass, scripts/lite.py); each game once, in order (a name and
    a selector may both select it). ValueError names the selectors that select nothing."""
    found, unknown = {}, []
    for selector in selectors or ["all"]:
        try:
            specs = registry.get_game_specs_that_unify_with(selector, verbose=False)
        except ValueError:
            unknown.append(selector)
            continue
        for spec in specs:  # the first spec of a name is the one clem plays (clemgame/registry.py)
            if selectors or not hasattr(spec, "sample_of"):
                found.setdefault(spec.game_name, spec)
    if unknown:
        raise ValueError(
            f"no game named or selected by {', '.join(unknown)} here "
            f"(clem list games shows the games of the working directory)"
        )
    return list(found.values())


def planned(spec: GameSpec, instances_name: str | None = None, experiment: str | None = None) -> list[tuple[str, int]]:
    """(experiment, game_id) of every instance the spec's instance file plans, as `clem run` would play them."""
    # `clem run -i` replaces the spec's `instances` (clemcore/cli.py, run); GameInstances.from_game_spec reads
    # <game_path>/in/<instances>.json
    rows = GameInstances.from_file(
        spec.game_name, os.path.join(spec.game_path, "in"), instances_name or getattr(spec, "instances", "instances")
    )
    return [
        (row["experiment"]["name"], row["game_instance"]["game_id"])
        for row in rows
        if experiment is None or row["experiment"]["name"] == experiment
    ]


def plan(
    specs: list[GameSpec], instances_name: str | None = None, experiment: str | None = None
) -> list[workload.Episode]:
    """Every planned episode of the specs, spec by spec in plan order."""
    return [
        (spec.game_name, name, game_id) for spec in specs for name, game_id in planned(spec, instances_name, experiment)
    ]


def shard_of(episodes: list[workload.Episode], shard: int, shards: int, player: str) -> list[workload.Episode]:
    """The episodes of the K-th of the N shards of a pass (workload.split, by the player's expected requests), in
    plan order: the same in every process that plays a shard of the pass."""
    work, _ = workload.expected_requests(episodes, workload.load_validation(), player)
    split = workload.split(work, shards)
    mine = set(split[shard][1]) if shard < len(split) else set()  # fewer episodes than shards: the last are empty
    return [episode for episode in episodes if episode in mine]


def run_dir(results: Path, models: list[str]) -> Path:
    """The folder `clem run -m MODELS -r RESULTS` records into: clem names it by the models (Model.to_identifier
    reads each model's name, which is what `-m` gives)."""
    return results / Model.to_identifier([ModelSpec.from_string(model).model_name for model in models])


def instance_dir(models_dir: Path, game: str, experiment: str, game_id: int) -> Path:
    # clemcore 3.7.2's ResultsFolder layout (clemgame/callbacks/files.py: to_instance_dir)
    return models_dir / game / experiment / f"instance_{game_id:05d}"


def is_finished(path: Path) -> bool:
    return (
        (path / "completed.json").is_file()
        and (path / "interactions.json").is_file()
        and not (path / "error.json").exists()
    )


def unfinished(models_dir: Path, episodes: list[workload.Episode]) -> dict[str, list[tuple[str, int]]]:
    """{spec: [(experiment, game_id), ...]} of the episodes without a finished record, in their order."""
    missing = {}
    for game, experiment, game_id in episodes:
        if not is_finished(instance_dir(models_dir, game, experiment, game_id)):
            missing.setdefault(game, []).append((experiment, game_id))
    return missing


def clear_attempt(path: Path):
    """Removes the files an unfinished attempt left, so that the folder holds the next attempt's record alone."""
    if not path.is_dir():
        return
    for file in [*(path / name for name in ATTEMPT_FILES), *path.glob("player_*.requests.json")]:
        file.unlink(missing_ok=True)


def set_aside_unreadable_run_file(models_dir: Path, wait: float = 1.0) -> Path | None:
    """Renames a run.json that does not parse, so that clem can run into the folder again; where it went, or None.

    clemcore 3.7.2 rewrites run.json in place at every game's start and end, so a process killed at that moment
    leaves it empty or cut short, and every later `clem run` into the folder then fails at its start, reading it
    (RunFileSaver). It holds the run's metadata only (no clem command reads it). A file that another process is
    writing at this moment is unreadable for a moment too: it is read again after `wait` seconds first."""
    path = models_dir / "run.json"
    for attempt in range(2):
        try:
            json.loads(path.read_text(encoding="utf-8"))
            return None
        except FileNotFoundError:
            return None
        except ValueError:
            if attempt == 0:
                time.sleep(wait)
    aside = path.with_name(f"run.unreadable-{int(time.time())}.json")
    path.replace(aside)
    return aside


def remove_unreadable_experiment_files(models_dir: Path, missing: dict[str, list[tuple[str, int]]]) -> list[Path]:
    """Removes the experiment.json of an experiment with episodes to play that does not parse; what it removed.

    clemcore 3.7.2 writes experiment.json at the start of an experiment's first episode, in place, and only where it
    is missing (ExperimentFileSaver): a process killed at that moment leaves it empty or cut short, and no later
    episode would write it again. That episode is unfinished, so its experiment is among those played, which write
    the file anew."""
    removed = []
    for game, episodes in missing.items():
        for experiment in dict.fromkeys(name for name, _ in episodes):
            path = models_dir / game / experiment / "experiment.json"
            try:
                json.loads(path.read_text(encoding="utf-8"))
            except FileNotFoundError:
                continue
            except ValueError:
                path.unlink()
                removed.append(path)
    return removed


def count(episodes: dict[str, list]) -> int:
    return sum(len(each) for each in episodes.values())


def shard_number(text: str) -> tuple[int, int]:
    """K/N: shard K (0 to N-1) of N."""
    shard, _, shards = text.partition("/")
    try:
        shard, shards = int(shard), int(shards)
    except ValueError:
        raise argparse.ArgumentTypeError(f"K/N, such as 0/16, not {text}") from None
    if not 0 <= shard < shards:
        raise argparse.ArgumentTypeError(f"K from 0 to N-1, not {text}")
    return shard, shards


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-m", "--models", nargs="+", required=True, help="the run's models, as given to clem run")
    parser.add_argument(
        "-g",
        "--games",
        nargs="+",
        help="the run's specs or clem's selectors (default: every spec clem finds here but the lite's samples)",
    )
    parser.add_argument("-e", "--experiment_name", help="only this experiment, as clem run -e")
    parser.add_argument("-i", "--instances_filename", help="the run's instance file, as clem run -i")
    parser.add_argument("-r", "--results_dir", type=Path, default=Path("results"), help="default: results")
    parser.add_argument("-t", "--temperature", type=float, default=0.0, help="as clem run -t (default 0.0)")
    parser.add_argument("-l", "--max_tokens", type=int, default=300, help="as clem run -l (default 300)")
    parser.add_argument(
        "--shard", type=shard_number, help="K/N: only shard K (from 0) of the pass split in N (scripts/shards.py)"
    )
    parser.add_argument(
        "--player",
        default=workload.FALLBACK_PLAYER,
        choices=("ta-random", "ta-expert"),
        help="whose validation runs tell the requests per episode that --shard splits by (default: ta-random)",
    )
    args = parser.parse_args(argv)
    registry = GameRegistry.from_directories_and_cwd_files()
    if not registry:
        parser.error("no games here: run it where you run clem run (the repository root)")
    try:
        specs = select_specs(registry, args.games)
        for model in ModelSpec.from_strings(args.models):  # as clem checks them, before anything is touched
            ModelRegistry.from_packaged_and_cwd_files().get_first_model_spec_that_unify_with(model)
        models_dir = run_dir(args.results_dir, args.models)
        episodes = plan(specs, args.instances_filename, args.experiment_name)
    except (ValueError, OSError) as error:  # an unknown spec, a missing instance file, a bad -m
        parser.error(str(error))
    where = str(models_dir)
    if args.shard:
        episodes = shard_of(episodes, *args.shard, args.player)
        where += f", shard {args.shard[0]}/{args.shard[1]}"
    missing = unfinished(models_dir, episodes)
    print(
        f"{where}: {len(episodes) - count(missing):,} of {len(episodes):,} planned episodes recorded, "
        f"{count(missing):,} to play" + "".join(f"\n  {game}: {len(each)}" for game, each in missing.items())
    )
    if not missing:
        return 0
    for game, each in missing.items():
        for experiment, game_id in each:
            clear_attempt(instance_dir(models_dir, game, experiment, game_id))
    for path in remove_unreadable_experiment_files(models_dir, missing):
        print(f"{path} did not parse (a process was stopped while writing it): removed, its experiment writes it anew")
    from clemcore import cli  # imports clem's whole command line (its server too): only when there is play
    from clemcore.clemgame.instances import to_instance_filter

    wanted = to_instance_filter(
        [
            {"game": game, "experiment": experiment, "task_id": game_id}
            for game, each in missing.items()
            for experiment, game_id in each
        ]
    )
    for attempt in range(STARTS):
        aside = set_aside_unreadable_run_file(models_dir)
        if aside is not None:
            print(f"{models_dir / 'run.json'} did not parse (a process was stopped while writing it): moved to {aside}")
        try:
            cli.run(
                list(missing),
                ModelSpec.from_strings(args.models),
                gen_args=dict(temperature=args.temperature, max_tokens=args.max_tokens),
                experiment_name=args.experiment_name,
                instances_filename=args.instances_filename,
                results_dir_path=args.results_dir,
                instances_filter=wanted,
            )
        except json.JSONDecodeError:
            # clem read run.json at its start while another process rewrote it (clemcore 3.7.2 writes it in place);
            # nothing was played yet (clem's run catches what happens during play): start again
            if attempt == STARTS - 1:
                raise
            continue
        except SystemExit:  # clem's run exits 1 after a game failed to load; the count below says what is left
            pass
        break
    left = unfinished(models_dir, episodes)
    print(
        f"played {count(missing) - count(left):,} episodes; {count(left):,} still unfinished"
        + (" (see their error.json, clembench.log)" if left else "")
    )
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
