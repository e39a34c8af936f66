"""Contracts every game keeps, played through clemcore with the programmatic players of `ta_players`: no instance
is over before the player's first move, a player that never follows the format is always Aborted, mock replies
make real moves, each single-player expert reaches its bar on the shipped instances, clearly above the random
player, and each strong reference opponent beats random play clearly."""

import json
import math
import statistics
from pathlib import Path

import pytest
from branching_pass import load_episodes
from catalogue import spec_verdict
from clemcore.backends.model_registry import CustomResponseModel
from separation import episode_score, separation

import replies
import ta_players
from support import (
    GAMES,
    REFERENCE_GAMES,
    REPO,
    SPECS,
    benchmark,
    made_once,
    play,
    references_remembered,
    spec_of,
    ta_player,
)
from ta_master import reply_kinds


def instances(game: str) -> list[tuple[str, int]]:
    data = json.loads((REPO / "in" / f"{spec_of(game).instances}.json").read_text())
    return [(exp["name"], instance["game_id"]) for exp in data["experiments"] for instance in exp["game_instances"]]


def first_instances(game: str) -> list[tuple[str, int]]:
    """The first instance of every experiment."""
    return list({experiment: (experiment, game_id) for experiment, game_id in reversed(instances(game))}.values())


def seats(game: str) -> int:
    return spec_of(game).players


def base_game(game: str) -> str:
    return getattr(spec_of(game), "base_game", game)


SINGLE_PLAYER = [game for game in GAMES if seats(game) == 1 and game not in REFERENCE_GAMES]
EXPERTS = [game for game in SINGLE_PLAYER if game in ta_players.GAMES and ta_players.GAMES[game].has_expert]
STRONG_REFERENCES = [game for game in REFERENCE_GAMES if game in GAMES and spec_of(game).reference != "random"]


def test_every_playable_game_has_programmatic_players():
    assert sorted({base_game(game) for game in GAMES} - set(ta_players.GAMES)) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_instance_is_over_before_the_first_move_and_its_first_prompt_states_the_reply_contract(game):
    data = json.loads((REPO / "in" / f"{spec_of(game).instances}.json").read_text())
    contract = replies.contract(reply_kinds(spec_of(game)))
    with benchmark(game) as game_benchmark:
        for experiment in data["experiments"]:
            for instance in experiment["game_instances"]:
                game_master = game_benchmark.create_game_master(experiment, [CustomResponseModel()])
                game_master.setup(**instance)
                game_master.before_game()
                assert game_master.unplayable_reason() is None, (experiment["name"], instance["game_id"])
                context = game_master.get_context_for(game_master.current_player)["content"]
                assert contract in context, (experiment["name"], instance["game_id"])


# Games in which TextArena has no invalid move: a reply without the action is played as a default action (the
# game master records it in `default actions`), so the format breaker plays on and is never Aborted.
DEFAULT_ACTION_GAMES = {
    "ta_iterated_prisoners_dilemma": "a decision without [Defect] cooperates (TextArena 0.7.4)",
    "ta_iterated_stag_hunt": "a decision without [Stag] hunts the hare (TextArena 0.7.4)",
    "ta_three_player_ipd": "a missing token is cooperation, as the prompt says (TextArena 0.7.4)",
}


# Seats whose every turn is free text: a model there cannot break a format, the format breaker only talks.
FREE_TEXT_SEATS = {
    "ta_truth_and_deception": (0, "the Deceiver (Player 0) only talks; only the Guesser's answer has a format"),
}


# Games whose every reply is a move (there is no format to break), and why.
NO_FORMAT = {
    **{
        game: "DontSayIt: every message is a move; a seat loses only by saying the other's word"
        for game in ("ta_dont_say_it", "ta_dont_say_it_vs_random", "ta_dont_say_it_vs_trickster")
    },
    **{
        game: "a reply without a bracketed guess is a question to the judge"
        for game in ("ta_twenty_questions", "ta_guess_who")
    },
    **{
        game: "every reply is an argument or a strategy for the jury"
        for game in ("ta_debate", "ta_debate_vs_random", "ta_scenario_planning", "ta_scenario_planning_vs_random")
    },
    "ta_taboo_vs_random": "the model's seat in the first instances is the Clue Giver, whose every message "
    "is a clue (only its Guesser has a format)",
}


