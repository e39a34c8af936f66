"""Writes instance files that play games in the full view, clem's default for games: the model is sent the whole
conversation at every request, every context and every reply, instead of the game's bounded view.

    python scripts/full_history.py ta_chess [game ...]
    clem run -g ta_chess -i instances_ta_chess_full -m <model>      (the file's name is printed)

Each file, `in/instances_<game>_full.json`, is the instance file the game plays (a `_vs_<reference>` variant its base
game's, a game that plays fewer instances than its variants `instances_<base>_first<n>`) with `"view": "full"` in
every experiment: the same games, seeds and records. docs/context.md gives what the full view costs.
"""

import json
import sys

from repository import REPO


def with_view(instances: dict, view: str) -> dict:
    """The instances, every experiment played in `view`."""
    return {**instances, "experiments": [{**experiment, "view": view} for experiment in instances["experiments"]]}


def main(game_names: list[str]) -> int:
    specs = {spec["game_name"]: spec for spec in json.loads((REPO / "clemgame.json").read_text(encoding="utf-8"))}
    unknown = [name for name in game_names if name not in specs]
    if unknown or not game_names:
        print(f"name games of clemgame.json (unknown: {', '.join(unknown) or 'none given'})", file=sys.stderr)
        return 2
    for name in game_names:
        source = json.loads((REPO / "in" / f"{specs[name]['instances']}.json").read_text(encoding="utf-8"))
        target = REPO / "in" / f"instances_{name}_full.json"
        target.write_text(json.dumps(with_view(source, "full"), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {target.relative_to(REPO)}: clem run -g {name} -i {target.stem} -m <model>")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
