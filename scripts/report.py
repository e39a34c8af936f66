"""Where each model stands: `python scripts/report.py RESULTS [RESULTS ...] [-o DIR] [--games GAME_DIR]`.

Reads scored clem runs (`clem run`, `clem score`; `clem transcribe` adds the transcripts the page links to) and
writes into DIR (default: `report` beside the first results folder):

- `report.csv`: a row per model and spec: its family and tier, clem's Main Score and % played, the score normalized
  between the references (100 x (score - random) / (expert - random), on the same instances) with its 95% bootstrap
  interval over the instances, and the episodes scored, aborted, failed and missing;
- `summary.csv`: per model, tier and family, and over all families, the mean and the median normalized score with
  their intervals, next to the clemscore as `clem eval` computes it;
- `index.html`: one page that opens offline: a chart per family, the wins, draws and losses of the `_vs_` specs, the
  aborted episodes with the rules broken (linked to a transcript), missing and failed episodes, and the head-to-head
  results and ratings where the runs hold pairings of models (scripts/ratings.py);
- `ratings.csv`, `win_rates.csv`: scripts/ratings.py's tables, where the runs hold pairings.

The references are `ta-random` (random legal play) and `ta-expert`. Their figures on the shipped instances are
docs/validation.json's; on other instances (a fresh draw, scripts/fresh_instances.py) the script plays them itself with
scripts/resume.py into DIR/references and reuses them there. A spec whose references are less than 10 points apart
on the model's instances, or that has no expert, shows its raw score, marked as not normalizable. docs/report.md says
how every figure is computed.
"""

import argparse
import base64
import csv
import hashlib
import io
import json
import math
import os
import re
import subprocess
import sys
import warnings
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import matplotlib
import numpy as np
import ratings
from build_clemgame import families
from clemscore import clemscore
from repository import REPO  # scripts/ is on sys.path when a script of it runs
from validate import clem
from workload import VALIDATION

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402

EXPERT, RANDOM = "ta-expert", "ta-random"
APART = 10.0  # the least gap between the references' mean scores that a normalized score divides by
RESAMPLES = 2000  # bootstrap resamples of the instances
LEVEL = 95  # % of the interval
LITE = "textarena-lite"  # a spec in the lite tier has it in its `benchmark` list
TEMPLATE = Path(__file__).with_name("report.html.j2")
# a chart draws normalized scores within these bounds; one beyond is drawn at the edge
CHART_LIMITS = (-50.0, 150.0)


@dataclass
class Episode:
    experiment: str
    game_id: int
    status: str  # scored, failed (error.json), unscored (no scores.json: run clem score), missing
    path: Path | None = None
    instance: dict | None = None
    score: float = math.nan  # clem's Main Score, NaN when aborted
    aborted: bool = False
    end_reason: str = ""
    invalid_moves: list[str] = field(default_factory=list)  # the rules broken, as the game master logged them
    result: str | None = None  # win, draw or loss of the model's seat against the references (`_vs_` specs)
    error: str = ""
    references: dict[str, float | None] = field(default_factory=dict)  # player: Main Score, None when aborted


@dataclass
class Row:
    model: str
    tier: str
    spec: str
    family: str
    episodes: list[Episode]
    main_score: float = math.nan
    played: float = math.nan
    score: float = math.nan  # normalized, or the raw score where not normalizable
    low: float = math.nan
    high: float = math.nan
    normalizable: bool = False
    note: str = ""  # why not normalizable
    boot: np.ndarray | None = None

    @property
    def scored(self) -> list[Episode]:
        return [episode for episode in self.episodes if episode.status == "scored"]

    def count(self, status: str) -> int:
        return sum(episode.status == status for episode in self.episodes)


# --- reading the runs ---


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def planned(game_dir: Path, entry: dict) -> list[tuple[str, int, dict]]:
    """(experiment, game_id, instance) of every instance of the spec's instance file, as `clem run` plays them."""
    data = read_json(game_dir / "in" / f"{entry['instances']}.json")
    return [
        (experiment["name"], instance["game_id"], instance)
        for experiment in data["experiments"]
        for instance in experiment["game_instances"]
    ]


