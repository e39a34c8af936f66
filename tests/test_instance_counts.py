"""Instance counts: a game and its variants playing different counts from one set of instances, the counts the power
rule gives (scripts/power.py), and the request cap of 2048 read off one run (scripts/plan_2048.py)."""

import copy
import json

import build_clemgame
import plan_2048
import power
import pytest
from separation import separation

import instancegenerator
from runtime.errors import SpecError
from support import REPO, SPECS, spec_of


def test_a_game_and_its_variants_play_their_own_counts_from_the_largest():
    base = {"game_name": "ta_x", "description": "X.", "instances": "instances_ta_x", "references": ["random", "greedy"]}
    counts = {"base": 1, "random": 10, "greedy": 60}
    built = build_clemgame.with_vs_specs([{**base, "n_instances": counts}])
    assert [(spec["game_name"], spec["n_instances"], spec["instances"]) for spec in built] == [
        ("ta_x", 1, "instances_ta_x_first1"),
        ("ta_x_vs_random", 10, "instances_ta_x_first10"),
        ("ta_x_vs_greedy", 60, "instances_ta_x"),
    ]
    # one count for all: every spec plays the game's file
    assert {spec["instances"] for spec in build_clemgame.with_vs_specs([{**base, "n_instances": 4}])} == {
        "instances_ta_x"
    }
    with pytest.raises(SpecError, match="^ta_x: `n_instances` gives no count for 'greedy'"):
        build_clemgame.with_vs_specs([{**base, "n_instances": {"base": 1, "random": 10}}])


def _experiments(name: str) -> list[dict]:
    return json.loads((REPO / "in" / f"{name}.json").read_text(encoding="utf-8"))["experiments"]


@pytest.mark.parametrize(
    "spec", [spec for spec in SPECS if "_first" in spec.instances], ids=lambda spec: spec.game_name
)
def test_a_spec_that_plays_fewer_plays_the_first_instances_of_its_base_games_file(spec):
    base = spec_of(getattr(spec, "base_game", spec.game_name))
    family = [each for each in SPECS if getattr(each, "base_game", each.game_name) == base.game_name]
    full = _experiments(f"instances_{base.game_name}")
    assert max(each.n_instances for each in family) == max(len(exp["game_instances"]) for exp in full)
    assert _experiments(spec.instances) == [
        {**exp, "game_instances": exp["game_instances"][: spec.n_instances]} for exp in full
    ]


def test_the_generator_writes_the_full_file_and_the_first_instances_and_counts_keep_content(tmp_path):
    """A count cut keeps the first instances, a count raised keeps every instance there was: seeds are per game,
    experiment and game id."""
    family = [spec_of("ta_tic_tac_toe"), spec_of("ta_tic_tac_toe_vs_random"), spec_of("ta_tic_tac_toe_vs_minimax")]
    family = [copy.deepcopy(spec) for spec in family]
    for spec, count, name in zip(family, (2, 12, 4), ("first2", "", "first4")):
        spec.n_instances, spec.instances = count, "instances_ta_tic_tac_toe" + (f"_{name}" if name else "")
    _, paths = instancegenerator.generate_family(family, tmp_path)
    assert sorted(path.rsplit("/", 1)[1] for path in paths) == [
        "instances_ta_tic_tac_toe.json",
        "instances_ta_tic_tac_toe_first2.json",
        "instances_ta_tic_tac_toe_first4.json",
    ]
    written = {path.rsplit("/", 1)[1]: json.loads(open(path).read())["experiments"] for path in paths}
    shipped = _experiments("instances_ta_tic_tac_toe")  # 10 instances
    [full] = written["instances_ta_tic_tac_toe.json"]
    assert len(full["game_instances"]) == 12 and full["game_instances"][:10] == shipped[0]["game_instances"]
    assert written["instances_ta_tic_tac_toe_first4.json"][0]["game_instances"] == shipped[0]["game_instances"][:4]
    assert written["instances_ta_tic_tac_toe_first2.json"][0]["game_instances"] == shipped[0]["game_instances"][:2]


def test_registered_experiments_take_their_own_counts():
    game_2048 = spec_of("ta_2048")
    assert game_2048.n_instances == 6
    assert len(instancegenerator.instance_kwargs(game_2048, "default")) == 6
    assert instancegenerator.instance_kwargs(game_2048, "10x10") == [{}]
    assert len(instancegenerator.instance_kwargs(game_2048, "default", 3)) == 3  # the count given, where none is set
    assert {exp["name"]: len(exp["game_instances"]) for exp in _experiments("instances_ta_2048")} == {
        **{name: 6 for name in ("very-easy", "easy", "default", "hard", "very-hard", "extreme", "3x3")},
        **{name: 1 for name in ("ultra-easy", "mega-easy", "super-easy", "5x5", "6x6", "8x8", "10x10")},
    }


