"""A pass over many specs with a hosted model: planned (budget.py), run as concurrent processes, one a shard of its
episodes (shards.py and a launcher or a job array), resumed after a kill (resume.py), on a fresh instance set (fresh_instances.py), and a
person playing through standard input (`clem run -m human`). The hosted model is played by tests/waiting_api.py: a
programmatic player that waits a fixed time per request and plays one request at a time."""

import json
import multiprocessing
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import budget
import fresh_instances
import pytest
import resume
import shards
import waiting_api
import workload
from branching_pass import load_episodes
from clemcore.clemgame import GameRegistry

from runtime import words as word_data
from support import NLTK_DATA, REPO, clem, copy_repo, made_once, play, started_clem, started_python, ta_player

# passes are processes started, stopped and resumed: the same on both Pythons (CI runs them on 3.12)
pytestmark = pytest.mark.one_python

# cheap single-player specs (ta-random: 4-15 requests an episode), the first instance of each experiment: 9
# episodes, about 64 requests, half of them Minesweeper's.
PASS_SPECS = ["ta_guess_the_number", "ta_minesweeper", "ta_countdown"]
PASS_INSTANCES = 1
# long enough that a kill lands in the middle of the pass, short enough for the suite
SECONDS_PER_REQUEST = 0.05
EPISODE_FILES = ("instance.json", "interactions.json", "experiment.json", "player_0.requests.json")


def pass_repo(path: Path) -> tuple[Path, str]:
    """A copy of the game that plays PASS_SPECS' first instances, with the waiting backend: (its folder, the
    waiting model's name)."""
    copy_repo(path)
    for spec in PASS_SPECS:
        file = path / "in" / f"instances_{spec}.json"
        instances = json.loads(file.read_text())
        for experiment in instances["experiments"]:
            experiment["game_instances"] = experiment["game_instances"][:PASS_INSTANCES]
        file.write_text(json.dumps(instances))
    return path, waiting_api.install(path, SECONDS_PER_REQUEST)


def environment(**extra: str) -> dict:
    """The environment the scripts and the lines they print run in: this interpreter's `clem` on the PATH."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, "NLTK_DATA": NLTK_DATA, "PATH": path, **extra}


def without_lookup_source(value):
    """A record without the model registry's path (`lookup_source`), which differs between copies of the game."""
    if isinstance(value, dict):
        return {key: without_lookup_source(each) for key, each in value.items() if key != "lookup_source"}
    if isinstance(value, list):
        return [without_lookup_source(each) for each in value]
    return value


def recorded(results: Path) -> dict[str, dict]:
    """Every episode file of a results folder (timestamps and the registry's path aside), and which episodes
    finished."""
    files = {name: without_lookup_source(load_episodes(results, name)) for name in EPISODE_FILES}
    files["finished"] = sorted(
        str(path.parent.relative_to(results))
        for path in results.rglob("completed.json")
        if not (path.parent / "error.json").exists()
    )
    return files


def planned_episodes() -> int:
    return sum(
        min(PASS_INSTANCES, len(experiment["game_instances"]))
        for spec in PASS_SPECS
        for experiment in json.loads((REPO / "in" / f"instances_{spec}.json").read_text())["experiments"]
    )


@pytest.fixture(scope="session")
def reference_pass(tmp_path_factory) -> Path:
    """One uninterrupted `clem run` of PASS_SPECS in one process: the records every other way must reproduce (made
    once per session, under pytest-xdist too)."""

    def make(game_dir: Path):
        _, model = pass_repo(game_dir)
        clem("run", "-g", *PASS_SPECS, "-m", model, "-r", "results", cwd=game_dir)

    results = made_once(tmp_path_factory, "pass_reference", make) / "results"
    assert len(recorded(results)["finished"]) == planned_episodes()
    return results


# --- shards.py ---


def shards_in(game_dir: Path, monkeypatch, capsys, *args: str) -> list[list[str]]:
    """shards.py's lines for a copy of the game (run there, as from the repository root), in this process (a
    process of its own would import clemcore again: 3-4 s), each as its argument list."""
    with monkeypatch.context() as patch:
        patch.chdir(game_dir)
        assert shards.main(list(args)) == 0
    return [shlex.split(line) for line in capsys.readouterr().out.splitlines()]