def read_episode(path: Path, experiment: str, game_id: int) -> Episode:
    if not path.is_dir():
        return Episode(experiment, game_id, "missing")
    instance = read_json(path / "instance.json") if (path / "instance.json").exists() else None
    if (path / "error.json").exists():
        error = read_json(path / "error.json")
        message = f"{error.get('error', 'error')}: {error.get('message', '')}"
        return Episode(experiment, game_id, "failed", path, instance, error=message)
    if not (path / "interactions.json").exists():  # a stopped process left it unfinished
        return Episode(experiment, game_id, "missing", path, instance)
    if not (path / "scores.json").exists():
        return Episode(experiment, game_id, "unscored", path, instance)
    scores = read_json(path / "scores.json")["episode scores"]
    interactions = read_json(path / "interactions.json")
    model_seats = [seat for seat in (interactions.get("seats") or {}).values() if not seat["reference"]]
    return Episode(
        experiment,
        game_id,
        "scored",
        path,
        instance,
        score=scores["Main Score"],
        aborted=bool(scores["Aborted"]),
        end_reason=str(interactions.get("end reason", "")),
        invalid_moves=[
            str(event["action"]["content"])
            for turn in interactions["turns"]
            for event in turn
            if event["action"]["type"] == "invalid move"
        ],
        # against reference opponents the model has one seat
        result=model_seats[0]["result"] if len(model_seats) == 1 and len(interactions["seats"]) > 1 else None,
    )


def model_dirs(results: Path) -> list[Path]:
    """The folders of a results folder that hold episodes (clem names them by the models: `A`, `A--B`)."""
    return [path for path in sorted(results.iterdir()) if path.is_dir() and any(path.glob("*/*/instance_*"))]


def game_dir_of(results: Path, games: Path | None) -> Path:
    """Where the run's specs and instance files are: --games, else the results folder's parent where it has a
    clemgame.json (the repository, a fresh draw's folder), else the repository."""
    if games is not None:
        return games
    return results.resolve().parent if (results.resolve().parent / "clemgame.json").exists() else REPO


def episodes_of(spec_dir: Path, game_dir: Path, entry: dict | None) -> list[Episode]:
    """Every planned episode of the spec and every one recorded, in plan order (the recorded ones outside the plan,
    of another instance file, after them)."""
    plan = planned(game_dir, entry) if entry else []
    episodes, seen = [], set()
    for experiment, game_id, instance in plan:
        path = spec_dir / experiment / f"instance_{game_id:05d}"
        episode = read_episode(path, experiment, game_id)
        episode.instance = episode.instance or instance
        episodes.append(episode)
        seen.add(path)
    for path in sorted(spec_dir.glob("*/instance_*")):
        if path not in seen:
            episodes.append(read_episode(path, path.parent.name, int(path.name.removeprefix("instance_"))))
    return episodes


# --- what a spec is ---


