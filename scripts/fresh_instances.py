"""Draws a fresh instance set for any specs (the same experiments and instance counts, other seeds, none of them
shipped) into a folder that clem plays as it plays the repository:

    python scripts/fresh_instances.py -o FOLDER [-g SPEC ...] [--draw LABEL]
    cd FOLDER && clem run -g ta_wordle -m gpt-4o-mini && clem score && clem eval

Published instances leak into training data; a fresh set is one no model has been trained on. FOLDER gets
`clemgame.json` (the specs drawn), `in/` (their fresh instance files, made by instancegenerator.py with the draw's
seeds, each recording its draw) and links to the repository's game code, programmatic players and model registry,
so clem's commands, scripts/shards.py and scripts/resume.py work there as in the repository, with the results in
FOLDER/results. The label (`--draw`, default a random one, printed) names the seeds: the same label draws the same
set again, so keep it private as you would the files. A `_vs_` variant plays its base game's fresh file.

Some experiments are the same game whatever the seed (Chess and Tic Tac Toe start from their one position, a
puzzle given as an argument is that puzzle): they get other seeds but the shipped games, and are named. The
catalogue's figures (docs/catalogue.md, docs/validation.json) hold for the shipped set; on a fresh set the same
scores measure the same skills on other games.
"""

import argparse
import json
import secrets
import sys
from pathlib import Path

from repository import REPO

from instancegenerator import family, generate_family, load_specs
from runtime.errors import GameUnavailableError

# what clem needs beside clemgame.json and in/ to play the games with the repository's code and players
LINKED = [
    *sorted(path.name for path in REPO.glob("*.py")),
    *sorted(path.parent.name for path in REPO.glob("*/__init__.py")),
    "model_registry.json",
]


def link_game_code(folder: Path):
    """Links the repository's game code into the folder (links, not copies: the folder plays the code as it is)."""
    for name in LINKED:
        link = folder / name
        if link.is_symlink() and link.resolve() == (REPO / name).resolve():
            continue
        if link.exists() or link.is_symlink():
            raise FileExistsError(f"{link} exists and is not a link to the repository's {name}")
        link.symlink_to(REPO / name)


def fingerprints(instances: dict) -> dict[str, list[str]]:
    return {
        experiment["name"]: [instance["fingerprint"] for instance in experiment["game_instances"]]
        for experiment in instances["experiments"]
    }


def draw(specs: list, folder: Path, label: str) -> dict[str, str]:
    """Writes a game's fresh instance files into folder/in, for the game and its variants as shipped (`specs`,
    instancegenerator.family: the full file and the first instances of it); {experiment: "k/n"} where k of its n
    fresh games are shipped ones (the same content and opening observations)."""
    stem = max(specs, key=lambda spec: spec["n_instances"])["instances"]
    shipped = json.loads((REPO / "in" / f"{stem}.json").read_text(encoding="utf-8"))
    seeds = frozenset(
        instance["seed"] for experiment in shipped["experiments"] for instance in experiment["game_instances"]
    )
    # clem reads only `experiments`; the files record the draw's label, which says which seeds these are
    generator, _ = generate_family(specs, folder, draw=label, avoid=seeds)
    fresh, before = fingerprints(generator.instances), fingerprints(shipped)
    same = {name: sum(each in before.get(name, []) for each in prints) for name, prints in fresh.items()}
    return {name: f"{count}/{len(fresh[name])}" for name, count in same.items() if count}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", type=Path, required=True, help="the folder to play the fresh set in")
    parser.add_argument("-g", "--games", nargs="+", help="specs of clemgame.json (default: all)")
    parser.add_argument("--draw", default=None, help="the draw's label (default: a random one)")
    args = parser.parse_args(argv)
    all_specs = load_specs()
    specs = {spec.game_name: spec for spec in all_specs}
    unknown = [name for name in args.games or [] if name not in specs]
    if unknown:
        parser.error(f"unknown games: {', '.join(unknown)}")
    if args.output.resolve() == REPO:
        parser.error("the output folder must not be the repository (its in/ holds the shipped set)")
    label = args.draw if args.draw is not None else secrets.token_hex(8)
    chosen = args.games or list(specs)
    # the game whose instance files each spec plays: a `_vs_` variant's are its base game's
    bases = list(dict.fromkeys(getattr(specs[name], "base_game", name) for name in chosen))
    args.output.mkdir(parents=True, exist_ok=True)
    drawn, same, unavailable = set(), {}, []
    for base in bases:
        members = family(all_specs, specs[base])
        try:
            same_games = draw(members, args.output, label)
        except GameUnavailableError as error:
            unavailable.append(str(error))
            continue
        drawn.update(spec["instances"] for spec in members)
        if same_games:
            same[base] = same_games
    raw = json.loads((REPO / "clemgame.json").read_text(encoding="utf-8"))
    playable = [entry for entry in raw if entry["game_name"] in chosen and entry["instances"] in drawn]
    (args.output / "clemgame.json").write_text(
        json.dumps(playable, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    link_game_code(args.output)
    print(f"draw {label}: {len(drawn)} instance files for {len(playable)} specs in {args.output}/in")
    if same:
        print("games as shipped (the game depends little or not at all on the seed), per experiment:")
    for game, experiments in same.items():
        print(f"  {game}: " + ", ".join(f"{name} {count}" for name, count in experiments.items()))
    for reason in unavailable:
        print(f"  skipped: {reason}", file=sys.stderr)
    print(f"play them there: cd {args.output} && clem run -g <spec> -m <model>")
    return 1 if unavailable else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
