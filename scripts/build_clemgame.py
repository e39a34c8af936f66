"""Writes clemgame.json, which clem reads, from the games the families declare: `python scripts/build_clemgame.py`.

Each family module of games/ declares its games in `GAMES`: one dict per game with clemgame.json's keys, its master
and scorer as classes (written to clemgame.json as their import paths, `games.tabletop:PokerMaster`), and without the
keys every game here shares (`DEFAULTS`). A game that names reference opponents in `references` (`random`, and the
name of the game's strong programmatic player, `expert_name` in ta_players) is followed by its
`ta_<game>_vs_<reference>` variants: the base game with one clem player, the model under test (and the judge, in the
LLM-judged games), who plays the base game's instances from the seat `game_id % seats`, with its own score and
outcome lines (`vs_score` in the base game for games scored by their payoff) and, where the base game says
`vs_max_requests`, its own request cap (a variant counts only the model's requests, the base game every seat's).
`cannot_separate` and `no_strong_player` (why the game's Main Score cannot separate a strong player from a random one,
or why no strong player is written; scripts/separation.py reads them) are given per variant: `{"base": ...,
"random": ...}`. So is `n_instances` where the game and its variants play different counts, one for each of them
(`{"base": 1, "random": 10, "greedy": 60}`, docs/benchmark.md "Instance counts"): the base game's instance file holds
the largest, and a spec that plays fewer plays the first n of every experiment from `instances_<base>_first<n>`
(instancegenerator.py writes both).

The entries of clemgame.json no family declares are written by hand (a quick game whose generic master does:
docs/adding-a-game.md): the build keeps them after its own, in their order, each checked as clem's load checks it and given
the keys it leaves out (`master.defaults`); one that would not load stops the build with one line saying why.
tests/test_contests.py fails when the entries the build owns, those the families declare, are not what it writes.
"""

import importlib
import json
import pkgutil
import sys

import lite
from clemcore.clemgame import GameSpec
from repository import REPO
from workload import VALIDATION

from master import TextArenaGameBenchmark, defaults, shared_keys
from runtime.errors import SpecError

SPECS = REPO / "clemgame.json"
INSTANCES = REPO / "in"

VS_SCORE = "the model's seat: 100 for a win, 50 for a draw, 0 for a loss"
VS_OUTCOME = "Success when the model won or drew; Lose when it lost; Aborted when it broke the rules."


# keys whose value differs between a game and its variants: {"base": the game's, "<reference>": a variant's}
PER_VARIANT = ("cannot_separate", "no_strong_player")


def import_path(value):
    return f"{value.__module__}:{value.__qualname__}" if isinstance(value, type) else value


def family_declarations() -> list[tuple[str, dict]]:
    """(family, declaration) of every game the families declare (the family is its module's name in games/),
    families in the order of their module names, each family's games in its order."""
    import games

    return [
        (family.name.removeprefix("games."), game)
        for family in pkgutil.iter_modules(games.__path__, "games.")
        for game in getattr(importlib.import_module(family.name), "GAMES", [])
    ]


def families() -> dict[str, str]:
    """{game name: its family} of the games the families declare (a `_vs_` variant's is its base game's)."""
    return {game["game_name"]: family for family, game in family_declarations()}


def declared_games() -> list[dict]:
    """Every family's games, families in the order of their module names, each family's in its order."""
    declared = []
    for _, game in family_declarations():
        spec = {key: import_path(value) for key, value in game.items()}
        declared.append(
            {**spec, **{key: value for key, value in shared_keys(spec["game_name"]).items() if key not in spec}}
        )
    return declared


def for_variant(spec: dict, variant: str) -> dict:
    """The spec with its per-variant keys' values for `variant` ("base" or a reference), those without one left out,
    and its count of instances."""
    chosen = {
        key: value[variant] if key in PER_VARIANT else value
        for key, value in spec.items()
        if key not in PER_VARIANT or variant in value
    }
    counts = spec.get("n_instances")
    if isinstance(counts, dict):
        if variant not in counts:
            raise SpecError(
                f"{spec['game_name']}: `n_instances` gives no count for {variant!r}; it gives one per variant"
            )
        chosen["n_instances"] = counts[variant]
    return chosen


def vs_spec(base: dict, reference: str) -> dict:
    spec = {
        key: value
        for key, value in for_variant(base, reference).items()
        if key not in ("references", "vs_score", "vs_max_requests")
    }
    if "vs_max_requests" in base:
        spec["max_requests"] = base["vs_max_requests"]
    spec.update(
        game_name=f"{base['game_name']}_vs_{reference}",
        description=f"{base['description']} The model plays one seat against the {reference} reference.",
        score=base.get("vs_score", VS_SCORE),
        outcome=VS_OUTCOME,
        players=2 if base.get("judge") else 1,
        base_game=base["game_name"],
        reference=reference,
    )
    return spec


