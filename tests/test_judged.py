"""TextArena's LLM-judged games with a clem model as the judge (TextArena 0.7.4 would ask OpenRouter): the judge is
the last clem player, asked by the game master whenever the env asks its game master or a juror; its calls are the
judge's turns in the record, counted apart from the player's requests. Scripted players and judges win, lose and
reply garbage; no network is ever used."""

import math
import random
import socket

import pytest
import textarena as ta

from runtime.randomness import EpisodeRandomness
from support import assert_outcome, instance_of, play, scripted, spec_of, ta_player

JUDGED = ["ta_twenty_questions", "ta_guess_who", "ta_debate", "ta_scenario_planning"]


def judge_turns(episode) -> list[tuple[str, str]]:
    """(what the game master asked the judge, what it answered), in order."""
    events = [
        event for turn in episode.interactions["turns"] for event in turn if "Judge" in (event["from"], event["to"])
    ]
    return [
        (asked["action"]["content"], answered["action"]["content"])
        for asked, answered in zip(events[::2], events[1::2])
    ]


def always(reply: str):
    return lambda context: reply


# --- Twenty Questions and Guess Who: the judge is the game master ---


def test_twenty_questions_solved_after_three_questions_scores_the_questions_left():
    assert instance_of("ta_twenty_questions")[1]["content"] == {"target_word": "cup", "theme": "things"}
    questions = ["Is it a container?", "Do you drink from it?", "Does it have a handle?"]
    episode = play("ta_twenty_questions", [scripted([*questions, "It is a [cup]"]), always("Yes")])
    assert_outcome(episode.scores, "Success")
    # 50 + 50 x (20 - 3) / 20
    assert episode.scores["Main Score"] == 92.5 and episode.scores["Questions"] == 3
    assert episode.scores["Request Count"] == 4 and episode.scores["Judge Requests"] == 3
    asked = judge_turns(episode)
    assert [answer for _, answer in asked] == ["Yes"] * 3
    # TextArena's own game-master prompt, with the secret word, the history and the options
    assert "guessing the target word: cup" in asked[2][0]
    assert "Q: Is it a container?\nA: Yes" in asked[2][0] and "Q: Does it have a handle?" in asked[2][0]
    assert "Options: 'Yes', 'No', 'I don't know'" in asked[2][0]
    # the player reads the judge's answer as the game's message
    assert "[GAME] Yes" in episode.contexts[1][1]["content"]
    assert episode.interactions["players"]["Judge"] == {"game_role": "Judge", "model_name": "scripted1"}


def test_twenty_questions_wrong_guess_loses():
    episode = play("ta_twenty_questions", [scripted(["[dog]"]), always("Yes")])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Judge Requests"] == 0


def test_twenty_questions_out_of_questions_loses_after_twenty():
    # TextArena 0.7.4 asks for the final guess after 20 questions, but its turn limit (21, checked before the move
    # is counted) lets a player that never guesses ask 22
    episode = play("ta_twenty_questions", [always("Is it blue?"), always("No")])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Questions"] == 22 and episode.scores["Main Score"] == 0
    assert "You have run out of questions. What is your final guess?" in episode.contexts[20][1]["content"]


def test_twenty_questions_judge_garbage_reaches_the_player_as_textarena_passes_it_on():
    # TextArena 0.7.4 shows the player whatever the game master said, and keeps a "don't understand" in its history
    episode = play("ta_twenty_questions", [scripted(["Is it round?", "Is it red?", "[cup]"]), always("Banana!!")])
    assert_outcome(episode.scores, "Success")
    assert "[GAME] Banana!!" in episode.contexts[1][1]["content"]
    assert "Q: Is it round?\nA: I'm sorry, I don't understand. Please try asking again." in judge_turns(episode)[1][0]


def test_guess_who_two_wrong_guesses_in_a_row_lose_without_an_abort():
    assert instance_of("ta_guess_who")[1]["content"]["target_character"]["name"] == "George"
    episode = play("ta_guess_who", [scripted(["[Zach]", "[Emma]"]), always("No")])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Violated Request Count"] == 2


def test_guess_who_solved_and_judge_garbage_is_textarenas_fallback():
    episode = play(
        "ta_guess_who",
        [
            scripted(["Is the character bald?", "Does he wear glasses?", "[George]"]),
            scripted(["Yes", "What a question."]),
        ],
    )
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 50 + 50 * 17 / 19
    assert "I'm sorry, I don't understand. Please try asking again." in episode.contexts[2][1]["content"]


def test_guess_who_echo_of_a_long_question_is_clipped_as_a_seats_words_are():
    # TextArena 0.7.4 echoes the whole reply as the game's "You asked: <reply>" (GuessWho/env.py:89)
    question = "Thinking aloud. " + "Hmm, " * 600 + "Is the character bald?"
    episode = play("ta_guess_who", [scripted([question, "[George]"]), always("No")])
    context = episode.contexts[1][1]["content"]
    assert "Thinking aloud." not in context
    assert "[GAME] You asked: …" + question[-1000:] in context
    assert "[GAME] No" in context


# --- Debate and Scenario Planning: the judge is every juror ---