def catalogue_work() -> dict[workload.Episode, float]:
    """The expected requests of every planned episode of the repository's specs (ta-random's play)."""
    episodes = resume.plan(resume.select_specs(GameRegistry.from_directories_and_cwd_files(), None))
    return workload.expected_requests(episodes, workload.load_validation())[0]


def test_shards_hold_every_planned_episode_once_and_balance_its_expected_requests():
    work = catalogue_work()
    total, heaviest = sum(work.values()), max(work.values())
    for processes in (2, 16, 64, 256):
        shards = workload.split(work, processes)
        assert len(shards) == processes
        members = sorted(episode for _, episodes in shards for episode in episodes)
        assert members == sorted(work)  # the plan, each episode once
        for requests, episodes in shards:
            assert requests == pytest.approx(sum(work[episode] for episode in episodes))
        # the bound: the largest shard within 1.25x of a perfect split, or one episode that cannot be split
        largest = max(requests for requests, _ in shards)
        assert largest <= 1.25 * total / processes or largest == heaviest, processes


def test_shards_take_the_heaviest_episode_first_into_the_lightest_shard_whatever_the_order_given():
    work = {("a", "x", 0): 4.0, ("a", "x", 1): 4.0, ("b", "y", 0): 3.0, ("b", "y", 1): 3.0}
    work |= {("c", "z", 0): 2.0, ("c", "z", 1): 2.0}
    halves = [
        (9.0, [("a", "x", 0), ("b", "y", 0), ("c", "z", 0)]),
        (9.0, [("a", "x", 1), ("b", "y", 1), ("c", "z", 1)]),
    ]
    assert workload.split(work, 2) == halves
    # every process computes the split anew: it must not depend on the order the episodes came in
    assert workload.split(dict(reversed(work.items())), 2) == halves
    assert [len(episodes) for _, episodes in workload.split(work, 9)] == [1] * 6  # no empty shards
    # episodes expected to make no request are spread like the others, not piled on shard 0
    assert workload.split({("a", "x", n): 0.0 for n in range(3)}, 3) == [(0.0, [("a", "x", n)]) for n in range(3)]
    assert workload.balance(work, workload.split(work, 2), 2) == "its largest shard, 9 requests, 1.00x total/2"
    # four shards: 4, 4, 3+2, 3+2 of 18; six: one episode each, and the heaviest (4 of 3 a shard) sets the time
    assert workload.balance(work, workload.split(work, 4), 4) == "its largest shard, 5 requests, 1.11x total/4"
    assert workload.balance(work, workload.split(work, 6), 6) == (
        "its largest shard, 4 requests, 1.33x total/6: a single episode is the limit (a x)"
    )


def test_the_array_form_prints_the_plain_forms_lines_one_by_one_and_they_carry_the_selection(capsys, monkeypatch):
    selection = [
        "-g",
        "ta_tower_of_hanoi",
        "{'benchmark':['textarena']}",
        "-m",
        "gpt-4o-mini",
        "-r",
        "out",
        "-l",
        "500",
    ]
    lines = shards_in(REPO, monkeypatch, capsys, "-n", "3", *selection)
    assert lines == [
        ["python", "scripts/resume.py", "--shard", f"{shard}/3", *selection, "--player", "ta-random"]
        for shard in range(3)
    ]
    for task in range(3):
        assert shards_in(REPO, monkeypatch, capsys, "-n", "3", *selection, "--task", str(task)) == [lines[task]]
    # more shards than episodes (Three Card Monte plans 10): the tasks past them have nothing to play
    few = ["-m", "x", "-g", "ta_three_card_monte"]
    assert len(shards_in(REPO, monkeypatch, capsys, "-n", "12", *few)) == 10
    assert shards.main(["-n", "12", *few, "--task", "10"]) == 0
    out, err = capsys.readouterr()
    assert out == "" and "shard 10 is empty: 10 episodes in 12 shards" in err


