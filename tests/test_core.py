"""The core games played end to end: Minesweeper, Hangman, WordChains, Tower of Hanoi, Battleship and Three-Player
Tic Tac Toe (games/core.py).

- Minesweeper: the game master's opening move, completion that leaves out the cells the opening revealed, mine hits
  as ordinary losses and other invalid moves as aborts.
- Hangman: scores weigh the letters revealed by the lives left, invalid moves abort, and a player that stalls on
  wrong whole-word guesses (which cost no life) is stopped by the request cap.
- WordChains, by two scripted players: a wrong word is a rule loss that decides the game, only a reply without a
  bracketed word aborts, and the Main Score measures how far the chain grew. Every game ends with a word that breaks
  the chain, so between models the episode is a Success when the chain grew at least halfway to a perfect chain (21
  letters), and a Lose when it broke earlier.
- Battleship, by two scripted players: per-player hit rates and ships sunk computed by hand from the instance's
  ship placements, invalid moves abort, and the game is always decided before the cap.
- Tower of Hanoi: a text-only solver scores 100, a format breaker is Aborted.
- Three-Player Tic Tac Toe (TextArena's FFA state, three seats): a line of four wins, a broken format aborts and the
  offender forfeits, rounds cycle through all three seats, and the model plays one seat against two random references
  in the `_vs_random` variant.
"""

import math
import re
import string

import pytest
from clemcore.clemgame.envs.pettingzoo.master import gym_env
from textarena.envs.Battleship.env import BattleshipEnv
from textarena.envs.Hangman.env import HangmanEnv
from textarena.envs.Minesweeper.env import MinesweeperEnv
from textarena.envs.utils.word_lists import EnglishDictionary
from textarena.envs.WordChains.env import WordChainsEnv

from support import assert_outcome, assert_player_results, instance_of, play, replies_of, scripted, ta_player
from ta_players import core as core_players

# --- Minesweeper ---

NEIGHBOURS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def board_of(context: str) -> list[list[str]]:
    """The last board shown in a context, one string per cell ('.' for unrevealed)."""
    board_text = re.split(r"(?:Game|Current) Board:\n\n", context)[-1]
    header, *rows = board_text.strip("\n").split("\n")
    cols = len(header.split())
    board = []
    for row in rows:
        cells = row.split()
        if len(cells) != cols + 1 or not cells[0].isdigit():
            break
        board.append(cells[1:])
    return board


def game(experiment: str = "default", game_id: int = 0) -> tuple[int, int, set]:
    _, instance = instance_of("ta_minesweeper", experiment, game_id)
    kwargs = instance["env_kwargs"]
    return kwargs["rows"], kwargs["cols"], {tuple(mine) for mine in instance["content"]["mines"]}


def adjacent_mines(cell, mines) -> int:
    r, c = cell
    return sum((r + dr, c + dc) in mines for dr, dc in NEIGHBOURS)


def solver(mines: set, rows: int, cols: int):
    """Knows the mines; reads the board from the context and reveals an unrevealed safe cell, zeros first."""

    def policy(context: str) -> str:
        board = board_of(context)
        assert len(board) == rows
        hidden = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == "." and (r, c) not in mines]
        r, c = min(hidden, key=lambda cell: (adjacent_mines(cell, mines) > 0, cell))
        return f"[{r} {c}]"

    return policy


@pytest.mark.parametrize("experiment", ["small", "default", "medium", "hard"])
def test_minesweeper_player_that_clears_every_safe_cell_wins_with_100(experiment):
    rows, cols, mines = game(experiment)
    episode = play("ta_minesweeper", [solver(mines, rows, cols)], experiment)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Violated Request Count"] == 0
    assert episode.scores["Request Count"] == len(episode.contexts)
    opening = board_of(episode.contexts[0][1]["content"])
    to_clear = sum(cell == "." for row in opening for cell in row) - len(mines)
    assert 1 <= episode.scores["Request Count"] <= to_clear
    assert episode.interactions["completion"] == 1.0


def test_minesweeper_mine_hit_is_a_loss_not_an_abort():
    rows, cols, mines = game()
    first_context = {}
    two_mines = iter(sorted(mines)[:2])

    def policy(context: str) -> str:
        if not first_context:
            first_context["board"] = board_of(context)
            board = first_context["board"]
            # a numbered safe cell the opening left hidden: revealing it opens exactly that cell
            numbered = [
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if board[r][c] == "." and (r, c) not in mines and adjacent_mines((r, c), mines) > 0
            ]
            first_context["move"] = numbered[0]
            return f"[{numbered[0][0]} {numbered[0][1]}]"
        mine = next(two_mines)
        return f"[{mine[0]} {mine[1]}]"

    episode = play("ta_minesweeper", [policy])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2
    # exactly one cell was revealed by the player's move
    after_move = board_of(episode.contexts[1][1]["content"])
    newly_revealed = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if first_context["board"][r][c] == "." and after_move[r][c] != "."
    ]
    assert newly_revealed == [first_context["move"]]
    opening_revealed = sum(cell != "." for row in first_context["board"] for cell in row)
    safe = rows * cols - len(mines)
    assert episode.scores["Main Score"] == pytest.approx(100 * 1 / (safe - opening_revealed))
    mine = sorted(mines)[1]
    assert episode.interactions["end reason"] == f"Invalid Move: You hit a mine at ({mine[0]}, {mine[1]})."


