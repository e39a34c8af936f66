"""Repairs of the LLM-judged games: ScenarioPlanning (docs/games/judged.md)."""

from fixes.common import Fixes


class ScenarioPlanningStateFixes:
    """TextArena 0.7.4's ScenarioPlanning ends a tied vote with `set_draw(reson=...)` (ScenarioPlanning/env.py:51): a
    TypeError instead of the draw. The misspelt keyword is taken for `reason`."""

    def set_draw(self, reason=None, reson=None):
        return super().set_draw(reason=reason if reason is not None else reson)


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.ScenarioPlanning.env:ScenarioPlanningEnv": Fixes(state=(ScenarioPlanningStateFixes,)),
}
