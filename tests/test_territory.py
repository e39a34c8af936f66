"""Territory games played end to end (Snake, Surround, ...): hand-computed scripted games with per-seat results,
the `_vs_<reference>` variants with their Main Score, the broken format aborted with the violating seat named, the
turn limits and request caps that stop stalling players, and the expert references beating random ones."""

import math
import random
import statistics

import pytest

from support import assert_outcome, assert_player_results, instance_of, play, scripted, ta_player


def seat_results(episode) -> dict:
    return {name: (seat["result"], seat["how"]) for name, seat in episode.interactions["seats"].items()}


def mean_main_score(game: str, policy_factory, experiment: str = "default", game_ids=range(10)) -> float:
    return statistics.mean(
        play(game, [policy_factory()], experiment, game_id).scores["Main Score"] for game_id in game_ids
    )


# --- Snake ---
# default instance 0 (5x5, y grows upward): snake 0's head at (3, 1), snake 1's at (1, 3), apples at (2, 1), (4, 0)


def test_snake_instance_0_is_the_board_the_tests_assume():
    content = instance_of("ta_snake")[1]["content"]
    assert content["apples"] == [[2, 1], [4, 0]]
    rows = content["board_state"].splitlines()[1:-1]
    assert rows[5 - 1 - 1][2 + 2 * 3] == "0" and rows[5 - 1 - 3][2 + 2 * 1] == "1"


def test_snake_running_into_the_wall_loses_to_the_snake_that_survives():
    episode = play("ta_snake", [scripted(["[up]", "[up]"]), scripted(["[left]", "[left]"])])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert seat_results(episode) == {"Player 0": ("win", "rules"), "Player 1": ("loss", "rules")}
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Player 0 Score"] == 100 and episode.scores["Player 1 Score"] == 0
    assert episode.scores["Request Count"] == 4 and episode.scores["Violated Request Count"] == 0
    assert episode.game_master.env.state.game_state["snakes"][1].death_reason == "wall"


def test_snake_head_on_crash_is_won_by_the_snake_that_ate_more_apples():
    # Player 0 eats the apple at (2, 1) while Player 1 steps to (2, 3); then both heads meet at (2, 2): both die in
    # the same round, and TextArena breaks the tie by apples eaten
    episode = play("ta_snake", [scripted(["[left]", "[up]"]), scripted(["[right]", "[down]"])])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert episode.interactions["ta rewards"] == {"0": 1.0, "1": -1.0}
    snakes = episode.game_master.env.state.game_state["snakes"]
    assert [snakes[pid].death_reason for pid in (0, 1)] == ["head-on", "head-on"]
    assert episode.game_master.env.state.game_state["scores"] == {0: 1, 1: 0}


def test_snake_circling_players_are_stopped_by_the_turn_limit_as_a_draw():
    # 40 seat actions (TextArena's max_turns counts each seat's move): 20 rounds of circling in 2x2 squares
    player_0 = scripted(["[up]", "[right]", "[down]", "[left]"] * 5)
    player_1 = scripted(["[down]", "[left]", "[up]", "[right]"] * 5)
    episode = play("ta_snake", [player_0, player_1])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert seat_results(episode) == {"Player 0": ("draw", "turn limit"), "Player 1": ("draw", "turn limit")}
    assert episode.scores["Request Count"] == 40 and episode.scores["Main Score"] == 100


@pytest.mark.parametrize(
    "player_0, player_1, violator",
    [
        (["I go up"], ["[up]"], "Player 0"),
        (["[up]"], ["north"], "Player 1"),
    ],
)
def test_snake_reply_without_direction_is_a_violation_not_a_fair_death(player_0, player_1, violator):
    # TextArena 0.7.4 kills the snake without flagging an invalid move; the game master records it
    episode = play("ta_snake", [scripted(player_0), scripted(player_1)])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == [violator]
    assert episode.interactions["seats"][violator]["how"] == "own violation"
    assert episode.interactions["seats"][violator]["result"] == "loss"
    assert episode.scores["Violated Request Count"] == 1
    assert math.isnan(episode.scores["Main Score"]) and math.isnan(episode.scores[f"{violator} Score"])
    assert not any(info["invalid_move"] for info in episode.interactions["ta game info"].values())


