"""Scorers: turn what the game master logged into clem metrics and the Main Score.

Scorers read only interactions.json; the game masters log everything a score needs while the env is open.
"""

import abc
import math

from clemcore.clemgame import GameScorer
from clemcore.clemgame.metrics import BENCH_SCORE, METRIC_ABORTED, METRIC_SUCCESS

# WordChains: a chain grown to 21 letters counts as a perfect game (16 or more words after a 5-letter start).
# The dictionary accepts a few longer words (up to 28 letters); those score 100 too.
WORD_CHAINS_PERFECT_LENGTH = 21


class TextArenaScorer(GameScorer):
    """Main Score is NaN for an aborted episode, else `main_score` in [0, 100]."""

    def compute_round_score(self, round_idx, round_events):
        """TextArena games have no per-round metric beyond clem's request counts."""

    def compute_episode_scores(self, interactions: dict):
        aborted = bool(interactions[METRIC_ABORTED])
        self.log_episode_score(BENCH_SCORE, math.nan if aborted else self.main_score(interactions))
        self.log_game_scores(interactions, aborted)
        self.log_prompt_sizes(interactions.get("prompts", {}))

    def log_prompt_sizes(self, prompts: dict):
        """What the players' models were sent (the judge's prompts apart): the largest prompt of any request and the
        prompts summed over the episode, in characters and, where the tokenizer was installed, o200k_base tokens."""
        for unit in ("chars", "tokens"):
            for label, seats in (
                ("Prompt", [name for name in prompts if name != "Judge"]),
                ("Judge Prompt", ["Judge"]),
            ):
                sizes = [size for name in seats if name in prompts for size in prompts[name][unit] or []]
                if sizes:
                    self.log_episode_score(f"{label} {unit.capitalize()} Max", max(sizes))
                    self.log_episode_score(f"{label} {unit.capitalize()} Sum", sum(sizes))

    @abc.abstractmethod
    def main_score(self, interactions: dict) -> float:
        """The Main Score of an episode that was not aborted."""

    def log_game_scores(self, interactions: dict, aborted: bool):
        """Game-specific episode metrics beside the Main Score."""


class CompletionScorer(TextArenaScorer):
    """100 when solved, else 100 x the completion the game master logged (0 where the env has none)."""

    def main_score(self, interactions):
        if interactions[METRIC_SUCCESS]:
            return 100.0
        return 100.0 * (interactions["completion"] or 0.0)


class SolvedScorer(TextArenaScorer):
    """100 for a Success, else 0: games whose goal leaves no meaningful partial credit."""

    def main_score(self, interactions):
        return 100.0 * interactions[METRIC_SUCCESS]


# --- number and chance games ---


class BanditScorer(TextArenaScorer):
    """Where the picked button's mean lies between the worst button's (0) and the best one's (100):
    100 x (1 - regret / (highest mean - lowest mean))."""

    def main_score(self, interactions):
        means = interactions["button means"].values()
        return 100.0 * (1 - interactions["regret"] / (max(means) - min(means)))

    def log_game_scores(self, interactions, aborted):
        self.log_episode_score("Regret", math.nan if aborted else interactions["regret"])


class SecretaryScorer(SolvedScorer):
    """100 when the best value was picked, else 0: the game's stated goal, and a rank-based share did not
    separate the optimal stopping rule from random picks on 5 values. Also logged: `Picked Rank` (1 = best)."""

    def log_game_scores(self, interactions, aborted):
        self.log_episode_score("Picked Rank", math.nan if aborted else _picked_rank(interactions))


def _picked_rank(interactions: dict) -> int:
    values = interactions["values"]
    return 1 + sum(value > values[interactions["picked index"]] for value in values)


# Countdown: the TV show's scoring (10 points for the target, 7 within 5 of it, 5 within 10) as shares of 100, by the
# greatest distance of the closest value made that each credit is given for.
COUNTDOWN_CREDIT = {0: 100.0, 5: 70.0, 10: 50.0}


class CountdownScorer(TextArenaScorer):
    """100 for the target, 70 for a value within 5 of it, 50 within 10, else 0 (the show's 10, 7 and 5 points).

    TextArena's progress, 1 - distance / 1000, gave a player that combines numbers at random 57-93 on three-digit
    targets: any product of a large and a small number lands within a few hundred of the target. Credit only very
    close to it rewards the game's goal, and the game master keeps no instance whose start numbers earn any."""

    def main_score(self, interactions):
        distance = interactions["distance"]
        return next((credit for within, credit in sorted(COUNTDOWN_CREDIT.items()) if distance <= within), 0.0)

    def log_game_scores(self, interactions, aborted):
        self.log_episode_score("Distance", math.nan if aborted else interactions["distance"])


