"""The lite tier, `textarena-lite`: every spec of the catalogue on a subset of its shipped instances, for at most a
tenth of a full pass's requests and of its prompt tokens (ta-random's play, as scripts/budget.py counts them). clem
selects it with its benchmark selector: `clem run -g "{'benchmark':['textarena-lite']}" -m MODEL` (docs/lite.md).

The selection, which scripts/build_clemgame.py applies to the catalogue it writes:
- Every spec of the catalogue is in the lite: clem's score averages over specs, each weighing alike, so the lite keeps
  the full pass's specs and samples their instances only.
- A spec's instances are put in a stratified order: round by round one instance of each experiment (in the instance
  file's order), experiment k starting at its k-th instance, so that the seat a `_vs_` variant gives the model
  (game_id % seats) changes from experiment to experiment as from round to round.
- An episode costs its experiment's mean requests and prompt tokens under ta-random's play (docs/validation.json),
  as shares of the full pass's: requests / R + tokens / T. Each spec plays the longest prefix of its order that costs
  at most a cap common to all specs, and at least one episode; the cap is the largest under which the lite's
  requests and its prompt tokens both stay within `SHARE` of the full pass's. Cheap specs come whole, expensive
  ones sampled.
- Which instances a sampled spec plays: of the stratified order and 63 more with each experiment's instances in a
  seeded shuffle (the same experiments at the same places, so the same cost), the one whose sample stands best for
  the spec's references: the expert's and the random player's mean Main Score on it closest to their means over all
  the spec's instances (of samples alike close, one where the expert's lead over random play is not narrower). As
  tinyBenchmarks chooses its items from reference models' answers, the sample is chosen from the references' scores:
  the agreement figures below are in part in-sample (the panel mixes the same roles per class), docs/lite.md says
  what that means for a model's reading.
- A spec played whole carries both tags (`textarena`, `textarena-lite`). A sampled one gets an entry of its own,
  `<spec>_lite`: the spec's keys with `"sample_of": "<spec>"`, the lite tag alone and the instance file
  `in/instances_<spec>_lite.json`, its chosen instances copied unchanged (the same game ids, seeds and content; a
  `_vs_` variant's come from its base game's file, which it plays).

    python scripts/lite.py

prints the lite's cost and its agreement with the full pass: a panel of players made from the programmatic players'
validation runs (in each TextArena class a member plays as the expert, the random player or the format breaker),
scored as `clem eval` scores them over the full catalogue and over the lite; Kendall's tau, the pairs reversed, the
gap between expert and random play, and how far one reading can be trusted. Exit status 1 when a target is missed.
"""

import itertools
import json
import sys
import warnings

import numpy as np
from clemscore import clemscore
from repository import REPO

TIER = "textarena-lite"
FULL_TIER = "textarena"
SUFFIX = "_lite"
SHARE = 0.10
# whose play the cost counts, as budget.py does by default
PLAYER = "ta-random"
SECONDS_PER_REQUEST = 1.5  # budget.py's default: a hosted model's time per request
SPECS = REPO / "clemgame.json"


class LiteError(ValueError):
    """The lite cannot be built or measured as the rule says: one line why."""


# --- the selection ---


def stratified(experiments: list[dict]) -> list[tuple[str, int]]:
    """(experiment, game_id) of every instance of an instance file's experiments, in the lite's order."""
    order = []
    for round_ in range(max(len(experiment["game_instances"]) for experiment in experiments)):
        for k, experiment in enumerate(experiments):
            instances = experiment["game_instances"]
            if round_ < len(instances):
                order.append((experiment["name"], instances[(round_ + k) % len(instances)]["game_id"]))
    return order


def episode_costs(cells: dict, experiments: list[str]) -> dict[str, tuple[float, float]] | None:
    """{experiment: (requests, prompt tokens)} per episode, the means of the player's validation runs; an experiment
    the runs lack gets the spec's mean (as scripts/workload.py does); None when the spec was never validated."""
    measured = {
        name: (cell["requests"] / cell["episodes"], cell["prompt tokens"]["total"] / cell["episodes"])
        for name, cell in cells.items()
        if cell.get("episodes") and cell.get("requests") is not None and cell.get("prompt tokens")
    }
    if not measured:
        return None
    mean = tuple(sum(costs[i] for costs in measured.values()) / len(measured) for i in (0, 1))
    return {name: measured.get(name, mean) for name in experiments}


