"""Plays again every planned episode that has no finished record in a results folder, into its own instance folder,
so that afterwards every planned episode is recorded exactly once.

    python scripts/resume.py -m MODEL [MODEL ...] [-g SPEC ...] [-e EXPERIMENT] [-i INSTANCES] [-r RESULTS]
                             [-t TEMPERATURE] [-l MAX_TOKENS]

Run it where the run ran (the repository root: clem finds the games, backends and keys there), once the run's processes
have ended, with the run's models and options. Planned: every instance of the specs' instance files (`-g`: names or a
clem selector such as "{'benchmark':['textarena-lite']}", default every spec clem finds but the lite tier's samples;
`-i` another instance file and `-e` one experiment, as for `clem run`). Finished: the instance folder
has `completed.json` and `interactions.json` and no `error.json`. clemcore 3.7.2 writes `completed.json` last, after the
episode's other files, and `error.json` when the episode failed, so anything else is unfinished: a folder that a killed
process left with `instance.json` alone or with half its files, a failed episode, an instance never started. The files
of an unfinished attempt are removed first (a stale `interactions.json` would be scored as if it were the episode), then
clemcore's own runner plays exactly those instances: `clemcore.cli.run` with an `instances_filter`, the hook `clem run`
has but its command line does not offer in 3.7.2, so the episodes get clem's usual files. A `run.json` that a stopped
process left cut short is moved aside first (clem would not start on it), and an `experiment.json` it left so is removed
(clem writes it only where it is missing). Exit status: 0 when every planned episode is recorded, 1 when some are still
unfinished (their `error.json` says why), 2 for a usage error."""

import argparse
import json
import os
import sys
import time
from pathlib import Path

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


def select_specs(registry: GameRegistry, names: list[str] | None) -> list[GameSpec]:
    """The specs of the given names or clem selectors (`{'benchmark':['textarena-lite']}`), as clem's registry of the
    working directory finds them, or every spec but the lite tier's samples (they replay episodes of the full pass,
    scripts/lite.py); ValueError names the unknown ones."""
    if not names:  # every game name once: the first spec of a name is the one clem plays (clemgame/registry.py)
        first = {}
        for spec in registry.get_game_specs_that_unify_with("all", verbose=False):
            if not hasattr(spec, "sample_of"):
                first.setdefault(spec.game_name, spec)
        return list(first.values())
    found, unknown = [], []
    for name in dict.fromkeys(names):  # duplicates once, in order
        try:
            found.extend(registry.get_game_specs_that_unify_with(name, verbose=False))
        except ValueError:
            unknown.append(name)
    if unknown:
        raise ValueError(
            f"no game named {', '.join(unknown)} here (clem list games shows the games of the working directory)"
        )
    return found


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


def unfinished(
    models_dir: Path, specs: list[GameSpec], instances_name: str | None = None, experiment: str | None = None
) -> dict[str, list[tuple[str, int]]]:
    """{spec: [(experiment, game_id), ...]} of the planned episodes without a finished record, in plan order."""
    missing = {}
    for spec in specs:
        episodes = [
            (name, game_id)
            for name, game_id in planned(spec, instances_name, experiment)
            if not is_finished(instance_dir(models_dir, spec.game_name, name, game_id))
        ]
        if episodes:
            missing[spec.game_name] = episodes
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-m", "--models", nargs="+", required=True, help="the run's models, as given to clem run")
    parser.add_argument(
        "-g",
        "--games",
        nargs="+",
        help="the run's specs or clem selectors, as clem run -g (default: every spec clem finds here but the lite's "
        "samples)",
    )
    parser.add_argument("-e", "--experiment_name", help="only this experiment, as clem run -e")
    parser.add_argument("-i", "--instances_filename", help="the run's instance file, as clem run -i")
    parser.add_argument("-r", "--results_dir", type=Path, default=Path("results"), help="default: results")
    parser.add_argument("-t", "--temperature", type=float, default=0.0, help="as clem run -t (default 0.0)")
    parser.add_argument("-l", "--max_tokens", type=int, default=300, help="as clem run -l (default 300)")
    args = parser.parse_args(argv)
    registry = GameRegistry.from_directories_and_cwd_files()
    if not registry:
        parser.error("no games here: run it where you run clem run (the repository root)")
    try:
        specs = select_specs(registry, args.games)
        for model in ModelSpec.from_strings(args.models):  # as clem checks them, before anything is touched
            ModelRegistry.from_packaged_and_cwd_files().get_first_model_spec_that_unify_with(model)
        models_dir = run_dir(args.results_dir, args.models)
        missing = unfinished(models_dir, specs, args.instances_filename, args.experiment_name)
    except (ValueError, OSError) as error:  # an unknown spec, a missing instance file, a bad -m
        parser.error(str(error))
    planned_count = sum(len(planned(spec, args.instances_filename, args.experiment_name)) for spec in specs)
    print(
        f"{models_dir}: {planned_count - count(missing):,} of {planned_count:,} planned episodes recorded, "
        f"{count(missing):,} to play" + "".join(f"\n  {game}: {len(episodes)}" for game, episodes in missing.items())
    )
    if not missing:
        return 0
    for game, episodes in missing.items():
        for experiment, game_id in episodes:
            clear_attempt(instance_dir(models_dir, game, experiment, game_id))
    for path in remove_unreadable_experiment_files(models_dir, missing):
        print(f"{path} did not parse (a process was stopped while writing it): removed, its experiment writes it anew")
    from clemcore import cli  # imports clem's whole command line (its server too): only when there is play
    from clemcore.clemgame.instances import to_instance_filter

    wanted = to_instance_filter(
        [
            {"game": game, "experiment": experiment, "task_id": game_id}
            for game, episodes in missing.items()
            for experiment, game_id in episodes
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
    left = unfinished(
        models_dir, [spec for spec in specs if spec.game_name in missing], args.instances_filename, args.experiment_name
    )
    print(
        f"played {count(missing) - count(left):,} episodes; {count(left):,} still unfinished"
        + (" (see their error.json, clembench.log)" if left else "")
    )
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
