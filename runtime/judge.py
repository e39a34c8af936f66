"""The clem model that answers in place of TextArena's OpenRouter agents in the LLM-judged games."""

import contextlib
import itertools
from collections.abc import Callable

import textarena as ta


@contextlib.contextmanager
def judges_in_place_of_openrouter(judge: Callable[[str, str], str] | None):
    """TextArena 0.7.4's LLM-judged games (TwentyQuestions and GuessWho: a game master; Debate and
    ScenarioPlanning: the jurors of `OpenRouterJury`) make `ta.agents.OpenRouterAgent`s in their constructors,
    which need an OpenRouter key and the network. While the env is made, each agent made is a `JudgeAgent` that
    asks the episode's judge instead; TextArena's own prompts and its handling of the answers stay as they are."""
    if judge is None:
        yield
        return
    original, numbers = ta.agents.OpenRouterAgent, itertools.count(1)
    ta.agents.OpenRouterAgent = lambda model_name, system_prompt=None, **kwargs: JudgeAgent(
        judge, system_prompt, next(numbers)
    )
    try:
        yield
    finally:
        ta.agents.OpenRouterAgent = original


class JudgeAgent:
    """A TextArena agent (`agent(prompt) -> reply`) answered by the episode's judge. The jurors' system prompt is
    passed on with the juror's number: TextArena's jurors differ by their models, one judge model asked N times
    differs only by what it is told (a deterministic judge would otherwise cast N copies of one vote). The game
    master's system prompt (TextArena's generic game-player prompt) is not, as it contradicts the role the game
    master's own prompt gives."""

    def __init__(self, judge: Callable[[str, str], str], system_prompt: str | None, number: int):
        self._judge = judge
        self._system_prompt = f"{system_prompt} You are juror number {number}." if system_prompt else ""

    def __call__(self, prompt: str) -> str:
        return self._judge(prompt, self._system_prompt)
