"""The game master's contracts with clemcore and TextArena, independent of any one game's rules."""

import copy
import fcntl
import json
import random
import sys
import threading
import types

import numpy as np
import pytest
from clemcore.backends.model_registry import CustomResponseModel
from nltk.tag.perceptron import PerceptronTagger

import instancegenerator
from runtime.availability import unavailable_reason
from runtime.cache import PROCESS_CACHE, process_cache
from runtime.randomness import EpisodeRandomness
from support import GAMES, benchmark, instance_of, play, spec_of
from ta_master import make_env

REQUIRED_SPEC_KEYS = {
    "game_name",
    "entry_point",
    "master",
    "scorer",
    "n_instances",
    "instances",
    "players",
    "image",
    "languages",
    "player_specs",
    "description",
    "benchmark",
}


@pytest.mark.parametrize("game_name", GAMES)
def test_spec_has_every_field_clem_and_the_benchmark_need(game_name):
    spec = spec_of(game_name)
    base_game = getattr(spec, "base_game", game_name)  # a `_vs_<reference>` variant plays its base game's instances
    assert REQUIRED_SPEC_KEYS <= set(vars(spec))
    # or the first n of every experiment of them, where it plays fewer than the game's largest count
    assert spec.instances in (f"instances_{base_game}", f"instances_{base_game}_first{spec.n_instances}")
    assert spec.image is None and spec.languages == ["en"]
    assert len(spec.player_specs) == spec_of(base_game).players
    assert all(player_spec["role"] and player_spec["custom_response"] for player_spec in spec.player_specs)


def _started_master(game_name, experiment="default", game_id=0):
    exp, instance = instance_of(game_name, experiment, game_id)
    with benchmark(game_name) as game_benchmark:
        models = [CustomResponseModel()] * spec_of(game_name).players
        game_master = game_benchmark.create_game_master(exp, models)
    game_master.setup(**instance)
    game_master.before_game()
    return game_master


def test_context_is_pure_until_the_player_acts():
    game_master = _started_master("ta_tower_of_hanoi")
    player = game_master.current_player
    first = game_master.get_context_for(player)
    assert all(game_master.get_context_for(player) == first for _ in range(5))
    assert first["role"] == "user" and first["content"].startswith("You are playing Tower of Hanoi with 3 disks.")
    game_master.step("[A C]")
    second = game_master.get_context_for(player)
    assert second != first and "You moved disk 1 from A to C." in second["content"]
    assert game_master.get_context_for(player) == second


def test_invalid_move_warning_is_a_violated_request_and_the_next_context_says_why():
    replies = iter(["[C A]", "[A C]", "[A B]", "[C B]", "[A C]", "[B A]", "[B C]", "[A C]"])
    episode = play("ta_tower_of_hanoi", [lambda context: next(replies)])
    _, second_context = episode.contexts[1]
    assert "You tried to move a disk from an empty tower." in second_context["content"]
    assert episode.interactions["Violated Request Count"] == [1] + [0] * 7
    assert episode.scores["Success"] == 1
    # the state view gives the player's own move back as the bracketed move; the full view, whose memory holds the
    # player's reply, does not repeat it
    assert "[Player] [C A]\n\n" in second_context["content"]
    replies = iter(["[C A]", "[A C]"])
    full = play("ta_tower_of_hanoi", [lambda context: next(replies, "[A C]")], view="full")
    assert "You tried to move a disk from an empty tower." in full.contexts[1][1]["content"]
    assert "[C A]" not in full.contexts[1][1]["content"]


def test_rounds_end_when_every_player_has_acted():
    replies = iter(["[A0]", "[A0]", "[A1]", "[A1]", "[x]", "[x]"])
    episode = play("ta_battleship", [lambda context: next(replies)] * 2, experiment="small")
    # round 0: both fire once; round 1: both fire; round 2: Player 0 breaks the format twice
    assert episode.interactions["Request Count"] == [2, 2, 2]
    assert episode.interactions["Violated Request Count"] == [0, 0, 2]
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 1"] * 2 + ["Player 0"] * 2


