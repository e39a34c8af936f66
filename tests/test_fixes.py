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
        "Invalid action format. Use `[i j op]` where i,j are indices and op is +,-,*,/"]


def test_peg_jump_allows_the_triangles_36_jumps_as_the_players_know_them():
    # 18 lines of three holes (6 in rows, 6 down each diagonal), each jumped both ways; TextArena's list has four
    # jumps off the lines and lacks the bottom row's (PegJump/env.py:19)
    from fixes.puzzles import triangle_jumps
    from ta_players.puzzles import PEG_JUMPS
    jumps = triangle_jumps()
    assert len(jumps) == len(set(jumps)) == 36 and set(jumps) == set(PEG_JUMPS)
    assert {(11, 12, 13), (13, 12, 11)} <= set(jumps) and (7, 11, 13) not in jumps
