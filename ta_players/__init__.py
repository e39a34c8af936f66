"""Programmatic players for TextArena games, served to clem as models by `ta_players_api.py`.

Strategies: `random` (a move in the game's format, drawn from the moves the context offers where it offers them,
seeded by the transcript), `expert` (the game's strong strategy) and `format-breaker` (never follows the format).
The game is recognised from TextArena's prompt in the first context, as a model would recognise it.
"""

from ta_players import (
    boards,
    cards,
    core,
    economics,
    judged,
    logic,
    numbers,
    puzzles,
    small_boards,
    social,
    tabletop,
    territory,
    word_contests,
    words,
)
from ta_players.base import FORMAT_BREAKER_REPLY, GamePlayers, Transcript

GAMES: dict[str, GamePlayers] = {
    players.game: players
    for players in (
        *core.GAMES,
        *puzzles.GAMES,
        *logic.GAMES,
        *numbers.GAMES,
        *words.GAMES,
        *cards.GAMES,
        *boards.GAMES,
        *economics.GAMES,
        *small_boards.GAMES,
        *territory.GAMES,
        *tabletop.GAMES,
        *word_contests.GAMES,
        *social.GAMES,
        *judged.GAMES,
    )
}
STRATEGIES = ("random", "expert", "format-breaker")


class UnknownGameError(ValueError):
    """No programmatic player recognises the game's prompt."""


def players_for(transcript: Transcript) -> GamePlayers:
    for players in GAMES.values():
        if players.recognizes.search(transcript.prompt):
            return players
    first_line = transcript.prompt.strip().splitlines()[0] if transcript.prompt.strip() else ""
    raise UnknownGameError(f"No programmatic player knows the game whose prompt starts {first_line[:120]!r}.")


def reply(strategy: str, messages: list[dict], salt: str = "") -> str:
    """The strategy's reply to a player's messages so far (clem's history: user contexts, assistant replies).

    `reference` is the strong reference opponent of the `_vs_<expert_name>` variants (`GamePlayers.reference_move`).
    `salt` varies the random draws between games that look alike: reference opponents are salted with their
    instance and seat, so that in a game without chance of its own (Tic Tac Toe, Nim) each instance is another game.
    """
    if strategy not in (*STRATEGIES, "reference"):
        raise ValueError(f"unknown strategy {strategy!r}; valid: {', '.join(STRATEGIES)}")
    if strategy == "format-breaker":
        return FORMAT_BREAKER_REPLY
    transcript = Transcript.of(messages, salt)
    players = players_for(transcript)
    if strategy == "random":
        return players.random_move(transcript, transcript.rng())
    if not players.has_expert:
        raise ValueError(f"{players.game} has no expert player; use ta-random")
    return players.reference_move(transcript) if strategy == "reference" else players.expert_move(transcript)
