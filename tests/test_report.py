"""The report of scored runs (scripts/report.py): the references' own runs land on 100 and 0, intervals hold their
scores, the clemscore is clem eval's, missing and failed episodes are reported, a lite spec takes its full spec's
figures, a fresh draw has its references played, and the page renders offline in headless Chromium."""

import csv
import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest
import report
from clemcore.backends import ModelSpec
from clemscore import clemscore
from fresh_instances import link_game_code

from support import REPO, clem, mock_model, python, run_in_process
from ta_players_api import ProgrammaticPlayer

# the report reads results folders and writes files: its code runs alike on both Pythons (the games it reads are
# played on both elsewhere)
pytestmark = pytest.mark.one_python

# small specs of three families: two single-player games the expert wins and random play does not, a `_vs_` spec the
# expert draws against minimax (a win, draw or loss per episode) and self-play, where both references always finish
# (their references 0 points apart: not normalizable)
SPECS = ["ta_three_card_monte", "ta_guess_the_number", "ta_tic_tac_toe_vs_minimax", "ta_tic_tac_toe"]
NORMALIZABLE = {"ta_three_card_monte", "ta_guess_the_number", "ta_tic_tac_toe_vs_minimax"}
CHROMIUM = shutil.which("chromium")
# what the page's test launches: no background traffic of the browser's own, a profile of its own
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def programmatic(strategy: str) -> ProgrammaticPlayer:
    return ProgrammaticPlayer(ModelSpec(model_name=f"ta-{strategy}", model_id=strategy, backend="ta_players"))


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    """The references, the mock and a pairing of expert and random on every shipped instance of SPECS, played as
    `clem run` plays them, then scored, evaluated and (one spec) transcribed by clem."""
    results = tmp_path_factory.mktemp("report_runs") / "results"
    expert, random_player = programmatic("expert"), programmatic("random")
    for models in ([expert], [random_player], [mock_model()]):
        for spec in SPECS:
            run_in_process(spec, results, models)
    run_in_process("ta_tic_tac_toe", results, [expert, random_player])
    clem("score", "-r", str(results))
    clem("eval", "-r", str(results))
    # the transcripts of one spec (all of them cost seconds more): the page links those, and names the others
    clem("transcribe", "-g", "ta_tic_tac_toe_vs_minimax", "-r", str(results))
    return results