def episodes_of(experiments: list[dict]) -> list[tuple[str, int]]:
    """(experiment, game_id) of an instance file's experiments, in the file's order."""
    return [
        (experiment["name"], each["game_id"]) for experiment in experiments for each in experiment["game_instances"]
    ]


def select(catalogue: list[dict], validation: dict, instance_file) -> tuple[dict[str, list[tuple[str, int]]], list]:
    """The lite's episodes per spec, {spec: [(experiment, game_id), ...]} in the instance file's order, and the specs
    played whole because they were never validated (their cost is unknown). `instance_file(name)` reads in/<name>.json.
    """
    shipped, orders, costs = {}, {}, {}
    for spec in catalogue:
        name, experiments = spec["game_name"], instance_file(spec["instances"])["experiments"]
        shipped[name], orders[name] = episodes_of(experiments), stratified(experiments)
        cost = episode_costs(
            validation.get(name, {}).get(PLAYER) or {}, [experiment["name"] for experiment in experiments]
        )
        if cost is not None:
            costs[name] = [cost[experiment] for experiment, _ in orders[name]]
    full = [sum(cost[i] for each in costs.values() for cost in each) for i in (0, 1)]
    # an episode weighs its shares of the full pass's requests and prompt tokens; prefixes[name][n - 1] is what the
    # spec's first n episodes weigh
    prefixes = {
        name: list(itertools.accumulate(requests / full[0] + tokens / full[1] for requests, tokens in each))
        for name, each in costs.items()
    }

    def lengths(cap: float) -> dict[str, int]:
        return {name: max(1, sum(1 for weight in weights if weight <= cap)) for name, weights in prefixes.items()}

    def fits(chosen: dict[str, int]) -> bool:
        return all(
            sum(cost[i] for name, n in chosen.items() for cost in costs[name][:n]) <= SHARE * full[i] for i in (0, 1)
        )

    if not fits(lengths(0.0)):
        raise LiteError(f"one episode of every spec already costs more than {SHARE:.0%} of a full pass")
    # the largest cap that fits, among the weights a spec's prefix can have (the lite changes only there)
    caps = sorted({weight for weights in prefixes.values() for weight in weights})
    low, high = -1, len(caps)  # caps[low] fits (-1: none does but the one episode each); caps[high] does not
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(lengths(caps[middle])) else (low, middle)
    chosen = lengths(caps[low] if low >= 0 else 0.0)
    selection = {}
    for spec in catalogue:
        name = spec["game_name"]
        count = chosen.get(name, len(orders[name]))
        experiments = instance_file(spec["instances"])["experiments"]
        picked = set(representative(experiments, count, validation.get(name, {})))
        selection[name] = [episode for episode in shipped[name] if episode in picked]
    return selection, [name for name in orders if name not in costs]


# Orders a sample is chosen from: the stratified order and as many with each experiment's instances shuffled (seeded).
CANDIDATES = 64
REFERENCES = ("ta-expert", "ta-random")


def candidates(experiments: list[dict]):
    """Orders of the instances that put the same experiments at the same places (so that every prefix costs the
    same): the stratified order first, then the same with each experiment's instances in a seeded shuffle."""
    yield stratified(experiments)
    for seed in range(1, CANDIDATES):
        rng = np.random.default_rng(seed)
        yield stratified(
            [
                {**experiment, "game_instances": [experiment["game_instances"][i] for i in rng.permutation(size)]}
                for experiment in experiments
                for size in [len(experiment["game_instances"])]
            ]
        )


def representative(experiments: list[dict], count: int, players: dict) -> list[tuple[str, int]]:
    """The first `count` episodes of the candidate order whose sample stands best for the spec's references: the
    expert's and the random player's mean scores on the sample (aborted episodes 0, as clem's score counts them)
    closest to their means over every shipped instance; of samples alike close, one where the expert's lead over
    random play is not narrower than over every instance. Without the references' scores, the stratified order's."""
    orders = candidates(experiments)
    first = next(orders)
    if count >= len(first):
        return first

    def scores(player: str, episodes) -> list[float] | None:
        cells = players.get(player) or {}
        try:
            return [cells[experiment]["scores"][game_id] or 0.0 for experiment, game_id in episodes]
        except (KeyError, IndexError, TypeError):
            return None

    everything = {player: scores(player, first) for player in REFERENCES}
    everything = {player: values for player, values in everything.items() if values is not None}
    if not everything:
        return first[:count]
    means = {player: np.mean(values) for player, values in everything.items()}

    def fit(sample):
        sampled = {player: np.mean(scores(player, sample)) for player in everything}
        narrower = len(sampled) == 2 and (
            sampled["ta-expert"] - sampled["ta-random"] < means["ta-expert"] - means["ta-random"] - 1e-9
        )
        return sum(abs(sampled[player] - means[player]) for player in sampled), narrower

    samples = [first[:count]] + [order[:count] for order in orders]
    return min(samples, key=fit)  # min keeps the first of equals: the stratified order where it fits as well


