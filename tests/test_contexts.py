"""What a model reads, read as a model reads it: top to bottom, trusting the first board and the first list of valid
moves it meets. A context shows one current position: never a stale board, move list or score above the current one."""

import hashlib
import random
import re

import pytest
from context_reading import common_prefix, episode_contexts, move_lists, recorded_episodes, stale_state
from textarena.core import ObservationType

import ta_players
from clem_observation_wrapper import ClemObservationWrapper
from support import GAMES, REFERENCE_GAMES, REPO, QueuedEnv, play, python, seats_per_experiment, spec_of, ta_player
from ta_master import reply_kinds
from ta_players import styles


def _contexts_by_game(results) -> dict[str, list[tuple[str, str]]]:
    """{game: [(the seat's prompt, context), ...]} of every context of a recorded run; the prompt is what all the
    seat's contexts of an episode begin with (a bounded view repeats it), or nothing."""
    by_game = {}
    for game, _, _, interactions in recorded_episodes(results):
        for contexts in episode_contexts(interactions).values():
            prompt = common_prefix(contexts)
            by_game.setdefault(game, []).extend((prompt, context) for context in contexts)
    return by_game


@pytest.fixture(scope="module")
def random_run_contexts(random_sampled_run):
    _, results = random_sampled_run
    return _contexts_by_game(results)


@pytest.mark.all_games
def test_no_context_of_the_random_run_shows_a_stale_board_move_list_or_state_block(random_run_contexts):
    """Over the suite's `ta-random` run of every game: no context repeats a heading ("Current Board:", "Valid
    moves:", "=== ROUND 2 of 20 ===") with other content under it, or offers two different lists of moves."""
    assert set(random_run_contexts) == set(GAMES)
    stale = {}
    for game, contexts in random_run_contexts.items():
        for prompt, context in contexts:
            if found := stale_state(context, prompt):
                stale.setdefault(game, (found, context))
    assert not stale, "\n\n".join(f"{game}: {found}\n{context[-1500:]}" for game, (found, context) in stale.items())


@pytest.mark.all_games
def test_no_context_of_the_chat_styled_run_shows_a_seats_thinking_or_the_words_around_its_moves(random_run_contexts):
    """The suite's random run dresses every reply as chat models write them (ta_players.styles): reasoning that
    rejects a move before the final one, a <think> block, markdown around the move. No context of any seat shows
    what a <think> block held, and in games whose every turn is a move no seat is shown the words around a move,
    its own or another's (in talk turns the words are the reply, said by the contract)."""
    thinking, reasoning = {}, {}
    for game, contexts in random_run_contexts.items():
        moves_only = "talk" not in reply_kinds(spec_of(game))
        for _, context in contexts:
            if styles.shows_thinking(context):
                thinking.setdefault(game, context)
            if moves_only and styles.shows_words_around_a_move(context):
                reasoning.setdefault(game, context)
    assert not thinking, {game: context[-800:] for game, context in thinking.items()}
    assert not reasoning, {game: context[-800:] for game, context in reasoning.items()}


# A dressed reply's rejected move and its own (ta_players.styles: the reasoning and thinking styles).
REJECTED_THEN_PLAYED = re.compile(
    rf"(?:One option is (.*), which looks tempting|<think>\nI could play (.*)\. {styles.THOUGHT} ).*?"
    rf"(?:{re.escape(styles.REASONING_MARK)}|{re.escape(styles.THINKING_MARK)})(.*)",
    re.S,
)


# The chat style's three styles, each told by how it begins (ta_players.styles).
CHAT_STYLE_OPENINGS = {"reasoning": styles.REASONING, "thinking": "<think>", "markdown": styles.PREAMBLE}


