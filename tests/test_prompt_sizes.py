"""The size of a prompt that the game master logs (and that a model's context limit is checked against) is what
o200k_base counts for the text the model is sent, though the meter tokenizes a context paragraph by paragraph."""

import pytest
from context_reading import episode_contexts, recorded_episodes
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.tokens import PromptMeter, token_encoding
from support import ScriptedModel, play

pytestmark = pytest.mark.skipif(token_encoding() is None, reason="bpe-openai (the `tokens` extra) is not installed")

# Pieces of text where o200k_base's chunks meet: runs of newlines, spaces and tabs, punctuation and slashes (which a
# chunk of punctuation takes after its newlines), letters of both cases, digits, a contraction, non-ASCII letters, the
# text of a special token.
FRAGMENTS = ["\n\n", "\n", "\r\n", " ", "  ", "\t", "/", "//", ".", "!", "[", "]", "a", "Board", "X", "12", "1234",
             "'s", "é", "♠", "日本", "[GAME]", "-", "==", "<|endoftext|>"]  # fmt: skip


def whole_count(text: str) -> int:
    return len(token_encoding().encode_ordinary(text))


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join), min_size=1, max_size=4))
def test_the_meter_counts_what_o200k_base_counts_for_the_whole_text(texts):
    meter = PromptMeter()
    for text in texts:  # texts that share paragraphs, as the contexts of an episode do
        meter.measure([{"role": "user", "content": text}])
    assert meter.tokens == [whole_count(text) for text in texts]


def test_the_meter_counts_a_paragraph_that_starts_with_a_slash_with_the_one_before():
    # o200k_base makes ".\n\n/" one token: a cut between the blank line and the slash would count one more
    text = "Done.\n\n/help shows the commands"
    meter = PromptMeter()
    meter.measure([{"role": "user", "content": text}])
    assert meter.tokens == [whole_count(text)]


@pytest.mark.all_games
def test_every_logged_prompt_size_of_the_random_run_is_the_token_count_of_the_context_sent(random_sampled_run):
    """In the suite's `ta-random` run of every game (bounded views: a request sends its context alone), the logged
    token count of each request is o200k_base's count of the context, on the first episode of every spec."""
    _, results = random_sampled_run
    seen, checked = set(), 0
    for game, _, _, interactions in recorded_episodes(results):
        if game in seen:
            continue
        seen.add(game)
        for seat, contexts in episode_contexts(interactions).items():
            assert interactions["prompts"][seat]["tokens"] == [whole_count(context) for context in contexts], game
            checked += len(contexts)
    assert checked > 1000


def test_a_reply_that_spells_a_special_token_is_measured_as_text_and_the_game_plays_on():
    """Local models leak their end-of-text token into replies, and a full view sends them back. o200k_base's `encode`
    refuses text that spells a special token unless told otherwise; the meter counts it as the text it is, as a
    hosted model's API does with what a user writes."""
    sent = []

    def leaking(messages):
        sent.append(list(messages))
        moves = ["[A C]", "[A B]", "[C B]", "[A C]", "[B A]", "[B C]", "[A C]"]
        return f"Next: {moves[len(sent) - 1]}<|endoftext|>"

    leaking.reads_messages = True
    episode = play("ta_tower_of_hanoi", models=[ScriptedModel(leaking)], view="full")
    assert episode.scores["Success"] == 1
    tokens = episode.interactions["prompts"]["Player 0"]["tokens"]
    assert len(tokens) == len(sent) == 7
    assert "<|endoftext|>" in sent[-1][-2]["content"]
    assert tokens[-1] == sum(whole_count(message["content"]) for message in sent[-1])
