"""The small two-player board games played end to end: Tic Tac Toe and its Reverse, Wild, Quantum and Ultimate
variants, Connect Four, Nim, Chopsticks and the Memory Game. Scripted games with outcomes worked out by hand,
the draw the game master declares when nobody can move (Quantum, Ultimate), rule breakers aborted, the turn
limit stopping a stalling pair, and the reference players: random never breaks a rule, the strong one beats it."""

import math
import statistics

import pytest

from support import GAMES, assert_outcome, assert_player_results, instance_of, play, requires, scripted, ta_player

SMALL_BOARDS = [
    "ta_tic_tac_toe",
    "ta_reverse_tic_tac_toe",
    "ta_wild_tic_tac_toe",
    "ta_quantum_tic_tac_toe",
    "ta_ultimate_tic_tac_toe",
    "ta_connect_four",
    "ta_nim",
    "ta_chopsticks",
    "ta_memory_game",
]
EXPERTS = {
    "ta_tic_tac_toe": "minimax",
    "ta_reverse_tic_tac_toe": "minimax",
    "ta_wild_tic_tac_toe": "minimax",
    "ta_quantum_tic_tac_toe": "lookahead",
    "ta_ultimate_tic_tac_toe": "alpha_beta",
    "ta_connect_four": "alpha_beta",
    "ta_nim": "nim_sum",
    "ta_chopsticks": "solver",
    "ta_memory_game": "memory",
}


def available(game: str):
    # ReverseTicTacToe compiles on Python >= 3.12 only (TextArena 0.7.4)
    return pytest.param(game, marks=pytest.mark.skipif(game not in GAMES, reason=f"{game} is unavailable here"))


def two_seats(moves_0, moves_1):
    return [scripted(moves_0), scripted(moves_1)]


def assert_decided(episode, *results, how="rules"):
    """Played to its end: Success and Main Score 100 between models, the seats' results as given."""
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert_player_results(episode.scores, *results)
    assert {seat["how"] for seat in episode.interactions["seats"].values()} == {how}


def test_tic_tac_toe_player_0_plays_o_first_and_wins_the_top_row():
    episode = play("ta_tic_tac_toe", two_seats(["[0]", "[1]", "[2]"], ["[3]", "[4]"]))
    assert_decided(episode, "win", "loss")
    assert episode.interactions["end reason"] == "Player 0 has won!"
    assert "you will be 'O'" in episode.contexts[0][1]["content"]


@requires("ta_reverse_tic_tac_toe")
def test_reverse_tic_tac_toe_completing_a_line_loses():
    episode = play("ta_reverse_tic_tac_toe", two_seats(["[0]", "[1]", "[2]"], ["[3]", "[8]"]))
    assert_decided(episode, "loss", "win")


def test_wild_tic_tac_toe_a_line_of_either_mark_wins_for_the_mover():
    # Player 0 puts two X on the top row, Player 1 completes it with a third X and wins
    episode = play("ta_wild_tic_tac_toe", two_seats(["[X 0]", "[X 1]"], ["[O 4]", "[X 2]"]))
    assert_decided(episode, "loss", "win")


def test_quantum_tic_tac_toe_collapses_into_the_first_empty_cell_and_a_diagonal_wins():
    # Moves 0 (Player 0) and 3 (Player 1) both join cells 0 and 5: the cycle collapses move 0 into cell 0 (O) and
    # move 3 into its first empty cell, 5 (X). Moves 2 and 4 of Player 0 both join 4 and 8: O on 4 and 8, and
    # O holds the diagonal 0-4-8.
    episode = play("ta_quantum_tic_tac_toe", two_seats(["[0,5]", "[4,8]", "[4,8]"], ["[1,6]", "[0,5]"]))
    assert_decided(episode, "win", "loss")
    assert episode.game_master.env.state.game_state["board"] == [["O", "", ""], ["", "O", "X"], ["", "", "O"]]


