"""Masters of the economics games between seats: social dilemmas, Ultimatum, Colonel Blotto, Public Goods, Market
Entry, the blind auction and the negotiations (docs/games/economics.md)."""

import re

from textarena.core import ObservationType

import metrics
from games import seats
from submasters import MultiPlayerMaster


class EconomicsMaster(MultiPlayerMaster):
    """Economics games: each seat's payoff (points, money, tokens) is TextArena's own tally in its game state
    (`PAYOFF_KEY`, per seat), and the game logs what its Main Score measures the payoff against (`payoff scale`,
    see the game's scorer)."""

    PAYOFF_KEY = ""

    def payoffs(self):
        return {int(pid): float(value) for pid, value in self.env.state.game_state[self.PAYOFF_KEY].items()}

    def payoff_scale(self) -> dict:
        return {}

    def turn_kind(self):
        """The family's games with phases (their spec's `reply` lists talk, then the decision's kind) talk while
        TextArena's `game_state["phase"]` is "conversation" and decide in the other phase."""
        kinds = self._kinds
        if len(kinds) == 1:
            return kinds[0]
        return "talk" if self.env.state.game_state["phase"] == "conversation" else kinds[-1]

    def _on_after_game(self, rewards):
        self.log_key("payoff scale", self.payoff_scale())
        super()._on_after_game(rewards)


class PrivateValuesMaster(EconomicsMaster):
    """Economics games in which each seat's prompt holds private information (its values, role or budget): the part
    of the prompt the regex `SECRET` captures (first group) is that seat's secret, as TextArena writes it for it."""

    SECRET: re.Pattern

    def _on_before_game(self):
        self._secrets = {}
        for pid, queue in self.env.state.observations.items():
            prompt = next(message for _, message, kind in queue if kind == ObservationType.PROMPT)
            self._secrets[int(pid)] = [self.SECRET.search(prompt).group(1)]

    def secrets(self):
        return self._secrets


class DefaultActionMaster(EconomicsMaster):
    """Social dilemmas in which TextArena 0.7.4 has no invalid move: a decision reply without the action token is
    taken as a default action (Prisoner's Dilemma: cooperate; Stag Hunt: hare; three-player PD: cooperate toward
    each opponent not named). TextArena's rules do not call such a reply invalid, so the game goes on with the
    default, never Aborted; the episode records each such reply (a `default action` event and, per seat, the count
    in `default actions`).

    The full-cooperation payoff per seat (`payoff scale`: `cooperation`) is what the Main Score measures against.
    """

    DEFAULT = ""  # what TextArena takes a decision without the token for

    def _on_before_game(self):
        self.default_actions = {seat.name: 0 for seat in self.seats}

    def names_action(self, move: str) -> bool:
        raise NotImplementedError

    def _move(self, seat, move):
        if self.env.state.game_state["phase"] == "decision" and not self.names_action(move):
            self.default_actions[seat.name] += 1
            self.log_to_self(
                "default action", f"{seat.name}'s decision names no action; TextArena takes it as {self.DEFAULT}."
            )
        return super()._move(seat, move)

    def _on_after_game(self, rewards):
        self.log_key("default actions", self.default_actions)
        super()._on_after_game(rewards)


class PrisonersDilemmaMaster(DefaultActionMaster):
    """Iterated Prisoner's Dilemma: a decision without `[Defect]` cooperates (TextArena 0.7.4, env.py:77)."""

    PAYOFF_KEY = "scores"
    DEFAULT = "[Cooperate]"
    ACTION = re.compile(r"\[(Cooperate|Defect)\]", re.IGNORECASE)

    def names_action(self, move):
        return bool(self.ACTION.search(move))

    def payoff_scale(self):
        return {"cooperation": self.ta_env.cooperate_reward * self.ta_env.num_rounds}


class ThreePlayerIPDMaster(DefaultActionMaster):
    """Three-player Iterated Prisoner's Dilemma: a decision gives one token per opponent, `[<id> cooperate]` or
    `[<id> defect]`; TextArena 0.7.4 takes an opponent without a valid token as cooperation (as its prompt says) and
    ignores tokens for unknown ids or oneself. Each pair plays the PD, so full cooperation pays 2 x R a round."""

    PAYOFF_KEY = "scores"
    DEFAULT = "cooperation toward each opponent it names no token for"
    TOKEN = re.compile(r"\[\s*(\d+)\s+(cooperate|defect)\s*\]", re.IGNORECASE)

    def names_action(self, move):
        pid = self.env.state.current_player_id
        named = {int(target) for target, _ in self.TOKEN.findall(move)}
        return named >= set(range(self.env.state.num_players)) - {pid}

    def payoff_scale(self):
        return {"cooperation": 2 * self.ta_env.R * self.ta_env.num_rounds}


class StagHuntMaster(DefaultActionMaster):
    """Iterated Stag Hunt: a decision without `[Stag]` hunts the hare (TextArena 0.7.4, env.py:99).

    The `-randomized` variant draws each round's payoffs from numpy's global RNG (env.py:62-64), which the game
    master swaps for the episode's own, seeded with the instance (EpisodeRandomness): the same instance draws the
    same matrices in any process. Round 1's matrix is drawn in reset and recorded in the instance; every round's is
    logged (`payoff matrices`), and full cooperation pays the sum of the rounds' mutual-stag payoffs. (After the
    last round TextArena draws and announces one more matrix, for a round that is never played.)
    """

    PAYOFF_KEY = "total_payoff"
    DEFAULT = "[Hare]"
    ACTION = re.compile(r"\[(Stag|Hare)\]", re.IGNORECASE)

    def names_action(self, move):
        return bool(self.ACTION.search(move))

    def _on_before_game(self):
        super()._on_before_game()
        self.payoff_matrices = [self.payoff_matrix()]

    def payoff_matrix(self) -> dict:
        env = self.ta_env
        return {
            "mutual stag": int(env.mutual_stag_payoff),
            "mutual hare": int(env.mutual_hare_payoff),
            "single stag": int(env.single_stag_payoff),
            "single hare": int(env.single_hare_payoff),
        }

    def content(self):
        return {**super().content(), "payoff matrix": self.payoff_matrix()}

    def _move(self, seat, move):
        game_state = self.env.state.game_state
        played_round = game_state["round"]
        result = super()._move(seat, move)
        if played_round < game_state["round"] <= game_state["num_rounds"]:
            self.payoff_matrices.append(self.payoff_matrix())
        return result

    def payoff_scale(self):
        return {"cooperation": sum(matrix["mutual stag"] for matrix in self.payoff_matrices)}

    def _on_after_game(self, rewards):
        self.log_key("payoff matrices", self.payoff_matrices)
        super()._on_after_game(rewards)


