"""Masters of the word games: WordSearch, Wordle (docs/games/words.md)."""

import metrics
from submasters import SinglePlayerMaster


class WordSearchMaster(SinglePlayerMaster):
    """Records the placed words with the board.

    TextArena 0.7.4 checks a reply's submissions in the order of a set (WordSearch/env.py:504-506), which depends on
    PYTHONHASHSEED; its prompt allows one submission at a time, and the game master hands it one, the reply's last
    (replies.py). (Its `num_incorrect_tries` is set in __init__ and not reset; every episode gets a fresh env, which
    the spec keeps by not setting `cache_env`.)
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


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_wordle",
        "description": "TextArena Wordle: guess a secret English noun in a few tries, with letter-by-letter feedback.",
        "entry_point": "textarena.envs.Wordle.env:WordleEnv",
        "master": WordleMaster,
        "scorer": metrics.CompletionScorer,
        "score": (
            "100 when solved; otherwise 100 x TextArena's completion of the last guess (greens + "
            "yellows/2) / word length."
        ),
        "outcome": "Success when a guess matches the secret word; Lose when the guesses run out.",
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[crane]",
                    "[house]",
                    "[light]",
                    "[sound]",
                    "[mother]",
                    "[picture]",
                    "I guess crane",
                ],
            },
        ],
        "content": ["secret_word", "word_length", "num_guesses"],
        "nltk_resources": ["corpora/words", "taggers/averaged_perceptron_tagger_eng"],
        "cache_env": True,
        "max_requests": 20,
    },
    {
        "game_name": "ta_word_ladder",
        "description": (
            "TextArena WordLadder: turn a start word into a target word by changing one letter at a "
            "time, every step an English word."
        ),
        "entry_point": "textarena.envs.WordLadder.env:WordLadderEnv",
        "master": SinglePlayerMaster,
        "scorer": metrics.CompletionScorer,
        "score": (
            "100 when the target is reached; otherwise 100 x the share of the current word's letters "
            "already in place."
        ),
        "outcome": "Success when the target word is reached; Lose at TextArena's limit of 100 valid moves.",
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[lost]",
                    "[fold]",
                    "[most]",
                    "[bat]",
                    "[hot]",
                    "[low]",
                    "[net]",
                    "I change one letter",
                ],
            },
        ],
        "content": ["start_word", "target_word"],
        "nltk_resources": ["corpora/words"],
        "cache_env": True,
    },
    {
        "game_name": "ta_word_search",
        "description": (
            "TextArena WordSearch: find the listed words hidden across or down in a letter grid, by "
            "their start and end cells."
        ),
        "entry_point": "textarena.envs.WordSearch.env:WordSearchEnv",
        "master": WordSearchMaster,
        "scorer": metrics.CompletionScorer,
        "score": "100 x the share of the placed words found.",
        "outcome": "Success when every placed word is found; Lose after 20 incorrect attempts or at the request cap.",
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[0 0 0 3]",
                    "[1 2 5 2]",
                    "[3 0 3 4]",
                    "[2 2 2 6]",
                    "[0 1 4 1]",
                    "I found a word in row 2",
                ],
            },
        ],
        "content": ["board"],
        "nltk_resources": ["corpora/words"],
        "max_requests": 50,
        "relabel": [["Good luck, Player \\{player_id\\}!", "Good luck!"]],
    },
]
