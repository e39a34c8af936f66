"""Masters of the word contests between seats: DontSayIt, SpellingBee, LetterAuction, Codenames, Taboo
(docs/games/word_contests.md)."""

import metrics
from games import seats
from runtime.randomness import EpisodeRandomness
from submasters import MultiPlayerMaster
from ta_master import ReferencePlayer, make_env


class DontSayItMaster(MultiPlayerMaster):
    """Each seat's secret word is in its own prompt only. Every text is a move (no format, no invalid moves): a
    seat loses by saying the other's word, and the game is a draw at TextArena's turn limit. TextArena 0.7.4 checks
    the limit before counting the move, so `max_turns=20` plays 21 messages (the prompt says 20)."""

    def secrets(self):
        return {
            pid: [f"Your secret word is: '{word}'"] for pid, word in self.env.state.game_state["target_words"].items()
        }


class SpellingBeeMaster(MultiPlayerMaster):
    """SpellingBee ends only through TextArena's invalid-move rule: the seat that finds no new word at least as
    long as the last one loses by its second invalid move in a row. A wrong word is that ordinary loss; only a reply
    without a bracketed word breaks the rules. Between models a game is played well when it came to that end
    (not at the request cap). Logs the words played."""

    FORMAT_VIOLATION = "does not follow the proper format"

    def _on_after_game(self, rewards):
        self.log_key("words played", list(self.env.state.game_state["word_history"]))
        super()._on_after_game(rewards)

    def _aborts(self, reason: str) -> bool:
        return self.FORMAT_VIOLATION in reason

    def played_well(self) -> bool:
        return self.cap_reason is None and not self.violating_seats()


class LetterAuctionMaster(MultiPlayerMaster):
    """Records the auction order; each seat's payoff is the value of its word (the coins paid for its letters, a
    letter counting each time it occurs). A wrong word gets a retry, as every invalid move does
    (fixes.word_contests.LetterAuctionFixes).
    """

    def content(self):
        return {"letters": list(self.ta_env.letters), "starting coins": self.ta_env.starting_coins}

    def payoffs(self):
        return {pid: state["word_value"] for pid, state in self.ta_env.player_states.items()}


class CodenamesMaster(MultiPlayerMaster):
    """Records the key; skips boards where a team word can never be guessed; makes a broken format an invalid move.

    - The key lives in `env.board` (word -> R, B, N or A), outside TextArena's game state.
    - `-hardcore` draws capitalised nouns; TextArena 0.7.4 lower-cases every guess before looking it up
      (`Codenames/env.py:100,108`), so a capitalised Red or Blue word can never be revealed and that team can never
      win by revealing its words: the instance generator skips such boards.
    - A reply without a bracketed clue or guess is a broken format, as in every other game: a warning and a retry,
      and the second in a row loses the game for the team (fixes.word_contests.CodenamesFixes).
    """

    def content(self):
        return {"board": [[word, label] for word, label in self.ta_env.board.items()]}

    def unplayable_reason(self):
        capitalised = [word for word, label in self.ta_env.board.items() if label in "RB" and word != word.lower()]
        if capitalised:
            return f"the team words {capitalised} are capitalised and lower-cased guesses never match them"
        for reference in getattr(self.game_spec, "references", []):
            if self._references_end_the_game(reference):
                return f"the {reference} references end the game before the model's first move in its variant"
        return super().unplayable_reason()

    def _references_end_the_game(self, reference: str) -> bool:
        """Whether, in the `_vs_<reference>` variant, the reference seats playing before the model's seat
        (`game_id % 4`) end the game first (a random Operative can pick the assassin): played on a new env set up as
        the episode's, with the references the game master would seat."""
        seats = self.instance["num_players"]
        model_seat = self.instance["game_id"] % seats
        with EpisodeRandomness(self.instance["seed"]):
            env = make_env(self.game_spec, self.instance, view=self.view)
            env.reset(num_players=seats, seed=self.instance["seed"])
            references = {
                pid: ReferencePlayer(
                    f"Player {pid}", reference, salt=f"{self.instance['seed']}:{pid}", remembers=self.view == "full"
                )
                for pid in range(seats)
                if pid != model_seat
            }
            while env.state.current_player_id != model_seat:
                _, context = env.get_observation()
                done, _ = env.step(references[env.state.current_player_id].move(context))
                if done:
                    return True
        return False

    def teams(self):
        # Red: the Spymaster Player 0 and the Operative Player 1; Blue: Players 2 and 3 (Codenames/env.py:45-46)
        return [{0, 1}, {2, 3}]

    def secrets(self):
        """Both Spymasters see the key: the label of every word not revealed yet, in their board's line format."""
        guessed = self.env.state.game_state["guessed_words"]
        key = [f"{word:<8} {label}" for word, label in self.ta_env.board.items() if word not in guessed]
        return {0: key, 2: key}