def test_episode_randomness_is_independent_of_interleaving_and_restores_the_callers_state():
    def draws(randomness, n):
        with randomness:
            return [random.random() for _ in range(n)] + [float(np.random.random())]

    alone = [draws(EpisodeRandomness(seed), 3) + draws(EpisodeRandomness(seed), 0) for seed in (1, 2)]
    random.seed(123)
    outer_python, outer_numpy = random.getstate(), np.random.get_state()
    first, second = EpisodeRandomness(1), EpisodeRandomness(2)
    interleaved = [draws(first, 3), draws(second, 3)]
    assert interleaved[0] == alone[0][:4] and interleaved[1] == alone[1][:4]
    assert random.getstate() == outer_python
    assert all(np.array_equal(a, b) for a, b in zip(np.random.get_state(), outer_numpy))
    # an episode's draws continue where they stopped, whatever ran in between
    random.random()
    with first:
        continued = random.random()
    with EpisodeRandomness(1):
        fresh = [random.random() for _ in range(4)]
    assert continued == fresh[3]


def _numpy_draws(n):
    return [float(np.random.random()) for _ in range(n)]


def test_nested_episode_randomness_is_independent_of_the_outer_one():
    # `_prototype_env` builds a cached env in its own randomness while an episode's is swapped in
    alone_outer = EpisodeRandomness(1)
    with alone_outer:
        expected_outer = [random.random() for _ in range(4)] + _numpy_draws(4)
    with EpisodeRandomness(2):
        expected_inner = [random.random() for _ in range(2)] + _numpy_draws(2)
    random.seed(99)
    np.random.seed(99)
    caller_python, caller_numpy = random.getstate(), np.random.get_state()
    outer = EpisodeRandomness(1)
    with outer:
        first = [random.random() for _ in range(2)]
        with EpisodeRandomness(2):
            inner = [random.random() for _ in range(2)] + _numpy_draws(2)
        rest = [random.random() for _ in range(2)] + _numpy_draws(4)
    assert inner == expected_inner and first + rest == expected_outer
    assert random.getstate() == caller_python and _numpy_states_equal(np.random.get_state(), caller_numpy)


def test_seeding_inside_an_episode_seeds_the_episode_not_the_caller():
    # TextArena's State.__init__ calls random.seed; numpy.random.seed and get_state are numpy's module functions
    # that look the legacy generator up per call rather than being bound to it
    random.seed(5)
    np.random.seed(5)
    caller_python, caller_numpy = random.getstate(), np.random.get_state()
    caller_generators = random._inst, np.random.mtrand._rand
    episode = EpisodeRandomness(1)
    with episode:
        random.seed(42)
        np.random.seed(42)
        draws = [random.random(), float(np.random.random())]
        inside_numpy_state = np.random.get_state()
    numpy_reference = np.random.RandomState(42)
    assert draws == [random.Random(42).random(), float(numpy_reference.random_sample())]
    assert _numpy_states_equal(inside_numpy_state, numpy_reference.get_state())
    assert (random._inst, np.random.mtrand._rand) == caller_generators
    assert random.random.__self__ is random._inst and np.random.random.__self__ is np.random.mtrand._rand
    assert random.getstate() == caller_python and _numpy_states_equal(np.random.get_state(), caller_numpy)
    with episode:
        assert random.random() == _nth_draw(random.Random(42), 2)


def _nth_draw(generator, n):
    for _ in range(n - 1):
        generator.random()
    return generator.random()


def test_episode_randomness_restores_the_callers_generators_when_env_code_raises():
    caller_python = random.getstate()
    with pytest.raises(ValueError), EpisodeRandomness(3):
        random.random()
        raise ValueError("env failed")
    assert random.getstate() == caller_python and random.choice.__self__ is random._inst


def test_a_deep_copied_episode_randomness_draws_on_from_the_same_point_independently():
    original = EpisodeRandomness(4)
    with original:
        random.random()
        np.random.random()
    branch = copy.deepcopy(original)
    with branch:
        branch_draws = [random.random(), float(np.random.random())]
    with original:
        original_draws = [random.random(), float(np.random.random())]
    assert branch_draws == original_draws


def _numpy_states_equal(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b))


def test_word_chains_dictionary_is_built_once_and_game_state_is_not_shared():
    spec = spec_of("ta_word_chains")
    _, instance = instance_of("ta_word_chains")
    first, second = make_env(spec, instance), make_env(spec, instance)
    prototype = process_cache("prototype envs")[
        (instance["env_id"], json.dumps(instance["env_kwargs"], sort_keys=True))
    ]
    assert first.env is not second.env and first.env.dictionary is second.env.dictionary is prototype.dictionary
    first.reset(num_players=2, seed=1)
    second.reset(num_players=2, seed=2)
    assert first.state is not second.state and first.state.game_state is not second.state.game_state


