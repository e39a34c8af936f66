"""Repairs of the economic games: TwoDollar, UsedCarNegotiation, Rock-Paper-Scissors, Public Goods, SimpleNegotiation,
ScorableGames (docs/games/economics.md)."""

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
            deal=None,
            round=1,
        )
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
        self.state.add_observation(
            message=f"Round {round_} of {self.max_rounds}: the {self.player_roles[0]} "
            f"(Player 0) moves first, then the {self.player_roles[1]} (Player 1).",
            observation_type=ta.ObservationType.GAME_MESSAGE,
        )

    def step(self, action: str):
        """TextArena's step (:17-53): the same actions, messages and turn order (an offer or a statement passes the
        turn, a rejection does not), with the repairs of the methods it calls."""
        pid = self.state.current_player_id
        action = action.strip()
        self.state.add_observation(
            from_id=pid, to_id=pid, message=f"Your action: {action}", observation_type=ta.ObservationType.PLAYER_ACTION
        )
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
            {"player_id": pid, "action_type": "OFFER", "content": message, "round": self.state.turn}
        )
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
        reason = (
            f"The {self.player_roles[pid]} accepted the {self.player_roles[1 - pid]}'s offer: the car is sold "
            f"for ${price}."
        )
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
            {"player_id": pid, "action_type": "REJECT", "content": message, "round": self.state.turn}
        )
        self.state.add_observation(message=message, observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)

    def _discuss(self, pid: int, action: str):
        """TextArena passes on `action[8:]` (:41), which keeps the colon and the closing bracket (`[Discuss: Hi]`
        was echoed as "The buyer says: : Hi]"); here the statement alone is passed on."""
        content = action[len("[Discuss:") :].strip()
        if content.endswith("]"):
            content = content[:-1].rstrip()
        message = f"The {self.player_roles[pid]} says: {content}"
        self.state.add_observation(message=message, observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)
        self.state.game_state["negotiation_history"].append(
            {"player_id": pid, "action_type": "DISCUSS", "content": message, "round": self.state.turn}
        )

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
        self.state.rewards = {
            pid: self._reward_func(price, self.player_roles[pid]) for pid in range(self.state.num_players)
        }
        for pid in range(self.state.num_players):
            self.state.game_info[pid]["reason"] = reason
        self.state.done = True

    def _reward_func(self, price: int | None, role: str) -> float:
        """TextArena's reward, linear in the price between $7,000 and $10,000 (:75-79), is clipped below at 0 but
        not above at 1: a buyer's $100 deal paid it 3.3 (a seller's $20,000 deal 4.3). Here it lies within [0, 1]."""
        return min(1.0, super()._reward_func(price, role))


class IteratedRockPaperScissorsStateFixes:
    """TextArena 0.7.4's IteratedRockPaperScissors tells a seat its accepted move, "Player 1 selects move paper.",
    as a description sent from the seat itself (IteratedRockPaperScissors/env.py:33, `from_id=player_id`): a context
    showed it as the seat's own words ("[Player 1] Player 1 selects move paper."). It is the game's message."""

    def add_observation(self, message, observation_type, from_id=ta.GAME_ID, to_id=-1):
        if observation_type == ta.ObservationType.GAME_ACTION_DESCRIPTION:
            from_id = ta.GAME_ID
        return super().add_observation(message=message, observation_type=observation_type, from_id=from_id, to_id=to_id)


class PublicGoodsGameFixes:
    """TextArena 0.7.4's PublicGoodsGame writes the game's status into the prompt (PublicGoodsGame/env.py:71-79,
    :112-113), which is sent once: "Round 1 - Communication Round 1 of 3" stood there for the whole game, and no
    message said which communication turn of a round it was. Here each communication turn after the first is
    announced as the prompt words it, "Round 2 - Communication Round 1 of 3", when it begins (the decision phase and
    a new round have TextArena's announcements, :182-187, :258-262); the prompt's line says it is the start (the
    spec's `relabel`: the prompt is part of the instance's fingerprint)."""

    def _handle_conversation_phase(self, action):
        before = self._turn()
        super()._handle_conversation_phase(action)
        self._announce_turn(before)

    def _handle_decision_phase(self, action):
        before = self._turn()
        super()._handle_decision_phase(action)
        self._announce_turn(before)

    def _turn(self) -> tuple:
        game_state = self.state.game_state
        return game_state["round"], game_state["phase"], game_state["conversation_round"]

    def _announce_turn(self, before: tuple):
        """Announces the communication turn that begins, if the action began one."""
        round_, phase, turn = self._turn()
        if self.state.done or phase != "conversation" or (round_, phase, turn) == before:
            return
        self.state.add_observation(
            message=f"Round {round_} - Communication Round {turn + 1} of "
            f"{self.state.game_state['total_conversation_rounds']}",
            observation_type=ta.ObservationType.GAME_MESSAGE,
        )


