"""The word contests played end to end through clemcore: DontSayIt, SpellingBee, LetterAuction, Codenames — scripted
games with hand-computed outcomes, the `_vs_<reference>` variants, TextArena 0.7.4 defects the game masters work
around, hidden information, and the strength of the reference players on the shipped instances."""

import math
import re

import pytest

import support
import ta_players
from support import assert_outcome, instance_of, play, scripted, ta_player

RESULT_SCORES = {"win": 100, "draw": 50, "loss": 0}


@pytest.fixture
def vs(monkeypatch):
    """`play` for a `_vs_<reference>` variant: it plays its base game's instances, with one policy (the model's)."""
    base_instance_of = support.instance_of
    monkeypatch.setattr(
        support,
        "instance_of",
        lambda game, experiment="default", game_id=0: base_instance_of(game.split("_vs_")[0], experiment, game_id),
    )

    def play_vs(game: str, policy, experiment: str = "default", game_id: int = 0):
        return play(game, [policy], experiment=experiment, game_id=game_id)

    return play_vs


def results(episode) -> dict:
    return {name: seat["result"] for name, seat in episode.interactions["seats"].items()}


def model_seat(episode) -> dict:
    return next(seat for seat in episode.interactions["seats"].values() if not seat["reference"])


def mean_vs_score(play_vs, game: str, policy_name: str, experiment: str, game_ids) -> float:
    scores = [play_vs(game, ta_player(policy_name), experiment, game_id).scores["Main Score"] for game_id in game_ids]
    return sum(scores) / len(scores)


# --- DontSayIt ---


def test_dont_say_it_saying_the_other_seats_word_loses():
    assert instance_of("ta_dont_say_it")[1]["content"]["target_words"] == {"0": "colour", "1": "circle"}
    episode = play("ta_dont_say_it", [scripted(["Hello there."]), scripted(["I love that colour!"])])
    assert_outcome(episode.scores, "Success")
    assert results(episode) == {"Player 0": "win", "Player 1": "loss"}
    assert episode.interactions["seats"]["Player 1"]["how"] == "rules"
    assert episode.scores["Main Score"] == 100


def test_dont_say_it_ends_in_a_draw_after_21_messages():
    # TextArena 0.7.4 checks its limit of 20 turns before counting the move: 21 messages are played
    episode = play("ta_dont_say_it", [lambda context: "Hmm.", lambda context: "Hmm."])
    assert_outcome(episode.scores, "Success")
    assert results(episode) == {"Player 0": "draw", "Player 1": "draw"}
    assert episode.interactions["seats"]["Player 0"]["how"] == "turn limit"
    assert sum(episode.interactions["Request Count"]) == 21


def test_dont_say_it_secret_words_stay_with_their_seats():
    episode = play("ta_dont_say_it", [lambda context: "Hmm.", lambda context: "Hmm."])
    secrets = episode.game_master.secrets()
    assert secrets == {0: ["Your secret word is: 'colour'"], 1: ["Your secret word is: 'circle'"]}
    for name, context in episode.contexts:
        seat = int(name.split()[-1])
        assert not any(text in context["content"] for text in secrets[1 - seat])
    assert secrets[0][0] in episode.contexts[0][1]["content"]


def test_dont_say_it_format_breaker_is_no_violation(vs):
    # every text is a move in DontSayIt: a reply that ignores the game is just a message
    episode = vs("ta_dont_say_it_vs_random", ta_player("format-breaker"))
    assert episode.scores["Aborted"] == 0
    assert episode.scores["Main Score"] == RESULT_SCORES[model_seat(episode)["result"]]


def test_dont_say_it_trickster_never_says_the_other_word(vs):
    for game_id in range(4):
        episode = vs("ta_dont_say_it_vs_random", ta_player("expert"), game_id=game_id)
        assert model_seat(episode)["result"] != "loss"


# --- SpellingBee ---


def test_spelling_bee_seat_without_a_longer_word_loses_by_the_rules():
    assert instance_of("ta_spelling_bee")[1]["content"]["allowed_letters"] == list("efghors")
    episode = play("ta_spelling_bee", [scripted(["[ego]", "[goes]"]), scripted(["[hog]", "[go]", "[go]"])])
    assert_outcome(episode.scores, "Success")
    assert results(episode) == {"Player 0": "win", "Player 1": "loss"}
    assert episode.interactions["words played"] == ["ego", "hog", "goes"]
    assert episode.scores["Violated Request Count"] == 2
    assert "violating seats" not in episode.interactions
    assert episode.scores["Main Score"] == 100


