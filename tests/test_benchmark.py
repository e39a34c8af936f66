"""The benchmark script runs: it is not a timed test (its figures are in docs/benchmark.md), but a script nobody runs
rots, as it once did when `make_env` gained an argument and every episode of the benchmark failed."""

import re
import subprocess

import pytest

from support import python

# the benchmark script's accounting: the same on both Pythons (CI runs them on 3.12)
pytestmark = pytest.mark.one_python


def benchmark(*args: str) -> subprocess.CompletedProcess:
    """The script's run, forked from the process paused after clemcore's imports as the suite's clem calls are."""
    return python("scripts/benchmark.py", *args)


def table(markdown: str) -> dict[str, dict[str, str]]:
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")] for line in markdown.splitlines() if line.startswith("| ")
    ]
    headers, *rows = rows
    return {cells[0]: dict(zip(headers, cells)) for cells in rows}


def test_the_benchmark_plays_its_episodes_and_accounts_for_the_time():
    # one self-play game, one with reference seats, one whose submaster wraps the env's step after the benchmark did
    games = ["ta_tic_tac_toe", "ta_liars_dice_vs_random", "ta_poker_vs_random"]
    result = benchmark("--games", *games, "--episodes", "9", "--markdown")
    assert "failed" not in result.stderr
    rows = table(result.stdout)
    assert set(rows) == {*games, "all"}
    for game in games:
        assert rows[game]["episodes"] == "3"
        mean, median = (
            float(value.replace(",", "")) for value in rows[game]["our layer µs/req mean/median"].split("/")
        )
        # what the layer is left with after the env, clemcore's event logging and the references are taken out:
        # never negative
        assert mean > 0 and median > 0, rows[game]
        # clemcore's time holds the event logging of our steps (every request logs its context and reply)
        clemcore, events = re.fullmatch(r"([\d,]+) \(([\d,]+)\)", rows[game]["clemcore µs/req (events)"]).groups()
        assert float(clemcore.replace(",", "")) > float(events.replace(",", "")) > 0, rows[game]
    assert float(rows["ta_liars_dice_vs_random"]["references, judge µs/req"]) > 0
    assert float(rows["ta_tic_tac_toe"]["references, judge µs/req"]) == 0


def test_the_clem_run_benchmark_counts_recorded_episodes():
    result = benchmark("--clem-run", "--games", "ta_tower_of_hanoi", "ta_tic_tac_toe_vs_random", "--episodes", "4")
    assert "exit 0, 4 recorded, 0 failed" in result.stdout, result.stdout