class Catalogue:
    """The specs' families, tiers and references' figures: the repository's clemgame.json, shipped instances and
    docs/validation.json, and the game dirs' own clemgame.json."""

    def __init__(self):
        self.repo_entries = self.entries(REPO)
        self.families = families()
        self.validation = read_json(VALIDATION)["games"] if VALIDATION.exists() else {}
        self._shipped = {}

    @staticmethod
    def entries(game_dir: Path) -> dict[str, dict]:
        path = game_dir / "clemgame.json"
        return {entry["game_name"]: entry for entry in read_json(path)} if path.exists() else {}

    def reference_spec(self, entry: dict) -> str:
        """The spec whose references' figures hold for this one: the full spec a lite spec samples, else itself."""
        return entry.get("sample_of") or entry["game_name"]

    def family(self, entry: dict | None, entries: dict[str, dict]) -> str:
        if entry is None:
            return "unknown"
        if "sample_of" in entry and entry["sample_of"] in entries:
            return self.family(entries[entry["sample_of"]], entries)
        name = entry.get("base_game", entry["game_name"])
        if name in self.families:
            return self.families[name]
        # an entry written by hand: its master's module in games/ names its family
        module = entry.get("master", "").split(":")[0]
        return module.removeprefix("games.") if module.startswith("games.") else "other"

    @staticmethod
    def tier(entries: list[dict | None]) -> str:
        """A model folder's tier: lite where it holds a lite sample and nothing outside the lite tier (the lite plays
        some full specs whole, which alone do not tell a lite run from a full one)."""
        in_lite = [entry is not None and LITE in entry.get("benchmark", []) for entry in entries]
        sampled = any(entry is not None and "sample_of" in entry for entry in entries)
        return "lite" if sampled and all(in_lite) else "full"

    def players(self, spec: str) -> list[str]:
        """The references that play the spec: the expert only where the catalogue validated one (a spec it has not
        validated gets random play alone)."""
        validated = self.validation.get(spec, {RANDOM: None})
        return [player for player in (RANDOM, EXPERT) if player in validated]

    def shipped_figures(self, spec: str, episode: Episode) -> dict[str, float | None] | None:
        """{player: Main Score or None where aborted} of the references on the episode's instance as shipped, or
        None where the shipped set does not hold that instance (a fresh draw) or the catalogue has no figures."""
        entry = self.repo_entries.get(spec)
        if entry is None or spec not in self.validation:
            return None
        if entry["instances"] not in self._shipped:
            self._shipped[entry["instances"]] = {}
            data = read_json(REPO / "in" / f"{entry['instances']}.json")
            for experiment in data["experiments"]:
                ids = sorted(instance["game_id"] for instance in experiment["game_instances"])
                for instance in experiment["game_instances"]:
                    key = (experiment["name"], instance["game_id"])
                    self._shipped[entry["instances"]][key] = (ids.index(instance["game_id"]), instance)
        index, instance = self._shipped[entry["instances"]].get((episode.experiment, episode.game_id), (None, None))
        if instance is None or instance != episode.instance:
            return None
        return {
            player: self.validation[spec][player][episode.experiment]["scores"][index] for player in self.players(spec)
        }


# --- the references on instances the catalogue's figures do not cover ---


def references_dir(out: Path, game_dir: Path) -> Path:
    """The results folder of the references played on a game dir's instances (one per game dir, kept for reuse)."""
    return out / "references" / hashlib.sha256(str(game_dir.resolve()).encode()).hexdigest()[:12]


