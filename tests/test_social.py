"""The social games played end to end: Truth and Deception, Secret Mafia, Settlers of Catan, Character Conclave.
Hand-computed games,
the `_vs_<reference>` variants, broken formats, the caps of games without a turn limit, hidden information, and the
strength of the programmatic references."""

import contextlib
import io
import math
import re
import statistics
from unittest import mock

import pytest
import textarena as ta
from textarena.core import ObservationType
from textarena.envs.SettlersOfCatan.game_engine import Terrain

import fixes
import support
import ta_master
from clem_observation_wrapper import ClemObservationWrapper
from support import assert_outcome, instance_of, play, scripted, ta_player


def play_vs(game: str, reference: str, policy, experiment: str = "default", game_id: int = 0):
    """One episode of `<game>_vs_<reference>` (the variants play their base game's instances)."""
    exp, instance = instance_of(game, experiment, game_id)
    with mock.patch.object(support, "instance_of", lambda *args, **kwargs: (exp, instance)):
        return play(f"{game}_vs_{reference}", [policy], experiment, game_id)


def assert_seat_results(episode, **results):
    assert {name: seat["result"] for name, seat in episode.interactions["seats"].items()} == {
        name.replace("_", " "): result for name, result in results.items()
    }


def assert_secrets_kept(episode):
    """No seat's context holds another seat's secret (its role, true fact or hand, as TextArena writes it)."""
    secrets = episode.game_master.secrets()
    for name, context in episode.contexts:
        seat = int(name.split()[-1])
        for owner, texts in secrets.items():
            if owner != seat:
                assert not any(text in context["content"] for text in texts), (name, owner)


# --- Truth and Deception -----------------------------------------------------------------------------------------

DECEIVER_TALK = ["Fact 1 is the true one, I read it last week.", "Really, Fact 1.", "Trust me."]


def test_truth_and_deception_guesser_naming_the_true_fact_wins():
    # default instance 0: Fact 2 (the Mayans used chocolate as currency) is true
    episode = play("ta_truth_and_deception", [scripted(DECEIVER_TALK), scripted(["Why?", "Hm.", "[Fact 2]"])])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert_seat_results(episode, Player_0="loss", Player_1="win")
    assert {seat["how"] for seat in episode.interactions["seats"].values()} == {"rules"}
    assert episode.scores["Request Count"] == 6 and episode.scores["Violated Request Count"] == 0
    assert "Fact 2: Chocolate was once used as currency by the Mayans. (correct)" in episode.contexts[0][1]["content"]
    assert "(correct)" not in episode.contexts[1][1]["content"]
    assert_secrets_kept(episode)


@pytest.mark.parametrize("guess, guesser", [("[Fact 2] or rather [Fact 1]", "loss"), ("[Fact 1], no: [Fact 2]", "win")])
def test_truth_and_deception_a_guess_naming_both_facts_is_the_last_one_named(guess, guesser):
    # TextArena 0.7.4 would score a reply naming both facts as a correct guess whatever the truth; the game hands it
    # the guess's last fact alone (Fact 2 is the true one of instance 0)
    episode = play("ta_truth_and_deception", [scripted(DECEIVER_TALK), scripted(["Why?", "Hm.", guess])])
    assert episode.scores["Violated Request Count"] == 0
    assert_seat_results(episode, Player_0="loss" if guesser == "win" else "win", Player_1=guesser)


