"""Economics contests played end to end through clemcore: Iterated Two-Thirds Average, Rock-Paper-Scissors and
Matching Pennies (two seats, fixed number of rounds, the most rounds won wins)."""

import math
import re

import pytest

import support
import ta_players
from support import assert_outcome, play, requires, scripted, ta_player
from ta_players.base import Transcript


def test_two_thirds_average_lower_guesses_win_every_round():
    # the target is (g0 + g1) / 3, below the middle of the two guesses: the lower guess wins each of the 10 rounds
    episode = play("ta_iterated_two_thirds_average", [scripted(["[10]"] * 10), scripted(["[60]"] * 10)])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.interactions["seats"]["Player 0"]["result"] == "win"
    assert episode.interactions["seats"]["Player 1"]["result"] == "loss"
    assert episode.interactions["seats"]["Player 0"]["how"] == "rules"


def test_rock_paper_scissors_equal_rounds_is_a_draw():
    # rounds: paper beats rock (P0), rock beats scissors (P1), then seven draws
    moves0 = ["[paper]", "[scissors]"] + ["[rock]"] * 7
    moves1 = ["[rock]", "[rock]"] + ["[rock]"] * 7
    episode = play("ta_iterated_rock_paper_scissors", [scripted(moves0), scripted(moves1)])
    assert_outcome(episode.scores, "Success")
    assert {seat["result"] for seat in episode.interactions["seats"].values()} == {"draw"}


def test_rock_paper_scissors_the_description_of_a_move_is_the_games_message():
    # TextArena 0.7.4 sends "Player 0 selects move rock." from the seat (IteratedRockPaperScissors/env.py:33), so a
    # context showed it as the seat's own words; it is the game's
    import textarena as ta
    from textarena.envs.IteratedRockPaperScissors.env import IteratedRockPaperScissorsEnv

    import fixes

    description = ("Player 0 selects move rock.", ta.ObservationType.GAME_ACTION_DESCRIPTION)
    for env, sender in (
        (IteratedRockPaperScissorsEnv(num_rounds=9), 0),
        (fixes.make("IteratedRockPaperScissors-v0-raw"), ta.GAME_ID),
    ):
        env.reset(num_players=2, seed=0)
        env.step("[rock]")
        assert (sender, *description) in env.state.observations[0]
    episode = play("ta_iterated_rock_paper_scissors", [scripted(["[rock]"] * 9), scripted(["[paper]"] * 9)])
    _, context = episode.contexts[-1]
    assert (
        "[GAME] Player 1 selects move paper." in context["content"] and "[Player 1] Player 1" not in context["content"]
    )


def test_matching_pennies_matcher_wins_when_coins_match():
    episode = play("ta_iterated_matching_pennies", [scripted(["[h]"] * 10), scripted(["[heads]"] * 6 + ["[t]"] * 4)])
    assert episode.interactions["seats"]["Player 0"]["result"] == "win"


