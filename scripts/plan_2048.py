"""The request cap and the instances per experiment of ta_2048, chosen from measured separation (issue 44; the
figures in docs/benchmark.md, "Instance counts"):

    clem run -g ta_2048 -m ta-expert -r RUN && clem run -g ta_2048 -m ta-random -r RUN
    python scripts/plan_2048.py RUN

A cap cuts an episode short without changing a move before it, so one run per player at a cap shows every lower
cap: an episode cut at C requests scores the largest tile of the board C moves in (the board its (C+1)-th request
shows), and costs the prompts of its first C requests. For each cap (multiples of 100 up to the run's longest
episode), each experiment gets the count of scripts/power.py's rule from its scores at that cap
(`experiment_counts`: the count that resolves three quarters of its gap where the run's instances can, else its
first instance alone), and the plan's cost is the random player's requests and prompt tokens over those instances.
The cap chosen is the cheapest plan (prompt tokens) among the caps at which every experiment kept at more than one
instance keeps at least 4/5 of the gap it shows at the run's cap: a lower cap is cheaper on the large boards,
where the random player plays as long as the expert, and takes the expert's lead on the 4x4 targets away.
"""

import argparse
import json
import math
import re
import statistics
import sys
from pathlib import Path

from power import experiment_counts  # scripts/ is on sys.path when a script of it runs

BOARD = re.compile(r"\+-+\+\n((?:\|[^\n]*\|\n)+)\+-+\+")
# The share of an experiment's gap at the run's cap that a lower cap must keep.
KEEP = 0.8
PLAYERS = ("ta-expert", "ta-random")


def largest_tile(text: str) -> int | None:
    """The largest tile of the last board the text shows."""
    boards = BOARD.findall(text)
    return (
        max(int(cell) for line in boards[-1].splitlines() for cell in line.strip("|").split() if cell != ".")
        if boards
        else None
    )


def episode(path: Path) -> dict:
    """One episode's largest tile after k moves (k = 0, 1, ...: the board each request shows), its final largest tile
    and target, and each request's prompt tokens."""
    interactions = json.loads(path.read_text(encoding="utf-8"))
    shown = [
        largest_tile(event["action"]["content"])
        for turn in interactions["turns"]
        for event in turn
        if event["from"] == "GM" and event["action"]["type"] == "send message"
    ]
    [prompts] = interactions["prompts"].values()
    return {
        "tiles": [tile for tile in shown if tile is not None],
        "final": interactions["tiles"]["max"],
        "target": interactions["tiles"]["target"],
        "tokens": prompts["tokens"],
    }


def read_run(run: Path) -> dict[str, dict[str, list[dict]]]:
    """{player: {experiment: [episode, ...] in game id order}} of a run of both players."""
    episodes = {}
    for player in PLAYERS:
        for path in sorted(run.glob(f"{player}/ta_2048/*/instance_*/interactions.json")):
            episodes.setdefault(player, {}).setdefault(path.parts[-3], []).append(episode(path))
    return episodes


def score(played: dict, cap: int) -> float:
    """The Main Score of the episode cut at `cap` requests (metrics.Game2048Scorer)."""
    tile = played["tiles"][cap] if cap < len(played["tiles"]) else played["final"]
    return 100.0 * min(1.0, (math.log2(tile) - 1) / (math.log2(played["target"]) - 1))


def at_cap(episodes: dict, cap: int) -> dict:
    """Per experiment at `cap`: the gap, the count the rule gives it and the random player's cost per episode."""
    scores = {
        player: {name: [score(played, cap) for played in runs] for name, runs in episodes[player].items()}
        for player in PLAYERS
    }
    shipped = min(len(runs) for runs in episodes["ta-random"].values())
    counts = experiment_counts(scores["ta-expert"], scores["ta-random"], shipped)
    return {
        name: {
            "gap": statistics.mean(scores["ta-expert"][name]) - statistics.mean(scores["ta-random"][name]),
            "count": counts[name],
            "requests": [min(len(played["tokens"]), cap) for played in episodes["ta-random"][name]],
            "tokens": [sum(played["tokens"][:cap]) for played in episodes["ta-random"][name]],
        }
        for name in counts
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="the results folder of a run of ta_2048 by ta-expert and ta-random")
    args = parser.parse_args(argv)
    episodes = read_run(args.run)
    longest = max(len(played["tokens"]) for runs in episodes.values() for each in runs.values() for played in each)
    caps = [*range(100, longest, 100), longest]
    figures = {cap: at_cap(episodes, cap) for cap in caps}
    full = figures[longest]
    names = list(full)
    print(f"{'cap':>5} {'requests':>8} {'tokens':>11}  kept  " + " ".join(f"{name:>10}" for name in names))
    eligible = {}
    for cap, experiments in figures.items():
        requests = sum(sum(cell["requests"][: cell["count"]]) for cell in experiments.values())
        tokens = sum(sum(cell["tokens"][: cell["count"]]) for cell in experiments.values())
        # an experiment with no gap at the run's cap keeps whatever it shows at this one
        kept = min(
            (
                cell["gap"] / full[name]["gap"] if full[name]["gap"] > 0 else math.inf
                for name, cell in experiments.items()
                if cell["count"] > 1
            ),
            default=0.0,
        )
        if kept >= KEEP:
            eligible[cap] = tokens
        cells = " ".join(f"{experiments[name]['gap']:5.1f} x{experiments[name]['count']:<3}" for name in names)
        print(f"{cap:5} {requests:8,} {tokens:11,} {kept:5.2f} {cells}")
    chosen = min(eligible, key=eligible.get)
    counts = {name: cell["count"] for name, cell in figures[chosen].items()}
    print(f"\ncap {chosen} (cheapest plan keeping {KEEP:g} of each kept experiment's gap): {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
