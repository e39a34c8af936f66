"""Repairs of the economic games: TwoDollar (docs/games/economics.md)."""
from fixes.common import Fixes


class TwoDollarFixes:
    """TextArena 0.7.4's TwoDollar draws the two secret roles with `random.sample` over its role files in `os.listdir`
    order (TwoDollar/env.py:66, :130), which depends on the file system: the roles are sorted by name, so that a seed
    draws the same roles on every machine."""

    def _load_available_roles(self):
        return dict(sorted(super()._load_available_roles().items()))


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.TwoDollar.env:TwoDollarEnv": Fixes(env=(TwoDollarFixes,)),
}
