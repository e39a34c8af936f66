"""The catalogue page is generated and current, and its validation figures cover every game as shipped."""

import json
import sys

import catalogue
import pytest
from textarena.envs.registration import ENV_REGISTRY

from runtime.availability import unavailable_reason
from support import REPO, SPECS, UNAVAILABLE_GAMES

VALIDATION = json.loads((REPO / "docs" / "validation.json").read_text())["games"]


def test_catalogue_page_is_current():
    assert (REPO / "docs" / "catalogue.md").read_text(
        encoding="utf-8"
    ) == catalogue.render(), "docs/catalogue.md is stale: run `python scripts/catalogue.py`"


def test_catalogue_lists_every_textarena_env_class_once():
    page = (REPO / "docs" / "catalogue.md").read_text(encoding="utf-8")
    classes = {entry.split(":")[1] for entry in (spec.entry_point for spec in ENV_REGISTRY.values())}
    assert len(classes) == 96
    table = page.split("\n## ")[0]  # the env classes' table, before the sections
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert sorted(row.split("`")[1] for row in rows) == sorted(classes)


def test_validation_figures_cover_every_instance_of_the_games_they_cover():
    """Figures are never stale: a validated game's figures cover its shipped instances. Games wired since the last
    validation run show as "not validated yet" in the catalogue."""
    assert set(VALIDATION) <= {spec.game_name for spec in SPECS}
    for spec in (spec for spec in SPECS if spec.game_name in VALIDATION):
        data = json.loads((REPO / "in" / f"{spec['instances']}.json").read_text())
        counts = {exp["name"]: len(exp["game_instances"]) for exp in data["experiments"]}
        for player, experiments in VALIDATION[spec.game_name].items():
            assert {name: cell["episodes"] for name, cell in experiments.items()} == counts, (spec.game_name, player)
            assert all(cell["errors"] == 0 for cell in experiments.values()), (spec.game_name, player)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.game_name)
def test_python_312_games_are_exactly_the_catalogues(spec):
    """The catalogue's list of 3.12-only env modules is what this Python finds (on 3.11 they do not compile)."""
    needs_312 = spec.entry_point.split(":")[1] in catalogue.NEEDS_PYTHON_312
    if sys.version_info >= (3, 12):
        assert unavailable_reason(spec) is None
    else:
        assert (unavailable_reason(spec) is not None) == needs_312
        assert (spec.game_name in UNAVAILABLE_GAMES) == needs_312


def test_context_page_is_current():
    assert (REPO / "docs" / "context.md").read_text(
        encoding="utf-8"
    ) == catalogue.render_context(), "docs/context.md is stale: run `python scripts/catalogue.py`"


def test_every_games_default_view_kept_its_validation_prompts_within_the_budget():
    """The validation runs (every shipped instance, every programmatic player and the mock) never sent a prompt
    larger than an 8k model can take with 2,048 tokens left for its reply."""
    largest = {
        game: max(
            cell["prompt tokens"]["max"]
            for runs in players.values()
            for cell in runs.values()
            if cell.get("prompt tokens")
        )
        for game, players in VALIDATION.items()
    }
    # validated on Python 3.12, where every game plays
    assert set(largest) == {spec.game_name for spec in SPECS}
    assert {game: tokens for game, tokens in largest.items() if tokens > catalogue.PROMPT_BUDGET} == {}


def test_no_spec_scores_its_strong_player_below_random_play_without_the_games_reason():
    """Where the strong player's mean is below the random player's on the validation runs, the game makes strength
    invisible to its score and the spec's `cannot_separate` says why; a weak strong player is a defect to fix, not to
    list."""
    below = [
        spec.game_name
        for spec in SPECS
        if spec.game_name in VALIDATION
        and (result := catalogue.strong_vs_random(VALIDATION[spec.game_name])) is not None
        and result.difference < 0
        and not getattr(spec, "cannot_separate", None)
    ]
    assert below == []


def test_every_reason_a_spec_cannot_separate_names_a_spec_that_does_not():
    separating = [
        spec.game_name
        for spec in SPECS
        if getattr(spec, "cannot_separate", None)
        and spec.game_name in VALIDATION
        and catalogue.spec_verdict(spec, VALIDATION[spec.game_name])[0] == "separates"
    ]
    assert separating == []


def test_strong_play_separates_on_at_least_92_percent_of_the_specs_with_a_strong_player_and_none_reversed():
    """Issue 47's bar over the validation runs: single-player and `_vs_` specs without a judge."""
    measure = catalogue.expert_separation(SPECS, catalogue.judge_separations(SPECS, VALIDATION))
    assert measure.separating >= 0.92 * measure.specs
    assert measure.reversed == 0
