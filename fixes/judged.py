"""Repairs of the LLM-judged games: GuessWho, ScenarioPlanning (docs/games/judged.md)."""

import textarena as ta

from clem_observation_wrapper import CLIP_CHARS
from fixes.common import Fixes


class GuessWhoStateFixes:
    """TextArena 0.7.4's GuessWho echoes the player's whole reply as the game's message "You asked: <reply>"
    (GuessWho/env.py:89), which the view does not clip, as it clips a seat's own words (to their last `CLIP_CHARS`:
    ClemObservationWrapper), since it is the game's. The echoed reply is clipped the same way."""

    ECHO = "You asked: "

    def add_observation(self, message, *args, **kwargs):
        echo = kwargs.get("from_id", ta.GAME_ID) == ta.GAME_ID and message.startswith(self.ECHO)
        if echo and len(message) - len(self.ECHO) > CLIP_CHARS:
            message = self.ECHO + "…" + message[-CLIP_CHARS:]
        return super().add_observation(message, *args, **kwargs)


class ScenarioPlanningStateFixes:
    """TextArena 0.7.4's ScenarioPlanning ends a tied vote with `set_draw(reson=...)` (ScenarioPlanning/env.py:51): a
    TypeError instead of the draw. The misspelt keyword is taken for `reason`."""

    def set_draw(self, reason=None, reson=None):
        return super().set_draw(reason=reason if reason is not None else reson)


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.GuessWho.env:GuessWhoEnv": Fixes(state=(GuessWhoStateFixes,)),
    "textarena.envs.ScenarioPlanning.env:ScenarioPlanningEnv": Fixes(state=(ScenarioPlanningStateFixes,)),
}