def test_snake_vs_random_the_model_plays_its_seat_and_its_result_is_the_main_score():
    # game_id 1 seats the model at Player 1: the random reference moves first, unseen until the round resolves
    episode = play("ta_snake_vs_random", [scripted(["[right]", "[right]", "[right]", "[right]"])], game_id=1)
    assert episode.interactions["players"]["Player 0"]["model_name"] == "reference: random"
    assert {name for name, _ in episode.contexts} == {"Player 1"}
    result = episode.interactions["seats"]["Player 1"]["result"]
    assert episode.scores["Main Score"] == {"win": 100, "draw": 50, "loss": 0}[result]
    assert episode.scores["Model Seat"] == 1


def test_snake_vs_random_format_breaker_is_aborted():
    episode = play("ta_snake_vs_random", [ta_player("format-breaker")], game_id=0)
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert math.isnan(episode.scores["Main Score"])


def test_snake_apples_respawn_from_the_episode_randomness_not_the_process_one():
    # TextArena 0.7.4 draws a new apple from the global `random` during step(); the game master runs env code in
    # the episode's own RNG state, so what other code draws between moves changes nothing
    def noisy(policy):
        def move(context):
            random.random()
            return policy(context)

        return move

    boards = []
    for wrap in (lambda policy: policy, noisy):
        episode = play("ta_snake", [wrap(ta_player("expert")), wrap(ta_player("random"))], "standard", 2)
        boards.append([context["content"] for _, context in episode.contexts])
    assert boards[0] == boards[1]
    assert sum("A" in context for context in boards[0]) > 0


def test_snake_flood_fill_reference_beats_random_clearly():
    vs_random = mean_main_score("ta_snake_vs_random", lambda: ta_player("expert"))
    random_vs_expert = mean_main_score("ta_snake_vs_flood_fill", lambda: ta_player("random"))
    assert vs_random >= 80 and random_vs_expert <= 20, (vs_random, random_vs_expert)


# --- Surround ---
# default instance 0 (5x5): player 0 at (2, 2), player 1 at (1, 3)


def test_surround_player_running_into_a_trail_loses():
    # Player 0 leaves (2, 2) downwards; Player 1 steps right to (2, 3) and then down into the trail at (2, 2)
    episode = play("ta_surround", [scripted(["[down]", "[down]"]), scripted(["[right]", "[down]"])])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert seat_results(episode) == {"Player 0": ("win", "rules"), "Player 1": ("loss", "rules")}
    assert episode.scores["Request Count"] == 4 and episode.scores["Main Score"] == 100


def test_surround_head_on_crash_is_a_draw():
    episode = play("ta_surround", [scripted(["[left]"]), scripted(["[down]"])])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert episode.interactions["ta rewards"] == {"0": 0.0, "1": 0.0}


