"""The lite tier (scripts/lite.py, docs/lite.md): its entries and instance files are what the build writes from the
selection rule, every lite instance is a shipped instance of its full spec, clem selects and plays the tier, the tools
count it, and on the validation runs it ranks a panel of players as the full pass does.

The suite's per-spec checks run over the catalogue alone (support.SPECS): a sample's episodes are its full spec's,
which the subset check below ties to them, so no spec is checked twice."""

import json
import re

import budget
import build_clemgame
import lite
import pytest
import resume
import workload
from clemcore.clemgame import GameRegistry
from clemscore import clemscore

from support import GAMES, REPO, SPECS, clem

ENTRIES = json.loads((REPO / "clemgame.json").read_text(encoding="utf-8"))
VALIDATION = json.loads((REPO / "docs" / "validation.json").read_text(encoding="utf-8"))["games"]
SAMPLES = [entry for entry in ENTRIES if "sample_of" in entry]
# the keys in which a sample's entry differs from its full spec's
OWN_KEYS = {"game_name", "description", "instances", "benchmark", "sample_of"}


def read_instances(name: str) -> dict:
    return json.loads((REPO / "in" / f"{name}.json").read_text(encoding="utf-8"))


def test_the_lite_entries_and_instance_files_are_what_the_build_writes():
    built, files, unmeasured = build_clemgame.lite_tier()
    assert unmeasured == []
    # a sample the build no longer writes is its stale entry, never one written by hand
    stale = {"game_name": "ta_gone_lite", "sample_of": "ta_gone", "instances": "instances_ta_gone_lite"}
    assert build_clemgame.owned([*built, stale], built) == [*built, stale]
    assert build_clemgame.written_by_hand([stale], built) == []
    assert (
        build_clemgame.owned(ENTRIES, built) == built
    ), "clemgame.json is stale: run `python scripts/build_clemgame.py`"
    on_disk = {
        path.name: path.read_text(encoding="utf-8") for path in (REPO / "in").glob(f"instances_*{lite.SUFFIX}.json")
    }
    assert sorted(on_disk) == sorted(files), "in/ has stale lite files: run `python scripts/build_clemgame.py`"
    stale = [name for name, text in files.items() if on_disk[name] != text]
    assert stale == [], "lite instance files are stale: run `python scripts/build_clemgame.py`"


def test_every_catalogue_spec_is_in_the_lite_once_whole_or_sampled_and_its_samples_are_the_spec_but_for_its_instances():
    catalogue = {spec.game_name for spec in SPECS}
    whole = [
        entry["game_name"] for entry in ENTRIES if entry["game_name"] in catalogue and lite.TIER in entry["benchmark"]
    ]
    sampled = [entry["sample_of"] for entry in SAMPLES]
    assert sorted(whole + sampled) == sorted(catalogue)
    full = {entry["game_name"]: entry for entry in ENTRIES}
    for sample in SAMPLES:
        spec = full[sample["sample_of"]]
        assert sample["game_name"] == spec["game_name"] + lite.SUFFIX
        assert (sample["benchmark"], sample["instances"]) == ([lite.TIER], f"instances_{sample['game_name']}")
        assert {key: value for key, value in sample.items() if key not in OWN_KEYS} == {
            key: value for key, value in spec.items() if key not in OWN_KEYS
        }
        assert lite.TIER not in spec["benchmark"]


def test_every_lite_instance_is_a_shipped_instance_of_its_full_spec_with_equal_content():
    full = {entry["game_name"]: entry for entry in ENTRIES}
    for sample in SAMPLES:
        shipped = {
            experiment["name"]: experiment
            for experiment in read_instances(full[sample["sample_of"]]["instances"])["experiments"]
        }
        experiments = read_instances(sample["instances"])["experiments"]
        assert experiments, sample["game_name"]
        for experiment in experiments:
            original = shipped[experiment["name"]]
            assert {k: v for k, v in experiment.items() if k != "game_instances"} == {
                k: v for k, v in original.items() if k != "game_instances"
            }
            by_id = {instance["game_id"]: instance for instance in original["game_instances"]}
            for instance in experiment["game_instances"]:
                # the same game id, seed and content, written the same (a `_vs_` variant's seat is game_id % seats)
                assert json.dumps(instance) == json.dumps(by_id[instance["game_id"]]), (
                    sample["game_name"],
                    instance["game_id"],
                )


def test_instances_are_ordered_round_by_round_each_experiment_from_its_own_offset():
    experiments = [
        {"name": "a", "game_instances": [{"game_id": 0}, {"game_id": 1}, {"game_id": 2}]},
        {"name": "b", "game_instances": [{"game_id": 0}, {"game_id": 1}]},
        {"name": "c", "game_instances": [{"game_id": 0}]},
    ]
    assert lite.stratified(experiments) == [("a", 0), ("b", 1), ("c", 0), ("a", 1), ("b", 0), ("a", 2)]