@pytest.mark.parametrize(
    "game", ["ta_iterated_two_thirds_average", "ta_iterated_rock_paper_scissors", "ta_iterated_matching_pennies"]
)
def test_broken_format_twice_aborts_and_names_the_violating_seat(game):
    episode = play(game, [ta_player("format-breaker"), ta_player("random")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.interactions["seats"]["Player 0"]["how"] == "own violation"


def test_vs_random_scores_the_model_seat():
    # game 1 seats the model at Player 1; guessing 0 never loses a round
    episode = play("ta_iterated_two_thirds_average_vs_random", [scripted(["[0]"] * 10)], game_id=1)
    assert episode.scores["Model Seat"] == 1
    assert episode.scores["Main Score"] == 100 and episode.scores["Win"] == 1
    assert_outcome(episode.scores, "Success")


def _mean_score(game, strategy, ids=range(4), policy=None, experiment="default"):
    """The model's mean Main Score over instances: the ta_player `strategy`, or a fresh `policy()` per episode."""
    return sum(
        play(game, [policy() if policy else ta_player(strategy)], experiment=experiment, game_id=i).scores["Main Score"]
        for i in ids
    ) / len(ids)


def _reseeded_mean_score(game, strategy, seeds, game_id=0, experiment="default"):
    """The model's mean Main Score in one instance replayed with `seeds` other seeds. A reference's draws are salted
    with its instance's seed, so each seed is another game against the random reference; a handful of shipped
    instances is too few to tell strategies apart against a coin."""
    _, instance = support.instance_of(game, experiment, game_id)
    return (
        sum(
            play(
                game,
                [ta_player(strategy)],
                experiment=experiment,
                game_id=game_id,
                instance={**instance, "seed": instance["seed"] + 1000003 * k},
            ).scores["Main Score"]
            for k in range(seeds)
        )
        / seeds
    )


def test_the_equilibrium_reference_beats_random():
    assert _mean_score("ta_iterated_two_thirds_average_vs_equilibrium", "random") == 0
    assert _mean_score("ta_iterated_two_thirds_average_vs_random", "expert") == 100


@pytest.mark.parametrize(
    "game, move",
    [
        ("ta_iterated_rock_paper_scissors_vs_frequency", "[rock]"),
        ("ta_iterated_matching_pennies_vs_pattern", "[heads]"),
    ],
)
def test_the_pattern_references_beat_a_repetitive_player(game, move):
    # no strategy has an edge over a uniformly random opponent in these zero-sum games; the references exploit
    # patterns, the kind a model falls into
    assert all(play(game, [scripted([move] * 10)], game_id=i).scores["Main Score"] == 0 for i in range(2))


@pytest.mark.parametrize(
    "game", ["ta_iterated_rock_paper_scissors_vs_frequency", "ta_iterated_matching_pennies_vs_pattern"]
)
def test_the_expert_thinks_one_step_ahead_of_the_pattern_references_and_wins(game):
    """The expert anticipates what a pattern reference will play from the expert's own moves and beats it: it wins
    every shipped game, where the reference itself in the model's seat lost to it (45 and 50 on the validation)."""
    assert [play(game, [ta_player("expert")], game_id=i).scores["Main Score"] for i in range(10)] == [100.0] * 10


def test_the_rock_paper_scissors_expert_beats_the_counter_to_its_favourite_move():
    # after rock, rock, paper the favourite is rock: a frequency player counters it with paper, which scissors beats
    transcript = Transcript(
        (
            "You are Player 0 in a 10-round Rock-Paper-Scissors game.\n"
            + "\n".join(
                f"[GAME] Player 0 selects move {move}.\n[GAME] Round result: Draw" for move in ("rock", "rock", "paper")
            ),
        ),
        (),
    )
    players = ta_players.GAMES["ta_iterated_rock_paper_scissors"]
    assert players.expert_move(transcript) == "[scissors]"
    assert players.reference_move(transcript) == "[paper]"  # the opponent drew with rock, rock, paper: its favourite


# --- Iterated Prisoner's Dilemma ---


def _rounds(*decisions, chat="Let us cooperate.", chats=1):
    """A seat's replies in a chat-then-decide game: `chats` chat lines and the decision, per round."""
    return [reply for decision in decisions for reply in (*[chat] * chats, decision)]


def test_prisoners_dilemma_defecting_once_against_a_cooperator_wins():
    # round 1: Player 1 defects against a cooperator (0 and 5), then nine rounds of mutual cooperation (3 each)
    episode = play(
        "ta_iterated_prisoners_dilemma",
        [scripted(_rounds(*["[Cooperate]"] * 10)), scripted(_rounds("[Defect]", *["[Cooperate]"] * 9))],
    )
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (27, 32)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("loss", "win")
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * 59 / 60)  # of 60 for cooperation throughout
    assert episode.interactions["default actions"] == {"Player 0": 0, "Player 1": 0}


def test_prisoners_dilemma_a_decision_without_the_token_is_recorded_as_cooperation():
    # TextArena 0.7.4 has no invalid move here: a decision without [Defect] cooperates, also the format breaker's
    episode = play(
        "ta_iterated_prisoners_dilemma", [ta_player("format-breaker"), scripted(_rounds(*["[Defect]"] * 10))]
    )
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["default actions"] == {"Player 0": 10, "Player 1": 0}
    assert episode.interactions["seats"]["Player 0"]["payoff"] == 0
    assert episode.interactions["seats"]["Player 1"]["payoff"] == 50
    assert (
        sum(event["action"]["type"] == "default action" for turn in episode.interactions["turns"] for event in turn)
        == 10
    )


def test_prisoners_dilemma_vs_random_scores_the_model_points_against_cooperation():
    episode = play("ta_iterated_prisoners_dilemma_vs_random", [scripted(_rounds(*["[Defect]"] * 10))], game_id=1)
    assert episode.scores["Model Seat"] == 1
    points = episode.interactions["seats"]["Player 1"]["payoff"]
    assert episode.scores["Payoff"] == points
    assert episode.scores["Main Score"] == min(100.0, 100 * points / 30)


def test_tit_for_tat_punishes_defection_and_rewards_cooperation():
    # always defecting pays against random (5 or 1 a round) but not against tit for tat (5, then 1 a round);
    # always cooperating pays 3 a round against tit for tat
    defect, cooperate = _rounds(*["[Defect]"] * 10), _rounds(*["[Cooperate]"] * 10)
    assert _mean_score(
        "ta_iterated_prisoners_dilemma_vs_tit_for_tat", None, policy=lambda: scripted(defect)
    ) == pytest.approx(100 * 14 / 30)
    assert _mean_score("ta_iterated_prisoners_dilemma_vs_random", None, policy=lambda: scripted(defect)) > 80
    assert _mean_score("ta_iterated_prisoners_dilemma_vs_tit_for_tat", None, policy=lambda: scripted(cooperate)) == 100


def test_prisoners_dilemma_expert_exploits_an_unprovoked_defector_where_tit_for_tat_forgives():
    # the opponent cooperates, defects in round 2 unprovoked, then cooperates to the end. The expert (Player 0)
    # cooperates twice (3, 0), then defects to the end against the cooperator (8 x 5): 43 points, the opponent 8.
    # Tit for tat defects once in return (5) and cooperates again (7 x 3): 29 points each.
    opponent = _rounds("[Cooperate]", "[Defect]", *["[Cooperate]"] * 8)
    expert = play("ta_iterated_prisoners_dilemma", [ta_player("expert"), scripted(opponent)])
    assert [expert.interactions["seats"][f"Player {pid}"]["payoff"] for pid in range(2)] == [43, 8]
    tit_for_tat = play("ta_iterated_prisoners_dilemma", [ta_player("reference"), scripted(opponent)])
    assert [tit_for_tat.interactions["seats"][f"Player {pid}"]["payoff"] for pid in range(2)] == [29, 29]


def test_prisoners_dilemma_expert_cooperates_throughout_with_reciprocators():
    # against tit for tat and against itself: ten rounds of mutual cooperation, 30 points each, the score's 100
    episode = play("ta_iterated_prisoners_dilemma_vs_tit_for_tat", [ta_player("expert")])
    assert episode.scores["Payoff"] == 30 and episode.scores["Main Score"] == 100
    episode = play("ta_iterated_prisoners_dilemma", [ta_player("expert"), ta_player("expert")])
    assert [seat["payoff"] for seat in episode.interactions["seats"].values()] == [30, 30]
    assert episode.scores["Main Score"] == 100


def test_prisoners_dilemma_expert_beats_random_play_and_tit_for_tat_against_the_random_reference():
    # against a coin, defecting pays 3 a round, cooperating 1.5: the expert cooperates until the coin first defects
    # (two rounds on average), then defects. Expected (the payoffs against a fair coin, the cap at 30 included):
    # 86.3, random play 73.9, tit for tat 72.5; the ten shipped instances happen to give the expert and random play
    # 78.7 each. Instance 0 replayed with 20 seeds: 87.8, 81.8 and 72.3
    game = "ta_iterated_prisoners_dilemma_vs_random"
    expert = _reseeded_mean_score(game, "expert", 20)
    assert expert >= 85
    assert expert > _reseeded_mean_score(game, "random", 20)
    assert expert >= _reseeded_mean_score(game, "reference", 20) + 10


# --- three-player Iterated Prisoner's Dilemma ---


def test_three_player_ipd_pairs_play_the_dilemma_and_groups_rank_the_seats():
    # every round Player 0 defects against Player 1 (5 and 0) and cooperates with Player 2 (3 each); Players 1 and 2
    # cooperate with each other (3 each): 8, 3 and 6 points a round
    episode = play(
        "ta_three_player_ipd",
        [
            scripted(_rounds(*["[1 defect] [2 cooperate]"] * 5)),
            scripted(_rounds(*["[0 cooperate] [2 cooperate]"] * 5)),
            scripted(_rounds(*["[0 cooperate] [1 cooperate]"] * 5)),
        ],
    )
    seats = episode.interactions["seats"]
    assert [seats[f"Player {pid}"]["payoff"] for pid in range(3)] == [40, 15, 30]
    # TextArena spreads the rewards of the three score groups over -1, 0, 1
    assert [seats[f"Player {pid}"]["result"] for pid in range(3)] == ["win", "loss", "draw"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * 85 / 90)


def test_three_player_ipd_a_missing_token_is_recorded_as_cooperation():
    episode = play(
        "ta_three_player_ipd",
        [
            ta_player("format-breaker"),
            scripted(_rounds(*["[0 defect]"] * 5)),
            scripted(_rounds(*["[0 defect] [1 defect]"] * 5)),
        ],
    )
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["default actions"] == {"Player 0": 5, "Player 1": 5, "Player 2": 0}
    # Player 1 cooperates with Player 2 by default, who defects against it: 5 + 0 a round
    assert episode.interactions["seats"]["Player 1"]["payoff"] == 25
    assert episode.interactions["seats"]["Player 0"]["payoff"] == 0


def test_three_player_ipd_each_seats_example_decision_names_its_opponents():
    # TextArena 0.7.4's example '[1 defect] [2 cooperate]' (ThreePlayerIPD/env.py:31) names Players 1 and 2 itself,
    # a token TextArena ignores: a seat that copied it left an opponent to the default. Each seat's example names
    # its opponents (the spec's relabel)
    def copying(context):
        if not re.search(r"Chat finished for round \d+", context):
            return "Hello."
        return re.search(r"\(e\.g\. '((?:\[\d (?:defect|cooperate)\] ?)+)' toward your opponents", context).group(1)

    episode = play("ta_three_player_ipd", [copying] * 3)
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["default actions"] == {"Player 0": 0, "Player 1": 0, "Player 2": 0}
    prompts = {name: context["content"] for name, context in reversed(episode.contexts)}
    assert "'[0 defect] [2 cooperate]' toward your opponents, Players 0 and 2;" in prompts["Player 1"]
    assert "[1 defect] [2 cooperate]" not in prompts["Player 2"]


def test_three_player_ipd_vs_random_scores_the_model_points_against_cooperation():
    episode = play("ta_three_player_ipd_vs_random", [scripted(_rounds(*["[0 defect] [1 defect]"] * 5))], game_id=2)
    assert episode.scores["Model Seat"] == 2
    points = episode.interactions["seats"]["Player 2"]["payoff"]
    assert episode.scores["Main Score"] == min(100.0, 100 * points / 30)


def test_three_player_tit_for_tat_punishes_defection_and_rewards_cooperation():
    # defecting against two tit-for-tat players: 5 + 5, then 1 + 1 a round; cooperating: 3 + 3 a round
    def always(choice):
        return lambda: lambda context: _three_player_reply(context, choice)

    assert _mean_score(
        "ta_three_player_ipd_vs_tit_for_tat", None, ids=range(3), policy=always("defect")
    ) == pytest.approx(100 * 18 / 30)
    assert _mean_score("ta_three_player_ipd_vs_random", None, ids=range(3), policy=always("defect")) > 80
    assert _mean_score("ta_three_player_ipd_vs_tit_for_tat", None, ids=range(3), policy=always("cooperate")) == 100


def test_three_player_ipd_expert_exploits_only_the_opponent_that_defected_unprovoked():
    # Player 1 always cooperates; Player 2 cooperates but defects against Player 0 in round 2. The expert (Player 0)
    # cooperates with Player 1 throughout (5 x 3) and with Player 2 in rounds 1-2 (3, 0), then defects against it
    # (3 x 5): 33 points; tit for tat would answer the one defection once and cooperate again (3 + 0 + 5 + 3 + 3)
    steady = "[0 cooperate] [1 cooperate] [2 cooperate]"
    once = "[0 defect] [1 cooperate]"
    episode = play(
        "ta_three_player_ipd",
        [ta_player("expert"), scripted(_rounds(*[steady] * 5)), scripted(_rounds(steady, once, *[steady] * 3))],
    )
    assert episode.interactions["seats"]["Player 0"]["payoff"] == 15 + 18
    episode = play(
        "ta_three_player_ipd",
        [ta_player("reference"), scripted(_rounds(*[steady] * 5)), scripted(_rounds(steady, once, *[steady] * 3))],
    )
    assert episode.interactions["seats"]["Player 0"]["payoff"] == 15 + 14


def test_three_player_ipd_expert_cooperates_with_reciprocators_and_beats_random_play():
    # two tit-for-tat references or two copies of itself: 3 + 3 a round, 30, the score's 100. Against two coins the
    # expert defects against each from its first unprovoked defection: expected 79.7 (random play 73.8, tit for
    # tat about as much). The random references draw from the transcript, so any change of the text draws other
    # coins, and 20 seeds are too few: instance 0 replayed with 20 seeds gave 77.3, random play 65.7, tit for tat
    # 67.2, and after the seats' own example decisions (relabel) 74.7, 70.0 and 64.3; with 60 seeds 80.3, 68.8, 69.4
    assert play("ta_three_player_ipd_vs_tit_for_tat", [ta_player("expert")]).scores["Main Score"] == 100
    assert play("ta_three_player_ipd", [ta_player("expert") for _ in range(3)]).scores["Main Score"] == 100
    game = "ta_three_player_ipd_vs_random"
    expert = _reseeded_mean_score(game, "expert", 60)
    assert expert >= _reseeded_mean_score(game, "random", 60) + 8
    assert expert >= _reseeded_mean_score(game, "reference", 60) + 8


def _three_player_reply(context: str, choice: str) -> str:
    """Chat, or the same choice toward everyone when the decision turn has come (TextArena ignores the token for
    oneself)."""
    if "Submit your decisions" not in context:
        return "Hello."
    return " ".join(f"[{pid} {choice}]" for pid in range(3))


# --- Iterated Stag Hunt ---


@requires("ta_iterated_stag_hunt")
def test_stag_hunt_hunting_the_hare_once_against_a_stag_hunter_wins():
    # round 1: stag against hare (1 and 8), then four rounds of both stag (10 each)
    episode = play(
        "ta_iterated_stag_hunt",
        [scripted(_rounds(*["[Stag]"] * 5, chats=3)), scripted(_rounds("[Hare]", *["[Stag]"] * 4, chats=3))],
    )
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (41, 48)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("loss", "win")
    assert episode.interactions["payoff scale"] == {"cooperation": 50}
    assert episode.scores["Main Score"] == pytest.approx(100 * 89 / 100)


@requires("ta_iterated_stag_hunt")
def test_stag_hunt_a_decision_without_the_token_is_recorded_as_a_hare_hunt():
    episode = play("ta_iterated_stag_hunt", [ta_player("format-breaker"), scripted(_rounds(*["[Stag]"] * 5, chats=3))])
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["default actions"] == {"Player 0": 5, "Player 1": 0}
    assert episode.interactions["seats"]["Player 0"]["payoff"] == 40


@requires("ta_iterated_stag_hunt")
def test_stag_hunt_randomized_payoffs_are_drawn_from_the_episode_seed():
    # TextArena 0.7.4 draws each round's matrix from numpy's global RNG; the game master seeds it per episode
    def matrices():
        episode = play("ta_iterated_stag_hunt", [ta_player("random"), ta_player("random")], experiment="randomized")
        return episode.interactions["payoff matrices"], episode.interactions["payoff scale"]

    first, scale = matrices()
    assert matrices() == (first, scale)
    assert len(first) == 5 and scale["cooperation"] == sum(matrix["mutual stag"] for matrix in first)
    assert first[0] == support.instance_of("ta_iterated_stag_hunt", "randomized")[1]["content"]["payoff matrix"]
    assert len({tuple(matrix.values()) for matrix in first}) > 1


@requires("ta_iterated_stag_hunt")
def test_stag_hunt_tit_for_tat_punishes_the_hare_and_rewards_the_stag():
    hare, stag = _rounds(*["[Hare]"] * 5, chats=3), _rounds(*["[Stag]"] * 5, chats=3)
    # always hare against tit for tat: 8, then 5 a round; always stag: 10 a round
    assert _mean_score("ta_iterated_stag_hunt_vs_tit_for_tat", None, policy=lambda: scripted(hare)) == 100 * 28 / 50
    assert _mean_score("ta_iterated_stag_hunt_vs_tit_for_tat", None, policy=lambda: scripted(stag)) == 100
    assert _mean_score("ta_iterated_stag_hunt_vs_random", None, policy=lambda: scripted(stag)) < 80


@requires("ta_iterated_stag_hunt")
def test_stag_hunt_expert_answers_a_player_that_does_not_reciprocate_with_the_best_response():
    # the opponent alternates stag and hare. The expert hunts the stag in round 1 (10) and 2 (1); after the
    # unprovoked hare it estimates the stag rate (Laplace: 1/2, 3/5, 1/2), below the 2/3 at which the stag pays on
    # these payoffs, and hunts the hare: 8, 5, 8, 32 points. Tit for tat: 10, 1, 8, 1, 8, 28 points
    opponent = _rounds("[Stag]", "[Hare]", "[Stag]", "[Hare]", "[Stag]", chats=3)
    expert = play("ta_iterated_stag_hunt", [ta_player("expert"), scripted(opponent)])
    assert [seat["payoff"] for seat in expert.interactions["seats"].values()] == [32, 25]
    tit_for_tat = play("ta_iterated_stag_hunt", [ta_player("reference"), scripted(opponent)])
    assert tit_for_tat.interactions["seats"]["Player 0"]["payoff"] == 28


@requires("ta_iterated_stag_hunt")
def test_stag_hunt_expert_hunts_the_stag_with_reciprocators():
    assert _mean_score("ta_iterated_stag_hunt_vs_tit_for_tat", "expert", ids=range(2)) == 100
    assert _mean_score("ta_iterated_stag_hunt_vs_tit_for_tat", "expert", ids=range(2), experiment="randomized") == 100
    assert play("ta_iterated_stag_hunt", [ta_player("expert"), ta_player("expert")]).scores["Main Score"] == 100


# --- Iterated Ultimatum Game ---


def test_ultimatum_accepted_offers_pay_both_and_rejected_ones_nobody():
    # Player 0 proposes in all five rounds of $50, offering $20; Player 1 accepts three offers
    episode = play(
        "ta_iterated_ultimatum_game",
        [scripted(["[Offer: $20]"] * 5), scripted(["[Accept]", "[Reject]", "[Accept]", "[Reject]", "[Accept]"])],
    )
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (90, 60)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("win", "loss")
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100 * 150 / 250  # the share of the five pools agreed on


def test_ultimatum_roles_alternate_in_the_alternate_experiment():
    # six rounds: Player 0 proposes in rounds 1, 3, 5 and Player 1 in 2, 4, 6; every offer of $10 is accepted
    moves = ["[Offer: $10]", "[Accept]"] * 3
    episode = play(
        "ta_iterated_ultimatum_game", [scripted(moves), scripted(moves[1:] + moves[:1])], experiment="alternate"
    )
    assert {seat["payoff"] for seat in episode.interactions["seats"].values()} == {150}
    assert episode.scores["Main Score"] == 100


def test_ultimatum_broken_format_twice_aborts():
    episode = play("ta_iterated_ultimatum_game", [ta_player("format-breaker"), ta_player("random")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]


def test_ultimatum_vs_random_scores_the_model_share_of_the_money_paid_out():
    episode = play("ta_iterated_ultimatum_game_vs_random", [scripted(["[Accept]"] * 5)], game_id=1)
    seats = episode.interactions["seats"]
    assert episode.scores["Model Seat"] == 1 and episode.scores["Payoff"] == seats["Player 1"]["payoff"]
    assert episode.scores["Main Score"] == pytest.approx(100 * seats["Player 1"]["payoff"] / 250)


def test_ultimatum_reciprocity_reference_beats_random():
    # measured on the ten instances: random 39 against tit for tat, 36 against random; tit for tat 61 against random
    assert _mean_score("ta_iterated_ultimatum_game_vs_random", "expert") > 55
    assert _mean_score("ta_iterated_ultimatum_game_vs_tit_for_tat", "random") < 45


# --- Colonel Blotto ---


def test_colonel_blotto_a_majority_of_rounds_ends_the_game():
    # Alpha's 10/10/0 takes fields A and B from Beta's 7/7/6 every round: 5 of 9 rounds are a majority
    episode = play("ta_colonel_blotto", [scripted(["[A10 B10 C0]"] * 5), scripted(["[A7 B7 C6]"] * 5)])
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (5, 0)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("win", "loss")
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_colonel_blotto_misallocated_units_twice_abort():
    episode = play(
        "ta_colonel_blotto",
        [scripted(["[A7 B7 C6]", "[A7 B7 C7]", "[A20 B1 C0]"]), scripted(["[A7 B7 C6]", "[A7 B7 C6]"])],
    )
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert math.isnan(episode.scores["Main Score"])


def test_colonel_blotto_example_allocation_says_it_shows_the_format_only_and_the_units_to_allocate():
    # TextArena 0.7.4's example '[A4 B2 C2]' adds up to 8 units (ColonelBlotto/env.py:40, :45), its invalid-move
    # reason's "A:5, B:10, C:5" to 20 on three fields (:105): the spec's relabel says they show the format only
    note = "(the format only: each field's letter and its units, a field left out gets 0; your units must add up"
    for experiment, units, move in (("default", 20, "[A1 B2 C17]"), ("large", 50, "[A1 B2 C3 D4 E40]")):
        episode = play(
            "ta_colonel_blotto",
            [ta_player("random"), scripted(["I attack A."] + [move] * 30)],
            experiment=experiment,
        )
        contexts = [context["content"] for _, context in episode.contexts]
        for content in contexts:  # the prompt's and the board's
            assert (
                content.count("Format: '[A4 B2 C2]'") == content.count("Format: '[A4 B2 C2]' (the format only: ") == 2
            )
            assert f"{note} to exactly {units})" in content
            assert f"(the format only: allocate exactly {units} units)" in content
        retry = [context["content"] for name, context in episode.contexts if name == "Player 1"][1]
        assert "Use: A:5, B:10, C:5" not in retry
        assert "Invalid input format. Use the format '[A4 B2 C2]': each field's letter" in retry


def test_colonel_blotto_vs_random_scores_the_model_result():
    episode = play("ta_colonel_blotto_vs_random", [ta_player("expert")], experiment="large", game_id=1)
    assert episode.scores["Model Seat"] == 1
    assert (
        episode.scores["Main Score"]
        == {"win": 100, "draw": 50, "loss": 0}[episode.interactions["seats"]["Player 1"]["result"]]
    )


def test_colonel_blotto_best_response_beats_random():
    # on 5 fields and 50 units random allocations lose to it nearly every game; on the default 3 fields and 20 units a
    # round is closer to a coin toss (measured: random scores 55 on the ten instances, 5 on `small`). Both players
    # draw from the transcript, so any change of the text draws other allocations: random won 0 of the ten `large`
    # games, and 2 once the example allocation said it shows the format only
    assert _mean_score("ta_colonel_blotto_vs_best_response", "random", ids=range(10), experiment="large") <= 20
    assert _mean_score("ta_colonel_blotto_vs_random", "expert", ids=range(10), experiment="large") == 100


# --- Public Goods Game ---


def _contributing(tokens: str):
    """Chats in the communication turns and contributes `tokens` ('[20]') when the decision phase has come."""
    return lambda context: tokens if "Decision phase: Submit" in context else "{Let us all contribute.}"


def test_public_goods_the_free_rider_wins_on_the_others_contributions():
    # each round Players 0 and 1 contribute 20, Player 2 nothing: the pot 40 x 1.5 = 60 pays each 20
    episode = play("ta_public_goods_game", [_contributing("[20]"), _contributing("[20]"), _contributing("[0]")])
    seats = episode.interactions["seats"]
    assert [seats[f"Player {pid}"]["payoff"] for pid in range(3)] == [60, 60, 120]
    assert [seats[f"Player {pid}"]["result"] for pid in range(3)] == ["loss", "loss", "win"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * 240 / 270)  # of 90 each for full contributions


def test_public_goods_every_communication_turn_is_announced_and_the_prompts_status_is_the_start():
    # TextArena 0.7.4 writes "Round 1 - Communication Round 1 of 3" into the prompt, sent once (PublicGoodsGame/
    # env.py:71-79, :112): it never changed. Each later communication turn is announced as it begins
    import fixes

    env = fixes.make("PublicGoodsGame-v0-raw", num_rounds=2)
    env.reset(num_players=3, seed=0)
    for _ in range(3):  # three communication turns, then the decisions of round 1, then round 2's first turn
        for _ in range(3):
            env.step("{Let us cooperate.}")
    for _ in range(3):
        env.step("[20]")
    announced = [
        message for _, message, _ in env.state.observations[0] if message.startswith("Round ") and " of 3" in message
    ]
    assert announced == [
        "Round 1 - Communication Round 2 of 3",
        "Round 1 - Communication Round 3 of 3",
        "Round 2 - Communication Round 1 of 3",
    ]
    episode = play("ta_public_goods_game", [ta_player("expert")] * 3)
    _, context = episode.contexts[-1]
    assert "Game Status at the start: Round 1 - Communication Round 1 of 3 (each later turn" in context["content"]
    assert "Game Status: \nRound 1" not in context["content"]
    assert "[GAME] Round 3 - Communication Round 3 of 3" in context["content"]


def test_public_goods_an_eliminated_seat_ends_the_game():
    # TextArena 0.7.4 eliminates a seat on its third invalid decision in a row and then keeps asking it; the game
    # master ends the game there
    episode = play("ta_public_goods_game", [ta_player("format-breaker"), _contributing("[20]"), _contributing("[20]")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]
    seats = episode.interactions["seats"]
    assert [seats[f"Player {pid}"]["how"] for pid in range(3)] == [
        "own violation",
        "opponent's violation",
        "opponent's violation",
    ]
    assert [seats[f"Player {pid}"]["result"] for pid in range(3)] == ["loss", "draw", "draw"]
    assert [name for name, _ in episode.contexts].count("Player 0") == 3 + 3  # three chat turns, three decisions


def test_public_goods_vs_random_scores_the_model_tokens_against_full_cooperation():
    episode = play("ta_public_goods_game_vs_random", [_contributing("[0]")], game_id=2)
    assert episode.scores["Model Seat"] == 2
    tokens = episode.interactions["seats"]["Player 2"]["payoff"]
    assert episode.scores["Main Score"] == pytest.approx(min(100.0, 100 * tokens / 90))


def test_public_goods_conditional_cooperators_reward_full_contributions():
    # two tit-for-tat references contribute what the others gave last round: full contributions pay 30 a round;
    # random contributors return about 20
    assert (
        _mean_score("ta_public_goods_game_vs_tit_for_tat", None, ids=range(3), policy=lambda: _contributing("[20]"))
        == 100
    )
    assert _mean_score("ta_public_goods_game_vs_random", None, ids=range(3), policy=lambda: _contributing("[20]")) < 80


def test_public_goods_expert_keeps_its_tokens_once_another_player_falls_short_unprovoked():
    # Player 1 gives 20 each round, Player 2 gives 20, 10, 20. The expert (Player 0) gives 20 twice (30 and 25
    # points: the pot's 60 and 50 x 1.5 / 3), then keeps its tokens (20 + 40 x 1.5 / 3 = 40): 95 points. Tit for
    # tat gives the others' mean, 15, in round 3 (5 + 55 x 1.5 / 3): 87.5 points
    def contributions(*tokens):
        rounds = iter(tokens)
        # the decision turn's context ends with the decision prompt (later chat turns may repeat it)
        return lambda context: next(rounds) if context.rstrip().endswith("after all players decide.") else "{Hi.}"

    episode = play(
        "ta_public_goods_game", [ta_player("expert"), _contributing("[20]"), contributions("[20]", "[10]", "[20]")]
    )
    assert [seat["payoff"] for seat in episode.interactions["seats"].values()] == [95, 75, 85]
    episode = play(
        "ta_public_goods_game", [ta_player("reference"), _contributing("[20]"), contributions("[20]", "[10]", "[20]")]
    )
    assert episode.interactions["seats"]["Player 0"]["payoff"] == 87.5


def test_public_goods_expert_cooperates_with_reciprocators_and_beats_random_play():
    # full contributions with two tit-for-tat references or two copies of itself: 30 a round, the score's 100.
    # Against random contributions (10 of 20 on average) it gives everything once, then keeps its tokens: expected
    # 20 + 30 + 30 of the 90 cooperation pays, 88.9 (random play 83, tit for tat 20 + 25 + 25: 77.8). The random
    # references draw from the transcript, so any change of the text draws other contributions: the measured margin
    # over tit for tat varies by about 1.8 points around its expected 11 over 40 seeds (instance 0 replayed with 40
    # seeds: 87.3, tit for tat 78.7; with 20 seeds before the round announcements: 88.9 and 77.0)
    assert play("ta_public_goods_game_vs_tit_for_tat", [ta_player("expert")]).scores["Main Score"] == 100
    assert play("ta_public_goods_game", [ta_player("expert") for _ in range(3)]).scores["Main Score"] == 100
    game = "ta_public_goods_game_vs_random"
    expert = _reseeded_mean_score(game, "expert", 40)
    assert expert >= 85
    assert expert >= _reseeded_mean_score(game, "reference", 40) + 7


# --- Market Entry Game ---


def _deciding(decision: str):
    """Chats in the communication turns and decides `decision` ('[E]' or '[S]') when the decision phase has come."""
    return lambda context: decision if "Conversation finished for round" in context else "{I have decided.}"


def test_market_entry_two_entrants_share_the_market_and_the_others_stay_safe():
    # Players 0 and 1 enter every round (15 each), Players 2 and 3 stay out (5 each): the best split of the market
    episode = play("ta_market_entry_game", [_deciding("[E]"), _deciding("[E]"), _deciding("[S]"), _deciding("[S]")])
    seats = episode.interactions["seats"]
    assert [seats[f"Player {pid}"]["payoff"] for pid in range(4)] == [75, 75, 25, 25]
    # TextArena: tied top scorers +1, the others 0
    assert [seats[f"Player {pid}"]["result"] for pid in range(4)] == ["win", "win", "draw", "draw"]
    assert episode.interactions["payoff scale"] == {"seat": [-25, 75], "all": [-100, 200]}
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_market_entry_overcrowding_costs_every_entrant():
    # three entrants every round: -5 each, the one outside 5; all seats together 5 x (-15 + 5) = -50 of [-100, 200]
    episode = play("ta_market_entry_game", [_deciding("[E]"), _deciding("[E]"), _deciding("[E]"), _deciding("[S]")])
    seats = episode.interactions["seats"]
    assert [seats[f"Player {pid}"]["payoff"] for pid in range(4)] == [-25, -25, -25, 25]
    assert seats["Player 3"]["result"] == "win"
    assert episode.scores["Main Score"] == pytest.approx(100 * 50 / 300)


def test_market_entry_an_eliminated_seat_ends_the_game():
    episode = play(
        "ta_market_entry_game", [_deciding("[E]"), ta_player("format-breaker"), _deciding("[S]"), _deciding("[S]")]
    )
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]


def test_market_entry_vs_random_scores_the_model_points_between_always_crowded_and_always_profitable():
    # staying out pays 5 a round: 25 points, in the middle of [-25, 75]
    episode = play("ta_market_entry_game_vs_random", [_deciding("[S]")], game_id=3)
    assert episode.scores["Model Seat"] == 3 and episode.scores["Payoff"] == 25
    assert episode.scores["Main Score"] == 50


def test_market_entry_best_response_reacts_to_the_entry_it_sees():
    # capacity 2 of 4 seats: against three random entrants entering and staying out both pay 5 in expectation, so no
    # strategy beats random play (measured on the eight instances: random scores 59 against random, 60 against the
    # best responses). The references weigh what they saw: they make room for a seat that always enters.
    always_enter = lambda: _deciding("[E]")  # noqa: E731
    assert _mean_score("ta_market_entry_game_vs_best_response", None, ids=range(4), policy=always_enter) >= 80
    assert _mean_score("ta_market_entry_game_vs_random", None, ids=range(4), policy=always_enter) <= 60


def test_market_entry_expert_stays_in_a_profitable_market_and_out_of_a_full_one():
    # the seats below the capacity (2) open by entering, the others by staying out. Player 0 enters beside Player 1
    # (two entrants: profitable) and stays in: 5 x 15. Player 3 stays out while Players 0 and 1 fill the market: 5 x 5
    in_ = play("ta_market_entry_game", [ta_player("expert"), _deciding("[E]"), _deciding("[S]"), _deciding("[S]")])
    assert [seat["payoff"] for seat in in_.interactions["seats"].values()] == [75, 75, 25, 25]
    out = play("ta_market_entry_game", [_deciding("[E]"), _deciding("[E]"), _deciding("[S]"), ta_player("expert")])
    assert [seat["payoff"] for seat in out.interactions["seats"].values()] == [75, 75, 25, 25]


def test_market_entry_expert_coordinates_with_itself_and_outscores_random_play_against_the_best_responses():
    # self-play: Players 0 and 1 enter in every round, the best split (100). Against the best responses an entrant
    # that stays in is made room for: on the first four instances the expert scores 72.5 (random play 55; its
    # seat 2 and 3 instances open by staying out); against random entrants no strategy has an edge (5 a round)
    episode = play("ta_market_entry_game", [ta_player("expert") for _ in range(4)])
    assert [seat["payoff"] for seat in episode.interactions["seats"].values()] == [75, 75, 25, 25]
    assert episode.scores["Main Score"] == 100
    expert = _mean_score("ta_market_entry_game_vs_best_response", "expert", ids=range(4))
    assert expert >= _mean_score("ta_market_entry_game_vs_best_response", "random", ids=range(4)) + 10


# --- Simple Negotiation ---


def _negotiation_values(experiment="default", game_id=0):
    content = support.instance_of("ta_simple_negotiation", experiment, game_id)[1]["content"]
    return content["player_resources"], content["player_values"]


def test_negotiation_an_accepted_trade_changes_each_inventory_by_its_own_values():
    # Player 0 offers 1 Ore for 2 Wood, Player 1 accepts; the remaining turns are talk
    resources, values = _negotiation_values()
    episode = play(
        "ta_simple_negotiation",
        [
            scripted(["[Offer: 1 Ore -> 2 Wood]"] + ["Nothing more."] * 9),
            scripted(["[Accept] Deal."] + ["Nothing more."] * 9),
        ],
    )
    change0 = 2 * values["0"]["Wood"] - values["0"]["Ore"]
    change1 = values["1"]["Ore"] - 2 * values["1"]["Wood"]
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (change0, change1)
    assert seats["Player 0"]["result"] == ("win" if change0 > change1 else "loss" if change0 < change1 else "draw")
    assert seats["Player 0"]["how"] == "turn limit"
    assert_outcome(episode.scores, "Success")
    initial = [sum(qty * values[pid][name] for name, qty in resources[pid].items()) for pid in ("0", "1")]
    assert episode.interactions["payoff scale"]["all"] == pytest.approx([-0.1 * sum(initial), 0.1 * sum(initial)])
    assert episode.scores["Main Score"] == pytest.approx(50 + 500 * (change0 + change1) / sum(initial))


def test_negotiation_after_an_accepted_trade_each_seat_reads_its_resources_now():
    # TextArena 0.7.4 lists the resources a seat "currently has" in the prompt only (SimpleNegotiation/env.py:47-52),
    # sent once: after a trade the list is stale. Each seat is told privately its resources after every accepted
    # trade, and the prompt's list is labelled as the start of the game
    from textarena.envs.SimpleNegotiation.env import SimpleNegotiationEnv

    import fixes

    def trade(env):
        env.reset(num_players=2, seed=3)
        start = {pid: dict(env.state.game_state["player_resources"][pid]) for pid in (0, 1)}
        env.get_observation()  # Player 0's prompt
        env.step("[Offer: 1 Ore -> 2 Wood]")
        env.get_observation()  # Player 1's prompt and the offer
        env.step("[Accept] Deal.")
        return env, start

    raw, _ = trade(SimpleNegotiationEnv(max_turns=10))
    assert not any(
        "after this trade" in message for queue in raw.state.observations.values() for _, message, _ in queue
    )
    env, start = trade(fixes.make("SimpleNegotiation-v0-raw"))
    for pid, moved in ((0, {"Ore": -1, "Wood": 2}), (1, {"Ore": 1, "Wood": -2})):
        told = [message for _, message, _ in env.state.observations[pid] if "after this trade" in message]
        values = env.state.game_state["player_values"][pid]
        now = {name: qty + moved.get(name, 0) for name, qty in start[pid].items()}
        listed = ", ".join(f"{name} {qty}" for name, qty in now.items())
        worth = sum(qty * values[name] for name, qty in now.items())
        change = sum(qty * values[name] for name, qty in moved.items())
        assert told == [
            f"Your resources after this trade: {listed} (total value by your values: {worth}, {change:+d} since the "
            "start)."
        ]
    # the prompt's list is the start of the game, in every context a model reads
    episode = play("ta_simple_negotiation", [ta_player("expert"), ta_player("expert")])
    assert all(
        "values to you at the start of the game (after every accepted trade the game tells you your resources):"
        in context["content"]
        and "values you currently have" not in context["content"]
        for _, context in episode.contexts
    )


def test_negotiation_talk_is_a_legal_move_and_offers_beyond_ones_means_abort():
    # a reply without an offer or [Accept] is talk (it denies a standing offer, TextArena's default)
    talk = play("ta_simple_negotiation", [ta_player("format-breaker"), ta_player("format-breaker")])
    assert_outcome(talk.scores, "Success")
    assert talk.scores["Main Score"] == 50 and talk.interactions["seats"]["Player 0"]["result"] == "draw"
    episode = play("ta_simple_negotiation", [scripted(["[Offer: 100 Ore -> 1 Wheat]"] * 2), ta_player("random")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]


def test_negotiation_vs_random_scores_the_model_gain_within_ten_percent_of_its_inventory():
    episode = play("ta_simple_negotiation_vs_random", [ta_player("random")], game_id=1)
    seat = episode.interactions["seats"]["Player 1"]
    worst, best = episode.interactions["payoff scale"]["seat"]["Player 1"]
    assert episode.scores["Model Seat"] == 1 and episode.scores["Payoff"] == seat["payoff"]
    assert episode.scores["Main Score"] == pytest.approx(
        min(100, max(0, 100 * (seat["payoff"] - worst) / (best - worst)))
    )


def test_negotiation_value_aware_reference_beats_random():
    # measured on the ten default instances: random 49 against random, 25 against value_aware; value_aware 90
    # against random
    assert _mean_score("ta_simple_negotiation_vs_value_aware", "random") < 40
    assert _mean_score("ta_simple_negotiation_vs_random", "expert") > 75


# --- Simple Blind Auction ---


def test_blind_auction_the_higher_bid_takes_an_item_and_every_bid_is_paid():
    # three conversation turns each, then sealed bids; TextArena 0.7.4 takes every bid from the bidder's capital,
    # won or lost (an all-pay auction its prompt does not describe)
    values = support.instance_of("ta_simple_blind_auction")[1]["content"]["player_item_values"]
    episode = play(
        "ta_simple_blind_auction",
        [
            scripted(["Hello."] * 3 + ["[Bid on Item 0: 100] [Bid on Item 1: 50]"]),
            scripted(["Hi."] * 3 + ["[Bid on Item 0: 80] [Bid on Item 2: 30]"]),
        ],
    )
    seats = episode.interactions["seats"]
    gain0 = values["0"]["0"] + values["0"]["1"] - 150  # won items 0 and 1
    gain1 = values["1"]["2"] - 110  # won item 2 for 30, and paid its losing 80 for item 0
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (gain0, gain1)
    assert seats["Player 0"]["result"] == ("win" if gain0 > gain1 else "loss")
    assert_outcome(episode.scores, "Success")
    best = sum(max(values["0"][item], values["1"][item]) for item in values["0"])
    assert episode.interactions["payoff scale"]["all"] == [-best, best]
    assert episode.scores["Main Score"] == pytest.approx(50 + 50 * (gain0 + gain1) / best)


def test_blind_auction_a_bidder_that_copies_an_example_makes_valid_bids_in_every_experiment():
    # TextArena 0.7.4's examples bid on Items 3 and 4 (SimpleBlindAuction/env.py:85, :112), which `quick`'s three
    # items do not include: the spec's relabel makes them bids on items every experiment has
    def copying(which):
        def policy(context):
            if "Now entering the bidding phase" not in context:
                return "Hello."
            examples = re.findall(r"(?:Example: |for example:\n)'((?:\[Bid on Item \d+: \d+\] ?)+)'", context)
            return examples[which]

        return policy

    for experiment in ("default", "quick", "rich"):
        episode = play("ta_simple_blind_auction", [copying(0), copying(-1)], experiment=experiment)
        assert_outcome(episode.scores, "Success")
        assert sum(episode.interactions["Violated Request Count"]) == 0, experiment


def test_blind_auction_bids_beyond_the_capital_twice_abort():
    episode = play(
        "ta_simple_blind_auction",
        [scripted(["Hello."] * 3 + ["[Bid on Item 0: 5000]"] * 2), scripted(["Hi."] * 3 + ["[Bid on Item 0: 80]"])],
    )
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]


def test_blind_auction_the_second_bidders_warned_bid_ends_the_auction_without_its_retry():
    # TextArena 0.7.4 marks a seat done before checking its bids: the last bidder's invalid bid is warned, but the
    # auction is settled at once, its bids unrecorded (left as TextArena plays it; the violation is counted)
    episode = play(
        "ta_simple_blind_auction",
        [scripted(["Hello."] * 3 + ["[Bid on Item 0: 100]"]), scripted(["Hi."] * 3 + ["[Bid on Item 0: 5000]"])],
    )
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["seats"]["Player 1"]["payoff"] == 0
    assert episode.scores["Player 1 Score"] == 0 and sum(episode.interactions["Violated Request Count"]) == 1


def test_blind_auction_vs_random_scores_the_model_gain_against_its_own_values():
    episode = play("ta_simple_blind_auction_vs_random", [scripted(["Hello."] * 3 + ["No bids."])], game_id=1)
    assert episode.scores["Model Seat"] == 1 and episode.scores["Payoff"] == 0
    assert episode.scores["Main Score"] == 50


def test_blind_auction_value_aware_reference_beats_random():
    # measured on these four default instances (dialogue view): random scores 53.8 against random and 38.4 against
    # value_aware, which scores 65.4 against random
    ids = range(4)
    assert (
        _mean_score("ta_simple_blind_auction_vs_value_aware", "random", ids)
        <= _mean_score("ta_simple_blind_auction_vs_random", "random", ids) - 10
    )
    assert _mean_score("ta_simple_blind_auction_vs_random", "expert", ids) > 60


# --- Two Dollar ---


def test_two_dollar_a_share_below_the_roles_minimum_pays_nothing():
    # instance 3: Player 0 has the secret role 1_dollar (at least $1.00), Player 1 80_cents (at least $0.80);
    # Player 1 accepts $0.70, below its minimum: TextArena pays it $0 and Player 0 wins
    assert support.instance_of("ta_two_dollar", game_id=3)[1]["content"]["roles"] == ["1_dollar", "80_cents"]
    episode = play(
        "ta_two_dollar", [scripted(["I need most of it. [Propose] $1.30"]), scripted(["Fine. [Accept]"])], game_id=3
    )
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (1.3, 0)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("win", "loss")
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(65)  # of the $2.00, $1.30 was taken home


def test_two_dollar_roles_do_not_depend_on_the_file_systems_order(monkeypatch):
    # TextArena 0.7.4 samples the roles from the role files in os.listdir order; the game master sorts them, so the
    # instance's roles come out whatever order the files are listed in (a mismatch would raise InstanceMismatchError)
    from textarena.envs.TwoDollar.env import TwoDollarEnv

    load = TwoDollarEnv._load_available_roles
    monkeypatch.setattr(TwoDollarEnv, "_load_available_roles", lambda self: dict(reversed(load(self).items())))
    episode = play("ta_two_dollar", [scripted(["[Propose] $1.00"]), scripted(["[Accept]"])], game_id=3)
    assert episode.interactions["seats"]["Player 0"]["payoff"] == 1.0


def test_two_dollar_breaking_the_roles_rule_four_times_aborts():
    # instance 0: Player 1 has the role say_little (at most 15 words before the action), enforced as an invalid move
    assert support.instance_of("ta_two_dollar")[1]["content"]["roles"] == ["dependent", "say_little"]
    chatty = "I think that we should really consider splitting this money in a way that is fair to both of us. [Reject]"
    episode = play("ta_two_dollar", [scripted(["[Propose] $1.50"]), scripted([chatty] * 4)])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]


def test_two_dollar_vs_random_scores_the_model_money():
    episode = play("ta_two_dollar_vs_random", [ta_player("expert")], game_id=1)
    seat = episode.interactions["seats"]["Player 1"]
    assert episode.scores["Model Seat"] == 1 and episode.scores["Payoff"] == seat["payoff"]
    assert episode.scores["Main Score"] == pytest.approx(100 * seat["payoff"] / 2)


def test_two_dollar_value_aware_reference_beats_random():
    # measured on the ten instances (dialogue view): random takes 36% of the money home against random, 15.5%
    # against value_aware; value_aware as the model 68% against random
    assert _mean_score("ta_two_dollar_vs_value_aware", "random", ids=range(10)) < 25
    assert _mean_score("ta_two_dollar_vs_random", "expert", ids=range(10)) > 55


# --- New Recruit ---


def test_new_recruit_an_accepted_package_pays_each_seat_by_its_own_table():
    # CCAACCCC pays both 5000; salary A ($60000) instead of C costs the Recruiter 3000 and gives the Candidate 3000
    episode = play("ta_new_recruit", [scripted(["A strong offer. [Propose] ACAACCCC"]), scripted(["Deal. [Accept]"])])
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (2000, 8000)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("loss", "win")
    assert episode.interactions["payoff scale"] == {
        "seat": {"Player 0": [-8400, 14800], "Player 1": [-8400, 14800]},
        "all": [-2000, 14800],
    }
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * 12000 / 16800)