# Games in which a reply without an action token is a legal move, table talk: the format breaker plays on.
TALK_GAMES = {
    "ta_simple_negotiation": "a reply without an offer or [Accept] is talk that denies the standing offer, TextArena's "
    "default (its prompt says so)",
    "ta_simple_blind_auction": "conversation turns take any text, and a bid turn without a bid passes (TextArena 0.7.4: "
    "'You submitted no valid bids')",
}


@pytest.mark.parametrize("game", [game for game in GAMES if game not in NO_FORMAT])
def test_a_player_that_never_follows_the_format_is_aborted_with_no_score(game):
    for experiment, game_id in first_instances(game):
        episode = play(game, [ta_player("format-breaker") for _ in range(seats(game))], experiment, game_id)
        free_text_seat = FREE_TEXT_SEATS.get(base_game(game), (None, ""))[0]
        if getattr(spec_of(game), "reference", None) and game_id % seats(base_game(game)) == free_text_seat:
            assert episode.scores["Aborted"] == 0
            continue
        if base_game(game) in DEFAULT_ACTION_GAMES:
            records = episode.interactions["seats"]
            assert episode.scores["Aborted"] == 0
            assert all(
                episode.interactions["default actions"][name] for name in records if not records[name]["reference"]
            )
            continue
        if base_game(game) in TALK_GAMES:
            assert episode.scores["Aborted"] == 0 and not math.isnan(episode.scores["Main Score"])
            continue
        assert episode.scores["Aborted"] == 1, (experiment, game_id, episode.interactions["end reason"])
        assert math.isnan(episode.scores["Main Score"])


# WordChains' valid words depend on the instance's start word (its first letter and length): no fixed reply list
# fits, so its mock replies are in the format but break the chain's rules.
MOCK_CANNOT_MOVE = {"ta_word_chains"}


@pytest.fixture(scope="module")
def mock_run_interactions(sequential_mock_run):
    results, _ = sequential_mock_run
    return load_episodes(results, "interactions.json")


@pytest.mark.all_games
@pytest.mark.parametrize("game", [game for game in GAMES if base_game(game) not in MOCK_CANNOT_MOVE])
def test_mock_replies_make_valid_moves(game, mock_run_interactions):
    """Smoke runs with `-m mock` go past the first turn: in the sampled `clem run -m mock`, some mock reply of the
    game is a move it accepts (a request that is not violated); and no prompt outgrew an 8k model's budget."""
    episodes = [
        interactions for episode, interactions in mock_run_interactions.items() if episode.split("/")[1] == game
    ]
    assert episodes
    largest = max(
        size
        for interactions in episodes
        for seat, sizes in interactions["prompts"].items()
        if seat != "Judge"
        for size in sizes["tokens"]
    )
    assert largest <= PROMPT_BUDGET
    # the mock draws its replies: a self-play spec that plays one instance per experiment may draw none valid there,
    # so the game's episodes under every spec of its base game count (the same game, the same mock replies)
    kin = [
        interactions
        for episode, interactions in mock_run_interactions.items()
        if base_game(episode.split("/")[1]) == base_game(game)
    ]
    valid_moves = sum(
        sum(interactions["Request Count"]) - sum(interactions["Violated Request Count"]) for interactions in kin
    )
    assert valid_moves > 0


# The largest prompt an 8k-context model can take with 2,048 tokens left for its reply (o200k_base tokens).
PROMPT_BUDGET = 6144


# "Clearly above random": at least this many Main Score points (of 100) on the mean over the shipped instances.
CLEAR_MARGIN = 10


# Games whose expert and random episodes are long (2048: up to 700 moves) play the first instance of every
# experiment here; scripts/validate.py plays them all for the catalogue.
FIRST_INSTANCES_ONLY = {"ta_2048"}


