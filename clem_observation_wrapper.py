"""Turns TextArena observations into clem contexts."""
import re

import textarena as ta
from textarena.core import ObservationType

MOVE = re.compile(r"\[[^\[\]]*\]")


class ClemObservationWrapper(ta.ObservationWrapper):
    """A TextArena ObservationWrapper whose observations are clem contexts.

    `get_observation()` returns `(player_id, {"role": "user", "content": ...})`. TextArena hands each player
    everything queued since that player's last turn, so a player's first context starts with TextArena's
    game prompt; later contexts hold only what is new. Each message is labelled by its sender as TextArena
    names them (`[GAME]`, `[Player 0]`, ...); the player's own echoed action is left out because the
    player's message history already holds its reply.

    TextArena shows every seat the other seats' whole replies. In games with hidden information whose replies are
    moves, not table talk (`moves_only`: card games, dice), a model that reasons aloud ("with my King I bet") would
    give its secrets away; there the other seats see only the bracketed moves of a reply.
    """

    def __init__(self, env, moves_only: bool = False):
        super().__init__(env)
        self.moves_only = moves_only

    def observation(self, player_id: int, observation: list) -> dict:
        state = self.env.state  # looked up once: the wrappers' attribute forwarding costs a call per hop
        names = state.role_mapping
        # TextArena 0.7.4's TowerOfHanoi and Wordle record the move without a sender (as GAME); in a one-player
        # game that can only be the player's own move
        own = (player_id, ta.GAME_ID) if state.num_players == 1 else (player_id,)
        lines = []
        for sender_id, message, observation_type in observation:
            if observation_type == ObservationType.PROMPT:
                lines.append(message.strip())
                continue
            if observation_type == ObservationType.PLAYER_ACTION:
                if sender_id in own:
                    continue
                if self.moves_only:
                    message = " ".join(MOVE.findall(message)) or "(no move)"
            lines.append(f"[{names.get(sender_id, f'Player {sender_id}')}] {message.strip()}")
        # An empty context would be rejected by most backends; TextArena always queues something for the
        # player on turn in the games wired so far, so this only guards future games.
        content = "\n\n".join(lines) or f"[{names.get(ta.GAME_ID, f'Player {ta.GAME_ID}')}] It is your turn."
        return {"role": "user", "content": content}
