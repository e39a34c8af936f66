"""A clem backend that serves the programmatic TextArena players (package `ta_players`) as models.

clemcore finds `*_api.py` backends and `model_registry.json` in the working directory: run clem from this
repository's root and use `-m ta-random`, `-m ta-expert` or `-m ta-format-breaker`.
"""

import functools
import importlib.util
import sys
from pathlib import Path

from clemcore.backends import Backend, BatchGenerativeModel, ModelSpec
from clemcore.backends.utils import check_context_limit_generic


@functools.cache
def _o200k_base():
    """OpenAI's o200k_base encoding, built once per process (40 ms): a context-limited model counts every request."""
    import bpe_openai

    return bpe_openai.get_encoding("o200k_base")


def _load_players():
    """Imports the `ta_players` package beside this file: clemcore loads backends by path, with the working
    directory not on sys.path."""
    if "ta_players" not in sys.modules:
        package_dir = Path(__file__).resolve().parent / "ta_players"
        spec = importlib.util.spec_from_file_location(
            "ta_players", package_dir / "__init__.py", submodule_search_locations=[str(package_dir)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules["ta_players"] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules["ta_players"]
            raise
    return sys.modules["ta_players"]


class ProgrammaticPlayer(BatchGenerativeModel):
    """Replies with the strategy named by the model spec's `model_id` (random, expert, format-breaker)."""

    def __init__(self, model_spec: ModelSpec):
        super().__init__(model_spec)
        # the package is looked up per call, never kept: a model holds no module, so a deep copy of it (a copied
        # game master's, under clemcore's branching runner) is a plain copy
        strategies = _load_players().STRATEGIES
        if model_spec.model_id not in strategies:
            raise ValueError(
                f"{model_spec.model_name}: unknown strategy {model_spec.model_id!r}; valid: {', '.join(strategies)}"
            )
        self.set_gen_args(temperature=0.0, max_tokens=100)  # unused; clem's records expect them

    def generate_response(self, messages):
        self._check_context(messages)
        text = _load_players().reply(self.model_spec.model_id, messages)
        return {"strategy": self.model_spec.model_id, "context": messages[-1]["content"]}, {"reply": text}, text

    def _check_context(self, messages: list[dict]):
        """Models with `context_tokens` in their `model_config` refuse a prompt as clemcore's llama.cpp and Hugging
        Face backends do (ContextExceededError), counting OpenAI's o200k_base tokens of the messages' contents."""
        context_tokens = (
            self.model_spec.model_config.get("context_tokens") if self.model_spec.has_attr("model_config") else None
        )
        if context_tokens is None:
            return
        try:
            encoding = _o200k_base()
        except ImportError as error:
            raise ImportError(
                f"{self.model_spec.model_name} counts tokens with the bpe-openai package: "
                f"`pip install -e '.[tokens]'`"
            ) from error
        tokens = [token for message in messages for token in encoding.encode(message["content"])]
        check_context_limit_generic(context_tokens, tokens, self.model_spec.model_name, max_new_tokens=self.max_tokens)

    def generate_batch_response(self, batch_messages):
        return [self.generate_response(messages) for messages in batch_messages]


class TextArenaPlayersBackend(Backend):
    def get_model_for(self, model_spec: ModelSpec) -> ProgrammaticPlayer:
        return ProgrammaticPlayer(model_spec)
