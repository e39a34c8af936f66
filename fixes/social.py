"""Repairs of the social games: Secret Mafia, Settlers of Catan, Character Conclave
(docs/games/social.md).
Secret Mafia and Settlers of Catan also end at their first elimination (`common.EndAtTheFirstElimination`); Character
Conclave plays on after one (only its vote is left), the eliminated seat losing."""

import textarena as ta
from textarena.core import ObservationType

from fixes.common import EndAtTheFirstElimination, Fixes


class SecretMafiaEndsAtTheFirstElimination(EndAtTheFirstElimination):
    """Secret Mafia's sides are its teams: a Mafia member eliminated for repeated invalid moves loses with the Mafia,
    a Villager, Doctor or Detective with the Village (the roles of SecretMafia/env.py:117-140)."""

    def side_of(self, pid: int) -> set[int]:
        roles = self.env.state.game_state["player_roles"]
        mafia = roles[pid] == "Mafia"
        return {other for other, role in roles.items() if (role == "Mafia") == mafia}


class SettlersOfCatanFixes:
    """TextArena 0.7.4's SettlersOfCatan (an env mixin; its state's repair is `SettlersOfCatanStateFixes`).

    - The count of actions left ("You have 9 moves left in your turn.", SettlersOfCatan/env.py:167, 172) is
      `allowance - move_count`, which is true only after a build, whose action is counted after its board is drawn
      (:230-231); a turn starts at `move_count` 1 (:191) and [done] counts before drawing (:284-289), so a seat with
      10 actions read 9. The first turn started at 0 (:81), 11 actions under a board saying 10, against the prompt's
      "up to 10 actions" (:105): it starts at 1 too, so that every turn has the prompt's 10 actions and every board
      counts them as they are (the first board's text is unchanged).
    - The seats of a negotiation are never shown their hand during it (the TODO of env.py:19): a seat chosen as
      partner before its first turn had no hand and no board in its context, and a trade left every board of both
      stale. Whenever a negotiation hands a seat the turn, it is sent its board (scores, map, its hand as it is now)
      and where it stands in the negotiation; the seat leading it also its actions left, which every message it
      sends uses (:313, :284).
    """

    def reset(self, num_players: int, seed=None):
        self._builder = None
        super().reset(num_players=num_players, seed=seed)
        self.state.game_state["move_count"] = 1

    def step(self, action: str):
        state = self.state
        # the seat whose build may draw a board in this step, before TextArena counts its action (env.py:230-231)
        self._builder = state.current_player_id if state.game_state["turn_phase"] == "action" else None
        try:
            done, info = super().step(action)
        finally:
            self._builder = None
        if not done and state.game_state["turn_phase"] == "negotiation":
            self._render_negotiation_board()
        return done, info

    def _render_board_state(self):
        game_state = self.state.game_state
        used = game_state["move_count"]
        # TextArena writes `allowance - move_count`: right for a build's board, one action too few for every other
        # (a turn's start, [done], and the reset, whose first turn starts at 1 here)
        game_state["move_count"] = used if self.state.current_player_id == self._builder else max(used, 1) - 1
        try:
            super()._render_board_state()
        finally:
            game_state["move_count"] = used

    def _render_negotiation_board(self):
        from textarena.envs.SettlersOfCatan.game_engine import render_board  # imported with the env, not before

        state, game_state = self.state, self.state.game_state
        pid, leader, partner = state.current_player_id, game_state["main_negotiator"], game_state["negotiation_partner"]
        colour = self.board.str_to_enum(color_str=self.roles[pid])
        # as TextArena draws a seat's board (env.py:156-172), without the moves of its action phase
        eliminated = game_state["eliminated_players"]
        score_lines = [
            f"{str(c):6} {rec['total']:>2} VP   (S:{rec['settlements']}  C:{rec['cities']}  R:{rec['roads']}) "
            f"{'(eliminated)' if self.pids_from_roles[str(c)] in eliminated else ''}"
            for c, rec in self.board.get_scores().items()
        ]
        hand_cards = "\n\t".join(f"{k.name.lower()}: {v}" for k, v in self.board.players[colour].hand.items())
        if pid == leader:
            left = game_state["move_allowance"] - game_state["move_count"] + 1
            where = (
                f"You are negotiating with Player {partner} ({self.roles[partner]}). You have {left} moves left in "
                "your turn: every message you send uses one, and '[done]' ends the negotiation."
            )
        else:
            where = (
                f"Player {leader} ({self.roles[leader]}) is negotiating with you on its turn: answer an offer made to "
                "you with '[accept]' or '[deny]', make your own as '[Offer: 1 Wood -> 1 Brick]', or just talk."
            )
        message = "\n".join(
            [
                f"{'=' * 24}  {colour.name}  {'=' * 24}",
                "Scores\n───────",
                "\n".join(score_lines),
                "",
                "Board\n──────",
                render_board(self.board),
                "",
                f"Your hand cards are:\n\t{hand_cards}",
                "",
                "Negotiation\n───────────",
                where,
            ]
        )
        state.add_observation(to_id=pid, message=message, observation_type=ObservationType.GAME_BOARD)