def play_references(out: Path, game_dir: Path, specs: dict[str, set[str]]):
    """Plays the references ({player: specs}) on every instance of the specs that they have not played yet in
    DIR/references (scripts/resume.py, in the game dir where clem finds the specs; one process per player, at once),
    then scores them."""
    results = references_dir(out, game_dir)
    processes = {}
    for player, names in specs.items():
        print(f"{player} plays {', '.join(sorted(names))} on instances the catalogue does not cover", file=sys.stderr)
        processes[player] = subprocess.Popen(
            [
                sys.executable,
                str(REPO / "scripts" / "resume.py"),
                "-m",
                player,
                "-g",
                *sorted(names),
                "-r",
                str(results),
            ],
            cwd=game_dir,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    for player, process in processes.items():
        _, stderr = process.communicate()
        if process.returncode not in (0, 1):  # 1: some episodes failed, which the rows report
            raise RuntimeError(f"scripts/resume.py -m {player} exited {process.returncode}: {stderr[-2000:]}")
    clem("score", "-r", str(results), cwd=game_dir)


def played_figures(out: Path, game_dir: Path, spec: str, episode: Episode, players: list[str]) -> dict:
    figures = {}
    for player in players:
        path = references_dir(out, game_dir) / player / spec / episode.experiment / f"instance_{episode.game_id:05d}"
        played = read_episode(path, episode.experiment, episode.game_id)
        if played.status != "scored":
            continue
        if played.instance != episode.instance:
            raise RuntimeError(f"{path} is another instance than the run's: remove {out / 'references'}")
        figures[player] = None if played.aborted else played.score
    return figures


# --- the figures ---


def counted(score: float | None) -> float:
    """An episode's score as the normalization counts it: an aborted episode counts 0, as in the clemscore."""
    return 0.0 if score is None or math.isnan(score) else score


def measure(row: Row, seed: int):
    """The row's clem figures, its normalized (or raw) score and the bootstrap over its scored episodes' instances."""
    scored = row.scored
    if not scored:
        row.note = "no scored episode"
        return
    values = [episode.score for episode in scored if not math.isnan(episode.score)]
    row.main_score = float(np.round(np.mean(values), 2)) if values else math.nan
    row.played = float(np.round(100 * np.mean([not episode.aborted for episode in scored]), 2))
    model = np.array([counted(episode.score) for episode in scored])
    indices = np.random.default_rng(seed).integers(0, len(model), (RESAMPLES, len(model)))
    row.note = reference_gap_note(scored)
    if row.note:
        row.score, row.boot = float(model.mean()), model[indices].mean(axis=1)
    else:
        expert = np.array([counted(episode.references[EXPERT]) for episode in scored])
        random = np.array([counted(episode.references[RANDOM]) for episode in scored])
        row.normalizable = True
        row.score = normalized(model.mean(), expert.mean(), random.mean())
        gaps = expert[indices].mean(axis=1) - random[indices].mean(axis=1)
        # a resample whose expert does not score above random has no normalized score: it is left out
        with np.errstate(divide="ignore", invalid="ignore"):
            row.boot = np.where(
                gaps > 0, 100 * (model[indices].mean(axis=1) - random[indices].mean(axis=1)) / gaps, np.nan
            )
    row.low, row.high = interval(row.boot)


def reference_gap_note(scored: list[Episode]) -> str:
    """Why the references cannot normalize the scores on these episodes' instances, or "" where they can."""
    missing = sum(not {EXPERT, RANDOM} <= episode.references.keys() for episode in scored)
    if all(EXPERT not in episode.references for episode in scored):
        return "no expert reference"
    if missing:
        return f"references missing on {missing} instances"
    expert = np.mean([counted(episode.references[EXPERT]) for episode in scored])
    random = np.mean([counted(episode.references[RANDOM]) for episode in scored])
    if expert - random < APART:
        return f"references {expert - random:.1f} apart (expert {expert:.1f}, random {random:.1f})"
    return ""


def normalized(score: float, expert: float, random: float) -> float:
    return float(100 * (score - random) / (expert - random))


def interval(boot: np.ndarray) -> tuple[float, float]:
    """The percentile interval of a bootstrap distribution (NaN where no resample has a value)."""
    if boot is None or np.isnan(boot).all():
        return math.nan, math.nan
    low, high = np.nanpercentile(boot, [(100 - LEVEL) / 2, 100 - (100 - LEVEL) / 2])
    return float(low), float(high)


def reference_clemscore(rows: list[Row], player: str) -> float:
    """The reference's clemscore on the same episodes (the instances the model has scored episodes of)."""
    return clemscore(
        [
            [episode.references[player] for episode in row.scored]
            for row in rows
            # a reference that did not play every instance is left out
            if all(player in episode.references for episode in row.scored)
        ]
    )


@dataclass
class Summary:
    model: str
    tier: str
    family: str
    specs: int
    normalized: int
    mean: tuple[float, float, float]  # estimate, low, high
    median: tuple[float, float, float]
    clemscore: float
    random_clemscore: float
    expert_clemscore: float
    episodes: int
    failed: int
    missing: int


def summarise(rows: list[Row], family: str) -> Summary:
    """The rows' mean and median normalized score, each with the interval of the same statistic over the rows'
    bootstrap resamples taken together (replicate k of every spec), and the clemscore."""
    normal = [row for row in rows if row.normalizable]
    if normal:
        boots = np.vstack([row.boot for row in normal])
        estimates = np.array([row.score for row in normal])
        # a replicate in which every spec's resample has no normalized score is NaN
        with warnings.catch_warnings(action="ignore", category=RuntimeWarning):
            mean = (float(estimates.mean()), *interval(np.nanmean(boots, axis=0)))
            median = (float(np.median(estimates)), *interval(np.nanmedian(boots, axis=0)))
    else:
        mean = median = (math.nan, math.nan, math.nan)
    first = rows[0]
    return Summary(
        first.model,
        first.tier,
        family,
        len(rows),
        len(normal),
        mean,
        median,
        clemscore([[None if e.aborted else e.score for e in row.scored] for row in rows]),
        reference_clemscore(rows, RANDOM),
        reference_clemscore(rows, EXPERT),
        sum(len(row.scored) for row in rows),
        sum(row.count("failed") for row in rows),
        sum(row.count("missing") + row.count("unscored") for row in rows),
    )


# --- the runs as rows ---


def read_runs(folders: list[Path], games: Path | None, out: Path, catalogue: Catalogue) -> list[Row]:
    """A row per model folder and spec of the results folders, its scored episodes given the references' figures on
    their instances (played first where the catalogue's figures do not cover them)."""
    names = Counter(path.name for results in folders for path in model_dirs(results))
    rows, pending = [], []
    for results in folders:
        game_dir = game_dir_of(results, games)
        entries = catalogue.entries(game_dir)
        for model_dir in model_dirs(results):
            # the same model in two results folders: its rows say which folder
            label = model_dir.name if names[model_dir.name] == 1 else f"{model_dir.name} ({results})"
            spec_dirs = sorted(path for path in model_dir.iterdir() if path.is_dir())
            tier = catalogue.tier([entries.get(spec_dir.name) for spec_dir in spec_dirs])
            for spec_dir in spec_dirs:
                entry = entries.get(spec_dir.name)
                reference = catalogue.reference_spec(entry) if entry else spec_dir.name
                episodes = episodes_of(spec_dir, game_dir, entry)
                for episode in episodes:
                    if episode.status != "scored":
                        continue
                    figures = catalogue.shipped_figures(reference, episode)
                    if figures is None and entry is not None:
                        pending.append((game_dir, spec_dir.name, episode, catalogue.players(reference)))
                    episode.references = figures or {}
                family = catalogue.family(entry, {**catalogue.repo_entries, **entries})
                rows.append(Row(label, tier, spec_dir.name, family, episodes))
    # the references' episodes DIR/references does not hold yet are played, once
    unplayed = {}
    for game_dir, spec, episode, players in pending:
        figures = played_figures(out, game_dir, spec, episode, players)
        for player in set(players) - figures.keys():
            unplayed.setdefault(game_dir, {}).setdefault(player, set()).add(spec)
    for game_dir, specs in unplayed.items():
        play_references(out, game_dir, specs)
    for game_dir, spec, episode, players in pending:
        episode.references = played_figures(out, game_dir, spec, episode, players)
    return sorted(rows, key=lambda row: (row.model, row.tier, row.family, row.spec))


def series(model: str, tier: str) -> str:
    """The model as the charts and tables name it: its runs of the lite tier apart."""
    return model if tier == "full" else f"{model} (lite)"


def label(row: Row) -> str:
    return series(row.model, row.tier)


def grouped(rows: list[Row]) -> dict[tuple[str, str], list[Row]]:
    groups = {}
    for row in rows:
        groups.setdefault((row.model, row.tier), []).append(row)
    return groups


def summaries(rows: list[Row]) -> list[Summary]:
    """Per model and tier: over all families first, then per family."""
    result = []
    for group in grouped(rows).values():
        result.append(summarise(group, "all"))
        for family in sorted({row.family for row in group}):
            result.append(summarise([row for row in group if row.family == family], family))
    return result


def rule(reason: str) -> str:
    """A broken rule as the game master logged it, its numbers (a cell, a player, a bid) made one pattern."""
    return re.sub(r"\d+", "#", reason.strip())[:200]


def rules_broken(row: Row, out: Path) -> list[dict]:
    """The rules broken in the row's scored episodes: how often (warned or not), how many episodes each ended as
    Aborted, and an example episode (the first it ended, else the first it was broken in) with its transcript where
    `clem transcribe` wrote one."""
    tally = {}
    for episode in row.scored:
        for move in episode.invalid_moves:
            entry = tally.setdefault(rule(move), {"rule": rule(move), "moves": 0, "aborted": 0, "example": episode})
            entry["moves"] += 1
        if episode.aborted:
            name = ended_by(episode)
            entry = tally.setdefault(name, {"rule": name, "moves": 0, "aborted": 0, "example": episode})
            entry["example"] = episode if entry["aborted"] == 0 else entry["example"]
            entry["aborted"] += 1
    for entry in tally.values():
        entry["example"] = example(entry["example"], out)
    return sorted(tally.values(), key=lambda entry: (-entry["aborted"], -entry["moves"], entry["rule"]))


def ended_by(episode: Episode) -> str:
    """The rule an aborted episode ended on: the invalid move its end reason quotes (TextArena words the two
    differently: `Invalid Move: The cell ...` ends what `The cell ...` warned), else the end reason itself."""
    quoted = [move for move in episode.invalid_moves if move.strip() and move.strip() in episode.end_reason]
    return rule(quoted[-1] if quoted else episode.end_reason)


def example(episode: Episode, out: Path) -> dict:
    transcript = episode.path / "transcript.html"
    return {
        "name": f"{episode.experiment} {episode.game_id}",
        "href": os.path.relpath(transcript, out) if transcript.exists() else None,
    }


def outcomes(row: Row) -> dict:
    """Wins, draws and losses of the model's seat against the references (losses by a broken rule apart)."""
    results = Counter(episode.result for episode in row.scored)
    return {
        "win": results["win"],
        "draw": results["draw"],
        "loss": results["loss"],
        "aborted": sum(episode.aborted for episode in row.scored),
        "episodes": len(row.scored),
    }


# --- the page ---


def colours(rows: list[Row]) -> dict[str, str]:
    palette = plt.get_cmap("tab10").colors
    return {name: matplotlib.colors.to_hex(palette[i % 10]) for i, name in enumerate(sorted({label(r) for r in rows}))}


@dataclass
class Point:
    """One estimate a chart draws: its line (a spec, a family), its series (a model) and its interval."""

    line: str
    series: str
    estimate: float
    low: float
    high: float


def chart(points: list[Point], colour: dict[str, str], what: str) -> str:
    """Normalized scores, a line each with a marker and interval per model, as inline SVG ("" without points)."""
    if not points:
        return ""
    lines = sorted({point.line for point in points})
    names = sorted({point.series for point in points})
    low, high = CHART_LIMITS
    with plt.rc_context({"svg.fonttype": "none", "font.size": 9}):  # text stays text: smaller, searchable
        figure, axis = plt.subplots(figsize=(8, 0.9 + len(lines) * (0.1 + 0.14 * len(names))))
        for k, name in enumerate(names):
            mine = [point for point in points if point.series == name]
            offset = (k - (len(names) - 1) / 2) * min(0.8 / len(names), 0.25)
            ys = [lines.index(point.line) + offset for point in mine]
            estimates = np.array([point.estimate for point in mine])
            xs = np.clip(estimates, low, high)
            # an interval no resample gave is drawn as the estimate alone
            lows = np.clip([p.estimate if math.isnan(p.low) else p.low for p in mine], low, high)
            highs = np.clip([p.estimate if math.isnan(p.high) else p.high for p in mine], low, high)
            # the interval as it is (a bootstrap's percentiles need not hold the estimate), with end marks
            axis.hlines(ys, lows, highs, color=colour[name], lw=1)
            axis.plot([*lows, *highs], [*ys, *ys], "|", ms=5, color=colour[name])
            # an estimate beyond the limits points out of the chart from its edge
            for marker, where in (("o", (low <= estimates) & (estimates <= high)), ("<", estimates < low),
                                  (">", estimates > high)):  # fmt: skip
                axis.plot(xs[where], np.array(ys)[where], marker, ms=4 if marker == "o" else 6, color=colour[name])
            axis.plot([], [], "o", ms=4, color=colour[name], label=name)
        axis.axvline(0, color="#999", lw=0.8, ls="--")
        axis.axvline(100, color="#999", lw=0.8, ls="--")
        axis.set_yticks(range(len(lines)), lines)
        axis.set_ylim(len(lines) - 0.5, -0.5)
        extremes = [value for p in points for value in (p.estimate, p.low, p.high) if not math.isnan(value)]
        axis.set_xlim(max(low, min(-5.0, *extremes)) - 3, min(high, max(105.0, *extremes)) + 3)
        axis.set_xlabel(f"{what} (0 random legal play, 100 expert), {LEVEL}% interval")
        axis.grid(axis="x", alpha=0.3)
        axis.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=min(4, len(names)), frameon=False)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", bbox_inches="tight")
        plt.close(figure)
    svg = buffer.getvalue()
    return svg[svg.index("<svg") :]  # inline: without the XML declaration and doctype


