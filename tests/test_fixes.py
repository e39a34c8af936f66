"""The fixes of TextArena 0.7.4's defects as classes (`fixes/`), tested on the env alone, as `fixes.make` makes it."""

import copy

import textarena as ta
from textarena.envs.Poker.env import PokerEnv

import fixes
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
