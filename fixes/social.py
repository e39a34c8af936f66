"""Repairs of the social games: Truth and Deception, Secret Mafia, Character Conclave (docs/games/social.md).
Secret Mafia and Settlers of Catan also end at their first elimination (`common.EndAtTheFirstElimination`); Character
Conclave plays on after one (only its vote is left), the eliminated seat losing."""

import re

import textarena as ta
from textarena.core import ObservationType

from fixes.common import EndAtTheFirstElimination, Fixes


class TruthAndDeceptionFixes:
    """TextArena 0.7.4's TruthAndDeception checks the guess with two separate searches (TruthAndDeception/env.py:13-14,
    :75-76), so a reply naming both facts always wins. A guess counts only when it names one fact: a reply naming both
    is a broken format, which TextArena warns about and then punishes like any other."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.guess_fact1_pattern = re.compile(r"^(?!.*\[Fact 2\]).*\[Fact 1\]", re.IGNORECASE | re.DOTALL)
        self.guess_fact2_pattern = re.compile(r"^(?!.*\[Fact 1\]).*\[Fact 2\]", re.IGNORECASE | re.DOTALL)


class SecretMafiaEndsAtTheFirstElimination(EndAtTheFirstElimination):
    """Secret Mafia's sides are its teams: a Mafia member eliminated for repeated invalid moves loses with the Mafia,
    a Villager, Doctor or Detective with the Village (the roles of SecretMafia/env.py:117-140)."""

    def side_of(self, pid: int) -> set[int]:
        roles = self.env.state.game_state["player_roles"]
        mafia = roles[pid] == "Mafia"
        return {other for other, role in roles.items() if (role == "Mafia") == mafia}


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
    "textarena.envs.TruthAndDeception.env:TruthAndDeceptionEnv": Fixes(env=(TruthAndDeceptionFixes,)),
    "textarena.envs.SecretMafia.env:SecretMafiaEnv": Fixes(wrappers=(SecretMafiaEndsAtTheFirstElimination,)),
    "textarena.envs.SettlersOfCatan.env:SettlersOfCatanEnv": Fixes(wrappers=(EndAtTheFirstElimination,)),
    "textarena.envs.CharacterConclave.env:CharacterConclaveEnv": Fixes(
        env=(CharacterConclaveFixes,), state=(CharacterConclaveStateFixes,)
    ),
}