class HangmanScorer(TextArenaScorer):
    """100 x letters revealed x life score, life score = l / (2L) + 1/2 for l of L lives left."""

    def main_score(self, interactions):
        life_score = interactions["lives left"] / (2 * interactions["lives"]) + 0.5
        return 100.0 * interactions["completion"] * life_score


# A seat's score in a contest: the chess convention, a draw is half a win.
RESULT_SCORES = {"win": 100.0, "draw": 50.0, "loss": 0.0}


class CompetitiveScorer(TextArenaScorer):
    """Games between seats.

    Against reference opponents (`ta_<game>_vs_<reference>`) the Main Score is the model's result: 100 for a
    win, 50 for a draw, 0 for a loss (`reference_score`), also logged as `Win`/`Draw`/`Loss` with `Model Seat`.
    Between models (self-play, pairings) it is 100 when the game was played to its regular end, a draw included,
    and 0 when it ended on a losing mistake or at the request cap (`self_play_score`); each seat's result is logged
    as `Player N Win`/`Player N Loss`/`Player N Draw` (0 or 1) and `Player N Score` (100/50/0). Results are logged
    for aborted episodes too (a forfeit); the scores are NaN there.
    """

    def main_score(self, interactions):
        model_seats = _model_seats(interactions)
        if len(model_seats) < len(interactions["seats"]):
            return self.reference_score(model_seats[0][1], interactions)
        return self.self_play_score(interactions)

    def reference_score(self, seat: dict, interactions: dict) -> float:
        return RESULT_SCORES[seat["result"]]

    def self_play_score(self, interactions: dict) -> float:
        return 100.0 * interactions[METRIC_SUCCESS]

    def log_game_scores(self, interactions, aborted):
        model_seats = _model_seats(interactions)
        if len(model_seats) < len(interactions["seats"]):
            name, seat = model_seats[0]
            self.log_episode_score("Model Seat", int(name.split()[-1]))
            for result in RESULT_SCORES:
                self.log_episode_score(result.capitalize(), int(seat["result"] == result))
            return
        for name, seat in model_seats:
            for result in RESULT_SCORES:
                self.log_episode_score(f"{name} {result.capitalize()}", int(seat["result"] == result))
            self.log_episode_score(f"{name} Score", math.nan if aborted else RESULT_SCORES[seat["result"]])


def _model_seats(interactions: dict) -> list[tuple[str, dict]]:
    return [(name, seat) for name, seat in interactions["seats"].items() if not seat["reference"]]


class WordChainsScorer(CompetitiveScorer):
    """Between models: how far the chain grew, 100 x (final - start) / (21 - start) letters, capped at 100."""

    def self_play_score(self, interactions):
        start = len(interactions["start word"])
        final = len(interactions["final word"])
        return 100.0 * min(final - start, WORD_CHAINS_PERFECT_LENGTH - start) / (WORD_CHAINS_PERFECT_LENGTH - start)

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        self.log_episode_score("Chain Length", len(interactions["final word"]))


class BattleshipScorer(CompetitiveScorer):
    """Between models, the Main Score is the players' mean hit rate x 100. Per player: hit rate and share of enemy
    ships sunk."""

    def self_play_score(self, interactions):
        return 100.0 * sum(map(_hit_rate, interactions["fleet"].values())) / len(interactions["fleet"])

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        for player, fleet in interactions["fleet"].items():
            self.log_episode_score(f"{player} Hit Rate", math.nan if aborted else 100.0 * _hit_rate(fleet))
            self.log_episode_score(
                f"{player} Ships Sunk", math.nan if aborted else 100.0 * fleet["ships sunk"] / fleet["ships"]
            )


def _hit_rate(fleet: dict) -> float:
    return fleet["hits"] / fleet["shots"] if fleet["shots"] else 0.0


# --- card games ---


class BlackjackScorer(TextArenaScorer):
    """100 x (hands won + half the pushes) / hands dealt, TextArena's own completion. Logs the hands won,
    lost and pushed as shares of the hands dealt."""

    def main_score(self, interactions):
        hands = interactions["hands"]
        return 100.0 * (hands["win"] + 0.5 * hands["draw"]) / hands["hands"]

    def log_game_scores(self, interactions, aborted):
        hands = interactions["hands"]
        for key, name in (("win", "Hands Won"), ("lose", "Hands Lost"), ("draw", "Hands Pushed")):
            self.log_episode_score(name, math.nan if aborted else 100.0 * hands[key] / hands["hands"])