def test_minesweeper_mine_hit_is_not_told_as_a_revealed_cell():
    mine = sorted(game()[2])[0]
    episode = play("ta_minesweeper", [lambda context: f"[{mine[0]} {mine[1]}]"])
    after_hit = episode.contexts[1][1]["content"]
    cell = f"({mine[0]}, {mine[1]})"
    assert f"You hit a mine at {cell}." in after_hit
    # TextArena hides the cell again and still says "You revealed the cell" (Minesweeper/env.py:110, :123-126)
    assert f"You revealed the cell at {cell}" not in after_hit
    assert f"[GAME] The cell at {cell} holds a mine; it stays hidden ('.') on the board." in after_hit
    assert board_of(after_hit)[mine[0]][mine[1]] == "."


def test_minesweeper_mine_hits_must_be_consecutive_to_end_the_game():
    rows, cols, mines = game()
    mine = sorted(mines)[0]
    solve = solver(mines, rows, cols)
    script = iter(["mine", "safe", "mine", "mine"])

    def policy(context: str) -> str:
        return f"[{mine[0]} {mine[1]}]" if next(script) == "mine" else solve(context)

    episode = play("ta_minesweeper", [policy])
    assert_outcome(episode.scores, "Lose")
    # the safe move between the hits resets TextArena's count: only the hit after the hit ends the game
    assert episode.scores["Request Count"] == 4 and episode.scores["Violated Request Count"] == 3
    assert 0 < episode.scores["Main Score"] < 100


@pytest.mark.parametrize(
    "reply, reason",
    [
        ("I reveal the top left corner.", "did not respond with valid coordinates"),
        ("[4 4]", "has already been revealed"),  # the opening move's cell
        ("[10 9]", "out of bounds"),
    ],
)
def test_minesweeper_other_repeated_invalid_moves_are_aborted(reply, reason):
    episode = play("ta_minesweeper", [lambda context: reply])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2
    assert reason in episode.interactions["end reason"]