def pre_then_post(before: str, after: str):
    """A juror voting `before` in the vote before the debate and `after` in the one after it."""
    return lambda context: before if "No debate has occurred yet" in context else after


def test_debate_the_side_whose_vote_share_grew_wins():
    # instance 0: Player 0 argues the Negative side; 7 jurors vote Negative before and Affirmative after
    assert instance_of("ta_debate")[1]["content"]["sides"] == {"1": "Affirmative", "0": "Negative"}
    argue = always("My side is right.")
    episode = play("ta_debate", [argue, argue, pre_then_post("Negative", "Affirmative")])
    seats = episode.interactions["seats"]
    assert {name: (seat["result"], seat["payoff"]) for name, seat in seats.items()} == {
        "Player 0": ("loss", -1.0),
        "Player 1": ("win", 1.0),
    }
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Judge Requests"] == 14 and episode.scores["Request Count"] == 6
    asked = judge_turns(episode)
    # the first vote is taken while the game is set up, and recorded when it starts
    assert all("No debate has occurred yet" in prompt for prompt, _ in asked[:7])
    assert "Player 0 (Negative): My side is right." in asked[7][0]
    # one judge model stands for every juror, told which juror it is
    assert "You are juror number 1." in asked[0][0] and "You are juror number 7." in asked[6][0]
    assert "You are juror number 1." in asked[7][0]


@pytest.mark.parametrize(
    "game_id, before, after, main_score", [(0, "Negative", "Affirmative", 0.0), (1, "Affirmative", "Negative", 100.0)]
)
def test_debate_against_a_reference_scores_the_models_gain_of_vote_share(game_id, before, after, main_score):
    # instance 0 seats the model at Player 0, instance 1 at Player 1: on the Negative side both times
    episode = play("ta_debate_vs_random", [always("My side is right."), pre_then_post(before, after)], game_id=game_id)
    assert episode.interactions["seats"][f"Player {game_id}"]["payoff"] == (main_score - 50) / 50
    assert episode.scores["Main Score"] == main_score


def test_debate_jurors_who_name_no_side_cast_no_vote_and_the_debate_is_drawn():
    episode = play("ta_debate_vs_random", [always("My side is right."), always("Both made fine points.")])
    assert episode.interactions["votes"]["post-debate"] == {"Affirmative": 0, "Negative": 0}
    assert {seat["result"] for seat in episode.interactions["seats"].values()} == {"draw"}
    assert episode.scores["Main Score"] == 50


def test_scenario_planning_the_jurys_majority_wins_and_a_tie_is_a_draw():
    plan = always("Find water first.")
    episode = play("ta_scenario_planning", [plan, plan, always("Player 1")])
    assert {name: seat["result"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": "loss",
        "Player 1": "win",
    }
    assert episode.scores["Judge Requests"] == 11
    # no valid vote: TextArena 0.7.4 calls `set_draw(reson=...)`, a TypeError the master puts right
    episode = play("ta_scenario_planning", [plan, plan, always("Both are good.")])
    assert {seat["result"] for seat in episode.interactions["seats"].values()} == {"draw"}
    assert_outcome(episode.scores, "Success")


def test_scenario_planning_against_a_reference_scores_the_models_vote_share():
    votes = iter(["Player 1"] * 8 + ["Player 0"] * 3)
    episode = play(
        "ta_scenario_planning_vs_random", [always("Find water first."), lambda context: next(votes)], game_id=1
    )
    assert math.isclose(episode.scores["Main Score"], 100 * 8 / 11)


# --- every judged game: offline, recorded, failures named ---


@pytest.mark.parametrize("game", JUDGED)
def test_no_network_is_used_and_textarenas_openrouter_agent_is_left_in_place(game, monkeypatch):
    monkeypatch.delenv("OPENROUTER_API_KEY", raising=False)

    def no_network(*args, **kwargs):
        raise AssertionError("a network connection was attempted")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    original = ta.agents.OpenRouterAgent
    seats = spec_of(game).players - 1
    episode = play(game, [ta_player("random") for _ in range(seats)] + [ta_player("random")])
    assert sum(episode.scores[name] for name in ("Success", "Lose", "Aborted")) == 1
    assert episode.scores["Judge Requests"] > 0
    assert ta.agents.OpenRouterAgent is original


@pytest.mark.parametrize("game", ["ta_twenty_questions", "ta_debate"])
def test_a_failing_judge_fails_the_episode_with_its_name(game):
    def broken(context):
        raise ConnectionError("backend down")

    seats = spec_of(game).players - 1
    with pytest.raises(Exception, match=r"the judge \(scripted\d\) failed: ConnectionError: backend down"):
        play(game, [always("Is it red?") for _ in range(seats)] + [broken])


def test_the_judge_draws_outside_the_episodes_randomness():
    """A judge model drawing from `random` neither takes the episode's draws nor changes them."""
    undisturbed, disturbed = EpisodeRandomness(7), EpisodeRandomness(7)
    with undisturbed:
        expected = [random.random(), random.random()]
    random.seed(1)
    caller = random.random()
    random.seed(1)
    with disturbed:
        first = random.random()
        with disturbed.suspended():
            assert random.random() == caller  # the judge draws from the caller's RNG
        second = random.random()
    assert [first, second] == expected
