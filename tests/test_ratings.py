"""The ratings command on real pairings of the programmatic players: the expert comes out above the random player,
in the ratings and in the points shares, with a table and a plot."""

import csv

import pytest
import ratings
from clemcore.backends import ModelSpec

from support import run_in_process
from ta_players_api import ProgrammaticPlayer


def programmatic(strategy: str) -> ProgrammaticPlayer:
    return ProgrammaticPlayer(ModelSpec(model_name=f"ta-{strategy}", model_id=strategy, backend="ta_players"))


def small_othello(row) -> bool:
    return row["experiment"]["name"] == "small"


@pytest.fixture(scope="module")
def pairings(tmp_path_factory):
    """Othello 6x6, the heuristic expert against the random player, each in both seats, and a self-play run (on 4x4
    the expert loses as Black to some lines of random play), on the game's full instance file: the self-play spec
    plays the first instance of each experiment, its variants the file's 4."""
    results = tmp_path_factory.mktemp("ratings") / "results"
    expert, random_player = programmatic("expert"), programmatic("random")
    for models in ([expert, random_player], [random_player, expert], [random_player]):
        run_in_process("ta_othello", results, models, small_othello, instances="instances_ta_othello")
    return results


def test_ratings_rank_the_expert_above_random_on_real_pairings(pairings, tmp_path):
    assert ratings.main([str(pairings), "-o", str(tmp_path)]) == 0
    rows = list(csv.DictReader((tmp_path / "ratings.csv").open(encoding="utf-8")))
    for game in ("ta_othello", "all games"):
        ranked = [row for row in rows if row["game"] == game]
        assert [row["player"] for row in ranked] == ["ta-expert", "ta-random"]
        expert, random_player = ranked
        # 8 episodes between them (4 instances x 2 seatings); self-play is skipped
        assert int(expert["episodes"]) == int(random_player["episodes"]) == 8
        assert float(expert["mu"]) - 2 * float(expert["sigma"]) > float(random_player["mu"])
        assert float(expert["points share"]) >= 0.9 > 0.1 >= float(random_player["points share"])
    shares = {
        (row["player"], row["opponent"]): float(row["points share"])
        for row in csv.DictReader((tmp_path / "win_rates.csv").open(encoding="utf-8"))
        if row["game"] == "ta_othello"
    }
    assert shares[("ta-expert", "ta-random")] == pytest.approx(1 - shares[("ta-random", "ta-expert")])
    assert (tmp_path / "ratings.png").read_bytes().startswith(b"\x89PNG")


def test_ratings_are_the_same_for_the_same_folders(pairings, tmp_path):
    ratings.main([str(pairings), "-o", str(tmp_path / "a")])
    ratings.main([str(pairings), "-o", str(tmp_path / "b")])
    assert (tmp_path / "a" / "ratings.csv").read_text() == (tmp_path / "b" / "ratings.csv").read_text()


def test_self_play_alone_cannot_rate_and_says_so(pairings, tmp_path, capsys):
    with pytest.raises(SystemExit):
        ratings.main([str(pairings / "ta-random"), "-o", str(tmp_path)])
    assert "no episode between different players" in capsys.readouterr().err