def family_chart(rows: list[Row], colour: dict[str, str]) -> str:
    points = [Point(row.spec, label(row), row.score, row.low, row.high) for row in rows if row.normalizable]
    return chart(points, colour, "normalized score")


def overview_chart(summary: list[Summary], colour: dict[str, str]) -> str:
    points = [
        Point(item.family, series(item.model, item.tier), *item.mean)
        for item in summary
        if item.family != "all" and item.normalized
    ]
    return chart(points, colour, "mean normalized score of the family's specs")


def ratings_section(folders: list[Path], out: Path) -> dict | None:
    """Head-to-head results and ratings (scripts/ratings.py) where the runs hold pairings of models: episodes with
    two models or more at the table (the reference opponents of `_vs_` episodes rate beside them)."""
    contests = ratings.contests(folders)
    if not any(sum(not player.startswith("reference: ") for player in results) > 1 for _, results in contests):
        return None
    table, rates = ratings.rate(contests), ratings.win_rates(contests)
    ratings.write_ratings(table, out / "ratings.csv")
    ratings.write_win_rates(rates, out / "win_rates.csv")
    buffer = io.BytesIO()
    ratings.plot(table, buffer)
    overall = table[ratings.ALL_GAMES]
    players = sorted(overall, key=lambda player: (-overall[player]["ordinal"], player))
    shares = rates[ratings.ALL_GAMES]
    return {
        "games": len(table) - 1,
        "episodes": len(contests),
        "ratings": [{"player": player, **overall[player]} for player in players],
        "players": players,
        "shares": {pair: {"share": share, "episodes": count} for pair, (share, count) in shares.items()},
        "plot": base64.b64encode(buffer.getvalue()).decode("ascii"),
    }


