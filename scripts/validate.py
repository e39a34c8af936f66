"""Plays every game with the programmatic players and the mock model through `clem run` and `clem score`, and
writes the mean Main Score and % played per game, experiment and player to docs/validation.json.

    python scripts/validate.py [game ...]        (from the repository root, in the project's environment)

`ta-expert` plays the games whose players have an expert (and their `_vs_` variants); `ta-random`,
`ta-format-breaker` and `mock` play all. In games between seats, the player takes every seat of the game itself
(self-play) and the model's seat of each `_vs_<reference>` variant.
The catalogue (scripts/catalogue.py) shows these figures.
"""
import json
import math
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import ta_players  # noqa: E402
from instancegenerator import load_specs  # noqa: E402
from ta_master import unavailable_reason  # noqa: E402

VALIDATION = REPO / "docs" / "validation.json"
PLAYERS = ("ta-expert", "ta-random", "ta-format-breaker", "mock")


def clem(*args: str):
    clem_script = Path(sys.executable).parent / "clem"
    process = subprocess.run([str(clem_script), *args], cwd=REPO, capture_output=True, text=True)
    if process.returncode != 0:
        raise RuntimeError(f"clem {' '.join(args)} exited {process.returncode}:\n{process.stderr[-2000:]}")


def expert_games(specs) -> set[str]:
    experts = {players.game for players in ta_players.GAMES.values() if players.has_expert}
    return {spec.game_name for spec in specs if getattr(spec, "base_game", spec.game_name) in experts}


def summarise(results: Path, model_dir: str) -> dict:
    """{game: {experiment: {"episodes", "played", "main score", "errors"}}} from a scored results folder."""
    summary = {}
    for instance_dir in sorted((results / model_dir).glob("*/*/instance_*")):
        game, experiment = instance_dir.parts[-3], instance_dir.parts[-2]
        cell = summary.setdefault(game, {}).setdefault(experiment, {"episodes": 0, "errors": 0, "_played": [],
                                                                    "_scores": []})
        cell["episodes"] += 1
        scores_file = instance_dir / "scores.json"
        if (instance_dir / "error.json").exists() or not scores_file.exists():
            cell["errors"] += 1
            continue
        scores = json.loads(scores_file.read_text())["episode scores"]
        cell["_played"].append(1 - scores["Aborted"])
        if not math.isnan(scores["Main Score"]):
            cell["_scores"].append(scores["Main Score"])
    for experiments in summary.values():
        for cell in experiments.values():
            played, scores = cell.pop("_played"), cell.pop("_scores")
            cell["played"] = round(100 * sum(played) / len(played), 1) if played else None
            cell["main score"] = round(sum(scores) / len(scores), 1) if scores else None
    return summary


def main(game_names: list[str]) -> int:
    specs = [spec for spec in load_specs() if not game_names or spec.game_name in game_names]
    playable = [spec.game_name for spec in specs if unavailable_reason(spec) is None]
    validation = json.loads(VALIDATION.read_text()) if VALIDATION.exists() and game_names else {"games": {}}
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "results"
        for model in PLAYERS:
            games = [game for game in playable if model != "ta-expert" or game in expert_games(specs)]
            if not games:
                continue
            print(f"{model}: {len(games)} games", file=sys.stderr)
            clem("run", "-g", *games, "-m", model, "-r", str(results))
            clem("score", "-r", str(results))
            for game, experiments in summarise(results, model).items():
                validation["games"].setdefault(game, {})[model] = experiments
    validation["machine"] = f"Python {platform.python_version()}, {platform.machine()}"
    VALIDATION.write_text(json.dumps(validation, indent=1, sort_keys=True) + "\n")
    errors = [(game, model) for game, models in validation["games"].items() for model, experiments in models.items()
              if any(cell["errors"] for cell in experiments.values())]
    if errors:
        print(f"episodes failed: {errors}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