def sample_file(experiments: list[dict], episodes: list[tuple[str, int]]) -> str:
    """The lite's instance file of a sampled spec: its experiments with the chosen instances, copied unchanged, as
    clemcore's instance generator writes a file (resources.store_json)."""
    wanted = set(episodes)
    kept = []
    for experiment in experiments:
        instances = [each for each in experiment["game_instances"] if (experiment["name"], each["game_id"]) in wanted]
        if instances:
            kept.append({key: instances if key == "game_instances" else value for key, value in experiment.items()})
    return json.dumps({"experiments": kept}, ensure_ascii=False, indent=2)


def tiered(catalogue: list[dict], validation: dict, instance_file) -> tuple[list[dict], dict[str, str], list[str]]:
    """The catalogue's entries with the lite's tag on those played whole, followed by the entries of the sampled
    specs; the sampled specs' instance files, {file name: text}; the specs played whole for want of figures."""
    names = {spec["game_name"] for spec in catalogue}
    clash = sorted(name + SUFFIX for name in names if name + SUFFIX in names)
    if clash:
        raise LiteError(f"{', '.join(clash)}: a spec of the catalogue has the name of a lite sample")
    selection, unmeasured = select(catalogue, validation, instance_file)
    tagged, samples, files = [], [], {}
    for spec in catalogue:
        name, episodes = spec["game_name"], selection[spec["game_name"]]
        everything = episodes_of(instance_file(spec["instances"])["experiments"])
        if episodes == everything:
            tagged.append({**spec, "benchmark": [*spec["benchmark"], TIER]})
            continue
        tagged.append(spec)
        sample = name + SUFFIX
        samples.append(
            {
                **spec,
                "game_name": sample,
                "description": f"{spec['description']} The lite tier's sample of {name}: {len(episodes)} of its "
                f"{len(everything)} instances.",
                "instances": f"instances_{sample}",
                "benchmark": [TIER],
                "sample_of": name,
            }
        )
        files[f"instances_{sample}.json"] = sample_file(instance_file(spec["instances"])["experiments"], episodes)
    return tagged + samples, files, unmeasured


def instance_reader(folder):
    """in/<name>.json of `folder`, each file parsed once (a `_vs_` variant reads its base game's)."""
    cache = {}

    def read(name: str) -> dict:
        if name not in cache:
            cache[name] = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        return cache[name]

    return read


# --- the figures ---

# The panel: member (b, e) plays each TextArena class as the format breaker with probability b, else as the expert
# with probability e (where the class has one), else as the random player; members spread from near-random play
# with most classes broken to expert play throughout.
BREAKER_SHARES = (0.0, 0.15, 0.3, 0.45, 0.6, 0.75)
EXPERT_SHARES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
TAU_TARGET = 0.9
REVERSAL_GAP = 3.0  # points of clemscore: members this far apart in the full pass must keep their order
RESAMPLES = 4000
CONFIDENCE = 0.95


def tiers(specs: list[dict], instance_file) -> dict[str, list[tuple[str, list[tuple[str, int]]]]]:
    """{tier: [(full spec, [(experiment, game_id), ...]), ...]}: the specs each tier of clemgame.json plays, each
    named by the full spec whose validation runs hold its episodes."""
    return {
        tier: [
            (spec.get("sample_of", spec["game_name"]), episodes_of(instance_file(spec["instances"])["experiments"]))
            for spec in specs
            if tier in spec.get("benchmark", [])
        ]
        for tier in (FULL_TIER, TIER)
    }


def panel(classes: list[str], experts: set[str]) -> dict[str, dict[str, str]]:
    """{member: {class: role}}, drawn with a seed per member."""
    members = {}
    for number, (breaker, expert) in enumerate((b, e) for b in BREAKER_SHARES for e in EXPERT_SHARES):
        rng = np.random.default_rng(number)
        roles = {}
        for game in classes:
            broken, skilled = rng.random(), rng.random()
            if broken < breaker:
                roles[game] = "ta-format-breaker"
            else:
                roles[game] = "ta-expert" if skilled < expert and game in experts else "ta-random"
        members[panel_name(breaker, expert)] = roles
    return members


