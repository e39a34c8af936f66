"""The fixes of TextArena 0.7.4's defects as classes (`fixes/`), tested on the env alone, as `fixes.make` makes it."""

import copy
import random

import pytest
import textarena as ta
from textarena.envs.Poker.env import PokerEnv
from textarena.envs.Sokoban import env as sokoban_env
from textarena.envs.Sokoban import utils as sokoban_utils

import fixes
from fixes import sokoban_rooms
from fixes.common import EndAtTheFirstElimination
from fixes.tabletop import PokerFixes


def test_a_fixed_env_is_textarenas_class_with_its_fixes_mixed_in_and_its_wrappers_around():
    env = fixes.make("Poker-v0-raw")
    assert isinstance(env, EndAtTheFirstElimination) and isinstance(env.env, PokerEnv)
    assert isinstance(env.env, PokerFixes) and env.env_id == "Poker-v0-raw"
    env.reset(num_players=2, seed=0)
    assert isinstance(env.state, ta.FFAMultiPlayerState) and isinstance(env.state, fixes.RecordsInvalidMoves)


def test_a_deep_copy_of_a_fixed_env_plays_on_by_itself():
    # the fixes were functions closing over the env they were installed on: a copy stepped the original
    env = fixes.make("Poker-v0-raw")
    env.reset(num_players=2, seed=0)
    branch = copy.deepcopy(env)
    assert branch.step("[fold]") == (False, {})
    assert branch.state.game_state["round"] == 2 and env.state.game_state["round"] == 1
    assert env.step("[call]") == (False, {}) and env.state.game_state["round"] == 1


def test_a_deep_copy_of_word_search_shares_its_word_list_and_plays_on_by_itself():
    env = fixes.make("WordSearch-v0-hardcore-raw")
    env.reset(num_players=1, seed=0)
    branch = copy.deepcopy(env)
    assert branch.word_list is env.word_list and len(env.word_list) == 235_886
    assert branch.step("[0 0 0 0]") == (False, {})  # no placed word is one cell long: an incorrect attempt
    assert (branch.num_incorrect_tries, env.num_incorrect_tries) == (19, 20)


def test_a_seat_eliminated_for_invalid_moves_ends_the_game_and_loses():
    env = fixes.make("Poker-v0-raw")
    env.reset(num_players=2, seed=0)
    seat = env.state.current_player_id
    assert env.step("no move") == (False, {})
    done, _ = env.step("no move again")
    assert done and env.state.rewards == {seat: -1, 1 - seat: 1}
    assert env.state.game_info[seat]["reason"] == f"Player {seat} eliminated after repeated invalid moves."
    assert env.state.clem_invalid_moves == ["Invalid poker action."] * 2  # the game master clears it per step


def test_the_invalid_move_recorder_reads_the_reason_a_state_fix_put_in_place():
    # Countdown calls set_invalid_move(progress, reason): SwappedArgumentsState, before the recorder, swaps them
    env = fixes.make("Countdown-v0-raw")
    env.reset(num_players=1, seed=0)
    env.step("no move")
    assert env.state.clem_invalid_moves == [
        "Invalid action format. Use `[i j op]` where i,j are indices and op is +,-,*,/"
    ]


def test_peg_jump_allows_the_triangles_36_jumps_as_the_players_know_them():
    # 18 lines of three holes (6 in rows, 6 down each diagonal), each jumped both ways; TextArena's list has four
    # jumps off the lines and lacks the bottom row's (PegJump/env.py:19)
    from fixes.puzzles import triangle_jumps
    from ta_players.puzzles import PEG_JUMPS

    jumps = triangle_jumps()
    assert len(jumps) == len(set(jumps)) == 36 and set(jumps) == set(PEG_JUMPS)
    assert {(11, 12, 13), (13, 12, 11)} <= set(jumps) and (7, 11, 13) not in jumps


def test_baby_ai_text_is_made_from_this_projects_env_and_plays_on_a_deep_copy_by_itself():
    # TextArena 0.7.4's BabyAiText/env.py imports babyai_text and babyai.bot (:5-25), not on PyPI: fixes.FIXES names
    # envs/babyai_text.py as its stand-in
    import random

    import numpy as np

    from envs.babyai_text import BabyAiTextEnv

    env = fixes.make("BabyAiText-v0", env_name="BabyAI-UnlockLocal-v0", max_turns=50)
    assert isinstance(env, BabyAiTextEnv) and env.entry_point == "textarena.envs.BabyAiText.env:BabyAiTextEnv"
    python_state, numpy_state = random.getstate(), np.random.get_state()[1].copy()
    env.reset(num_players=1, seed=3)
    other = fixes.make("BabyAiText-v0", env_name="BabyAI-UnlockLocal-v0", max_turns=50)
    other.reset(num_players=1, seed=3)
    assert env.state.game_state == other.state.game_state  # the seed alone makes the level
    branch = copy.deepcopy(env)
    assert branch.step("[turn left]") == (False, {}) and env.step("[go forward]") == (False, {})
    assert branch.level.agent_dir != env.level.agent_dir or branch.level.agent_pos != env.level.agent_pos
    assert random.getstate() == python_state and (np.random.get_state()[1] == numpy_state).all()
    assert env.step("dance") == (False, {}) and env.state.clem_invalid_moves == [
        "No action found. Reply with one of [turn left], [turn right], [go forward], [pick up], [drop], [toggle]."
    ]