def _made_in_a_fresh_process(monkeypatch, game_name: str, experiment: str = "default"):
    """The env a new process makes for the game (an empty process cache)."""
    monkeypatch.setitem(sys.modules, PROCESS_CACHE, types.ModuleType(PROCESS_CACHE))
    return make_env(spec_of(game_name), instance_of(game_name, experiment)[1]).env


@pytest.mark.one_python
def test_word_tags_are_kept_for_later_processes_which_then_build_the_same_word_lists_without_tagging(
    monkeypatch, tmp_path, caplog
):
    # Wordle tags its words one by one, Codenames as one list; both are kept in the tags file
    monkeypatch.setenv("CLEM_TEXTARENA_CACHE", str(tmp_path))
    wordle, codenames = (_made_in_a_fresh_process(monkeypatch, game) for game in ("ta_wordle", "ta_codenames"))
    [tags_file] = tmp_path.glob("word-tags-*.json")
    kept = json.loads(tags_file.read_text())
    assert kept["words"]["apple"] == ["NN"] and len(kept["lists"]) == 1

    def no_tagging(*args, **kwargs):
        raise AssertionError("the words were tagged again")

    with monkeypatch.context() as patch:
        patch.setattr(PerceptronTagger, "tag", no_tagging)
        assert _made_in_a_fresh_process(patch, "ta_wordle").word_list == wordle.word_list
        assert _made_in_a_fresh_process(patch, "ta_codenames").word_list == codenames.word_list

    # a damaged tags file is tagged anew and mended; one that cannot be written costs a warning, not the game
    tags_file.write_text('{"words": ["not", "tags"]')
    assert _made_in_a_fresh_process(monkeypatch, "ta_wordle").word_list == wordle.word_list
    assert json.loads(tags_file.read_text())["words"]["apple"] == ["NN"]
    monkeypatch.setenv("CLEM_TEXTARENA_CACHE", str(tags_file / "not a directory"))
    assert _made_in_a_fresh_process(monkeypatch, "ta_codenames").word_list == codenames.word_list
    assert "could not keep NLTK's word tags" in caplog.text


