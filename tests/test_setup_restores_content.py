"""Setup from the instance's record: RushHour, Sudoku and Sokoban rebuild the recorded puzzle instead of running
TextArena's generator (seconds per episode for some experiments), and play exactly as the generated game does.
Hangman builds its word list once per process."""

import pytest
import textarena.envs.Sokoban.env as sokoban_env
from textarena.envs.RushHour.env import RushHourEnv
from textarena.envs.Sudoku.env import SudokuEnv

import ta_master
from support import assert_outcome, benchmark, instance_of, mock_model, play, ta_player

# (game, experiment, game id) of small instances: the generated episode runs TextArena's generator
GAMES = [("ta_rush_hour", "default", 0), ("ta_sudoku", "easy", 0), ("ta_sokoban", "default", 6)]


def _without_timestamps(value):
    if isinstance(value, dict):
        return {key: _without_timestamps(item) for key, item in value.items() if key != "timestamp"}
    if isinstance(value, list):
        return [_without_timestamps(item) for item in value]
    return value


@pytest.mark.parametrize("game, experiment, game_id", GAMES)
def test_episode_from_the_record_plays_as_the_generated_one(monkeypatch, game, experiment, game_id):
    restored = play(game, [ta_player("expert")], experiment, game_id)
    assert_outcome(restored.scores, "Success")

    # The same instance without its content: the env generates the game as the instance generator does. The check
    # against the record needs the content, so the generated game's record is kept and compared here instead.
    _, instance = instance_of(game, experiment, game_id)
    generated_records = []
    monkeypatch.setattr(
        ta_master.TextArenaGameMaster,
        "verify_instance",
        lambda game_master: generated_records.append(game_master.record()),
    )
    generated = play(
        game,
        [ta_player("expert")],
        experiment,
        game_id,
        instance={key: value for key, value in instance.items() if key != "content"},
    )

    assert generated_records == [{"content": instance["content"], "fingerprint": instance["fingerprint"]}]
    assert restored.contexts == generated.contexts
    assert _without_timestamps(restored.interactions) == _without_timestamps(generated.interactions)
    assert restored.scores == generated.scores


def _refuse(*args, **kwargs):
    raise AssertionError("TextArena's generator ran although the instance records the game")


def _set_up_and_verify(game: str, experiment: str, game_id: int):
    exp, instance = instance_of(game, experiment, game_id)
    with benchmark(game) as game_benchmark:
        game_master = game_benchmark.create_game_master(exp, [mock_model()])
        game_master.setup(**instance)
        game_master.start()
        game_master.verify_instance()
        return game_master


def test_rush_hour_reset_generates_no_board_when_the_instance_records_one(monkeypatch):
    boards = []

    def counted(env):
        boards.append(env)
        return original(env)

    original = RushHourEnv._generate_random_puzzle
    monkeypatch.setattr(RushHourEnv, "_generate_random_puzzle", counted)
    monkeypatch.setattr(RushHourEnv, "_is_solvable", _refuse)
    _set_up_and_verify("ta_rush_hour", "default", 0)
    # TextArena 0.7.4's constructor draws one board at make, before the game master's hooks; reset draws none
    assert len(boards) == 1


@pytest.mark.parametrize("experiment", ["hard", "very-easy"])
def test_sudoku_reset_generates_no_board_when_the_instance_records_one(monkeypatch, experiment):
    for method in ("_generate_board", "_generate_full_grid", "_remove_cells", "_count_solutions"):
        monkeypatch.setattr(SudokuEnv, method, _refuse)
    game_master = _set_up_and_verify("ta_sudoku", experiment, 0)
    assert game_master.ta_env.full_grid == game_master.instance["content"]["solution"]


@pytest.mark.parametrize("experiment", ["medium", "default"])
def test_sokoban_reset_generates_no_room_when_the_instance_records_one(monkeypatch, experiment):
    monkeypatch.setattr(sokoban_env, "generate_room", _refuse)
    game_master = _set_up_and_verify("ta_sokoban", experiment, 0)
    assert game_master.ta_env.room_fixed.tolist() == game_master.instance["content"]["room fixed"]


def test_hangman_word_list_is_built_once_per_process():
    first, second = _set_up_and_verify("ta_hangman", "default", 0), _set_up_and_verify("ta_hangman", "default", 1)
    assert first.ta_env is not second.ta_env
    assert first.ta_env.word_list is second.ta_env.word_list