def render(rows: list[Row], summary: list[Summary], folders: list[Path], out: Path) -> str:
    colour = colours(rows)
    by_family = {}
    for row in rows:
        by_family.setdefault(row.family, []).append(row)
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True)
    environment.filters["num"] = (
        lambda value, digits=1: "–" if value is None or math.isnan(value) else f"{value:.{digits}f}"
    )
    return environment.from_string(TEMPLATE.read_text(encoding="utf-8")).render(
        folders=[str(folder) for folder in folders],
        models=sorted({label(row) for row in rows}),
        tiers=sorted({row.tier for row in rows}),
        colour=colour,
        overall=[item for item in summary if item.family == "all"],
        overview=overview_chart(summary, colour),
        series=series,
        families=[
            {
                "name": family,
                "summary": [item for item in summary if item.family == family],
                "rows": family_rows,
                "chart": family_chart(family_rows, colour),
            }
            for family, family_rows in sorted(by_family.items())
        ],
        contests=[(row, outcomes(row)) for row in rows if "_vs_" in row.spec and row.scored],
        # the specs where points were lost, the most aborted first
        lost=[
            (row, rules)
            for row in sorted(rows, key=lambda row: (row.model, -aborted_share(row), row.spec))
            if (rules := rules_broken(row, out))
        ],
        incomplete=[row for row in rows if len(row.scored) < len(row.episodes)],
        first_error=first_error,
        pairings=ratings_section(folders, out),
        label=label,
        apart=APART,
        level=LEVEL,
        resamples=RESAMPLES,
        limits=CHART_LIMITS,
    )