@pytest.fixture(scope="module")
def written(runs, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report")
    assert report.main([str(runs), "-o", str(out)]) == 0
    return out


def read_csv(path: Path) -> list[dict]:
    return list(csv.DictReader(path.open(encoding="utf-8")))


def rows_of(out: Path, model: str) -> dict[str, dict]:
    return {row["game"]: row for row in read_csv(out / "report.csv") if row["model"] == model}


def test_the_references_own_runs_score_100_and_0_where_they_are_apart(written):
    expert, random_rows = rows_of(written, "ta-expert"), rows_of(written, "ta-random")
    assert {game for game, row in expert.items() if row["normalizable"] == "yes"} == NORMALIZABLE
    for game in NORMALIZABLE:
        assert (expert[game]["normalized score"], expert[game]["low"], expert[game]["high"]) == ("100.0",) * 3
        assert (random_rows[game]["normalized score"], random_rows[game]["low"], random_rows[game]["high"]) == (
            ("0.0",) * 3
        )
    # self-play: both references finish every game; the raw score, marked
    assert expert["ta_tic_tac_toe"]["normalizable"].startswith("references 0.0 apart")
    assert expert["ta_tic_tac_toe"]["normalized score"] == "100.0"
    assert {row["family"] for row in expert.values()} == {"numbers", "small_boards"}
    summary = {(row["model"], row["family"]): row for row in read_csv(written / "summary.csv")}
    assert [summary[("ta-expert", "all")][key] for key in ("mean", "mean low", "median high")] == ["100.0"] * 3
    assert [summary[("ta-random", "all")][key] for key in ("mean", "mean high", "median low")] == ["0.0"] * 3
    assert summary[("ta-expert", "all")]["normalized specs"] == "3"


def test_the_normalized_score_is_the_mock_between_the_references_by_hand(runs, written):
    """ta_three_card_monte: the mock's Main Scores (aborted 0) against docs/validation.json's figures."""
    validation = json.loads((REPO / "docs" / "validation.json").read_text())["games"]["ta_three_card_monte"]

    def mean(scores):
        return sum(0 if score is None or math.isnan(score) else score for score in scores) / len(scores)

    mock = [
        json.loads(path.read_text())["episode scores"]["Main Score"]
        for path in sorted((runs / "mock" / "ta_three_card_monte").glob("*/instance_*/scores.json"))
    ]
    expert, random_scores = (validation[player]["default"]["scores"] for player in ("ta-expert", "ta-random"))
    expected = 100 * (mean(mock) - mean(random_scores)) / (mean(expert) - mean(random_scores))
    assert float(rows_of(written, "mock")["ta_three_card_monte"]["normalized score"]) == pytest.approx(
        expected, abs=0.05
    )


def test_every_interval_holds_its_score(written):
    rows = read_csv(written / "report.csv")
    assert len(rows) == 3 * len(SPECS) + 1  # three models on every spec, the pairing on one
    for row in rows:
        assert float(row["low"]) <= float(row["normalized score"]) <= float(row["high"]), row
    for row in read_csv(written / "summary.csv"):
        for statistic in ("mean", "median"):
            if row[statistic]:
                assert float(row[f"{statistic} low"]) <= float(row[statistic]) <= float(row[f"{statistic} high"]), row


def test_the_clemscore_is_clem_evals(runs, written):
    evaluated = {row[""]: float(row["-, clemscore"]) for row in read_csv(runs / "results.csv")}
    summary = {
        row["model"]: float(row["clemscore"]) for row in read_csv(written / "summary.csv") if row["family"] == "all"
    }
    assert summary == evaluated


def test_the_clemscore_is_the_played_share_times_the_main_score_of_the_episodes_played():
    # % played 50, 0, 100 (mean 50); Main Score 100, none, 30 (mean 65): 0.5 x 65
    assert clemscore([[100.0, None], [None, None], [20.0, 40.0]]) == 32.5
    # rounded as clem eval's pandas rounds, half to even after scaling: a mean of 0.005 is 0.0 (Python's round: 0.01)
    assert clemscore([[0.01, 0.0]]) == 0.0
    assert math.isnan(clemscore([[None, None]]))  # nothing played: clem eval shows no number


def test_wins_draws_and_losses_are_the_model_seats(runs):
    """The expert against minimax: each episode's Win/Draw/Loss as the scorer logged them."""
    (row,) = [
        row
        for row in report.read_runs([runs], None, runs, report.Catalogue())
        if row.model == "ta-expert" and row.spec == "ta_tic_tac_toe_vs_minimax"
    ]
    logged = [
        json.loads(path.read_text())["episode scores"]
        for path in (runs / "ta-expert" / "ta_tic_tac_toe_vs_minimax").glob("*/instance_*/scores.json")
    ]
    outcome = report.outcomes(row)
    assert [outcome[key] for key in ("win", "draw", "loss")] == [
        sum(scores[key] for scores in logged) for key in ("Win", "Draw", "Loss")
    ]
    assert outcome["episodes"] == len(logged) == 10


def test_a_run_with_missing_and_failed_episodes_is_reported(runs, tmp_path):
    results = tmp_path / "results"
    shutil.copytree(runs / "mock", results / "mock")
    episodes = sorted((results / "mock" / "ta_three_card_monte").glob("*/instance_*"))
    shutil.rmtree(episodes[0])  # never played
    (episodes[1] / "scores.json").unlink()
    (episodes[1] / "interactions.json").unlink()
    (episodes[1] / "error.json").write_text(json.dumps({"error": "TimeoutError", "message": "the backend timed out"}))
    (episodes[2] / "scores.json").unlink()  # not scored yet
    out = tmp_path / "out"
    assert report.main([str(results), "-o", str(out)]) == 0
    row = rows_of(out, "mock")["ta_three_card_monte"]
    assert (row["episodes"], row["failed"], row["missing"]) == ("7", "1", "2")
    page = (out / "index.html").read_text()
    assert "TimeoutError: the backend timed out" in page


def test_a_lite_spec_takes_its_full_specs_figures(tmp_path):
    """A hand-made lite spec that samples every third instance of ta_three_card_monte: the expert's run of it is in
    the lite tier, its full spec's family, at 100 by the full spec's figures, none played anew."""
    game_dir = tmp_path / "game"
    (game_dir / "in").mkdir(parents=True)
    link_game_code(game_dir)
    full = next(entry for entry in json.loads((REPO / "clemgame.json").read_text()) if entry["game_name"] == SPECS[0])
    lite = {
        **full,
        "game_name": "ta_three_card_monte_lite",
        "instances": "instances_ta_three_card_monte_lite",
        "benchmark": ["textarena", report.LITE],
        "sample_of": SPECS[0],
    }
    (game_dir / "clemgame.json").write_text(json.dumps([full, lite]))
    instances = json.loads((REPO / "in" / f"{full['instances']}.json").read_text())
    for experiment in instances["experiments"]:
        experiment["game_instances"] = experiment["game_instances"][::3]
    (game_dir / "in" / f"{lite['instances']}.json").write_text(json.dumps(instances))
    clem("run", "-g", lite["game_name"], "-m", "ta-expert", cwd=game_dir)
    clem("score", cwd=game_dir)
    assert report.main([str(game_dir / "results")]) == 0
    (row,) = read_csv(game_dir / "report" / "report.csv")
    assert (row["tier"], row["family"], row["episodes"]) == ("lite", "numbers", "4")
    assert (row["normalized score"], row["normalizable"]) == ("100.0", "yes")
    assert not (game_dir / "report" / "references").exists()


@pytest.mark.slow
def test_a_fresh_draw_has_its_references_played_once(tmp_path):
    """On instances the catalogue's figures do not cover, the script plays the references itself (into
    DIR/references) and reads them there the next time."""
    fresh = tmp_path / "fresh"
    python(REPO / "scripts" / "fresh_instances.py", "-o", str(fresh), "-g", "ta_three_card_monte", "--draw", "report")
    clem("run", "-g", "ta_three_card_monte", "-m", "ta-expert", cwd=fresh)
    clem("score", cwd=fresh)
    assert report.main([str(fresh / "results")]) == 0
    played = sorted((fresh / "report" / "references").rglob("scores.json"))
    assert len(played) == 2 * 10  # both references, every fresh instance
    (row,) = read_csv(fresh / "report" / "report.csv")
    assert (row["normalized score"], row["normalizable"]) == ("100.0", "yes")
    stamps = [path.stat().st_mtime_ns for path in played]
    assert report.main([str(fresh / "results")]) == 0
    assert [path.stat().st_mtime_ns for path in played] == stamps


def browse(page: Path, tmp_path: Path) -> tuple[str, list[str]]:
    """The page's DOM as headless Chromium renders it, and the URLs the page asked the network for (Chromium's net
    log: the requests of the page's own site, file://, apart from the browser's)."""
    netlog = tmp_path / "netlog.json"
    process = subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", f"--log-net-log={netlog}", "--dump-dom",
         page.as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    events = json.loads(netlog.read_text())["events"]
    fetched = [
        event["params"]["url"]
        for event in events
        if "url" in event.get("params", {}) and "file://" in event["params"].get("network_isolation_key", "")
    ]
    return process.stdout, fetched


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed here (apt-get install chromium; CI has it)")
def test_the_page_renders_in_chromium_shows_every_model_and_fetches_nothing(written, runs, tmp_path):
    # the check can fail: a page with an image on the network is caught fetching it
    canary = tmp_path / "canary.html"
    canary.write_text('<html><body><img src="http://127.0.0.1:9/canary.png"></body></html>')
    assert browse(canary, tmp_path / "canary")[1] == ["http://127.0.0.1:9/canary.png"]

    dom, fetched = browse(written / "index.html", tmp_path / "page")
    assert fetched == []
    overall = dom[dom.index('id="overall"') : dom.index('id="families"')]
    for model in ("ta-expert", "ta-random", "mock", "ta-expert--ta-random"):
        assert f"</span>{model}</td>" in overall
    assert dom.count("<svg") == 1 + 2  # the families side by side, and a chart per family
    assert "ta_tic_tac_toe_vs_minimax" in dom[dom.index('id="contests"') : dom.index('id="lost"')]
    # the head-to-head of the pairing, rated
    ratings = dom[dom.index('id="ratings"') :]
    assert "ta-expert" in ratings and "data:image/png;base64," in ratings
    # the rules broken link transcripts clem transcribe wrote
    links = [part.split('"')[0] for part in dom[dom.index('id="lost"') :].split('href="')[1:]]
    transcripts = [link for link in links if link.endswith("transcript.html")]
    assert transcripts and all((written / link).resolve().is_file() for link in transcripts)
