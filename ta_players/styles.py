"""Reply styles: a strategy's moves dressed as chat models write them, to show that the reply contract (replies.py)
reads what a model meant. Served as `ta-expert-<style>` (strategy `expert+<style>`):

    reasoning  reasons first and names another move in the game's format, which it rejects, before its final one;
    thinking   a <think> block that weighs another move, then the move;
    markdown   a sentence and markdown around the move;
    chat       one of the three above per request, drawn from the request's messages, so that one pass covers all of
               them (a player that is sent its current context alone, as in a bounded view, cannot count requests);
    cut        a reply the reply limit cut inside its <think> block: it holds no move.

A styled player reads its own earlier replies back as the bare replies they dress (each style ends its reply with the
bare reply after a marker), so the strategy under the style plays exactly as it does bare.
"""

from collections.abc import Callable

# the words each style dresses a move in: `shows_thinking` and `shows_words_around_a_move` look for them where the
# contract says they must not be
REASONING = "Let me weigh my options."
THOUGHT = "Or rather"
PREAMBLE = "I have looked at the whole situation"
REASONING_MARK = "**Final answer:** "
MARKDOWN_MARK = "**My move:** "
THINKING_MARK = "</think>\n\n"
STYLES = ("reasoning", "thinking", "markdown", "chat", "cut")
CHAT_STYLES = ("reasoning", "thinking", "markdown")


def dress(style: str, bare: str, alternative: Callable[[], str]) -> str:
    """The bare reply in the style (one of STYLES but `chat`, which picks one of CHAT_STYLES per request);
    `alternative()` is another move in the game's format, drawn only by the styles that name one."""
    if style == "reasoning":
        return (
            f"{REASONING} One option is {alternative()}, which looks tempting, but I am not sure it is "
            f"best here.\nThinking it through again, I prefer another move.\n\n{REASONING_MARK}{bare}"
        )
    if style == "thinking":
        return f"<think>\nI could play {alternative()}. {THOUGHT} {bare}? Yes, {bare} is better.\n{THINKING_MARK}{bare}"
    if style == "markdown":
        return f"{PREAMBLE}, and here is my choice.\n\n{MARKDOWN_MARK}{bare}"
    if style == "cut":
        return f"<think>\nI could play {alternative()}. {THOUGHT} {bare}? Let me count what each of them"
    raise ValueError(f"unknown reply style {style!r}; valid: {', '.join(STYLES)}")


def bare(reply: str) -> str:
    """The bare reply a styled reply dresses (as the player remembers it: the game leaves its <think> block out of
    a model's memory); a reply in no style is its own bare reply, a cut one has none."""
    for mark in (REASONING_MARK, MARKDOWN_MARK, THINKING_MARK):
        if mark in reply:
            return reply.rsplit(mark, 1)[1]
    return "" if reply.startswith("<think>") else reply.lstrip()


def shows_thinking(text: str) -> bool:
    """Whether a text shows what a styled reply's <think> block held, which no context of any seat may
    (replies.py: thinking is never read nor shown)."""
    return THOUGHT in text


def shows_words_around_a_move(text: str) -> bool:
    """Whether a text shows the words a reasoning or markdown reply puts around its move, which no seat is shown in
    a move turn (talk turns say them)."""
    return REASONING in text or PREAMBLE in text
