"""Regenerates in/instances_<game>.json for every spec in clemgame.json: `python instancegenerator.py [game ...]`.

Experiments: by default one per TextArena difficulty id of the spec's entry point (its `-raw` registration, so
that no TextArena wrapper sits between the env and ours), named by the id's suffix (`default` for the plain id);
a list in `experiments` keeps those names; a dict defines custom configs as env kwargs over the plain id. Four keys
of a config are no env kwargs (`GENERATOR_KEYS`): `seats` sets another seat count than the spec's `players`
(TextArena games that take a range of players); `n_instances` another instance count than the spec's (one for a
fixed puzzle); `instances` lists, per instance, env kwargs over the config's (content TextArena takes as an argument,
such as a puzzle: one instance each); `params` are clem experiment parameters, copied onto the experiment for the
game master (which of the games the env draws an experiment keeps, say). Experiments TextArena registers take another
count than the spec's from `experiment_n_instances` ({experiment: count}).
Each instance records what it stands for: env id and kwargs, number of seats, seed, and the content the env
produces from them. The `_vs_<reference>` variants play their base game's instances. A game and its variants may play
different counts (`n_instances` per variant in the declaration, scripts/build_clemgame.py): the base game's file holds
the largest count, and a spec that plays fewer plays the first n instances of every experiment from a file of its own
(`instances_<game>_first<n>`, written here beside the full one). Seeds are per (game, experiment, game id), so a count
cut keeps the first instances' content and a count raised keeps every instance there was.
"""

import re
import sys
import zlib
from pathlib import Path

from clemcore.backends.model_registry import CustomResponseModel
from clemcore.clemgame import GameInstanceGenerator, GameSpec
from textarena.envs.registration import ENV_REGISTRY

from master import TextArenaGameBenchmark, defaults
from runtime.errors import GameUnavailableError, SpecError

GAME_DIR = Path(__file__).resolve().parent


def load_specs() -> list[GameSpec]:
    """The specs of clemgame.json, an entry written by hand given the keys it leaves out (`master.defaults`); the lite
    tier's samples (`sample_of`) left out: their instances are their full specs', which scripts/build_clemgame.py
    copies into their files, and what is checked, generated or validated for a full spec holds for them."""
    specs = [spec for spec in GameSpec.from_directory(str(GAME_DIR)) if not hasattr(spec, "sample_of")]
    for spec in specs:
        vars(spec).update(defaults(vars(spec)))
    return specs


def experiment_name(env_id: str) -> str:
    """`Minesweeper-v0-raw` -> `default`, `Minesweeper-v0-small-raw` -> `small`."""
    suffix = re.fullmatch(r".+?-v\d+(?:-(.+))?", env_id.removesuffix("-raw")).group(1)
    return suffix or "default"


def experiments(game_spec: GameSpec) -> list[tuple[str, str, dict, int]]:
    """(name, env id, env kwargs, seats) for each experiment of the spec."""
    variants = {
        experiment_name(env_id): env_id
        for env_id, env_spec in ENV_REGISTRY.items()
        if env_id.endswith("-raw") and env_spec.entry_point == game_spec["entry_point"]
    }
    if not variants:
        # BabyAiText-v0 is registered alone: no -raw (nor -train) id, and no wrappers
        variants = {
            experiment_name(env_id): env_id
            for env_id, env_spec in ENV_REGISTRY.items()
            if env_spec.entry_point == game_spec["entry_point"]
        }
    chosen = getattr(game_spec, "experiments", None)
    # the judged games' clem players: the seats, then the judge
    seats = game_spec["players"] - (1 if getattr(game_spec, "judge", None) else 0)
    if chosen is None:
        return [(name, env_id, registered_kwargs(env_id), seats) for name, env_id in variants.items()]
    if isinstance(chosen, list):
        unknown = [name for name in chosen if name not in variants]
        if unknown:
            raise SpecError(f"{game_spec.game_name}: no TextArena variant {unknown}; valid: {sorted(variants)}")
        return [(name, variants[name], registered_kwargs(variants[name]), seats) for name in chosen]
    base_id = variants["default"]
    return [
        (name, base_id, {**registered_kwargs(base_id), **without(config, *GENERATOR_KEYS)}, config.get("seats", seats))
        for name, config in chosen.items()
    ]


# The keys of a custom experiment config that the generator reads; every other key is an env kwarg.
GENERATOR_KEYS = ("seats", "n_instances", "instances", "params")


def _custom_config(game_spec: GameSpec, name: str) -> dict:
    chosen = getattr(game_spec, "experiments", None)
    return chosen.get(name, {}) if isinstance(chosen, dict) else {}


def instance_kwargs(game_spec: GameSpec, name: str, n_instances: int | None = None) -> list[dict]:
    """Per instance of the experiment, the env kwargs it sets over the experiment's: one instance per entry of the
    config's `instances`, else `n_instances` (the config's, the spec's `experiment_n_instances` for the experiment,
    or the count given, by default the spec's) instances of the experiment's own kwargs, which differ by their
    seeds."""
    config = _custom_config(game_spec, name)
    if "instances" in config:
        return [dict(kwargs) for kwargs in config["instances"]]
    count = n_instances if n_instances is not None else game_spec["n_instances"]
    count = getattr(game_spec, "experiment_n_instances", {}).get(name, count)
    return [{} for _ in range(config.get("n_instances", count))]


def experiment_params(game_spec: GameSpec, name: str) -> dict:
    """The clem experiment parameters of a custom config (`params`), which the game master reads."""
    return dict(_custom_config(game_spec, name).get("params", {}))


