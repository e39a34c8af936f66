"""Players for grid and placement puzzles: Tower of Hanoi, Minesweeper, LightsOut, FrozenLake, Sudoku,
FifteenPuzzle, PegJump, 2048."""
import re

from ta_players.base import GamePlayers, Transcript, last_match

TOWERS = re.compile(r"A: \[([\d, ]*)\]\s*B: \[([\d, ]*)\]\s*C: \[([\d, ]*)\]")


class TowerOfHanoi(GamePlayers):
    game = "ta_tower_of_hanoi"
    recognizes = re.compile(r"You are playing Tower of Hanoi")
    has_expert = True

    @staticmethod
    def towers(transcript: Transcript) -> list[list[int]]:
        board = last_match(TOWERS, transcript.text)
        return [[int(disk) for disk in re.findall(r"\d+", tower)] for tower in board.groups()]

    def random_move(self, transcript, rng):
        towers = self.towers(transcript)
        moves = [(a, b) for a in range(3) for b in range(3)
                 if a != b and towers[a] and (not towers[b] or towers[b][-1] > towers[a][-1])]
        source, target = rng.choice(moves)
        return f"[{'ABC'[source]} {'ABC'[target]}]"

    def expert_move(self, transcript):
        position = {disk: peg for peg, tower in enumerate(self.towers(transcript)) for disk in tower}
        source, target = _hanoi_move(position, max(position), goal=2)
        return f"[{'ABC'[source]} {'ABC'[target]}]"


def _hanoi_move(position: dict, disk: int, goal: int) -> tuple[int, int]:
    """The optimal next move that brings `disk` and every smaller disk onto `goal`, from any legal position."""
    if position[disk] == goal:
        return _hanoi_move(position, disk - 1, goal)
    spare = 3 - position[disk] - goal
    if any(position[smaller] != spare for smaller in range(1, disk)):
        return _hanoi_move(position, disk - 1, spare)
    return position[disk], goal


GAMES = [TowerOfHanoi()]