def with_vs_specs(specs: list[dict]) -> list[dict]:
    """The base specs in their order, each followed by its variants."""
    result = []
    for base in specs:
        result += with_instance_files(
            [for_variant(base, "base"), *(vs_spec(base, reference) for reference in base.get("references", []))]
        )
    return result


def with_instance_files(family: list[dict]) -> list[dict]:
    """A game and its variants, each spec that plays fewer instances than the largest count of them given the file of
    its first instances (instancegenerator.py writes it from the full file)."""
    largest = max((spec.get("n_instances", 0) for spec in family), default=0)
    return [
        {**spec, "instances": f"{spec['instances']}_first{spec['n_instances']}"}
        if spec.get("n_instances", largest) < largest
        else spec
        for spec in family
    ]


def catalogue() -> list[dict]:
    """The full pass's specs: every family's games, each followed by its variants."""
    return with_vs_specs(declared_games())


def lite_tier() -> tuple[list[dict], dict[str, str], list[str]]:
    """The entries the build owns, the catalogue's (those the lite plays whole tagged for it too) followed by the lite
    tier's samples; the samples' instance files, {file name: text}; and the specs the lite plays whole for want of
    validation figures (scripts/lite.py)."""
    return lite.tiered(
        catalogue(), json.loads(VALIDATION.read_text(encoding="utf-8"))["games"], lite.instance_reader(INSTANCES)
    )


def built_specs() -> list[dict]:
    """The entries the build owns: the catalogue, then the lite tier's samples."""
    return lite_tier()[0]


def catalogue_specs(specs: list) -> list:
    """The specs of the catalogue (the games the families declare and their variants), of clem's `specs`: an entry
    written by hand stays outside it, in clemgame.json only (docs/adding-a-game.md), and so does a sample of the lite
    tier, whose episodes are the catalogue's own."""
    names = {spec["game_name"] for spec in catalogue()}
    return [spec for spec in specs if spec.game_name in names]


def owned(entries: list[dict], built: list[dict]) -> list[dict]:
    """The entries, in their order, that the build writes (by name), and any lite sample (one the build no longer
    writes is stale)."""
    names = {spec["game_name"] for spec in built}
    return [entry for entry in entries if entry.get("game_name") in names or "sample_of" in entry]


def written_by_hand(entries: list[dict], built: list[dict]) -> list[dict]:
    """The entries the build does not write, in their order, each checked as clem's load checks it (SpecError
    otherwise) and given the keys it leaves out."""
    names = {spec["game_name"] for spec in built}
    kept = []
    for entry in entries:
        if entry.get("game_name") in names or "sample_of" in entry:  # the build's, a stale lite sample too
            continue
        # made as clem's load makes it, so that the build never writes an entry the load rejects
        TextArenaGameBenchmark(GameSpec.from_dict({**entry, "game_path": str(REPO)}, allow_underspecified=True))
        if any(other["game_name"] == entry["game_name"] for other in kept):
            raise SpecError(f"{entry['game_name']}: two entries of clemgame.json have this name; clem plays the first")
        kept.append({**entry, **defaults(entry)})
    return kept


def main() -> int:
    try:
        on_disk = json.loads(SPECS.read_text(encoding="utf-8")) if SPECS.exists() else []
    except json.JSONDecodeError as error:
        print(f"{SPECS} is not valid JSON ({error}): fix the entry written by hand", file=sys.stderr)
        return 1
    try:
        built, files, unmeasured = lite_tier()
        kept = written_by_hand(on_disk, built)
    except (SpecError, lite.LiteError) as error:
        print(f"{SPECS.name} not written: {error}", file=sys.stderr)
        return 1
    SPECS.write_text(json.dumps(built + kept, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for name, text in files.items():
        (INSTANCES / name).write_text(text, encoding="utf-8")
    # a spec the lite now plays whole leaves no sample file behind
    for spec in built:
        stale = INSTANCES / f"instances_{spec['game_name']}{lite.SUFFIX}.json"
        if stale.name not in files and stale.exists():
            stale.unlink()
    if unmeasured:
        print(
            f"the lite tier plays these whole, not validated yet (build again after scripts/validate.py): {', '.join(unmeasured)}"
        )
    if kept:
        print(f"kept the entries written by hand: {', '.join(entry['game_name'] for entry in kept)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
