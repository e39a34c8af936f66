"""The reply contract (replies.py): a reply is read as the model meant it, in every game the same way. A move turn
plays the reply's last bracketed move, a talk turn says the whole reply, thinking is never read nor shown; the
records keep the reply as sent and what the game read."""

import pytest

import replies
from support import assert_outcome, play, replies_of, requires, scripted, ta_player
from ta_players import styles


@pytest.mark.parametrize(
    "reply, said",
    [
        ("<think>I could take [4].</think>\n\n[0]", "[0]"),
        ("<THINK>shout [4]</Think> [0]", "[0]"),
        ("<think>a</think> one <think>b [2]</think> [0]", "one  [0]"),
        # a server whose chat template opens the block in the prompt sends only its end
        ("I could take [4]...\n</think>\n[0]", "[0]"),
        # the reply limit cut the block: nothing of it is read
        ("[1] <think>I could take [4], or", "[1]"),
        ("<think>I could take [4], or", ""),
        ("[0]", "[0]"),
    ],
)
def test_thinking_is_removed_before_a_reply_is_read(reply, said):
    assert replies.without_thinking(reply)[0] == said


def test_a_move_turn_plays_the_last_bracketed_move_and_records_what_it_read():
    reading = replies.read("One option is [4], which looks tempting, but no.\n\n**Final answer:** [0]", "move")
    assert reading == replies.Reading("[0]", "played [0]")
    # a bare move is played as it was sent, with nothing more to record
    assert replies.read("[0]", "move") == replies.Reading("[0]", None)
    # inner brackets belong to the move
    assert replies.read("I place [place () {(1,2): [F1]}]", "move").action == "[place () {(1,2): [F1]}]"


def test_a_move_of_several_parts_is_the_last_paragraph_that_holds_any():
    reply = (
        "One option is [1 defect] [2 defect], tempting.\n\nFinal answer:\n[1 cooperate]\n[2 cooperate]\n\nThat is all."
    )
    assert replies.read(reply, "moves").action == "[1 cooperate] [2 cooperate]"


def test_a_talk_turn_says_everything_but_the_thinking():
    reading = replies.read("<think>they will fold</think>I offer [Offer: 2 Wood -> 1 Sheep], a fair deal.", "talk")
    assert reading.action == "I offer [Offer: 2 Wood -> 1 Sheep], a fair deal."
    assert "<think>" in reading.note and "they will fold" not in reading.note
    assert replies.read("Deal?", "talk") == replies.Reading("Deal?", None)


@pytest.mark.parametrize(
    "reply, rule",
    [
        ("I castle kingside.", "no move in square brackets in the reply"),
        ("<think>I castle [e1g1]</think> castle!", "no move in square brackets outside its <think> block"),
        ("<think>I could castle [e1g1], or", "which it never closed (cut at the reply limit?)"),
    ],
)
def test_a_reply_without_a_move_is_handed_on_as_written_with_the_rule_it_broke(reply, rule):
    reading = replies.read(reply, "move")
    assert reading.action == replies.without_thinking(reply)[0]
    assert rule in reading.note


def test_the_contract_of_a_game_with_phases_states_each_kind():
    text = replies.contract(("talk", "move"))
    assert "In a talk turn: all of it is your words" in text and "In a move turn: write what you like" in text
    with pytest.raises(ValueError, match="unknown reply kinds"):
        replies.contract(("shout",))


# --- end to end, through clemcore ---


def test_a_reasoning_reply_plays_its_final_move_and_the_transcript_shows_both():
    """Tic Tac Toe, where the rejected move would be legal: the game plays the final one, the opponent sees only it,
    and the records keep the reply as sent beside the move read."""
    reasoning = "One option is [4], the centre, which looks tempting; but the corner is better.\n\n**My move:** [0]"
    episode = play("ta_tic_tac_toe", [scripted([reasoning, "[1]", "[2]"]), scripted(["[3]", "[6]"])])
    assert episode.game_master.ta_env.state.game_state["board"][0] == [
        "O",
        "O",
        "O",
    ]  # TextArena 0.7.4: Player 0 plays O
    assert_outcome(episode.scores, "Success")
    assert replies_of(episode, "Player 0")[0] == reasoning
    assert any(event["action"]["content"] == "played [0]" for event in episode.interactions["turns"][0])
    opponent_contexts = [context["content"] for name, context in episode.contexts if name == "Player 1"]
    assert "tempting" not in "".join(opponent_contexts) and "[Player 0] [0]" in opponent_contexts[0]


def test_in_a_game_with_hidden_cards_the_words_around_a_move_never_reach_the_other_seat():
    """Kuhn Poker: a model that reasons aloud ("with my King I bet") would give its hand away; the game hands
    TextArena the move alone, which is all TextArena passes on."""
    script = ["With my card, I would rather bet: [bet]", *["[call]", "[check]"] * 10]
    episode = play("ta_kuhn_poker", [scripted(script), scripted(script)])
    seen = {
        seat: "".join(c["content"] for name, c in episode.contexts if name == seat) for seat in ("Player 0", "Player 1")
    }
    assert "[Player 1] [bet]" in seen["Player 0"] and "[Player 0] [bet]" in seen["Player 1"]
    assert "I would rather" not in "".join(seen.values())


def test_no_seat_is_shown_a_think_block_in_a_talk_game():
    """Simple Negotiation: a talk game, whose replies are said to the other seat whole, but for their thinking."""
    thought = "<think>My secret plan: they value Wood most.</think>"
    episode = play(
        "ta_simple_negotiation",
        [lambda context: thought + "Shall we trade? I could give you some Sheep.", scripted(["Tell me more."] * 99)],
    )
    contexts = "".join(context["content"] for _, context in episode.contexts)
    assert "Shall we trade?" in contexts and "secret plan" not in contexts


@requires("ta_tower_of_hanoi")
@pytest.mark.parametrize("style", ["reasoning", "thinking", "markdown", "chat"])
def test_the_experts_moves_in_each_reply_style_solve_as_its_bare_moves(style):
    bare = play("ta_tower_of_hanoi", [ta_player("expert")])
    styled = play("ta_tower_of_hanoi", [ta_player(f"expert+{style}")])
    assert_outcome(styled.scores, "Success")
    assert styled.scores["Main Score"] == bare.scores["Main Score"] == 100
    assert styled.scores["Request Count"] == bare.scores["Request Count"]


def test_a_reply_cut_inside_its_think_block_is_an_invalid_move():
    episode = play("ta_tower_of_hanoi", [ta_player("expert+cut")])
    assert_outcome(episode.scores, "Aborted")
    # (every prompt names the tag, in the contract: what must not come back is what the block held)
    assert not any(styles.shows_thinking(context["content"]) for _, context in episode.contexts)


def test_in_the_full_view_a_models_memory_keeps_its_replies_without_their_thinking():
    """clem's full view sends a model its earlier replies: they come back without their <think> blocks."""
    sent = []

    def player(messages):
        sent.append(messages)
        return f"<think>I weigh [{len(sent)}] and more.</think>\n[{[4, 0, 8][len(sent) - 1]}]"

    player.reads_messages = True
    play("ta_tic_tac_toe", [player, scripted(["[1]", "[2]", "[3]"])], view="full")
    earlier = [message["content"] for message in sent[-1] if message["role"] == "assistant"]
    assert earlier == ["[4]", "[0]"]
