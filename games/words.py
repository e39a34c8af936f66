"""Masters of the word games: WordSearch, Wordle (docs/games/word-games.md)."""
import re
import types

from submasters import SinglePlayerMaster


class WordSearchMaster(SinglePlayerMaster):
    """Records the placed words with the board, and passes on one submission per reply.

    TextArena 0.7.4's WordSearchEnv.step collects a reply's `[r c r c]` submissions in a set and checks them in the
    set's order until one is wrong, an order that depends on PYTHONHASHSEED. Its prompt allows one submission at a
    time, so only a reply's first submission reaches the env. (Its `num_incorrect_tries` is set in __init__ and not
    reset; every episode gets a fresh env, which the spec keeps by not setting `cache_env`.)
    """

    def _on_before_reset(self):
        self.ta_env.step = types.MethodType(_first_submission_step, self.ta_env)

    def content(self) -> dict:
        placed = {word: list(place) for word, place in self.ta_env.placed_words.items()}
        return {**super().content(), "placed words": placed}


WORD_SEARCH_SUBMISSION = re.compile(r"\[\d+\s\d+\s\d+\s\d+\]")


def _first_submission_step(env, action: str):
    first = WORD_SEARCH_SUBMISSION.search(action)
    return type(env).step(env, first.group(0) if first else action)


class WordleMaster(SinglePlayerMaster):
    """Skips secret words no guess can match.

    The hardcore lists keep every `en` word tagged NN, proper nouns included (1346 of 9047 five-letter words are
    capitalised, e.g. 'Abner'); TextArena 0.7.4 lower-cases every guess and compares it letter by letter with the
    secret as drawn, so such a word can never be guessed.
    """

    def unplayable_reason(self):
        secret = self.env.state.game_state["secret_word"]
        if not secret.islower():
            return f"the secret word {secret!r} is capitalised and lower-cased guesses never match it"
        return super().unplayable_reason()