class TabooMaster(MultiPlayerMaster):
    """Records the teams' words; logs the words guessed, which score the game between models. (A guess quoted as the
    prompt's example shows it counts, and a second invalid move in a row loses the game for the team:
    fixes.word_contests.TabooFixes.)
    """

    def turn_kind(self):
        # the Clue Giver's every message is a clue, the Guesser's a guess (Taboo/env.py:353, :368)
        state = self.env.state
        return "talk" if state.role_mapping[state.current_player_id] == "Clue Giver" else "move"

    def content(self):
        return {"category": self.ta_env.categories[0], **super().content()}

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key("words guessed", {f"Team {team}": score for team, score in game_state["score"].items()})
        # every guessed word takes a clue and a guess of the team's requests per turn
        self.log_key("words possible", game_state["max_rounds"] * game_state["max_turns_per_round"] // 2)
        super()._on_after_game(rewards)

    def teams(self):
        team_size = self.env.state.num_players // 2
        return [set(range(team_size)), set(range(team_size, 2 * team_size))]

    def secrets(self):
        """Each team's current word, as the Clue Giver's notice writes it; only that Clue Giver may see it."""
        game_state = self.env.state.game_state
        team_size = self.env.state.num_players // 2
        secrets = {}
        for team, pairs in game_state["team_word_pairs"].items():
            word = pairs[min(game_state["team_word_indices"][team], len(pairs) - 1)][0]
            secrets[team * team_size] = [f"word to guess is '{word}'"]
        return secrets


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_dont_say_it",
        "reply": "talk",
        "talk_reading": (
            "TextArena reads the whole reply as said: the opponent's secret word anywhere in it, even inside another "
            "word, loses the game, so a word written while reasoning is said; the trickster's messages do not depend "
            "on the other seat's words."
        ),
        "description": (
            "TextArena DontSayIt (two players): each has a secret word and tries to make the other "
            "say it without saying the other's word."
        ),
        "entry_point": "textarena.envs.DontSayIt.env:DontSayItEnv",
        "master": DontSayItMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a win or the draw at the turn limit)",
        "outcome": "Success when a seat said the other's word or the turn limit was reached; Lose at the request cap.",
        "n_instances": {"base": 1, "random": 10, "trickster": 10},
        "players": 2,
        "view": "dialogue",
        "references": ["random", "trickster"],
        "player_specs": seats(
            2,
            [
                "Hello! How are you today?",
                "What do you like to eat?",
                "Tell me about your morning.",
                "Which colour do you like most?",
                "Do you enjoy music?",
            ],
        ),
        "content": ["target_words"],
        "nltk_resources": ["corpora/words", "taggers/averaged_perceptron_tagger_eng"],
        "cache_env": True,
        "experiments": ["default", "hardcore"],
        "cannot_separate": {
            "random": (
                "the random reference talks in a fixed frame around random words and ignores what it is "
                "told: no strategy makes it say its word; it slips by chance (about 1% of default games, "
                "never in hardcore)"
            ),
            "trickster": (
                "the trickster's messages spell its own word out in fixed frames, whatever it is told: no "
                "strategy makes it say the model's word, and it never says its own: every game is a draw"
            ),
        },
    },
    {
        "game_name": "ta_spelling_bee",
        "description": (
            "TextArena SpellingBee (two players): take turns naming English words made of the "
            "allowed letters, each at least as long as the last, until one player finds none."
        ),
        "entry_point": "textarena.envs.SpellingBee.env:SpellingBeeEnv",
        "master": SpellingBeeMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a player found no word), 0 at the request cap",
        "outcome": (
            "Success when a player ran out of words; Lose at the request cap (200); Aborted for a reply "
            "without a bracketed word."
        ),
        "n_instances": {"base": 1, "random": 10, "parity": 10},
        "players": 2,
        "references": ["random", "parity"],
        "player_specs": seats(2, ["[see]", "[he]", "[her]", "[tea]", "[seat]", "[none]", "my word is tea"]),
        "content": ["allowed_letters"],
        "nltk_resources": ["corpora/words"],
        "cache_env": True,
        "max_requests": 200,
    },
    {
        "game_name": "ta_letter_auction",
        "description": (
            "TextArena LetterAuction (two players): bid coins on 26 letters, then form the English "
            "word whose letters cost the most."
        ),
        "entry_point": "textarena.envs.LetterAuction.env:LetterAuctionEnv",
        "master": LetterAuctionMaster,
        "scorer": metrics.LetterAuctionScorer,
        "score": "100 when the game was played to its end (both words submitted)",
        "vs_score": "the model's share of the two word values, 100 x own / (own + opponent's); 50 when both are 0",
        "outcome": "Success when both players submitted a valid word; Lose otherwise.",
        "n_instances": {"base": 1, "random": 10, "value_bidder": 10},
        "players": 2,
        "view_window": 17000,
        # the prompt's purse is the starting one; the current one is sent after every move
        # (fixes.word_contests.LetterAuctionPurse)
        "relabel": [
            [
                "^Here is your starting information:\\nYour current coins: (\\d+)\\nYour current letters: \\[\\]$",
                "Here is your starting information:\\nYour starting coins: \\1\\nYour starting letters: none",
            ]
        ],
        "references": ["random", "value_bidder"],
        "player_specs": seats(2, ["[bid 5]", "[pass]", "[bid 12]", "[pass]", "[bid 1]", "[a]", "[e]", "I bid ten"]),
        "nltk_resources": ["corpora/words"],
    },
    {
        "game_name": "ta_codenames",
        "description": (
            "TextArena Codenames (four players, Red and Blue teams of Spymaster and Operative): the "
            "Spymaster clues, the Operative guesses the team's words on a 25-word board."
        ),
        "entry_point": "textarena.envs.Codenames.env:CodenamesEnv",
        "master": CodenamesMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the game was played to its end (a team won or the turn limit was reached)",
        "outcome": (
            "Success when a team won or the turn limit (80) was reached; Lose otherwise; Aborted when a "
            "player broke the format twice in a row."
        ),
        # a variant raised to the count of measured power (scripts/power.py)
        "n_instances": {"base": 1, "random": 48, "lookalike": 8},
        "players": 4,
        "references": ["random", "lookalike"],
        "player_specs": [
            {"role": "Player 0", "custom_response": ["[sea 1]", "[tree 1]", "[house 2]", "[music 1]", "a clue: sea"]},
            {"role": "Player 1", "custom_response": ["[pass]", "[pass]", "I guess sea"]},
            {"role": "Player 2", "custom_response": ["[sea 1]", "[tree 1]", "[house 2]", "[music 1]", "a clue: sea"]},
            {"role": "Player 3", "custom_response": ["[pass]", "[pass]", "I guess sea"]},
        ],
        "nltk_resources": ["corpora/words", "taggers/averaged_perceptron_tagger_eng"],
        "cache_env": True,
    },
    {
        "game_name": "ta_taboo",
        "reply": ["talk", "move"],
        "talk_reading": (
            "The Clue Giver's whole reply goes to its teammates as the clue, and the target or a taboo word anywhere "
            "in it (as a whole word) is an invalid move, so a word written while reasoning breaks the clue; the "
            "Guesser's guess is a move turn."
        ),
        "description": (
            "TextArena Taboo (four players in two teams): the Clue Giver describes a word without "
            "saying it or its taboo words, the Guesser guesses it in brackets."
        ),
        "entry_point": "textarena.envs.Taboo.env:TabooEnv",
        "master": TabooMaster,
        "scorer": metrics.TabooScorer,
        "score": (
            "100 x words guessed by both teams / words possible (24: 4 rounds of 12 requests, a clue and "
            "a guess per word)"
        ),
        "outcome": (
            "Success when the game was played to its end; Lose at the request cap (100); Aborted when a "
            "player made a second invalid move in a row."
        ),
        "n_instances": 8,
        "players": 4,
        "view": "dialogue",
        "references": ["random"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "It is something you see every day.",
                    "Think of a place far away.",
                    "A famous name.",
                    "You can hold it in your hand.",
                ],
            },
            {"role": "Player 1", "custom_response": ["[apple]", "['car']", "[London]", "[dog]", "I guess a cat"]},
            {
                "role": "Player 2",
                "custom_response": [
                    "It is something you see every day.",
                    "Think of a place far away.",
                    "A famous name.",
                    "You can hold it in your hand.",
                ],
            },
            {"role": "Player 3", "custom_response": ["[apple]", "['car']", "[London]", "[dog]", "I guess a cat"]},
        ],
        "content": ["team_word_pairs"],
        "max_requests": 100,
        "experiments": ["default", "animals", "food", "people", "full"],
        "no_strong_player": {
            "base": (
                "no short strategy: describing a word without its taboo words needs definitions no offline "
                "source has"
            ),
            "random": (
                "no short strategy, and the model's teammate is a random seat: a team scores only when its "
                "Clue Giver and Guesser both play well"
            ),
        },
    },
]
