"""The size of the prompts a model is sent, in characters and o200k_base tokens."""

import copy

from runtime.cache import process_cache


def token_encoding():
    """OpenAI's o200k_base encoding from the optional `bpe-openai` package (it ships the encoding, no download), or
    None without it: prompt sizes are then logged in characters only. Built once per process (40 ms)."""
    cache = process_cache("token encoding")
    if "o200k_base" not in cache:
        try:
            import bpe_openai
        except ImportError:
            cache["o200k_base"] = None
        else:
            cache["o200k_base"] = bpe_openai.get_encoding("o200k_base")
    return cache["o200k_base"]


def _pieces(text: str):
    """`text` in pieces whose o200k_base token counts add up to the text's: cut after each blank line that a
    character other than whitespace and "/" follows. o200k_base splits a text into chunks before it merges bytes, and
    no token spans two chunks; a run of newlines ends a chunk unless "/" follows (a chunk of punctuation takes the
    newlines and slashes after it, `[\\r\\n/]*`). A context repeats most paragraphs of the one before it (the rules, the
    history), so the meter tokenizes only the new ones: half the time per request."""
    parts = text.split("\n\n")
    piece = parts[0]
    for part in parts[1:]:
        if part[:1].isspace() or part[:1] in ("", "/"):
            piece += "\n\n" + part
        else:
            yield piece + "\n\n"
            piece = part
    yield piece


class PromptMeter:
    """The size of every prompt a seat's model is sent: characters of the messages' contents, and their o200k_base
    tokens where the tokenizer is installed. A paragraph is tokenized once, when it is first sent; `_tokens_of` holds
    the counts of the paragraphs and of the messages (a message's count is the sum of its paragraphs')."""

    def __init__(self):
        self.chars: list[int] = []
        self.tokens: list[int] | None = [] if token_encoding() is not None else None
        self._tokens_of: dict[str, int] = {}

    def measure(self, messages: list[dict]):
        self.chars.append(sum(len(message["content"]) for message in messages))
        if self.tokens is not None:
            self.tokens.append(sum(self._count(message["content"]) for message in messages))

    def _count(self, text: str) -> int:
        # a message sent before (a full view's history resends every one) is looked up whole, not cut anew
        count = self._tokens_of.get(text)
        if count is None:
            count = 0
            for piece in _pieces(text):
                if piece not in self._tokens_of:
                    # encode_ordinary: text that spells a special token (a local model's leaked <|endoftext|>) is
                    # counted as the text it is, where `encode` would raise
                    self._tokens_of[piece] = len(token_encoding().encode_ordinary(piece))
                count += self._tokens_of[piece]
            self._tokens_of[text] = count
        return count

    def record(self) -> dict:
        return {"chars": self.chars, "tokens": self.tokens}

    def __deepcopy__(self, memo):
        # a copy of the episode (clemcore's branching runner copies it before every step) measures on by itself, but
        # shares the token counts of the texts seen, a pure function's results
        copied = copy.copy(self)
        copied.chars = list(self.chars)
        copied.tokens = None if self.tokens is None else list(self.tokens)
        return copied