def test_a_selector_selects_as_clem_run_does_and_a_game_it_names_twice_is_planned_once():
    registry = GameRegistry.from_directories_and_cwd_files()
    every = resume.select_specs(registry, None)
    both = resume.select_specs(registry, ["ta_2048", "{'benchmark':['textarena']}"])
    assert [spec.game_name for spec in both] == ["ta_2048"] + [
        spec.game_name for spec in every if spec.game_name != "ta_2048"
    ]
    assert len(resume.plan(both)) == len(resume.plan(every))


def test_shards_and_resume_refuse_unknown_specs_and_bad_counts(capsys):
    for main, args in (
        (shards.main, ["-n", "2", "-m", "x", "-g", "ta_no_such_game"]),
        (shards.main, ["-n", "0", "-m", "x"]),
        (shards.main, ["-n", "2", "-m", "x", "--task", "2"]),
        (shards.main, ["-n", "2", "-m", "x", "--task", "0", "--resume"]),
        (resume.main, ["-m", "x", "-g", "ta_no_such_game"]),
        (resume.main, ["-m", "x", "--shard", "2/2"]),
        (resume.main, ["-m", "x", "--shard", "2"]),
    ):
        with pytest.raises(SystemExit) as exit_:
            main(args)
        assert exit_.value.code == 2
    errors = capsys.readouterr().err
    assert "no game named or selected by ta_no_such_game" in errors and "must be 1 or more, not 0" in errors
    assert "--task from 0 to 1, not 2" in errors and "not allowed with argument" in errors
    assert "K from 0 to N-1, not 2/2" in errors and "K/N, such as 0/16, not 2" in errors


def test_concurrent_shards_record_the_same_episodes_as_one_process_and_keep_the_shared_files_whole(
    reference_pass, tmp_path, monkeypatch, capsys
):
    game_dir, model = pass_repo(tmp_path / "game")
    lines = shards_in(game_dir, monkeypatch, capsys, "-n", "2", "-m", model, "-g", *PASS_SPECS)
    assert len(lines) == 2
    # the documented launcher; the waiting model holds each line's process at its first request until both have
    # arrived, so that they play (and write their records, run.json, the experiments' files they share and
    # clembench.log) at the same time
    launcher = subprocess.run(
        ["xargs", "-d", "\n", "-P", "2", "-I{}", "sh", "-c", "{}"],
        input="".join(f"{shlex.join(line)}\n" for line in lines),
        text=True,
        cwd=game_dir,
        capture_output=True,
        env=environment(**{waiting_api.BARRIER_VARIABLE: f"{tmp_path / 'barrier'}:2"}),
    )
    assert launcher.returncode == 0, launcher.stderr[-2000:]
    assert len(list((tmp_path / "barrier").iterdir())) == 2

    assert recorded(game_dir / "results") == recorded(reference_pass)
    # clemcore rewrites run.json whole from each process's memory at every game's start and end (last writer wins:
    # it may list one shard's games only; no clem command reads it); it must still be whole
    run = json.loads((game_dir / "results" / model / "run.json").read_text())
    assert set(run["games"]) <= set(PASS_SPECS) and run["player_models"]["0"]["model_spec"]["model_name"] == model
    # clembench.log: every process appends its records; none may be cut into another's
    log = (game_dir / "clembench.log").read_text()
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} - "
    assert not [line for line in log.splitlines() if re.search(".+" + stamp, line)]
    assert len(re.findall(f"^{stamp}clemcore.cli - INFO - Running all benchmarks took", log, re.MULTILINE)) == 2


