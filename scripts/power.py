"""Instance counts set by measured power: for every spec that the strong player (`ta-expert`) and the random player
played in the validation runs (docs/validation.json, scripts/validate.py), the fewest instances that resolve the
strong player's measured gap over random play, with a margin; which specs need more than they ship; and what raising
them costs a pass (docs/benchmark.md, "Instance counts"):

    python scripts/power.py [-g SPEC ...] [--margin 0.75] [--budget 150000000] [--recount SPEC ...]
    python scripts/power.py --record REV      (the re-planned specs' figures at REV: docs/replanned.json)

The rule: a spec needs `needed(MARGIN x gap)` instances (scripts/separation.py: a gap that size comes out significant
at 95%, two-sided, four times in five, for scores that spread as the two players' do; at least the 6 pairs a sign
test needs), `gap` being the strong player's mean Main Score minus the random player's. The margin makes the count
resolve a model that shows only three quarters of the expert's gap, as a real model beside a programmatic expert
does. Spread over the experiments alike (rounded up), and in a `_vs_` variant up to a multiple of the seats, whose
turn the model's seat takes by the game id.

What the plan does with each spec: one that separates keeps its instances; one that cannot (its declaration's or
self-play's reason, scripts/separation.py `verdict`) or whose strong player scores no more than random play keeps
them, with its reason; one that does not yet is raised to its count, the cheapest first (the prompt tokens the added
episodes cost, at the random player's tokens per episode of the spec), while the pass stays within `--budget`
prompt tokens with the random player's play (issue 44: 150 M); the rest are left short, each with the count it
needs and what that costs. Apply the plan through the declarations (`n_instances`, per variant where the game and
its variants differ: scripts/build_clemgame.py), regenerate (`python instancegenerator.py GAME`) and validate the
specs again. A raised spec measured at its raised count shows its gap better: `--recount` sets it from that
measurement once more (where the rule then gives fewer instances and the first of them separate on the recorded
scores). `--record REV` writes, for every spec whose instances differ from those of revision REV, its figures there
(instances, the random player's prompt tokens and requests, the separation and verdict by REV's own declarations) to
docs/replanned.json, which the catalogue shows beside the figures now (scripts/catalogue.py).
"""

import argparse
import json
import math
import subprocess
import sys
from dataclasses import dataclass, replace

from build_clemgame import catalogue_specs  # scripts/ is on sys.path when a script of it runs
from catalogue import (
    REPLANNED,
    experiments_of,
    figures,
    instances_of,
    random_tokens,
    self_play_completion,
    strong_vs_random,
)
from clemcore.clemgame import GameSpec
from repository import REPO
from separation import BUDGET, FEWEST, MARGIN, Separation, separation, verdict
from workload import VALIDATION

from instancegenerator import load_specs


def needed(result: Separation, margin: float = MARGIN) -> int | None:
    """The instances that resolve `margin` of the measured gap; None where there is no positive gap to resolve."""
    if result.difference <= 0:
        return None
    return result.needed(margin * result.difference)


def per_experiment(total: int, experiments: int, seats: int = 1) -> int:
    """Instances per experiment for `total` over `experiments` alike, rounded up to a multiple of `seats` (a `_vs_`
    variant seats the model by game id modulo the seats: every seat as often)."""
    count = math.ceil(total / experiments)
    return math.ceil(count / seats) * seats


def experiment_counts(strong: dict[str, list], random: dict[str, list], shipped: int, margin: float = MARGIN):
    """{experiment: instances} for one spec experiment by experiment (strong and random episode scores per
    experiment, paired by game id): an experiment whose gap `shipped` instances can resolve gets the count the rule
    gives it; one whose gap they cannot (none, or too small for its spread) keeps its first instance, so that no
    experiment is dropped, and costs no more than that one episode."""
    counts = {}
    for name in strong:
        count = needed(separation(strong[name], random[name]), margin)
        counts[name] = count if count is not None and count <= shipped else 1
    return counts


@dataclass(frozen=True)
class Plan:
    spec: str
    instances: int  # shipped, in all
    experiments: int
    count: int | None  # needed, in all
    per_experiment: int | None  # planned, where raised, recounted or short
    cost: float  # the prompt tokens the added (or, recounted, the removed: below 0) episodes cost a pass
    status: str  # "separates", "cannot", "does not yet", "raise", "short", "recount"
    why: str