def test_new_recruit_no_accepted_package_gives_both_nothing():
    episode = play(
        "ta_new_recruit", [scripted(["[Propose] EEAAAEAE"] * 6), scripted(["No. [Reject]", "[Propose] AAAAEAAA"] * 3)]
    )
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (0, 0)
    assert {seat["result"] for seat in seats.values()} == {"draw"} and seats["Player 0"]["how"] == "turn limit"
    assert episode.scores["Main Score"] == pytest.approx(100 * 2000 / 16800)


def test_new_recruit_broken_format_four_times_aborts():
    episode = play("ta_new_recruit", [scripted(["[Propose] CCAACCCC"]), ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]


def test_new_recruit_vs_random_scores_the_model_points_on_its_own_table():
    episode = play("ta_new_recruit_vs_random", [ta_player("expert")], game_id=1)
    seat = episode.interactions["seats"]["Player 1"]
    assert episode.scores["Model Seat"] == 1 and episode.scores["Payoff"] == seat["payoff"]
    assert episode.scores["Main Score"] == pytest.approx(100 * (seat["payoff"] + 8400) / 23200)


def test_new_recruit_value_aware_reference_beats_random():
    # the ten instances differ only in the model's seat, so the random model plays two games per reference (its
    # draws follow the context): in the dialogue view it scores 24.6 and 13.8 against value_aware (19.2) and 53.0
    # against random; value_aware as the model scores 77.8 against random
    against_value_aware = _mean_score("ta_new_recruit_vs_value_aware", "random", ids=range(10))
    assert against_value_aware == pytest.approx((24.5690 + 13.7931) / 2, abs=0.01)
    assert against_value_aware <= _mean_score("ta_new_recruit_vs_random", "random", ids=range(10)) - 10
    assert _mean_score("ta_new_recruit_vs_random", "expert", ids=range(10)) > 75


# --- Used Car Negotiation and UsedCar (its balanced variant) ---


def _textarena_used_car(seed=1):
    """TextArena 0.7.4's own UsedCarNegotiationEnv (`-strong-buyer`), given only the texts its wheel lacks (this
    package's), reset with `seed` (1: the buyer is Player 0, as the tests below rely on)."""
    from textarena.envs.UsedCarNegotiation.env import UsedCarNegotiationEnv

    from fixes.economics import UsedCarNegotiationFixes

    class WithTexts(UsedCarNegotiationEnv):
        DATA = UsedCarNegotiationFixes.DATA
        game_dir = UsedCarNegotiationFixes.game_dir

    env = WithTexts(max_rounds=10, batna=("strong", "weak"))
    env.reset(num_players=2, seed=seed)
    assert seed != 1 or env.player_roles == {0: "buyer", 1: "seller"}
    return env


def _fixed_used_car(env_id="UsedCarNegotiation-v0-strong-buyer-raw", seed=1):
    import fixes

    env = fixes.make(env_id)
    env.reset(num_players=2, seed=seed)
    return env


def test_used_car_makes_with_the_texts_of_this_package():
    # the 0.7.4 wheel lacks instructions/*.txt: TextArena's make fails (env.py:15); the fixed env reads them from
    # fixes/data/used_car and sends each seat its brief and the price guide
    import textarena as ta

    with pytest.raises(FileNotFoundError):
        ta.make("UsedCarNegotiation-v0-raw")
    env = _fixed_used_car()
    buyer = next(pid for pid, role in env.player_roles.items() if role == "buyer")
    prompt = env.state.observations[buyer][0][1]
    assert "You are the BUYER." in prompt and "a colleague will sell you an equivalent car for $8,800" in prompt
    assert "- Dealer retail with a one-year warranty: $10,000" in prompt and "maximum of 10 rounds" in prompt


def test_used_car_accept_with_nothing_on_the_table_is_only_warned():
    env = _textarena_used_car()  # TextArena ends the game at 0/0 on it (env.py:32, :48)
    assert env.step("[Accept]")[0] and env.state.rewards == {0: 0.0, 1: 0.0}
    env = _fixed_used_car()
    assert env.step("[Accept]") == (False, {}) and env.state.made_invalid_move is False
    assert env.state.clem_invalid_moves == ["There is no offer to accept."] and env.state.current_player_id == 0
    assert env.step("[Reject]")[0]  # the second in a row loses (Aborted), as for any invalid move
    assert env.state.done and env.state.game_info[0]["invalid_move"] and env.state.rewards == {0: -1, 1: 1}


def test_used_car_reward_stays_within_zero_and_one():
    env = _textarena_used_car()  # the buyer (Player 0) offers $100, the seller accepts: 3.3 (env.py:77)
    env.step("[Offer: 100]")
    env.step("[Accept]")
    assert env.state.rewards == {0: pytest.approx(3.3), 1: 0.0}
    env = _fixed_used_car()
    buyer = next(pid for pid, role in env.player_roles.items() if role == "buyer")
    if buyer == 1:
        env.step("[Discuss: Hello.]")
    env.step("[Offer: 100]")
    assert env.step("[Accept]")[0] and env.state.rewards == {buyer: 1.0, 1 - buyer: 0.0}
    assert env.state.game_state["deal"] == 100


def test_used_car_the_limit_counts_rounds_and_pays_no_unaccepted_offer():
    # TextArena: 11 moves (6 of Player 0, 5 of Player 1), then the seller's unaccepted $9,500 is paid out (env.py:49)
    env = _textarena_used_car()
    moves = ["[Offer: 7000]", "[Offer: 9500]"] + ["[Discuss: No.]"] * 9
    assert [env.step(move)[0] for move in moves] == [False] * 10 + [True]
    assert env.state.rewards == {0: pytest.approx(1 / 6), 1: pytest.approx(5 / 6)}
    # fixed: 10 rounds of a turn each (20 turns; a rejection passes no turn), then no deal: 0 for both
    env = _fixed_used_car()
    assert not env.step("[Offer: 7000]")[0] and not env.step("[Offer: 9500]")[0]
    assert not env.step("[Reject]")[0] and env.state.current_player_id == 0  # Player 0 rejects, still on turn
    ends = [env.step("[Discuss: No.]")[0] for _ in range(18)]
    assert ends == [False] * 17 + [True]
    assert env.state.rewards == {0: 0.0, 1: 0.0} and env.state.game_state["deal"] is None
    assert env.state.game_state["round"] == 10
    assert env.state.game_info[0]["reason"] == "No offer was accepted in the 10 rounds: there is no deal."
    announced = [message for _, message, _ in env.state.observations[1] if message.startswith("Round ")]
    assert len(announced) == 10 and announced[-1].startswith("Round 10 of 10:")


def test_used_car_discuss_passes_the_statement_alone():
    env = _textarena_used_car()
    env.step("[Discuss: The dent needs a repair.]")
    assert env.state.observations[1][-1][1] == "The buyer says: : The dent needs a repair.]"  # env.py:41
    env = _fixed_used_car()
    role = env.player_roles[0]
    env.step("[Discuss: The dent needs a repair.]")
    assert env.state.observations[1][-1][1] == f"The {role} says: The dent needs a repair."


def test_used_car_reads_a_price_whole():
    env = _textarena_used_car()
    env.step("[Offer: $8,500]")
    assert env.state.game_state["current_offer"][0] == 8  # the first run of digits (env.py:24)
    env = _fixed_used_car()
    env.step("[Offer: $8,500]")
    assert env.state.game_state["current_offer"][0] == 8500
    env.step("[Offer: 0]")  # no price
    assert env.state.clem_invalid_moves == ["You were not specifying a valid price."]


def test_used_car_alternatives_are_drawn_after_seeding_and_by_role():
    import random

    from textarena.envs.UsedCarNegotiation.env import UsedCarNegotiationEnv

    import fixes

    # TextArena's plain id draws the alternatives in the constructor (env.py:11), from the unseeded RNG
    random.seed(5)
    state = random.getstate()
    with pytest.raises(FileNotFoundError):
        UsedCarNegotiationEnv(max_rounds=10)
    assert random.getstate() != state
    # fixed: nothing drawn in the constructor; the same seed gives the same briefs whatever the RNG's state
    briefs = set()
    for seed in range(12):
        drawn = []
        for noise in (1, 2):
            random.seed(noise)
            env = fixes.make("UsedCarNegotiation-v0-raw")
            state = random.getstate()
            env = fixes.make("UsedCarNegotiation-v0-raw")
            assert random.getstate() == state
            env.reset(num_players=2, seed=seed)
            drawn.append(tuple(sorted(env.state.game_state["briefs"].values())))
        assert drawn[0] == drawn[1]
        briefs.add(drawn[0])
    assert briefs == {
        ("buyer/strong", "seller/weak"),
        ("buyer/weak", "seller/strong"),
        ("buyer/strong", "seller/strong"),
    }
    # TextArena gives batna[i] to Player i whatever its role (env.py:58): seed 0 made "-strong-buyer"'s seller strong
    env = _textarena_used_car(seed=0)
    assert env.player_roles[0] == "seller" and "another buyer has offered you $8,200" in env.player_instructions[0]
    for seed in range(6):  # fixed: the buyer is the strong side in every game
        env = _fixed_used_car(seed=seed)
        buyer = next(pid for pid, role in env.player_roles.items() if role == "buyer")
        assert env.state.game_state["alternatives"] == {buyer: 8800, 1 - buyer: 7000}
    env = _fixed_used_car("UsedCar-v0-balanced-raw")
    assert sorted(env.state.game_state["alternatives"].values()) == [8200, 8800]


def test_used_car_a_deal_pays_each_seat_its_gain_over_its_alternative():
    # default instance 0: Player 0 the strong seller ($8,200), Player 1 the strong buyer ($8,800)
    assert support.instance_of("ta_used_car_negotiation")[1]["content"] == {
        "briefs": {"0": "seller/strong", "1": "buyer/strong"},
        "alternatives": {"0": 8200, "1": 8800},
    }
    episode = play(
        "ta_used_car_negotiation",
        [
            scripted(["[Discuss: It is in good condition.]", "[Offer: $8,600]"]),
            scripted(["[Offer: 7,500]", "[Accept]"]),
        ],
    )
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (400, 200)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("win", "win")
    assert seats["Player 0"]["how"] == "rules"
    assert episode.interactions["payoff scale"] == {
        "seat": {"Player 0": [-1200, 1800], "Player 1": [-1200, 1800]},
        "all": [0, 600],
    }
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100  # a deal between the alternatives: both seats better off


def test_used_car_between_models_a_deal_that_leaves_a_seat_worse_off_scores_nothing():
    # the strong buyer ($8,800) accepts $9,000: it pays $200 more than its colleague's car; the seller gains $800
    episode = play("ta_used_car_negotiation", [scripted(["[Offer: 9000]"]), scripted(["[Accept]"])])
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (800, -200)
    assert (seats["Player 0"]["result"], seats["Player 1"]["result"]) == ("win", "loss")
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 0


def test_used_car_no_deal_after_ten_rounds_gives_both_nothing():
    episode = play(
        "ta_used_car", [scripted(["[Offer: 10000]"] * 10), scripted(["[Offer: 7000]"] * 10)], experiment="balanced"
    )
    seats = episode.interactions["seats"]
    assert (seats["Player 0"]["payoff"], seats["Player 1"]["payoff"]) == (0, 0)
    assert {seat["result"] for seat in seats.values()} == {"draw"} and seats["Player 0"]["how"] == "turn limit"
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 0


def test_used_car_vs_concession_a_deal_below_the_alternative_loses():
    # balanced instance 0 seats the model at Player 0, the seller ($8,200 alternative); the concession buyer opens at
    # $7,000 and the model accepts it: 7,000 - 8,200 = -1,200, the worst end of its scale
    assert support.instance_of("ta_used_car", "balanced")[1]["content"]["briefs"]["0"] == "seller/strong"
    episode = play("ta_used_car_vs_concession", [scripted(["[Offer: 10000]", "[Accept]"])], experiment="balanced")
    seat = episode.interactions["seats"]["Player 0"]
    assert seat["payoff"] == -1200 and seat["result"] == "loss"
    assert episode.scores["Payoff"] == -1200 and episode.scores["Main Score"] == 0
    assert_outcome(episode.scores, "Lose")


def test_used_car_vs_concession_no_deal_scores_a_strong_alternative_at_forty():
    # the model (the strong seller) only talks; the concession buyer offers its demand every round and never reaches
    # a deal it can accept: no deal, the seller keeps its $8,200 alternative, (0 + 1,200) / 3,000
    episode = play(
        "ta_used_car_vs_concession", [scripted(["[Discuss: I am not in a hurry.]"] * 10)], experiment="balanced"
    )
    seat = episode.interactions["seats"]["Player 0"]
    assert seat["payoff"] == 0 and seat["result"] == "draw" and seat["how"] == "turn limit"
    assert episode.scores["Main Score"] == pytest.approx(40)
    assert_outcome(episode.scores, "Success")


def test_used_car_broken_format_twice_aborts():
    episode = play("ta_used_car_negotiation", [scripted(["[Offer: 9000]"]), ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]


@pytest.mark.parametrize("game, experiment", [("ta_used_car_negotiation", "default"), ("ta_used_car", "balanced")])
def test_used_car_concession_reference_beats_random(game, experiment):
    # measured on the ten instances (dialogue view): random scores 41.3 / 57.0 against random and 7.7 / 4.0 against
    # concession (default / balanced); concession as the model 94.8 / 93.0 against random, and two concession
    # players always make a deal between their alternatives
    ids = range(10)
    assert (
        _mean_score(f"{game}_vs_concession", "random", ids, experiment=experiment)
        <= _mean_score(f"{game}_vs_random", "random", ids, experiment=experiment) - 30
    )
    assert _mean_score(f"{game}_vs_random", "expert", ids, experiment=experiment) > 85
    assert all(
        play(game, [ta_player("expert"), ta_player("expert")], experiment=experiment, game_id=i).scores["Main Score"]
        == 100
        for i in range(4)
    )


# --- ScorableGames (issue 22) ---------------------------------------------------------------------------------------
# vendor_retailer: Player 0 is Hillside Orchards (p1: veto, opens, +10 when all accept), minimum 55; Player 1 is
# Brightway Markets (p2: veto), minimum 50. base: Port Authority (p1, 55), Shipping Consortium (p2, 50), Fishermen's
# Cooperative (45), Residents' Association (45), Town Treasury (45); a package passes with 4 of 5 accepts, p1 and p2
# among them.


def _scorable_env(config="vendor_retailer", max_rounds=20, raw=False):
    """The env alone: fixed as fixes.make makes it, or TextArena's class with only its data folder pointed at this
    package's scenarios (what the raw class does with the same data)."""
    from textarena.envs.ScorableGames.env import ScorableGamesEnv

    import fixes
    from fixes.economics import SCORABLE_GAMES_DATA

    if raw:
        env = ScorableGamesEnv(game_config=config, max_rounds=max_rounds)
        env.game_dir = str(SCORABLE_GAMES_DATA / config)
    else:
        env = fixes.make("ScorableGames-v0-raw", game_config=config, max_rounds=max_rounds)
    env.reset(num_players=2 if config == "vendor_retailer" else 5, seed=0)
    return env


def test_scorable_games_reads_its_scenarios_from_this_package():
    import textarena as ta

    with pytest.raises(FileNotFoundError, match="games_descriptions"):  # env.py:107-108: not in the wheel
        ta.make("ScorableGames-v0-raw").reset(num_players=5, seed=0)
    for config, parties in (("vendor_retailer", 2), ("base", 5)):
        env = _scorable_env(config)
        assert sorted(env.issues) == ["A", "B", "C", "D", "E"] and len(env.player_configs) == parties
        for pid in range(parties):
            table = env.player_scores[pid]
            assert sum(max(scores.values()) for issue, scores in table.items() if issue != "threshold") == 100
            assert "#" not in env._fill_scores_in_instructions(pid)  # every placeholder filled
    env = _scorable_env()
    assert env.player_scores[0]["threshold"] == 55 and env.player_scores[1]["A"] == {
        "A1": 35,
        "A2": 24,
        "A3": 12,
        "A4": 0,
    }
    assert '"Hillside Orchards" (represented by you)' in env.state.observations[0][0][1]


def _no_deal(env):
    for _ in range(10):
        env.step("We need the premium price. [Propose] A4 B1 C1 D3 E1")
        done, _ = env.step("Too expensive. [Reject]")
    return done


def test_scorable_games_no_deal_is_a_draw_not_the_thresholds_as_rewards():
    raw = _scorable_env(raw=True)
    assert _no_deal(raw) and raw.state.rewards == {0: 55, 1: 50}  # env.py:918-943
    env = _scorable_env()
    assert _no_deal(env) and env.state.rewards == {0: 0, 1: 0} and env.state.turn == 20
    assert env.state.game_info[0]["reason"].startswith("No deal after 20 turns")


def test_scorable_games_a_vote_with_nothing_on_the_table_is_an_invalid_move_of_the_seat_on_turn():
    raw = _scorable_env(raw=True)
    raw.step("Fine by me. [Accept]")
    assert raw.state.current_player_id == 1  # warned to resubmit, but its turn has passed (env.py:437, :453)
    env = _scorable_env()
    assert env.step("Fine by me. [Accept]") == (False, {})
    assert env.state.current_player_id == 0 and env.state.turn == 0
    assert "no proposal on the table" in env.state.clem_invalid_moves[-1]
    assert "[Propose] A1 B1 C1 D1 E1" in env.state.clem_invalid_moves[-1]


def test_scorable_games_a_fourth_invalid_move_in_a_row_ends_the_game():
    raw = _scorable_env(raw=True)
    for _ in range(4):
        done, _ = raw.step("Let us talk first.")
    # TextArena proposes the seat's best package for it and plays on (env.py:670-728)
    assert not done and raw.current_deal == {"A": "A4", "B": "B1", "C": "C1", "D": "D3", "E": "E1"}
    env = _scorable_env()
    for attempt in range(4):
        done, _ = env.step("Let us talk first.")
        assert done == (attempt == 3)
    assert env.state.rewards == {0: -1, 1: 0} and env.state.game_info[0]["invalid_move"] and not env.current_deal
    assert "made 4 invalid moves in a row" in env.state.game_info[1]["reason"]


def test_scorable_games_prompt_says_turns_and_every_observation_the_current_turn():
    raw = _scorable_env(raw=True)
    assert "Currently, it is Round 1 of 20." in raw.state.observations[0][0][1]  # env.py:266, never updated
    env = _scorable_env()
    prompt = env.state.observations[0][0][1]
    assert "Currently, it is Round" not in prompt and "at most 20 turns in all" in prompt
    assert "Making a proposal does not count as accepting it" in prompt and "max rounds" not in prompt
    env.step("[Propose] A3 B2 C1 D3 E1")
    _, observation = env.get_observation()
    assert (
        observation[-1][1].startswith("Turn 2 of 20:")
        and "Current Deal & Brightway Markets's Scores" in observation[-2][1]
    )


def test_scorable_games_a_deal_passes_when_both_veto_parties_accept_and_names_each_score():
    env = _scorable_env()
    assert env.step("[Propose] A3 B2 C1 D3 E1") == (False, {})
    assert env.step("[Accept]") == (False, {})  # the proposer has not accepted yet
    done, _ = env.step("[Accept]")
    # Orchards 28 + 8 + 16 + 18 + 10 = 80, +10 for unanimity; Markets 12 + 8 + 0 + 10 + 28 = 58
    assert done and env.state.rewards == {0: 1.0, 1: 1.0}
    assert env.state.game_info[0]["score"] == 90 and env.state.game_info[1]["score"] == 58
    assert env.state.game_info[1]["reason"] == (
        "Deal accepted: A3 B2 C1 D3 E1; Brightway Markets scored 58 points against its minimum of 50."
    )


def test_scorable_games_an_accepted_package_pays_each_party_by_its_own_table():
    episode = play(
        "ta_scorable_games",
        [
            scripted(["A fair price for a long contract. [Propose] A3 B2 C1 D3 E1", "[Accept]"]),
            scripted(["Agreed. [Accept]"]),
        ],
        experiment="vendor_retailer",
    )
    assert_outcome(episode.scores, "Success")
    seats = episode.interactions["seats"]
    assert [seats[f"Player {pid}"]["payoff"] for pid in (0, 1)] == [90.0, 58.0]
    assert [seats[f"Player {pid}"]["result"] for pid in (0, 1)] == ["win", "win"]
    assert episode.interactions["deal"] == {"A": "A3", "B": "B2", "C": "C1", "D": "D3", "E": "E1"}
    # all seats' points between the minimums (55 + 50) and the best package for all (140, +10 bonus)
    assert episode.interactions["payoff scale"]["all"] == [105, 150]
    assert episode.scores["Main Score"] == pytest.approx(100 * (148 - 105) / (150 - 105))


def test_scorable_games_no_deal_leaves_each_party_its_minimum_and_scores_0():
    episode = play(
        "ta_scorable_games",
        [scripted(["[Propose] A4 B1 C1 D3 E1"] * 10), scripted(["[Reject]"] * 10)],
        experiment="vendor_retailer",
    )
    assert_outcome(episode.scores, "Success")
    seats = episode.interactions["seats"]
    assert [
        (seats[name]["payoff"], seats[name]["result"], seats[name]["how"]) for name in ("Player 0", "Player 1")
    ] == [(55.0, "draw", "turn limit"), (50.0, "draw", "turn limit")]
    assert episode.interactions["deal"] is None and episode.scores["Main Score"] == 0


def test_scorable_games_five_parties_pass_a_package_when_the_proposer_accepts_too():
    # clem's two models take the five seats in turn: A plays 0, 2, 4; B plays 1, 3
    a = scripted(["A compromise for the harbour. [Propose] A2 B2 C2 D2 E3", "[Accept]", "[Accept]", "[Accept]"])
    b = scripted(["[Accept]", "[Accept]"])
    episode = play("ta_scorable_games", [a, b], experiment="base")
    assert_outcome(episode.scores, "Success")
    seats = episode.interactions["seats"]
    # Port 20 + 18 + 8 + 10 + 4 = 60, +10 (all five accepted); Shipping 57; Fishermen 64; Residents 59; Treasury 48
    assert [seats[f"Player {pid}"]["payoff"] for pid in range(5)] == [70.0, 57.0, 64.0, 59.0, 48.0]
    assert {seat["result"] for seat in seats.values()} == {"win"}
    # the minimums sum to 240; the best package for all has 306 points, +10
    assert episode.scores["Main Score"] == pytest.approx(100 * (298 - 240) / (316 - 240))
    assert episode.scores["Request Count"] == 6


def test_scorable_games_a_deal_below_a_partys_minimum_is_its_loss():
    # Orchards 42 + 14 + 16 + 18 + 10 = 100, +10; Markets 0 + 0 + 0 + 10 + 28 = 38 < 50
    episode = play(
        "ta_scorable_games",
        [scripted(["[Propose] A4 B1 C1 D3 E1", "[Accept]"]), scripted(["[Accept]"])],
        experiment="vendor_retailer",
    )
    seats = episode.interactions["seats"]
    assert [(seats[name]["payoff"], seats[name]["result"]) for name in ("Player 0", "Player 1")] == [
        (110.0, "win"),
        (38.0, "loss"),
    ]
    assert episode.interactions["payoff scale"]["seat"] == {"Player 0": [55, 110], "Player 1": [50, 100]}
    assert episode.scores["Main Score"] == pytest.approx(100 * (148 - 105) / (150 - 105))


def test_scorable_games_broken_format_four_times_aborts():
    episode = play(
        "ta_scorable_games", [ta_player("format-breaker"), ta_player("random")], experiment="vendor_retailer"
    )
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"] and episode.scores["Request Count"] == 4
    assert math.isnan(episode.scores["Main Score"])


def test_scorable_games_no_context_of_five_parties_gives_away_another_partys_table_or_brief():
    seen = []
    play(
        "ta_scorable_games",
        [ta_player("random"), ta_player("random")],
        experiment="base",
        on_turn=lambda game_master, name, context: seen.append((game_master.secrets(), name, context["content"])),
    )
    assert {name for _, name, _ in seen} == {f"Player {pid}" for pid in range(5)}
    for secrets, name, content in seen:
        for pid, texts in secrets.items():
            assert all((text in content) == (name == f"Player {pid}") for text in texts)


def test_scorable_games_vs_random_scores_the_models_gain_over_its_minimum():
    for game_id in range(5):
        episode = play("ta_scorable_games_vs_random", [ta_player("expert")], experiment="base", game_id=game_id)
        seat = episode.interactions["seats"][f"Player {game_id}"]
        low, high = episode.interactions["payoff scale"]["seat"][f"Player {game_id}"]
        assert episode.scores["Main Score"] == pytest.approx(
            max(0, min(100, 100 * (seat["payoff"] - low) / (high - low)))
        )


def test_scorable_games_the_concession_expert_beats_random_play():
    for experiment in ("vendor_retailer", "base"):
        expert = _mean_score("ta_scorable_games_vs_random", "expert", ids=range(10), experiment=experiment)
        random_play = _mean_score("ta_scorable_games_vs_random", "random", ids=range(10), experiment=experiment)
        assert expert >= random_play + 20, (experiment, expert, random_play)


def test_scorable_games_clips_a_partys_words_to_their_last_1000_characters():
    env = _scorable_env()
    env.step("x" * 5000 + "y" * 1000 + " [Propose] A3 B2 C1 D3 E1")
    announced = env.state.observations[1][-1][1]
    assert (
        "x" not in announced and "y" * 999 in announced and announced.endswith("proposes: A:A3, B:B2, C:C1, D:D3, E:E1")
    )