def test_the_power_rule_counts_and_spreads_them_over_experiments_and_seats():
    # z_0.975 + z_0.8 = 2.80158; scores 100 once in ten against 0: gap 10, spread sd(100, 0 x 9) = 31.623
    result = separation([100.0] + [0.0] * 9, [0.0] * 10)
    assert power.needed(result) == 140  # (2.80158 x 31.623 / 7.5)^2 = 139.5
    assert power.needed(result, margin=1.0) == 79  # (2.80158 x 31.623 / 10)^2 = 78.5
    assert power.needed(separation([0.0] * 10, [0.0] * 10)) is None
    assert power.per_experiment(253, 1, 10) == 260
    assert power.per_experiment(440, 2, 4) == 220
    assert power.per_experiment(6, 5) == 2


def test_an_experiment_keeps_the_count_the_rule_gives_where_its_instances_can_resolve_its_gap_else_one():
    strong = {"wide": [100.0, 90.0] * 5, "none": [50.0] * 10, "noisy": [70.0, 30.0] * 5}
    random = {"wide": [50.0, 40.0] * 5, "none": [50.0] * 10, "noisy": [40.0] * 10}
    # wide: gap 50, spread 7.45, (2.80158 x 7.45 / 37.5)^2 = 0.3, at least 6; noisy: gap 10, spread 21.08,
    # (2.80158 x 21.08 / 7.5)^2 = 62 > 10 instances
    assert power.experiment_counts(strong, random, shipped=10) == {"wide": 6, "none": 1, "noisy": 1}


def _runs(strong: list[float], tokens: int) -> dict:
    cell = {"episodes": 10, "prompt tokens": {"total": tokens}}
    return {
        "ta-expert": {"default": {**cell, "scores": strong}},
        "ta-random": {"default": {**cell, "scores": [0.0] * 10}},
    }


def test_the_plan_raises_the_cheapest_specs_first_within_the_budget():
    # both ship 10 instances of one experiment; here a gap of 10 (one win in ten), not resolved: 140 needed, 130 to add
    cheap, dear = spec_of("ta_tic_tac_toe_vs_random"), spec_of("ta_tic_tac_toe_vs_minimax")
    validation = {cheap.game_name: _runs([100.0] + [0.0] * 9, 1_000), dear.game_name: _runs([100.0] + [0.0] * 9, 2_000)}
    plans, total = power.plan([cheap, dear], validation, budget=3_000 + 130 * 100 + 130 * 150)
    assert [(each.spec, each.count, each.per_experiment, each.cost, each.status) for each in plans] == [
        (cheap.game_name, 140, 140, 130 * 100, "raise"),
        (dear.game_name, 140, 140, 130 * 200, "short"),
    ]
    assert total == 3_000 + 130 * 100


def test_a_2048_episode_cut_at_a_cap_scores_the_board_that_many_moves_in():
    board = "+-----+\n|  2  .  |\n|  .  64  |\n+-----+\n"
    assert plan_2048.largest_tile(f"Moves: [Up].\n{board}") == 64 and plan_2048.largest_tile("no board") is None
    played = {"tiles": [2, 4, 8, 16, 32], "final": 64, "target": 2048, "tokens": [10] * 5}
    assert plan_2048.score(played, 3) == pytest.approx(30.0)  # 16 after 3 moves: 3 of the 10 doublings to 2048
    assert plan_2048.score(played, 5) == pytest.approx(50.0)  # the episode ended before the cap: its last board


def test_a_raised_spec_measured_at_its_count_is_recounted_where_its_first_instances_separate():
    spec = spec_of("ta_tic_tac_toe_vs_random")  # ships 10 instances of one experiment
    # every pair +100: the rule's 6 instances (the fewest a sign test takes) separate on the recorded scores
    validation = {spec.game_name: _runs([100.0] * 10, 1_000)}
    [recounted], total = power.plan([spec], validation, recount=frozenset({spec.game_name}))
    assert (recounted.count, recounted.per_experiment, recounted.cost, recounted.status) == (6, 6, -400, "recount")
    assert total == 600
    # without --recount a spec that separates keeps its instances
    [kept], total = power.plan([spec], validation)
    assert (kept.per_experiment, kept.status, total) == (None, "separates", 1_000)