def test_baby_ai_text_toggling_a_locked_door_without_its_key_says_so():
    env = fixes.make("BabyAiText-v0", env_name="BabyAI-UnlockLocal-v0", max_turns=50)
    env.reset(num_players=1, seed=3)
    door = next(obj for obj in env.level.grid.grid if obj is not None and obj.type == "door")
    # stand in front of the door: put the agent on the square inside the room that faces it
    for direction in range(4):
        env.level.agent_dir = direction
        square = (door.cur_pos[0] - env.level.dir_vec[0], door.cur_pos[1] - env.level.dir_vec[1])
        if env.level.grid.get(*square) is None:
            env.level.agent_pos = square
            break
    env.step("[toggle]")
    messages = [message for _, message, _ in env.state.observations[0]]
    assert f"The {door.color} door is locked: it opens only while you carry the {door.color} key." in messages
    assert door.is_locked and not env.state.done


def test_baby_ai_text_without_minigrid_is_unavailable_in_one_line(monkeypatch):
    import sys

    import ta_master
    from support import spec_of

    monkeypatch.setitem(sys.modules, "minigrid", None)  # `import minigrid` fails as where it is not installed
    monkeypatch.delitem(sys.modules, "envs.babyai_text", raising=False)
    assert ta_master.unavailable_reason(spec_of("ta_baby_ai_text")) == (
        "ta_baby_ai_text is unavailable here: BabyAiText needs the `minigrid` package (No module named 'minigrid'): "
        "install the extra with `pip install -e .[babyai]`."
    )


# generate_room's arguments: the shipped instances' rooms (Sokoban-v0 and -medium), and others. TextArena takes up to
# 36 s for an 8x8 room: these seeds take it 0.1-1.8 s (the test, 8 s). 6x6 seeds 0 and 1 retry over 20 times (no
# floor left for the boxes, a deadlock before or after the reverse play, no score); no 5x5 room with 2 boxes scores in
# 1000 tries; a room 2 cells high fails in numpy.
SOKOBAN_ROOMS = [
    *({"dim": (6, 6), "num_steps": 20, "num_boxes": 3, "seed": seed} for seed in range(20)),
    *({"dim": (8, 8), "num_steps": 27, "num_boxes": 5, "seed": seed} for seed in (0, 4, 7, 9, 10, 16)),
    *({"dim": (5, 5), "num_steps": 17, "num_boxes": 2, "seed": seed} for seed in (0, 1)),
    *({"dim": (7, 9), "num_steps": 27, "num_boxes": 3, "seed": seed} for seed in (0, 1, 3)),
    *({"dim": (6, 6), "num_steps": 20, "num_boxes": 3, "second_player": True, "seed": seed} for seed in (0, 1, 2)),
    {"dim": (2, 6), "num_steps": 13, "num_boxes": 1, "seed": 0},
]


def _room_or_error(generate_room, **arguments):
    """The arrays' dtype, shape and cells, and the box mapping's items in order, their numbers' types in their repr; or
    the error's type and message."""
    try:
        structure, state, box_mapping = generate_room(**arguments)
    except Exception as error:
        return type(error), str(error)
    return [(array.dtype, array.shape, array.tolist()) for array in (structure, state)], repr(list(box_mapping.items()))


def test_sokoban_rooms_are_textarenas_rooms():
    for arguments in SOKOBAN_ROOMS:
        expected = _room_or_error(sokoban_utils.generate_room, **arguments)
        assert _room_or_error(sokoban_rooms.generate_room, **arguments) == expected, arguments


def test_sokoban_reset_with_a_seed_plays_textarenas_room_without_textarenas_generator(monkeypatch):
    for seed in (0, 1, 2):
        env = fixes.make("Sokoban-v0-raw", dim_room=(6, 6), max_turns=30, num_boxes=3)
        with monkeypatch.context() as patch:
            patch.setattr(sokoban_env, "generate_room", None)
            env.reset(num_players=1, seed=seed)
        random_state = random.getstate()
        textarenas = sokoban_env.SokobanEnv(dim_room=(6, 6), max_turns=30, num_boxes=3)
        textarenas.reset(num_players=1, seed=seed)
        assert random.getstate() == random_state
        for name in ("room_fixed", "room_state"):
            ours, theirs = getattr(env, name), getattr(textarenas, name)
            assert ours.dtype == theirs.dtype and ours.tolist() == theirs.tolist()
        assert repr(list(env.box_mapping.items())) == repr(list(textarenas.box_mapping.items()))
        assert env.state.game_state == textarenas.state.game_state
        assert env.state.observations == textarenas.state.observations


def test_sokoban_reset_fails_as_textarenas_when_no_attempt_yields_a_room():
    # no 5x5 room with 2 boxes has a score (SOKOBAN_ROOMS): each attempt, seed + attempt, raises
    for env in (
        fixes.make("Sokoban-v0-raw", dim_room=(5, 5), num_boxes=2),
        sokoban_env.SokobanEnv((5, 5), num_boxes=2),
    ):
        with pytest.raises(RuntimeError, match=r"^Failed to generate valid room after 2 attempts$"):
            env.reset(num_players=1, seed=0, max_retries=2)