def toy_catalogue() -> tuple[list[dict], dict, dict]:
    """Spec x: 4 episodes of 10 requests and 100 prompt tokens each; spec y: 2 of 1 and 10. A full pass: 42 requests,
    420 tokens; an episode of x weighs 10/42 + 100/420 = 0.476, one of y 0.048."""
    files = {
        "instances_x": {
            "experiments": [{"name": "e", "game_instances": [{"game_id": i, "seed": i} for i in range(4)]}]
        },
        "instances_y": {"experiments": [{"name": "e", "game_instances": [{"game_id": i} for i in range(2)]}]},
    }
    validation = {
        "x": {lite.PLAYER: {"e": {"episodes": 4, "requests": 40, "prompt tokens": {"total": 400}}}},
        "y": {lite.PLAYER: {"e": {"episodes": 2, "requests": 2, "prompt tokens": {"total": 20}}}},
    }
    catalogue = [
        {
            "game_name": name,
            "description": f"{name.upper()}.",
            "instances": f"instances_{name}",
            "benchmark": ["textarena"],
        }
        for name in ("x", "y")
    ]
    return catalogue, validation, files


def test_each_spec_plays_the_prefix_under_the_largest_common_cap_that_keeps_the_lite_within_its_share(monkeypatch):
    catalogue, validation, files = toy_catalogue()
    # within 55%: 23.1 requests, 231 tokens. Two episodes of x and y whole: 22 requests, 220 tokens; a third of x
    # (cap 1.43) would make 32
    monkeypatch.setattr(lite, "SHARE", 0.55)
    entries, written, unmeasured = lite.tiered(catalogue, validation, files.get)
    assert [entry["game_name"] for entry in entries] == ["x", "y", "x_lite"]
    assert entries[1]["benchmark"] == ["textarena", lite.TIER] and entries[0]["benchmark"] == ["textarena"]
    assert entries[2] == {
        "game_name": "x_lite",
        "description": "X. The lite tier's sample of x: 2 of its 4 instances.",
        "instances": "instances_x_lite",
        "benchmark": [lite.TIER],
        "sample_of": "x",
    }
    assert json.loads(written["instances_x_lite.json"]) == {
        "experiments": [{"name": "e", "game_instances": [{"game_id": 0, "seed": 0}, {"game_id": 1, "seed": 1}]}]
    }
    assert unmeasured == []
    # within 50%: 21 requests; x keeps one episode (12 requests)
    monkeypatch.setattr(lite, "SHARE", 0.5)
    assert lite.select(catalogue, validation, files.get)[0] == {"x": [("e", 0)], "y": [("e", 0), ("e", 1)]}
    # within 10%: one episode of x alone is 10 of 42 requests
    monkeypatch.setattr(lite, "SHARE", 0.1)
    with pytest.raises(lite.LiteError, match="one episode of every spec already costs more than 10% of a full pass"):
        lite.select(catalogue, validation, files.get)
    # a spec never validated is played whole (its cost unknown) and named; the share is of the validated specs' pass
    del validation["x"]
    monkeypatch.setattr(lite, "SHARE", 0.5)
    assert lite.select(catalogue, validation, files.get) == (
        {"x": [("e", 0), ("e", 1), ("e", 2), ("e", 3)], "y": [("e", 0)]},
        ["x"],
    )


def test_a_sampled_spec_plays_the_instances_that_stand_best_for_its_references(monkeypatch):
    """x's random play scores 0, 0, 100, 100 and the expert's 100 on every instance: the stratified order's first two
    instances would read random play at 0 (its mean is 50); the sample chosen reads 50, one instance of each kind."""
    catalogue, validation, files = toy_catalogue()
    validation["x"][lite.PLAYER]["e"]["scores"] = [0.0, 0.0, 100.0, 100.0]
    validation["x"]["ta-expert"] = {"e": {"episodes": 4, "scores": [100.0] * 4}}
    monkeypatch.setattr(lite, "SHARE", 0.55)  # x plays 2 of its 4 episodes (the test above)
    chosen = lite.select(catalogue, validation, files.get)[0]["x"]
    assert len(chosen) == 2
    assert sorted(validation["x"][lite.PLAYER]["e"]["scores"][game_id] for _, game_id in chosen) == [0.0, 100.0]
    # without the references' scores, the stratified order's first instances
    del validation["x"]["ta-expert"], validation["x"][lite.PLAYER]["e"]["scores"]
    assert lite.select(catalogue, validation, files.get)[0]["x"] == [("e", 0), ("e", 1)]


