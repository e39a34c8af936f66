"""Repairs of the economic games: TwoDollar, UsedCarNegotiation (docs/games/economics.md)."""
import random
import re
from pathlib import Path

import textarena as ta

from fixes.common import Fixes


class TwoDollarFixes:
    """TextArena 0.7.4's TwoDollar draws the two secret roles with `random.sample` over its role files in `os.listdir`
    order (TwoDollar/env.py:66, :130), which depends on the file system: the roles are sorted by name, so that a seed
    draws the same roles on every machine."""

    def _load_available_roles(self):
        return dict(sorted(super()._load_available_roles().items()))


class UsedCarNegotiationFixes:
    """TextArena 0.7.4's UsedCarNegotiation (UsedCarNegotiation/env.py), playable and played by its stated rules.

    - Data: the price guide and the four briefs (buyer/seller x strong/weak alternative) are not in the 0.7.4 wheel
      (FileNotFoundError at :15 and :82); they are written here, in fixes/data/used_car/instructions/, and read from
      there (`game_dir`). Each brief names its seat's best alternative to a deal; the weak ones lie at the ends of
      the $7,000-$10,000 range TextArena's reward is linear in (:9, :75-79), the strong ones inside it, so that every
      pairing leaves room for a deal (`ALTERNATIVES`).
    - The alternatives are drawn after seeding and by role (`reset`, `_draw_strengths`, `_load_instruction`).
    - `step` is TextArena's (:17-53) with its endings repaired: an `[Accept]` with nothing to accept is a warned
      invalid move only (`_accept`), a price is read whole (`_price`), the discuss echo drops the bracket syntax
      (`_discuss`), the limit counts rounds and ends without a deal (`_end_of_turn`), and the reward stays within
      [0, 1] (`_reward_func`).
    """

    DATA = Path(__file__).resolve().parent / "data" / "used_car"
    # each role's best alternative to a deal, in dollars, by the strength of its brief
    ALTERNATIVES = {"buyer": {"strong": 8800, "weak": 10000}, "seller": {"strong": 8200, "weak": 7000}}
    # TextArena's draw for the plain id (:11): (buyer's, seller's) strength
    PAIRINGS = (("strong", "weak"), ("weak", "strong"), ("strong", "strong"))

    def __init__(self, max_rounds: int = 10, batna: tuple[str, str] | None = None):
        """TextArena's constructor draws the plain id's alternatives with `random.choice` (:11), before any seed is
        set: the env alone draws from whatever state the process's RNG is in, and the instance cannot say which game
        it is. Here nothing is drawn in the constructor (`batna` None: drawn in `reset`, after seeding)."""
        super().__init__(max_rounds=max_rounds, batna=batna or self.PAIRINGS[-1])
        self.pairing = tuple(batna) if batna else None  # (buyer's, seller's) strength; TextArena's `batna` is unread

    @property
    def game_dir(self) -> str:
        """The folder TextArena reads `instructions/blue_book.txt` (:15) and `instructions/<role>/<strength>.txt`
        (:82) from: this package's texts, which the 0.7.4 wheel lacks (TextArena's constructor sets its own folder,
        :13, which is ignored)."""
        return str(self.DATA)

    @game_dir.setter
    def game_dir(self, folder: str):
        pass

    def _draw_strengths(self) -> dict[str, str]:
        """Each role's brief. TextArena gives `batna[i]` to Player i (:58-59), whose role it draws at random (:57): its
        `-strong-buyer` id (batna ("strong", "weak"), envs/__init__.py:377) made the seller strong in half the games.
        Here `batna` is (buyer's, seller's), as the ids name them (`pairing`); the plain id draws one of TextArena's three
        pairings (:11) in reset, after the state has seeded the process's RNG (`_load_instruction`)."""
        return dict(zip(("buyer", "seller"), self.pairing or random.choice(self.PAIRINGS)))

    def reset(self, num_players: int, seed: int | None = None):
        """TextArena's reset (:55-59), which seeds the process's RNG, draws the roles and loads the briefs; the
        alternatives are drawn then (`_load_instruction`). The game state also records each seat's brief and
        alternative (the instance's content), the deal (None until an offer is accepted) and the round, which is
        announced."""
        self.strengths = None
        result = super().reset(num_players=num_players, seed=seed)
        roles = self.player_roles
        self.state.game_state.update(
            briefs={pid: f"{role}/{self.strengths[role]}" for pid, role in roles.items()},
            alternatives={pid: self.ALTERNATIVES[role][self.strengths[role]] for pid, role in roles.items()},
            deal=None, round=1)
        self._announce_round()
        return result

    def _load_instruction(self, role: str, batna: str) -> str:
        """The role's brief by its own strength (`_draw_strengths`, drawn at the first call of a reset), not by
        TextArena's `batna[i]` of the seat (:58)."""
        if self.strengths is None:
            self.strengths = self._draw_strengths()
        return super()._load_instruction(role, self.strengths[role])

    def _announce_round(self):
        round_ = self.state.game_state["round"]
        self.state.add_observation(message=f"Round {round_} of {self.max_rounds}: the {self.player_roles[0]} "
                                           f"(Player 0) moves first, then the {self.player_roles[1]} (Player 1).",
                                   observation_type=ta.ObservationType.GAME_MESSAGE)

    def step(self, action: str):
        """TextArena's step (:17-53): the same actions, messages and turn order (an offer or a statement passes the
        turn, a rejection does not), with the repairs of the methods it calls."""
        pid = self.state.current_player_id
        action = action.strip()
        self.state.add_observation(from_id=pid, to_id=pid, message=f"Your action: {action}",
                                   observation_type=ta.ObservationType.PLAYER_ACTION)
        command = action.upper()
        if command.startswith("[OFFER:"):
            self._offer(pid, action)
        elif command == "[ACCEPT]":
            self._accept(pid)
        elif command == "[REJECT]":
            self._reject(pid)
        elif command.startswith("[DISCUSS:"):
            self._discuss(pid, action)
        else:
            self.state.set_invalid_move(reason="You were not specifying a valid action.")
        passes = command.startswith(("[DISCUSS:", "[OFFER:")) and not self.state.made_invalid_move
        if passes and not self.state.done:
            self._end_of_turn(pid)
        return self.state.step(rotate_player=passes)

    def _price(self, action: str) -> int | None:
        """The offered price. TextArena takes the first run of digits anywhere in the reply (:24): `[Offer: $8,500]`
        offered $8. Here the number after `[Offer:` is read whole, thousands separators included; 0 is no price
        (TextArena's `if not offer` would take an offer of 0 for none, :32)."""
        match = re.match(r"\[offer:\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)", action, re.IGNORECASE)
        price = int(match.group(1).replace(",", "")) if match else 0
        return price or None

    def _offer(self, pid: int, action: str):
        """TextArena's offer (:22-30), with the price read by `_price`."""
        price = self._price(action)
        if price is None:
            self.state.set_invalid_move(reason="You were not specifying a valid price.")
            return
        message = f"The {self.player_roles[pid]} proposed a price of ${price}."
        self.state.game_state["current_offer"][pid] = price
        self.state.game_state["negotiation_history"].append(
            {"player_id": pid, "action_type": "OFFER", "content": message, "round": self.state.turn})
        self.state.add_observation(message=message, observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)

    def _accept(self, pid: int):
        """TextArena warns an `[Accept]` with no offer of the other seat on the table (:32) and then ends the game
        all the same, paying the missing offer as 0 to both (:48-51): here it is a warned invalid move only, and the
        seat plays on. An accepted offer ends the game at its price, announced to both seats (TextArena announced
        nothing, :33)."""
        price = self.state.game_state["current_offer"][1 - pid]
        if not price:
            self.state.set_invalid_move(reason="There is no offer to accept.")
            return
        self.state.game_state["deal"] = price
        reason = f"The {self.player_roles[pid]} accepted the {self.player_roles[1 - pid]}'s offer: the car is sold " \
                 f"for ${price}."
        self.state.add_observation(message=reason, observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)
        self._end(price, reason)

    def _reject(self, pid: int):
        """TextArena's rejection (:35-40), except that a rejection with no offer to reject is only warned: TextArena
        went on to announce it as a rejection (:36-40)."""
        if not self.state.game_state["current_offer"][1 - pid]:
            self.state.set_invalid_move(reason="There is no offer to reject.")
            return
        message = f"The {self.player_roles[pid]} rejected the offer."
        self.state.game_state["current_offer"][1 - pid] = None
        self.state.game_state["negotiation_history"].append(
            {"player_id": pid, "action_type": "REJECT", "content": message, "round": self.state.turn})
        self.state.add_observation(message=message, observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)

    def _discuss(self, pid: int, action: str):
        """TextArena passes on `action[8:]` (:41), which keeps the colon and the closing bracket (`[Discuss: Hi]`
        was echoed as "The buyer says: : Hi]"); here the statement alone is passed on."""
        content = action[len("[Discuss:"):].strip()
        if content.endswith("]"):
            content = content[:-1].rstrip()
        message = f"The {self.player_roles[pid]} says: {content}"
        self.state.add_observation(message=message, observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)
        self.state.game_state["negotiation_history"].append(
            {"player_id": pid, "action_type": "DISCUSS", "content": message, "round": self.state.turn})

    def _end_of_turn(self, pid: int):
        """TextArena ends the game once `state.turn`, which counts every valid step (rejections too), reaches
        `max_rounds` (:48): its "maximum of 10 rounds" (:63) were 10 moves, 5 per seat. And it pays both seats the
        last offer of the seat on turn's opponent as if accepted (:49), though nobody accepted it. Here a round is
        a turn of each seat (Player 0, then Player 1; a turn ends with an offer or a statement), the next round is
        announced, and after the last one the game ends without a deal: both seats get 0, TextArena's reward for
        no deal (:76)."""
        if pid != self.state.num_players - 1:
            return
        game_state = self.state.game_state
        if game_state["round"] >= self.max_rounds:
            reason = f"No offer was accepted in the {self.max_rounds} rounds: there is no deal."
            self.state.add_observation(message=reason, observation_type=ta.ObservationType.GAME_MESSAGE)
            self._end(None, reason)
            return
        game_state["round"] += 1
        self._announce_round()

    def _end(self, price: int | None, reason: str):
        self.state.rewards = {pid: self._reward_func(price, self.player_roles[pid])
                              for pid in range(self.state.num_players)}
        for pid in range(self.state.num_players):
            self.state.game_info[pid]["reason"] = reason
        self.state.done = True

    def _reward_func(self, price: int | None, role: str) -> float:
        """TextArena's reward, linear in the price between $7,000 and $10,000 (:75-79), is clipped below at 0 but
        not above at 1: a buyer's $100 deal paid it 3.3 (a seller's $20,000 deal 4.3). Here it lies within [0, 1]."""
        return min(1.0, super()._reward_func(price, role))


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.TwoDollar.env:TwoDollarEnv": Fixes(env=(TwoDollarFixes,)),
    "textarena.envs.UsedCarNegotiation.env:UsedCarNegotiationEnv": Fixes(env=(UsedCarNegotiationFixes,)),
    # registered as UsedCar-v0-balanced (envs/__init__.py:379), a module renamed to UsedCarNegotiation before release:
    # UsedCarNegotiation's class, with the same fixes
    "textarena.envs.UsedCar.env:UsedCarEnv": Fixes(
        env=(UsedCarNegotiationFixes,), stand_in="textarena.envs.UsedCarNegotiation.env:UsedCarNegotiationEnv"),
}