@pytest.mark.all_games
def test_the_random_runs_replies_come_in_every_chat_style_and_reject_another_move_than_the_one_they_play(
    random_sampled_run,
):
    """The suite's random run dresses its replies in each of the chat styles, a third each (a player sent its
    current context alone cannot count its requests, and turning the style on their number had every reply of the
    run think and none reason aloud). Where a reply reasons or thinks, the move it weighs and rejects is not the one
    it plays: a reader that took the first move it meets would misread the reply, and the run's checks would find it.
    A game that offers one or two moves (the stag hunt's two) lets a few draws in a row hit the played move (about 5%
    of such replies; all of them when the rejected move was drawn from the player's own seed)."""
    _, results = random_sampled_run
    same, weighed, dressed = 0, 0, dict.fromkeys(CHAT_STYLE_OPENINGS, 0)
    for _, _, _, interactions in recorded_episodes(results):
        for event in (event for turn in interactions["turns"] for event in turn):
            reply = event["action"]["content"] if event["to"] == "GM" and event["from"] != "GM" else ""
            if not isinstance(reply, str):
                continue
            for style, opening in CHAT_STYLE_OPENINGS.items():
                dressed[style] += reply.startswith(opening)
            if found := REJECTED_THEN_PLAYED.match(reply):
                weighed += 1
                same += (found[1] or found[2]) == found[3]
    assert all(count > sum(dressed.values()) // 4 for count in dressed.values()), dressed
    assert weighed > 1000 and same <= weighed // 10, (same, weighed)


def test_the_reader_finds_the_stale_board_and_move_list_it_is_meant_to_find():
    """The check above is not blind: the two boards a context showed before the state view kept only the current
    position (Tic Tac Toe after two moves, as TextArena 0.7.4 broadcast them) are found."""
    board = "Current Board:\n\n {} | 1 | 2\n---+---+---\n 3 | 4 | 5\n---+---+---\n 6 | 7 | 8\n\nAvailable Moves: {}"
    before = board.format("0", "'[0]', '[1]', '[2]'").replace("'", "")
    after = board.format("X", "'[1]', '[2]'").replace("'", "")
    context = f"You are Player 0 in Tic Tac Toe.\n\n[Player 0] [4]\n\n{before}\n\n[Player 1] [0]\n\n{after}"
    assert stale_state(context) == ["2 different blocks headed 'Current Board:'", "2 different lists of valid moves"]
    assert stale_state(f"You are Player 0.\n\n[Player 1] [0]\n\n{after}") == []


def test_the_state_view_shows_the_boards_of_the_current_position_only():
    """Boards sent one after another are one position and stay together; a board sent after a move or any other
    message (Settlers of Catan's dice roll) replaces them, also across observations."""
    prompt, board, message, move = (
        ObservationType.PROMPT,
        ObservationType.GAME_BOARD,
        ObservationType.GAME_MESSAGE,
        ObservationType.PLAYER_ACTION,
    )
    env = ClemObservationWrapper(
        QueuedEnv(
            [
                [
                    (-1, "Rules.", prompt),
                    (-1, "Board A", board),
                    (0, "[1]", move),
                    (-1, "Board B", board),
                    (-1, "Your hand B", board),
                    (1, "[2]", move),
                    (-1, "Board C", board),
                    (-1, "Your hand C", board),
                ],
                [(-1, "Dice rolled.", message), (-1, "Board D", board), (1, "nonsense", move)],
                [(-1, "Player 1 made an invalid move.", ObservationType.GAME_ADMIN)],
            ]
        )
    )
    _, first = env.get_observation()
    assert first["content"].endswith("[Player 1] [2]\n\nBoard C\n\nYour hand C")
    assert "Board A" not in first["content"] and "Board B" not in first["content"]
    _, second = env.get_observation()
    # a move that brought no new board (an invalid one) leaves the position as it was
    assert second["content"].endswith("[GAME] Dice rolled.\n\n[Player 1] nonsense\n\nBoard D")
    assert "Board C" not in second["content"]
    _, third = env.get_observation()
    assert third["content"].endswith("[GAME] Player 1 made an invalid move.\n\nBoard D")


PLACEHOLDER = re.compile(r"\bX\b")


class FirstListReader:
    """A reader that trusts the first list of valid moves it meets below the game's rules (TextArena's prompt, which
    may list the move format as "Valid moves: [Up], [Down], ..."), top to bottom, and plays one of its moves (drawn by
    the context, so the same context gets the same move), leaving out moves to be filled in (`[bet X]`); where the
    context offers no list, it plays as the random player. The game master tells it where the rules end: `rules_of`
    is its `on_turn` hook."""

    def __init__(self):
        self._rules = ""
        self.played_from_a_list: set[str] = set()  # the contexts it answered from a list

    def rules_of(self, game_master, player_name: str, context: dict):
        seat = int(player_name.removeprefix("Player "))
        self._rules = game_master.env._seen[seat].prompt if game_master.view != "full" else ""

    def __call__(self, context: str) -> str:
        below_rules = context.removeprefix(self._rules)
        lists = [
            playable
            for moves in move_lists(below_rules)
            if (playable := [move for move in moves if not PLACEHOLDER.search(move)])
        ]
        if not lists:
            return ta_players.reply("random", [{"role": "user", "content": context}])
        self.played_from_a_list.add(context)
        rng = random.Random(hashlib.sha256(context.encode("utf-8")).digest())
        return rng.choice(lists[0])


def invalid_moves_from_a_list(interactions: dict, reader: FirstListReader) -> list[tuple[str, str, str]]:
    """(context, reply, TextArena's reason) of every invalid move the reader made from a list its context offered."""
    found, last = [], {}
    for turn in interactions["turns"]:
        for event in turn:
            action = event["action"]
            if action["type"] == "send message" and event["from"] == "GM":
                last["context"] = action["content"]
            elif action["type"] == "get message":
                last["reply"] = action["content"]
            elif action["type"] == "invalid move" and last.get("context") in reader.played_from_a_list:
                found.append((last["context"], last.get("reply"), str(action["content"])))
    return found


BASE_GAMES = [game for game in GAMES if game not in REFERENCE_GAMES]


def _read_every_list(game: str):
    for experiment in seats_per_experiment(game):
        reader = FirstListReader()
        # clem gives one model per player of the spec; an experiment with more seats cycles them
        episode = play(game, [reader] * spec_of(game).players, experiment=experiment, on_turn=reader.rules_of)
        invalid = invalid_moves_from_a_list(episode.interactions, reader)
        assert not invalid, f"{game}, {experiment}: " + "\n\n".join(
            f"{reason} (played {reply!r})\n{context[-1200:]}" for context, reply, reason in invalid
        )


@pytest.mark.all_games
@pytest.mark.parametrize("game", BASE_GAMES)
def test_a_reader_that_plays_from_the_first_list_of_valid_moves_makes_only_legal_moves(game, random_run_contexts):
    """In every game whose contexts offer a list of valid moves (in the suite's `ta-random` run), a player that plays
    from the first list it reads makes no invalid move, in the first instance of every experiment."""
    if not any(move_lists(context) for _, context in random_run_contexts[game]):
        pytest.skip(f"{game}'s contexts offer no list of valid moves")
    _read_every_list(game)


@pytest.mark.covered_by("test_a_reader_that_plays_from_the_first_list_of_valid_moves_makes_only_legal_moves")
@pytest.mark.parametrize("game", ["ta_tic_tac_toe", "ta_fifteen_puzzle"])
def test_a_reader_of_the_first_list_makes_only_legal_moves_in_a_sample(game):
    _read_every_list(game)


def test_show_context_prints_the_messages_a_backend_is_sent_at_a_turn():
    """scripts/show_context.py plays the episode up to the asked request and prints the whole message list of it."""
    process = python(REPO / "scripts" / "show_context.py", "ta_tic_tac_toe", "--turn", "3", cwd=REPO / "docs")
    header, _, rest = process.stdout.partition("\n")
    assert header.startswith("=== request 3: Player 0 is sent 1 message(s), ")
    assert rest.startswith("--- user ---\nYou are Player 0 in Tic Tac Toe.")
    # the third request: Player 0 has moved once, Player 1 once; one board, with Player 0's list
    assert rest.count("Current Board:") == 1 and rest.count("[Player 0] [") == 1 and rest.count("[Player 1] [") == 1
    (moves,) = move_lists(rest)
    assert len(moves) == 7


def test_a_seats_words_passed_on_as_the_games_description_are_clipped_as_its_replies_are():
    """TextArena 0.7.4's Settlers of Catan sends a negotiation reply to the other seat as a description from the seat:
    a bounded view clips it to its last 1,000 characters, as it clips replies; the game's own messages stay whole."""
    words, rules = "I offer wheat. " * 200, "Rule. " * 300
    env = ClemObservationWrapper(
        QueuedEnv(
            [
                [
                    (-1, "Negotiate.", ObservationType.PROMPT),
                    (1, words, ObservationType.GAME_ACTION_DESCRIPTION),
                    (-1, rules, ObservationType.GAME_MESSAGE),
                ]
            ]
        )
    )
    _, context = env.get_observation()
    assert f"[Player 1] …{words[-1000:].strip()}\n\n" in context["content"]
    assert context["content"].endswith(f"[GAME] {rules.strip()}")


def test_the_family_notes_show_the_contexts_the_games_send_now():
    """Each family note's example context is what its game sends today (`show_context.py --docs` renews them)."""
    process = python(REPO / "scripts" / "show_context.py", "--docs", "--check", check=False)
    assert process.returncode == 0, process.stdout + process.stderr
    notes = sorted((REPO / "docs" / "games").glob("*.md"))
    assert all("<!-- show_context: " in note.read_text(encoding="utf-8") for note in notes)


def test_a_specs_relabel_says_what_textarenas_misleading_text_is():
    """Othello's "Scores" are the pieces on the board, Countdown's "progress score" is not its score, and Santorini's
    prompt lists the first seat's opening moves to every seat: the specs' `relabel` rewrites or drops them."""
    othello = play("ta_othello", [ta_player("random")] * 2)
    _, context = othello.contexts[3]
    assert "Pieces on the board - Black: " in context["content"] and "Scores" not in context["content"]
    countdown = play("ta_countdown", [ta_player("random")])
    assert all("progress score" not in context["content"] for _, context in countdown.contexts)
    assert "Best so far: " in countdown.contexts[0][1]["content"]
    santorini = play("ta_santorini", [ta_player("random")] * 2)
    assert all("Valid moves" not in context["content"] for _, context in santorini.contexts)


def test_a_seats_own_move_is_shown_whole_and_a_board_keeps_its_first_rows_indentation():
    """Tak's moves hold brackets (`[place () {(1,2): [F1]}]`): the state view gives the seat its own move whole, as
    it must send it again, not its innermost bracket. A board's first row keeps its indentation (Breakthrough's
    ` 5 | B B` lines up with the column labels under it)."""
    env = ClemObservationWrapper(
        QueuedEnv(
            [
                [
                    (-1, "Rules.", ObservationType.PROMPT),
                    (0, "I place a flat: [place () {(1,2): [F0]}]", ObservationType.PLAYER_ACTION),
                    (-1, "\n 5 | B B\n 4 | . W\n     a b\n", ObservationType.GAME_BOARD),
                ]
            ]
        )
    )
    _, context = env.get_observation()
    assert context["content"] == "Rules.\n\n[Player 0] [place () {(1,2): [F0]}]\n\n 5 | B B\n 4 | . W\n     a b"