class SimpleNegotiationFixes:
    """TextArena 0.7.4's SimpleNegotiation lists each seat's resources in its prompt as the ones it "currently
    has" (SimpleNegotiation/env.py:47-52); the prompt is sent once, so after an accepted trade (:86-92) a seat read
    quantities that were no longer its own, and nothing told it the new ones. Here, after every accepted trade, each
    seat is told privately its resources now, with their total value by its own values and the change since the
    start (TextArena's board, renderer.py:11-13, shows the same total; it is not sent). The
    prompt's sentence says that its list is the start of the game (the spec's `relabel`: the prompt is part of the
    instance's fingerprint)."""

    def _attempt_to_execute_trade(self, player_id, action):
        trades = len(self.state.game_state["trade_history"])
        super()._attempt_to_execute_trade(player_id=player_id, action=action)
        if len(self.state.game_state["trade_history"]) > trades:  # the trade was made (env.py:95)
            for pid in range(self.state.num_players):
                self.state.add_observation(
                    to_id=pid, message=self._inventory(pid), observation_type=ta.ObservationType.GAME_MESSAGE
                )

    def _inventory(self, player_id: int) -> str:
        game_state = self.state.game_state
        resources = ", ".join(f"{name} {qty}" for name, qty in game_state["player_resources"][player_id].items())
        worth = game_state["inventory_value"][player_id]
        return (
            f"Your resources after this trade: {resources} (total value by your values: {worth['current']}, "
            f"{worth['change']:+d} since the start)."
        )


# --- ScorableGames (issue 22) ---------------------------------------------------------------------------------------

SCORABLE_GAMES_DATA = Path(__file__).parent / "data" / "scorable_games"