def test_a_killed_shard_is_made_whole_by_its_own_line_and_the_pass_by_a_plain_resume(
    reference_pass, tmp_path, monkeypatch, capsys
):
    game_dir, model = pass_repo(tmp_path / "game")
    results = game_dir / "results"
    # the specs chosen by a benchmark tag, as a lite tier is: clem's selector in every line
    specs = json.loads((game_dir / "clemgame.json").read_text())
    for spec in specs:
        spec["benchmark"] += ["lite"] if spec["game_name"] in PASS_SPECS else []
    (game_dir / "clemgame.json").write_text(json.dumps(specs))
    lines = shards_in(game_dir, monkeypatch, capsys, "-n", "2", "-m", model, "-g", "{'benchmark':['lite']}")
    assert len(lines) == 2 and lines[1][:4] == ["python", str(REPO / "scripts" / "resume.py"), "--shard", "1/2"]
    with monkeypatch.context() as patch:  # the copy's plan: the first instance of each experiment
        patch.chdir(game_dir)
        episodes = resume.plan(resume.select_specs(GameRegistry.from_directories_and_cwd_files(), PASS_SPECS))
    work = workload.expected_requests(episodes, workload.load_validation())[0]
    shard_0, shard_1 = (set(each) for _, each in workload.split(work, 2))

    def finished() -> set:  # {(spec, experiment, game_id)} with completed.json
        return {
            (*path.relative_to(results / model).parts[:2], int(path.parent.name.removeprefix("instance_")))
            for path in results.rglob("completed.json")
        }

    killed = started_python(*lines[0][1:], cwd=game_dir, log=tmp_path / "shard-0.log", env=environment())
    _stop_when_finished(killed, results, 1, signal.SIGKILL)
    first = finished()
    assert first and first < shard_0
    # a kill while clem rewrote run.json leaves it cut short, and clem would not start on it
    (results / model / "run.json").write_text("")

    with monkeypatch.context() as patch:
        patch.chdir(game_dir)
        assert resume.main(lines[1][2:]) == 0  # the other shard plays its own episodes alone
        out = capsys.readouterr().out
        assert "moved to" in out and f"shard 1/2: 0 of {len(shard_1)} planned episodes recorded" in out
        assert finished() == first | shard_1
        # the lines of the shards with episodes left: the killed one's
        assert shards.main(["-n", "2", "-m", model, "-g", "{'benchmark':['lite']}", "--resume"]) == 0
        assert [shlex.split(line) for line in capsys.readouterr().out.splitlines()] == lines[:1]
        assert resume.main(lines[0][2:]) == 0  # the killed shard's line again: what it left
        assert f"shard 0/2: {len(first)} of {len(shard_0)} planned episodes recorded" in capsys.readouterr().out
        assert recorded(results) == recorded(reference_pass)
        assert resume.main(["-m", model, "-g", *PASS_SPECS]) == 0  # the whole tree: nothing left
    assert capsys.readouterr().out.endswith(f"{len(work)} of {len(work)} planned episodes recorded, 0 to play\n")


def _write_tags_repeatedly(path: Path, writer: int, rounds: int):
    for round_ in range(rounds):
        # thousands of words a write, as a word game's tags are: a file written in place would be read half done
        words = {f"w{writer}-{round_}-{number}": ["NN"] for number in range(2000)}
        word_data._write_tags(path, {"words": words, "lists": {f"l{writer}": ["DT"]}})


# the forked writers only compute and write files, which no other thread of the test process holds a lock for
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
def test_the_word_tags_file_is_never_read_half_written_while_processes_write_it_at_once(tmp_path):
    path = tmp_path / "word-tags.json"
    context = multiprocessing.get_context("fork")  # the test process has ta_master loaded already
    writers = [context.Process(target=_write_tags_repeatedly, args=(path, writer, 10)) for writer in range(4)]
    for writer in writers:
        writer.start()
    reads = 0
    while any(writer.is_alive() for writer in writers):
        if path.exists():
            json.loads(path.read_text())  # a torn file would not parse
            reads += 1
    assert all(writer.exitcode == 0 for writer in writers) and reads
    kept = json.loads(path.read_text())
    # a merge racing another may drop the other's newest words (they are tagged again later): never a wrong tag
    assert all(tags == ["NN"] for tags in kept["words"].values())
    assert all(tags == ["DT"] for tags in kept["lists"].values()) and kept["words"]


# --- resume.py ---