class UltimatumMaster(EconomicsMaster):
    """Iterated Ultimatum Game: the money each seat took home (`player_totals`); the pools of all rounds
    (`payoff scale`: `pools`) are what the players could have shared. TextArena 0.7.4 plays max_turns // 2 rounds
    (`-v0`: Player 0 proposes in every round; `-alternate`: the proposer alternates)."""

    PAYOFF_KEY = "player_totals"

    def payoff_scale(self):
        return {"pools": self.ta_env.pool * (self.ta_env.max_turns // 2)}


class ColonelBlottoMaster(EconomicsMaster):
    """Colonel Blotto: the rounds each seat won (`scores`) are its payoff; the Main Score is the game's result."""

    PAYOFF_KEY = "scores"


class EliminationMaster(EconomicsMaster):
    """Games of three or more whose invalid-move rule eliminates a seat (PublicGoods, MarketEntry): after the
    warnings TextArena 0.7.4 allows (error_allowance 2), the next invalid decision eliminates the seat. On that
    step `FFAMultiPlayerState.set_invalid_move` leaves `made_invalid_move` set, so `step` does not pass the turn
    (state.py:164) and the env asks the eliminated seat again (it would go on chatting, and the next round's
    decision would hang on it). The elimination is the seat's rule violation, which makes the episode Aborted, so
    the game master ends the game there: the eliminated seat loses, the others draw."""

    def _move(self, seat, move):
        state = self.env.state
        eliminated = len(state.elimination_order)
        done, invalid_move = super()._move(seat, move)
        if not done and len(state.elimination_order) > eliminated:
            pid = state.elimination_order[-1]
            state.set_game_outcome(
                {p: -1 if p == pid else 0 for p in range(state.num_players)},
                reason=f"Player {pid} was eliminated for repeated invalid moves ({invalid_move}); "
                f"the game ends there.",
            )
            done = True
        return done, invalid_move


class PublicGoodsMaster(EliminationMaster):
    """Public Goods Game: each seat's tokens over all rounds (`total_scores`); full cooperation (everyone
    contributes the whole endowment) pays each seat endowment x factor a round."""

    PAYOFF_KEY = "total_scores"

    def payoff_scale(self):
        env = self.ta_env
        return {"cooperation": env.endowment * env.multiplication_factor * env.num_rounds}


class MarketEntryMaster(EliminationMaster):
    """Market Entry Game: each seat's points over all rounds (`total_scores`). A seat's payoff lies between
    entering an overcrowded market every round and entering a profitable one every round (`payoff scale`:
    `seat`); all seats' lies between everyone entering every round and exactly `market_capacity` entrants every
    round, the others safe (`all`)."""

    PAYOFF_KEY = "total_scores"

    def payoff_scale(self):
        env, seats = self.ta_env, self.env.state.num_players
        rounds, capacity = env.num_rounds, min(env.market_capacity, seats)
        best = capacity * env.entry_profit + (seats - capacity) * env.safe_payoff
        return {
            "seat": [rounds * env.overcrowding_penalty, rounds * env.entry_profit],
            "all": [rounds * seats * env.overcrowding_penalty, rounds * best],
        }


class NegotiationMaster(PrivateValuesMaster):
    """Simple Negotiation: each seat's payoff is the change of its inventory value by its own, private values
    (`inventory_value`). The Main Score places it within 10% of the seat's initial inventory value either way
    (`payoff scale`: `seat` per seat, `all` for both seats' changes together): a trade good by one's own values is
    rarely worth more than a few percent of the inventory.

    Hidden information: each seat's quantities and values, which TextArena lists in that seat's prompt only.
    Replies are table talk, shown whole to the other seat (a player may give its own values away, but no context
    of TextArena's does)."""

    SATURATION = 0.1  # the share of the initial inventory value a seat's change is placed within
    SECRET = re.compile(r"values you currently have are:\n\t\+ (.*?)\nAt each turn", re.DOTALL)

    def payoffs(self):
        values = self.env.state.game_state["inventory_value"]
        return {int(pid): float(value["change"]) for pid, value in values.items()}

    def payoff_scale(self):
        initial = {int(pid): value["initial"] for pid, value in self.env.state.game_state["inventory_value"].items()}
        bound = self.SATURATION
        return {
            "seat": {f"Player {pid}": [-bound * value, bound * value] for pid, value in initial.items()},
            "all": [-bound * sum(initial.values()), bound * sum(initial.values())],
        }


class BlindAuctionMaster(PrivateValuesMaster):
    """Simple Blind Auction: each seat's payoff is its net worth's change, TextArena's net worth (remaining capital
    + the values, to it, of the items it won) - the starting capital. TextArena 0.7.4 takes every bid from the
    bidder's capital, won or lost (env.py:139): an all-pay auction, which its prompt does not say.

    The Main Score places a seat's change between losing and gaining the sum of its own item values (`payoff
    scale`: `seat`, per seat); all seats' between -/+ the sum over the items of the higher of the two values
    (`all`: every item won for nothing by the seat that values it more).

    Hidden information: each seat's item values, listed in its own prompt only; bids are sent to the bidder only.
    """

    SECRET = re.compile(r"Available Items \(with their value TO YOU\):\n(.*?)\n\nNote", re.DOTALL)

    def payoffs(self):
        results = self.env.state.game_state["auction_results"]
        if results is None:  # the game ended on an invalid bid before the results
            return None
        capital = self.ta_env.starting_capital
        return {int(pid): float(worth - capital) for pid, worth in results["player_net_worth"].items()}

    def payoff_scale(self):
        values = self.env.state.game_state["player_item_values"]
        best = sum(max(values[0][item], values[1][item]) for item in values[0])
        return {
            "seat": {f"Player {pid}": [-sum(own.values()), sum(own.values())] for pid, own in values.items()},
            "all": [-best, best],
        }


class TwoDollarMaster(PrivateValuesMaster):
    """Two Dollar: each seat's payoff is the money it takes home (TextArena's `final_amounts`, not in the game
    state): its share of an accepted split, or $0 when no deal was reached or when its secret role's rule was not
    met (a minimum share, or x_rounds' deadline to accept). The Main Score measures it against the total
    (`payoff scale`).

    Hidden information: each seat's secret role instructions, in its own prompt only. TextArena 0.7.4 draws the two
    roles with `random.sample` over the role files in `os.listdir` order, which depends on the file system: they are
    sorted by name (fixes.economics.TwoDollarFixes), so a seed draws the same roles on every machine."""

    SECRET = re.compile(r"=== YOUR SECRET INSTRUCTIONS ===\n(.*?)\nVICTORY CONDITION", re.DOTALL)

    def content(self):
        return {**super().content(), "roles": [self.ta_env.player_roles[pid]["name"] for pid in (0, 1)]}

    def payoffs(self):
        return {pid: round(float(amount), 2) for pid, amount in self.ta_env.final_amounts.items()}

    def payoff_scale(self):
        total = self.ta_env.total_amount
        return {"seat": [0.0, total], "all": [0.0, total]}


class NewRecruitMaster(PrivateValuesMaster):
    """New Recruit: Player 0 is the Recruiter, Player 1 the Candidate; each seat's payoff is its points for the
    accepted package by its own table (0 for both when no package was accepted, as TextArena scores it). The tables
    are on the same range but differ by issue (some opposed, some shared, some traded off), so TextArena's winner,
    the seat whose own table sums higher, says little; the Main Score places the points between the worst and the
    best package of the seat's table (`payoff scale`: `seat`), or both seats' together between the worst and best
    package for the pair (`all`).

    Hidden information: each seat's point table, in its own prompt only."""

    SECRET = re.compile(r"higher points are better\):(.*?)\nYou are negotiating with", re.DOTALL)

    def payoffs(self):
        game_state = self.env.state.game_state
        accepted = game_state["accepted_proposal"]
        if accepted is None:
            return {0: 0.0, 1: 0.0}
        preferences = game_state["player_preferences"]
        return {
            pid: float(sum(preferences[pid][issue][choice] for issue, choice in accepted["choices"].items()))
            for pid in (0, 1)
        }

    def payoff_scale(self):
        points = self.ta_env.point_value_dict.values()  # per issue: {choice: [Recruiter's, Candidate's points]}

        def bounds(value):
            return [
                sum(min(map(value, issue.values())) for issue in points),
                sum(max(map(value, issue.values())) for issue in points),
            ]

        return {
            "seat": {f"Player {pid}": bounds(lambda pair, pid=pid: pair[pid]) for pid in (0, 1)},
            "all": bounds(sum),
        }


class UsedCarMaster(PrivateValuesMaster):
    """Used Car Negotiation (and UsedCar, its balanced variant): a buyer and a seller bargain over a car's price, each
    with a private best alternative to a deal written in its brief (fixes.economics.UsedCarNegotiationFixes). A
    seat's payoff is the deal's value to it over that alternative, in dollars: the buyer's alternative - the price,
    the price - the seller's alternative; 0 without a deal (each takes its alternative).

    The Main Score places a seat's payoff between a deal at the worst and at the best end of the $7,000-$10,000
    price guide (`payoff scale`: `seat`, per seat); for a weak brief, whose alternative is that end, it is TextArena's
    own reward x 100. Both seats' payoffs together come to the gap between the two alternatives for any deal, 0
    without one (`all`: [0, that gap]), so between models the Main Score (metrics.DealScorer) asks whether the deal
    left both seats at least as well off as their alternatives: 100 if so, 0 for any other deal and for none.

    A seat's result is the sign of its payoff (a win: a deal better than its alternative; a loss: a worse one;
    a draw: no deal): TextArena's rewards (0 to 1, both positive for any deal in the guide's range) rank no one.
    Hidden information: each seat's alternative, in its own brief only."""

    SECRET = re.compile(r"(Your best alternative to a deal .*)")
    LOW, HIGH = 7000, 10000  # the price guide's range, which TextArena's reward is linear in (env.py:9)

    def _role(self, pid: int) -> str:
        return self.env.state.game_state["briefs"][pid].split("/")[0]

    def payoffs(self):
        game_state = self.env.state.game_state
        price = game_state["deal"]
        if price is None:
            return {0: 0.0, 1: 0.0}
        return {
            pid: float(alternative - price if self._role(pid) == "buyer" else price - alternative)
            for pid, alternative in game_state["alternatives"].items()
        }

    def payoff_scale(self):
        alternatives = self.env.state.game_state["alternatives"]
        seat = {}
        for pid, alternative in alternatives.items():
            seat[f"Player {pid}"] = (
                [alternative - self.HIGH, alternative - self.LOW]
                if self._role(pid) == "buyer"
                else [self.LOW - alternative, self.HIGH - alternative]
            )
        buyer = next(pid for pid in alternatives if self._role(pid) == "buyer")
        return {"seat": seat, "all": [0, alternatives[buyer] - alternatives[1 - buyer]]}

    def result(self, pid, rewards):
        if any(info.get("invalid_move") for info in self.env.state.game_info.values()):
            return super().result(pid, rewards)
        payoff = self.payoffs()[pid]
        return "win" if payoff > 0 else "loss" if payoff < 0 else "draw"

    def _how(self, pid, violators):
        # TextArena's state counts every step as a turn: a deal made after its 10th step is no turn-limit end
        how = super()._how(pid, violators)
        return "rules" if how == "turn limit" and self.env.state.game_state["deal"] is not None else how


# --- ScorableGames (issue 22) ---------------------------------------------------------------------------------------


class ScorableGamesMaster(EconomicsMaster):
    """ScorableGames: parties negotiate one package over several issues (a scenario of fixes/data/scorable_games/,
    fixes.economics.ScorableGamesFixes). Each seat's payoff is its points for the accepted package by its own
    scoring table (the Port Authority's role, p1, with TextArena's +10 when every seat accepted), or its minimum
    acceptable score (its threshold) when no package was accepted: what it keeps by walking away.

    TextArena's result per seat: with a deal, +1 (win) for the seats at or above their threshold, -1 for the others
    (0 for all when none is); no deal is a draw. The Main Score measures the gain over walking away: a seat's points
    between its threshold and its best package (`payoff scale`: `seat`, clipped to [0, 100]: a deal below the
    threshold scores 0 like no deal), all seats' between the sum of the thresholds and the package with the most
    points for all (`all`).

    Hidden information: each seat's scoring table and brief, in its own prompt only (and its own scores of the
    proposal on the table, shown to the seat on turn only)."""

    def _tables(self) -> dict[int, dict]:
        return self.ta_env.player_scores

    def _bonus(self, pid: int) -> int:
        env = self.ta_env
        return 10 if env._get_player_by_role(env.unanimity_bonus_role) == pid else 0

    def deal(self) -> dict | None:
        """The accepted package (issue: option), or None."""
        env = self.ta_env
        return dict(sorted(env.current_deal.items())) if "score" in env.state.game_info[0] else None

    def payoffs(self):
        info, tables = self.ta_env.state.game_info, self._tables()
        if self.deal() is None:
            return {pid: float(table["threshold"]) for pid, table in tables.items()}
        return {pid: float(info[pid]["score"]) for pid in tables}

    def payoff_scale(self):
        env, tables = self.ta_env, self._tables()
        issues = sorted(env.issues)

        def best(pid):
            return sum(max(tables[pid][issue].values()) for issue in issues) + self._bonus(pid)

        joint = sum(
            max(sum(tables[pid][issue][option] for pid in tables) for option in env.issues[issue]["options"])
            for issue in issues
        ) + max(self._bonus(pid) for pid in tables)
        return {
            "seat": {f"Player {pid}": [table["threshold"], best(pid)] for pid, table in tables.items()},
            "all": [sum(table["threshold"] for table in tables.values()), joint],
        }

    def content(self):
        env = self.ta_env
        return {
            **super().content(),
            "scenario": env.game_config,
            "parties": [config["agent_name"] for _, config in sorted(env.player_configs.items())],
        }

    def _on_before_game(self):
        env = self.ta_env
        self._secrets = {}
        for pid in env.player_configs:
            table = "\n".join(
                f"{issue}: {scores}" for issue, scores in env.player_scores[pid].items() if issue != "threshold"
            )
            self._secrets[pid] = [table, env._fill_scores_in_instructions(pid)]

    def secrets(self):
        return self._secrets

    def _on_after_game(self, rewards):
        self.log_key("deal", self.deal())
        super()._on_after_game(rewards)


# why the `_vs_random` variants of the zero-sum games cannot separate a strong player from a random one
ZERO_SUM_MIXED = (
    "zero-sum with a uniform mixed equilibrium: against uniformly random moves every strategy expects "
    "50 (the `_vs_` pattern reference is what a strong model can exploit)"
)


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_iterated_two_thirds_average",
        "description": (
            "TextArena IteratedTwoThirdsAverage (two players): each round both guess a number; the "
            "guess closest to two thirds of the average wins the round, the most rounds won the "
            "game."
        ),
        "entry_point": "textarena.envs.IteratedTwoThirdsAverage.env:IteratedTwoThirdsAverageEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a win or a draw), 0 when a seat broke the format",
        "outcome": (
            "Success when all rounds were played; Aborted when a seat broke the format twice in a row. "
            "(The request cap, 42, lies beyond the longest game: every round is two moves, each at most "
            "one warned retry.)"
        ),
        "n_instances": {"base": 1, "random": 10, "equilibrium": 10},
        "players": 2,
        "references": ["random", "equilibrium"],
        "player_specs": seats(
            2,
            [
                "[50]",
                "[33]",
                "[22]",
                "[10]",
                "[0]",
                "my guess is 5",
                "[0]",
                "[0]",
                "[0]",
                "[0]",
                "[0]",
            ],
        ),
        "content": [],
        "max_requests": 42,
    },
    {
        "game_name": "ta_iterated_rock_paper_scissors",
        "description": (
            "TextArena IteratedRockPaperScissors (two players): nine rounds of rock-paper-scissors; "
            "the most rounds won wins the game."
        ),
        "entry_point": "textarena.envs.IteratedRockPaperScissors.env:IteratedRockPaperScissorsEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a win or a draw), 0 when a seat broke the format",
        "outcome": (
            "Success when all rounds were played; Aborted when a seat broke the format twice in a row. "
            "(The request cap, 38, lies beyond the longest game: every round is two moves, each at most "
            "one warned retry.)"
        ),
        "n_instances": {"base": 1, "random": 10, "frequency": 10},
        "players": 2,
        "references": ["random", "frequency"],
        "player_specs": seats(
            2,
            [
                "[rock]",
                "[paper]",
                "[scissors]",
                "[r]",
                "I pick rock",
                "[p]",
                "[s]",
                "[rock]",
                "[paper]",
                "[scissors]",
            ],
        ),
        "content": [],
        "max_requests": 38,
        "cannot_separate": {
            "random": ZERO_SUM_MIXED,
        },
    },
    {
        "game_name": "ta_iterated_matching_pennies",
        "description": (
            "TextArena IteratedMatchingPennies (two players): ten rounds; Player 0 wins a round "
            "when the coins match, Player 1 when they differ; the most rounds won wins the game."
        ),
        "entry_point": "textarena.envs.IteratedMatchingPennies.env:IteratedMatchingPenniesEnv",
        "master": MultiPlayerMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a win or a draw), 0 when a seat broke the format",
        "outcome": (
            "Success when all rounds were played; Aborted when a seat broke the format twice in a row. "
            "(The request cap, 42, lies beyond the longest game: every round is two moves, each at most "
            "one warned retry.)"
        ),
        "n_instances": {"base": 1, "random": 10, "pattern": 10},
        "players": 2,
        "references": ["random", "pattern"],
        "player_specs": seats(
            2,
            [
                "[heads]",
                "[tails]",
                "[h]",
                "[t]",
                "heads",
                "[heads]",
                "[tails]",
                "[heads]",
                "[tails]",
                "[heads]",
                "[tails]",
            ],
        ),
        "content": [],
        "max_requests": 42,
        "cannot_separate": {
            "random": ZERO_SUM_MIXED,
        },
    },
    {
        "game_name": "ta_iterated_prisoners_dilemma",
        "reply": ["talk", "move"],
        "talk_reading": (
            "TextArena reads no action in a chat turn and passes the whole reply to the opponent (the decision is a "
            "move turn): dressed words change only what the opponent hears; tit for tat and the expert read the "
            "decisions alone."
        ),
        "description": (
            "TextArena IteratedPrisonersDilemma (two players): ten rounds of one free chat turn "
            "each, then both choose [Cooperate] or [Defect] unseen (both cooperate 3 each, both "
            "defect 1 each, a defector against a cooperator 5 and 0); the most points win."
        ),
        "entry_point": "textarena.envs.IteratedPrisonersDilemma.env:IteratedPrisonersDilemmaEnv",
        "master": PrisonersDilemmaMaster,
        "scorer": metrics.CooperationScorer,
        "score": "100 x both seats' points / what cooperating in every round gives them (60)",
        "outcome": (
            "Success when all rounds were played (always: TextArena takes a decision without [Defect] "
            "as cooperation, so there is no invalid move). (The request cap, 42, lies beyond the game's "
            "40 moves.)"
        ),
        "vs_score": "100 x the model's points / what cooperating in every round gives (30), capped at 100",
        "n_instances": 30,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "tit_for_tat"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "I will cooperate if you do.",
                    "[Cooperate]",
                    "[Defect]",
                    "[Cooperate] Let us keep it up.",
                    "Cooperate",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "Agreed, let us both cooperate.",
                    "[Cooperate]",
                    "[Defect]",
                    "[Defect] Sorry.",
                    "Defect",
                ],
            },
        ],
        "content": [],
        "max_requests": 42,
    },
    {
        "game_name": "ta_three_player_ipd",
        "reply": ["talk", "moves"],
        "talk_reading": (
            "TextArena reads no action in a chat turn and passes the whole reply to both others (the decisions are a "
            "moves turn): dressed words change only what they hear; tit for tat and the expert read the decisions "
            "alone."
        ),
        "description": (
            "TextArena ThreePlayerIPD (three players): five rounds of one free chat turn each, then "
            "each player chooses to cooperate or defect toward each opponent unseen ('[1 defect] [2 "
            "cooperate]'); every pair plays the Prisoner's Dilemma (3 each, 1 each, or 5 and 0); "
            "the most points win."
        ),
        "entry_point": "textarena.envs.ThreePlayerIPD.env:ThreePlayerIPDEnv",
        "master": ThreePlayerIPDMaster,
        "scorer": metrics.CooperationScorer,
        "score": "100 x all seats' points / what cooperating with everyone in every round gives them (90)",
        "outcome": (
            "Success when all rounds were played (always: TextArena takes a missing token as "
            "cooperation, so there is no invalid move). (The request cap, 32, lies beyond the game's 30 "
            "moves.)"
        ),
        "vs_score": (
            "100 x the model's points / what cooperating with everyone in every round gives (30), capped at 100"
        ),
        "n_instances": 9,
        "players": 3,
        "view": "dialogue",
        "references": ["random", "tit_for_tat"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "Let us all cooperate.",
                    "[1 cooperate] [2 cooperate]",
                    "[1 defect] [2 cooperate]",
                    "[1 cooperate] [2 defect]",
                    "I cooperate.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "Agreed.",
                    "[0 cooperate] [2 cooperate]",
                    "[0 defect] [2 defect]",
                    "[0 cooperate] [2 defect]",
                    "[2 defect]",
                ],
            },
            {
                "role": "Player 2",
                "custom_response": [
                    "I will cooperate with whoever cooperates.",
                    "[0 cooperate] [1 cooperate]",
                    "[0 defect] [1 cooperate]",
                    "[0 defect] [1 defect]",
                    "[1 cooperate]",
                ],
            },
        ],
        "content": [],
        "max_requests": 32,
        # TextArena's example decision, '[1 defect] [2 cooperate]' (ThreePlayerIPD/env.py:31), is every seat's: to
        # Players 1 and 2 it names themselves (a token TextArena ignores). Each seat's example names its opponents
        "relabel": [
            [
                rf"(?s)(You are Player {seat} in a 3-player .*?)\(i\.e\. '\[1 defect\] \[2 cooperate\]';",
                rf"\1(e.g. '[{first} defect] [{second} cooperate]' toward your opponents, Players {first} and {second};",
            ]
            for seat, (first, second) in enumerate(((1, 2), (0, 2), (0, 1)))
        ],
    },
    {
        "game_name": "ta_iterated_stag_hunt",
        "reply": ["talk", "move"],
        "talk_reading": (
            "TextArena reads no action in a chat turn and passes the whole reply to the opponent (the decision is a "
            "move turn): dressed words change only what the opponent hears; tit for tat and the expert read the "
            "decisions alone."
        ),
        "description": (
            "TextArena IteratedStagHunt (two players): five rounds of three free chat turns each, "
            "then both hunt a [Stag] or a [Hare] unseen (both stag 10 each, both hare 5 each, a "
            "hare hunter against a stag hunter 8 and 1; the randomized experiment draws each "
            "round's payoffs); the most points win."
        ),
        "entry_point": "textarena.envs.IteratedStagHunt.env:IteratedStagHuntEnv",
        "master": StagHuntMaster,
        "scorer": metrics.CooperationScorer,
        "score": "100 x both seats' points / what hunting the stag together in every round gives them",
        "outcome": (
            "Success when all rounds were played (always: TextArena takes a decision without [Stag] as "
            "a hare hunt, so there is no invalid move). (The request cap, 42, lies beyond the game's 40 "
            "moves.)"
        ),
        "vs_score": (
            "100 x the model's points / what hunting the stag together in every round gives (50 with "
            "the fixed payoffs), capped at 100"
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "tit_for_tat"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "Shall we hunt the stag together?",
                    "[Stag]",
                    "[Hare]",
                    "[Stag] as promised.",
                    "Stag",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": ["Yes, the stag.", "[Stag]", "[Hare]", "[Hare] to be safe.", "hare"],
            },
        ],
        "content": [],
        "max_requests": 42,
        "cannot_separate": {
            "random": (
                "against a coin the best play, the hare throughout, expects 65 to random play's 60 (default "
                "payoffs); a player that also keeps a reciprocator's stag hunt (100 against tit for tat) "
                "must open with the stag and keeps 1-2 points of that, below what the shipped instances can "
                "show"
            ),
        },
    },
    {
        "game_name": "ta_iterated_ultimatum_game",
        "description": (
            "TextArena IteratedUltimatumGame (two players): each round the proposer offers the "
            "responder part of $50 ([Offer: $X]), who takes it ([Accept]: the proposer keeps the "
            "rest) or leaves both without money ([Reject]); five rounds with Player 0 proposing "
            "(default) or six with alternating proposers (alternate); the most money wins."
        ),
        "entry_point": "textarena.envs.IteratedUltimatumGame.env:IteratedUltimatumGameEnv",
        "master": UltimatumMaster,
        "scorer": metrics.UltimatumScorer,
        "score": "100 x the money paid out / the pools of all rounds (the share of the pools the players agreed on)",
        "outcome": (
            "Success when all rounds were played; Aborted when a seat broke the format (or offered more "
            "than the pool) twice in a row."
        ),
        "vs_score": "100 x the model's share of the money paid out (50 for even splits; 0 when nothing was agreed)",
        "n_instances": 10,
        "players": 2,
        "references": ["random", "tit_for_tat"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "[Offer: $20]",
                    "[Offer: $25] An even split.",
                    "[Accept]",
                    "[Reject]",
                    "I offer ten dollars.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": ["[Accept]", "[Reject] Too little.", "[Offer: $15]", "[Offer: $25]", "Fine by me."],
            },
        ],
        "content": [],
    },
    {
        "game_name": "ta_colonel_blotto",
        "description": (
            "TextArena ColonelBlotto (two players): each round both commanders split their units "
            "over the battlefields unseen ('[A7 B7 C6]'); the more units take a field, the more "
            "fields win the round, and the first to win a majority of the rounds (or the most "
            "rounds) wins. Experiments: 3 fields, 20 units, 9 rounds (default) or 5 (small); 5 "
            "fields, 50 units, 15 rounds (large); 7 fields, 75 units, 25 rounds (extreme)."
        ),
        "entry_point": "textarena.envs.ColonelBlotto.env:ColonelBlottoEnv",
        "master": ColonelBlottoMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a win or a draw), 0 when a seat broke the rules",
        "outcome": (
            "Success when the game was played to its end; Aborted when a seat broke the format or "
            "misallocated its units twice in a row. (The request cap, 102, lies beyond the longest "
            "game: 25 rounds of two moves, each at most one warned retry.)"
        ),
        "n_instances": {"base": 1, "random": 10, "best_response": 10},
        "players": 2,
        "references": ["random", "best_response"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "[A7 B7 C6]",
                    "[A10 B10 C0]",
                    "[A1 B9 C10]",
                    "[A10 B10 C10 D10 E10]",
                    "[A11 B11 C11 D11 E11 F10 G10]",
                    "Everything on A.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[A6 B7 C7]",
                    "[A0 B10 C10]",
                    "[A20 B0 C0]",
                    "[A5 B15 C10 D10 E10]",
                    "[A15 B10 C10 D10 E10 F10 G10]",
                    "[A7 B7]",
                ],
            },
        ],
        "content": [],
        "max_requests": 102,
        # TextArena's example allocation, '[A4 B2 C2]' (prompt and every board), adds up to 8 units, whatever the
        # units to allocate (ColonelBlotto/env.py:40, :45); its invalid-move reason's, "A:5, B:10, C:5" (:105), to
        # 20 on three fields: both say they show the format only
        "relabel": [
            [
                "(exactly (\\d+) units across fields: [A-Z, ]+\\n)Format: '\\[A4 B2 C2\\]'",
                "\\1Format: '[A4 B2 C2]' (the format only: each field's letter and its units, a field left out gets 0; "
                "your units must add up to exactly \\2)",
            ],
            [
                "(Units to allocate: (\\d+)\\n)Format: '\\[A4 B2 C2\\]'",
                "\\1Format: '[A4 B2 C2]' (the format only: allocate exactly \\2 units)",
            ],
            [
                "Invalid input format\\. Use: A:5, B:10, C:5",
                "Invalid input format. Use the format '[A4 B2 C2]': each field's letter and its units, adding up to "
                "the units to allocate.",
            ],
        ],
    },
    {
        "game_name": "ta_public_goods_game",
        "reply": ["talk", "move"],
        "talk_reading": (
            "In a conversation turn TextArena shows the others only the text in {braces}, every braced part of the "
            "reply joined (a message braced while reasoning is said too), and echoes the whole reply to its author; "
            "tit for tat and the expert read the contributions alone."
        ),
        "description": (
            "TextArena PublicGoodsGame (three players): three rounds; each round everyone gets 20 "
            "tokens, talks in three simultaneous public turns ({message}), then secretly "
            "contributes [X] tokens to a pot that is multiplied by 1.5 and shared equally; the most "
            "tokens win."
        ),
        "entry_point": "textarena.envs.PublicGoodsGame.env:PublicGoodsGameEnv",
        "master": PublicGoodsMaster,
        "scorer": metrics.CooperationScorer,
        "score": "100 x all seats' tokens / what contributing everything in every round gives them",
        "outcome": (
            "Success when all rounds were played; Aborted when a seat was eliminated (its third invalid "
            "decision in a row), which ends the game."
        ),
        "vs_score": (
            "100 x the model's tokens / what everyone contributing everything in every round gives a "
            "seat (90), capped at 100"
        ),
        "n_instances": 12,
        "players": 3,
        "view": "dialogue",
        "references": ["random", "tit_for_tat"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": ["{Let us all contribute everything.}", "[20]", "[10]", "[0]", "I keep my tokens."],
            },
            {"role": "Player 1", "custom_response": ["{Agreed.}", "[20]", "[15]", "[5]", "Nothing to say."]},
            {
                "role": "Player 2",
                "custom_response": ["{I will match the others.}", "[20]", "[12]", "[0]", "{Fine.} [10]"],
            },
        ],
        "content": [],
        "experiments": {"default": {}, "4_seats": {"seats": 4}},
        # the prompt's status is the start of the game: every later communication turn is announced
        # (fixes.economics.PublicGoodsGameFixes)
        "relabel": [
            [
                "^Game Status: ?\\nRound 1 - Communication Round 1 of (\\d+)$",
                "Game Status at the start: Round 1 - Communication Round 1 of \\1 (each later turn is announced "
                "below)",
            ]
        ],
    },
    {
        "game_name": "ta_market_entry_game",
        "reply": ["talk", "move"],
        "talk_reading": (
            "In a conversation turn TextArena shows the others only the text in {braces}, every braced part of the "
            "reply joined (a message braced while reasoning is said too), and echoes the whole reply to its author; "
            "the expert's and best_response's coins are seeded by all they were shown."
        ),
        "description": (
            "TextArena MarketEntryGame (four players): five rounds; each round everyone talks in "
            "three simultaneous public turns ({message}), then secretly enters the market [E] or "
            "stays out [S]: staying out pays 5, entering pays 15 when at most 2 enter and -5 when "
            "more do; the most points win."
        ),
        "entry_point": "textarena.envs.MarketEntryGame.env:MarketEntryGameEnv",
        "master": MarketEntryMaster,
        "scorer": metrics.PayoffRangeScorer,
        "score": (
            "100 x (all seats' points - everyone entering every round) / (two entrants and two safe seats "
            "every round - everyone entering every round), clipped to [0, 100]"
        ),
        "outcome": (
            "Success when all rounds were played; Aborted when a seat was eliminated (its third invalid "
            "decision in a row), which ends the game."
        ),
        "vs_score": (
            "100 x (the model's points + 25) / 100: 0 for entering an overcrowded market every round, "
            "100 for a profitable entry every round, 50 for staying out throughout"
        ),
        "n_instances": 24,
        "players": 4,
        "view": "dialogue",
        "references": ["random", "best_response"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "{I will enter this round.}",
                    "[E]",
                    "[S]",
                    "{Two of us should stay out.}",
                    "I enter.",
                ],
            },
            {"role": "Player 1", "custom_response": ["{I stay out.}", "[S]", "[E]", "{Fine.}", "No idea."]},
            {"role": "Player 2", "custom_response": ["{Let us take turns.}", "[E]", "[S]", "{Agreed.} [S]", "Hmm."]},
            {"role": "Player 3", "custom_response": ["{I will enter.}", "[E]", "[S]", "{OK.}", "Pass."]},
        ],
        "content": [],
        "cannot_separate": {
            "random": (
                "capacity 2 of 4 seats: against three random entrants, entering (15 or -5, half the time "
                "each) and staying out both pay 5 a round in expectation, so no strategy beats random play"
            ),
        },
    },
    {
        "game_name": "ta_simple_negotiation",
        "reply": "talk",
        "talk_reading": (
            "TextArena executes the standing offer when [Accept] is anywhere in the reply, then makes its first "
            "[Offer: ...], and passes the whole reply to the opponent: an [Accept] or offer named while reasoning is "
            "taken; value_aware reads the game's announcements, not the words."
        ),
        "description": (
            "TextArena SimpleNegotiation (two players): each player holds Wheat, Wood, Sheep, Brick "
            "and Ore and values them privately; in turns they talk, offer trades ([Offer: 3 Sheep "
            "-> 1 Ore]) and accept the standing offer ([Accept]); after 10 turns (short: 6, long: "
            "30) the larger gain in inventory value by one's own values wins."
        ),
        "entry_point": "textarena.envs.SimpleNegotiation.env:SimpleNegotiationEnv",
        "master": NegotiationMaster,
        "scorer": metrics.PayoffRangeScorer,
        "score": (
            "50 + 5 per percent of both seats' initial inventory value their trades added (or lost), by "
            "each seat's own values; clipped to [0, 100]"
        ),
        "outcome": (
            "Success when the game was played to its turn limit; Aborted when a seat broke the rules "
            "(an offer it cannot pay, a malformed offer, accepting without the requested resources) "
            "twice in a row."
        ),
        "vs_score": (
            "50 + 5 per percent of its initial inventory value the model gained (or lost) by its own "
            "values; clipped to [0, 100] (a 10% gain scores 100)"
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "value_aware"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "I need Ore. [Offer: 3 Wheat -> 1 Wood]",
                    "[Accept]",
                    "[Deny] No, thanks.",
                    "[Offer: 1 Sheep -> 2 Wheat]",
                    "Let me think.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[Accept] Deal.",
                    "[Offer: 2 Wood -> 1 Sheep]",
                    "[Deny]",
                    "[Offer: 1 Brick -> 3 Wood]",
                    "What do you need?",
                ],
            },
        ],
        "content": ["player_resources", "player_values"],
        # the prompt's list is the start of the game: after every accepted trade the game tells each seat its
        # resources (fixes.economics.SimpleNegotiationFixes)
        "relabel": [
            [
                "^The resources and associated values you currently have are:$",
                "Your resources and their values to you at the start of the game (after every accepted trade the "
                "game tells you your resources):",
            ]
        ],
    },
    {
        "game_name": "ta_simple_blind_auction",
        "reply": ["talk", "moves"],
        "talk_reading": (
            "TextArena reads no bid in a conversation turn and passes the whole reply to the opponent (the bids are a "
            "moves turn): dressed words change only what the opponent hears; value_aware bids by its own values alone."
        ),
        "description": (
            "TextArena SimpleBlindAuction (two players): each player has 1000 coins and its own "
            "private value for each of 5 items; after three public conversation rounds each submits "
            "sealed bids ([Bid on Item 0: 250]); the higher bid takes an item, and every bid, won "
            "or lost, is paid from the bidder's capital; the higher net worth (capital left + value "
            "of the items won) wins. quick: 750 coins, 3 items, one round; rich: 2000 coins, 5 "
            "rounds."
        ),
        "entry_point": "textarena.envs.SimpleBlindAuction.env:SimpleBlindAuctionEnv",
        "master": BlindAuctionMaster,
        "scorer": metrics.PayoffRangeScorer,
        "score": (
            "50 + 50 x both seats' net worth gained / the sum over the items of the higher value (every "
            "item won for nothing by the seat that values it more scores 100); clipped to [0, 100]"
        ),
        "outcome": (
            "Success when both seats bid; Aborted when a seat's bids broke the rules twice in a row (an "
            "unknown item, a bid of 0, more than its capital)."
        ),
        "vs_score": (
            "50 + 50 x the model's net worth gained / the sum of its own item values (no bids score "
            "50, every item for nothing 100); clipped to [0, 100]"
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "value_aware"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "I am interested in the first item.",
                    "[Bid on Item 0: 100] [Bid on Item 1: 50]",
                    "[Bid on Item 2: 120]",
                    "Let us not overbid.",
                    "[Bid on Item 0: 60]",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "I will bid carefully.",
                    "[Bid on Item 1: 80]",
                    "[Bid on Item 0: 90] [Bid on Item 2: 40]",
                    "Good luck.",
                    "No bids from me.",
                ],
            },
        ],
        "content": ["item_names", "base_item_values", "player_item_values"],
        # TextArena's examples bid on Items 3 and 4 (SimpleBlindAuction/env.py:85, :112), which `quick`'s three items
        # (0-2) do not include: the examples bid on Items 0-2, which every experiment has, within every experiment's
        # capital (750 or more)
        "relabel": [
            [
                "(Example: ')\\[Bid on Item 0: 250\\] \\[Bid on Item 3: 175\\]'",
                "\\1[Bid on Item 0: 250] [Bid on Item 2: 175]'",
            ],
            [
                "(for example:\\n')\\[Bid on Item 0: 150\\] \\[Bid on Item 2: 200\\] \\[Bid on Item 4: 350\\]'",
                "\\1[Bid on Item 0: 150] [Bid on Item 1: 200] [Bid on Item 2: 350]'",
            ],
        ],
    },
    {
        "game_name": "ta_two_dollar",
        "reply": "talk",
        "talk_reading": (
            "TextArena looks for [Propose] $X, [Accept] and [Reject] anywhere (two of them are an invalid move), "
            "proposes the first amount and relays the words before the first tag (at most 15 under say_little): a move "
            "named while reasoning is played or breaks the turn, markdown words count."
        ),
        "description": (
            "TextArena TwoDollar (two players): the players negotiate how to split $2.00 in up to "
            "20 turns, proposing their own share ([Propose] $X.XX), accepting ([Accept]) or "
            "rejecting ([Reject]) the standing proposal; each follows secret role instructions, "
            "some enforced (a minimum share, a deadline, few words, small concessions); no deal "
            "leaves both with $0.00."
        ),
        "entry_point": "textarena.envs.TwoDollar.env:TwoDollarEnv",
        "master": TwoDollarMaster,
        "scorer": metrics.PayoffRangeScorer,
        "score": (
            "100 x the money both seats take home / $2.00 (a deal that meets both roles' rules scores "
            "100, no deal 0)"
        ),
        "outcome": (
            "Success when the game ended by a deal or after the last turn; Aborted when a seat broke "
            "the format or its role's rules four times in a row."
        ),
        "vs_score": (
            "100 x the money the model takes home / $2.00 (its share of the deal, $0 when no deal was "
            "reached or its role's rule was not met)"
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "value_aware"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "I need most of it. [Propose] $1.50",
                    "Fair. [Accept]",
                    "No. [Reject]",
                    "[Propose] $1.00",
                    "Let us split it.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "Fine. [Accept]",
                    "Too little. [Reject]",
                    "[Propose] $1.20",
                    "Half each. [Propose] $1.00",
                    "I want more.",
                ],
            },
        ],
        "content": [],
    },
    {
        "game_name": "ta_new_recruit",
        "reply": "talk",
        "talk_reading": (
            "With a proposal standing TextArena takes [Accept] anywhere, else [Reject] anywhere, else the first "
            "[Propose] and its eight letters, and passes the whole reply to the opponent: a move named while reasoning "
            "is taken; value_aware reads a proposal's letters from its proposer's words."
        ),
        "description": (
            "TextArena NewRecruit (two players): the Recruiter (Player 0) and the Candidate (Player "
            "1) negotiate a job offer over eight issues (salary, bonus, job assignment, car, "
            "starting date, vacation, moving expenses, insurance) with five options each; each sees "
            "only its own points per option; in turns they propose a package ([Propose] CCAACCCC), "
            "accept ([Accept]) or reject ([Reject]) the other's; no accepted package after 10 turns "
            "gives both 0 points."
        ),
        "entry_point": "textarena.envs.NewRecruit.env:NewRecruitEnv",
        "master": NewRecruitMaster,
        "scorer": metrics.PayoffRangeScorer,
        "score": (
            "100 x (both seats' points - the worst package for the pair) / (the best package for the pair "
            "- the worst): 100 for the package that maximises their joint points, 12 for no deal (0 "
            "points)"
        ),
        "outcome": (
            "Success when the game ended by an accepted package or at the turn limit; Aborted when a "
            "seat broke the format four times in a row."
        ),
        "vs_score": (
            "100 x (the model's points - its worst package) / (its best package - its worst), by its "
            "own table: no deal (0 points) scores 36"
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "value_aware"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "A fair offer for both of us. [Propose] CCAACCCC",
                    "[Accept]",
                    "Not acceptable. [Reject]",
                    "[Propose] EEAAAEAE",
                    "Let us talk.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[Accept]",
                    "I need more. [Reject]",
                    "[Propose] AAAAEAAA",
                    "[Propose] CCAACCCC",
                    "Hmm.",
                ],
            },
        ],
        "content": [],
        "relabel": [["\\{opponent_role\\}", "the other side"]],
    },
    {
        "game_name": "ta_used_car_negotiation",
        "description": (
            "TextArena UsedCarNegotiation (two players): a buyer and a seller (roles drawn) bargain "
            "over a used car's price with a public price guide ($7,000-$10,000) and a private best "
            "alternative each (strong: an outside offer inside the range; weak: the range's end); a "
            "reply is one action, [Offer: <price>], [Accept] or [Reject] of the other's standing "
            "offer, or [Discuss: <message>]; an accepted offer ends the game, after 10 rounds (a "
            "turn of each seat) without one there is no deal. Experiments: default (TextArena's "
            "draw of strong/weak, strong/strong or weak/strong), strong-buyer, strong-seller."
        ),
        "entry_point": "textarena.envs.UsedCarNegotiation.env:UsedCarNegotiationEnv",
        "master": UsedCarMaster,
        "scorer": metrics.DealScorer,
        "score": (
            "100 for a deal that leaves both seats at least as well off as their alternatives (and one "
            "better off), 0 for a deal that leaves a seat worse off and for no deal"
        ),
        "outcome": (
            "Success when the game ended by an accepted offer or after the last round; Aborted when a "
            "seat broke the format twice in a row."
        ),
        "vs_score": (
            "100 x (the model's gain over its alternative - that of a deal at the worst end of the "
            "$7,000-$10,000 price guide) / $3,000: 100 for a deal at the guide's best end, no deal 0 "
            "with a weak alternative and 40 with a strong one"
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "concession"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "[Offer: 8500]",
                    "[Discuss: The price guide says $9,000 for good condition.]",
                    "[Offer: 9000]",
                    "[Accept]",
                    "Let us talk.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[Offer: $8,200]",
                    "[Discuss: I can move a little.]",
                    "[Accept]",
                    "[Reject]",
                    "Deal?",
                ],
            },
        ],
        "content": ["briefs", "alternatives"],
    },
    {
        "game_name": "ta_used_car",
        "description": (
            "TextArena UsedCar (UsedCar-v0-balanced, two players): UsedCarNegotiation's balanced "
            "variant, both seats with a strong alternative (the buyer's $8,800, the seller's "
            "$8,200). TextArena 0.7.4 registers it under a module renamed before release "
            "(textarena.envs.UsedCar); it is played with UsedCarNegotiation's class and the same "
            "repairs. A buyer and a seller bargain over a used car's price with a public price "
            "guide ($7,000-$10,000); [Offer: <price>], [Accept], [Reject] or [Discuss: <message>]; "
            "an accepted offer ends the game, after 10 rounds without one there is no deal."
        ),
        "entry_point": "textarena.envs.UsedCar.env:UsedCarEnv",
        "master": UsedCarMaster,
        "scorer": metrics.DealScorer,
        "score": (
            "100 for a deal that leaves both seats at least as well off as their alternatives (and one "
            "better off), 0 for a deal that leaves a seat worse off and for no deal"
        ),
        "outcome": (
            "Success when the game ended by an accepted offer or after the last round; Aborted when a "
            "seat broke the format twice in a row."
        ),
        "vs_score": (
            "100 x (the model's gain over its alternative + $1,200) / $3,000: a deal at the guide's "
            "best end scores 100, no deal 40, a deal at the worst end 0"
        ),
        "n_instances": 10,
        "players": 2,
        "view": "dialogue",
        "references": ["random", "concession"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "[Offer: 8500]",
                    "[Discuss: The price guide says $9,000 for good condition.]",
                    "[Offer: 9000]",
                    "[Accept]",
                    "Let us talk.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[Offer: $8,200]",
                    "[Discuss: I can move a little.]",
                    "[Accept]",
                    "[Reject]",
                    "Deal?",
                ],
            },
        ],
        "content": ["briefs", "alternatives"],
    },
    {
        "game_name": "ta_scorable_games",
        "reply": "talk",
        "talk_reading": (
            "TextArena takes [Propose] anywhere over [Accept] or [Reject], reads the package from the rest of the line "
            "of the first [Propose] and relays the words before it: a package named while reasoning is the one read "
            "(invalid mid-sentence: a trailing comma is no option)."
        ),
        "description": (
            "TextArena ScorableGames (a scenario's parties, 2 to 7): the parties negotiate one "
            "package over five issues, each with its own private scoring table and minimum "
            "acceptable score; in turns they propose a package ([Propose] A2 B1 C3 D2 E1), accept "
            "([Accept]) or reject ([Reject]) the one on the table; it passes when all but one "
            "accept, the two veto parties among them; no deal after the last turn leaves every "
            "party its minimum. Scenarios written for this project: vendor_retailer (a supply "
            "contract, two parties, 20 turns) and base (a harbour plan, five parties, 50 turns)."
        ),
        "entry_point": "textarena.envs.ScorableGames.env:ScorableGamesEnv",
        "master": ScorableGamesMaster,
        "scorer": metrics.PayoffRangeScorer,
        "score": (
            "100 x (all parties' points - the sum of their minimum scores) / (the package with the most "
            "points for all - that sum), clipped to [0, 100]: no deal scores 0"
        ),
        "outcome": (
            "Success when the game ended by an accepted package or after the last turn; Aborted when a "
            "party broke the format four times in a row."
        ),
        "vs_score": (
            "100 x (the model's points - its minimum acceptable score) / (its best package - that "
            "minimum), clipped to [0, 100]: no deal, or a deal below its minimum, scores 0"
        ),
        "n_instances": 10,
        "players": 2,
        "textarena_seats": "2-7 by scenario",
        "experiments": {
            "vendor_retailer": {"game_config": "vendor_retailer", "max_rounds": 20, "seats": 2},
            "base": {"game_config": "base", "max_rounds": 50, "seats": 5},
        },
        "view_window": 12000,
        "references": ["random", "concession"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "A balanced plan for the harbour. [Propose] A2 B2 C2 D2 E3",
                    "[Accept]",
                    "Not acceptable. [Reject]",
                    "[Propose] A3 B2 C1 D2 E4",
                    "Let us talk first.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": [
                    "[Accept]",
                    "We need longer hours. [Propose] A3 B3 C2 D3 E2",
                    "No. [Reject]",
                    "[Propose] A2 B2 C2 D2 E3",
                    "Hmm.",
                ],
            },
        ],
        "content": [],
    },
]