def registered_kwargs(env_id: str) -> dict:
    # TextArena registers its LLM-judged games with `jury_class=OpenRouterJury`, a class, not content: their envs
    # make that jury without it, and the game master puts the judge in place of its OpenRouter agents
    return without(ENV_REGISTRY[env_id].kwargs, "jury_class")


def without(mapping: dict, *keys: str) -> dict:
    return {k: v for k, v in mapping.items() if k not in keys}


# Seeds tried per instance before giving up: an instance must leave the player something to do.
MAX_ATTEMPTS = 100


def instance_seed(game_name: str, experiment: str, game_id: int, attempt: int = 0, draw: str | None = None) -> int:
    """A stable seed per instance, distinct across games and experiments; `attempt` > 0 gives the seeds tried
    after one whose game was over (or unwinnable) before the player's first move. A `draw` other than the shipped
    set's (None) gives another set of seeds (scripts/fresh_instances.py)."""
    key = (
        (f"{draw}/" if draw is not None else "")
        + f"{game_name}/{experiment}/{game_id}"
        + (f"/{attempt}" if attempt else "")
    )
    return zlib.crc32(key.encode("utf-8"))


class TextArenaInstanceGenerator(GameInstanceGenerator):
    """The spec's instances, `n_instances` per experiment (by default the spec's); `draw` and `avoid` (the seeds not
    to use) make a fresh set in `game_dir`, which records its draw (clem reads only `experiments`)."""

    def __init__(
        self,
        game_spec: GameSpec,
        game_dir: Path = GAME_DIR,
        draw: str | None = None,
        avoid: frozenset = frozenset(),
        n_instances: int | None = None,
    ):
        super().__init__(str(game_dir))
        self.game_spec = game_spec
        self.draw = draw
        self.avoid = avoid
        self.n_instances = n_instances
        if draw is not None:
            self.instances["draw"] = draw

    def on_generate(self, seed, **kwargs):
        # an unavailable game raises GameUnavailableError from the game master's setup
        benchmark = TextArenaGameBenchmark(self.game_spec)
        for name, env_id, env_kwargs, seats in experiments(self.game_spec):
            experiment = self.add_experiment(name)
            experiment["env_id"] = env_id
            experiment.update(experiment_params(self.game_spec, name))
            for game_id, overrides in enumerate(instance_kwargs(self.game_spec, name, self.n_instances)):
                instance = self.add_game_instance(experiment, game_id)
                instance.update(
                    env_id=env_id,
                    entry_point=self.game_spec["entry_point"],
                    env_kwargs={**env_kwargs, **overrides},
                    num_players=seats,
                )
                instance.update(self.playable_game(benchmark, experiment, dict(instance), name, game_id))

    def playable_game(self, benchmark, experiment: dict, instance: dict, name: str, game_id: int) -> dict:
        """The seed and record of the first seed whose game leaves the player something to do."""
        reasons = []
        for attempt in range(MAX_ATTEMPTS):
            seed = instance_seed(self.game_spec.game_name, name, game_id, attempt, self.draw)
            if seed in self.avoid:
                continue
            game_master = benchmark.create_game_master(experiment, [CustomResponseModel()])
            game_master.setup(**instance, seed=seed)
            game_master.start()
            reason = game_master.unplayable_reason()
            if reason is None:
                return {"seed": seed, **game_master.record()}
            reasons.append(reason)
        last = reasons[-1] if reasons else "every seed was one to avoid"
        raise RuntimeError(
            f"{self.game_spec.game_name}, experiment '{name}', instance {game_id}: no playable game "
            f"in {MAX_ATTEMPTS} seeds; last reason: {last}"
        )


def family(specs: list[GameSpec], base: GameSpec) -> list[GameSpec]:
    """The base game and its `_vs_` variants, base first: the specs that play its instance file or a part of it."""
    return [base, *(spec for spec in specs if getattr(spec, "base_game", None) == base.game_name)]


def first_instances(instances: dict, n: int) -> dict:
    """The instance file's first `n` instances of every experiment (all of an experiment that has fewer)."""
    return {
        **instances,
        "experiments": [
            {**experiment, "game_instances": experiment["game_instances"][:n]}
            for experiment in instances["experiments"]
        ],
    }


def generate_family(
    specs: list[GameSpec], game_dir: Path = GAME_DIR, draw: str | None = None, avoid: frozenset = frozenset()
) -> tuple[TextArenaInstanceGenerator, list[str]]:
    """Writes a family's instance files (`family`): the largest count any of them plays, in the file of the spec
    that plays it, and the first instances of it in the file of each spec that plays fewer. The generator, which
    holds the full set, and the paths written."""
    largest = max(specs, key=lambda spec: spec["n_instances"])  # the base game on a tie: it comes first
    generator = TextArenaInstanceGenerator(specs[0], game_dir, draw, avoid, largest["n_instances"])
    name = f"{largest['instances']}.json"
    written = {name: generator.generate(name)}
    for spec in specs:
        name = f"{spec['instances']}.json"
        if name not in written:
            written[name] = generator.store_file(first_instances(generator.instances, spec["n_instances"]), name, "in")
    return generator, list(written.values())


def main(game_names: list[str]) -> int:
    specs = load_specs()
    bases = [
        spec
        for spec in specs
        if not getattr(spec, "reference", None) and (not game_names or spec.game_name in game_names)
    ]
    not_written = 0
    for base in bases:
        try:
            _, paths = generate_family(family(specs, base))
        except GameUnavailableError as error:
            print(f"skipped: {error}", file=sys.stderr)
            not_written += 1
        except SpecError as error:
            print(f"error: {error}", file=sys.stderr)
            not_written += 1
        else:
            for path in paths:
                print(f"wrote {Path(path).relative_to(GAME_DIR)}")
    return 1 if not_written else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
