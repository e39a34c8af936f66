"""Masters of the economics games between seats: social dilemmas, Ultimatum, Colonel Blotto, Public Goods, Market
Entry, the blind auction and the negotiations (docs/games/economics.md)."""
import re

from textarena.core import ObservationType

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
            self.log_to_self("default action", f"{seat.name}'s decision names no action; TextArena takes it as "
                                               f"{self.DEFAULT}.")
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
        return {"mutual stag": int(env.mutual_stag_payoff), "mutual hare": int(env.mutual_hare_payoff),
                "single stag": int(env.single_stag_payoff), "single hare": int(env.single_hare_payoff)}

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
            state.set_game_outcome({p: -1 if p == pid else 0 for p in range(state.num_players)},
                                   reason=f"Player {pid} was eliminated for repeated invalid moves ({invalid_move}); "
                                          f"the game ends there.")
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
        return {"seat": [rounds * env.overcrowding_penalty, rounds * env.entry_profit],
                "all": [rounds * seats * env.overcrowding_penalty, rounds * best]}


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
        return {"seat": {f"Player {pid}": [-bound * value, bound * value] for pid, value in initial.items()},
                "all": [-bound * sum(initial.values()), bound * sum(initial.values())]}


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
        return {"seat": {f"Player {pid}": [-sum(own.values()), sum(own.values())] for pid, own in values.items()},
                "all": [-best, best]}


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
        return {pid: float(sum(preferences[pid][issue][choice] for issue, choice in accepted["choices"].items()))
                for pid in (0, 1)}

    def payoff_scale(self):
        points = self.ta_env.point_value_dict.values()  # per issue: {choice: [Recruiter's, Candidate's points]}

        def bounds(value):
            return [sum(min(map(value, issue.values())) for issue in points),
                    sum(max(map(value, issue.values())) for issue in points)]
        return {"seat": {f"Player {pid}": bounds(lambda pair, pid=pid: pair[pid]) for pid in (0, 1)},
                "all": bounds(sum)}



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
        joint = sum(max(sum(tables[pid][issue][option] for pid in tables) for option in env.issues[issue]["options"])
                    for issue in issues) + max(self._bonus(pid) for pid in tables)
        return {"seat": {f"Player {pid}": [table["threshold"], best(pid)] for pid, table in tables.items()},
                "all": [sum(table["threshold"] for table in tables.values()), joint]}

    def content(self):
        env = self.ta_env
        return {**super().content(), "scenario": env.game_config,
                "parties": [config["agent_name"] for _, config in sorted(env.player_configs.items())]}

    def _on_before_game(self):
        env = self.ta_env
        self._secrets = {}
        for pid, config in env.player_configs.items():
            table = "\n".join(f"{issue}: {scores}" for issue, scores in env.player_scores[pid].items()
                              if issue != "threshold")
            self._secrets[pid] = [table, env._fill_scores_in_instructions(pid)]

    def secrets(self):
        return self._secrets

    def _on_after_game(self, rewards):
        self.log_key("deal", self.deal())
        super()._on_after_game(rewards)