class ScorableGamesFixes:
    """TextArena 0.7.4's ScorableGames (ScorableGames/env.py) as this project plays it.

    - Its scenarios (`games_descriptions/<game_config>/`, env.py:50) are not in the 0.7.4 wheel: `reset` raises
      FileNotFoundError (env.py:107-108). The scenarios are read from `fixes/data/scorable_games/<game_config>/`,
      written for this project in TextArena's formats (global text parsed at env.py:125-161, `config.txt` at
      :163-187, score files at :215-245, briefs with `#A1_NUM`/`#A_MAX_NUM` placeholders at :325-345); a
      `game_config` without a folder there raises the same FileNotFoundError, naming the folder.
    - Without a deal TextArena rewards each seat with its threshold integer (env.py:918-943: 55, 50, ... where every
      other outcome is +1, 0 or -1, so the no-deal seats look like winners): no deal is a draw, 0 for every seat;
      the points each seat then keeps (its threshold) are its payoff, which the game master reads.
    - `[Accept]`/`[Reject]` with no proposal on the table pass the validity check (env.py:465-468), then
      `_process_vote` registers an invalid move (:612-614) while `step` still passes the turn on (:437, :453):
      the seat is told to resubmit but has lost its turn. Such a vote is an invalid move (the seat tries again),
      with a reason that says so.
    - TextArena's invalid-move reasons give `[Propose] A1 B2 C3 D1 E4` as the format whatever the issues
      (env.py:653, :655): the example names the scenario's own issues.
    - After a seat's 4th invalid move in a row TextArena takes a default action for it (`invalid_move_default`,
      env.py:660-664, :670-728: an `[Accept]`, or its best package proposed) and the game goes on with the seat
      marked as an invalid-move loser (state.py:291). Here, as everywhere in this project, that ends the game: the
      seat broke the format, loses (-1), the others draw (0), and no deal is made (so `-conservative`, which differs
      only by that default, plays as the base game).
    - The prompt, sent once, says "Currently, it is Round 1 of 120" for the whole game (env.py:266), and its
      "rounds" are turns: the game ends after `max_rounds` actions of all seats together (env.py:447). The prompt
      says so, and every observation of the seat on turn ends with the current turn. It also says that making a
      proposal does not count as accepting it (env.py:577-579 clears the votes; the proposer's acceptance is its
      `[Accept]`, or the same package proposed again, :546-549).
    - An accepted deal sets no reason (env.py:821-916): the seats' reasons name the deal and what each seat scored.
    - TextArena announces a seat's words (the text before its action) as the game's own message (env.py:517, :619),
      so the bounded views' clip of a seat's words does not reach them: the words are clipped to their last
      `WORDS_CLIP` characters, as the views clip every seat's reply elsewhere (clem_observation_wrapper.CLIP_CHARS).
    """

    WORDS_CLIP = 1000
    ACTIONS = ("[Propose]", "[Accept]", "[Reject]")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game_dir = str(SCORABLE_GAMES_DATA / self.game_config)

    def step(self, action):
        found = [index for index in (action.find(token) for token in self.ACTIONS) if index >= 0]
        if found and min(found) > self.WORDS_CLIP:
            action = "…" + action[min(found) - self.WORDS_CLIP :]
        return super().step(action)

    def _is_valid_action(self, action):
        if ("[Accept]" in action or "[Reject]" in action) and "[Propose]" not in action and not self.current_deal:
            return False
        return super()._is_valid_action(action)

    def _format_example(self) -> str:
        return "[Propose] " + " ".join(f"{issue}1" for issue in sorted(self.issues))

    def _handle_invalid_action(self, player_id, action):
        example = self._format_example()
        if "[Propose]" in action:
            reason = (
                f"Invalid proposal. Use {example}: exactly one option of every issue ("
                f"{', '.join(sorted(self.issues))}), on the line of [Propose]."
            )
        elif "[Accept]" in action or "[Reject]" in action:
            reason = f"There is no proposal on the table to accept or reject yet: make one, e.g. {example}."
        else:
            reason = f"Invalid action. Use {example} (one option of every issue), [Accept] or [Reject]."
        if self.state.set_invalid_move(reason):
            self._apply_default_action(player_id)
            return True
        return False

    def _apply_default_action(self, player_id):
        state, name = self.state, self.player_configs[player_id]["agent_name"]
        reason = (
            f"{name} (Player {player_id}) made {self.error_allowance + 1} invalid moves in a row; the game ends "
            f"there without a deal."
        )
        state.rewards = {pid: -1 if pid == player_id else 0 for pid in range(state.num_players)}
        for pid in range(state.num_players):
            state.game_info[pid]["reason"] = reason
        state.add_observation(message=reason, observation_type=ta.ObservationType.GAME_ADMIN)
        state.done = True

    def _end_game(self):
        if self.state.done:  # a seat's violation ended the game in this step already
            return
        super()._end_game()
        if "score" in self.state.game_info[0]:
            deal = " ".join(option for _, option in sorted(self.current_deal.items()))
            for pid, info in self.state.game_info.items():
                threshold = self.player_scores[pid]["threshold"]
                info["reason"] = (
                    f"Deal accepted: {deal}; {self.player_configs[pid]['agent_name']} scored "
                    f"{info['score']} points against its minimum of {threshold}."
                )

    def _handle_no_deal(self):
        super()._handle_no_deal()
        self.state.rewards = {pid: 0 for pid in range(self.state.num_players)}
        for pid in range(self.state.num_players):
            self.state.game_info[pid]["reason"] = (
                f"No deal after {self.max_rounds} turns: each party keeps its minimum acceptable score."
            )

    def _generate_player_prompt(self, player_id, game_state):
        prompt = super()._generate_player_prompt(player_id, game_state)
        turns, seats = self.max_rounds, self.state.num_players
        prompt = prompt.replace(
            f"- This is a {seats}-player negotiation game with {turns} rounds maximum.\n"
            f"- Currently, it is Round {self.state.turn + 1} of {turns}.",
            f"- This is a {seats}-player negotiation game of at most {turns} turns in all: the parties act in turn, "
            f"one action per turn (about {turns // seats} turns each). The current turn is shown at the end of "
            f"every message you get.",
        )
        prompt = prompt.replace(
            "- The game ends when a deal is accepted or max rounds reached.",
            "- The game ends when a deal is accepted or after the last turn.",
        )
        prompt = prompt.replace("If no deal is reached after max rounds,", "If no deal is reached by the last turn,")
        return prompt.replace(
            "VOTING RULES:\n",
            "VOTING RULES:\n- Votes are on the proposal on the table (the latest one); a new proposal clears them. "
            "Making a proposal does not count as accepting it: accept it on your next turn ([Accept]) or propose "
            "the same package again.\n",
        )

    def get_observation(self):
        player_id, observation = super().get_observation()
        turn, turns = self.state.turn + 1, self.max_rounds
        observation.append(
            (
                ta.GAME_ID,
                f"Turn {turn} of {turns}: without an accepted deal the game ends after turn {turns}.",
                ta.ObservationType.GAME_BOARD,
            )
        )
        return player_id, observation


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.TwoDollar.env:TwoDollarEnv": Fixes(env=(TwoDollarFixes,)),
    "textarena.envs.UsedCarNegotiation.env:UsedCarNegotiationEnv": Fixes(env=(UsedCarNegotiationFixes,)),
    # registered as UsedCar-v0-balanced (envs/__init__.py:379), a module renamed to UsedCarNegotiation before release:
    # UsedCarNegotiation's class, with the same fixes
    "textarena.envs.UsedCar.env:UsedCarEnv": Fixes(
        env=(UsedCarNegotiationFixes,), stand_in="textarena.envs.UsedCarNegotiation.env:UsedCarNegotiationEnv"
    ),
    "textarena.envs.ScorableGames.env:ScorableGamesEnv": Fixes(env=(ScorableGamesFixes,)),
    "textarena.envs.SimpleNegotiation.env:SimpleNegotiationEnv": Fixes(env=(SimpleNegotiationFixes,)),
    "textarena.envs.PublicGoodsGame.env:PublicGoodsGameEnv": Fixes(env=(PublicGoodsGameFixes,)),
    "textarena.envs.IteratedRockPaperScissors.env:IteratedRockPaperScissorsEnv": Fixes(
        state=(IteratedRockPaperScissorsStateFixes,)
    ),
}