def scored_instances(game: str, first: bool = False) -> list[tuple[str, int]]:
    """The instances `episode_scores` plays, in its order: every shipped one, or the first of every experiment."""
    return first_instances(game) if first or game in FIRST_INSTANCES_ONLY else instances(game)


def episode_scores(tmp_path_factory, game: str, strategy: str, first: bool = False) -> list[float | None]:
    """The strategy's Main Score in every seat a model takes, per shipped instance (None when aborted), or per first
    instance of every experiment (`first`), played once per test session for every test that reads it (under xdist
    too); every prompt it was sent fits an 8k model's context."""
    recorded = json.loads((_played(tmp_path_factory, game, strategy, first) / "scores.json").read_text())
    assert recorded["largest prompt"] <= PROMPT_BUDGET, f"{game}: a prompt of {recorded['largest prompt']} tokens"
    return recorded["scores"]


def _played(tmp_path_factory, game: str, strategy: str, first: bool = False) -> Path:
    """The folder of the strategy's games: their scores, and a bare strategy's replies and its reference opponents' in
    the first instances of every experiment, which a styled strategy (`expert+chat`) plays again dressed, taking its
    bare strategy's replies (`ta_player`) and its opponents' (`references_remembered`) from there: the same search is
    not made twice."""
    first = first or game in FIRST_INSTANCES_ONLY
    bare, styled = strategy.partition("+")[0], "+" in strategy

    def make(path):
        path.mkdir()
        firsts = set(first_instances(game))
        known = json.loads((_played(tmp_path_factory, game, bare) / "replies.json").read_text()) if styled else {}
        episodes = []
        with benchmark(game) as game_benchmark:
            for instance in scored_instances(game, first):
                remembered = known if styled or instance in firsts else None
                players = [ta_player(strategy, remembered) for _ in range(seats(game))]
                with references_remembered(remembered):
                    episodes.append(play(game, players, *instance, game_benchmark=game_benchmark))
        largest = max(episode.scores["Prompt Tokens Max"] for episode in episodes)
        scores = [
            None if math.isnan(episode.scores["Main Score"]) else episode.scores["Main Score"] for episode in episodes
        ]
        (path / "scores.json").write_text(json.dumps({"largest prompt": largest, "scores": scores}))
        if not styled:
            (path / "replies.json").write_text(json.dumps(known))

    return made_once(tmp_path_factory, f"scores_{game}_{strategy}{'_first' if first else ''}", make)


def mean_main_score(tmp_path_factory, game: str, strategy: str) -> float:
    """The strategy's mean Main Score over the instances, an aborted episode counting 0."""
    return statistics.mean(episode_score(score) for score in episode_scores(tmp_path_factory, game, strategy))


@pytest.mark.slow
@pytest.mark.parametrize("game", EXPERTS)
def test_expert_reaches_its_bar_and_beats_random_clearly(game, tmp_path_factory):
    players = ta_players.GAMES[game]
    assert players.expert_bar >= 95 or players.expert_bar_reason, "a bar below 95 needs its reason"
    expert = mean_main_score(tmp_path_factory, game, "expert")
    assert expert >= players.expert_bar
    assert expert >= mean_main_score(tmp_path_factory, game, "random") + CLEAR_MARGIN