def test_a_sample_counts_its_own_episodes_at_its_full_specs_means_per_episode(tmp_path):
    (tmp_path / "in").mkdir()
    specs = [
        {"game_name": "x", "instances": "instances_x"},
        {"game_name": "x_lite", "instances": "instances_x_lite", "sample_of": "x"},
    ]
    (tmp_path / "clemgame.json").write_text(json.dumps(specs))
    (tmp_path / "in" / "instances_x_lite.json").write_text(
        json.dumps({"experiments": [{"name": "e", "game_instances": [{"game_id": 0}, {"game_id": 3}]}]})
    )
    tokens = {"total": 400, "max": 7, "episode max": 150, "episode mean": 100}
    cell = {"episodes": 4, "requests": 40, "prompt tokens": tokens, "scores": [1, 2, 3, 4]}
    validation = {"games": {"x": {"ta-random": {"e": cell, "f": cell}}}, "full view": {"x": {"ta-random": {"e": cell}}}}
    result = workload.with_samples(validation, tmp_path / "clemgame.json", tmp_path / "in")
    expected = {"ta-random": {"e": {"episodes": 2, "requests": 20.0, "prompt tokens": {**tokens, "total": 200}}}}
    assert result["games"]["x_lite"] == expected and result["full view"]["x_lite"] == expected
    assert result["games"]["x"] == validation["games"]["x"] and "x_lite" not in validation["games"]


def test_budget_counts_a_sample_at_its_full_specs_means_and_leaves_samples_out_of_the_full_pass(capsys):
    sample = SAMPLES[0]
    cells = VALIDATION[sample["sample_of"]]["ta-random"]
    experiments = read_instances(sample["instances"])["experiments"]
    requests = sum(
        len(each["game_instances"]) * cells[each["name"]]["requests"] / cells[each["name"]]["episodes"]
        for each in experiments
    )
    assert budget.main(["-g", sample["game_name"]]) == 0
    assert re.search(rf"^{sample['game_name']} .* {requests:8,.0f} ", capsys.readouterr().out, re.MULTILINE)
    assert budget.main([]) == 0
    assert f"{len(SPECS)} games, " in capsys.readouterr().out


def test_clems_benchmark_selector_picks_the_tier_and_the_tools_take_it():
    registry = GameRegistry.from_directories_and_cwd_files()
    tier = [entry["game_name"] for entry in ENTRIES if lite.TIER in entry["benchmark"]]
    selector = "{'benchmark':['textarena-lite']}"  # as the README and docs/lite.md give it
    assert [spec.game_name for spec in registry.get_game_specs_that_unify_with(selector, verbose=False)] == tier
    assert [spec.game_name for spec in resume.select_specs(registry, [selector])] == tier
    # by default the tools plan the full pass: the catalogue, without the samples
    assert [spec.game_name for spec in resume.select_specs(registry, None)] == [spec.game_name for spec in SPECS]


@pytest.mark.one_python
def test_clem_plays_samples_by_name_as_their_full_specs_play_the_same_instances(tmp_path):
    """A base game's sample and a `_vs_` variant's (those of the fewest shipped instances that this Python can play,
    for a short run) played with the mock in one clem run beside their full specs: the same episodes on the sample's
    instances, the name aside."""
    chosen = [
        min(
            (sample for sample in SAMPLES if ("reference" in sample) == vs and sample["sample_of"] in GAMES),
            key=shipped_instances,
        )
        for vs in (False, True)
    ]
    names = [name for sample in chosen for name in (sample["game_name"], sample["sample_of"])]
    clem("run", "-g", *names, "-m", "mock", "-r", str(tmp_path))
    for sample in chosen:
        planned = [
            f"{experiment['name']}/instance_{instance['game_id']:05d}"
            for experiment in read_instances(sample["instances"])["experiments"]
            for instance in experiment["game_instances"]
        ]
        played = sorted(path.parent for path in (tmp_path / "mock" / sample["game_name"]).rglob("interactions.json"))
        assert [str(path.relative_to(tmp_path / "mock" / sample["game_name"])) for path in played] == sorted(planned)
        for episode in planned:
            lite_episode = (tmp_path / "mock" / sample["game_name"] / episode / "interactions.json").read_text()
            full_episode = (tmp_path / "mock" / sample["sample_of"] / episode / "interactions.json").read_text()
            assert without_times(lite_episode).replace(sample["game_name"], sample["sample_of"]) == without_times(
                full_episode
            )


def shipped_instances(sample: dict) -> int:
    full = next(entry for entry in ENTRIES if entry["game_name"] == sample["sample_of"])
    return sum(len(experiment["game_instances"]) for experiment in read_instances(full["instances"])["experiments"])


def without_times(text: str) -> str:
    return re.sub(r'"timestamp": "[^"]*"', "", text)


@pytest.mark.slow
def test_the_lite_ranks_the_panel_as_the_full_pass_does_within_a_tenth_of_its_cost():
    """The targets of docs/lite.md on the validation runs: at most 10% of the requests and prompt tokens, every
    TextArena class, Kendall tau 0.9 or more, no pair 3 points apart reversed, an expert-random gap as wide."""
    result = lite.figures(ENTRIES, workload.load_validation(), lite.instance_reader(REPO / "in"))
    assert len(result["scores"]) >= 30
    assert lite.missed(result) == []
    # the all-random member reads as clem eval reads ta-random's validation run of the catalogue
    assert result["scores"][result["random"]][0] == clemscore(
        [
            [score for cell in VALIDATION[spec.game_name]["ta-random"].values() for score in cell["scores"]]
            for spec in SPECS
        ]
    )
