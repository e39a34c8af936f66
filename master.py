"""The clem GameBenchmark for every TextArena game in clemgame.json."""
from clemcore.backends import Model
from clemcore.clemgame import GameBenchmark, GameSpec

import metrics
import submasters
from ta_master import GameUnavailableError, TextArenaGameMaster, unavailable_reason

MASTERS = {
    "SinglePlayerMaster": submasters.SinglePlayerMaster,
    "TwoPlayerMaster": submasters.TwoPlayerMaster,
    "MinesweeperMaster": submasters.MinesweeperMaster,
    "HangmanMaster": submasters.HangmanMaster,
    "WordChainsMaster": submasters.WordChainsMaster,
    "BattleshipMaster": submasters.BattleshipMaster,
}

SCORERS = {
    "CompletionScorer": metrics.CompletionScorer,
    "HangmanScorer": metrics.HangmanScorer,
    "WordChainsScorer": metrics.WordChainsScorer,
    "BattleshipScorer": metrics.BattleshipScorer,
}


def _lookup(table: dict, game_spec: GameSpec, key: str):
    name = getattr(game_spec, key, None)
    if name not in table:
        raise ValueError(f"{game_spec.game_name}: unknown {key} {name!r} in clemgame.json; "
                         f"valid: {', '.join(sorted(table))}")
    return table[name]


class TextArenaGameBenchmark(GameBenchmark):
    """Builds the master and scorer a spec names; refuses, with the reason, a game this machine cannot play."""

    def __init__(self, game_spec: GameSpec):
        super().__init__(game_spec)
        self.master_class = _lookup(MASTERS, game_spec, "master")
        self.scorer_class = _lookup(SCORERS, game_spec, "scorer")
        reason = unavailable_reason(game_spec)
        if reason is not None:
            raise GameUnavailableError(reason)

    def create_game_master(self, experiment: dict, player_models: list[Model]) -> TextArenaGameMaster:
        return self.master_class(self.game_spec, experiment, player_models)

    def create_game_scorer(self, experiment: dict, game_instance: dict) -> metrics.TextArenaScorer:
        return self.scorer_class(self.game_name, experiment, game_instance)