def test_quantum_tic_tac_toe_board_without_two_open_cells_is_a_draw_the_master_declares():
    # Four pairs of twin moves collapse eight cells without a line; TextArena would leave the next player
    # without a legal move (two invalid moves: a forfeit), the game master ends the game as a draw instead.
    moves = ["[5,7]", "[1,4]", "[5,7]", "[1,4]", "[3,6]", "[2,8]", "[3,6]", "[2,8]"]
    episode = play("ta_quantum_tic_tac_toe", two_seats(moves[0::2], moves[1::2]))
    assert_decided(episode, "draw", "draw")
    assert episode.game_master.env.state.game_state["board"] == [["", "X", "X"], ["O", "X", "O"], ["O", "O", "X"]]
    assert episode.interactions["end reason"] == "No legal move is left for the player on turn: the game is a draw."
    assert episode.scores["Violated Request Count"] == 0


# fmt: off
ULTIMATE_WIN = [(3, 1), (1, 0), (0, 2), (2, 4), (4, 7), (7, 5), (5, 4), (4, 3), (3, 2), (2, 8), (8, 8), (8, 1),
                (1, 1), (1, 3), (3, 0), (0, 3), (4, 4), (4, 5), (5, 5), (5, 0), (0, 0), (0, 8), (8, 6), (6, 4),
                (4, 1), (1, 4), (1, 7), (7, 3), (5, 3)]
# fmt: on
# a game in which board 2 fills up without a line and no big line is made: nobody can move after the 50th move
# fmt: off
ULTIMATE_STALL = [(2, 1), (1, 4), (4, 1), (1, 6), (6, 2), (2, 0), (0, 6), (6, 7), (7, 1), (1, 0), (0, 2), (2, 4),
                  (4, 8), (8, 7), (7, 7), (7, 2), (2, 3), (3, 5), (5, 5), (5, 6), (6, 4), (4, 0), (0, 7), (7, 6),
                  (6, 5), (5, 3), (3, 1), (1, 2), (2, 8), (8, 3), (3, 0), (0, 1), (2, 5), (5, 0), (0, 3), (3, 4),
                  (4, 7), (7, 4), (4, 4), (8, 6), (6, 3), (3, 3), (8, 2), (2, 2), (2, 6), (2, 7), (0, 8), (8, 1),
                  (8, 4), (8, 0)]
# fmt: on


def ultimate_seats(moves):
    return two_seats([f"[{a} {b}]" for a, b in moves[0::2]], [f"[{a} {b}]" for a, b in moves[1::2]])


def test_ultimate_tic_tac_toe_three_small_boards_in_a_row_win():
    episode = play("ta_ultimate_tic_tac_toe", ultimate_seats(ULTIMATE_WIN))
    assert_decided(episode, "win", "loss")
    assert episode.game_master.env.state.game_state["macro_board"][1] == ["O", "O", "O"]


def test_ultimate_tic_tac_toe_full_small_board_leaving_no_move_is_a_draw_the_master_declares():
    episode = play("ta_ultimate_tic_tac_toe", ultimate_seats(ULTIMATE_STALL))
    assert_decided(episode, "draw", "draw")
    macro = episode.game_master.env.state.game_state["macro_board"]
    assert macro[0][2] == " "  # board 2 is full without a line: TextArena keeps it open on the big board
    assert episode.interactions["end reason"] == "No legal move is left for the player on turn: the game is a draw."


def test_connect_four_four_discs_in_a_column_win():
    episode = play("ta_connect_four", two_seats(["[col 0]"] * 4, ["[col 1]"] * 3))
    assert_decided(episode, "win", "loss")


def test_connect_four_blind_shows_no_board_but_announces_every_drop():
    episode = play("ta_connect_four", two_seats(["[col 0]"] * 4, ["[col 1]"] * 3), experiment="blind")
    assert_decided(episode, "win", "loss")
    second_seat_context = episode.contexts[1][1]["content"]
    assert "The game board is not visible to players." in second_seat_context
    assert "Player 0 dropped their disk (X) into column 0." in second_seat_context


