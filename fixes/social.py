"""Repairs of the social games: Truth and Deception, Secret Mafia (docs/games/social.md). Secret Mafia and
Settlers of Catan also end at their first elimination (`common.EndAtTheFirstElimination`)."""
import re

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


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.TruthAndDeception.env:TruthAndDeceptionEnv": Fixes(env=(TruthAndDeceptionFixes,)),
    "textarena.envs.SecretMafia.env:SecretMafiaEnv": Fixes(wrappers=(SecretMafiaEndsAtTheFirstElimination,)),
    "textarena.envs.SettlersOfCatan.env:SettlersOfCatanEnv": Fixes(wrappers=(EndAtTheFirstElimination,)),
}