def test_spelling_bee_reply_without_brackets_twice_aborts():
    episode = play("ta_spelling_bee", [scripted(["[ego]"]), lambda context: "my word is hog"])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]


def test_spelling_bee_parity_reference_beats_random(vs):
    against_random = mean_vs_score(vs, "ta_spelling_bee_vs_random", "random", "default", range(10))
    against_parity = mean_vs_score(vs, "ta_spelling_bee_vs_parity", "random", "default", range(10))
    assert against_parity <= 10 and against_random - against_parity >= 30


# --- LetterAuction ---


def auction_policy(*words: str):
    """The starter of a round bids 1, the other passes (so the passer starts the next round and the seats take the
    letters in turn); after the auction, the given words in order."""
    words = iter(words)

    def policy(context: str) -> str:
        if "The auction is over" in context or "attempted an invalid move" in context:
            return next(words)
        if "do you want to" not in context:  # the prompt: Player 0 opens the first round
            return "[bid 1]"
        return "[bid 1]" if context.rsplit("do you want to", 1)[1].startswith(" start bid") else "[pass]"

    return policy


def test_letter_auction_word_of_higher_value_wins_and_payoffs_are_word_values():
    letters = instance_of("ta_letter_auction")[1]["content"]["letters"]
    assert set("SOUR") <= set(letters[0::2]) and set("BLADE") <= set(letters[1::2])
    episode = play("ta_letter_auction", [auction_policy("[sour]"), auction_policy("[blade]")])
    assert_outcome(episode.scores, "Success")
    assert results(episode) == {"Player 0": "loss", "Player 1": "win"}
    assert {name: seat["payoff"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": 4,
        "Player 1": 5,
    }


def test_letter_auction_seat_reads_its_current_coins_and_letters():
    # TextArena 0.7.4 shows a seat its purse in its prompt only, "Your current coins: 100" (LetterAuction/env.py:91-93)
    read = []

    def check(game_master, name, context):
        player = game_master.ta_env.player_states[int(name.split()[-1])]
        content = context["content"]
        assert "Here is your starting information:\nYour starting coins: 100\nYour starting letters: none" in content
        letters = ", ".join(f"{a} (bought for {b})" for a, b in zip(player["letters"], player["letter_values"]))
        purse = f"Your current coins: {player['coins']}\nYour current letters: {letters or 'none'}"
        if letters:
            purse += "\nA word's value is the sum of the coins paid for its letters."
        read.append((player["coins"], content.rstrip().endswith(purse)))

    episode = play("ta_letter_auction", [auction_policy("[sour]"), auction_policy("[blade]")], on_turn=check)
    # every context but the first (the prompt's purse is the current one) ends with the seat's current purse
    assert [shown for _, shown in read] == [False] + [True] * (len(episode.contexts) - 1)
    assert min(coins for coins, _ in read) < 100


def test_letter_auction_second_word_gets_a_retry():
    # TextArena 0.7.4 would end the game at the second seat's first wrong word (value 0, no invalid move)
    episode = play("ta_letter_auction", [auction_policy("[sour]"), auction_policy("[sour]", "[blade]")])
    assert results(episode) == {"Player 0": "loss", "Player 1": "win"}
    assert episode.scores["Violated Request Count"] == 1
    assert "You do not have the letter 'S'" in episode.contexts[-1][1]["content"]


def test_letter_auction_score_against_a_reference_is_the_share_of_word_values(vs):
    episode = vs("ta_letter_auction_vs_random", ta_player("random"))
    payoffs = [seat["payoff"] for seat in episode.interactions["seats"].values()]
    own = model_seat(episode)["payoff"]
    assert episode.scores["Main Score"] == pytest.approx(100 * own / sum(payoffs) if sum(payoffs) else 50)


def test_letter_auction_format_breaker_aborts(vs):
    episode = vs("ta_letter_auction_vs_random", ta_player("format-breaker"))
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]


def test_letter_auction_value_bidder_beats_random(vs):
    against_random = mean_vs_score(vs, "ta_letter_auction_vs_random", "random", "default", range(6))
    against_expert = mean_vs_score(vs, "ta_letter_auction_vs_value_bidder", "random", "default", range(6))
    assert against_random - against_expert >= 20


# --- Codenames ---


def codenames_board(experiment="default", game_id=0) -> dict:
    return dict(instance_of("ta_codenames", experiment, game_id)[1]["content"]["board"])


