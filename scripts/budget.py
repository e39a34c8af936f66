"""What a planned run will send to a model and how long it takes, before anyone pays for it: per game, its view, its
episodes, its requests, the largest prompt of a request and the prompts summed over one pass over its shipped
instances, in OpenAI's o200k_base tokens, from the validation runs of the programmatic players (docs/validation.json,
scripts/validate.py); then the pass's wall clock at a given time per request, with one process and with as many as
`--concurrency` says: split by episode as scripts/shards.py splits it, the largest shard sets the time, and beside it
its ratio to a perfect split (total / N), or that a single episode sets it (one episode cannot be split).

    python scripts/budget.py [-g SPEC ...] [--player ta-random|ta-expert] [--view default|full]
                             [--price-per-million X] [--context 8192]
                             [--seconds-per-request 1.5] [--concurrency 1 16]

The programmatic players stand in for a model: a model's replies are longer than theirs (a move, not a paragraph), and
in the full view every reply is sent again at every later request, so real prompts there are larger. In the bounded
views (the defaults) a model's replies are never sent again, and the figures hold for any model that plays as long.
Requests count every model call (the judge's in the LLM-judged games too; their prompt tokens are counted apart, not
here); where the chosen player's runs did not count them, the random player's stand in (marked ~, scripts/workload.py).
The wall clock is requests times seconds per request: a hosted model's latency, which dominates (the game's own time
is about a millisecond a request, docs/benchmark.md); a rate limit shared by the processes is not modelled.
"""

import argparse
import json
import sys
from collections import Counter

import workload  # scripts/ is on sys.path when a script of it runs
from repository import REPO


def game_figures(validation: dict, game: str, player: str, view: str) -> dict | None:
    """Episodes, largest prompt and summed prompts of one pass over the game's instances, or None if not measured."""
    games = validation["games"] if view == "default" else validation.get("full view", {})
    experiments = games.get(game, {}).get(player)
    cells = [cell["prompt tokens"] for cell in (experiments or {}).values() if cell.get("prompt tokens")]
    if not cells:
        return None
    return {
        "episodes": sum(cell["episodes"] for cell in experiments.values()),
        "largest": max(cell["max"] for cell in cells),
        "episode max": max(cell["episode max"] for cell in cells),
        "total": sum(cell["total"] for cell in cells),
    }


def positive(kind):
    def parse(text: str):
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value

    return parse


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "-g",
        "--games",
        nargs="*",
        help="specs of clemgame.json or clem's selectors, as for clem run (default: all measured but the lite's samples)",
    )
    parser.add_argument("--player", default="ta-random", choices=("ta-random", "ta-expert"))
    parser.add_argument("--view", default="default", choices=("default", "full"))
    parser.add_argument("--price-per-million", type=float, help="the model's price per million prompt tokens")
    parser.add_argument(
        "--context",
        type=int,
        help="flag the games whose largest prompt leaves less than 2,048 "
        "tokens for the reply in a context of this many tokens",
    )
    parser.add_argument(
        "--seconds-per-request",
        type=positive(float),
        default=1.5,
        help="the model's time per request, reply included (default 1.5)",
    )
    parser.add_argument(
        "--concurrency",
        type=positive(int),
        nargs="+",
        default=[1],
        help="processes at once, one figure each (default 1): e.g. --concurrency 1 16",
    )
    args = parser.parse_args(argv)
    validation = workload.load_validation()  # a lite sample's figures are its full spec's per episode
    specs = {spec["game_name"]: spec for spec in json.loads((REPO / "clemgame.json").read_text(encoding="utf-8"))}
    try:
        # by default the full pass: the lite tier's samples replay some of its episodes (scripts/lite.py)
        games = (
            selected(args.games) if args.games else [game for game, spec in specs.items() if "sample_of" not in spec]
        )
    except ValueError as error:
        parser.error(str(error))
    rows, unmeasured = [], []
    for game in games:
        figures = game_figures(validation, game, args.player, args.view)
        if figures is None:
            unmeasured.append(game)
        else:
            view = "full" if args.view == "full" else specs[game].get("view", "state")
            rows.append((game, view, figures))
    runs = validation["games"] if args.view == "default" else validation["full view"]
    # the episodes the validation runs played, numbered within their experiment (the shipped instances)
    episodes = [
        (game, experiment, number)
        for game, _, _ in rows
        for experiment, cell in runs[game][args.player].items()
        for number in range(cell["episodes"])
    ]
    work, estimated = workload.expected_requests(episodes, validation, args.player, args.view)
    requests = Counter()
    for (game, _, _), count in work.items():
        requests[game] += count
    print(
        f"{'game':40} {'view':9} {'episodes':>8} {'requests':>9} {'largest prompt':>14} {'largest episode':>15} "
        f"{'one pass':>13}"
    )
    for game, view, figures in rows:
        flag = " *" if args.context and figures["largest"] > args.context - 2048 else ""
        mark = "~" if game in estimated else " "
        print(
            f"{game:40} {view:9} {figures['episodes']:8,} {requests[game]:8,.0f}{mark} {figures['largest']:14,} "
            f"{figures['episode max']:15,} {figures['total']:13,}{flag}"
        )
    total = sum(figures["total"] for _, _, figures in rows)
    print(
        f"\n{len(rows)} games, {sum(figures['episodes'] for _, _, figures in rows):,} episodes, "
        f"{sum(requests.values()):,.0f} requests: {total:,} prompt tokens (o200k_base) with {args.player}'s play"
    )
    if args.price_per_million is not None:
        print(
            f"at ${args.price_per_million:g} per million prompt tokens: ${total / 1e6 * args.price_per_million:,.2f} "
            f"(reply tokens not included)"
        )
    print(f"at {args.seconds_per_request:g} s per request, one pass takes:")
    for processes in args.concurrency:
        shards = workload.split(work, processes)
        largest = max((requests for requests, _ in shards), default=0.0)
        print(
            f"  {hours(largest * args.seconds_per_request)} with {processes} process{'es' if processes > 1 else ''}"
            + (
                f" (scripts/shards.py -n {processes}: {workload.balance(work, shards, processes)})"
                if processes > 1 and work
                else ""
            )
        )
    if estimated:
        print(f"~ estimated: {workload.ESTIMATE}")
    if args.context:
        print(f"* largest prompt above {args.context - 2048:,} tokens: less than 2,048 left for the reply")
    if unmeasured:
        print(f"not measured ({args.player}, {args.view} view): {', '.join(unmeasured)}", file=sys.stderr)
    return 0


def selected(selectors: list[str]) -> list[str]:
    """The names of the specs the selectors select, as clem run selects them (resume.select_specs) from the repository's
    specs; ValueError names the selectors that select nothing."""
    # clemcore's import costs seconds: only a selection needs it
    import resume
    from clemcore.clemgame import GameRegistry, GameSpec

    registry = GameRegistry(GameSpec.from_directory(str(REPO)))
    return [spec.game_name for spec in resume.select_specs(registry, selectors)]


def hours(seconds: float) -> str:
    return f"{seconds / 3600:,.1f} h" if seconds >= 3600 else f"{seconds / 60:,.1f} min"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
