"""The games through clem's own entry points: `clem run/score/eval/transcribe/list` as a user types them, clemcore's
runner in-process, and how failures are reported (one episode, one clear line) instead of breaking a run."""

import copy
import csv
import json
import math
import os
import shutil
import sys
from pathlib import Path

import build_clemgame
import nltk
import pytest

import submasters
from runtime.errors import SpecError
from support import (
    GAMES,
    REPO,
    SPECS,
    assert_built,
    clem,
    copy_repo,
    episode_dirs,
    made_once,
    mock_model,
    python,
    run_in_process,
    sampled_repo,
    spec_of,
)


def recorded_instances(game_dir: Path = REPO) -> dict[str, dict[str, list[int]]]:
    """{game: {experiment: [game ids]}} as the instance files in `game_dir/in` list them."""
    recorded = {}
    for game in GAMES:
        data = json.loads((game_dir / "in" / f"{spec_of(game).instances}.json").read_text())
        recorded[game] = {
            exp["name"]: [inst["game_id"] for inst in exp["game_instances"]] for exp in data["experiments"]
        }
    return recorded


def episode_dir(results: Path, game: str, experiment: str, game_id: int, model_dir: str = "mock") -> Path:
    return results / model_dir / game / experiment / f"instance_{game_id:05d}"


def read_json(path: Path) -> dict:
    return json.loads(path.read_text())


# --- 1. a full mock run, scored, evaluated, transcribed ---


@pytest.fixture(scope="module")
def scored_run(sequential_mock_run, tmp_path_factory):
    """The shared mock run after `clem score`, `clem eval` and `clem transcribe` (each run once per session)."""
    results, _ = sequential_mock_run
    commands = ("score", "eval", "transcribe")

    def make(outputs: Path):
        outputs.mkdir()
        for command in commands:
            process = clem(command, "-r", str(results))  # raises unless it exits 0
            (outputs / command).write_text(process.stdout + process.stderr)

    outputs = made_once(tmp_path_factory, "clem_run_sequential_scored", make)
    return results, {command: (outputs / command).read_text() for command in commands}


# clemcore 3.7.2's LaTeX transcripts have colours for 8 players: `clem transcribe` writes the HTML transcript of a
# game with more seats (SecretMafia: 10) and then fails on its .tex, counting one exception per episode.
TEX_COLOURS = 8


@pytest.mark.all_games
def test_score_eval_and_transcribe_report_no_errors(scored_run):
    results, outputs = scored_run
    crowded = [
        path
        for path in episode_dirs(results)
        if len(read_json(path / "interactions.json")["players"]) - 1 > TEX_COLOURS
    ]
    for command, output in outputs.items():
        if command == "transcribe" and crowded:
            assert f"'{len(crowded)}' exceptions occurred" in output, output[-2000:]
            assert output.count(" - ERROR - ") == 1 and all((path / "transcript.html").is_file() for path in crowded)
            continue
        assert "exceptions occurred" not in output and "Traceback" not in output, (command, output)
        assert " - ERROR - " not in output, (command, output)


@pytest.mark.all_games
def test_mock_run_of_all_games_completes_every_sampled_instance(sequential_mock_run, tmp_path_factory):
    results, output = sequential_mock_run
    recorded = recorded_instances(sampled_repo(tmp_path_factory))
    expected = sorted(
        episode_dir(results, game, exp, game_id)
        for game, experiments in recorded.items()
        for exp, ids in experiments.items()
        for game_id in ids
    )
    assert {path.parts[-3] for path in expected} == set(GAMES)
    assert episode_dirs(results) == expected
    assert sorted(results.rglob("error.json")) == []
    missing = [str(path.relative_to(results)) for path in expected if not (path / "completed.json").is_file()]
    assert missing == []
    for path in expected:
        interactions = read_json(path / "interactions.json")
        assert interactions["meta"]["completed"] is True
        assert interactions["Request Count"] and sum(interactions["Request Count"]) >= 1
    assert "Traceback" not in output and " - ERROR - " not in output