def test_surround_reply_without_direction_is_a_violation():
    episode = play("ta_surround", [scripted(["[up]"]), scripted(["I turn left"])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert seat_results(episode) == {"Player 0": ("win", "opponent's violation"), "Player 1": ("loss", "own violation")}


def test_surround_vs_flood_fill_model_seat_and_score():
    episode = play("ta_surround_vs_flood_fill", [ta_player("random")], game_id=3)
    assert episode.interactions["players"]["Player 0"]["model_name"] == "reference: flood_fill"
    result = episode.interactions["seats"]["Player 1"]["result"]
    assert episode.scores["Main Score"] == {"win": 100, "draw": 50, "loss": 0}[result]


def test_surround_flood_fill_reference_beats_random_clearly():
    vs_random = mean_main_score("ta_surround_vs_random", lambda: ta_player("expert"), "standard")
    random_vs_expert = mean_main_score("ta_surround_vs_flood_fill", lambda: ta_player("random"), "standard")
    assert vs_random >= 80 and random_vs_expert <= 20, (vs_random, random_vs_expert)


# --- SimpleTak (no randomness: the instances of an experiment differ only by the model's seat and the salt of the
# random reference) ---


def cells(*numbers: int) -> list[str]:
    return [f"[{number}]" for number in numbers]


def test_simple_tak_instances_of_an_experiment_start_from_the_same_board():
    assert len({instance_of("ta_simple_tak", "default", game_id)[1]["fingerprint"] for game_id in range(4)}) == 1


def test_simple_tak_first_road_from_top_to_bottom_wins():
    # 4x4: Player 0 fills column 0 (cells 0, 4, 8, 12) while Player 1 plays 1, 5, 9
    episode = play("ta_simple_tak", [scripted(cells(0, 4, 8, 12)), scripted(cells(1, 5, 9))])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert seat_results(episode) == {"Player 0": ("win", "rules"), "Player 1": ("loss", "rules")}
    assert episode.scores["Request Count"] == 7 and episode.scores["Main Score"] == 100
    assert "connected two opposite edges" in episode.interactions["end reason"]


def test_simple_tak_full_board_without_road_is_a_draw():
    # rows alternate OOXX / XXOO: no 4-connected road for either side
    player_0 = cells(0, 1, 6, 7, 8, 9, 14, 15)
    player_1 = cells(2, 3, 4, 5, 10, 11, 12, 13)
    episode = play("ta_simple_tak", [scripted(player_0), scripted(player_1)])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "draw", "draw")
    assert episode.scores["Request Count"] == 16


def test_simple_tak_occupied_cell_is_warned_and_twice_in_a_row_aborts():
    episode = play("ta_simple_tak", [scripted(cells(0, 5)), scripted(cells(0, 0))])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert seat_results(episode)["Player 1"] == ("loss", "own violation")
    assert episode.scores["Violated Request Count"] == 2 and math.isnan(episode.scores["Main Score"])


def test_simple_tak_vs_road_greedy_model_at_player_1_loses_with_random_moves():
    episode = play("ta_simple_tak_vs_road_greedy", [ta_player("random")], "medium", game_id=1)
    assert episode.interactions["players"]["Player 0"]["model_name"] == "reference: road_greedy"
    assert episode.interactions["seats"]["Player 1"]["result"] == "loss"
    assert episode.scores["Main Score"] == 0 and episode.scores["Model Seat"] == 1


def test_simple_tak_road_greedy_beats_random_from_both_seats():
    # on 4x4 a random player sometimes fills the board before road_greedy closes a road (a draw)
    assert mean_main_score("ta_simple_tak_vs_random", lambda: ta_player("expert"), "default", range(4)) >= 75
    assert mean_main_score("ta_simple_tak_vs_road_greedy", lambda: ta_player("random"), "default", range(4)) <= 25
    assert mean_main_score("ta_simple_tak_vs_random", lambda: ta_player("expert"), "medium", range(4)) == 100
    assert mean_main_score("ta_simple_tak_vs_road_greedy", lambda: ta_player("random"), "medium", range(4)) == 0


# --- Santorini (no randomness; rows A-E, columns 1-5; Navy N1 at C2, N2 at B3; White W1 at D3, W2 at C4) ---

NAVY_CLIMB = [
    "[N1C2C1D1]",
    "[N1C1D2D1]",
    "[N1D2C1D1]",  # D1 up to level 3
    "[N1C1D2C2]",
    "[N1D2C1C2]",  # C2 up to level 2
    "[N1C1D2C1]",  # C1 up to level 1
    "[N1D2C1D2]",
    "[N1C1C2B1]",
    "[N1C2D1C1]",
]  # climb C1 (1), C2 (2), D1 (3)
WHITE_SHUFFLE = [
    "[W2C4C5B5]",
    "[W2C5C4B5]",
    "[W2C4C5B5]",
    "[W2C5C4D5]",
    "[W2C4C5D5]",
    "[W2C5C4D5]",
    "[W2C4C5B5]",
    "[W2C5C4D5]",
]


def test_santorini_worker_stepping_onto_level_3_wins():
    episode = play("ta_santorini", [scripted(NAVY_CLIMB), scripted(WHITE_SHUFFLE)])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert seat_results(episode) == {"Player 0": ("win", "rules"), "Player 1": ("loss", "rules")}
    assert episode.scores["Request Count"] == 17 and episode.scores["Violated Request Count"] == 0
    assert "won by moving a worker to level 3" in episode.interactions["end reason"]


def test_santorini_eleventh_invalid_move_in_a_row_ends_the_game_as_aborted():
    # TextArena 0.7.4 would keep the eliminated seat on turn forever; the game master ends the game
    episode = play("ta_santorini", [scripted(NAVY_CLIMB[:1]), lambda context: "[W1D3D3D3]"])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert seat_results(episode) == {"Player 0": ("win", "opponent's violation"), "Player 1": ("loss", "own violation")}
    assert episode.scores["Request Count"] == 1 + 11 and episode.scores["Violated Request Count"] == 11
    assert math.isnan(episode.scores["Main Score"])
    # the end every game eliminating a seat for invalid moves has (fixes.common.EndAtTheFirstElimination)
    assert episode.interactions["end reason"] == "Player 1 eliminated after repeated invalid moves."


def test_santorini_invalid_move_is_warned_and_the_seat_retries():
    episode = play("ta_santorini", [scripted(["[W1D3D4E4]"] + NAVY_CLIMB), scripted(WHITE_SHUFFLE)])
    assert_outcome(episode.scores, "Success")
    assert episode.contexts[1][0] == "Player 0"
    assert "Cannot move White worker (you are Navy)" in episode.contexts[1][1]["content"]
    assert episode.scores["Violated Request Count"] == 1


def test_santorini_vs_random_model_at_player_1_answers_the_random_opening():
    episode = play("ta_santorini_vs_random", [ta_player("expert")], game_id=1)
    assert episode.interactions["players"]["Player 0"]["model_name"] == "reference: random"
    assert episode.contexts[0][0] == "Player 1"
    assert "[GAME] Player 0 (Navy) moved worker" in episode.contexts[0][1]["content"]
    assert episode.interactions["seats"]["Player 1"]["result"] == "win"
    assert episode.scores["Main Score"] == 100 and episode.scores["Model Seat"] == 1


def test_santorini_climb_greedy_beats_random_clearly():
    assert mean_main_score("ta_santorini_vs_random", lambda: ta_player("expert"), game_ids=range(4)) == 100
    assert mean_main_score("ta_santorini_vs_climb_greedy", lambda: ta_player("random"), game_ids=range(4)) == 0


# --- Tak (no randomness; 4x4 by default; coordinates (row,col)) ---


def place(cell: tuple[int, int], piece: str) -> str:
    return f"[place () {{({cell[0]},{cell[1]}): [{piece}]}}]"


def move(source: tuple[int, int], target: tuple[int, int], pieces: str) -> str:
    return f"[move ({source[0]},{source[1]}) {{({target[0]},{target[1]}): [{pieces}]}}]"


def test_tak_first_road_wins():
    # TextArena 0.7.4 raised TypeError on every road (set_winner with `player_ids`); the game master translates it
    player_0 = [place((row, 0), "F0") for row in range(4)]
    player_1 = [place((row, 3), "F1") for row in range(3)]
    episode = play("ta_tak", [scripted(player_0), scripted(player_1)])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert seat_results(episode) == {"Player 0": ("win", "rules"), "Player 1": ("loss", "rules")}
    assert episode.scores["Request Count"] == 7 and episode.scores["Main Score"] == 100
    assert "Player 0 has connected two opposite edges" in episode.interactions["end reason"]


def test_tak_stack_move_is_reported_as_text_and_a_road_it_uncovers_wins_for_the_opponent():
    # Player 0 covers Player 1's flat at (1,3), Player 1 fills the rest of column 3, then Player 0 moves its flat
    # away: the uncovered road is Player 1's, who wins at once (TextArena 0.7.4 only checks the mover's roads)
    player_0 = [
        place((1, 2), "F0"),
        move((1, 2), (1, 3), "F0"),
        place((3, 0), "F0"),
        place((3, 1), "F0"),
        move((1, 3), (1, 2), "F0"),
    ]
    player_1 = [place((1, 3), "F1"), place((0, 3), "F1"), place((2, 3), "F1"), place((3, 3), "F1")]
    episode = play("ta_tak", [scripted(player_0), scripted(player_1)])
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "loss", "win")
    assert episode.scores["Request Count"] == 9
    assert "Player 0's move completed a road of Player 1" in episode.interactions["end reason"]
    # the stack move's message (a tuple in TextArena 0.7.4) reaches the other seat as text
    assert "[GAME] Player 0 moved pieces from (1, 2) to [(1, 3)]." in episode.contexts[3][1]["content"]


