"""The clem GameBenchmark for every TextArena game in clemgame.json."""
import json
import logging
import sys
from pathlib import Path

# clemcore unloads the modules a game's loading imported: textarena itself, when this game was the first to import
# it, but not the env modules that TextArena imports later, during play. The next game loaded in the process then
# imports a fresh textarena beside env modules bound to the old one, whose ObservationType members no longer equal
# the new ones (a prompt would be labelled as a game message). Orphaned textarena modules are dropped first.
if "textarena" not in sys.modules:
    for name in [name for name in sys.modules if name.startswith("textarena.")]:
        del sys.modules[name]

from clemcore.backends import Model
from clemcore.clemgame import GameBenchmark, GameSpec

import metrics
import submasters
from games import (boards, cards, core, economics, judged, logic, numbers, puzzles, small_boards, social, tabletop,
                   territory, word_contests, words)
from ta_master import TextArenaGameMaster, instance_file_advice, unavailable_reason

stdout_logger = logging.getLogger("clemcore.run")

MASTERS = {
    # generic
    "SinglePlayerMaster": submasters.SinglePlayerMaster,
    "MultiPlayerMaster": submasters.MultiPlayerMaster,
    # core games
    "MinesweeperMaster": core.MinesweeperMaster,
    "HangmanMaster": core.HangmanMaster,
    "WordChainsMaster": core.WordChainsMaster,
    "BattleshipMaster": core.BattleshipMaster,
    # grid puzzles
    "LightsOutMaster": puzzles.LightsOutMaster,
    "FrozenLakeMaster": puzzles.FrozenLakeMaster,
    "SudokuMaster": puzzles.SudokuMaster,
    "FifteenPuzzleMaster": puzzles.FifteenPuzzleMaster,
    "PegJumpMaster": puzzles.PegJumpMaster,
    # number and chance games
    "BanditMaster": numbers.BanditMaster,
    "SecretaryMaster": numbers.SecretaryMaster,
    "ThreeCardMonteMaster": numbers.ThreeCardMonteMaster,
    "CountdownMaster": numbers.CountdownMaster,
    "CryptarithmMaster": numbers.CryptarithmMaster,
    # logic puzzles
    "RushHourMaster": logic.RushHourMaster,
    "SokobanMaster": logic.SokobanMaster,
    "LogicPuzzleMaster": logic.LogicPuzzleMaster,
    "SlitherlinkMaster": logic.SlitherlinkMaster,
    "CrosswordsMaster": logic.CrosswordsMaster,
    # card games and 2048
    "BlackjackMaster": cards.BlackjackMaster,
    "SetMaster": cards.SetMaster,
    "UltimateTexasHoldemMaster": cards.UltimateTexasHoldemMaster,
    "Game2048Master": cards.Game2048Master,
    # word games
    "WordSearchMaster": words.WordSearchMaster,
    "WordleMaster": words.WordleMaster,
    # economics
    "PrisonersDilemmaMaster": economics.PrisonersDilemmaMaster,
    "ThreePlayerIPDMaster": economics.ThreePlayerIPDMaster,
    "StagHuntMaster": economics.StagHuntMaster,
    "UltimatumMaster": economics.UltimatumMaster,
    "ColonelBlottoMaster": economics.ColonelBlottoMaster,
    "PublicGoodsMaster": economics.PublicGoodsMaster,
    "MarketEntryMaster": economics.MarketEntryMaster,
    "NegotiationMaster": economics.NegotiationMaster,
    "BlindAuctionMaster": economics.BlindAuctionMaster,
    "TwoDollarMaster": economics.TwoDollarMaster,
    "NewRecruitMaster": economics.NewRecruitMaster,
    # small board games
    "QuantumTicTacToeMaster": small_boards.QuantumTicTacToeMaster,
    "UltimateTicTacToeMaster": small_boards.UltimateTicTacToeMaster,
    # social games
    "TruthAndDeceptionMaster": social.TruthAndDeceptionMaster,
    "SecretMafiaMaster": social.SecretMafiaMaster,
    "SettlersOfCatanMaster": social.SettlersOfCatanMaster,
    # word contests
    "DontSayItMaster": word_contests.DontSayItMaster,
    "SpellingBeeMaster": word_contests.SpellingBeeMaster,
    "LetterAuctionMaster": word_contests.LetterAuctionMaster,
    "CodenamesMaster": word_contests.CodenamesMaster,
    "TabooMaster": word_contests.TabooMaster,
    # territory games
    "SnakeMaster": territory.SnakeMaster,
    "SurroundMaster": territory.SurroundMaster,
    "StrategoMaster": territory.StrategoMaster,
    # board games
    "BreakthroughMaster": boards.BreakthroughMaster,
    "CheckersMaster": boards.CheckersMaster,
    # tabletop games
    "KuhnPokerMaster": tabletop.KuhnPokerMaster,
    "IndianPokerMaster": tabletop.IndianPokerMaster,
    "PigDiceMaster": tabletop.PigDiceMaster,
    "GameOfPureStrategyMaster": tabletop.GameOfPureStrategyMaster,
    "LiarsDiceMaster": tabletop.LiarsDiceMaster,
    "BriscolaMaster": tabletop.BriscolaMaster,
    "GolfMaster": tabletop.GolfMaster,
    "SpiteAndMaliceMaster": tabletop.SpiteAndMaliceMaster,
    "GermanWhistMaster": tabletop.GermanWhistMaster,
    "HighSocietyMaster": tabletop.HighSocietyMaster,
    "PokerMaster": tabletop.PokerMaster,
    # LLM-judged games
    "QuestionsMaster": judged.QuestionsMaster,
    "JuryMaster": judged.JuryMaster,
}