class SettlersOfCatanStateFixes:
    """TextArena 0.7.4's SettlersOfCatan sends each negotiation reply to its own seat twice: as the seat's move
    (SettlersOfCatan/env.py:199) and as a description from the seat to itself (:280, :320), which the partner gets
    too (:279, :319). The copy to itself is left out: a seat reads its reply once, as its move."""

    def add_observation(self, message: str, observation_type, from_id: int = ta.GAME_ID, to_id: int = -1):
        if observation_type == ObservationType.GAME_ACTION_DESCRIPTION and from_id == to_id != ta.GAME_ID:
            return None
        return super().add_observation(message=message, observation_type=observation_type, from_id=from_id, to_id=to_id)


class CharacterConclaveFixes:
    """TextArena 0.7.4's CharacterConclave (an env mixin; its state's repairs are `CharacterConclaveStateFixes`).

    The discussion has a bound: TextArena ends it only when every seat has spent its whole character budget
    (CharacterConclave/env.py:66), and an empty message costs nothing (:32-35), so a seat that sends empty messages
    keeps the discussion going for ever. Here an empty (or blank) message ends that seat's discussion, and every seat
    speaks at most `MAX_MESSAGES` times (ten rounds), each message at most `MESSAGE_CHARS` characters, longer ones cut
    as TextArena cuts a message at the budget (:32-33): at most 1,000 characters is what the bounded view passes on
    of a reply, and ten of them spend the largest budget TextArena registers (10,000). The prompt says so, and after
    each message the seat is told the characters and messages it has left.
    The vote is counted by the rules the prompt states (`_vote_counts`, `_rewards`).
    """

    MESSAGE_CHARS = 1000
    MAX_MESSAGES = 10

    def reset(self, num_players: int, seed=None):
        super().reset(num_players=num_players, seed=seed)
        self.state.game_state.update(
            messages_sent={pid: 0 for pid in range(num_players)},
            ended_discussion={pid: False for pid in range(num_players)},
        )

    def _prompt(self, player_id: int, game_state) -> str:
        return super()._prompt(player_id=player_id, game_state=game_state) + (
            f"\nEach message is at most {self.MESSAGE_CHARS:,} characters (a longer one is cut), and each player sends "
            f"at most {self.MAX_MESSAGES} messages. An empty message ends your part in the discussion. The vote "
            f"begins when every player has used its budget, sent {self.MAX_MESSAGES} messages or ended its part.\n"
        )

    def step(self, action: str):
        state = self.state
        if state.game_state["phase"] != "discussion":
            return super().step(action)
        pid = state.current_player_id
        action = action[: self.MESSAGE_CHARS]
        if action.strip():
            state.game_state["messages_sent"][pid] += 1
            result = super().step(action)
            if state.game_state["phase"] != "discussion":
                return result
            # TextArena keeps the budgets in its board (CharacterConclave/renderer.py), which it never sends
            left, sent = state.game_state["budget_remaining"][pid], state.game_state["messages_sent"][pid]
            state.add_observation(
                to_id=pid,
                message=f"You have {left:,} characters and "
                f"{max(self.MAX_MESSAGES - sent, 0) if left else 0} messages left.",
                observation_type=ObservationType.GAME_MESSAGE,
            )
            return result
        state.game_state["ended_discussion"][pid] = True
        state.add_observation(
            message=f"Player {pid} has ended its part in the discussion.",
            observation_type=ObservationType.GAME_ACTION_DESCRIPTION,
        )
        self._attempt_player_rotation_discussion()
        return state.step(rotate_player=False)

    def _attempt_player_rotation_discussion(self) -> None:
        """The next seat that may still speak (CharacterConclave/env.py:66 asks only for budget left)."""
        game_state = self.state.game_state
        self._rotate_player(
            can_take_turn=lambda pid: (
                game_state["budget_remaining"][pid] > 0
                and not game_state["ended_discussion"][pid]
                and game_state["messages_sent"][pid] < self.MAX_MESSAGES
            ),
            on_exhausted=self._end_discussion_phase,
        )

    def _vote_counts(self) -> dict[int, int]:
        """Votes per seat: only the votes of seats still in the game count (CharacterConclave/env.py:87 drops the
        votes for an eliminated seat but counts those cast by one), and a seat eliminated for invalid votes receives
        none (as TextArena has it)."""
        out = set(self.state.elimination_order)
        counts = {pid: 0 for pid in range(self.state.num_players) if pid not in out}
        for voter, target in self.state.game_state["votes"].items():
            if voter not in out and target in counts:
                counts[target] += 1
        return counts

    def _rewards(self, counts: dict[int, int]) -> dict[int, float]:
        """The seats with the most votes win (1), the others lose (-1); when every seat still in the game has as many
        votes as the others, the vote is a draw (0). TextArena 0.7.4 gives -1 to every seat tied with the fewest votes
        first (CharacterConclave/env.py:94), so an all-tied vote loses for everybody, and ranks the seats between on
        a scale (:96). A seat eliminated for invalid votes loses (:98)."""
        most = max(counts.values(), default=0)
        tied = len(set(counts.values())) <= 1
        return {
            pid: -1.0 if pid not in counts else 0.0 if tied else 1.0 if counts[pid] == most else -1.0
            for pid in range(self.state.num_players)
        }

    def _check_and_evaluate_outcome(self):
        """TextArena's count (CharacterConclave/env.py:83-99) with `_vote_counts` and `_rewards`."""
        state = self.state
        if len(state.game_state["votes"]) < state.num_players:
            return
        counts = self._vote_counts()
        rewards = self._rewards(counts)
        tally = ", ".join(f"Player {pid}: {count}" for pid, count in counts.items())
        winners = [pid for pid, reward in rewards.items() if reward > 0]
        if winners:
            reason = f"Player(s) {winners} win(s) with the most votes ({tally})."
        else:
            reason = f"Every player has as many votes as the others ({tally}): a draw."
        state.set_game_outcome(reward_dict=rewards, reason=reason)