def test_minesweeper_opening_move_is_a_game_master_event_not_a_request():
    _, instance = instance_of("ta_minesweeper", "medium", 3)
    rows, cols = instance["env_kwargs"]["rows"], instance["env_kwargs"]["cols"]
    episode = play("ta_minesweeper", [lambda context: "no move"], "medium", 3)
    first_turn = episode.interactions["turns"][0]
    assert first_turn[0]["from"] == first_turn[0]["to"] == "GM"
    assert first_turn[0]["action"] == {"type": "opening move", "content": f"[{rows // 2} {cols // 2}]"}
    assert first_turn[1]["action"]["type"] == "send message"  # the first request comes after it
    assert episode.interactions["opening move"] == instance["content"]["opening move"] == [rows // 2, cols // 2]
    assert episode.scores["Request Count"] == 2 == len(episode.contexts)
    players_replies = [event for turn in episode.interactions["turns"] for event in turn if event["from"] == "Player 0"]
    assert len(players_replies) == 2
    # the opening's cell is already revealed on the player's first board
    assert board_of(episode.contexts[0][1]["content"])[rows // 2][cols // 2] != "."


def test_minesweeper_first_context_is_textarena_game_prompt_and_opened_board():
    rows, cols, mines = game()
    episode = play("ta_minesweeper", [lambda context: "no move"])
    first = episode.contexts[0][1]["content"]
    prompt = MinesweeperEnv._generate_player_prompt(None, player_id=0, game_state={}).strip()
    promise = "On your first move, you will reveal an area around the cell you choose to ensure a safe start."
    assert promise in prompt
    # the first move is the game master's: the prompt says so, and the opening is not labelled as the player's
    made = "The game master has made the first move: it revealed a cell and the area around it, which holds no mine."
    assert first.startswith(prompt.replace(promise, made))
    assert "[Player]" not in first and "You revealed" not in first
    assert (
        f"[GAME] The game master made the opening move: it revealed the cell at ({rows // 2}, {cols // 2}) and the "
        "area around it, which holds no mine." in first
    )
    board = board_of(first)
    assert len(board) == rows and all(len(row) == cols for row in board)
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != ".":  # the opening revealed only safe cells, showing their true counts
                assert (r, c) not in mines and int(board[r][c]) == adjacent_mines((r, c), mines)


@pytest.mark.parametrize("experiment", ["small", "default", "medium"])
def test_minesweeper_expert_clears_the_board(experiment):
    episode = play("ta_minesweeper", [ta_player("expert")], experiment)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_minesweeper_deductions_use_single_constraints_and_the_subset_rule():
    # Row 1 reads 1 2 1 under three hidden cells with a fourth hidden cell right of them:
    # the 1 at (1,0) sees {(0,0),(0,1)}, the 2 at (1,1) sees {(0,0),(0,1),(0,2)} -> (0,2) is a mine;
    # the 1 at (1,2) sees {(0,1),(0,2),(0,3)} and (0,2) is a mine -> (0,1) and (0,3) are safe, so (0,0) is a mine.
    board = [[".", ".", ".", "."], ["1", "2", "1", "1"], ["0", "0", "0", "0"]]
    mines = set()
    assert core_players._minesweeper_deductions(board, mines) == {(0, 1), (0, 3)}
    assert mines == {(0, 0), (0, 2)}


# --- Hangman ---

LIVES = 6
HANGMAN_CAP = 60  # clemgame.json's max_requests for ta_hangman


def target_of(experiment: str = "default", game_id: int = 0) -> str:
    return instance_of("ta_hangman", experiment, game_id)[1]["content"]["target_word"].upper()


def letters_of(word: str) -> list[str]:
    """The distinct letters of `word` in their first-appearance order."""
    return list(dict.fromkeys(word))


def wrong_letters(word: str, n: int) -> list[str]:
    return [letter for letter in string.ascii_uppercase if letter not in word][:n]


@pytest.mark.parametrize("experiment, game_id", [("default", 0), ("default", 2), ("hardcore", 5)])
def test_hangman_two_misses_then_every_letter_wins_with_four_lives(experiment, game_id):
    target = target_of(experiment, game_id)  # monkey, deep (repeated E), ophthalmetrical (many repeats)
    guesses = wrong_letters(target, 2) + letters_of(target)
    episode = play("ta_hangman", [scripted([f"[{letter}]" for letter in guesses])], experiment, game_id)
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * 1 * (4 / 12 + 1 / 2))
    assert episode.scores["Request Count"] == 2 + len(set(target))
    assert episode.scores["Violated Request Count"] == 0
    assert episode.interactions["lives left"] == 4 and episode.interactions["lives"] == LIVES
    assert episode.interactions["completion"] == 1.0


def test_hangman_whole_word_guess_on_first_turn_scores_100():
    target = target_of()
    episode = play("ta_hangman", [scripted([f"[{target.lower()}]"])])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100  # all letters revealed, all 6 lives: 1 x (6/12 + 1/2)
    assert episode.scores["Request Count"] == 1


def test_hangman_out_of_lives_is_a_loss_scored_by_letters_revealed():
    target = target_of("default", 2)
    assert target == "DEEP"
    # E reveals 2 of the 4 letters, then six misses use up every life.
    episode = play(
        "ta_hangman", [scripted(["[E]"] + [f"[{letter}]" for letter in wrong_letters(target, 6)])], "default", 2
    )
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == pytest.approx(100 * (2 / 4) * (0 / 12 + 1 / 2))
    assert episode.scores["Request Count"] == 7
    assert episode.scores["Violated Request Count"] == 0
    assert episode.interactions["lives left"] == 0


def test_hangman_reply_without_bracketed_guess_twice_is_aborted():
    episode = play("ta_hangman", [lambda context: "I guess E"])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2
    assert "Invalid move format" in episode.interactions["end reason"]


def test_hangman_reguessing_a_letter_twice_in_a_row_is_aborted():
    target = target_of()
    first = target[0]
    episode = play("ta_hangman", [scripted([f"[{first}]"] * 3)])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    # the first guess is valid, the second a warning, the third ends the game
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2
    assert f"'{first}' which has already been guessed" in episode.interactions["end reason"]


def test_hangman_two_different_invalid_moves_in_a_row_are_aborted():
    first = target_of()[0]
    # a re-guess (warning), then a format error: the second invalid move in a row ends the game
    episode = play("ta_hangman", [scripted([f"[{first}]", f"[{first}]", "no guess"])])
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2


def test_hangman_invalid_moves_separated_by_a_valid_guess_are_counted_warnings():
    letters = letters_of(target_of())
    guesses = [f"[{letters[0]}]", f"[{letters[0]}]", f"[{letters[1]}]", "no guess"] + [
        f"[{letter}]" for letter in letters[2:]
    ]
    episode = play("ta_hangman", [scripted(guesses)])
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Request Count"] == len(guesses) == len(letters) + 2
    assert episode.scores["Violated Request Count"] == 2
    assert episode.scores["Main Score"] == 100  # invalid moves cost no life
    invalid_events = [
        event["action"]["content"]
        for turn in episode.interactions["turns"]
        for event in turn
        if event["action"]["type"] == "invalid move"
    ]
    assert len(invalid_events) == 2 and "already been guessed" in invalid_events[0]


def test_hangman_wrong_whole_word_costs_no_life_so_a_stalling_player_hits_the_request_cap():
    target = target_of()
    assert target == "MONKEY"
    wrong_word = "HOUSE"
    episode = play("ta_hangman", [scripted([f"[{target[0]}]"] + [f"[{wrong_word}]"] * HANGMAN_CAP)])
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Request Count"] == HANGMAN_CAP and episode.scores["Violated Request Count"] == 0
    assert episode.interactions["lives left"] == LIVES
    # one of the six letters of MONKEY revealed, all lives left: 1/6 x (6/12 + 1/2)
    assert episode.scores["Main Score"] == pytest.approx(100 * (1 / 6) * 1)
    reason = f"The episode reached its cap of {HANGMAN_CAP} requests."
    assert episode.interactions["end reason"] == reason
    last_events = [
        event["action"] for event in episode.interactions["turns"][-1] if event["from"] == event["to"] == "GM"
    ]
    assert {"type": "request cap", "content": reason} in last_events
    assert episode.interactions["ta rewards"] is None  # TextArena never ended the game


def test_hangman_first_context_is_textarena_game_prompt_and_empty_board():
    episode = play("ta_hangman", [lambda context: "no guess"])
    first = episode.contexts[0][1]["content"]
    assert first.startswith(HangmanEnv._generate_player_prompt(None, player_id=0, game_state={}).strip())
    assert "  _ " * len(target_of()) in first and "You have 6 tries left." in first


def test_hangman_expert_guesses_the_only_common_word_left():
    # DEEP: E is the letter most common 4-letter words hold; after "_ E E _" only DEEP among the basic words
    # fits and is guessed whole: all 6 lives left, 1 x (6/12 + 1/2).
    episode = play("ta_hangman", [ta_player("expert")], "default", 2)
    assert replies_of(episode) == ["[E]", "[DEEP]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100


def test_hangman_expert_spends_free_word_guesses_before_a_risky_letter():
    # MONKEY: E hits, R misses (5 lives), then three candidates are left and no letter is in all of them: the
    # expert tries the words, as a wrong word costs no life in TextArena 0.7.4.
    episode = play("ta_hangman", [ta_player("expert")], "default", 0)
    assert replies_of(episode) == ["[E]", "[R]", "[BASKET]", "[BUCKET]", "[MONKEY]"]
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == pytest.approx(100 * (5 / 12 + 1 / 2))


def test_hangman_format_breaker_is_aborted():
    episode = play("ta_hangman", [ta_player("format-breaker")])
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])