SCORERS = {
    # generic
    "CompletionScorer": metrics.CompletionScorer,
    "SolvedScorer": metrics.SolvedScorer,
    "CompetitiveScorer": metrics.CompetitiveScorer,
    # per game
    "HangmanScorer": metrics.HangmanScorer,
    "WordChainsScorer": metrics.WordChainsScorer,
    "BattleshipScorer": metrics.BattleshipScorer,
    "BanditScorer": metrics.BanditScorer,
    "SecretaryScorer": metrics.SecretaryScorer,
    "CountdownScorer": metrics.CountdownScorer,
    "BlackjackScorer": metrics.BlackjackScorer,
    "SetScorer": metrics.SetScorer,
    "UltimateTexasHoldemScorer": metrics.UltimateTexasHoldemScorer,
    "Game2048Scorer": metrics.Game2048Scorer,
    # economics
    "CooperationScorer": metrics.CooperationScorer,
    "UltimatumScorer": metrics.UltimatumScorer,
    "SettlersOfCatanScorer": metrics.SettlersOfCatanScorer,
    "LetterAuctionScorer": metrics.LetterAuctionScorer,
    "TabooScorer": metrics.TabooScorer,
    "PayoffRangeScorer": metrics.PayoffRangeScorer,
    "QuestionsScorer": metrics.QuestionsScorer,
    "JuryScorer": metrics.JuryScorer,
}


def _lookup(table: dict, game_spec: GameSpec, key: str):
    name = getattr(game_spec, key, None)
    if name not in table:
        raise ValueError(f"{game_spec.game_name}: unknown {key} {name!r} in clemgame.json; "
                         f"valid: {', '.join(sorted(table))}")
    return table[name]


def instance_file_error(game_spec: GameSpec) -> str | None:
    """Why the game's instance file cannot be read as JSON, in one line; None when it can (or is missing, which
    clemcore reports with the path)."""
    path = Path(game_spec.game_path) / "in" / f"{game_spec.instances}.json"
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return f"{game_spec.game_name}: {path} is not valid JSON ({error}); {instance_file_advice(game_spec)}"
    return None


def _is_game_module(name: str, game_dir: Path) -> bool:
    """Whether a module is one of the game directory's own (`submasters`, `games.boards`, `ta_players.boards`), by
    its top-level name: a virtual environment inside the directory holds installed packages, not game modules."""
    top = name.partition(".")[0]
    return (game_dir / f"{top}.py").is_file() or (game_dir / top / "__init__.py").is_file()


class TextArenaGameBenchmark(GameBenchmark):
    """Builds the master and scorer a spec names.

    A game this machine cannot play (NLTK data missing, Python too old for the env's module) is reported in
    one line when loaded, and each of its episodes fails with that line in its error.json. Failing the load
    instead would make clem print a traceback around the advice, and would stop `clem score` on results
    that need no env.
    """

    def __init__(self, game_spec: GameSpec):
        super().__init__(game_spec)
        self.master_class = _lookup(MASTERS, game_spec, "master")
        self.scorer_class = _lookup(SCORERS, game_spec, "scorer")
        self.unavailable = unavailable_reason(game_spec)
        if self.unavailable is not None:
            stdout_logger.error(self.unavailable)
        # clemcore reads the instance file after the load and reports a decoding error without the file's name
        # (clemcore 3.7.2 cli.py:203, instances.py:179): the line names it first. Not raised, so that `clem score`,
        # which needs no instance file, still scores.
        corrupt = instance_file_error(game_spec)
        if corrupt is not None:
            stdout_logger.error(corrupt)

    def __deepcopy__(self, memo):
        """The benchmark makes the game masters and scorers of a spec and holds no episode: clemcore's branching runner
        (clemcore 3.7.2 `clemgame/runners/branching.py:295-319`) deep-copies the GameMasterEnv, which holds it, before
        every step, and every copy shares it."""
        return self

    def close(self):
        """Unloads this game's own modules, as clemcore does with every module the load imported, but keeps the
        installed packages that came with them (textarena, nltk): a `clem run` of many games would otherwise import
        textarena again for each (0.5-1 s), and they are the interpreter's, one version each, like clemcore itself."""
        game_dir = Path(self.game_spec.game_path)
        self.set_extra_modules([name for name in self._extra_modules if _is_game_module(name, game_dir)])
        super().close()

    def create_game_master(self, experiment: dict, player_models: list[Model]) -> TextArenaGameMaster:
        return self.master_class(self.game_spec, experiment, player_models)

    def create_game_scorer(self, experiment: dict, game_instance: dict) -> metrics.TextArenaScorer:
        return self.scorer_class(self.game_name, experiment, game_instance)