@pytest.mark.parametrize(
    "reply",
    ["[place () {(0,0): []}]", "[move (0,0) {(a,b): [F0]}]", "[place () {(0,0,1): [F0]}]", "I place a flat stone"],
)
def test_tak_malformed_move_is_an_invalid_move_and_twice_aborts(reply):
    episode = play("ta_tak", [scripted([place((0, 0), "F0"), reply, reply]), scripted([place((3, 3), "F1")])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.scores["Violated Request Count"] == 2 and math.isnan(episode.scores["Main Score"])


def test_tak_players_shuffling_stones_are_stopped_by_the_request_cap_as_a_draw():
    player_0 = [place((0, 0), "F0")] + [move((0, 0), (0, 1), "F0"), move((0, 1), (0, 0), "F0")] * 150
    player_1 = [place((3, 3), "F1")] + [move((3, 3), (3, 2), "F1"), move((3, 2), (3, 3), "F1")] * 150
    episode = play("ta_tak", [scripted(player_0), scripted(player_1)])
    assert_outcome(episode.scores, "Lose")
    assert seat_results(episode) == {"Player 0": ("draw", "request cap"), "Player 1": ("draw", "request cap")}
    assert episode.scores["Request Count"] == 300 and episode.scores["Main Score"] == 0


def test_tak_vs_random_model_at_player_1_and_its_main_score():
    episode = play("ta_tak_vs_random", [ta_player("expert")], game_id=1)
    assert episode.interactions["players"]["Player 0"]["model_name"] == "reference: random"
    assert episode.interactions["seats"]["Player 1"]["result"] == "win"
    assert episode.scores["Main Score"] == 100 and episode.scores["Model Seat"] == 1


def test_tak_road_greedy_beats_random_clearly():
    assert mean_main_score("ta_tak_vs_random", lambda: ta_player("expert"), game_ids=range(4)) == 100
    assert mean_main_score("ta_tak_vs_road_greedy", lambda: ta_player("random"), game_ids=range(4)) <= 25


# --- Stratego (default instance 0: Player 0's Colonel at D0, Player 1's Lieutenant at G0; E0 and F0 empty) ---

import fixes  # noqa: E402
from games.territory import StrategoMaster  # noqa: E402
from ta_players.base import offered_moves  # noqa: E402


def test_stratego_battle_is_reported_to_both_and_a_broken_format_aborts():
    episode = play("ta_stratego", [scripted(["[D0 E0]", "[E0 F0]"]), scripted(["[G0 F0]", "pass", "pass"])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert seat_results(episode) == {"Player 0": ("win", "opponent's violation"), "Player 1": ("loss", "own violation")}
    battle = (
        "The attacking piece was Colonel and the destination piece was Lieutenant. As the attacker is a higher "
        "rank than the destination"
    )
    assert battle in episode.contexts[3][1]["content"] and episode.contexts[3][0] == "Player 1"
    assert math.isnan(episode.scores["Main Score"])


def test_stratego_no_seat_sees_the_other_seats_ranks():
    # TextArena 0.7.4 broadcast the board rendered for the seat on turn, ranks included, to both seats
    seen = {"Player 0": [], "Player 1": []}
    episode = play("ta_stratego", [scripted(["[D0 E0]", "[E0 F0]", "x", "x"]), scripted(["[G0 F0]", "x", "x"])])
    for name, context in episode.contexts:
        seen[name].append(context["content"])
    assert "A   MJ  MJ  BM  FL  BM  SG  SC  MN  MN  MS" in seen["Player 0"][0]
    assert "J   MJ  MN  BM  FL  BM  SC  SG  SC  MN  CP" in seen["Player 1"][0]
    assert "J    ?   ?   ?   ?   ?   ?   ?   ?   ?   ?" in seen["Player 0"][1]
    for own, other in (("Player 0", "Player 1"), ("Player 1", "Player 0")):
        rows_of_own = "ABCD" if own == "Player 0" else "GHIJ"
        for context in seen[other]:
            for line in context.splitlines():
                if line[:1] in rows_of_own and line[1:4] == "   ":
                    assert set(line[1:].split()) <= {"?", ".", "~"}, (other, line)


def stratego_env(pieces: dict[str, tuple[str, int]]):
    """A Stratego env with its fixes (fixes.territory) on a board holding only `pieces` ({"D0": ("Miner", 0), ...})."""
    env = fixes.make("Stratego-v0-raw")
    env.reset(num_players=2, seed=0)
    for row in range(10):
        for col in range(10):
            if env.board[row][col] != "~":
                env.board[row][col] = None
    env.player_pieces[0].clear()
    env.player_pieces[1].clear()
    for cell, (rank, player) in pieces.items():
        row, col = ord(cell[0]) - 65, int(cell[1])
        env.board[row][col] = {"rank": rank, "player": player}
        env.player_pieces[player].append((row, col))
    return env


FLAGS = {"A9": ("Flag", 0), "J9": ("Flag", 1)}


def test_stratego_miner_leaving_a_defused_bomb_square_does_not_crash():
    # TextArena 0.7.4 kept the bomb's square in the defender's piece list and raised TypeError here
    env = stratego_env({**FLAGS, "D0": ("Miner", 0), "E0": ("Bomb", 1), "J5": ("Scout", 1), "A0": ("Sergeant", 0)})
    assert env.step("[D0 E0]") == (False, {})
    assert env.step("[J5 I5]") == (False, {})
    assert env.step("[E0 F0]")[0] is False


def test_stratego_move_from_a_lake_is_an_invalid_move():
    # TextArena 0.7.4 read the lake's "~" as a piece and raised TypeError
    env = stratego_env({**FLAGS, "D2": ("Miner", 0), "J0": ("Scout", 1)})
    assert env.step("[E2 D2]") == (False, {})
    assert env.state.current_player_id == 0 and env.state.error_count == 1  # warned, Player 0 retries
    assert any("must move one of their own pieces" in message for _, message, _ in env.state.observations[0])


def test_stratego_player_0_wins_when_player_1_loses_its_last_movable_piece():
    # TextArena 0.7.4's check returned the winner's id, and 0 read as "no winner"
    env = stratego_env({**FLAGS, "E0": ("Marshal", 0), "F0": ("Scout", 1), "J8": ("Bomb", 1)})
    assert env.step("[E0 F0]")[0] is True
    assert env.state.rewards == {0: 1, 1: -1}
    assert env.state.game_info[1]["reason"] == "Player 0 wins! Player 1 has no more movable pieces."


def test_stratego_seat_whose_pieces_are_all_blocked_loses():
    env = stratego_env({**FLAGS, "J0": ("Sergeant", 1), "I0": ("Bomb", 1), "J1": ("Bomb", 1), "A0": ("Scout", 0)})
    assert env.step("[A0 B0]")[0] is True
    assert env.state.rewards == {0: 1, 1: -1}
    assert "Player 1 has no more legal moves" in env.state.game_info[1]["reason"]


def test_stratego_flag_capture_wins_with_a_text_reason():
    env = stratego_env({**FLAGS, "I9": ("Sergeant", 0), "J0": ("Scout", 1)})
    assert env.step("[I9 J9]")[0] is True
    assert env.state.rewards == {0: 1, 1: -1}
    assert env.state.game_info[0]["reason"] == "Player 0 has captured the opponent's flag!"


def test_stratego_secrets_are_the_rows_showing_a_seats_ranks():
    episode = play("ta_stratego", [scripted(["x", "x"]), scripted([])])
    secrets = episode.game_master.secrets()
    assert [line[0] for line in secrets[0]] == list("ABCD") and [line[0] for line in secrets[1]] == list("GHIJ")
    assert isinstance(episode.game_master, StrategoMaster)


def test_stratego_random_players_are_stopped_by_the_request_cap_as_a_draw():
    episode = play("ta_stratego_vs_random", [ta_player("random")], game_id=1)
    assert episode.interactions["seats"]["Player 1"] == {
        "model": "scripted0",
        "reference": False,
        "result": "draw",
        "how": "request cap",
        "payoff": None,
    }
    assert episode.scores["Request Count"] == 300 and episode.scores["Main Score"] == 50
    assert_outcome(episode.scores, "Success")


def stratego_context(env, player: int = 0) -> str:
    """Everything the env sent `player`, as one context (the expert reads the latest board and the moves seen)."""
    return "\n\n".join(message for _, message, _ in env.state.observations[player])


# Player 1's army in the back row: nine pieces that never moved (any could be a Bomb) and its Flag
BACK_ROW = {
    f"J{col}": (rank, 1)
    for col, rank in enumerate(["Bomb", "Miner", "Bomb", "Captain", "Bomb", "Scout", "Bomb", "Major", "Bomb"])
}


@pytest.mark.parametrize("attacker, expected", [("Sergeant", True), ("Marshal", False)])
def test_stratego_material_attacks_a_piece_a_battle_showed_weaker_and_spares_a_stronger_one(attacker, expected):
    # Player 1's piece takes Player 0's Scout on F4 and shows its rank; Player 0's Captain on E4 can attack it
    # (a Captain beats a Sergeant: +2 in material) or step aside
    env = stratego_env(
        {**FLAGS, **BACK_ROW, "E4": ("Captain", 0), "F4": ("Scout", 0), "A0": ("Scout", 0), "G4": (attacker, 1)}
    )
    env.step("[A0 B0]")
    env.step("[G4 F4]")
    context = stratego_context(env)
    assert f"The attacking piece was {attacker} and the destination piece was Scout" in context
    assert "[E4 F4]" in offered_moves(context)
    assert (ta_player("expert")(context) == "[E4 F4]") is expected


@pytest.mark.parametrize("piece, expected", [("Miner", True), ("Major", False)])
def test_stratego_material_sends_only_a_miner_against_a_bomb_its_attack_found(piece, expected):
    # Player 0's Sergeant on E5 runs into the Bomb on F5; then its piece on F4 can attack the Bomb: a Miner defuses
    # it (+1 in material), a Major would be lost
    env = stratego_env(
        {**FLAGS, **BACK_ROW, "E5": ("Sergeant", 0), "F4": (piece, 0), "F5": ("Bomb", 1), "H0": ("Scout", 1)}
    )
    env.step("[E5 F5]")
    env.step("[H0 G0]")
    context = stratego_context(env)
    assert "The attacking piece was Sergeant and the destination piece was Bomb" in context
    assert "[F4 F5]" in offered_moves(context)
    assert (ta_player("expert")(context) == "[F4 F5]") is expected


def test_stratego_material_as_the_model_wins_every_shipped_game_against_random():
    # random play against random play reaches the request cap in all four games (a draw, 50)
    scores = [
        play("ta_stratego_vs_random", [ta_player("expert")], game_id=game_id).scores["Main Score"]
        for game_id in range(4)
    ]
    assert scores == [100] * 4