@pytest.mark.all_games
def test_every_episode_scores_exactly_one_outcome_and_main_score_is_nan_iff_aborted(scored_run):
    results, _ = scored_run
    score_files = sorted(results.rglob("scores.json"))
    assert [path.parent for path in score_files] == episode_dirs(results)
    outcomes = set()
    for path in score_files:
        scores = read_json(path)["episode scores"]
        where = str(path.parent.relative_to(results))
        flags = {name: scores[name] for name in ("Success", "Lose", "Aborted")}
        assert sorted(flags.values()) == [0, 0, 1], (where, flags)
        main = scores["Main Score"]
        if flags["Aborted"]:
            assert math.isnan(main), (where, main)
        else:
            assert not math.isnan(main) and 0 <= main <= 100, (where, main)
        outcomes.add(next(name for name, value in flags.items() if value == 1))
    # both branches of the NaN rule are exercised by the mock run
    assert "Aborted" in outcomes and outcomes - {"Aborted"}


@pytest.mark.all_games
def test_eval_writes_a_results_table_row_for_mock(scored_run):
    results, _ = scored_run
    with open(results / "results.csv", newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    assert [row[0] for row in body] == ["mock"]
    for game in GAMES:
        assert f"{game}, % Played" in header and f"{game}, Quality Score" in header
    row = dict(zip(header, body[0]))
    assert 0 <= float(row["all, Average % Played"]) <= 100
    assert float(row["-, clemscore"]) >= 0


@pytest.mark.all_games
def test_transcribe_writes_a_transcript_per_episode(scored_run):
    results, _ = scored_run
    for path in episode_dirs(results):
        transcript = path / "transcript.html"
        assert transcript.is_file(), path
        html = transcript.read_text()
        game = path.parent.parent.name
        assert game in html and "<html" in html.lower()


@pytest.mark.one_python
def test_list_games_names_every_game_of_the_specs():
    output = clem("list", "games").stdout
    # the catalogue and the lite tier's samples (tests/test_lite.py)
    names = [entry["game_name"] for entry in read_json(REPO / "clemgame.json")]
    assert f"Found '{len(names)}' game specs" in output
    listed = {line.rstrip(":") for line in output.splitlines() if line.startswith("ta_")}
    assert listed == set(names) and {spec.game_name for spec in SPECS} < listed


# --- 4. an instance whose recorded game differs from what the env produces ---


def test_tampered_content_and_fingerprint_fail_exactly_those_episodes(tmp_path):
    game_dir = copy_repo(tmp_path / "game")
    hangman_file = game_dir / "in" / "instances_ta_hangman.json"
    hangman = read_json(hangman_file)
    instance = next(exp for exp in hangman["experiments"] if exp["name"] == "default")["game_instances"][0]
    assert instance["game_id"] == 0
    actual_word = instance["content"]["target_word"]
    tampered_word = "zebra" if actual_word != "zebra" else "yacht"
    instance["content"]["target_word"] = tampered_word
    hangman_file.write_text(json.dumps(hangman, indent=2))

    hanoi_file = game_dir / "in" / "instances_ta_tower_of_hanoi.json"
    hanoi = read_json(hanoi_file)
    instance = next(exp for exp in hanoi["experiments"] if exp["name"] == "hard")["game_instances"][0]
    actual_fingerprint = instance["fingerprint"]
    instance["fingerprint"] = "0" * 64
    hanoi_file.write_text(json.dumps(hanoi, indent=2))

    results = tmp_path / "results"
    clem("run", "-g", "ta_hangman", "ta_tower_of_hanoi", "-m", "mock", "-r", str(results), cwd=game_dir)

    content_error = episode_dir(results, "ta_hangman", "default", 0) / "error.json"
    fingerprint_error = episode_dir(results, "ta_tower_of_hanoi", "hard", 0) / "error.json"
    assert sorted(results.rglob("error.json")) == sorted([content_error, fingerprint_error])

    error = read_json(content_error)
    assert error["error"] == "InstanceMismatchError"
    message = error["message"]
    assert message.startswith("ta_hangman, experiment 'default', instance 0: field 'content.target_word'")
    assert json.dumps(tampered_word) in message and json.dumps(actual_word) in message

    error = read_json(fingerprint_error)
    assert error["error"] == "InstanceMismatchError"
    message = error["message"]
    assert message.startswith("ta_tower_of_hanoi, experiment 'hard', instance 0: field 'fingerprint'")
    assert "0" * 64 in message and actual_fingerprint in message

    recorded = recorded_instances(game_dir)
    others = [
        episode_dir(results, game, exp, game_id)
        for game in ("ta_hangman", "ta_tower_of_hanoi")
        for exp, ids in recorded[game].items()
        for game_id in ids
    ]
    others = [path for path in others if path not in (content_error.parent, fingerprint_error.parent)]
    assert len(others) == 20 + 5 - 2
    assert [path for path in others if not (path / "completed.json").is_file()] == []
    assert not (content_error.parent / "completed.json").exists()
    assert not (fingerprint_error.parent / "completed.json").exists()


# --- 5. TextArena raising inside one episode ---


def test_textarena_exception_fails_only_its_episode_with_a_named_error(tmp_path, monkeypatch):
    # Imported here, before the benchmark loads, so that the module is not one of those clemcore unloads on close
    # and the env the game master makes is an instance of the patched class.
    import textarena.envs.TowerOfHanoi.env as hanoi_module

    original_step = hanoi_module.TowerOfHanoiEnv.step
    calls = {"failed": 0, "passed": 0}

    def step(self, action):
        if self.num_disks == 4:
            calls["failed"] += 1
            raise RuntimeError("the medium tower jammed")
        calls["passed"] += 1
        return original_step(self, action)

    monkeypatch.setattr(hanoi_module.TowerOfHanoiEnv, "step", step)
    run_dir = run_in_process("ta_tower_of_hanoi", tmp_path / "results", [mock_model()])

    assert calls["failed"] == 1 and calls["passed"] > 0
    game_dir = run_dir / "ta_tower_of_hanoi"
    assert sorted(game_dir.rglob("error.json")) == [game_dir / "medium" / "instance_00000" / "error.json"]
    error = read_json(game_dir / "medium" / "instance_00000" / "error.json")
    assert error["error"] == "TextArenaEnvError"
    message = error["message"]
    for part in (
        "ta_tower_of_hanoi",
        "experiment 'medium'",
        "instance 0",
        "failed in step",
        "RuntimeError: the medium tower jammed",
    ):
        assert part in message, (part, message)
    for experiment in ("default", "hard", "hardcore", "extreme"):
        assert (game_dir / experiment / "instance_00000" / "completed.json").is_file(), experiment
        assert read_json(game_dir / experiment / "instance_00000" / "interactions.json")["meta"]["completed"]


# --- 6. NLTK data missing ---


def _default_nltk_dirs_have_words() -> bool:
    """Whether NLTK finds `words` even without NLTK_DATA and the home folder (system-wide data)."""
    home = os.path.expanduser("~")
    env_dirs = set(filter(None, os.environ.get("NLTK_DATA", "").split(os.pathsep)))
    dirs = [d for d in nltk.data.path if d not in env_dirs and not str(d).startswith(home)]
    return any(os.path.exists(os.path.join(d, "corpora", name)) for d in dirs for name in ("words", "words.zip"))


@pytest.mark.one_python
def test_missing_nltk_data_is_one_line_of_advice_and_other_games_still_play(tmp_path):
    if _default_nltk_dirs_have_words():
        pytest.skip("NLTK's words corpus is installed system-wide; it cannot be made missing")
    empty, home = tmp_path / "nltk_data", tmp_path / "home"
    empty.mkdir()
    home.mkdir()
    results = tmp_path / "results"
    process = clem(
        "run",
        "-g",
        "ta_hangman",
        "ta_minesweeper",
        "-m",
        "mock",
        "-r",
        str(results),
        env={"NLTK_DATA": str(empty), "HOME": str(home)},
        check=False,
    )
    # No assertion on the exit status: the game loads (reporting itself unavailable) and its episodes fail one by
    # one, and `clem run` exits 0 when episodes fail (README, "NLTK data"); the error.json files below are the record.
    output = process.stdout + process.stderr
    advice = (
        "ta_hangman needs NLTK data that is not installed (corpora/words): run `python -m nltk.downloader "
        "words` or point NLTK_DATA at a folder that has it."
    )
    advice_lines = [line for line in output.splitlines() if "python -m nltk.downloader words" in line]
    assert advice_lines and all(line.endswith(advice) for line in advice_lines), output
    assert "[nltk_data] Error loading" not in output
    assert "Resource words not found" not in output and "Resource \x1b[93mwords" not in output
    assert "Traceback" not in output

    # every Hangman episode fails with the advice; Minesweeper needs no NLTK data and plays every episode
    recorded = recorded_instances()
    hangman = [episode_dir(results, "ta_hangman", exp, i) for exp, ids in recorded["ta_hangman"].items() for i in ids]
    for path in hangman:
        error = read_json(path / "error.json")
        assert error["error"] == "GameUnavailableError" and error["message"] == advice, path
        assert not (path / "completed.json").exists()
    minesweeper = [
        episode_dir(results, "ta_minesweeper", exp, i) for exp, ids in recorded["ta_minesweeper"].items() for i in ids
    ]
    assert len(minesweeper) == 40
    assert [path for path in minesweeper if not (path / "completed.json").is_file()] == []
    assert list((results / "mock" / "ta_minesweeper").rglob("error.json")) == []


# --- 7. a spec naming a master or scorer that does not exist ---


@pytest.fixture
def master_module():
    """The repository's master.py, imported from the repository root; modules it newly imports are unloaded
    after the test, as clemcore does after a benchmark, so other tests see a clean module table."""
    before = set(sys.modules)
    import master

    yield master
    for name in set(sys.modules) - before:
        del sys.modules[name]


@pytest.mark.parametrize(
    "key, value, problem",
    [
        ("master", "games.tabletop:", "is not an import path"),
        (
            "master",
            "games.no_such_family:PokerMaster",
            "cannot be imported (ModuleNotFoundError: No module named 'games.no_such_family')",
        ),
        ("master", "games.tabletop:NoSuchMaster", "names nothing in games.tabletop"),
        ("master", "metrics:CompetitiveScorer", "names no TextArenaGameMaster"),
        ("scorer", "games.tabletop:PokerMaster", "names no TextArenaScorer"),
        ("scorer", None, "is no class name nor import path"),
    ],
)
def test_a_master_or_scorer_that_is_not_one_is_one_error_saying_what_to_write(master_module, key, value, problem):
    spec = copy.deepcopy(spec_of("ta_hangman"))
    setattr(spec, key, value)
    with pytest.raises(SpecError) as info:
        master_module.TextArenaGameBenchmark(spec)
    assert str(info.value) == load_error(master_module, key, value, problem)


def load_error(master_module, key: str, value, problem: str) -> str:
    kind = master_module.KINDS[key]
    return (
        f"ta_hangman: the {key} {value!r} in clemgame.json {problem}; it must name a {kind.base.__name__} by its "
        f"class name or as `module:Class` (e.g. {kind.example.partition(':')[2]!r} or {kind.example!r})"
    )


def spec_error(master_module, key: str, value: str | list) -> str:
    """The error of making ta_hangman's benchmark with its `key` set to `value`."""
    spec = copy.deepcopy(spec_of("ta_hangman"))
    setattr(spec, key, value)
    with pytest.raises(SpecError) as info:
        master_module.TextArenaGameBenchmark(spec)
    return str(info.value)


@pytest.mark.parametrize(
    "key, value, candidates",
    [
        ("master", "MinesweeperMastr", "MinesweeperMaster"),
        ("master", "HangmanMastr", "HangmanMaster, StagHuntMaster, SnakeMaster"),
        # a former name is a name too: it resolves to today's class
        ("scorer", "SinglePlayerScorr", "SinglePlayerScorer, TwoPlayerScorer"),
    ],
)
def test_a_misspelled_class_name_is_one_line_with_the_candidates(master_module, key, value, candidates):
    kind = master_module.KINDS[key]
    problem = f"names no {kind.base.__name__} of {kind.home} (candidates: {candidates})"
    error = spec_error(master_module, key, value)
    assert error == load_error(master_module, key, value, problem)
    assert "\n" not in error


def test_a_class_name_unlike_any_of_its_kind_lists_every_class_of_the_kind(master_module):
    names = ", ".join(sorted(master_module.KINDS["scorer"].classes))
    assert "CompletionScorer" in names and "SinglePlayerScorer" in names
    problem = f"names no TextArenaScorer of metrics.py (candidates: {names})"
    assert spec_error(master_module, "scorer", "PokerMaster") == load_error(
        master_module, "scorer", "PokerMaster", problem
    )


def test_a_class_name_two_modules_define_is_one_line_naming_both(master_module, monkeypatch):
    classes = master_module.KINDS["master"].classes
    twin = type("HangmanMaster", (submasters.SinglePlayerMaster,), {"__module__": "games.elsewhere"})
    monkeypatch.setitem(classes, "HangmanMaster", [*classes["HangmanMaster"], twin])
    problem = (
        "names more than one TextArenaGameMaster (candidates: games.core:HangmanMaster, games.elsewhere:HangmanMaster)"
    )
    assert spec_error(master_module, "master", "HangmanMaster") == load_error(
        master_module, "master", "HangmanMaster", problem
    )


@pytest.mark.parametrize(
    "key, value, resolved",
    [
        # the classes the first TextArena integration's README names, and its other generic ones
        ("master", "SinglePlayerMaster", "submasters:SinglePlayerMaster"),
        ("master", "MinesweeperMaster", "games.core:MinesweeperMaster"),
        ("master", "WordChainsMaster", "games.core:WordChainsMaster"),
        ("master", "TwoPlayerMaster", "submasters:MultiPlayerMaster"),
        ("scorer", "SinglePlayerScorer", "metrics:CompletionScorer"),
        ("scorer", "TwoPlayerScorer", "metrics:CompetitiveScorer"),
        # today's by class name and by import path
        ("master", "PokerMaster", "games.tabletop:PokerMaster"),
        ("scorer", "metrics:SolvedScorer", "metrics:SolvedScorer"),
    ],
)
def test_a_master_or_scorer_is_named_by_class_name_or_import_path(master_module, key, value, resolved):
    spec = copy.deepcopy(spec_of("ta_hangman"))
    setattr(spec, key, value)
    assert master_module.import_path(master_module.named_class(spec, key)) == resolved


def test_known_names_build_the_benchmark(master_module):
    benchmark = master_module.TextArenaGameBenchmark(copy.deepcopy(spec_of("ta_hangman")))
    assert benchmark.master_class.__name__ == "HangmanMaster"
    assert benchmark.scorer_class.__name__ == "HangmanScorer"


@pytest.mark.parametrize(
    "entry_point, problem",
    [
        (
            "textarena.envs.HangMan.env:HangmanEnv",
            "cannot be imported (ModuleNotFoundError: No module named 'textarena.envs.HangMan')",
        ),
        ("textarena.envs.Hangman.env:HangManEnv", "names no class of that module"),
    ],
)
def test_unknown_entry_point_is_one_load_error_saying_what_it_must_name(master_module, entry_point, problem):
    spec = copy.deepcopy(spec_of("ta_hangman"))
    spec.entry_point = entry_point
    with pytest.raises(ValueError) as info:
        master_module.TextArenaGameBenchmark(spec)
    assert str(info.value) == (
        f"ta_hangman: the entry_point {entry_point!r} in clemgame.json {problem}; it must name a TextArena env class "
        "as `module:Class` (e.g. textarena.envs.Hangman.env:HangmanEnv) importable after `pip install -e .`."
    )


# --- 8. an entry written by hand, as the first TextArena integration's README had users add a game ---

# That README's example, verbatim.
ORIGINAL_README_ENTRY = """{"game_name": "ta_minesweeper", "entry_point": "textarena.envs.Minesweeper.env:MinesweeperEnv",
 "master": "MinesweeperMaster", "scorer": "SinglePlayerScorer", "n_instances": 10,
 "instances": "instances_minesweeper", "players": 1, "image": null, "languages": ["en"],
 "player_specs": [{"role": "Minesweeper", "custom_response": ["[3 2]", "[5 6]"]}]}"""
# under a name the catalogue does not have, with one of Minesweeper's four experiments
SEED_ENTRY = ORIGINAL_README_ENTRY.replace(
    '"game_name": "ta_minesweeper",', '"game_name": "ta_minesweeper_seed", "experiments": ["small"],'
)
SEED_DEFAULTS = {
    "benchmark": ["textarena"],
    "description": "TextArena's MinesweeperEnv, from an entry written by hand into clemgame.json.",
}


def test_an_entry_without_the_keys_every_game_shares_loads_with_them(master_module):
    spec = copy.deepcopy(spec_of("ta_hangman"))
    for key in ("description", "benchmark", "instances", "image", "languages"):
        delattr(spec, key)
    master_module.TextArenaGameBenchmark(spec)
    assert (spec.description, spec.benchmark, spec.instances, spec.image, spec.languages) == (
        "TextArena's HangmanEnv, from an entry written by hand into clemgame.json.",
        ["textarena"],
        "instances_ta_hangman",
        None,
        ["en"],
    )


def test_an_entry_without_what_a_game_needs_is_one_line_naming_it(master_module):
    spec = copy.deepcopy(spec_of("ta_hangman"))
    del spec.player_specs, spec.n_instances
    with pytest.raises(SpecError) as info:
        master_module.TextArenaGameBenchmark(spec)
    assert str(info.value) == (
        "ta_hangman: an entry of clemgame.json lacks player_specs, n_instances; add them as docs/adding-a-game.md "
        "shows"
    )


def test_a_spec_with_talk_turns_says_how_they_are_read_and_only_such_a_spec(master_module):
    talk = copy.deepcopy(spec_of("ta_two_dollar"))
    del talk.talk_reading
    with pytest.raises(SpecError) as info:
        master_module.TextArenaGameBenchmark(talk)
    assert str(info.value) == (
        "ta_two_dollar: its reply has talk turns, so its entry says in `talk_reading`, in one sentence, how TextArena "
        "reads the actions inside a talk reply (docs/replies.md)"
    )
    assert spec_error(master_module, "talk_reading", "TextArena reads the whole reply.") == (
        "ta_hangman: `talk_reading` says how a talk reply is read, but its reply ['move'] has no talk turns: leave it out"
    )
    assert spec_error(master_module, "reply", ["talk", "shout"]) == (
        "ta_hangman: the reply ['talk', 'shout'] in clemgame.json is no kind of turn; it must be one of move, moves, "
        "talk, or a list of them, one per phase (docs/reply-contract.md)"
    )


def test_the_build_keeps_an_entry_written_by_hand_that_loads_and_stops_at_one_that_does_not():
    built = build_clemgame.built_specs()
    entry = json.loads(SEED_ENTRY)
    assert build_clemgame.written_by_hand([*built, entry], built) == [{**entry, **SEED_DEFAULTS}]
    with pytest.raises(SpecError, match=r"^ta_minesweeper_seed: the master 'MinesweeperMastr' .*MinesweeperMaster"):
        build_clemgame.written_by_hand([*built, {**entry, "master": "MinesweeperMastr"}], built)
    with pytest.raises(SpecError, match="^ta_minesweeper_seed: two entries of clemgame.json have this name"):
        build_clemgame.written_by_hand([*built, entry, entry], built)


@pytest.mark.one_python
def test_an_entry_written_by_hand_as_the_first_integrations_readme_shows_plays_scores_and_survives_the_build(
    tmp_path,
):
    game_dir = copy_repo(tmp_path / "game")
    shutil.copytree(REPO / "scripts", game_dir / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
    # the build selects the lite tier from the validation figures
    (game_dir / "docs").mkdir()
    shutil.copy2(REPO / "docs" / "validation.json", game_dir / "docs")
    specs = game_dir / "clemgame.json"
    specs.write_text(specs.read_text().rstrip().removesuffix("]") + f",\n{SEED_ENTRY}\n]\n")  # the hand edit
    assert_built(specs)

    python("instancegenerator.py", "ta_minesweeper_seed", cwd=game_dir)
    instances = read_json(game_dir / "in" / "instances_minesweeper.json")
    assert [(exp["name"], len(exp["game_instances"])) for exp in instances["experiments"]] == [("small", 10)]
    results = tmp_path / "results"
    for model in ("mock", "ta-expert"):
        clem("run", "-g", "ta_minesweeper_seed", "-m", model, "-r", str(results), cwd=game_dir)
    clem("score", "-r", str(results), cwd=game_dir)
    assert list(results.rglob("error.json")) == []
    scores = {
        model: [
            read_json(path)["episode scores"]["Main Score"]
            for path in (results / model / "ta_minesweeper_seed").rglob("scores.json")
        ]
        for model in ("mock", "ta-expert")
    }
    assert {model: len(main_scores) for model, main_scores in scores.items()} == {"mock": 10, "ta-expert": 10}
    # the mock's moves break the rules ("[5 6]" is off the 5x5 board): NaN; the expert's games end by play
    assert not any(math.isnan(score) for score in scores["ta-expert"])

    build = python("scripts/build_clemgame.py", cwd=game_dir)
    assert build.stdout == "kept the entries written by hand: ta_minesweeper_seed\n"
    assert read_json(specs)[-1] == {**json.loads(SEED_ENTRY), **SEED_DEFAULTS}
    assert_built(specs)
