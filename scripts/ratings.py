"""Ratings from the results of games between seats: `python scripts/ratings.py RESULTS [RESULTS ...] [-o OUT]`.

Reads every `interactions.json` below the results folders that logs per-seat results (`seats`): pairings
(`clem run -g ta_<game> -m A B`), episodes against reference opponents (`ta_<game>_vs_<reference>`, where the
reference counts as a player named `reference: <name>`) and self-play. A `_vs_` variant counts as its base game.
Writes to OUT (default: the first results folder):

- `ratings.csv`: per game and over all games, each player's OpenSkill rating (Plackett-Luce: `mu` and its
  uncertainty `sigma`, and the conservative `ordinal` = mu - 3 sigma by which rows are ranked), its episodes and
  its points share (a win is 1, a draw 1/2);
- `win_rates.csv`: per game and over all games, the points share of each player against each other player, over
  the episodes where both played;
- `ratings.png`: mu ± 2 sigma per player, one panel per game and one over all games.

Self-play episodes (one model in every seat) say nothing about who is stronger and are skipped. Aborted episodes
count: the seat that broke the rules lost by forfeit. Episodes are rated in the order of their paths, so the same
folders always give the same ratings.
"""

import argparse
import csv
import json
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib
from openskill.models import PlackettLuce

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402

ALL_GAMES = "all games"
RANKS = {"win": 1, "draw": 2, "loss": 3}  # Plackett-Luce ranks: lower is better, equal ranks tie
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def contests(folders: list[Path]) -> list[tuple[str, dict[str, str]]]:
    """(game, {player: result}) for every episode between different players, in path order. A player in several
    seats (two copies of a reference) is ranked by its best seat."""
    episodes = []
    for path in sorted(path for folder in folders for path in folder.rglob("interactions.json")):
        interactions = json.loads(path.read_text(encoding="utf-8"))
        seats = interactions.get("seats")
        if not seats:
            continue
        results = {}
        for seat in seats.values():
            best = results.get(seat["model"])
            if best is None or RANKS[seat["result"]] < RANKS[best]:
                results[seat["model"]] = seat["result"]
        if len(results) > 1:
            episodes.append((interactions["meta"]["game_name"].split("_vs_")[0], results))
    return episodes


def rate(episodes: list[tuple[str, dict[str, str]]]) -> dict[str, dict[str, dict]]:
    """{game: {player: {"mu", "sigma", "ordinal", "episodes", "points share"}}}, with ALL_GAMES pooling all."""
    by_game = defaultdict(list)
    for game, results in episodes:
        by_game[game].append(results)
        by_game[ALL_GAMES].append(results)
    table = {}
    for game, games_results in by_game.items():
        model = PlackettLuce()
        ratings, points, counts = {}, defaultdict(float), defaultdict(int)
        for results in games_results:
            players = sorted(results)
            teams = [[ratings.setdefault(player, model.rating(name=player))] for player in players]
            rated = model.rate(teams, ranks=[RANKS[results[player]] for player in players])
            for player, (rating,) in zip(players, rated):
                ratings[player] = rating
                points[player] += POINTS[results[player]]
                counts[player] += 1
        table[game] = {
            player: {
                "mu": rating.mu,
                "sigma": rating.sigma,
                "ordinal": rating.ordinal(),
                "episodes": counts[player],
                "points share": points[player] / counts[player],
            }
            for player, rating in ratings.items()
        }
    return table


def win_rates(episodes: list[tuple[str, dict[str, str]]]) -> dict[str, dict[tuple[str, str], tuple[float, int]]]:
    """{game: {(player, opponent): (points share of player against opponent, episodes)}}."""
    tallies = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    for game, results in episodes:
        for player in results:
            for opponent in results:
                if player == opponent:
                    continue
                mine, theirs = RANKS[results[player]], RANKS[results[opponent]]
                for key in (game, ALL_GAMES):
                    tally = tallies[key][(player, opponent)]
                    tally[0] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
                    tally[1] += 1
    return {
        game: {pair: (total / count, count) for pair, (total, count) in pairs.items()}
        for game, pairs in tallies.items()
    }


def _games(table: dict) -> list[str]:
    return sorted(game for game in table if game != ALL_GAMES) + [ALL_GAMES]


def write_ratings(table: dict, path: Path):
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["game", "rank", "player", "mu", "sigma", "ordinal", "episodes", "points share"])
        for game in _games(table):
            ranked = sorted(table[game].items(), key=lambda item: (-item[1]["ordinal"], item[0]))
            for rank, (player, row) in enumerate(ranked, start=1):
                writer.writerow(
                    [
                        game,
                        rank,
                        player,
                        f"{row['mu']:.3f}",
                        f"{row['sigma']:.3f}",
                        f"{row['ordinal']:.3f}",
                        row["episodes"],
                        f"{row['points share']:.3f}",
                    ]
                )


def write_win_rates(rates: dict, path: Path):
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["game", "player", "opponent", "points share", "episodes"])
        for game in _games(rates):
            for (player, opponent), (share, count) in sorted(rates[game].items()):
                writer.writerow([game, player, opponent, f"{share:.3f}", count])


def plot(table: dict, path: Path):
    games = _games(table)
    height = sum(1 + len(table[game]) * 0.35 for game in games)
    figure, axes = plt.subplots(len(games), 1, figsize=(8, max(3.0, height)), squeeze=False)
    for axis, game in zip(axes[:, 0], games):
        ranked = sorted(table[game].items(), key=lambda item: item[1]["mu"])
        names = [player for player, _ in ranked]
        axis.errorbar(
            [row["mu"] for _, row in ranked],
            range(len(ranked)),
            xerr=[2 * row["sigma"] for _, row in ranked],
            fmt="o",
            capsize=3,
        )
        axis.set_yticks(range(len(ranked)), names)
        axis.set_title(game, fontsize=10)
        axis.grid(axis="x", alpha=0.3)
    axes[-1, 0].set_xlabel("OpenSkill rating: mu ± 2 sigma")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path, help="clem results folders")
    parser.add_argument("-o", "--out", type=Path, help="output folder (default: the first results folder)")
    args = parser.parse_args(argv)
    missing = [str(folder) for folder in args.results if not folder.is_dir()]
    if missing:
        parser.error(f"no such results folder: {', '.join(missing)}")
    episodes = contests(args.results)
    if not episodes:
        parser.error("no episode between different players found (self-play alone cannot rate players)")
    out = args.out or args.results[0]
    out.mkdir(parents=True, exist_ok=True)
    table = rate(episodes)
    write_ratings(table, out / "ratings.csv")
    write_win_rates(win_rates(episodes), out / "win_rates.csv")
    plot(table, out / "ratings.png")
    print(
        f"rated {len(episodes)} episodes of {len(table) - 1} games: {out / 'ratings.csv'}, "
        f"{out / 'win_rates.csv'}, {out / 'ratings.png'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