@pytest.mark.one_python
def test_a_process_that_would_tag_while_another_tags_waits_and_takes_its_tags(monkeypatch, tmp_path):
    monkeypatch.setenv("CLEM_TEXTARENA_CACHE", str(tmp_path))
    wordle = _made_in_a_fresh_process(monkeypatch, "ta_wordle")
    [tags_file] = tmp_path.glob("word-tags-*.json")
    tags_file.rename(tmp_path / "written later")
    made = []

    def no_tagging(*args, **kwargs):
        raise AssertionError("the words were tagged again")

    monkeypatch.setattr(PerceptronTagger, "tag", no_tagging)
    with open(tags_file.with_name(tags_file.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process tagging
        waiting = threading.Thread(target=lambda: made.append(_made_in_a_fresh_process(monkeypatch, "ta_wordle")))
        waiting.start()
        waiting.join(timeout=2)
        assert waiting.is_alive() and not made
        (tmp_path / "written later").rename(tags_file)
    waiting.join()
    assert made[0].word_list == wordle.word_list


def test_wordle_word_lists_share_one_english_dictionary_per_process(monkeypatch, tmp_path):
    monkeypatch.setenv("CLEM_TEXTARENA_CACHE", str(tmp_path))
    first = _made_in_a_fresh_process(monkeypatch, "ta_wordle")
    same_process = make_env(spec_of("ta_spelling_bee"), instance_of("ta_spelling_bee")[1]).env
    assert same_process.dictionary is first.dictionary
    assert _made_in_a_fresh_process(monkeypatch, "ta_wordle").dictionary is not first.dictionary


def test_word_chains_start_word_does_not_depend_on_the_hash_seed_ordered_word_list():
    game_master = _started_master("ta_word_chains")
    assert game_master.ta_env.word_list == sorted(game_master.ta_env.word_list)
    assert (
        game_master.env.state.game_state["current_word"] == instance_of("ta_word_chains")[1]["content"]["current_word"]
    )


def test_game_needing_python_312_syntax_is_reported_unavailable_with_the_reason():
    spec = copy.deepcopy(spec_of("ta_tower_of_hanoi"))
    spec.game_name, spec.entry_point = "ta_chess", "textarena.envs.Chess.env:ChessEnv"
    reason = unavailable_reason(spec)
    if sys.version_info >= (3, 12):
        assert reason is None
    else:
        assert reason.startswith("ta_chess is unavailable on Python 3.11") and "needs Python >= 3.12" in reason


def test_env_without_turn_limit_needs_a_request_cap():
    spec = copy.deepcopy(spec_of("ta_hangman"))
    del spec.max_requests
    exp, instance = instance_of("ta_hangman")
    with benchmark("ta_hangman") as game_benchmark:
        game_master = game_benchmark.master_class(spec, exp, [CustomResponseModel()])
    with pytest.raises(ValueError, match="has no turn limit, so its spec needs `max_requests`"):
        game_master.setup(**instance)


def test_experiments_default_to_every_textarena_variant_of_the_entry_point():
    names = [name for name, *_ in instancegenerator.experiments(spec_of("ta_minesweeper"))]
    assert names == ["default", "small", "medium", "hard"]
    spec = copy.deepcopy(spec_of("ta_minesweeper"))
    spec.experiments = ["hard", "small"]
    assert [(n, i) for n, i, *_ in instancegenerator.experiments(spec)] == [
        ("hard", "Minesweeper-v0-hard-raw"),
        ("small", "Minesweeper-v0-small-raw"),
    ]
    spec.experiments = ["tiny"]
    with pytest.raises(ValueError, match="no TextArena variant"):
        instancegenerator.experiments(spec)


def test_custom_experiments_are_env_kwargs_over_the_plain_id():
    assert instancegenerator.experiments(spec_of("ta_battleship")) == [
        ("small", "Battleship-v0-raw", {"grid_size": 7}, 2),
        ("standard", "Battleship-v0-raw", {"grid_size": 10}, 2),
    ]
    # `seats` is no env kwarg: it seats more players than the spec's `players`
    assert instancegenerator.experiments(spec_of("ta_liars_dice"))[-1] == (
        "4_seats",
        "LiarsDice-v0-raw",
        {"num_dice": 5},
        4,
    )


def test_custom_experiments_set_instance_counts_per_instance_kwargs_and_params():
    countdown, peg_jump = spec_of("ta_countdown"), spec_of("ta_peg_jump")
    # `n_instances`, `instances` and `params` are no env kwargs either
    assert instancegenerator.experiments(countdown) == [
        ("default", "Countdown-v0-raw", {"numbers": [100, 75, 6, 4, 3, 2], "target": 532}, 1),
        ("easy", "Countdown-v0-raw", {"numbers": None, "target": None}, 1),
        ("hard", "Countdown-v0-raw", {"numbers": None, "target": None}, 1),
    ]
    assert instancegenerator.instance_kwargs(countdown, "default") == [{}]  # TextArena's one fixed puzzle
    assert instancegenerator.instance_kwargs(countdown, "easy") == [{}] * 10  # the spec's n_instances, seeded apart
    assert instancegenerator.instance_kwargs(peg_jump, "corner") == [
        {"initial_empty": 1},
        {"initial_empty": 11},
        {"initial_empty": 15},
    ]
    assert instancegenerator.experiment_params(countdown, "hard") == {"solution_operations": [4, 5]}
    assert instancegenerator.experiment_params(countdown, "default") == {}
    # the instance file's experiment carries the parameters, which clemcore hands to the game master
    experiment, instance = instance_of("ta_countdown", "hard", 3)
    assert experiment["solution_operations"] == [4, 5] and instance["env_kwargs"] == {"numbers": None, "target": None}
    _, instance = instance_of("ta_peg_jump", "corner", 1)
    assert instance["env_kwargs"] == {"initial_empty": 11}


def test_a_deep_copied_episode_counts_its_own_invalid_moves():
    # clemcore's branching runner deep-copies game masters; each copy must keep its own invalid-move record
    original = _started_master("ta_tower_of_hanoi")
    branch = copy.deepcopy(original)
    branch.step("[C A]")  # moving from the empty tower C is invalid
    assert branch.env.state.clem_invalid_moves == ["You tried to move a disk from an empty tower."]
    assert original.env.state.clem_invalid_moves == []
    original.step("[A C]")
    assert original.env.state.clem_invalid_moves == []
    assert original.env.state.game_state["towers"]["C"] == [1] and branch.env.state.game_state["towers"]["C"] == []