class SetScorer(TextArenaScorer):
    """100 x Sets found / 20 turns: the game master shows a board with a Set on every turn (while the deck lasts),
    so a perfect player finds one per turn. Logs the Sets found."""

    def main_score(self, interactions):
        sets = interactions["sets"]
        return 100.0 * sets["found"] / sets["of"]

    def log_game_scores(self, interactions, aborted):
        self.log_episode_score("Sets Found", math.nan if aborted else interactions["sets"]["found"])


class UltimateTexasHoldemScorer(TextArenaScorer):
    """50 + 50 x net chips won / starting chips, clipped to [0, 100]: 50 breaks even, 100 doubles the stack, 0 loses
    it. Logs the net chips won."""

    def main_score(self, interactions):
        chips = interactions["chips"]
        return min(100.0, max(0.0, 50.0 + 50.0 * (chips["final"] - chips["start"]) / chips["start"]))

    def log_game_scores(self, interactions, aborted):
        chips = interactions["chips"]
        self.log_episode_score("Net Chips", math.nan if aborted else chips["final"] - chips["start"])


class Game2048Scorer(TextArenaScorer):
    """Progress on the doubling scale from the 2 tile to the target: 100 x (log2 max tile - 1) / (log2 target - 1),
    so 100 when the target is reached (2048: 1024 scores 90, 512 scores 80). Logs the largest tile."""

    def main_score(self, interactions):
        tiles = interactions["tiles"]
        return 100.0 * min(1.0, (math.log2(tiles["max"]) - 1) / (math.log2(tiles["target"]) - 1))

    def log_game_scores(self, interactions, aborted):
        self.log_episode_score("Max Tile", interactions["tiles"]["max"])


# --- economics ---


class CooperationScorer(CompetitiveScorer):
    """Social dilemmas, scored by the payoff against full cooperation's (`payoff scale`: `cooperation`, per seat).
    Against a reference: 100 x the model's payoff / full cooperation's, capped at 100 (exploiting a cooperator
    scores no more than cooperating). Between models: 100 x the seats' total payoff / what full cooperation gives
    them all, the share of the cooperative surplus the players realised. Logs each model seat's payoff."""

    def reference_score(self, seat, interactions):
        return min(100.0, 100.0 * seat["payoff"] / interactions["payoff scale"]["cooperation"])

    def self_play_score(self, interactions):
        seats = interactions["seats"].values()
        return (
            100.0 * sum(seat["payoff"] for seat in seats) / (len(seats) * interactions["payoff scale"]["cooperation"])
        )

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        _log_payoffs(self, interactions, aborted)


class UltimatumScorer(CompetitiveScorer):
    """Against a reference: 100 x the model's share of the money paid out (50 for even splits, 0 when nothing was
    agreed). Between models: 100 x the money paid out / the pools of all rounds (the share of the pools the players
    agreed on). Logs each model seat's money."""

    def reference_score(self, seat, interactions):
        paid = sum(other["payoff"] for other in interactions["seats"].values())
        return 100.0 * seat["payoff"] / paid if paid else 0.0

    def self_play_score(self, interactions):
        paid = sum(seat["payoff"] for seat in interactions["seats"].values())
        return 100.0 * paid / interactions["payoff scale"]["pools"]

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        _log_payoffs(self, interactions, aborted)


class PayoffRangeScorer(CompetitiveScorer):
    """Payoffs placed between the worst and the best the game allows (`payoff scale`: `seat`, a [worst, best] pair
    for every seat, or per seat name when the seats' payoffs differ in scale; `all`, the pair for all seats' payoffs
    together). Against a reference: 100 x (the model's payoff - worst) / (best - worst), clipped to [0, 100].
    Between models: the same for all seats' payoffs together. Logs each model seat's payoff."""

    def reference_score(self, seat, interactions):
        name = next(name for name, record in interactions["seats"].items() if record is seat)
        return _in_range(seat["payoff"], _seat_range(interactions["payoff scale"], name))

    def self_play_score(self, interactions):
        total = sum(seat["payoff"] for seat in interactions["seats"].values())
        return _in_range(total, interactions["payoff scale"]["all"])

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        _log_payoffs(self, interactions, aborted)


class DealScorer(PayoffRangeScorer):
    """Bargaining over one price, each seat's payoff its gain over its own walk-away value (Used Car Negotiation):
    against references as PayoffRangeScorer. Between models the seats' gains add up to the same for any deal,
    whatever the price, so their sum tells nothing: the Main Score is 100 for a deal that leaves every seat at
    least as well off as without one and someone better off, 0 for a deal that leaves a seat worse off than its
    walk-away value, and for no deal."""

    def self_play_score(self, interactions):
        payoffs = [seat["payoff"] for seat in interactions["seats"].values()]
        return 100.0 if min(payoffs) >= 0 and max(payoffs) > 0 else 0.0


