"""Board games between seats played end to end: Chess, Othello, Breakthrough (TextArena 0.7.4)."""

import math
import re

from support import assert_outcome, play, requires, scripted, ta_player


@requires("ta_chess")
def test_chess_fools_mate_black_wins_by_the_rules():
    episode = play("ta_chess", [scripted(["[f2f3]", "[g2g4]"]), scripted(["[e7e5]", "[d8h4]"])])
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["seats"]["Player 0"]["result"] == "loss"
    assert episode.interactions["seats"]["Player 1"]["result"] == "win"
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Player 1 Win"] == 1 and episode.scores["Player 0 Loss"] == 1


@requires("ta_chess")
def test_chess_each_seat_sees_the_board_and_its_valid_moves_after_the_opponent_moved():
    episode = play("ta_chess", [scripted(["[f2f3]", "[g2g4]"]), scripted(["[e7e5]", "[d8h4]"])])
    white_second = episode.contexts[2][1]["content"]
    assert "Player 1 made the following move: e7e5" in white_second
    assert "Current board:" in white_second and "Valid moves: [" in white_second


@requires("ta_chess")
def test_chess_format_breaker_aborts_and_is_named():
    episode = play("ta_chess", [ta_player("format-breaker"), scripted(["[e7e5]"])])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]


@requires("ta_chess")
def test_chess_engine_beats_the_random_model():
    # instance 0 seats the model at Player 0, instance 1 at Player 1
    for game_id in (0, 1):
        episode = play("ta_chess_vs_engine", [ta_player("random")], game_id=game_id)
        assert episode.scores["Main Score"] == 0 and episode.scores["Loss"] == 1


@requires("ta_chess")
def test_chess_expert_model_beats_the_random_reference():
    episode = play("ta_chess_vs_random", [ta_player("expert")], game_id=1)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Model Seat"] == 1


def test_othello_skip_turn_accepts_any_reply_and_the_heuristic_wins_on_every_size():
    for experiment in ("tiny", "default", "hard"):
        for game_id in (0, 1):
            episode = play("ta_othello_vs_heuristic", [ta_player("random")], experiment, game_id)
            assert episode.scores["Main Score"] == 0, (experiment, game_id)


def test_othello_expert_model_beats_random_and_scores_100():
    episode = play("ta_othello_vs_random", [ta_player("expert")])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 and episode.scores["Win"] == 1