def test_truth_and_deception_guesser_breaking_the_format_twice_aborts():
    episode = play("ta_truth_and_deception", [scripted(DECEIVER_TALK), ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert episode.scores["Violated Request Count"] == 2


@pytest.mark.parametrize("experiment", ["default", "long", "extreme"])
def test_truth_and_deception_prompts_state_the_turns_of_talk_there_are(experiment):
    # TextArena 0.7.4 promises "a conversation for 6 turns" (TruthAndDeception/env.py:54, :63): the 6th is the guess
    def guesser(context: str) -> str:
        return "[Fact 1]" if "Now guess which of the two facts" in context else "Why?"

    episode = play("ta_truth_and_deception", [lambda context: "Believe me.", guesser], experiment)
    assert_outcome(episode.scores, "Success")
    requests = [name for name, _ in episode.contexts]
    spoken = {0: requests.count("Player 0"), 1: requests.count("Player 1") - 1}  # the Guesser's last is its guess
    for seat, first in ((0, "you"), (1, "the other player")):
        prompt = next(context["content"] for name, context in episode.contexts if name == f"Player {seat}")
        assert (
            f"for {len(requests) - 1} turns, one message each in turn, {first} first ({spoken[seat]} of them are yours)."
            in prompt
        )


def test_truth_and_deception_heuristic_guesser_is_not_moved_by_the_deceiver():
    # game 0 seats the model as the Deceiver; the heuristic picks the fact that reads truer, here the true one
    for talk in (DECEIVER_TALK, ["Fact 2 is true.", "Fact 2.", "Fact 2!"]):
        episode = play_vs("ta_truth_and_deception", "heuristic", scripted(talk), game_id=0)
        assert episode.interactions["seats"]["Player 0"]["result"] == "loss"
        assert episode.scores["Main Score"] == 0 and episode.scores["Model Seat"] == 0
        assert_outcome(episode.scores, "Lose")


def test_truth_and_deception_heuristic_reference_guesser_names_the_true_fact_on_ten_of_fifteen():
    # the instances that seat the model as the Deceiver (even game_id); the heuristic reads only the facts, so the
    # model's talk does not matter; figures of tests/test_all_games.py's NOT_ABOVE_RANDOM
    wins = [
        play_vs("ta_truth_and_deception", "heuristic", scripted(DECEIVER_TALK * 20), experiment, game_id).scores[
            "Main Score"
        ]
        for experiment in ("default", "long", "extreme")
        for game_id in range(0, 10, 2)
    ]
    assert wins.count(0) == 10 and wins.count(100) == 5


def test_truth_and_deception_vs_random_model_guesser_scores_its_guess():
    # game 1 seats the model as the Guesser; default instance 1: Fact 2 (the Great Pyramid's record) is true
    won = play_vs("ta_truth_and_deception", "random", scripted(["Go on.", "I see.", "[Fact 2]"]), game_id=1)
    lost = play_vs("ta_truth_and_deception", "random", scripted(["Go on.", "I see.", "[Fact 1]"]), game_id=1)
    assert (won.scores["Main Score"], lost.scores["Main Score"]) == (100, 0)
    assert_outcome(won.scores, "Success")
    assert_outcome(lost.scores, "Lose")


def test_truth_and_deception_heuristic_guesser_beats_random_guessing():
    def mean_score(strategy):
        return statistics.mean(
            play_vs("ta_truth_and_deception", "random", ta_player(strategy), experiment, game_id).scores["Main Score"]
            for experiment in ("default", "long", "extreme")
            for game_id in range(1, 10, 2)
        )

    heuristic, random = mean_score("expert"), mean_score("random")
    assert heuristic >= 80 and heuristic >= random + 20


# --- Secret Mafia --------------------------------------------------------------------------------------------------


def mafia_seat(role: str, night_targets: list[int], day_votes: list[int]):
    """A seat of default instance 0 that follows a plan: its night action and day vote per night and day."""
    nights, days = iter(night_targets), iter(day_votes)

    def policy(context: str) -> str:
        # the dialogue view repeats the earlier phases' announcements: the latest one is the phase
        phase = max(
            ("night", "Valid targets:"),
            ("night", "choose one player to"),
            ("vote", "Voting phase"),
            ("day", "Day breaks"),
            key=lambda marker: context.rfind(marker[1]),
        )[0]
        if phase == "night":
            return f"[{next(nights)}]"
        if phase == "vote":
            return f"I vote [{next(days)}]."
        return "I am listening."

    return policy


def test_secret_mafia_village_voting_out_both_mafia_wins():
    # default instance 0: Mafia 2 and 5, Detective 4, Doctor 8, Villagers 0, 1, 3, 6, 7, 9.
    # Night 1 the Mafia kill 9 (the Doctor guards 3, the Detective finds 2); day 1 the village votes 2 out 7:2;
    # night 2 the Mafia kill 7 (the Detective finds 5); day 2 the village votes 5 out 6:1.
    village = dict(night_targets=[], day_votes=[2, 5])
    seats = [
        mafia_seat("Villager", **village),
        mafia_seat("Villager", **village),
        mafia_seat("Mafia", [9], [3]),
        mafia_seat("Villager", **village),
        mafia_seat("Detective", [2, 5], [2, 5]),
        mafia_seat("Mafia", [9, 7], [3, 3]),
        mafia_seat("Villager", **village),
        mafia_seat("Villager", **village),
        mafia_seat("Doctor", [3, 3], [2, 5]),
        mafia_seat("Villager", **village),
    ]
    episode = play("ta_secret_mafia", seats)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert_seat_results(episode, **{f"Player_{pid}": "loss" if pid in (2, 5) else "win" for pid in range(10)})
    # night 1: 4 requests; day 1: 3 rounds of 9 and 9 votes; night 2: 3; day 2: 3 rounds of 7 and 7 votes
    assert episode.scores["Request Count"] == 4 + 36 + 3 + 28
    assert episode.game_master.end_reason() == "All Mafia were eliminated. Village wins!"
    assert_secrets_kept(episode)
    detective_contexts = [context["content"] for name, context in episode.contexts if name == "Player 4"]
    assert any("[GAME] Player 2 IS a Mafia member." in context for context in detective_contexts)
    assert not any(
        "IS a Mafia member" in context["content"] for name, context in episode.contexts if name != "Player 4"
    )
    # the Mafia's night votes reach the Mafia only
    assert {
        name
        for name, context in episode.contexts
        if "[Player 2] [9]" in context["content"] or "[Player 5] [9]" in context["content"]
    } == {"Player 2", "Player 5"}


def test_secret_mafia_seat_out_for_invalid_moves_ends_the_episode_aborted():
    # instance 4 seats the model at 4, a Mafia member, who acts in the first night; TextArena would eliminate it
    # and play on
    episode = play_vs("ta_secret_mafia", "random", ta_player("format-breaker"), game_id=4)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 4"]
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2
    # the other Mafia member loses with its teammate; the Village wins by the Mafia's violation
    roles = episode.interactions["seats"]
    mafia = {
        f"Player {pid}"
        for pid, role in episode.game_master.env.state.game_state["player_roles"].items()
        if role == "Mafia"
    }
    assert {name: seat["how"] for name, seat in roles.items() if name != "Player 4"} == {
        name: "teammate's violation" if name in mafia else "opponent's violation"
        for name in roles
        if name != "Player 4"
    }
    assert len(mafia) == 2 and "Player 4" in mafia


@pytest.mark.parametrize("reference", ["random", "fixed_rule"])
def test_secret_mafia_model_seat_gets_to_play_in_every_instance(reference):
    # a Villager at the model's seat killed in the first night would leave the episode without a request
    for game_id in range(10):
        episode = play_vs("ta_secret_mafia", reference, ta_player("random"), game_id=game_id)
        assert episode.scores["Request Count"] >= 1
        seats = episode.interactions["seats"]
        roles = instance_of("ta_secret_mafia", "default", game_id)[1]["content"]["player_roles"]
        mafia_results = {seats[f"Player {pid}"]["result"] for pid, role in roles.items() if role == "Mafia"}
        assert len(mafia_results) == 1
        mafia_result = mafia_results.pop()
        model = seats[f"Player {game_id}"]["result"]
        assert (model == mafia_result) == (roles[str(game_id)] == "Mafia")
        assert episode.scores["Main Score"] == {"win": 100, "loss": 0}[model]


def mafia_team_wins(mafia_strategy: str, village_strategy: str, games: int, seats: int = 10) -> int:
    """Mafia wins of seeded 10-seat games with each team played by one strategy (roles read from the env), in
    the game's dialogue view."""
    from ta_players import reply

    wins = 0
    for seed in range(games):
        env = ClemObservationWrapper(ta.make("SecretMafia-v0-raw"), view="dialogue")
        env.reset(num_players=seats, seed=seed)
        roles = env.state.game_state["player_roles"]
        done = False
        while not done:
            pid, context = env.get_observation()
            # the players read what a model is sent: the latest view alone
            done, _ = env.step(reply(mafia_strategy if roles[pid] == "Mafia" else village_strategy, [context]))
        rewards, game_info = env.close()
        assert not any(info["invalid_move"] for info in game_info.values())
        wins += rewards[next(pid for pid, role in roles.items() if role == "Mafia")] > 0
    return wins


def test_secret_mafia_fixed_rule_mafia_beat_a_random_village_more_often_than_random_mafia():
    # measured over 80 seeded 10-seat games in the dialogue view: Mafia win 59 all random, 75 as fixed-rule Mafia
    # against a random village, 60 against a fixed-rule village (40 games here: 30 and 37)
    baseline = mafia_team_wins("random", "random", games=40)
    assert mafia_team_wins("expert", "random", games=40) >= max(baseline + 4, 32)


def test_secret_mafia_random_model_among_fixed_rule_references_loses_more():
    # measured on the 10 shipped instances: 30 against random references, 10 against fixed-rule ones
    def mean_score(reference):
        return statistics.mean(
            play_vs("ta_secret_mafia", reference, ta_player("random"), game_id=game_id).scores["Main Score"]
            for game_id in range(10)
        )

    assert mean_score("fixed_rule") <= mean_score("random") - 20


# --- Settlers of Catan -------------------------------------------------------------------------------------------


def end_turn(context: str) -> str:
    """Picks `Nothing.` (the last viable move) when a move list is offered, declines what another seat offers."""
    if "'\t-  Nothing." not in context:
        return "No, thank you."
    return "[" + context.split("'\t-  Nothing.")[0].rsplit("'[", 1)[1].rstrip("]") + "]"


def test_settlers_of_catan_ending_every_turn_stalls_and_the_request_cap_stops_it():
    with mock.patch.object(ta_master.TextArenaGameMaster, "_request_cap", lambda self: 8):
        episode = play("ta_settlers_of_catan", [end_turn] * 4)
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0
    assert episode.scores["Request Count"] == 8
    assert {seat["how"] for seat in episode.interactions["seats"].values()} == {"request cap"}
    assert_seat_results(episode, Player_0="draw", Player_1="draw", Player_2="draw", Player_3="draw")
    # the beginner setup: two settlements each, nobody built
    assert [episode.scores[f"Player {pid} Victory Points"] for pid in range(4)] == [2, 2, 2, 2]
    assert_secrets_kept(episode)


def test_settlers_of_catan_vs_reference_scores_the_rank_by_victory_points_at_the_cap():
    with mock.patch.object(ta_master.TextArenaGameMaster, "_request_cap", lambda self: 5):
        episode = play_vs("ta_settlers_of_catan", "greedy", end_turn, game_id=0)
    seats = episode.interactions["seats"]
    assert seats["Player 0"]["how"] == "request cap" and episode.scores["Victory Points"] == 2
    levels = sorted({seat["payoff"] for seat in seats.values()})
    expected = 50.0 if len(levels) == 1 else 100.0 * levels.index(2) / (len(levels) - 1)
    assert episode.scores["Main Score"] == expected


def test_settlers_of_catan_reply_without_an_index_twice_aborts_at_once():
    # TextArena 0.7.4 marks the seat's invalid move but keeps asking it; the episode ends there
    episode = play_vs("ta_settlers_of_catan", "random", ta_player("format-breaker"), game_id=0)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.scores["Request Count"] == 2


def test_settlers_of_catan_greedy_player_outbuilds_random_players():
    # one instance (a game takes ~700 moves); measured with one greedy seat among three random ones: 14 wins in 20
    greedy = play_vs("ta_settlers_of_catan", "random", ta_player("expert"), game_id=2)
    seats = greedy.interactions["seats"]
    assert greedy.scores["Main Score"] == 100 and seats["Player 2"]["result"] == "win"
    assert seats["Player 2"]["how"] == "rules"  # not TextArena's unchecked max_turns
    assert greedy.scores["Victory Points"] >= 11
    assert all(seat["payoff"] < 11 for name, seat in seats.items() if name != "Player 2")


def catan():
    env = fixes.make("SettlersOfCatan-v0-raw")
    with contextlib.redirect_stdout(io.StringIO()):  # TextArena 0.7.4 prints the board's corners at reset
        env.reset(num_players=4, seed=0)
    return env


def latest_board(observation) -> str:
    return [message for _, message, kind in observation if kind == ObservationType.GAME_BOARD][-1]


def moves_left(observation) -> int:
    return int(re.search(r"You have (\d+) moves left in your turn", latest_board(observation)).group(1))


def move_index(observation, move: str) -> str:
    return re.search(rf"'(\[\d+\])'\t-  {move}", latest_board(observation)).group(1)


def hand_of(env, pid: int) -> str:
    hand = env.board.players[env.board.str_to_enum(env.roles[pid])].hand
    return "Your hand cards are:\n\t" + "\n\t".join(f"{kind.name.lower()}: {n}" for kind, n in hand.items())


def test_settlers_of_catan_boards_count_the_actions_left_as_they_are():
    # TextArena 0.7.4 said 9 at the start of a 10-action turn (env.py:167, :191) and gave the first turn 11 (:81)
    env = catan()
    pid, observation = env.get_observation()
    assert pid == 0 and moves_left(observation) == 10
    env.step(move_index(observation, "Negotiate."))  # an action
    env.step("[White]")
    pid, observation = env.get_observation()
    assert pid == 0 and moves_left(observation) == 9
    for left in range(9, 0, -1):  # every message of the seat leading a negotiation uses an action
        assert pid == 0 and moves_left(observation) == left
        env.step("Let us talk.")
        if left > 1:
            assert env.get_observation()[0] == 1
            env.step("Fine.")  # the partner's reply uses none
            pid, observation = env.get_observation()
    # the ninth message used the tenth action: the turn passed (to the partner's neighbour, env.py:312-313, :249-250)
    pid, observation = env.get_observation()
    assert pid == 2 and moves_left(observation) == 10
    env.board.players[env.board.str_to_enum("Blue")].hand.update({Terrain.BRICK: 2, Terrain.WOOD: 2})
    env.step(move_index(observation, "Negotiate."))
    env.step("[Red]")
    env.step("[done]")  # draws Blue's board anew, with the roads the cards pay for
    pid, observation = env.get_observation()
    assert pid == 2 and moves_left(observation) == 8
    env.step(move_index(observation, "Build ROAD"))
    pid, observation = env.get_observation()
    assert pid == 2 and moves_left(observation) == 7


def test_settlers_of_catan_partner_chosen_before_its_first_turn_reads_its_hand_and_the_board():
    # TextArena 0.7.4 sends a partner no board (the TODO of env.py:19): Orange had never seen its hand
    env = catan()
    pid, observation = env.get_observation()
    env.step(move_index(observation, "Negotiate."))
    env.step("[Orange]")
    env.step("[Offer: 1 Wheat -> 1 Ore]")
    pid, observation = env.get_observation()
    board = latest_board(observation)
    assert pid == 3 and hand_of(env, 3) in board and "Board\n──────" in board and "Scores\n" in board
    assert "Player 0 (Red) is negotiating with you on its turn" in board and "Viable moves" not in board
    env.step("[accept] Deal.")
    pid, observation = env.get_observation()  # both seats read their hands after the trade
    assert pid == 0 and "Trade executed" in observation[-2][1] and hand_of(env, 0) in latest_board(observation)
    assert "You have 8 moves left in your turn" in latest_board(observation)
    env.step("[Offer: 1 Ore -> 1 Wheat]")
    pid, observation = env.get_observation()
    assert pid == 3 and hand_of(env, 3) in latest_board(observation)


def test_settlers_of_catan_seat_reads_its_negotiation_reply_once():
    # TextArena 0.7.4 sends a seat its reply as its move (env.py:199) and again as its own description (:280, :320)
    env = catan()
    pid, observation = env.get_observation()
    env.step(move_index(observation, "Negotiate."))
    env.step("[Orange]")
    offer = "Shall we trade? [Offer: 1 Wheat -> 1 Ore]"
    env.step(offer)
    pid, observation = env.get_observation()
    assert pid == 3 and (0, offer, ObservationType.GAME_ACTION_DESCRIPTION) in observation  # the partner reads it
    env.step("[deny] Not today.")
    pid, observation = env.get_observation()
    assert pid == 0 and (3, "[deny] Not today.", ObservationType.GAME_ACTION_DESCRIPTION) in observation
    assert [message for _, message, _ in observation].count(offer) == 1
    assert [message for _, message, _ in env.state.observations[3]].count("[deny] Not today.") == 1


# --- Character Conclave ------------------------------------------------------------------------------------------


def conclave(seats: int = 3, budget: int = 1000):
    env = fixes.make("CharacterConclave-v0-raw", character_budget=budget)
    env.reset(num_players=seats, seed=0)
    return env


def test_character_conclave_fix_types_every_observation():
    # TextArena 0.7.4 calls add_observation without its observation_type (CharacterConclave/env.py:34): TypeError
    raw = ta.make("CharacterConclave-v0-raw")
    raw.reset(num_players=3, seed=0)
    with pytest.raises(TypeError, match="observation_type"):
        raw.step("Hello.")
    env = conclave(budget=6)
    for pid in range(3):
        env.step(f"I am {pid}")
    observations = env.state.observations
    assert (0, "I am 0", ta.ObservationType.PLAYER_ACTION) in observations[2]
    assert (ta.GAME_ID, "You have 0 characters and 0 messages left.", ta.ObservationType.GAME_MESSAGE) in observations[
        0
    ]
    assert observations[2][-1][0] == ta.GAME_ID and observations[2][-1][1].startswith("The discussion phase has")
    assert any(
        message.startswith("The discussion phase has concluded") and kind == ta.ObservationType.GAME_MESSAGE
        for _, message, kind in observations[1]
    )
    assert env.state.current_player_id == 2  # the last to speak votes first
    env.step("[0]")
    assert observations[2][-1] == (
        ta.GAME_ID,
        "You have successfully voted for Player 0.",
        ta.ObservationType.GAME_ACTION_DESCRIPTION,
    )
    assert not any("successfully voted" in message for pid in (0, 1) for _, message, _ in observations[pid])


def test_character_conclave_seat_out_for_a_second_invalid_vote_gives_up_its_turn():
    # TextArena 0.7.4 keeps it on turn (state.py:176-179 ignores the rotation after the invalid move, env.py:44),
    # and its next vote would replace the void one and count
    env = conclave(budget=5)
    for _ in range(3):
        env.step("xxxxx")
    env.step("no vote")
    assert env.state.current_player_id == 2
    env.step("still no vote")
    assert env.state.elimination_order == [2] and env.state.game_state["votes"] == {2: -1}
    assert env.state.current_player_id == 0
    assert (
        env.state.observations[2][-1][1]
        == "Your second invalid vote in a row eliminates you: you have no vote, and you lose."
    )
    env.step("[1]")
    done, _ = env.step("[0]")
    assert done and env.state.rewards == {0: 0.0, 1: 0.0, 2: -1.0}


def test_character_conclave_votes_of_an_eliminated_seat_do_not_count():
    # CharacterConclave/env.py:87 drops the votes for an eliminated seat but counts those cast by one
    env = conclave()
    env.state.elimination_order.append(2)
    env.state.game_state.update(phase="voting", votes={0: 1, 1: 0, 2: 1})
    env._check_and_evaluate_outcome()
    assert env.state.done and env.state.rewards == {0: 0.0, 1: 0.0, 2: -1.0}


def test_character_conclave_all_tied_vote_is_a_draw_and_only_the_most_votes_win():
    # TextArena 0.7.4 gives every seat of an all-tied vote -1 (CharacterConclave/env.py:94), and ranks the seats
    # between the fewest and the most votes on a scale (:96: the middle of five seats would draw)
    env = conclave()
    env.state.game_state.update(phase="voting", votes={0: 1, 1: 2, 2: 0})
    env._check_and_evaluate_outcome()
    assert env.state.rewards == {0: 0.0, 1: 0.0, 2: 0.0}
    env = conclave(seats=5)
    env.state.game_state.update(phase="voting", votes={0: 1, 1: 0, 2: 0, 3: 1, 4: 2})
    env._check_and_evaluate_outcome()
    assert env.state.rewards == {0: 1.0, 1: 1.0, 2: -1.0, 3: -1.0, 4: -1.0}
    assert (
        "Player(s) [0, 1] win(s) with the most votes (Player 0: 2, Player 1: 2, Player 2: 1"
        in env.state.game_info[0]["reason"]
    )


def test_character_conclave_discussion_is_bounded():
    # TextArena 0.7.4 ends the discussion only when every budget is spent (env.py:66), and an empty message costs
    # nothing (:32-35): three seats sending empty messages talked for ever
    env = conclave()
    for _ in range(3):
        env.step("")
    assert env.state.game_state["phase"] == "voting"
    assert (
        ta.GAME_ID,
        "Player 0 has ended its part in the discussion.",
        ta.ObservationType.GAME_ACTION_DESCRIPTION,
    ) in env.state.observations[1]
    # at most ten messages a seat, each at most 1,000 characters
    env = conclave(budget=10_000)
    env.step("x" * 1500)
    assert env.state.game_state["budget_remaining"][0] == 9000
    assert (0, "x" * 1000, ta.ObservationType.PLAYER_ACTION) in env.state.observations[1]
    steps = 1
    while env.state.game_state["phase"] == "discussion":
        env.step("Hello there.")
        steps += 1
    assert steps == 30 and env.state.game_state["messages_sent"] == {0: 10, 1: 10, 2: 10}
    assert "each player sends at most 10 messages" in conclave().state.observations[0][0][1]


def conclave_seat(talk: list[str], vote: str):
    return scripted([*talk, "", vote])


def test_character_conclave_most_votes_win():
    # each seat speaks once and passes; seat 2 spoke last, so it votes first: 2 -> 0, 0 -> 1, 1 -> 0
    episode = play(
        "ta_character_conclave",
        [
            conclave_seat(["I mend clocks."], "I vote [1]."),
            conclave_seat(["I read the stars."], "[0]"),
            conclave_seat(["I bake bread."], "[Player 0]"),
        ],
    )
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert_seat_results(episode, Player_0="win", Player_1="loss", Player_2="loss")
    assert episode.scores["Request Count"] == 9 and episode.scores["Violated Request Count"] == 0
    assert [name for name, _ in episode.contexts] == [f"Player {pid}" for pid in (0, 1, 2, 0, 1, 2, 2, 0, 1)]
    assert (
        episode.game_master.end_reason()
        == "Player(s) [0] win(s) with the most votes (Player 0: 2, Player 1: 1, Player 2: 0)."
    )
    assert "[Player 2] I bake bread." in episode.contexts[3][1]["content"]
    assert "[GAME] You have 986 characters and 9 messages left." in episode.contexts[3][1]["content"]
    assert "[GAME] The discussion phase has concluded." in episode.contexts[6][1]["content"]
    assert_secrets_kept(episode)


def test_character_conclave_all_tied_vote_is_a_draw_played_to_its_end():
    episode = play(
        "ta_character_conclave",
        [conclave_seat(["One."], "[1]"), conclave_seat(["Two."], "[2]"), conclave_seat(["Three."], "[0]")],
    )
    assert_outcome(episode.scores, "Success")
    assert_seat_results(episode, Player_0="draw", Player_1="draw", Player_2="draw")


def test_character_conclave_seat_out_for_invalid_votes_aborts_and_the_others_still_vote():
    episode = play(
        "ta_character_conclave",
        [
            conclave_seat(["One."], "[1]"),
            conclave_seat(["Two."], "[0]"),
            scripted(["Three.", "", "I pick nobody.", "Nobody!"]),
        ],
    )
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 2"]
    assert episode.scores["Request Count"] == 10 and episode.scores["Violated Request Count"] == 2
    assert_seat_results(episode, Player_0="draw", Player_1="draw", Player_2="loss")


def test_character_conclave_ten_messages_a_seat_then_the_vote():
    # long (5,000 characters): ten messages of 100 characters each leave 4,000 unspent
    talk = ["x" * 100] * 10
    episode = play(
        "ta_character_conclave",
        [scripted([*talk, "[1]"]), scripted([*talk, "[0]"]), scripted([*talk, "[0]"])],
        experiment="long",
    )
    assert episode.scores["Request Count"] == 33
    assert_seat_results(episode, Player_0="win", Player_1="loss", Player_2="loss")
    assert "[GAME] You have 4,000 characters and 0 messages left." in episode.contexts[-2][1]["content"]


def test_character_conclave_six_seats_vs_random_model_seat():
    # 6_seats instance 3 seats the model at 3; it passes at once and votes for seat 0. The random references' votes
    # (4 -> 5, 5 -> 2, 0 -> 4, 1 -> 0, 2 -> 1) leave seat 0 with two votes, 1, 2, 4 and 5 with one each: 0 wins alone
    episode = play_vs("ta_character_conclave", "random", scripted(["", "[0]"]), experiment="6_seats", game_id=3)
    assert episode.game_master.env.state.game_state["votes"] == {4: 5, 5: 2, 0: 4, 1: 0, 2: 1, 3: 0}
    assert episode.scores["Request Count"] == 2
    assert_seat_results(episode, **{f"Player_{pid}": "win" if pid == 0 else "loss" for pid in range(6)})
    assert episode.scores["Main Score"] == 0
    assert_outcome(episode.scores, "Lose")


@pytest.mark.parametrize("experiment", ["long", "extreme"])
def test_character_conclave_whole_budgets_in_long_messages_keep_the_prompt_budget(experiment):
    # every seat sends ten messages of 1,000 characters (long: five spend the 5,000): the dialogue view's 17,000
    # characters keep the largest prompt within an 8k model's 6,144 tokens
    from ta_players.social import CONCLAVE_TALK

    text, messages = (" ".join(CONCLAVE_TALK) * 2)[:1000], {"long": 5, "extreme": 10}[experiment]
    episode = play(
        "ta_character_conclave",
        [scripted([text] * messages + [vote]) for vote in ("[1]", "[2]", "[0]")],
        experiment=experiment,
    )
    assert episode.scores["Request Count"] == {"long": 18, "extreme": 33}[experiment]
    assert_seat_results(episode, Player_0="draw", Player_1="draw", Player_2="draw")
    assert 3500 < episode.scores["Prompt Tokens Max"] <= 6144
    assert ("earlier messages are not repeated here" in episode.contexts[-1][1]["content"]) == (experiment == "extreme")