# --- Word Chains ---

GAME_ID = 5  # start word "sud"
# Each word starts with the last letter of the one before and is one letter longer; all are accepted by
# EnglishDictionary(keep_proper_nouns=False, include_nltk=True).is_english_word.
CHAIN = ["dark", "knife", "effect", "thought", "teaching", "guarantee", "everything", "grandmother", "refrigerator"]
PERFECT = 21


def start_word() -> str:
    return instance_of("ta_word_chains", "default", GAME_ID)[1]["content"]["current_word"]


def main_score(final: str) -> float:
    start = len(start_word())
    return 100 * min(len(final) - start, PERFECT - start) / (PERFECT - start)


def test_chain_is_built_on_the_instance_start_word():
    assert start_word() == "sud"
    words = [start_word()] + CHAIN
    for previous, word in zip(words, words[1:]):
        assert word[0] == previous[-1] and len(word) == len(previous) + 1


def test_word_chains_second_player_repeating_a_wrong_word_loses_and_first_player_wins():
    # Player 0 plays dark, effect, teaching; Player 1 knife, thought, then twice a 9-letter word that does not
    # start with 'g'. The chain grew by 5 letters, less than half of the 18 a perfect chain adds: a Lose.
    player_0 = scripted([f"[{word}]" for word in CHAIN[0:5:2]])
    player_1 = scripted([f"[{word}]" for word in CHAIN[1:5:2]] + ["[elephants]", "[elephants]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")
    assert_player_results(episode.scores, "win", "loss")
    assert (episode.scores["Player 0 Score"], episode.scores["Player 1 Score"]) == (100, 0)
    assert {name: (seat["result"], seat["how"]) for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": ("win", "rules"),
        "Player 1": ("loss", "rules"),
    }
    assert episode.interactions["start word"] == "sud" and episode.interactions["final word"] == "teaching"
    assert episode.scores["Main Score"] == pytest.approx(100 * (8 - 3) / (21 - 3))
    assert episode.scores["Main Score"] == pytest.approx(main_score("teaching"))
    assert episode.scores["Chain Length"] == 8
    assert episode.scores["Request Count"] == 7 and episode.scores["Violated Request Count"] == 2
    assert "must start with 'g'" in episode.interactions["end reason"]
    # the warned player keeps the turn
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 1"] * 3 + ["Player 1"]


def test_word_chains_chain_grown_halfway_to_perfect_is_a_success():
    # sud (3 letters) grows to refrigerator (12): 9 of the 18 letters a perfect chain adds. Player 1 then
    # fails twice to find a 13-letter word starting with 'r'.
    player_0 = scripted([f"[{word}]" for word in CHAIN[0::2]])
    player_1 = scripted([f"[{word}]" for word in CHAIN[1::2]] + ["[rrrrrrrrrrrrr]", "[rrrrrrrrrrrrr]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert episode.interactions["final word"] == "refrigerator"
    assert episode.scores["Main Score"] == pytest.approx(100 * 9 / 18) == pytest.approx(main_score("refrigerator"))


def test_word_chains_first_player_repeating_a_non_word_loses_the_decided_game():
    player_0 = scripted(["[dark]", "[eeeeee]", "[eeeeee]"])
    player_1 = scripted(["[knife]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")  # decided by the rules, but the chain broke early
    assert_player_results(episode.scores, "loss", "win")
    assert episode.interactions["final word"] == "knife"
    assert episode.scores["Main Score"] == pytest.approx(100 * (5 - 3) / (21 - 3))
    assert episode.scores["Request Count"] == 4 and episode.scores["Violated Request Count"] == 2
    assert "'eeeeee' is not a valid English word" in episode.interactions["end reason"]


def test_word_chains_reply_without_bracketed_word_twice_is_aborted():
    player_1 = scripted(["[dark]"])
    player_2 = lambda context: "my word is apple"
    episode = play("ta_word_chains", [player_1, player_2], game_id=GAME_ID)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.scores["Request Count"] == 3 and episode.scores["Violated Request Count"] == 2
    assert "did not provide a word in the valid format" in episode.interactions["end reason"]


def test_word_chains_wrong_word_then_format_break_is_aborted_and_format_break_then_wrong_word_is_a_loss():
    # TextArena's second invalid move ends the game; its reason decides between Aborted and a rule loss.
    episode = play("ta_word_chains", [scripted(["[zzzz]", "zzzz"]), scripted([])], game_id=GAME_ID)
    assert_outcome(episode.scores, "Aborted")
    episode = play("ta_word_chains", [scripted(["zzzz", "[zzzz]"]), scripted([])], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")
    assert_player_results(episode.scores, "loss", "win")
    assert episode.scores["Main Score"] == 0  # the chain never grew past the start word


def test_word_chains_single_wrong_word_is_a_counted_warning_and_the_chain_goes_on():
    player_0 = scripted(["[dxxx]", "[dark]", "[eeeeee]", "[eeeeee]"])
    player_1 = scripted(["[knife]"])
    episode = play("ta_word_chains", [player_0, player_1], game_id=GAME_ID)
    assert_outcome(episode.scores, "Lose")
    assert_player_results(episode.scores, "loss", "win")
    assert episode.scores["Request Count"] == 5 and episode.scores["Violated Request Count"] == 3
    assert episode.interactions["final word"] == "knife"
    # the warned player keeps the turn
    assert [name for name, _ in episode.contexts] == ["Player 0", "Player 0", "Player 1", "Player 0", "Player 0"]


def test_word_chains_first_contexts_are_each_players_textarena_prompt():
    episode = play("ta_word_chains", [scripted(["[dark]"]), lambda context: "no word"], game_id=GAME_ID)
    first_context = {}
    for name, context in episode.contexts:
        first_context.setdefault(name, context["content"])
    for pid, name in enumerate(["Player 0", "Player 1"]):
        prompt = WordChainsEnv._prompt(None, player_id=pid, game_state={"current_word": "sud"}).strip()
        assert first_context[name].startswith(prompt)
    assert "Start with 'd'" in first_context["Player 0"] and "Be exactly 4 letters long" in first_context["Player 0"]
    # Player 1 sees Player 0's move and the new requirement
    assert "[GAME] Player 0 played: [dark]" in first_context["Player 1"]
    assert "Be exactly 5 letters long" in first_context["Player 1"]


def test_word_chains_vs_random_the_model_plays_one_seat_and_its_result_is_the_main_score():
    # game_id 5 seats the model at Player 1: the random reference opens, the model answers it
    episode = play("ta_word_chains_vs_random", [scripted(["[zzzz]", "[zzzz]"])], game_id=GAME_ID)
    assert list(episode.interactions["players"]) == ["GM", "Player 1", "Player 0"]
    assert episode.interactions["players"]["Player 0"]["model_name"] == "reference: random"
    opening = episode.interactions["turns"][0][0]
    assert (opening["from"], opening["to"]) == ("Player 0", "GM")
    assert [name for name, _ in episode.contexts] == ["Player 1", "Player 1"]
    assert f"[GAME] Player 0 played: {opening['action']['content']}" in episode.contexts[0][1]["content"]
    # the model's two wrong words lose the game to the reference: a Lose scored 0, only its requests counted
    assert_outcome(episode.scores, "Lose")
    assert episode.scores["Main Score"] == 0 and episode.scores["Loss"] == 1 and episode.scores["Model Seat"] == 1
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2
    assert episode.interactions["seats"]["Player 0"] == {
        "model": "reference: random",
        "reference": True,
        "result": "win",
        "how": "rules",
        "payoff": None,
    }


def test_word_chains_strander_answers_the_opening_with_the_word_leaving_fewest_answers():
    # After "sud" the next word starts with 'd' and has 4 letters. No lower-case 4-letter 'd' word of NLTK's corpus
    # ends in x, q or z, which start the fewest 5-letter words (15, 57, 52); y starts 67, and "davy" is the first
    # such 'd' word in alphabetical order. TextArena's own dictionary accepts it.
    opening = (
        WordChainsEnv._prompt(None, player_id=0, game_state={"current_word": "sud"})
        + "\n\nNext word must:\n1. Start with 'd'\n2. Be exactly 4 letters long"
    )
    assert ta_player("expert")(opening) == "[davy]"
    assert EnglishDictionary(keep_proper_nouns=False, include_nltk=True).is_english_word("davy")


def test_word_chains_strander_never_reuses_a_word_and_answers_with_no_word_when_none_is_left():
    context = (
        WordChainsEnv._prompt(None, player_id=1, game_state={"current_word": "sud"})
        + "\n\n[GAME] Player 0 played: [davy]\n\nNext word must:\n1. Start with 'd'\n2. Be exactly 4 letters long"
    )
    assert ta_player("expert")(context) not in ("[davy]", "[sud]")
    hopeless = context + "\n\nNext word must:\n1. Start with 'x'\n2. Be exactly 24 letters long"
    assert ta_player("expert")(hopeless) == "[" + "x" * 24 + "]"


def test_word_chains_strander_as_the_model_beats_the_random_reference_in_every_shipped_game():
    scores = [
        play("ta_word_chains_vs_random", [ta_player("expert")], game_id=game_id).scores["Main Score"]
        for game_id in range(10)
    ]
    assert scores == [100] * 10


# --- Battleship ---

BATTLESHIP_CAP = 400  # clemgame.json's max_requests for ta_battleship


def placements(player: str, experiment: str = "small", game_id: int = 0) -> dict[str, list[tuple[int, int]]]:
    """The cells of each ship on the own board of seat `player` ("0" or "1")."""
    content = instance_of("ta_battleship", experiment, game_id)[1]["content"]
    ships = {}
    for ship, ((r1, c1), (r2, c2)) in content["ship_placements"][player].items():
        ships[ship] = [(r, c) for r in range(min(r1, r2), max(r1, r2) + 1) for c in range(min(c1, c2), max(c1, c2) + 1)]
    return ships


def grid_size(experiment: str = "small") -> int:
    return instance_of("ta_battleship", experiment, 0)[1]["env_kwargs"]["grid_size"]


def shot(cell: tuple[int, int]) -> str:
    return f"[{chr(ord('A') + cell[0])}{cell[1]}]"


def sunk(ships: dict, shots: list[tuple[int, int]]) -> int:
    return sum(all(cell in shots for cell in cells) for cells in ships.values())


@pytest.mark.parametrize("experiment, game_id", [("small", 0), ("small", 1), ("standard", 0)])
def test_battleship_player_0_sinking_every_ship_wins_and_both_hit_rates_count(experiment, game_id):
    enemy_of_0 = placements("1", experiment, game_id)  # Player 0 fires at Player 1's ships
    enemy_of_1 = placements("0", experiment, game_id)
    shots_0 = [cell for cells in enemy_of_0.values() for cell in cells]
    assert len(shots_0) == 5 + 4 + 3 + 3 + 2
    # Player 1 gets one turn fewer: it fires at the first 16 cells of the grid in reading order
    n = grid_size(experiment)
    shots_1 = [(r, c) for r in range(n) for c in range(n)][: len(shots_0) - 1]
    hits_1 = sum(cell in {c for cells in enemy_of_1.values() for c in cells} for cell in shots_1)
    episode = play("ta_battleship", [scripted(map(shot, shots_0)), scripted(map(shot, shots_1))], experiment, game_id)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert episode.scores["Request Count"] == 17 + 16 and episode.scores["Violated Request Count"] == 0
    assert episode.scores["Player 0 Hit Rate"] == 100
    assert episode.scores["Player 1 Hit Rate"] == pytest.approx(100 * hits_1 / 16)
    assert episode.scores["Main Score"] == pytest.approx((100 + 100 * hits_1 / 16) / 2)
    assert episode.scores["Player 0 Ships Sunk"] == 100
    assert episode.scores["Player 1 Ships Sunk"] == pytest.approx(100 * sunk(enemy_of_1, shots_1) / 5)
    assert episode.interactions["fleet"]["Player 1"] == {
        "shots": 16,
        "hits": hits_1,
        "ships sunk": sunk(enemy_of_1, shots_1),
        "ships": 5,
    }


def test_battleship_hand_computed_scores_for_small_instance_0():
    # Player 1's 16 shots A0..A6, B0..B6, C0, C1 hit all of Player 0's Battleship (B1-B4, sunk) and one cell
    # of its Patrol Boat (C1-D1, D1 never fired at): 5 hits, 1 ship of 5 sunk.
    assert placements("0")["Battleship"] == [(1, 1), (1, 2), (1, 3), (1, 4)]
    assert placements("0")["Patrol Boat"] == [(2, 1), (3, 1)]
    shots_0 = [cell for cells in placements("1").values() for cell in cells]
    shots_1 = [(r, c) for r in range(7) for c in range(7)][:16]
    episode = play("ta_battleship", [scripted(map(shot, shots_0)), scripted(map(shot, shots_1))], "small")
    assert episode.scores["Player 1 Hit Rate"] == pytest.approx(100 * 5 / 16)
    assert episode.scores["Player 1 Ships Sunk"] == 20
    assert episode.scores["Main Score"] == pytest.approx((100 + 100 * 5 / 16) / 2)


def test_battleship_player_0_who_only_misses_loses_to_player_1():
    enemy_of_1 = placements("0")
    ship_cells_of_2 = {cell for cells in placements("1").values() for cell in cells}
    shots_1 = [cell for cells in enemy_of_1.values() for cell in cells]
    # Player 0 moves first, so it fires 17 times; only at water
    shots_0 = [(r, c) for r in range(7) for c in range(7) if (r, c) not in ship_cells_of_2][:17]
    episode = play("ta_battleship", [scripted(map(shot, shots_0)), scripted(map(shot, shots_1))], "small")
    assert_outcome(episode.scores, "Success")  # played to its end by the rules
    assert_player_results(episode.scores, "loss", "win")
    assert episode.scores["Request Count"] == 34
    assert episode.scores["Player 0 Hit Rate"] == 0 and episode.scores["Player 0 Ships Sunk"] == 0
    assert episode.scores["Player 1 Hit Rate"] == 100 and episode.scores["Player 1 Ships Sunk"] == 100
    assert episode.scores["Main Score"] == 50
    assert "Player 1 has sunk all of their opponent's ships" in episode.interactions["end reason"]


@pytest.mark.parametrize(
    "replies, requests, reason",
    [
        (["fire at B3", "fire at B3"], 2, "did not respond with a valid coordinate"),
        (["[Z9]", "[Z9]"], 2, "outside the board"),
        (["[A0]", "[A0]", "[A0]"], 4, "has already been fired upon"),  # Player 1 fires once in between
    ],
)
def test_battleship_repeated_invalid_moves_are_aborted_with_nan_scores(replies, requests, reason):
    episode = play("ta_battleship", [scripted(replies), scripted(["[A0]"])], "small")
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.scores["Request Count"] == requests and episode.scores["Violated Request Count"] == 2
    for name in ("Main Score", "Player 0 Hit Rate", "Player 1 Hit Rate", "Player 0 Ships Sunk", "Player 1 Ships Sunk"):
        assert math.isnan(episode.scores[name]), name
    assert reason in episode.interactions["end reason"]


def test_battleship_longest_possible_game_is_decided_before_the_request_cap():
    # Every turn: one invalid move (a warning) and then a valid shot, water first, ships last. Player 0 wins
    # with its 100th shot on the 10x10 grid: 2 x (100 + 99) = 398 requests, so the cap of 400 never bites.
    n = grid_size("standard")

    def player(enemy: str):
        ship_cells = {cell for cells in placements(enemy, "standard").values() for cell in cells}
        order = [(r, c) for r in range(n) for c in range(n) if (r, c) not in ship_cells] + sorted(ship_cells)
        replies = iter(reply for cell in order for reply in ("[Z9]", shot(cell)))
        return lambda context: next(replies)

    episode = play("ta_battleship", [player("1"), player("0")], "standard")
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert episode.scores["Request Count"] == 398 < BATTLESHIP_CAP
    assert episode.scores["Violated Request Count"] == 199
    assert episode.scores["Player 0 Hit Rate"] == pytest.approx(17)
    assert episode.scores["Player 1 Hit Rate"] == pytest.approx(100 * 16 / 99)


def test_battleship_first_contexts_are_each_players_textarena_prompt_and_own_board():
    episode = play("ta_battleship", [scripted(["[A0]"]), lambda context: "no shot"], "small")
    first_context = {}
    for name, context in episode.contexts:
        first_context.setdefault(name, context["content"])
    for pid, name in enumerate(["Player 0", "Player 1"]):
        prompt = BattleshipEnv._generate_player_prompt(None, player_id=pid, game_state={}).strip()
        assert first_context[name].startswith(prompt)
        assert f"Player {pid}'s View" in first_context[name]


def test_battleship_contexts_end_with_the_newest_board_and_the_players_read_it():
    # TextArena 0.7.4 sends a board observation only to Player 0, with its prompt; every later board is part of the
    # message on a shot. The view (spec key boards_in_messages) leaves that opening board (all water on the tracking
    # side) out once shots were fired, so every context ends with the seat's newest board
    from ta_players.base import Transcript
    from ta_players.core import Battleship

    last_board_is_current = {"Player 0": [], "Player 1": []}

    def check(game_master, name, context):
        tracking = game_master.env.state.game_state["tracking_board"][int(name.split()[-1])]
        assert Battleship.shots(Transcript((context["content"],), ())) == [list(row) for row in tracking]
        last_rows = context["content"].rstrip().splitlines()[-len(tracking) :]
        last_board_is_current[name].append(
            [row.split()[len(tracking) + 2 :] for row in last_rows] == [list(row) for row in tracking]
        )

    episode = play("ta_battleship", [ta_player("random"), ta_player("expert")], "small", 1, on_turn=check)
    assert episode.scores["Violated Request Count"] == 0
    assert all(len(checks) > 20 and all(checks) for checks in last_board_is_current.values())


# --- Tower Of Hanoi ---


def hanoi_solver() -> callable:
    """Reads the towers from the context text only and plays the optimal solution's next move."""

    def policy(context: str) -> str:
        boards = re.findall(r"A: \[([\d, ]*)\]\nB: \[([\d, ]*)\]\nC: \[([\d, ]*)\]", context)
        towers = [[int(d) for d in re.findall(r"\d+", tower)] for tower in boards[-1]]
        return f"[{' '.join(next_move(towers))}]"

    return policy


def next_move(towers: list[list[int]]) -> tuple[str, str]:
    """The optimal next move towards all disks on C, from any legal position."""
    position = {disk: peg for peg, tower in enumerate(towers) for disk in tower}
    return _next_move_of(position, max(position), goal=2)


def _next_move_of(position: dict, disk: int, goal: int) -> tuple[str, str]:
    """The next move that brings `disk` and every smaller disk onto `goal`."""
    if position[disk] == goal:
        return _next_move_of(position, disk - 1, goal)
    spare = 3 - position[disk] - goal
    blocking = [d for d in range(disk - 1, 0, -1) if position[d] != spare]
    if blocking:
        return _next_move_of(position, disk - 1, spare)
    return "ABC"[position[disk]], "ABC"[goal]


@pytest.mark.parametrize(
    "experiment, disks", [("default", 3), ("medium", 4), ("hard", 5), ("hardcore", 6), ("extreme", 7)]
)
def test_text_only_solver_scores_100(experiment, disks):
    episode = play("ta_tower_of_hanoi", [hanoi_solver()], experiment=experiment)
    assert episode.scores["Success"] == 1 and episode.scores["Lose"] == 0 and episode.scores["Aborted"] == 0
    assert episode.scores["Main Score"] == 100
    assert episode.scores["Request Count"] == 2**disks - 1  # the optimal solution, one request per move
    assert episode.scores["Violated Request Count"] == 0


def test_player_that_never_follows_the_format_is_aborted():
    episode = play("ta_tower_of_hanoi", [lambda context: "I would move the small disk to the right."])
    assert episode.scores["Aborted"] == 1 and episode.scores["Success"] == 0 and episode.scores["Lose"] == 0
    assert math.isnan(episode.scores["Main Score"])
    # TextArena warns once, the second consecutive invalid move ends the game
    assert episode.scores["Request Count"] == 2 and episode.scores["Violated Request Count"] == 2


def test_turn_limit_is_a_loss_scored_by_completion():
    # Shuttling the smallest disk between A and B never places a disk on C. The default game registers
    # max_turns=14, but TextArena 0.7.4 checks the limit before counting the move, so it ends after 15 moves.
    moves = iter(["[A B]", "[B A]"] * 8)
    episode = play("ta_tower_of_hanoi", [lambda context: next(moves)])
    assert episode.scores["Lose"] == 1 and episode.scores["Success"] == 0 and episode.scores["Aborted"] == 0
    assert episode.scores["Request Count"] == 15
    assert episode.scores["Main Score"] == 0


def test_completion_counts_disks_in_place_on_c():
    # 3 disks: move disk 3 to C with the optimal first four moves, then waste the remaining 11 moves with disk 1.
    moves = iter(["[A C]", "[A B]", "[C B]", "[A C]"] + ["[B A]", "[A B]"] * 6)
    episode = play("ta_tower_of_hanoi", [lambda context: next(moves)])
    assert episode.scores["Lose"] == 1
    assert episode.scores["Main Score"] == pytest.approx(100 / 3)


# clemcore's gym env, as trainers use it: observations are the clem contexts, the reward is the outcome reward
def test_gym_env_plays_tower_of_hanoi_to_success():
    env = gym_env(
        "ta_tower_of_hanoi", single_pass=True, instances_filter=lambda row: row["experiment"]["name"] == "default"
    )
    observation, _ = env.reset()
    assert observation["role"] == "user"
    assert observation["content"].startswith("You are playing Tower of Hanoi with 3 disks.")
    policy, rewards, terminated = hanoi_solver(), [], False
    while not terminated:
        observation, reward, terminated, truncated, _ = env.step(policy(observation["content"]))
        rewards.append(reward)
    assert len(rewards) == 7 and rewards[-1] == 1.0 and set(rewards[:-1]) == {0.0}


# --- Three-Player Tic Tac Toe ---


def seats(*moves_per_seat: list[int]):
    return [scripted([f"[{cell}]" for cell in moves]) for moves in moves_per_seat]


def test_first_line_of_four_wins_and_the_others_lose():
    # Player 0 fills row 0 (cells 0-3) while the others play rows 3 and 4.
    episode = play("ta_three_player_tic_tac_toe", seats([0, 1, 2, 3], [15, 16, 17], [20, 21, 22]))
    assert_outcome(episode.scores, "Success")
    assert episode.scores["Main Score"] == 100
    assert [episode.scores[f"Player {n} Win"] for n in (0, 1, 2)] == [1, 0, 0]
    assert [episode.scores[f"Player {n} Loss"] for n in (0, 1, 2)] == [0, 1, 1]
    assert [episode.scores[f"Player {n} Score"] for n in (0, 1, 2)] == [100, 0, 0]
    assert episode.interactions["seats"] == {
        "Player 0": {"model": "scripted0", "reference": False, "result": "win", "how": "rules", "payoff": None},
        "Player 1": {"model": "scripted1", "reference": False, "result": "loss", "how": "rules", "payoff": None},
        "Player 2": {"model": "scripted2", "reference": False, "result": "loss", "how": "rules", "payoff": None},
    }
    # a round is one move of each seat; the winning move opens the fourth round
    assert episode.interactions["Request Count"] == [3, 3, 3, 1]
    assert [name for name, _ in episode.contexts][:4] == ["Player 0", "Player 1", "Player 2", "Player 0"]


def test_each_seat_sees_the_other_seats_moves_and_its_own_moves_without_the_words_around_them():
    policies = seats([0, 1, 2, 3], [15, 16, 17], [20, 21, 22])
    first_seat = policies[0]
    policies[0] = lambda context: f"I open in the corner. {first_seat(context)}"
    episode = play("ta_three_player_tic_tac_toe", policies)
    third_seat_first_context = episode.contexts[2][1]["content"]
    assert third_seat_first_context.startswith("You are Player 2 in Three-Player Tic Tac Toe.")
    # the game hands TextArena a reply's move alone (replies.py): no seat is shown the words around it
    assert "[Player 0] [0]\n" in third_seat_first_context and "I open" not in third_seat_first_context
    assert "[Player 1] [15]" in third_seat_first_context
    first_seat_second_context = episode.contexts[3][1]["content"]
    assert "[Player 0] [0]\n" in first_seat_second_context and "I open" not in first_seat_second_context
    assert "[Player 1] [15]" in first_seat_second_context and "[Player 2] [20]" in first_seat_second_context


def test_broken_format_twice_aborts_and_the_offender_forfeits():
    policies = seats([0], [], [])
    policies[1] = lambda context: "I take the centre."
    episode = play("ta_three_player_tic_tac_toe", policies)
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert {name: seat["result"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": "win",
        "Player 1": "loss",
        "Player 2": "win",
    }
    assert {name: seat["how"] for name, seat in episode.interactions["seats"].items()} == {
        "Player 0": "opponent's violation",
        "Player 1": "own violation",
        "Player 2": "opponent's violation",
    }
    assert episode.interactions["violating seats"] == ["Player 1"]
    assert math.isnan(episode.scores["Player 1 Score"]) and episode.scores["Player 1 Loss"] == 1
    assert episode.interactions["Request Count"] == [3]
    assert episode.interactions["Violated Request Count"] == [2]


def test_occupied_cell_is_warned_and_the_same_seat_retries():
    episode = play("ta_three_player_tic_tac_toe", seats([0, 1, 2, 3], [0, 15, 16, 17], [20, 21, 22]))
    assert_outcome(episode.scores, "Success")
    _, retry_context = episode.contexts[2]
    assert episode.contexts[2][0] == "Player 1"
    assert "Cell 0 is already occupied." in retry_context["content"]
    assert episode.interactions["Violated Request Count"] == [1, 0, 0, 0]