# Strong references that cannot beat random play on the Main Score, and why.
RECIPROCATORS = (
    "a reciprocating reference rewards cooperation and makes defection not pay (tests/test_economics.py); "
    "in one match it never out-scores its opponent, and random play earns as much against it as "
    "against random"
)
ZERO_SUM_MIXED = (
    "zero-sum with a uniform mixed equilibrium: no strategy has an edge over uniformly random play; the "
    "reference exploits the patterns models fall into (tests/test_economics.py)"
)
FEW_RANDOM_GAMES = (
    "no chance in the game: the baseline is the two random-vs-random games of each experiment, which the "
    "random model happens to lose (Santorini: both; Tak: all but a cap-draw), as it loses every game "
    "against the reference; as the model, the reference wins every shipped game against random "
    "(tests/test_territory.py)"
)
NOT_ABOVE_RANDOM: dict[str, str] = {
    "ta_santorini_vs_climb_greedy": FEW_RANDOM_GAMES,
    "ta_tak_vs_road_greedy": FEW_RANDOM_GAMES,
    "ta_iterated_rock_paper_scissors_vs_frequency": ZERO_SUM_MIXED,
    "ta_iterated_matching_pennies_vs_pattern": ZERO_SUM_MIXED,
    "ta_iterated_prisoners_dilemma_vs_tit_for_tat": RECIPROCATORS,
    "ta_iterated_stag_hunt_vs_tit_for_tat": RECIPROCATORS,
    "ta_three_player_ipd_vs_tit_for_tat": RECIPROCATORS,
    "ta_public_goods_game_vs_tit_for_tat": RECIPROCATORS,
    "ta_iterated_ultimatum_game_vs_tit_for_tat": (
        "scored by the share of the money paid out: the reciprocating reference offers a fair 40% and so squeezes a "
        "random player hardly more than random play does on the first instances (35 vs 33); as the model it takes "
        "61-68% of the money from random (tests/test_economics.py)"
    ),
    "ta_three_player_tic_tac_toe_vs_heuristic": (
        "two heuristic opponents block every line about to be completed, each other's too: a random third seat draws "
        "against them more often than against two random seats, who let one another win; as the model the heuristic "
        "wins 58 of 60 games against two random seats (tests/test_small_boards.py)"
    ),
    "ta_dont_say_it_vs_trickster": (
        "no strategy makes either reference say a word: the random one talks about a random Basic-English word whatever "
        "it is told, and the trickster's messages are fixed frames around its own word spelled letter by letter, which "
        "depend on the opponent only through its own message count; every careful player draws against both (the "
        "expert 50 on all 20 instances of each), and a win against random is the random reference's chance slip "
        "(about 1% a game on default; the random model won 2 of 20)"
    ),
    "ta_iterated_two_thirds_average_vs_equilibrium": (
        "no chance in the game: the baseline is the two random-vs-random games of the experiment, which the random "
        "model happens to lose (0 and 0; 50 over all ten instances); it loses every game against the equilibrium "
        "reference, which as the model wins every game against random (tests/test_economics.py)"
    ),
    "ta_simple_blind_auction_vs_value_aware": (
        "all-pay bids: a random model's score is mostly what it overbids, whoever it bids against; on the first "
        "instances it scores 38.2 against value_aware and 33.0 against random (all 30: 36.4 vs 43.2; the first four "
        "default instances: 38.4 vs 53.8, tests/test_economics.py); bidding more than half its values pushes random "
        "no lower (32.9 at 60-80%) and costs the reference its own score against random"
    ),
    "ta_market_entry_game_vs_best_response": (
        "capacity 2 of 4 seats: against three random entrants entering and staying out both pay 5 a round in "
        "expectation, so no strategy has an edge over random play; the best responses weigh the entries they saw and "
        "make room for a seat that keeps entering (tests/test_economics.py)"
    ),
    "ta_high_society_vs_rank_match": (
        "sealed bids with much chance: on the first instances the random model loses both games against the random "
        "reference as against rank_match (all ten: 50 vs 0); as the model rank_match wins all 10 shipped games "
        "against random (tests/test_tabletop.py)"
    ),
    "ta_secret_mafia_vs_fixed_rule": (
        "ten seats, one of them the model's: its team's result rests mostly on the nine reference seats; a random "
        "model scores 20 against fixed-rule references and 25 against random ones over the 20 instances (10 vs 30 "
        "on the first ten, tests/test_social.py); fixed-rule Mafia beat a random village more often than random "
        "Mafia do (tests/test_social.py)"
    ),
    "ta_scorable_games_vs_concession": (
        "no deal and a deal below one's minimum both score 0, and random play rarely reaches a deal that pays it more: "
        "a random model scores 3.0 against concession references and 4.2 against random ones over all 20 instances "
        "(vendor_retailer 0 vs 8.3, base 6.1 vs 0), a floor the reference cannot push it below by 10; as the model "
        "the concession expert scores 72 (vendor_retailer) and 39 (base) against random (tests/test_economics.py)"
    ),
    "ta_truth_and_deception_vs_heuristic": (
        "the heuristic's edge is its guess only: as the Guesser it names the true fact on 10 of the 15 instances that "
        "seat the model as the Deceiver, and as the Deceiver its talk cannot move a random Guesser, so a random model "
        "expects 42 against it and 50 against random (a margin below 10; the draws gave 43.3 vs 60 on all 30 "
        "instances, 33.3 vs 100 on the first ones); as the model it wins all 15 Guesser instances "
        "(tests/test_social.py)"
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", [game for game in STRONG_REFERENCES if game not in NOT_ABOVE_RANDOM])
def test_the_strong_reference_beats_random_play_clearly(game, tmp_path_factory):
    """A random model scores clearly less against the game's strong reference than against the random reference,
    over every instance (two games, one per seat, cannot tell a coin flip from a reference that wins)."""
    against_strong = mean_main_score(tmp_path_factory, game, "random")
    against_random = mean_main_score(tmp_path_factory, f"{base_game(game)}_vs_random", "random")
    assert against_strong <= against_random - CLEAR_MARGIN, (against_strong, against_random)


# Every spec the suite plays the expert in (single-player, and every spec that separates), on the first instance of every
# experiment (scripts/reply_styles.py plays every shipped instance for docs/reply-styles.md), beside the bare expert's
# scores on the same instances, read from its run over every instance that the slow checks of its bar and of separation
# make (a slow check too, then: the README's command played the bare expert again for it), whose replies to the same
# messages the dressed expert takes instead of searching again (`_played`): dressed as chat models write
# them (reasoning that rejects a move before the final one, a <think> block, markdown around the move; the `chat` style
# turns between the three), its replies play the very same games, as the reply contract reads them as meant. In a talk
# turn the words are the move: TextArena reads the actions inside them by the game's rules and the other seats hear
# them (a random reference draws from a seed of all it was shown), so reasoning or markdown there can change play, and
# the spec's declaration says how (`talk_reading`, beside its `reply`). A <think> block is never read nor shown in a
# talk turn either: thinking cannot change play, and a spec with talk turns plays the very same games in that style.
def _dressed_expert_specs() -> list[str]:
    return sorted({*EXPERTS, *SEPARATING})


VALIDATION = json.loads((REPO / "docs" / "validation.json").read_text())["games"]
# The specs whose score the catalogue (from docs/validation.json) says separates strong play from random play.
SEPARATING = [
    spec.game_name
    for spec in SPECS
    if spec.game_name in GAMES
    and spec.game_name in VALIDATION
    and spec_verdict(spec, VALIDATION[spec.game_name])[0] == "separates"
]


@pytest.mark.all_games
@pytest.mark.slow
@pytest.mark.parametrize("game", SEPARATING)
def test_a_spec_that_separates_strong_from_random_play_keeps_separating(game, tmp_path_factory):
    """Played again on its shipped instances, the strong player's scores stay above the random player's by more than
    their noise (the 95% interval of the paired difference lies above 0, scripts/separation.py)."""
    result = separation(
        episode_scores(tmp_path_factory, game, "expert"), episode_scores(tmp_path_factory, game, "random")
    )
    assert result.separates, result


@pytest.mark.all_games
@pytest.mark.slow
@pytest.mark.parametrize("game", _dressed_expert_specs())
def test_the_experts_replies_dressed_as_chat_models_write_them_score_as_its_bare_replies(game, tmp_path_factory):
    spec, style = spec_of(game), "expert+chat"
    if "talk" in reply_kinds(spec):
        assert getattr(spec, "talk_reading", None), f"{game}: its talk turns' words are said, its declaration says how"
        style = "expert+thinking"
    bare = dict(zip(scored_instances(game), episode_scores(tmp_path_factory, game, "expert")))
    dressed = episode_scores(tmp_path_factory, game, style, first=True)
    assert dressed == [bare[instance] for instance in first_instances(game)]