def _stop_when_finished(process: subprocess.Popen, results: Path, episodes: int, sig: int):
    """Sends `sig` to the process once `episodes` episodes have finished (the pass is then under way)."""
    deadline = time.monotonic() + 120
    while len(list(results.rglob("completed.json"))) < episodes:
        assert process.poll() is None, "the run ended before it could be stopped"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    process.send_signal(sig)
    process.wait(timeout=60)


def test_a_pass_stopped_by_sigterm_then_sigkill_and_resumed_records_every_episode_once_as_one_run(
    reference_pass, tmp_path, monkeypatch, capsys
):
    game_dir, model = pass_repo(tmp_path / "game")
    results = game_dir / "results"
    planned = planned_episodes()

    # forked from the process paused after clemcore's imports: a process of its own all the same, for the signal
    run = started_clem("run", "-g", *PASS_SPECS, "-m", model, "-r", "results", cwd=game_dir, log=tmp_path / "run.log")
    _stop_when_finished(run, results, 2, signal.SIGTERM)
    first = {path: path.read_text() for path in results.rglob("completed.json")}
    assert 2 <= len(first) < planned

    # resume.py itself stopped mid-way (it plays in its own process): the next one takes over from there
    resumed = started_python(
        REPO / "scripts" / "resume.py",
        "-m",
        model,
        "-g",
        *PASS_SPECS,
        cwd=game_dir,
        log=tmp_path / "resume.log",
        env=environment(),
    )
    _stop_when_finished(resumed, results, len(first) + 2, signal.SIGKILL)
    assert len(list(results.rglob("completed.json"))) < planned

    # the last resume in this process, as from the game's folder (a process of its own would import clemcore again)
    with monkeypatch.context() as patch:
        patch.chdir(game_dir)
        assert resume.main(["-m", model, "-g", *PASS_SPECS]) == 0
        assert "0 still unfinished" in capsys.readouterr().out
        assert recorded(results) == recorded(reference_pass)
        # the episodes finished before the first stop were not played again
        assert {path: path.read_text() for path in first} == first
        assert resume.main(["-m", model, "-g", *PASS_SPECS]) == 0
    assert capsys.readouterr().out.endswith(f"{planned} of {planned} planned episodes recorded, 0 to play\n")


def test_resume_plays_failed_half_written_and_unstarted_episodes_and_clears_their_stale_files(tmp_path):
    game = "ta_guess_the_number"
    specs = resume.select_specs(GameRegistry.from_directories_and_cwd_files(), [game])
    models_dir = resume.run_dir(tmp_path, ["ta-random"])
    episodes = resume.planned(specs[0])
    finished, failed, half, empty = (resume.instance_dir(models_dir, game, *episode) for episode in episodes[:4])
    for path, files in (
        (finished, ("instance.json", "interactions.json", "completed.json")),
        (failed, ("instance.json", "interactions.json", "scores.json", "error.json")),
        (half, ("instance.json", "interactions.json", "player_0.requests.json")),
        (empty, ("instance.json",)),
    ):
        path.mkdir(parents=True)
        for name in files:
            (path / name).write_text("{}")
    assert resume.unfinished(models_dir, resume.plan(specs)) == {
        game: [episode for episode in episodes if episode != episodes[0]]
    }
    for path in (failed, half):
        resume.clear_attempt(path)
        assert [file.name for file in path.iterdir()] == ["instance.json"]


def test_resume_removes_an_experiment_file_a_stopped_process_left_empty_and_clem_writes_it_anew(tmp_path):
    # clemcore 3.7.2 writes experiment.json at an experiment's first episode, only where it is missing: a process
    # killed while writing it left it empty for good (seen once in the SIGTERM/SIGKILL pass above)
    game = "ta_three_card_monte"
    models_dir = resume.run_dir(tmp_path, ["ta-random"])
    experiment = models_dir / game / "default" / "experiment.json"
    experiment.parent.mkdir(parents=True)
    experiment.write_text("")
    assert resume.main(["-m", "ta-random", "-g", game, "-r", str(tmp_path)]) == 0
    assert json.loads(experiment.read_text())["game_name"] == game


