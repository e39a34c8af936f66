"""Three-Player Tic Tac Toe (TextArena's FFA state, three seats) played end to end: a line of four wins, a broken
format aborts and the offender forfeits, rounds cycle through all three seats, and the model plays one seat against
two random references in the `_vs_random` variant."""
import math

from conftest import assert_outcome, play, scripted


def seats(*moves_per_seat: list[int]):
    return [scripted([f"[{cell}]" for cell in moves]) for moves in moves_per_seat]


def test_first_line_of_four_wins_and_the_others_lose():
    # Player 0 fills row 0 (cells 0-3) while the others play rows 3 and 4.
    episode = play("ta_three_player_tic_tac_toe", seats([0, 1, 2, 3], [15, 16, 17], [20, 21, 22]))
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert [episode.scores[f"Player {n} Win"] for n in (0, 1, 2)] == [1, 0, 0]
    assert [episode.scores[f"Player {n} Loss"] for n in (0, 1, 2)] == [0, 1, 1]
    assert [episode.scores[f"Player {n} Score"] for n in (0, 1, 2)] == [100, 0, 0]
    assert episode.interactions["seats"] == {
        "Player 0": {"model": "scripted0", "reference": False, "result": "win", "how": "rules", "payoff": None},
        "Player 1": {"model": "scripted1", "reference": False, "result": "loss", "how": "rules", "payoff": None},
        "Player 2": {"model": "scripted2", "reference": False, "result": "loss", "how": "rules", "payoff": None}}
    # a round is one move of each seat; the winning move opens the fourth round
    assert episode.interactions["Request Count"] == [3, 3, 3, 1]
    assert [name for name, _ in episode.contexts][:4] == ["Player 0", "Player 1", "Player 2", "Player 0"]


def test_each_seat_sees_the_other_seats_moves_and_its_own_moves_without_its_reasoning():
    policies = seats([0, 1, 2, 3], [15, 16, 17], [20, 21, 22])
    first_seat = policies[0]
    policies[0] = lambda context: f"I open in the corner. {first_seat(context)}"
    episode = play("ta_three_player_tic_tac_toe", policies)
    third_seat_first_context = episode.contexts[2][1]["content"]
    assert third_seat_first_context.startswith("You are Player 2 in Three-Player Tic Tac Toe.")
    assert "[Player 0] I open in the corner. [0]" in third_seat_first_context
    assert "[Player 1] [15]" in third_seat_first_context
    first_seat_second_context = episode.contexts[3][1]["content"]
    # the state view gives a seat its own move back as the bracketed move, not the words around it
    assert "[Player 0] [0]\n" in first_seat_second_context and "I open" not in first_seat_second_context
    assert "[Player 1] [15]" in first_seat_second_context and "[Player 2] [20]" in first_seat_second_context


def test_broken_format_twice_aborts_and_the_offender_forfeits():
    policies = seats([0], [], [])
    policies[1] = lambda context: "I take the centre."
    episode = play("ta_three_player_tic_tac_toe", policies)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert {name: seat["result"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": "win", "Player 1": "loss", "Player 2": "win"}
    assert {name: seat["how"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": "opponent's violation", "Player 1": "own violation", "Player 2": "opponent's violation"}
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert math.isnan(episode.scores["Player 1 Score"]) and episode.scores["Player 1 Loss"] == 1
    assert episode.interactions["Request Count"] == [3]
    assert episode.interactions["Violated Request Count"] == [2]


def test_occupied_cell_is_warned_and_the_same_seat_retries():
    episode = play("ta_three_player_tic_tac_toe", seats([0, 1, 2, 3], [0, 15, 16, 17], [20, 21, 22]))
    assert_outcome(episode.scores, "Success")
    _, retry_context = episode.contexts[2]
    assert episode.contexts[2][0] == "Player 1"
    assert "Cell 0 is already occupied." in retry_context["content"]
    assert episode.interactions["Violated Request Count"] == [1, 0, 0, 0]