def aborted_share(row: Row) -> float:
    return 0.0 if math.isnan(row.played) else 100 - row.played


def first_error(row: Row) -> str:
    return next((episode.error for episode in row.episodes if episode.status == "failed"), "")


# --- the files ---


def number(value: float, digits: int) -> str:
    return "" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def write_rows(rows: list[Row], path: Path):
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(
            ["model", "tier", "game", "family", "Main Score", "% played", "normalized score", "low", "high",
             "normalizable", "episodes", "aborted", "failed", "missing"]
        )  # fmt: skip
        for row in rows:
            writer.writerow(
                [row.model, row.tier, row.spec, row.family, number(row.main_score, 2), number(row.played, 2),
                 number(row.score, 1), number(row.low, 1), number(row.high, 1), row.note or "yes", len(row.scored),
                 sum(episode.aborted for episode in row.scored), row.count("failed"),
                 row.count("missing") + row.count("unscored")]
            )  # fmt: skip


def write_summary(summary: list[Summary], path: Path):
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(
            ["model", "tier", "family", "specs", "normalized specs", "mean", "mean low", "mean high", "median",
             "median low", "median high", "clemscore", "random clemscore", "expert clemscore", "episodes", "failed",
             "missing"]
        )  # fmt: skip
        for item in summary:
            writer.writerow(
                [item.model, item.tier, item.family, item.specs, item.normalized,
                 *(number(value, 1) for value in (*item.mean, *item.median)), number(item.clemscore, 2),
                 number(item.random_clemscore, 2), number(item.expert_clemscore, 2), item.episodes, item.failed,
                 item.missing]
            )  # fmt: skip


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="+", type=Path, help="scored clem results folders")
    parser.add_argument("-o", "--out", type=Path, help="output folder (default: `report` beside the first results)")
    parser.add_argument(
        "--games",
        type=Path,
        help="the folder of the run's clemgame.json and in/ (default: the results folder's parent where it has a "
        "clemgame.json, else the repository)",
    )
    args = parser.parse_args(argv)
    missing = [str(folder) for folder in args.results if not folder.is_dir()]
    if missing:
        parser.error(f"no such results folder: {', '.join(missing)}")
    out = (args.out or args.results[0].resolve().parent / "report").resolve()
    out.mkdir(parents=True, exist_ok=True)
    try:
        rows = read_runs(args.results, args.games, out, Catalogue())
    except (OSError, RuntimeError, ValueError, KeyError) as error:
        print(f"report not written: {error}", file=sys.stderr)
        return 1
    if not rows:
        parser.error(f"no episodes in {', '.join(map(str, args.results))} (clem run writes them there)")
    for row in rows:
        measure(row, zlib.crc32(f"{row.model}\t{row.spec}".encode()))
    summary = summaries(rows)
    write_rows(rows, out / "report.csv")
    write_summary(summary, out / "summary.csv")
    (out / "index.html").write_text(render(rows, summary, args.results, out), encoding="utf-8")
    counts = Counter(episode.status for row in rows for episode in row.episodes)
    print(
        f"{len(grouped(rows))} models, {len(rows)} rows, {counts['scored']:,} episodes scored, {counts['failed']} "
        f"failed, {counts['missing']} missing, {counts['unscored']} not scored: {out / 'index.html'}"
    )
    if counts["unscored"]:
        print("some episodes have no scores.json: run `clem score` first", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