def plan(
    specs, validation: dict, margin: float = MARGIN, budget: int = BUDGET, recount: frozenset = frozenset()
) -> tuple[list[Plan], int]:
    """The plan of every spec with a strong player's and a random player's runs, and the pass's prompt tokens after
    it (random player's play, every validated spec). `recount`: specs an earlier plan raised, measured since at
    their raised count: each gets the count the rule gives that measurement where it is lower and its first
    instances of it separate on the recorded scores."""
    total = sum(random_tokens(runs) for runs in validation.values())
    plans, wanting = [], []
    for spec in specs:
        runs = validation.get(spec.game_name, {})
        result = strong_vs_random(runs) if runs else None
        if result is None:
            continue
        experiments = instances_of(spec)
        kind, why = verdict(spec, result, self_play_completion(spec))
        count = needed(result, margin)
        common = {"spec": spec.game_name, "instances": result.instances, "experiments": len(experiments)}
        seats = _seats(spec) if getattr(spec, "reference", None) else 1
        each = per_experiment(count, len(experiments), seats) if count is not None else None
        per_episode = random_tokens(runs) / result.instances
        if spec.game_name in recount and each is not None and each < max(experiments.values()):
            if separation(*(first_scores(runs, player, each) for player in ("ta-expert", "ta-random"))).separates:
                cost = (sum(min(each, shipped) for shipped in experiments.values()) - result.instances) * per_episode
                total += cost
                plans.append(Plan(**common, count=count, per_experiment=each, cost=cost, status="recount", why=why))
                continue
        if kind != "does not yet" or count is None:
            plans.append(Plan(**common, count=count, per_experiment=None, cost=0.0, status=kind, why=why))
            continue
        cost = sum(max(0, each - shipped) for shipped in experiments.values()) * per_episode
        wanting.append(Plan(**common, count=count, per_experiment=each, cost=cost, status="raise", why=why))
    for each in sorted(wanting, key=lambda plan: (plan.cost, plan.spec)):
        if total + each.cost <= budget:
            total += each.cost
            plans.append(each)
        else:
            plans.append(replace(each, status="short"))
    return plans, round(total)


def first_scores(runs: dict, player: str, count: int) -> list:
    """The player's episode scores over the first `count` instances of every experiment, in catalogue.paired_scores'
    order (a spec that plays fewer plays the first instances of the same file)."""
    return [score for experiment in sorted(runs[player]) for score in runs[player][experiment]["scores"][:count]]


def record(revision: str, specs, validation: dict) -> dict:
    """{spec: its figures at `revision`} of every spec whose instances there differ from its instances now."""

    def shown(path: str):
        return json.loads(
            subprocess.run(["git", "show", f"{revision}:{path}"], cwd=REPO, capture_output=True, check=True).stdout
        )

    before = shown("docs/validation.json")["games"]
    declared = {entry["game_name"]: entry for entry in shown("clemgame.json")}
    changed = {}
    for spec in specs:
        runs, old = validation.get(spec.game_name), before.get(spec.game_name)
        if runs and old and figures(spec, runs)["instances"] != figures(spec, old)["instances"]:
            then = GameSpec.from_dict({**declared[spec.game_name], "game_path": str(REPO)}, allow_underspecified=True)
            changed[spec.game_name] = figures(then, old)
    return changed


def _seats(spec) -> int:
    return max(experiment["game_instances"][0]["num_players"] for experiment in experiments_of(spec))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-g", "--games", nargs="*", help="specs of clemgame.json (default: every validated one)")
    parser.add_argument("--margin", type=float, default=MARGIN, help=f"share of the gap to resolve ({MARGIN})")
    parser.add_argument("--budget", type=int, default=BUDGET, help=f"a pass's prompt tokens ({BUDGET:,})")
    parser.add_argument(
        "--recount",
        nargs="*",
        default=[],
        help="specs an earlier plan raised, validated since at the raised count: set from that measurement",
    )
    parser.add_argument("--record", metavar="REV", help="write the re-planned specs' figures at REV and stop")
    args = parser.parse_args(argv)
    validation = json.loads(VALIDATION.read_text(encoding="utf-8"))["games"]
    specs = [spec for spec in catalogue_specs(load_specs()) if not args.games or spec.game_name in args.games]
    if args.record:
        changed = record(args.record, specs, validation)
        REPLANNED.write_text(json.dumps({"since": args.record, "specs": changed}, indent=1, sort_keys=True) + "\n")
        print(f"wrote {REPLANNED.relative_to(REPO)}: {len(changed)} specs re-planned since {args.record}")
        return 0
    plans, total = plan(specs, validation, args.margin, args.budget, frozenset(args.recount))
    print(f"{'spec':44} {'instances':>9} {'needed':>6} {'planned':>12} {'added tokens':>12}  status")
    for each in plans:
        planned = f"{each.per_experiment} x {each.experiments}" if each.per_experiment else "–"
        print(
            f"{each.spec:44} {each.instances:9} {each.count or '–':>6} {planned:>12} {each.cost:12,.0f}  "
            f"{each.status}" + (f": {each.why}" if each.status in ("cannot", "does not yet") else "")
        )
    counts = {status: sum(each.status == status for each in plans) for status in ("separates", "raise", "short")}
    recounted = sum(each.status == "recount" for each in plans)
    print(
        f"\n{len(plans)} specs with a strong player's runs: {counts['separates']} separate, {recounted} recounted, "
        f"{counts['raise']} to raise, {counts['short']} left short (the budget); a pass after the plan: {total:,} "
        f"prompt tokens (budget {args.budget:,}; margin {args.margin:g}, {FEWEST} instances at least)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
