"""Board games between seats played end to end: Chess, Othello, Breakthrough (TextArena 0.7.4)."""
import math

from conftest import assert_outcome, play, scripted, ta_player


def test_chess_fools_mate_black_wins_by_the_rules():
    episode = play("ta_chess", [scripted(["[f2f3]", "[g2g4]"]), scripted(["[e7e5]", "[d8h4]"])])
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["seats"]["Player 0"]["result"] == "loss"
    assert episode.interactions["seats"]["Player 1"]["result"] == "win"
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Player 1 Win"] == 1 and episode.scores["Player 0 Loss"] == 1


def test_chess_each_seat_sees_the_board_and_its_valid_moves_after_the_opponent_moved():
    episode = play("ta_chess", [scripted(["[f2f3]", "[g2g4]"]), scripted(["[e7e5]", "[d8h4]"])])
    white_second = episode.contexts[2][1]["content"]
    assert "Player 1 made the following move: e7e5" in white_second
    assert "Current board:" in white_second and "Valid moves: [" in white_second


def test_chess_format_breaker_aborts_and_is_named():
    episode = play("ta_chess", [ta_player("format-breaker"), scripted(["[e7e5]"])])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]


def test_chess_engine_beats_the_random_model():
    # instance 0 seats the model at Player 0, instance 1 at Player 1
    for game_id in (0, 1):
        episode = play("ta_chess_vs_engine", [ta_player("random")], game_id=game_id)
        assert episode.scores["Main Score"] == 0 and episode.scores["Loss"] == 1


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