def test_othello_illegal_square_is_warned_then_the_second_aborts():
    episode = play("ta_othello", [scripted(["[0, 0]", "[7, 7]"]), scripted([])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.interactions["seats"]["Player 0"]["how"] == "own violation"


def test_breakthrough_white_reaching_the_last_row_wins():
    # tiny board (5x5): White captures into rank 4, then onto rank 5, Black's home row; Black raids the a-file
    white = ["[e2e3]", "[e3d4]", "[d4e5]"]
    black = ["[a4a3]", "[a3b2]"]
    episode = play("ta_breakthrough", [scripted(white), scripted(black)], "tiny")
    assert episode.interactions["seats"]["Player 0"]["result"] == "win"
    assert episode.interactions["seats"]["Player 0"]["how"] == "rules"
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Request Count"] == 5


def test_breakthrough_search_beats_random_and_the_blind_variant_is_played_from_the_moves():
    for experiment in ("default", "blind"):
        for game_id in (0, 1):
            assert play("ta_breakthrough_vs_search", [ta_player("random")], experiment, game_id).scores["Loss"] == 1
            assert play("ta_breakthrough_vs_random", [ta_player("expert")], experiment, game_id).scores["Win"] == 1


def moves_of(episode) -> list[str]:
    """Every seat's replies in order (the model's and the references')."""
    return [
        event["action"]["content"]
        for turn in episode.interactions["turns"]
        for event in turn
        if event["to"] == "GM" and event["from"].startswith("Player")
    ]


@requires("ta_chess")
def test_the_experts_break_ties_by_instance_so_every_instance_is_another_game():
    # the envs draw nothing and the model (a programmatic player, unsalted: a function of its transcript) is
    # deterministic: the games differ only because the reference draws among equally good moves with its
    # instance's salt (the random model keeps Chess short)
    for game, model in (
        ("ta_chess_vs_engine", "random"),
        ("ta_othello_vs_heuristic", "expert"),
        ("ta_breakthrough_vs_search", "expert"),
        ("ta_lines_of_action_vs_heuristic", "random"),
        ("ta_alquerque_vs_search", "expert"),
        ("ta_crusade_vs_search", "expert"),
    ):
        games = [moves_of(play(game, [ta_player(model)], "default", game_id)) for game_id in range(4)]
        assert games[0] != games[2] and games[1] != games[3], game  # same model seat, another instance


def set_board(rows: list[str], empty: str = "."):
    """An on_turn hook that puts a constructed position (row 0 first) on the env at the first turn."""

    def on_turn(game_master, player_name, context):
        state = game_master.env.state
        if state.turn == 0:
            state.game_state["board"] = [["" if cell == "." and empty == "" else cell for cell in row] for row in rows]

    return on_turn


def test_breakthrough_a_side_left_without_a_move_loses_before_it_is_asked():
    # 5x5, row 0 = rank 1: White's a1a2 leaves Black's only piece (c4) blocked by c3, nothing to capture.
    # TextArena 0.7.4 has no rule for it: the random reference would have to send an invalid move.
    rows = ["W....", ".....", "..W..", "..B..", "....."]
    episode = play("ta_breakthrough_vs_random", [scripted(["[a1a2]"])], "tiny", 0, on_turn=set_board(rows, ""))
    assert moves_of(episode) == ["[a1a2]"]  # the reference was never asked
    seats = episode.interactions["seats"]
    assert seats["Player 0"]["result"] == "win" and seats["Player 1"]["result"] == "loss"
    assert seats["Player 0"]["how"] == "rules" and "violating seats" not in episode.interactions
    assert "Player 1 has no legal move" in episode.interactions["end reason"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


CHECKERS_EMPTY = ["........"] * 8


def checkers_rows(pieces: dict) -> list[str]:
    rows = [list(row) for row in CHECKERS_EMPTY]
    for (r, c), piece in pieces.items():
        rows[r][c] = piece
    return ["".join(row) for row in rows]


@requires("ta_checkers")
def test_checkers_a_side_left_without_a_move_loses_before_it_is_asked():
    # Red's 3 4 -> 2 3 walls in Black's last man at (0, 1): (1, 0) and (1, 2) are taken, the jump lands on (2, 3)
    rows = checkers_rows({(0, 1): "b", (1, 0): "r", (1, 2): "r", (3, 4): "r"})
    episode = play("ta_checkers_vs_random", [scripted(["[3 4 2 3]"])], on_turn=set_board(rows))
    assert moves_of(episode) == ["[3 4 2 3]"]  # the random reference was never asked
    seats = episode.interactions["seats"]
    assert seats["Player 0"]["result"] == "win" and seats["Player 1"]["result"] == "loss"
    assert seats["Player 1"]["how"] == "rules" and "violating seats" not in episode.interactions
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


@requires("ta_checkers")
def test_checkers_a_move_that_leaves_the_mover_without_a_move_loses_instead_of_crashing_textarena():
    # Red's last man steps 3 0 -> 2 1 between Black's men at (1, 0) and (1, 2), the jump square (0, 3) taken:
    # TextArena 0.7.4 then calls set_winners(player_id=...) and raises a TypeError (Checkers/env.py:107)
    rows = checkers_rows({(3, 0): "r", (1, 0): "b", (1, 2): "b", (0, 3): "b"})
    episode = play("ta_checkers_vs_random", [scripted(["[3 0 2 1]"])], on_turn=set_board(rows))
    seats = episode.interactions["seats"]
    assert seats["Player 0"]["result"] == "loss" and seats["Player 1"]["result"] == "win"
    assert seats["Player 0"]["how"] == "rules"
    assert "Player 0 has no moves left" in episode.interactions["end reason"]
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0


@requires("ta_checkers")
def test_checkers_other_type_errors_are_not_swallowed():
    import pytest

    from runtime.errors import TextArenaEnvError

    def break_step(game_master, player_name, context):
        game_master.ta_env._check_gameover = lambda: (_ for _ in ()).throw(TypeError("something else"))

    with pytest.raises(TextArenaEnvError, match="something else"):
        play("ta_checkers_vs_random", [scripted(["[5 0 4 1]"])], on_turn=break_step)


@requires("ta_checkers")
def test_checkers_format_breaker_aborts_and_the_search_beats_random():
    episode = play("ta_checkers", [scripted(["[5 0 4 1]", "[5 2 4 3]"]), ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]
    for game_id in (0, 1):
        assert play("ta_checkers_vs_search", [ta_player("random")], game_id=game_id).scores["Main Score"] == 0
    # as the model, the search wins against random (3 of 4 default instances; the fourth is a draw at the turn limit)
    assert play("ta_checkers_vs_random", [ta_player("expert")], game_id=1).scores["Main Score"] == 100


def board_rows(size: int, pieces: dict[str, str]) -> list[str]:
    """A constructed position: `pieces` maps squares ('c2') to pieces; row 0 is the top rank."""
    rows = [["."] * size for _ in range(size)]
    for square, piece in pieces.items():
        rows[size - int(square[1:])]["abcdefgh".index(square[0])] = piece
    return ["".join(row) for row in rows]


def test_alquerque_crusade_and_lines_of_action_end_by_their_rules_with_per_seat_results():
    cases = [
        ("ta_alquerque", board_rows(5, {"c2": "R", "c3": "B"}), "[c2 c4]", "Player 1 has no pieces."),
        ("ta_crusade", board_rows(8, {"b1": "W", "c3": "B"}), "[b1 c3]", "Player 1 has no pieces."),
        (
            "ta_lines_of_action",
            board_rows(8, {"a1": "O", "c2": "O", "h8": "X", "h6": "X"}),
            "[a1b1]",
            "All pieces connected.",
        ),
    ]
    for game, rows, move, reason in cases:
        episode = play(f"{game}_vs_random", [scripted([move])], on_turn=set_board(rows, ""))
        seats = episode.interactions["seats"]
        assert seats["Player 0"]["result"] == "win" and seats["Player 1"]["result"] == "loss", game
        assert seats["Player 0"]["how"] == "rules" and episode.interactions["end reason"] == reason, game
        assert_outcome(episode.scores, "Success")
        assert episode.scores["Main Score"] == 100


def test_lines_of_action_plays_a_move_with_words_after_it():
    # TextArena 0.7.4 anchors its move pattern at the end of what it is handed (LinesOfAction/env.py:12): the game
    # hands it the reply's move alone (replies.py), so a move followed by words is played
    episode = play("ta_lines_of_action", [scripted(["[b1b3] is my move.", "[b1b3]"]), ta_player("format-breaker")])
    assert "Player 0 moved b1 -> b3" in contexts_of(episode, "Player 1")[0]
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]


def contexts_of(episode, name: str) -> list[str]:
    return [context["content"] for seat, context in episode.contexts if seat == name]


def test_lines_of_action_prompt_gives_each_seat_its_own_example():
    # TextArena 0.7.4's prompt gives both seats O's `[b1b3]` (LinesOfAction/env.py:37); each seat plays the example of
    # its own prompt as its first move
    def from_the_prompt(context: str) -> str:
        return re.search(r"Move format: `(\[[a-h][1-8][a-h][1-8]\])`", context).group(1)

    episode = play("ta_lines_of_action", [from_the_prompt, from_the_prompt])
    assert moves_of(episode)[:2] == ["[b1b3]", "[a2c2]"]
    assert "Player 0 moved b1 -> b3" in contexts_of(episode, "Player 1")[0]
    second = contexts_of(episode, "Player 0")[1]
    assert "Player 1 moved a2 -> c2" in second and "invalid move" not in second


def test_lines_of_action_format_warning_shows_the_move_in_brackets():
    # TextArena 0.7.4 warns "Format must be e2e4", while its prompt's move format is bracketed (LinesOfAction/env.py:37)
    episode = play("ta_lines_of_action", [scripted(["I move up the b-file.", "[b1b3]"]), ta_player("format-breaker")])
    assert "Format must be `[e2e4]` (from-coord to-coord)." in contexts_of(episode, "Player 0")[1]


def test_breakthrough_each_seat_is_given_an_example_move_of_its_own_side():
    # TextArena 0.7.4 gives Black White's example [a2a3] (Breakthrough/env.py:34); on every board size the example
    # of Black's prompt is a legal first move of Black (White steps from b2, so that a3 stays free)
    def black_from_the_prompt(context: str) -> str:
        return re.search(r"e\.g\. (\[a\d+a\d+\]) to move from", context).group(1)

    for experiment, example in (("tiny", "[a4a3]"), ("small", "[a5a4]"), ("default", "[a7a6]"), ("large", "[a9a8]")):
        episode = play(
            "ta_breakthrough", [scripted(["[b2b3]", "I advance.", "I advance."]), black_from_the_prompt], experiment
        )
        assert moves_of(episode)[1] == example, experiment
        second = contexts_of(episode, "Player 0")[1]
        assert f"Player 1 moves {example} (B)." in second and "invalid move" not in second, experiment


def test_alquerque_crusade_and_lines_of_action_experts_beat_random_on_both_seats():
    for game, expert in (("ta_alquerque", "search"), ("ta_crusade", "search"), ("ta_lines_of_action", "heuristic")):
        for game_id in (0, 1):
            assert play(f"{game}_vs_{expert}", [ta_player("random")], game_id=game_id).scores["Main Score"] == 0, game
            episode = play(f"{game}_vs_random", [ta_player("expert")], game_id=game_id)
            assert_outcome(episode.scores, "Success")
            assert episode.scores["Main Score"] == 100, game


def test_othello_a_seat_without_a_move_is_asked_and_any_reply_is_its_skip():
    # 4x4: Black's [0, 0] leaves White's only disc (2, 2) unable to flank anything; TextArena still asks White and
    # takes any reply as the skip (Othello/env.py:63-66): a request, not a violation. Black's [3, 3] then flips
    # White's last disc and the game ends.
    position = [".WB.", ".B..", "..W.", "...."]

    def set_othello_board(game_master, player_name, context):
        if game_master.env.state.turn == 0:  # in place: the env plays on its own `board` list
            for row, cells in zip(game_master.ta_env.board, position):
                row[:] = ["" if cell == "." else cell for cell in cells]

    episode = play(
        "ta_othello", [scripted(["[0, 0]", "[3, 3]"]), scripted(["I have to pass."])], "tiny", on_turn=set_othello_board
    )
    white = [context["content"] for name, context in episode.contexts if name == "Player 1"][0]
    assert "No valid moves" in white
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 0
    assert episode.interactions["seats"]["Player 0"]["result"] == "win"
    assert episode.interactions["seats"]["Player 1"]["how"] == "rules"
    assert_outcome(episode.scores, "Success")


def test_othello_players_read_the_quoted_move_list_and_skip_when_it_is_empty():
    from ta_players import reply

    board = "Game Board:\n  0 1 2 3\n0|.|.|.|.|\n1|.|W|B|.|\n2|.|B|W|.|\n3|.|.|.|.|"
    prompt = "You are Player 0 playing Black (B) in a game of Othello.\n[GAME] "
    listed = [{"role": "user", "content": prompt + board + "\nValid moves: '[0, 2]'\nScores - Black: 2, White: 2"}]
    # the board allows four moves; the list (TextArena's, for the seat on turn) is what the players follow
    assert reply("random", listed) == reply("expert", listed) == "[0, 2]"
    stuck = [{"role": "user", "content": prompt + board + "\nNo valid moves – you may have to skip.\n"}]
    assert reply("random", stuck) == reply("expert", stuck) == "I have no valid move and skip."


@requires("ta_chess")
def test_chess_never_checks_its_turn_limit_so_the_request_cap_stops_endless_play():
    # two random players shuffle pieces for ~280 plies; TextArena 0.7.4 stores max_turns but never checks it
    episode = play("ta_chess", [ta_player("random"), ta_player("random")], game_id=1)
    assert episode.scores["Request Count"] == 200
    assert all(
        seat["how"] == "request cap" and seat["result"] == "draw" for seat in episode.interactions["seats"].values()
    )
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0
