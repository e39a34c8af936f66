"""Splits a pass into N shards of about equal expected requests, by episode, and prints one command per shard, for a
launcher or a job array to run at once into one results folder (docs/benchmark.md, "A pass over the catalogue"):

    python scripts/shards.py -n N -m MODEL [MODEL ...] [-g SPEC ...] [-r RESULTS] [-i INSTANCES] [-t T] [-l L]
                             [--player ta-random|ta-expert] [--task I | --resume]
    python scripts/shards.py -n 8 -m gpt-4o-mini | xargs -d '\\n' -P 8 -I{} sh -c {}
    python scripts/shards.py -n 8 -m gpt-4o-mini | parallel -j 8
    line=$(python scripts/shards.py -n 64 -m gpt-4o-mini --task $SLURM_ARRAY_TASK_ID) && eval "$line"  # array 0-63

Line K (from 0) is `python scripts/resume.py --shard K/N <the selection and options>`: it plays the episodes of shard
K that the results folder has not recorded, with clem's runner, each where one `clem run` of the pass would record it
(resume.py). So a line is its shard's run and its resume: run again, it plays what it left (a kill, a failed
request), and it starts clem again when clem fails at its start (clemcore 3.7.2 reads run.json, which another
process may be rewriting). `--task I` prints line I alone (0 to N-1; nothing when shard I is empty, which it is
only with fewer episodes than shards); `--resume` prints the lines of the shards with episodes not yet recorded.

The shards hold the planned episodes (the instances of the specs' instance files, `-i` another) of the selection
(`-g`: names, or clem's selectors such as "{'benchmark':['textarena-lite']}"), each episode once, balanced by their
expected requests: their experiment's requests per episode in the validation runs (scripts/workload.py), longest
first into the lightest shard. Every process computes the same split from the same repository and options. Run from
where clem runs (the repository root); stdout has the commands alone, stderr each shard's expected requests.
"""

import argparse
import os
import shlex
import sys
from pathlib import Path

import resume  # scripts/ is on sys.path when a script of it runs
import workload
from clemcore.clemgame import GameRegistry

RESUME_SCRIPT = Path(resume.__file__).resolve()


def options(args: argparse.Namespace) -> list[str]:
    """What every line repeats: the selection, models, results folder, instance file, generation and the player
    whose requests weigh the episodes (the split must be the same in every process)."""
    line = (["-g", *args.games] if args.games else []) + ["-m", *args.models, "-r", str(args.results_dir)]
    for flag, value in (("-i", args.instances_filename), ("-t", args.temperature), ("-l", args.max_tokens)):
        if value is not None:
            line += [flag, str(value)]
    return line + ["--player", args.player]


def command(shard: int, args: argparse.Namespace) -> str:
    script = os.path.relpath(RESUME_SCRIPT) if RESUME_SCRIPT.is_relative_to(Path.cwd()) else str(RESUME_SCRIPT)
    return shlex.join(["python", script, "--shard", f"{shard}/{args.shards}", *options(args)])


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
        help="specs or clem's selectors (default: every spec clem finds here but the lite's samples)",
    )
    parser.add_argument("-r", "--results_dir", type=Path, default=Path("results"), help="default: results")
    parser.add_argument("-i", "--instances_filename", help="another instance file, as clem run -i")
    parser.add_argument("-t", "--temperature", type=float, help="as clem run -t")
    parser.add_argument("-l", "--max_tokens", type=int, help="as clem run -l")
    parser.add_argument(
        "--player",
        default=workload.FALLBACK_PLAYER,
        choices=("ta-random", "ta-expert"),
        help="whose validation runs tell the requests per episode (default: ta-random)",
    )
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--task", type=int, help="print line I alone (0 to N-1): a job array's task index")
    what.add_argument(
        "--resume", action="store_true", help="print the lines of the shards with episodes not yet recorded"
    )
    args = parser.parse_args(argv)
    if args.task is not None and not 0 <= args.task < args.shards:
        parser.error(f"--task from 0 to {args.shards - 1}, not {args.task}")
    registry = GameRegistry.from_directories_and_cwd_files()
    if not registry:
        parser.error("no games here: run it where you run clem run (the repository root)")
    try:
        episodes = resume.plan(resume.select_specs(registry, args.games), args.instances_filename)
    except (ValueError, OSError) as error:  # an unknown spec, a missing instance file
        parser.error(str(error))
    work, estimated = workload.expected_requests(episodes, workload.load_validation(), args.player)
    shards = workload.split(work, args.shards)
    if args.task is not None and args.task >= len(shards):
        print(f"shard {args.task} is empty: {len(work):,} episodes in {args.shards} shards", file=sys.stderr)
        return 0
    left = set(work)
    if args.resume:
        missing = resume.unfinished(resume.run_dir(args.results_dir, args.models), episodes)
        left = {(game, experiment, game_id) for game, each in missing.items() for experiment, game_id in each}
    for shard in range(len(shards)) if args.task is None else [args.task]:
        playing = [episode for episode in shards[shard][1] if episode in left]
        if playing:
            print(command(shard, args))
            print(
                f"shard {shard}: {len(playing):,} episodes{' not yet recorded' if args.resume else ''}, "
                f"{sum(work[episode] for episode in playing):,.0f} requests expected",
                file=sys.stderr,
            )
    if args.resume and not left:
        print("nothing to play: every planned episode is recorded", file=sys.stderr)
    elif args.task is None and not args.resume and shards:
        print(f"{len(shards)} shards: {workload.balance(work, shards, args.shards)}", file=sys.stderr)
    if estimated:
        print(f"estimated ({workload.ESTIMATE}): {', '.join(sorted(estimated))}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
