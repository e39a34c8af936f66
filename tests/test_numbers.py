"""Number and chance games played end to end: the programmatic experts win, hand-made losing lines are scored by
hand, format breakers are Aborted, stalling players are stopped."""

import json
import math
import re

import pytest

import metrics
from support import assert_outcome, benchmark, instance_of, mock_model, play, scripted, ta_player
from ta_players.numbers import countdown_solution, cryptarithm_solution


def assert_aborted(scores: dict):
    assert_outcome(scores, "Aborted")
    assert math.isnan(scores["Main Score"])


# --- GuessTheNumber ---


def test_guess_the_number_expert_binary_search_finds_12_in_three_guesses():
    # default instance 0 hides 12 in 1..20: [10] higher, [15] lower, [12]
    episode = play("ta_guess_the_number", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert [reply for _, reply in _replies(episode)] == ["[10]", "[15]", "[12]"]


@pytest.mark.parametrize("experiment", ["default", "hardcore"])
def test_guess_the_number_expert_wins_every_shipped_instance(experiment):
    for game_id in range(10):
        episode = play("ta_guess_the_number", [ta_player("expert")], experiment=experiment, game_id=game_id)
        assert episode.scores["Main Score"] == 100
        assert episode.scores["Request Count"] <= 6  # ceil(log2(50 + 1))


def test_guess_the_number_turn_limit_is_a_lose_scored_0():
    # 12 is hidden; [1]..[11] all get "higher". max_turns=10 ends the game after the 11th guess.
    episode = play("ta_guess_the_number", [scripted([f"[{n}]" for n in range(1, 12)])])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0
    assert episode.scores["Request Count"] == 11


def test_guess_the_number_format_breaker_is_aborted():
    episode = play("ta_guess_the_number", [ta_player("format-breaker")])
    assert_aborted(episode.scores)
    assert episode.scores["Request Count"] == 2


def test_guess_the_number_repeating_a_guess_is_aborted():
    # a repeated guess is TextArena's invalid move: warned once, the second in a row ends the game
    episode = play("ta_guess_the_number", [lambda context: "[5]"])
    assert_aborted(episode.scores)
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2


def _replies(episode):
    """(player, reply) of every request, from the interactions."""
    return [
        (event["from"], event["action"]["content"])
        for turn in episode.interactions["turns"]
        for event in turn
        if event["action"]["type"] == "get message" and event["from"].startswith("Player")
    ]


# --- Mastermind ---


def test_mastermind_expert_first_guess_and_feedback():
    # default instance 0 hides [4 3 6 1]; the first consistent code is [1 2 3 4]: 0 black, 3 white (1, 3, 4)
    episode = play("ta_mastermind", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert _replies(episode)[0][1] == "[1 2 3 4]"
    assert "Submitted [1 2 3 4]. Feedback: 0 black peg(s), 3 white peg(s)." in episode.contexts[1][1]["content"]


@pytest.mark.parametrize("experiment, max_requests", [("hard", 31), ("extreme", 51)])
def test_mastermind_expert_cracks_every_shipped_code_within_the_turn_limit(experiment, max_requests):
    for game_id in range(10):
        episode = play("ta_mastermind", [ta_player("expert")], experiment=experiment, game_id=game_id)
        assert episode.scores["Main Score"] == 100
        assert episode.scores["Request Count"] <= 15 < max_requests


def test_mastermind_turn_limit_is_a_lose_scored_0():
    # 21 distinct wrong codes (the secret [4 3 6 1] never among them): max_turns=20 ends after the 21st guess
    wrong = [f"[{a} {b} 5 6]" for a in range(1, 5) for b in range(1, 5) if a != b][:12] + [
        f"[5 6 {a} {b}]" for a in range(1, 5) for b in range(1, 5) if a != b
    ][:9]
    episode = play("ta_mastermind", [scripted(wrong)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0
    assert episode.scores["Request Count"] == 21


def test_mastermind_format_breaker_is_aborted():
    assert_aborted(play("ta_mastermind", [ta_player("format-breaker")]).scores)


def test_mastermind_repeating_a_guess_is_aborted():
    episode = play("ta_mastermind", [lambda context: "[1 2 3 4]"])
    assert_aborted(episode.scores)
    assert episode.scores["Request Count"] == 3


# --- Bandit ---
# default instance 0: red 0.1806, blue 0.3499, green 0.3360, yellow 0.4383, purple 0.55 (the best)


def test_bandit_best_pick_is_a_success_although_textarena_rewards_it_as_incorrect():
    # TextArena 0.7.4 compares the pick with the dict of means: the best pick gets regret 0.0 and the reason
    # "You chose an incorrect button."; BanditMaster decides from the regret.
    episode = play("ta_bandit", [scripted(["[purple]"] * 21)])
    assert episode.interactions["ta rewards"] == {"0": 0.0}
    assert episode.interactions["end reason"] == "You chose an incorrect button."
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Regret"] == 0
    assert episode.scores["Request Count"] == 21  # 20 pulls and the final pick


@pytest.mark.parametrize(
    "pick, score",
    [("red", 0.0), ("yellow", 100 * (0.4383308486284223 - 0.1805792581237367) / (0.55 - 0.1805792581237367))],
)
def test_bandit_other_pick_is_a_lose_scored_between_worst_and_best_mean(pick, score):
    episode = play("ta_bandit", [scripted(["[purple]"] * 20 + [f"[{pick}]"])])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(score)


def test_bandit_expert_finds_the_best_button_of_instance_3():
    # instance 3 (best: green) is one the expert's pulls identify; its 21 moves end the game
    episode = play("ta_bandit", [ta_player("expert")], game_id=3)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Request Count"] == 21


def test_bandit_format_breaker_is_aborted():
    assert_aborted(play("ta_bandit", [ta_player("format-breaker")]).scores)


def test_bandit_unknown_button_is_aborted():
    episode = play("ta_bandit", [lambda context: "[orange]"])  # orange exists only in the hard variant
    assert_aborted(episode.scores)
    assert episode.scores["Request Count"] == 2


def test_bandit_prompt_says_how_to_press_and_pick():
    # TextArena 0.7.4's prompt never shows the move format (Bandit/env.py:21-27); a reader who presses the prompt's
    # example every time makes only valid moves
    def from_the_prompt(context: str) -> str:
        assert "After the last time step, pick the button you judge best the same way: that pick is scored." in context
        return re.search(r"reply with its name in square brackets, e\.g\. `(\[\w+\])`\.", context).group(1)

    episode = play("ta_bandit", [from_the_prompt])
    assert episode.scores["Request Count"] == 21 and episode.scores["Violated Request Count"] == 0
    assert _replies(episode)[-1] == ("Player 0", "[red]")
    assert_outcome(episode.scores, "Lose")  # red is the worst button of instance 0


def test_bandit_format_warning_says_the_format():
    episode = play("ta_bandit", [scripted(["I press red.", "[red]"] + ["[purple]"] * 20)])
    assert "a button's name in square brackets, e.g. `[red]`." in episode.contexts[1][1]["content"]


# --- Secretary ---
# default instance 0: 0.7925, 0.2387, 0.1130, 0.6931, 0.8279; instance 1: 0.8070, 0.3005, 0.6480, 0.7962, 0.3648


def test_secretary_expert_lets_two_values_pass_then_takes_the_first_record():
    episode = play("ta_secretary", [ta_player("expert")])
    assert [reply for _, reply in _replies(episode)] == ["[continue]"] * 4 + ["[accept]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Picked Rank"] == 1


def test_secretary_expert_without_a_later_record_is_forced_to_the_last_value():
    # nothing after the first two beats 0.8070: the fifth [continue] takes the last value, 0.3648 (rank 4 of 5)
    episode = play("ta_secretary", [ta_player("expert")], game_id=1)
    assert [reply for _, reply in _replies(episode)] == ["[continue]"] * 5
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Picked Rank"] == 4


def test_secretary_accepting_the_first_value_is_a_lose():
    episode = play("ta_secretary", [scripted(["[accept]"])])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Picked Rank"] == 2
    assert episode.scores["Request Count"] == 1


def test_secretary_always_continuing_ends_with_the_last_value():
    episode = play("ta_secretary", [lambda context: "[continue]"])
    assert_outcome(episode.scores, "Success")  # instance 0's last value happens to be the best
    assert episode.scores["Request Count"] == 5


def test_secretary_format_breaker_is_aborted_and_a_bracket_with_prose_is_played():
    # TextArena fullmatches what it is handed (Secretary/env.py:36): the game hands it the reply's move alone
    assert_aborted(play("ta_secretary", [ta_player("format-breaker")]).scores)
    episode = play("ta_secretary", [lambda context: "I take it: [accept]"])
    assert episode.scores["Aborted"] == 0 and episode.scores["Violated Request Count"] == 0


# --- ThreeCardMonte --- (instance 0: the ball ends under cup 2)


def test_three_card_monte_expert_follows_the_swaps():
    episode = play("ta_three_card_monte", [ta_player("expert")])
    assert _replies(episode) == [("Player 0", "[2]")]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_three_card_monte_wrong_cup_is_a_lose():
    episode = play("ta_three_card_monte", [scripted(["[0]"])])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0


def test_three_card_monte_invalid_move_arguments_are_swapped_back():
    # TextArena 0.7.4 passes (reward, reason) as (reason, reward): the player would read "Reason: 0.0" and the
    # loss would be rewarded with the message text
    episode = play("ta_three_card_monte", [ta_player("format-breaker")])
    assert_aborted(episode.scores)
    assert "Reason: Bad action. Use `[k]`." in episode.contexts[1][1]["content"]
    assert episode.interactions["ta rewards"] == {"0": 0.0}
    assert episode.interactions["end reason"] == "Invalid Move: Bad action. Use `[k]`."


def test_three_card_monte_plays_a_guess_with_words_around_it():
    # TextArena 0.7.4 fullmatches what it is handed (ThreeCardMonte/env.py:42): the game hands it the move alone
    episode = play("ta_three_card_monte", [scripted(["The ball went left, then right: I say **[2]**."])])
    assert_outcome(episode.scores, "Success")


def test_three_card_monte_cup_out_of_range_is_aborted():
    episode = play("ta_three_card_monte", [lambda context: "[3]"])
    assert_aborted(episode.scores)
    assert episode.interactions["end reason"] == "Invalid Move: Index out of range 0-2."


# --- Countdown --- (TextArena's one puzzle: 100 75 6 4 3 2, target 532)


def test_countdown_expert_reaches_532():
    # 75 - 3 = 72, 72 * 6 = 432, 432 + 100 = 532; each result is appended at the end of the numbers
    episode = play("ta_countdown", [ta_player("expert")])
    assert [reply for _, reply in _replies(episode)] == ["[1 4 -]", "[4 1 *]", "[3 0 +]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_countdown_without_the_target_is_a_lose_scored_0_beyond_10():
    # 100+75=175, 6+4=10, 3+2=5, 175+10=185, 5+185=190: one number left; closest to 532 was 190 (distance 342)
    episode = play("ta_countdown", [scripted(["[0 1 +]"] * 5)])
    assert_outcome(episode.scores, "Lose")
    assert episode.interactions["end reason"] == "No more moves. Best result: 190 (target: 532)"
    assert episode.scores["Distance"] == 342 and episode.scores["Main Score"] == 0
    assert episode.interactions["completion"] == pytest.approx(1 - 342 / 1000)  # TextArena's progress, still logged


@pytest.mark.parametrize("distance, score", [(0, 100), (1, 70), (5, 70), (6, 50), (10, 50), (11, 0), (342, 0)])
def test_countdown_score_is_the_shows_10_7_5_points_by_distance(distance, score):
    scorer = metrics.CountdownScorer("ta_countdown", {}, {})
    assert scorer.main_score({"Success": int(distance == 0), "distance": distance}) == score


# Generated Countdown, easy instance 0: TextArena's draw from the instance's seed
EASY_0 = {"numbers": [100, 50, 4, 2, 3, 7], "target": 226}
# (50 + 7) * 4 - 2 = 226; each result is appended at the end: [100 4 2 3 57], [100 2 3 228], [100 3 226]
EASY_0_SOLUTION = ["[1 5 +]", "[4 1 *]", "[3 1 -]"]


def test_countdown_easy_instance_0_is_solved_by_50_plus_7_times_4_minus_2():
    _, instance = instance_of("ta_countdown", "easy", 0)
    assert instance["env_kwargs"] == {"numbers": None, "target": None}  # TextArena draws them
    assert instance["content"] == EASY_0
    episode = play("ta_countdown", [scripted(EASY_0_SOLUTION)], "easy", 0)
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["end reason"] == "Perfect! Found exact target: 226"
    assert episode.scores["Distance"] == 0 and episode.scores["Main Score"] == 100


def test_countdown_near_miss_within_5_scores_70():
    # (50 + 7) * 4 = 228, 2 from 226; then 100 + 2 = 102, 3 + 228 = 231 (5 away: not closer), 102 + 231 = 333
    episode = play("ta_countdown", [scripted(EASY_0_SOLUTION[:2] + ["[0 1 +]"] * 3)], "easy", 0)
    assert_outcome(episode.scores, "Lose")
    assert episode.interactions["end reason"] == "No more moves. Best result: 228 (target: 226)"
    assert episode.scores["Distance"] == 2 and episode.scores["Main Score"] == 70


@pytest.mark.parametrize("experiment, operations", [("easy", (2, 3)), ("hard", (4, 5))])
def test_countdown_generated_instances_are_exactly_solvable_in_their_operations(experiment, operations):
    contents = [instance_of("ta_countdown", experiment, game_id)[1]["content"] for game_id in range(10)]
    assert len({json.dumps(content) for content in contents}) == 10
    for content in contents:
        solution = countdown_solution(tuple(content["numbers"]), content["target"])
        assert solution is not None and operations[0] <= len(solution) <= operations[1], content
        # no credit before the first move: every start number is more than 10 from the target
        assert min(abs(number - content["target"]) for number in content["numbers"]) > 10


def test_countdown_unsolvable_or_too_easy_draw_is_unplayable():
    experiment, instance = instance_of("ta_countdown", "hard", 0)
    with benchmark("ta_countdown") as game_benchmark:
        game_master = game_benchmark.create_game_master(experiment, [mock_model()])
        game_master.setup(**instance)
        env = game_master.ta_env
        assert game_master.unplayable_reason() is None
        env.orig_numbers, env.target = [1, 1, 1, 1, 1, 2], 999
        assert game_master.unplayable_reason() == "the target cannot be reached exactly"
        env.orig_numbers, env.target = [100, 50, 4, 2, 3, 7], 226
        assert game_master.unplayable_reason() == "the shortest exact solution takes 3 operations, not 4-5"
        env.orig_numbers, env.target = [100, 50, 4, 2, 3, 7], 105
        assert game_master.unplayable_reason() == "a start number lies within 10 of the target"


def test_countdown_random_makes_only_operations_textarena_accepts():
    # a random operator gave non-whole divisions, and 6 of the 20 generated games ended Aborted
    for game_id in range(10):
        episode = play("ta_countdown", [ta_player("random")], "hard", game_id)
        assert episode.scores["Violated Request Count"] == 0 and episode.scores["Request Count"] == 5


@pytest.mark.parametrize("experiment", ["easy", "hard"])
def test_countdown_expert_reaches_every_generated_target(experiment):
    for game_id in range(10):
        episode = play("ta_countdown", [ta_player("expert")], experiment, game_id)
        assert episode.scores["Main Score"] == 100, game_id


def test_countdown_echoed_move_and_invalid_move_arguments_are_put_back_in_order():
    # TextArena 0.7.4 echoes the move with add_observation(player_id, action, type) and swaps set_invalid_move's
    # arguments; without the fix the first observation after a move fails and the player reads "Reason: 0.568"
    episode = play("ta_countdown", [scripted(["[1 4 -]", "[0 1 /]", "[0 1 /]"])])  # 100 / 6 is not whole
    assert_aborted(episode.scores)
    assert "Reason: Invalid operation (division by zero or non-integer result)" in episode.contexts[2][1]["content"]
    assert (
        episode.interactions["end reason"] == "Invalid Move: Invalid operation (division by zero or non-integer result)"
    )
    assert (0, "[1 4 -]") in episode.game_master.env.state.logs  # sender 0, the move as the message


def test_countdown_format_breaker_is_aborted():
    assert_aborted(play("ta_countdown", [ta_player("format-breaker")]).scores)


# --- Cryptarithm --- (TextArena's one puzzle: SEND + MORE = MONEY, solved by 9567 + 1085 = 10652)

SEND_MORE_MONEY = ["[D 7]", "[E 5]", "[M 1]", "[N 6]", "[O 0]", "[R 8]", "[S 9]", "[Y 2]"]


def test_cryptarithm_expert_assigns_the_solution_letter_by_letter():
    episode = play("ta_cryptarithm", [ta_player("expert")])
    assert [reply for _, reply in _replies(episode)] == SEND_MORE_MONEY
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_cryptarithm_complete_wrong_mapping_is_a_lose():
    episode = play("ta_cryptarithm", [scripted(SEND_MORE_MONEY[:-1] + ["[Y 3]"])])
    assert_outcome(episode.scores, "Lose")
    assert episode.interactions["end reason"] == "Mapping complete but equation incorrect."
    assert episode.scores["Main Score"] == 0


def test_cryptarithm_stalling_with_the_same_assignment_ends_at_the_turn_limit():
    # re-assigning a letter its own digit is valid and changes nothing; max_turns=100 ends after 101 moves
    episode = play("ta_cryptarithm", [lambda context: "[S 9]"])
    assert_outcome(episode.scores, "Lose")
    assert episode.interactions["end reason"] == "Move limit reached."
    assert episode.scores["Request Count"] == 101 and episode.scores["Main Score"] == 0


CLASSIC = {
    "small": [
        "TO+GO=OUT",
        "ODD+ODD=EVEN",
        "TWO+TWO=FOUR",
        "EAT+THAT=APPLE",
        "COCA+COLA=OASIS",
        "USSR+USA=PEACE",
        "BASE+BALL=GAMES",
        "NINE+FINE=WIVES",
    ],
    "large": [
        "YOUR+YOU=HEART",
        "CROSS+ROADS=DANGER",
        "HOCUS+POCUS=PRESTO",
        "SIX+SEVEN+SEVEN=TWENTY",
        "THREE+THREE+TWO+TWO+ONE=ELEVEN",
        "DONALD+GERALD=ROBERT",
        "FORTY+TEN+TEN=SIXTY",
        "BLACK+GREEN=ORANGE",
    ],
}


@pytest.mark.parametrize("experiment", ["small", "large"])
def test_cryptarithm_expert_solves_every_classic_puzzle(experiment):
    for game_id, equation in enumerate(CLASSIC[experiment]):
        _, instance = instance_of("ta_cryptarithm", experiment, game_id)
        assert instance["content"] == {"equation": equation}
        episode = play("ta_cryptarithm", [ta_player("expert")], experiment, game_id)
        assert_outcome(episode.scores, "Success")
        letters = len(set(equation) - set("+="))
        assert episode.scores["Request Count"] == letters  # one assignment per letter


def test_cryptarithm_solver_finds_the_known_solutions_and_none_where_there_is_none():
    # 92843 + 72843 = 165686; 9567 + 1085 = 10652; LEMON + LEMON = MELON would need 2 x N to end in N, so N = 0,
    # and 2 x O + carry to end in O ... no assignment works (the solver and a brute force over all digits agree)
    assert cryptarithm_solution(("HOCUS", "POCUS"), "PRESTO") == {
        "C": 8,
        "E": 5,
        "H": 9,
        "O": 2,
        "P": 1,
        "R": 0,
        "S": 6,
        "T": 7,
        "U": 3,
    }
    assert cryptarithm_solution(("SEND", "MORE"), "MONEY") == {
        "D": 7,
        "E": 5,
        "M": 1,
        "N": 6,
        "O": 0,
        "R": 8,
        "S": 9,
        "Y": 2,
    }
    assert cryptarithm_solution(("LEMON", "LEMON"), "MELON") is None
    assert cryptarithm_solution(("ABC", "D"), "EF") is None  # an addend longer than the result


def test_cryptarithm_equation_without_solution_is_unplayable():
    experiment, instance = instance_of("ta_cryptarithm", "small", 0)
    with benchmark("ta_cryptarithm") as game_benchmark:
        game_master = game_benchmark.create_game_master(experiment, [mock_model()])
        game_master.setup(**{**instance, "env_kwargs": {"equation": "LEMON + LEMON = MELON", "max_turns": 100}})
        assert game_master.unplayable_reason() == "no digits solve the equation"


def test_cryptarithm_invalid_moves_are_aborted_with_their_reason():
    assert_aborted(play("ta_cryptarithm", [ta_player("format-breaker")]).scores)
    episode = play("ta_cryptarithm", [lambda context: "[M 0]"])
    assert_aborted(episode.scores)
    assert "Reason: Leading digit of a word cannot be 0." in episode.contexts[1][1]["content"]
    assert episode.interactions["end reason"] == "Invalid Move: Leading digit of a word cannot be 0."
