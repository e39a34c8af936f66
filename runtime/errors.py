"""The errors an episode or a game's load ends with: each names what failed, and the game master records it."""


class GameUnavailableError(RuntimeError):
    """This Python or machine cannot play the game; the message says why and what to do."""


class InstanceMismatchError(RuntimeError):
    """The env did not produce the game an instance records (another textarena or NLTK version)."""


class JudgeError(RuntimeError):
    """The clem model judging an LLM-judged game failed: the episode fails, not the model under test."""


class TextArenaEnvError(RuntimeError):
    """TextArena raised inside an episode."""


class InvalidInstanceError(RuntimeError):
    """An instance lacks what the game needs (a hand-edited or truncated instance file)."""


class BackendError(RuntimeError):
    """A model's backend failed on a request (a timeout, a refused key, a rate limit): the episode fails and can be
    run again. A backend that refuses a prompt as too long is not such a failure: the model could not play."""


class ReferencePlayerError(RuntimeError):
    """A reference opponent broke the game's rules: a defect of its programmatic player, not the model's fault."""


class SpecError(ValueError):
    """A clemgame.json entry names what this project does not have, or lacks what a game needs: one line that says
    what to write (a ValueError: a wrong value in clemgame.json)."""