def episode_scores(validation: dict, spec: str, role: str, episodes: list[tuple[str, int]]) -> list[float | None]:
    """The role's Main Score of each episode (None: aborted), from the validation runs of the full spec, whose
    `scores` follow the instance file's order (game ids 0, 1, ...)."""
    cells = validation[spec][role]
    try:
        return [cells[experiment]["scores"][game_id] for experiment, game_id in episodes]
    except (KeyError, IndexError) as error:
        raise LiteError(
            f"{spec}: {role}'s validation runs lack an episode the instance file has ({error}): run "
            f"`python scripts/validate.py {spec}`"
        ) from None


def interval(populations: list[list[float | None]], sizes: list[int], seed: int = 0) -> tuple[float, float]:
    """The CONFIDENCE interval of a clemscore read on `sizes[i]` instances of spec i, drawn with replacement from the
    spec's shipped episodes `populations[i]` (its full pass): a percentile bootstrap over instances, unrounded."""
    rng = np.random.default_rng(seed)
    played, quality = [], []
    for population, size in zip(populations, sizes):
        values = np.array([np.nan if score is None else score for score in population], dtype=float)
        drawn = values[rng.integers(0, len(values), size=(RESAMPLES, size))]
        kept = ~np.isnan(drawn)
        played.append(100 * kept.mean(axis=1))
        with np.errstate(invalid="ignore"):  # a draw with nothing played has no quality (NaN), as in clem eval
            quality.append(np.where(kept, drawn, 0).sum(axis=1) / kept.sum(axis=1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        scores = np.mean(played, axis=0) / 100 * np.nanmean(quality, axis=0)
    tail = (1 - CONFIDENCE) / 2 * 100
    low, high = np.percentile(scores, [tail, 100 - tail])
    return float(low), float(high)


def class_of(spec: dict) -> str:
    """The TextArena class a spec plays: its base game (a `_vs_` variant's, a sample's full spec's)."""
    return spec.get("base_game", spec.get("sample_of", spec["game_name"]))


def figures(specs: list[dict], validation: dict, instance_file) -> dict:
    """The lite's cost and agreement, from clemgame.json's tiers, their instance files and the validation runs
    (`validation`: workload.load_validation(), which counts a sample at its full spec's per-episode means)."""
    from scipy.stats import kendalltau

    import ta_players

    # an entry written by hand into clemgame.json has no validation runs: outside the figures
    specs = [spec for spec in specs if spec.get("sample_of", spec["game_name"]) in validation["games"]]
    played = tiers(specs, instance_file)
    cost = {}
    for tier in (FULL_TIER, TIER):
        chosen = [spec for spec in specs if tier in spec.get("benchmark", [])]
        cells = [cell for spec in chosen for cell in validation["games"][spec["game_name"]][PLAYER].values()]
        cost[tier] = {
            "specs": len(chosen),
            "episodes": sum(cell["episodes"] for cell in cells),
            "requests": sum(cell["requests"] for cell in cells),
            "prompt tokens": sum(cell["prompt tokens"]["total"] for cell in cells),
            "classes": len({class_of(spec) for spec in chosen}),
        }
    class_of_spec = {spec["game_name"]: class_of(spec) for spec in specs}
    experts = {players.game for players in ta_players.GAMES.values() if players.has_expert}
    members = panel(sorted({class_of_spec[name] for name, _ in played[FULL_TIER]}), experts)

    def scores(roles: dict[str, str], tier: str) -> list[list[float | None]]:
        return [
            episode_scores(validation["games"], name, roles[class_of_spec[name]], episodes)
            for name, episodes in played[tier]
        ]

    full = {member: clemscore(scores(roles, FULL_TIER)) for member, roles in members.items()}
    lite = {member: clemscore(scores(roles, TIER)) for member, roles in members.items()}
    names = list(members)
    expert, random = panel_name(0.0, 1.0), panel_name(0.0, 0.0)
    median = sorted(names, key=full.get)[len(names) // 2]
    lite_sizes = {name: len(episodes) for name, episodes in played[TIER]}
    readings = {}
    for member in (random, median, expert):
        populations = scores(members[member], FULL_TIER)
        readings[member] = {
            FULL_TIER: (full[member], interval(populations, [len(each) for each in populations])),
            TIER: (lite[member], interval(populations, [lite_sizes[name] for name, _ in played[FULL_TIER]])),
        }
    return {
        "cost": cost,
        "scores": {member: (full[member], lite[member]) for member in names},
        "tau": float(kendalltau([full[m] for m in names], [lite[m] for m in names]).statistic),
        "reversed": [(a, b) for a in names for b in names if full[a] - full[b] >= REVERSAL_GAP and lite[a] < lite[b]],
        "largest difference": max(abs(full[m] - lite[m]) for m in names),
        "gap": {FULL_TIER: full[expert] - full[random], TIER: lite[expert] - lite[random]},
        "readings": readings,
        "expert": expert,
        "random": random,
    }


def missed(result: dict) -> list[str]:
    """The targets the figures miss (docs/lite.md), one line each."""
    lite, full = result["cost"][TIER], result["cost"][FULL_TIER]
    return [
        line
        for line, holds in (
            (f"requests above {SHARE:.0%} of the full pass's", lite["requests"] <= SHARE * full["requests"]),
            (
                f"prompt tokens above {SHARE:.0%} of the full pass's",
                lite["prompt tokens"] <= SHARE * full["prompt tokens"],
            ),
            (f"{lite['classes']} of {full['classes']} TextArena classes", lite["classes"] == full["classes"]),
            (f"Kendall tau below {TAU_TARGET}", result["tau"] >= TAU_TARGET),
            (f"pairs {REVERSAL_GAP:g}+ points apart reversed", not result["reversed"]),
            ("the expert-random gap narrower in the lite", result["gap"][TIER] >= result["gap"][FULL_TIER]),
        )
        if not holds
    ]


def panel_name(breaker: float, expert: float) -> str:
    return f"breaker {breaker:.2f} expert {expert:.1f}"


def main() -> int:
    import workload  # scripts/ is on sys.path when a script of it runs

    specs = json.loads(SPECS.read_text(encoding="utf-8"))
    try:
        result = figures(specs, workload.load_validation(), instance_reader(REPO / "in"))
    except LiteError as error:
        print(error, file=sys.stderr)
        return 1
    full, lite = result["cost"][FULL_TIER], result["cost"][TIER]
    print(f"{'':14} {'specs':>5} {'episodes':>8} {'requests':>9} {'prompt tokens':>13} {'hours (1 process)':>17}")
    for tier, row in ((FULL_TIER, full), (TIER, lite)):
        print(
            f"{tier:14} {row['specs']:5} {row['episodes']:8,} {row['requests']:9,.0f} {row['prompt tokens']:13,.0f} "
            f"{row['requests'] * SECONDS_PER_REQUEST / 3600:17.1f}"
        )
    print(
        f"lite/full: {lite['episodes'] / full['episodes']:.1%} of the episodes, {lite['requests'] / full['requests']:.1%} "
        f"of the requests, {lite['prompt tokens'] / full['prompt tokens']:.1%} of the prompt tokens ({PLAYER}'s play, "
        f"{SECONDS_PER_REQUEST:g} s a request); {lite['classes']} of {full['classes']} TextArena classes"
    )
    scores = result["scores"]
    print(f"\npanel of {len(scores)} members (clemscore, full pass -> lite):")
    for member, (full_score, lite_score) in sorted(scores.items(), key=lambda item: item[1][0]):
        print(f"  {member:26} {full_score:6.2f} -> {lite_score:6.2f} ({lite_score - full_score:+.2f})")
    print(
        f"Kendall tau {result['tau']:.3f}; pairs {REVERSAL_GAP:g}+ points apart in the full pass reversed in the lite: "
        f"{len(result['reversed'])}; largest |lite - full| {result['largest difference']:.2f}"
    )
    gap = result["gap"]
    print(f"expert - random: full pass {gap[FULL_TIER]:.2f}, lite {gap[TIER]:.2f}")
    print(f"one reading, {CONFIDENCE:.0%} interval over instances (bootstrap from the full pass's episodes):")
    for member, reading in result["readings"].items():
        line = ", ".join(
            f"{tier} {score:.2f} [{low:.2f}, {high:.2f}] (+-{(high - low) / 2:.2f})"
            for tier, (score, (low, high)) in reading.items()
        )
        print(f"  {member:26} {line}")
    misses = missed(result)
    for line in misses:
        print(f"target missed: {line}", file=sys.stderr)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