def test_resume_moves_aside_a_run_file_a_stopped_process_left_cut_short_and_keeps_a_whole_one(tmp_path):
    # clemcore 3.7.2 rewrites run.json in place: a kill at that moment leaves it empty, and clem then fails to start
    (tmp_path / "run.json").write_text('{"games": {}}')
    assert resume.set_aside_unreadable_run_file(tmp_path, wait=0) is None
    (tmp_path / "run.json").write_text("")
    aside = resume.set_aside_unreadable_run_file(tmp_path, wait=0)
    assert aside is not None and aside.read_text() == "" and not (tmp_path / "run.json").exists()


def test_resume_starts_clem_again_when_it_read_run_json_while_another_process_wrote_it(tmp_path, monkeypatch, capsys):
    # measured: of 24 `clem run`s started eight at a time into one folder, one failed so at its start
    from clemcore import cli

    calls = []

    def run(games, models, **options):
        calls.append((games, options["instances_filter"]))
        if len(calls) == 1:
            json.loads("")  # what clemcore's RunFileSaver raises on a run.json being rewritten

    monkeypatch.setattr(cli, "run", run)
    assert resume.main(["-m", "ta-random", "-g", "ta_three_card_monte", "-r", str(tmp_path)]) == 1
    assert len(calls) == 2 and calls[0][0] == calls[1][0] == ["ta_three_card_monte"]
    assert calls[1][1](
        {"game_name": "ta_three_card_monte", "experiment": {"name": "default"}, "game_instance": {"game_id": 0}}
    )
    assert "played 0 episodes; 10 still unfinished" in capsys.readouterr().out


# --- budget.py ---


def test_budget_prints_requests_per_spec_and_the_wall_clock_and_balance_of_each_concurrency(capsys):
    games = ["ta_2048", "ta_guess_the_number", "ta_chess_vs_random"]
    assert budget.main(["-g", *games, "--seconds-per-request", "1.5", "--concurrency", "1", "4", "256"]) == 0
    out = capsys.readouterr().out
    validation = workload.load_validation()["games"]
    counted = {game: sum(cell["requests"] for cell in validation[game]["ta-random"].values()) for game in games}
    for game in games:
        assert re.search(rf"^{game} .* {counted[game]:,} ", out, re.MULTILINE), game
    total = sum(counted.values())
    assert f"{total:,} requests" in out
    assert f"{total * 1.5 / 3600:,.1f} h with 1 process\n" in out
    # four processes: split by episode, the largest shard within 1.25x of total/4
    largest = float(re.search(r"with 4 processes .*shard, ([\d,]+) requests", out)[1].replace(",", ""))
    assert total / 4 - 1 <= largest <= 1.25 * total / 4
    assert f"{largest / (total / 4):.2f}x total/4)\n" in out
    # 256: more than one episode a shard's share; the heaviest episode sets the time
    requests, game, experiment = max(
        (cell["requests"] / cell["episodes"], game, experiment)
        for game in games
        for experiment, cell in validation[game]["ta-random"].items()
    )
    assert requests > total / 256
    assert (
        f"{budget.hours(requests * 1.5)} with 256 processes (scripts/shards.py -n 256: its largest shard, "
        f"{requests:,.0f} requests, {requests / (total / 256):.2f}x total/256: a single episode is the limit "
        f"({game} {experiment}))" in out
    )
    # the full view's runs did not count requests: the default view's stand in, marked as estimated
    assert budget.main(["-g", "ta_chess_vs_random", "--view", "full"]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"^ta_chess_vs_random .* {counted['ta_chess_vs_random']:,}~ ", out, re.MULTILINE)
    # clem's selectors, as clem run takes them: every spec tagged textarena (the full pass), each once
    assert budget.main(["-g", "ta_2048", "{'benchmark':['textarena']}"]) == 0
    full = [spec for spec in json.loads((REPO / "clemgame.json").read_text()) if "textarena" in spec["benchmark"]]
    assert f"\n{len(full)} games, " in capsys.readouterr().out


# --- fresh instances ---