def _seat_range(scale: dict, name: str) -> list:
    seat = scale["seat"]
    return seat[name] if isinstance(seat, dict) else seat


def _in_range(value: float, bounds: list) -> float:
    worst, best = bounds
    return min(100.0, max(0.0, 100.0 * (value - worst) / (best - worst)))


def _log_payoffs(scorer: GameScorer, interactions: dict, aborted: bool):
    """`Payoff` of the model against references, `Player N Payoff` between models."""
    model_seats = _model_seats(interactions)
    for name, seat in model_seats:
        label = "Payoff" if len(model_seats) < len(interactions["seats"]) else f"{name} Payoff"
        scorer.log_episode_score(label, math.nan if aborted else seat["payoff"])


# --- social games ---


class SettlersOfCatanScorer(CompetitiveScorer):
    """Against references, the model's rank by victory points (the seats' payoffs): 100 for the most, 0 for the
    fewest, linear over the distinct scores in between (TextArena 0.7.4's rank reward mapped to 0-100), 50 when all
    seats are level; also when the cap stopped the game. Logs the model's `Victory Points`."""

    def reference_score(self, seat, interactions):
        levels = sorted({other["payoff"] for other in interactions["seats"].values()})
        if len(levels) == 1:
            return 50.0
        return 100.0 * levels.index(seat["payoff"]) / (len(levels) - 1)

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        model_seats = _model_seats(interactions)
        if len(model_seats) < len(interactions["seats"]):
            self.log_episode_score("Victory Points", model_seats[0][1]["payoff"])
            return
        for name, seat in model_seats:
            self.log_episode_score(f"{name} Victory Points", seat["payoff"])


class LetterAuctionScorer(CompetitiveScorer):
    """Against references, the Main Score is the model's share of the two word values (payoffs), 100 x own /
    (own + other's), 50 when both are 0; between models, the default (100 when the game was played to its end)."""

    def reference_score(self, seat, interactions):
        payoffs = [other["payoff"] or 0 for other in interactions["seats"].values()]
        total = sum(payoffs)
        return 50.0 if total == 0 else 100.0 * (seat["payoff"] or 0) / total


class TabooScorer(CompetitiveScorer):
    """Between models (all four seats), the Main Score is the share of the words the game allowed that the two teams
    guessed, 100 x guessed / possible (a word takes a clue and a guess: 24 in 4 rounds of 12 requests); each team's
    count is logged as `Team N Words`."""

    def self_play_score(self, interactions):
        return 100.0 * sum(interactions["words guessed"].values()) / interactions["words possible"]

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        for team, words in interactions["words guessed"].items():
            self.log_episode_score(f"{team} Words", words)


# --- LLM-judged games ---


class QuestionsScorer(TextArenaScorer):
    """TwentyQuestions and GuessWho: 0 unless solved; solved, 50 + 50 x the share of the allowed questions left
    unasked (a guess right away 100, after every question 50). Logs `Questions` and `Judge Requests`."""

    def main_score(self, interactions):
        if not interactions[METRIC_SUCCESS]:
            return 0.0
        allowed = interactions["max questions"]
        return 50.0 + 50.0 * (allowed - min(interactions["questions"], allowed)) / allowed

    def log_game_scores(self, interactions, aborted):
        self.log_episode_score("Questions", interactions["questions"])
        self.log_episode_score("Judge Requests", interactions["judge requests"])


class JuryScorer(CompetitiveScorer):
    """Debate and ScenarioPlanning. Against a reference: where the model's vote margin (its payoff less the other
    seat's) lies in the range the jury allows (`margin scale`): ScenarioPlanning 100 x the model's share of the
    votes, Debate 50 + 50 x its side's gain of vote share; 50 when the jury cast no valid vote. Between models the
    generic contest score. Logs the seats' payoffs and `Judge Requests`."""

    def reference_score(self, seat, interactions):
        other = max(other["payoff"] for other in interactions["seats"].values() if other is not seat)
        worst, best = interactions["margin scale"]
        return 100.0 * (seat["payoff"] - other - worst) / (best - worst)

    def log_game_scores(self, interactions, aborted):
        super().log_game_scores(interactions, aborted)
        _log_payoffs(self, interactions, aborted)
        self.log_episode_score("Judge Requests", interactions["judge requests"])
