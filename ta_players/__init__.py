"""Programmatic players for TextArena games, served to clem as models by `ta_players_api.py`.

Strategies: `random` (a move in the game's format, drawn from the moves the context offers where it offers them,
seeded by the transcript), `expert` (the game's strong strategy) and `format-breaker` (never follows the format).
The game is recognised from TextArena's prompt in the first context, as a model would recognise it.
"""

import functools
from collections.abc import Callable

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
    styles,
    tabletop,
    territory,
    word_contests,
    words,
)
from ta_players.base import FORMAT_BREAKER_REPLY, REPLY_CONTRACT, GamePlayers, Transcript

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
# and their replies in each reply style: "expert+reasoning", "random+chat", ... (ta_players.styles)
STRATEGIES = (
    "random",
    "expert",
    "format-breaker",
    *(f"{strategy}+{style}" for strategy in ("random", "expert") for style in styles.STYLES),
)


class UnknownGameError(ValueError):
    """No programmatic player recognises the game's prompt."""


def players_for(transcript: Transcript) -> GamePlayers:
    """The players of the game whose prompt the transcript opens with: TextArena's prompt, up to the reply contract
    the game appends to it, the same at every turn of an episode (a bounded view's first context goes on with the
    game's messages)."""
    end = REPLY_CONTRACT.search(transcript.prompt)
    return _players_recognizing(transcript.prompt[: end.start()] if end else transcript.prompt)


@functools.lru_cache(maxsize=256)
def _players_recognizing(prompt: str) -> GamePlayers:
    """Each of a hundred games' patterns tried on the whole first context at each turn took a tenth of a random run of
    all games."""
    for players in GAMES.values():
        if players.recognizes.search(prompt):
            return players
    first_line = prompt.strip().splitlines()[0] if prompt.strip() else ""
    raise UnknownGameError(f"No programmatic player knows the game whose prompt starts {first_line[:120]!r}.")


def reply(strategy: str, messages: list[dict], salt: str = "", bare: Callable[..., str] | None = None) -> str:
    """The strategy's reply to a player's messages so far (clem's history: user contexts, assistant replies).

    `reference` is the strong reference opponent of the `_vs_<expert_name>` variants (`GamePlayers.reference_move`).
    `salt` varies the random draws between games that look alike: reference opponents are salted with their
    instance and seat, so that in a game without chance of its own (Tic Tac Toe, Nim) each instance is another game.
    `bare(strategy, messages, salt)` answers for the bare strategy inside a style (`expert+chat`): `reply` itself
    unless given (the tests give the replies the bare strategy gave the same messages in an earlier game of theirs).
    """
    if strategy not in (*STRATEGIES, "reference"):
        raise ValueError(f"unknown strategy {strategy!r}; valid: {', '.join(STRATEGIES)}")
    if strategy == "format-breaker":
        return FORMAT_BREAKER_REPLY
    if "+" in strategy:
        return _styled(strategy, messages, salt, bare or reply)
    transcript = Transcript.of(messages, salt)
    players = players_for(transcript)
    if strategy == "random":
        return players.random_move(transcript, transcript.rng())
    if not players.has_expert:
        raise ValueError(f"{players.game} has no expert player; use ta-random")
    return players.reference_move(transcript) if strategy == "reference" else players.expert_move(transcript)


# How often a styled reply draws the move it rejects before it names its own move again (a game may offer one move).
REJECTED_DRAWS = 4


def _styled(strategy: str, messages: list[dict], salt: str, bare: Callable[..., str]) -> str:
    """The strategy's reply in its style: the strategy reads its earlier replies as the bare ones they dressed."""
    base, _, style = strategy.partition("+")
    bare_messages = [
        {**message, "content": styles.bare(message["content"])} if message["role"] == "assistant" else message
        for message in messages
    ]
    move = bare(base, bare_messages, salt)
    transcript = Transcript.of(bare_messages, salt)
    if style == "chat":
        style = transcript.salted(f"{salt}\x00style").rng().choice(styles.CHAT_STYLES)
    return styles.dress(style, move, lambda: _rejected(transcript, move))


def _rejected(transcript: Transcript, move: str) -> str:
    """The move a styled reply rejects aloud: another random player's, which draws from other seeds than the random
    strategy's (drawn from the same seed, a random strategy would reject its own move): the first of a few draws that
    differs from the move, where the game offers another."""
    players, alternative = players_for(transcript), move
    for draw in range(REJECTED_DRAWS):
        rejecting = transcript.salted(f"{transcript.salt}\x00rejected {draw}")
        try:
            alternative = players.random_move(rejecting, rejecting.rng())
        except NotImplementedError:
            break
        if alternative != move:
            break
    return alternative
