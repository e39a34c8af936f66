"""What a planned run will send to a model, before anyone pays for it: per game, its view, its episodes, the largest
prompt of a request and the prompts summed over one pass over its shipped instances, in OpenAI's o200k_base tokens,
from the validation runs of the programmatic players (docs/validation.json, scripts/validate.py).

    python scripts/budget.py [-g game ...] [--player ta-random|ta-expert] [--view default|full]
                             [--price-per-million X] [--context 8192]

The programmatic players stand in for a model: a model's replies are longer than theirs (a move, not a paragraph), and
in the full view every reply is sent again at every later request, so real prompts there are larger. In the bounded
views (the defaults) a model's replies are never sent again, and the figures hold for any model that plays as long.
"""
import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VALIDATION = REPO / "docs" / "validation.json"


def game_figures(validation: dict, game: str, player: str, view: str) -> dict | None:
    """Episodes, largest prompt and summed prompts of one pass over the game's instances, or None if not measured."""
    games = validation["games"] if view == "default" else validation.get("full view", {})
    experiments = games.get(game, {}).get(player)
    cells = [cell["prompt tokens"] for cell in (experiments or {}).values() if cell.get("prompt tokens")]
    if not cells:
        return None
    return {"episodes": sum(cell["episodes"] for cell in experiments.values()),
            "largest": max(cell["max"] for cell in cells),
            "episode max": max(cell["episode max"] for cell in cells),
            "total": sum(cell["total"] for cell in cells)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-g", "--games", nargs="*", help="games of clemgame.json (default: all measured)")
    parser.add_argument("--player", default="ta-random", choices=("ta-random", "ta-expert"))
    parser.add_argument("--view", default="default", choices=("default", "full"))
    parser.add_argument("--price-per-million", type=float, help="the model's price per million prompt tokens")
    parser.add_argument("--context", type=int, help="flag the games whose largest prompt leaves less than 2,048 "
                                                    "tokens for the reply in a context of this many tokens")
    args = parser.parse_args(argv)
    validation = json.loads(VALIDATION.read_text(encoding="utf-8"))
    specs = {spec["game_name"]: spec for spec in json.loads((REPO / "clemgame.json").read_text(encoding="utf-8"))}
    unknown = [game for game in args.games or [] if game not in specs]
    if unknown:
        parser.error(f"unknown games: {', '.join(unknown)}")
    rows, unmeasured = [], []
    for game in args.games or list(specs):
        figures = game_figures(validation, game, args.player, args.view)
        if figures is None:
            unmeasured.append(game)
        else:
            view = "full" if args.view == "full" else specs[game].get("view", "state")
            rows.append((game, view, figures))
    print(f"{'game':40} {'view':9} {'episodes':>8} {'largest prompt':>14} {'largest episode':>15} {'one pass':>13}")
    for game, view, figures in rows:
        flag = " *" if args.context and figures["largest"] > args.context - 2048 else ""
        print(f"{game:40} {view:9} {figures['episodes']:8,} {figures['largest']:14,} {figures['episode max']:15,} "
              f"{figures['total']:13,}{flag}")
    total = sum(figures["total"] for _, _, figures in rows)
    print(f"\n{len(rows)} games, {sum(figures['episodes'] for _, _, figures in rows):,} episodes: "
          f"{total:,} prompt tokens (o200k_base) with {args.player}'s play")
    if args.price_per_million is not None:
        print(f"at ${args.price_per_million:g} per million prompt tokens: ${total / 1e6 * args.price_per_million:,.2f} "
              f"(reply tokens not included)")
    if args.context:
        print(f"* largest prompt above {args.context - 2048:,} tokens: less than 2,048 left for the reply")
    if unmeasured:
        print(f"not measured ({args.player}, {args.view} view): {', '.join(unmeasured)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
