"""Plays every game with the programmatic players and the mock model through `clem run` and `clem score`, and
writes the mean Main Score and % played per game, experiment and player to docs/validation.json.

    python scripts/validate.py [game ...]        (from the repository root, in the project's environment)
    python scripts/validate.py --full-view       (ta-random in the full view: what a whole conversation costs)

`ta-expert` plays the games whose players have an expert (and their `_vs_` variants); `ta-random`,
`ta-format-breaker` and `mock` play all. In games between seats, the player takes every seat of the game itself
(self-play) and the model's seat of each `_vs_<reference>` variant.
The catalogue (scripts/catalogue.py) shows these figures.
"""

import argparse
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from catalogue import judge_separations, separation_summary  # scripts/ is on sys.path when a script of it runs
from full_history import with_view
from repository import REPO
from workload import VALIDATION

import ta_players
from instancegenerator import load_specs
from runtime.availability import unavailable_reason

PLAYERS = ("ta-expert", "ta-random", "ta-format-breaker", "mock")


def clem(*args: str, cwd: Path = REPO):
    clem_script = Path(sys.executable).parent / "clem"
    process = subprocess.run([str(clem_script), *args], cwd=cwd, capture_output=True, text=True)
    if process.returncode != 0:
        raise RuntimeError(f"clem {' '.join(args)} exited {process.returncode}:\n{process.stderr[-2000:]}")


def expert_games(specs) -> set[str]:
    experts = {players.game for players in ta_players.GAMES.values() if players.has_expert}
    return {spec.game_name for spec in specs if getattr(spec, "base_game", spec.game_name) in experts}


def summarise(results: Path, model_dir: str) -> dict:
    """{game: {experiment: {"episodes", "played", "main score", "errors", "prompt tokens", "requests", "scores"}}}
    from a scored results folder. `prompt tokens`: the largest prompt of any request (`max`), and per episode the
    prompts summed (`mean`, `max` and `total` over the episodes), in o200k_base tokens. `requests`: the model calls of
    the recorded episodes, every seat's and the judge's (budget.py and shards.py read them). `scores`: each episode's
    Main Score in instance order, None where it has none (aborted, failed): scripts/separation.py pairs them across
    players."""
    summary = {}
    for instance_dir in sorted((results / model_dir).glob("*/*/instance_*")):
        game, experiment = instance_dir.parts[-3], instance_dir.parts[-2]
        cell = summary.setdefault(game, {}).setdefault(
            experiment,
            {"episodes": 0, "errors": 0, "_played": [], "scores": [], "_largest": [], "_sums": [], "requests": 0},
        )
        cell["episodes"] += 1
        scores_file = instance_dir / "scores.json"
        if (instance_dir / "error.json").exists() or not scores_file.exists():
            cell["errors"] += 1
            cell["scores"].append(None)
            continue
        cell["requests"] += requests(json.loads((instance_dir / "interactions.json").read_text()))
        scores = json.loads(scores_file.read_text())["episode scores"]
        cell["_played"].append(1 - scores["Aborted"])
        cell["scores"].append(None if math.isnan(scores["Main Score"]) else scores["Main Score"])
        if "Prompt Tokens Max" in scores:
            cell["_largest"].append(scores["Prompt Tokens Max"])
            cell["_sums"].append(scores["Prompt Tokens Sum"])
    for experiments in summary.values():
        for cell in experiments.values():
            played, scores = cell.pop("_played"), [score for score in cell["scores"] if score is not None]
            largest, sums = cell.pop("_largest"), cell.pop("_sums")
            cell["played"] = round(100 * sum(played) / len(played), 1) if played else None
            cell["main score"] = round(sum(scores) / len(scores), 1) if scores else None
            cell["prompt tokens"] = (
                {
                    "max": max(largest),
                    "episode mean": round(sum(sums) / len(sums)),
                    "episode max": max(sums),
                    "total": sum(sums),
                }
                if sums
                else None
            )
    return summary


def requests(interactions: dict) -> int:
    """The episode's model calls: one prompt size is logged per call, per seat and for the judge (ta_master)."""
    return sum(len(sizes["chars"]) for sizes in interactions["prompts"].values())


def full_view_copy(tmp: Path) -> Path:
    """A copy of the game directory whose instance files play every experiment in the full view."""
    game_dir = tmp / "full_view"
    shutil.copytree(
        REPO, game_dir, ignore=shutil.ignore_patterns(".*", "results", "docs", "tests", "__pycache__", "*.egg-info")
    )
    for path in (game_dir / "in").glob("*.json"):
        path.write_text(json.dumps(with_view(json.loads(path.read_text()), "full")))
    return game_dir


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games of clemgame.json (default: all)")
    parser.add_argument(
        "--full-view",
        action="store_true",
        help="measure the full view (clem's whole conversation) with ta-random instead",
    )
    args = parser.parse_args(argv)
    specs = [spec for spec in load_specs() if not args.games or spec.game_name in args.games]
    playable = [spec.game_name for spec in specs if unavailable_reason(spec) is None]
    validation = json.loads(VALIDATION.read_text()) if VALIDATION.exists() else {}
    section = "full view" if args.full_view else "games"
    if not args.games:
        validation[section] = {}
    players = ("ta-random",) if args.full_view else PLAYERS

    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        game_dir = full_view_copy(Path(tmp)) if args.full_view else REPO

        def validate(model: str) -> dict:
            games = [game for game in playable if model != "ta-expert" or game in expert_games(specs)]
            if not games:
                return {}
            print(f"{model}: {len(games)} games", file=sys.stderr)
            results = Path(tmp) / model
            clem("run", "-g", *games, "-m", model, "-r", str(results), cwd=game_dir)
            clem("score", "-r", str(results), cwd=game_dir)
            return summarise(results, model)

        # one clem process per player, as many at once as the machine has cores
        for model, summary in zip(players, pool.map(validate, players)):
            for game, experiments in summary.items():
                validation[section].setdefault(game, {})[model] = experiments
    validation["machine"] = f"Python {platform.python_version()}, {platform.machine()}"
    VALIDATION.write_text(json.dumps(validation, indent=1, sort_keys=True) + "\n")
    errors = [
        (game, model)
        for game, models in validation[section].items()
        for model, experiments in models.items()
        if any(cell["errors"] for cell in experiments.values())
    ]
    if errors:
        print(f"episodes failed: {errors}", file=sys.stderr)
    if not args.full_view:
        print_separation(validation[section])
    return 1 if errors else 0


def print_separation(validation: dict):
    """What the runs in docs/validation.json say of strong and random play, as docs/catalogue.md will show it once
    `python scripts/catalogue.py` has rewritten it."""
    specs = load_specs()
    print("\n".join(separation_summary(specs, judge_separations(specs, validation))))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
