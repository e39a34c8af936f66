"""Masters of the word games: WordSearch, Wordle (docs/games/word-games.md)."""
from submasters import SinglePlayerMaster


class WordSearchMaster(SinglePlayerMaster):
    """Records the placed words with the board, and passes on one submission per reply.

    Only a reply's first submission reaches the env (fixes.words.WordSearchFixes). (TextArena 0.7.4's
    `num_incorrect_tries` is set in __init__ and not reset; every episode gets a fresh env, which the spec keeps by not
    setting `cache_env`.)
    """

    def content(self) -> dict:
        placed = {word: list(place) for word, place in self.ta_env.placed_words.items()}
        return {**super().content(), "placed words": placed}


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