def test_nim_taking_the_last_object_wins():
    # piles [3, 4, 5]: Player 0 empties pile 0, Player 1 pile 1, Player 0 takes the last five
    episode = play("ta_nim", two_seats(["[0 3]", "[2 5]"], ["[1 4]"]))
    assert_decided(episode, "win", "loss")


def test_chopsticks_both_hands_dead_lose():
    # [1,1] [1,1] -> P1 [2,1] -> P0 [3,1] -> P1 [0,1] (2+3=5 kills) -> P0 [4,1] -> P1 [0,0] (4+1)
    episode = play(
        "ta_chopsticks", two_seats(["[attack 0 0]", "[attack 0 0]", "[attack 0 1]"], ["[attack 0 0]", "[attack 1 0]"])
    )
    assert_decided(episode, "win", "loss")


def test_chopsticks_players_splitting_back_and_forth_draw_at_the_turn_limit():
    splits = ["[split 0 2]", "[split 2 0]"] * 11
    episode = play("ta_chopsticks", two_seats(splits, splits))
    assert_decided(episode, "draw", "draw", how="turn limit")
    # TextArena 0.7.4 checks the limit (max_turns=40) before it counts the move, so a 41st move is played
    assert episode.scores["Request Count"] == 41


def test_memory_game_a_match_earns_another_turn_and_matching_every_pair_wins():
    board = instance_of("ta_memory_game")[1]["content"]["board"]
    cards = {}
    for r, row in enumerate(board):
        for c, symbol in enumerate(row):
            cards.setdefault(symbol, []).append((r, c))
    pairs = [f"[{a[0]} {a[1]} {b[0]} {b[1]}]" for a, b in cards.values()]
    episode = play("ta_memory_game", two_seats(pairs, []))
    assert_decided(episode, "win", "loss")
    assert episode.game_master.env.state.game_state["score"] == {0: 8, 1: 0}
    assert {name for name, _ in episode.contexts} == {"Player 0"}


@pytest.mark.parametrize("game", [available(game) for game in SMALL_BOARDS])
def test_small_board_format_breaker_aborts_with_its_seat_named(game):
    episode = play(game, [ta_player("format-breaker"), ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert_player_results(episode.scores, "loss", "win")


@pytest.mark.parametrize("game", [available(game) for game in SMALL_BOARDS])
@pytest.mark.parametrize("game_id", [0, 1])
def test_small_board_vs_random_scores_the_model_seat(game, game_id):
    episode = play(f"{game}_vs_random", [ta_player("expert")], game_id=game_id)
    seat = f"Player {game_id % 2}"
    result = episode.interactions["seats"][seat]["result"]
    assert not episode.interactions["seats"][seat]["reference"]
    assert episode.scores["Main Score"] == {"win": 100, "draw": 50, "loss": 0}[result]
    assert episode.scores["Model Seat"] == game_id % 2
    assert_outcome(episode.scores, "Lose" if result == "loss" else "Success")


@pytest.mark.parametrize("game", [available(game) for game in SMALL_BOARDS])
def test_small_board_strong_reference_beats_the_random_player(game):
    """On the first instances (both seats): the strong reference as the model wins most games against the
    random reference, and the random player as the model scores little against the strong one. Neither
    reference breaks a rule (the game master would raise)."""
    instances = range(2 if game == "ta_ultimate_tic_tac_toe" else 4)  # Ultimate's search takes ~30 ms a move

    def mean_score(variant, model):
        return statistics.mean(
            play(variant, [ta_player(model)], game_id=game_id).scores["Main Score"] for game_id in instances
        )

    assert mean_score(f"{game}_vs_random", "expert") >= 75
    assert mean_score(f"{game}_vs_{EXPERTS[game]}", "random") <= 25


def test_three_player_tic_tac_toe_heuristic_reference_beats_random_players():
    # one instance (the game has no randomness): the model sits at Player 0
    assert play("ta_three_player_tic_tac_toe_vs_random", [ta_player("expert")]).scores["Main Score"] == 100
    # two heuristics block every line, the random player's and each other's: the game is drawn at best
    assert play("ta_three_player_tic_tac_toe_vs_heuristic", [ta_player("random")]).scores["Main Score"] <= 50