class CharacterConclaveStateFixes:
    """TextArena 0.7.4's CharacterConclave state (its FFAMultiPlayerState).

    - CharacterConclave/env.py:34, :45, :50 and :70 call `add_observation` without its required `observation_type`
      (textarena/core.py:66): the first step raises TypeError. The type follows who speaks to whom: a seat's message
      is a PLAYER_ACTION, the game's private answer to a vote a GAME_ACTION_DESCRIPTION, its announcement to all a
      GAME_MESSAGE. The note to a seat eliminated by its second invalid vote (:45) says "invalid vote: None"; it says
      what happened instead.
    - A seat eliminated for its second invalid vote stays on turn and votes again, its new vote replacing the void
      one (env.py:43-44, :52): `manually_set_current_player_id` ignores the rotation while the invalid move is
      pending (textarena/state.py:176-179). A seat out of the game gives the turn up.
    """

    def add_observation(self, message: str, observation_type=None, from_id: int = ta.GAME_ID, to_id: int = -1):
        if observation_type is None:
            if from_id != ta.GAME_ID:
                observation_type = ObservationType.PLAYER_ACTION
            elif to_id != -1:
                observation_type = ObservationType.GAME_ACTION_DESCRIPTION
                if message.startswith("You have submitted and invalid vote"):
                    observation_type = ObservationType.GAME_ADMIN
                    message = "Your second invalid vote in a row eliminates you: you have no vote, and you lose."
            else:
                observation_type = ObservationType.GAME_MESSAGE
        return super().add_observation(message=message, observation_type=observation_type, from_id=from_id, to_id=to_id)

    def manually_set_current_player_id(self, new_player_id: int, force: bool = False):
        return super().manually_set_current_player_id(
            new_player_id=new_player_id, force=force or self.current_player_id in self.elimination_order
        )


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.SecretMafia.env:SecretMafiaEnv": Fixes(wrappers=(SecretMafiaEndsAtTheFirstElimination,)),
    "textarena.envs.SettlersOfCatan.env:SettlersOfCatanEnv": Fixes(
        env=(SettlersOfCatanFixes,), state=(SettlersOfCatanStateFixes,), wrappers=(EndAtTheFirstElimination,)
    ),
    "textarena.envs.CharacterConclave.env:CharacterConclaveEnv": Fixes(
        env=(CharacterConclaveFixes,), state=(CharacterConclaveStateFixes,)
    ),
}
