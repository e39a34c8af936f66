"""pytest's hooks and the runs of all games that several tests share; the helpers are in support.py.

The fixtures import support.py when they run, not this module: under pytest-xdist the controller, which runs no test,
loads this module before it starts the workers, and importing support (clemcore, TextArena, every spec) costs it
about 6 s that every worker would wait."""

import os
from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--slow", action="store_true", help="also run the tests marked `slow` (CI runs them on Python 3.12)"
    )


@pytest.hookimpl(trylast=True)  # after -k and -m have made their selection
def pytest_collection_modifyitems(config, items):
    """Tests marked `slow` run only with `--slow` (the README's command leaves them to CI); tests marked `longest` run
    first. A test marked `covered_by(name)` checks a sample of what the test `name` checks for every game (the first
    instance of some games, where `name` plays two of every experiment of all games): where `name` runs too, the sample
    is left out; where it does not (`-m "not all_games"`, Python 3.11 in CI), the sample runs."""
    if not config.getoption("slow"):
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if item not in slow]
    # the longest tests first: the worker that starts one leaves the rest to the other, which steals them back
    # (--dist worksteal), instead of one worker ending alone on it
    items.sort(key=lambda item: item.get_closest_marker("longest") is None)
    selected = {item.originalname for item in items}
    covered = [
        item for item in items if (marker := item.get_closest_marker("covered_by")) and marker.args[0] in selected
    ]
    if covered:
        config.hook.pytest_deselected(items=covered)
        items[:] = [item for item in items if item not in covered]


# --- the runs of all games that several tests read ---


@pytest.fixture(scope="session")
def sequential_mock_run(tmp_path_factory) -> tuple[Path, str]:
    from support import all_games_run

    return all_games_run(tmp_path_factory, "sequential_hashseed_1", env={"PYTHONHASHSEED": "1"})


@pytest.fixture(scope="session")
def random_sampled_run(tmp_path_factory) -> tuple[Path, Path]:
    """A `clem run -m ta-random-chat` (support.RANDOM_RUN_MODEL) of all games on the sampled instances: (the game dir,
    the results dir). The batchwise runner plays it, under PYTHONHASHSEED 987: the served games (test_runners) and the
    branching runner's (test_branching), played one at a time under the worker's hash seed, are compared with it, so
    that a game that batch mode or the hash seed changed would show there (tests/test_reproducibility.py)."""
    from support import RANDOM_RUN_MODEL, all_games_run, sampled_repo

    results, _ = all_games_run(
        tmp_path_factory,
        "ta_random_batch_4_hashseed_987",
        "-b",
        "4",
        env={"PYTHONHASHSEED": "987"},
        model=RANDOM_RUN_MODEL,
    )
    return sampled_repo(tmp_path_factory), results


SHARED_RUNS = ("sequential_mock_run", "random_sampled_run")


@pytest.fixture(scope="session", autouse=True)
def word_tags_kept_for_the_session(tmp_path_factory):
    """The session's processes (workers and clem runs) keep NLTK's word tags in the session's temp dir, not in the
    user's cache: the first to tag the words of a word game saves the others the 10-12 s it takes. A directory named
    by TA_TEST_WORD_TAGS is used instead: CI's two sessions share one, made for the CI run."""
    from support import words

    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(words.CACHE_DIR_VARIABLE, os.environ.get("TA_TEST_WORD_TAGS") or str(root / "cache"))
        yield


@pytest.fixture(scope="session", autouse=True)
def shared_runs_first(request, word_tags_kept_for_the_session):
    """Under pytest-xdist each worker first makes its share of the shared runs the selected tests read (about 90 s
    each), so that no worker waits idle on a run the other is making."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return
    needed = [name for name in SHARED_RUNS if any(name in item.fixturenames for item in request.session.items)]
    index, count = int(worker.removeprefix("gw")), int(os.environ["PYTEST_XDIST_WORKER_COUNT"])
    for name in needed[index::count]:
        request.getfixturevalue(name)