def test_codenames_assassin_loses_the_game_for_the_guessing_team():
    assassin = next(word for word, label in codenames_board().items() if label == "A")
    episode = play("ta_codenames", [scripted(["[zzzz 1]"]), scripted([f"[{assassin}]"]), scripted([]), scripted([])])
    assert_outcome(episode.scores, "Success")
    assert results(episode) == {"Player 0": "loss", "Player 1": "loss", "Player 2": "win", "Player 3": "win"}
    assert episode.scores["Main Score"] == 100


def test_codenames_broken_format_twice_aborts_and_the_team_loses():
    # TextArena 0.7.4 only skips the team's turn; the game master makes it an invalid move
    episode = play("ta_codenames", [lambda context: "My clue is sea.", scripted([]), scripted([]), scripted([])])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert results(episode) == {"Player 0": "loss", "Player 1": "loss", "Player 2": "win", "Player 3": "win"}
    assert {name: seat["how"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": "own violation",
        "Player 1": "teammate's violation",
        "Player 2": "opponent's violation",
        "Player 3": "opponent's violation",
    }
    assert "The reply is not a clue and number in brackets" in episode.contexts[1][1]["content"]


def test_codenames_hardcore_boards_have_guessable_team_words():
    for game_id in range(8):
        for word, label in codenames_board("hardcore", game_id).items():
            assert label not in "RB" or word == word.lower()


def test_codenames_operatives_never_see_the_key(vs):
    episode = vs("ta_codenames_vs_lookalike", ta_player("random"), game_id=1)  # the model is Red's Operative
    key = episode.game_master.secrets()[0]
    assert key and all(line not in context["content"] for _, context in episode.contexts for line in key)
    assert re.search(r"Codenames Words:", episode.contexts[0][1]["content"])


def test_codenames_lookalike_team_beats_random(vs):
    # every instance of the experiment, the model in each seat twice (with the state view's draws the reference
    # operatives never end a game before the model's first move): random play against random is a coin flip won by
    # the Blue team, whose Red operative picked the assassin in all eight games (0, 0, 100, 100, 0, 0, 100, 100);
    # against the lookalike team the random model loses all eight
    game_ids = range(8)
    against_random = mean_vs_score(vs, "ta_codenames_vs_random", "random", "default", game_ids)
    against_expert = mean_vs_score(vs, "ta_codenames_vs_lookalike", "random", "default", game_ids)
    assert against_expert == 0 and against_random == 50


def recording(strategy: str, replies: list):
    """The programmatic player `strategy` as a policy that appends each of its replies to `replies`."""
    player = ta_player(strategy)

    def policy(messages):
        replies.append(player(messages))
        return replies[-1]

    policy.reads_messages = True
    return policy


def test_codenames_expert_operative_passes_a_random_clue_the_lookalike_follows_to_the_assassin(vs):
    # default game 5 seats the model as Red's Operative; the random Spymaster's first clue is [front 3], which shares
    # only 'fr' with 'friend', the assassin: the lookalike guesses it and loses, the expert passes (2 letters from an
    # untested Spymaster point at nothing) and wins when Blue's random Operative picks the assassin
    assert "friend" in [word for word, label in codenames_board("default", 5).items() if label == "A"]
    old = vs("ta_codenames_vs_random", ta_player("reference"), game_id=5)
    assert old.interactions["end reason"] == "Player 1 selected the assassin word."
    assert "submitted [front 3]" in old.contexts[0][1]["content"]
    replies = []
    new = vs("ta_codenames_vs_random", recording("expert", replies), game_id=5)
    assert replies[0] == "[pass]"
    assert new.interactions["end reason"] == "Player 3 selected the assassin word."
    assert model_seat(new)["result"] == "win" and new.scores["Main Score"] == 100


def test_codenames_expert_operative_follows_a_lookalike_clue():
    board = "\n".join(f"{word:<8} " for word in codenames_board("default", 5))
    context = (
        "You are playing Codenames, a 2v2 word deduction game.\nYou are Player 1, the Operative for Red team.\n\n"
        "[GAME] Spymaster of Red team, Player 0, submitted [tomato 1].\n\nCodenames Words:\n" + board
    )
    # 'tomato' ends like 'potato' (3 letters): a clue that points at a word
    assert ta_players.reply("expert", [{"role": "user", "content": context}]) == "[potato]"
    after_a_wrong_guess = context.replace(
        "\n\n[GAME] Spymaster",
        "\n\n[GAME] Spymaster of Red team, Player 0, submitted "
        "[chin 1].\n[GAME] Operator of Red team, Player 1, wrongly guessed [army]. It "
        "is a Blue Team word.\n[GAME] Spymaster",
    )
    assert ta_players.reply("expert", [{"role": "user", "content": after_a_wrong_guess}]) == "[pass]"
    assert ta_players.reply("reference", [{"role": "user", "content": after_a_wrong_guess}]) == "[potato]"


def test_codenames_expert_spymaster_asks_no_guess_of_an_operative_that_ignores_its_clues(vs):
    # hardcore game 0 seats the model as Red's Spymaster; its random Operative answers [dopaoxidase 2] (which looks
    # like 'doppia') with 'vetanda' (no letter in common): from then on the clues are for no word, one guess a turn
    replies = []
    episode = vs("ta_codenames_vs_random", recording("expert", replies), "hardcore", 0)
    assert replies[:3] == ["[cradge 2]", "[dopaoxidase 2]", "[if 0]"]
    assert all(reply.endswith(" 0]") for reply in replies[2:])
    assert "Operator of Red team, Player 1, correctly guessed [vetanda]" in episode.contexts[2][1]["content"]
    assert ta_players.reply("reference", [{"role": "user", "content": episode.contexts[2][1]["content"]}]) != "[if 0]"


def test_codenames_expert_beats_random_seats_as_operative(vs):
    # the expert as the model's Operative (seats 1 and 3) against random seats, the first instances of each seat:
    # the lookalike operative picked the assassin itself in default games 3 and 5 (0, 100, 0, 100 -> 50)
    scores = [
        vs("ta_codenames_vs_random", ta_player("expert"), "default", game_id).scores["Main Score"]
        for game_id in (1, 3, 5, 7)
    ]
    assert scores == [100, 100, 100, 100]


# --- Taboo ---


def taboo_words(game_id=0) -> dict:
    return instance_of("ta_taboo", "default", game_id)[1]["content"]["team_word_pairs"]


def test_taboo_quoted_guess_as_the_prompt_shows_it_scores():
    assert taboo_words()["0"][0] == ["Tea pot", ["vessel", "pour"]]
    guesses = iter(["['Tea pot']"])
    episode = play(
        "ta_taboo",
        [
            lambda context: "You brew a hot drink in it.",
            lambda context: next(guesses, "[nothing]"),
            lambda context: "Hmm, no hint.",
            lambda context: "[nothing]",
        ],
    )
    assert_outcome(episode.scores, "Success")
    assert episode.interactions["words guessed"] == {"Team 0": 1, "Team 1": 0}
    assert results(episode) == {"Player 0": "win", "Player 1": "win", "Player 2": "loss", "Player 3": "loss"}
    assert episode.scores["Main Score"] == pytest.approx(100 / 24)
    assert sum(episode.interactions["Request Count"]) == 48


def test_taboo_guesser_without_brackets_twice_ends_the_game_aborted():
    # TextArena 0.7.4 would ask the Guesser again forever
    episode = play(
        "ta_taboo",
        [lambda context: "You brew a hot drink in it.", lambda context: "A tea pot?", scripted([]), scripted([])],
    )
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert results(episode) == {"Player 0": "loss", "Player 1": "loss", "Player 2": "win", "Player 3": "win"}
    assert episode.interactions["seats"]["Player 0"]["how"] == "teammate's violation"
    assert sum(episode.interactions["Request Count"]) == 3


def test_taboo_clue_giver_saying_a_taboo_word_twice_ends_the_game_aborted():
    episode = play("ta_taboo", [lambda context: "You pour tea from it.", scripted([]), scripted([]), scripted([])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert "mentioned a taboo word" in episode.contexts[1][1]["content"]


def test_taboo_only_the_clue_giver_sees_the_word():
    episode = play(
        "ta_taboo",
        [
            lambda context: "Hmm, no hint.",
            lambda context: "[nothing]",
            lambda context: "Hmm, no hint.",
            lambda context: "[nothing]",
        ],
    )
    words = [pair[0] for pairs in taboo_words().values() for pair in pairs]
    for name, context in episode.contexts:
        if name in ("Player 1", "Player 3"):
            assert not any(f"word to guess is '{word}'" in context["content"] for word in words)
    assert "The current word to guess is 'Tea pot'" in episode.contexts[0][1]["content"]
    assert episode.game_master.secrets()[0] == [f"word to guess is '{taboo_words()['0'][0][0]}'"]