def test_a_fresh_draw_has_other_seeds_and_games_than_the_shipped_set_and_plays_with_clem(tmp_path, capsys):
    folder = tmp_path / "fresh"
    specs = ["ta_minesweeper", "ta_tower_of_hanoi"]
    assert fresh_instances.main(["-o", str(folder), "-g", *specs, "--draw", "test"]) == 0
    out = capsys.readouterr().out
    files = {
        spec: [json.loads((root / "in" / f"instances_{spec}.json").read_text()) for root in (REPO, folder)]
        for spec in specs
    }

    def every(instances: dict, key: str) -> list:
        return [instance[key] for experiment in instances["experiments"] for instance in experiment["game_instances"]]

    for shipped, fresh in files.values():
        assert fresh["draw"] == "test"
        assert [(e["name"], len(e["game_instances"])) for e in fresh["experiments"]] == [
            (e["name"], len(e["game_instances"])) for e in shipped["experiments"]
        ]
        assert not set(every(shipped, "seed")) & set(every(fresh, "seed"))
    # the mines are laid anew; Tower of Hanoi starts from its one position whatever the seed, and is named
    assert not set(every(files["ta_minesweeper"][0], "fingerprint")) & set(
        every(files["ta_minesweeper"][1], "fingerprint")
    )
    assert "ta_tower_of_hanoi: default 1/1" in out and "ta_minesweeper" not in out.split("games as shipped")[1]

    clem("run", "-g", *specs, "-m", "ta-random", cwd=folder)
    finished = sorted(path.parent for path in (folder / "results").rglob("completed.json"))
    assert len(finished) == sum(len(every(fresh, "seed")) for _, fresh in files.values())
    assert not list((folder / "results").rglob("error.json"))
    for episode in finished:  # each played the fresh instance of its folder
        spec, experiment = episode.relative_to(folder / "results" / "ta-random").parts[:2]
        [drawn] = [
            instance
            for each in files[spec][1]["experiments"]
            if each["name"] == experiment
            for instance in each["game_instances"]
            if f"instance_{instance['game_id']:05d}" == episode.name
        ]
        assert json.loads((episode / "instance.json").read_text()) == drawn


# --- a person at the table ---


def test_a_person_plays_a_vs_spec_through_standard_input_as_the_model_would(tmp_path):
    """`clem run -m human`: the person reads the message a model would be sent and types a move a line; in a `_vs_`
    spec they take seat game_id % seats against the reference. Here the person types the expert's replies: the
    episodes are the expert's games, move for move."""
    game = "ta_tic_tac_toe_vs_minimax"
    game_dir = copy_repo(tmp_path / "game")
    file = game_dir / "in" / "instances_ta_tic_tac_toe.json"
    instances = json.loads(file.read_text())
    instances["experiments"][0]["game_instances"] = instances["experiments"][0]["game_instances"][:2]
    file.write_text(json.dumps(instances))
    expert = [play(game, [ta_player("expert")], "default", game_id) for game_id in (0, 1)]
    # the person's seat: the model's, game_id % 2 (the minimax reference's moves are the other seat's turns)
    typed = [
        event["action"]["content"]
        for game_id, episode in enumerate(expert)
        for round_ in episode.interactions["turns"]
        for event in round_
        if event["from"] == f"Player {game_id % 2}" and event["action"]["type"] == "get message"
    ]

    # its standard input a file of the lines typed (forked from the paused process, as the suite's clem calls are)
    person = clem("run", "-g", game, "-m", "human", cwd=game_dir, input="".join(f"{move}\n" for move in typed))
    for game_id, episode in enumerate(expert):
        played = json.loads(
            (
                game_dir / "results" / "human" / game / "default" / f"instance_{game_id:05d}" / "interactions.json"
            ).read_text()
        )
        strip = lambda turns: [
            [{k: v for k, v in event.items() if k != "timestamp"} for event in round_]  # noqa
            for round_ in turns
        ]
        assert strip(played["turns"]) == strip(episode.interactions["turns"])
        assert played["seats"][f"Player {game_id % 2}"]["model"] == "human"
        # what the person read is the model's message, each followed by clem's prompt for a line
        for _, context in episode.contexts:
            assert f"\n{context['content']}\nYour response as TextArenaPlayer:\n" in person.stdout
