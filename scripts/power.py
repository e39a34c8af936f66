"""Instance counts set by measured power: for every spec that the strong player (`ta-expert`) and the random player
played in the validation runs (docs/validation.json, scripts/validate.py), the fewest instances that resolve the
strong player's measured gap over random play, with a margin; which specs need more than they ship; and what raising
them costs a pass (docs/benchmark.md, "Instance counts"):

    python scripts/power.py [-g SPEC ...] [--margin 0.75] [--budget 150000000]

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
specs again.
"""

import argparse
import json
import math
import sys
from dataclasses import dataclass, replace

from build_clemgame import catalogue_specs  # scripts/ is on sys.path when a script of it runs
from catalogue import instances_of, self_play_completion, strong_vs_random
from repository import REPO
from separation import FEWEST, Separation, separation, verdict

from instancegenerator import load_specs

VALIDATION = REPO / "docs" / "validation.json"
# The share of the expert's gap over random play that a spec's count must still resolve.
MARGIN = 0.75
# Issue 44: a pass's prompt tokens with the random player's play.
BUDGET = 150_000_000


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
    instances: int  # shipped, every experiment
    experiments: int
    count: int | None  # needed, in all
    per_experiment: int | None  # planned, where raised or short
    cost: float  # the prompt tokens the added episodes cost a pass (random player's play)
    status: str  # "separates", "cannot", "raise", "short"
    why: str


def random_tokens(runs: dict) -> int:
    return sum((cell.get("prompt tokens") or {}).get("total", 0) for cell in runs.get("ta-random", {}).values())


def plan(specs, validation: dict, margin: float = MARGIN, budget: int = BUDGET) -> tuple[list[Plan], int]:
    """The plan of every spec with a strong player's and a random player's runs, and the pass's prompt tokens after
    it (random player's play, every validated spec)."""
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
        if kind != "does not yet" or count is None:
            plans.append(Plan(**common, count=count, per_experiment=None, cost=0.0, status=kind, why=why))
            continue
        seats = _seats(spec) if getattr(spec, "reference", None) else 1
        each = per_experiment(count, len(experiments), seats)
        added = sum(max(0, each - shipped) for shipped in experiments.values())
        cost = added * random_tokens(runs) / result.instances
        wanting.append(Plan(**common, count=count, per_experiment=each, cost=cost, status="raise", why=why))
    for each in sorted(wanting, key=lambda plan: (plan.cost, plan.spec)):
        if total + each.cost <= budget:
            total += each.cost
            plans.append(each)
        else:
            plans.append(replace(each, status="short"))
    return plans, round(total)


def _seats(spec) -> int:
    data = json.loads((REPO / "in" / f"{spec['instances']}.json").read_text(encoding="utf-8"))
    return max(experiment["game_instances"][0]["num_players"] for experiment in data["experiments"])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-g", "--games", nargs="*", help="specs of clemgame.json (default: every validated one)")
    parser.add_argument("--margin", type=float, default=MARGIN, help=f"share of the gap to resolve ({MARGIN})")
    parser.add_argument("--budget", type=int, default=BUDGET, help=f"a pass's prompt tokens ({BUDGET:,})")
    args = parser.parse_args(argv)
    validation = json.loads(VALIDATION.read_text(encoding="utf-8"))["games"]
    specs = [spec for spec in catalogue_specs(load_specs()) if not args.games or spec.game_name in args.games]
    plans, total = plan(specs, validation, args.margin, args.budget)
    print(f"{'spec':44} {'instances':>9} {'needed':>6} {'planned':>12} {'added tokens':>12}  status")
    for each in plans:
        planned = f"{each.per_experiment} x {each.experiments}" if each.per_experiment else "–"
        print(
            f"{each.spec:44} {each.instances:9} {each.count or '–':>6} {planned:>12} {each.cost:12,.0f}  "
            f"{each.status}" + (f": {each.why}" if each.status in ("cannot", "does not yet") else "")
        )
    counts = {status: sum(each.status == status for each in plans) for status in ("separates", "raise", "short")}
    print(
        f"\n{len(plans)} specs with a strong player's runs: {counts['separates']} separate, {counts['raise']} to raise, "
        f"{counts['short']} left short (the budget); a pass after the raises: {total:,} prompt tokens "
        f"(budget {args.budget:,}; margin {args.margin:g}, {FEWEST} instances at least)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
