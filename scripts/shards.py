"""Splits a pass over specs into N shards of about equal expected requests and prints one command per shard, for a
launcher to run at once into one results folder (docs/benchmark.md, "A pass over the catalogue"):

    python scripts/shards.py -n N -m MODEL [MODEL ...] [-g SPEC ...] [-r RESULTS] [-i INSTANCES] [-t T] [-l L]
                             [--resume] [--player ta-random|ta-expert]
    python scripts/shards.py -n 8 -m gpt-4o-mini | xargs -d '\\n' -P 8 -I{} sh -c {}
    python scripts/shards.py -n 8 -m gpt-4o-mini | parallel -j 8

Each line is a `clem run -g SPEC ... -m MODEL -r RESULTS || python scripts/resume.py <the same>`: the resume plays
the shard's episodes when clem fails to start (clemcore 3.7.2 fails so when it reads run.json while another process
rewrites it). With `--resume`, the lines are `python scripts/resume.py` over the episodes not yet recorded. A spec's
expected requests are its planned episodes (its instance file, `-i` another; with `--resume` the unrecorded ones)
times the requests per episode of its experiments in the validation runs (scripts/workload.py). A spec whose
requests exceed a shard's fair share is split by experiment: one command per experiment (`-e`), joined by `;` on its
shard's line. Run from where clem runs (the repository root); stdout has the commands alone, stderr each shard's
expected requests.
"""

import argparse
import os
import shlex
import sys
from collections import Counter
from pathlib import Path

import resume  # scripts/ is on sys.path when a script of it runs
import workload
from clemcore.clemgame import GameRegistry

RESUME_SCRIPT = Path(resume.__file__).resolve()


def options(args: argparse.Namespace) -> list[str]:
    """The run options every command of the pass repeats: models, results folder, instance file, generation."""
    line = ["-m", *args.models, "-r", str(args.results_dir)]
    for flag, value in (("-i", args.instances_filename), ("-t", args.temperature), ("-l", args.max_tokens)):
        if value is not None:
            line += [flag, str(value)]
    return line


def command(pieces: list[tuple[str, str | None]], args: argparse.Namespace) -> str:
    """One shard's line: the whole specs in one command, each split experiment in its own (`-e` applies to every
    spec of a clem run). Each `clem run` falls back on resume.py with the same selection when it exits non-zero:
    clemcore 3.7.2 fails at its start when it reads run.json while another process rewrites it, and the resume then
    plays what that clem run did not (never an episode already recorded)."""
    script = os.path.relpath(RESUME_SCRIPT) if RESUME_SCRIPT.is_relative_to(Path.cwd()) else str(RESUME_SCRIPT)
    whole = [game for game, experiment in pieces if experiment is None]
    selections = ([["-g", *whole]] if whole else []) + [
        ["-g", game, "-e", experiment] for game, experiment in pieces if experiment is not None
    ]
    resumes = [shlex.join(["python", script, *selection, *options(args)]) for selection in selections]
    if args.resume:
        return " ; ".join(resumes)
    return " ; ".join(
        f"{shlex.join(['clem', 'run', *selection, *options(args)])} || {fallback}"
        for selection, fallback in zip(selections, resumes)
    )


def episodes_to_play(args: argparse.Namespace) -> Counter:
    """{(spec, experiment): episodes} of the pass, or with --resume of what it has not recorded yet."""
    registry = GameRegistry.from_directories_and_cwd_files()
    if not registry:
        raise ValueError("no games here: run it where you run clem run (the repository root)")
    specs = resume.select_specs(registry, args.games)
    if args.resume:
        missing = resume.unfinished(resume.run_dir(args.results_dir, args.models), specs, args.instances_filename)
        return Counter((game, experiment) for game, episodes in missing.items() for experiment, _ in episodes)
    return Counter(
        (spec.game_name, experiment)
        for spec in specs
        for experiment, _ in resume.planned(spec, args.instances_filename)
    )


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--shards", type=positive, required=True, help="how many processes run at once")
    parser.add_argument("-m", "--models", nargs="+", required=True, help="the models, as given to clem run")
    parser.add_argument(
        "-g",
        "--games",
        nargs="+",
        help="specs or clem selectors (default: every spec clem finds here but the lite's samples)",
    )
    parser.add_argument("-r", "--results_dir", type=Path, default=Path("results"), help="default: results")
    parser.add_argument("-i", "--instances_filename", help="another instance file, as clem run -i")
    parser.add_argument("-t", "--temperature", type=float, help="as clem run -t")
    parser.add_argument("-l", "--max_tokens", type=int, help="as clem run -l")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="print resume.py commands over the episodes not yet recorded in the results folder",
    )
    parser.add_argument(
        "--player",
        default=workload.FALLBACK_PLAYER,
        choices=("ta-random", "ta-expert"),
        help="whose validation runs tell the requests per episode (default: ta-random)",
    )
    args = parser.parse_args(argv)
    try:
        episodes = episodes_to_play(args)
    except (ValueError, OSError) as error:  # an unknown spec, a missing instance file
        parser.error(str(error))
    if not episodes:
        print("nothing to play: every planned episode is recorded", file=sys.stderr)
        return 0
    work, estimated = workload.expected_requests(episodes, workload.load_validation(), args.player)
    shards = workload.split(work, args.shards)
    for _, pieces in shards:
        print(command(pieces, args))
    for number, (requests, pieces) in enumerate(shards):
        print(f"shard {number}: {len(pieces)} specs or experiments, {requests:,.0f} requests expected", file=sys.stderr)
    if len(shards) < args.shards:
        print(f"{len(shards)} shards: fewer specs and experiments than {args.shards}", file=sys.stderr)
    if estimated:
        print(f"estimated ({workload.ESTIMATE}): {', '.join(sorted(estimated))}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
