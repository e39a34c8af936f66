"""Battleship played end to end by two scripted players: per-player hit rates and ships sunk computed by hand
from the instance's ship placements, invalid moves abort, and the game is always decided before the cap."""
import math

import pytest
from textarena.envs.Battleship.env import BattleshipEnv

from conftest import assert_outcome, assert_player_results, instance_of, play, scripted, ta_player

CAP = 400  # clemgame.json's max_requests for ta_battleship


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
    shots_1 = [(r, c) for r in range(n) for c in range(n)][:len(shots_0) - 1]
    hits_1 = sum(cell in {c for cells in enemy_of_1.values() for c in cells} for cell in shots_1)
    episode = play("ta_battleship", [scripted(map(shot, shots_0)), scripted(map(shot, shots_1))],
                   experiment, game_id)
    assert_outcome(episode.scores, "Success")
    assert_player_results(episode.scores, "win", "loss")
    assert episode.scores["Request Count"] == 17 + 16 and episode.scores["Violated Request Count"] == 0
    assert episode.scores["Player 0 Hit Rate"] == 100
    assert episode.scores["Player 1 Hit Rate"] == pytest.approx(100 * hits_1 / 16)
    assert episode.scores["Main Score"] == pytest.approx((100 + 100 * hits_1 / 16) / 2)
    assert episode.scores["Player 0 Ships Sunk"] == 100
    assert episode.scores["Player 1 Ships Sunk"] == pytest.approx(100 * sunk(enemy_of_1, shots_1) / 5)
    assert episode.interactions["fleet"]["Player 1"] == {"shots": 16, "hits": hits_1,
                                                         "ships sunk": sunk(enemy_of_1, shots_1), "ships": 5}


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


@pytest.mark.parametrize("replies, requests, reason", [
    (["fire at B3", "fire at B3"], 2, "did not respond with a valid coordinate"),
    (["[Z9]", "[Z9]"], 2, "outside the board"),
    (["[A0]", "[A0]", "[A0]"], 4, "has already been fired upon"),  # Player 1 fires once in between
])
def test_battleship_repeated_invalid_moves_are_aborted_with_nan_scores(replies, requests, reason):
    episode = play("ta_battleship", [scripted(replies), scripted(["[A0]"])], "small")
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == ["Player 0"]
    assert episode.scores["Request Count"] == requests and episode.scores["Violated Request Count"] == 2
    for name in ("Main Score", "Player 0 Hit Rate", "Player 1 Hit Rate", "Player 0 Ships Sunk",
                 "Player 1 Ships Sunk"):
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
    assert episode.scores["Request Count"] == 398 < CAP
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
    from ta_players.contests import Battleship
    last_board_is_current = {"Player 0": [], "Player 1": []}

    def check(game_master, name, context):
        tracking = game_master.env.state.game_state["tracking_board"][int(name.split()[-1])]
        assert Battleship.shots(Transcript((context["content"],), ())) == [list(row) for row in tracking]
        last_rows = context["content"].rstrip().splitlines()[-len(tracking):]
        last_board_is_current[name].append([row.split()[len(tracking) + 2:] for row in last_rows]
                                           == [list(row) for row in tracking])

    episode = play("ta_battleship", [ta_player("random"), ta_player("expert")], "small", 1, on_turn=check)
    assert episode.scores["Violated Request Count"] == 0
    assert all(len(checks) > 20 and all(checks) for checks in last_board_is_current.values())
