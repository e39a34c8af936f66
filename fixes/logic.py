"""The logic puzzles' replays of recorded games, and Sokoban's rooms generated fast: RushHour, Sokoban
(docs/games/logic.md)."""

import numpy as np
from textarena.envs.RushHour.env import _Vehicle

from fixes import sokoban_rooms
from fixes.common import Fixes, SwappedArgumentsState

# TextArena 0.7.4's SokobanEnv.create_board_str, cell code -> symbol, inverted
SOKOBAN_CELLS = {"#": 0, "_": 1, "O": 2, "√": 3, "X": 4, "P": 5, "S": 6}


class RushHourReplay:
    """Plays a recorded board instead of generating one. TextArena 0.7.4's reset generates up to 20 boards and
    BFS-checks each (up to 1000 states, RushHour/env.py:276-295): 350 ms median, 1.6 s at most. After
    `replay(content)` with an instance's cars, the env's generator (`_generate_random_puzzle`, env.py:55) returns the
    recorded board and its check (`_is_solvable`, env.py:231) accepts it, so reset keeps it on the first attempt (the
    recorded board is the one TextArena accepted, or its last of 20 attempts, which it plays anyway). reset seeds
    `random` before generating and again in SinglePlayerState after, so the episode's later draws are unchanged. (The
    constructor's own call of the generator happens at make, before the replay; it is cheap.)"""

    recorded_vehicles: list | None = None

    def replay(self, content: dict | None):
        if content is not None and "vehicles" in content:
            self.recorded_vehicles = content["vehicles"]

    def _generate_random_puzzle(self):
        if self.recorded_vehicles is None:
            return super()._generate_random_puzzle()
        # the generator's order: TextArena places X first, then the other cars in the order of its (alphabetical)
        # configs, and that order is the game state's; the instance lists them sorted
        cars = [_Vehicle(*vehicle) for vehicle in self.recorded_vehicles]
        return [car for car in cars if car.vid == "X"] + [car for car in cars if car.vid != "X"]

    def _is_solvable(self, vehicles) -> bool:
        return self.recorded_vehicles is not None or super()._is_solvable(vehicles)


class SokobanReplay:
    """Plays a recorded room instead of generating one, and generates a seed's room fast. TextArena 0.7.4's reset calls
    the module-level `generate_room` (Sokoban/env.py:140-160; seconds for `medium`): the env has no generator method
    to override, and a patch of that module global, however scoped, would also serve any other Sokoban env resetting
    at the same time (a batch or another thread). So reset sets the room itself and calls TextArena's own reset with
    `max_retries=0`: its generation loop then runs no attempt and the rest of its reset (state, player position,
    board, first observation) runs unchanged on that room. The room is the recorded one after `replay(content)` with
    an instance's room; else, for a seed, the one TextArena's attempts (env.py:143-158) would generate, by
    `sokoban_rooms.generate_room` (TextArena's generator redone fast). Without a seed TextArena's reset runs as it is.
    `generate_room` draws only from its own seeded RNGs, never from the global `random` or `np.random`
    (SinglePlayerState seeds `random` before it), so generating the room before the state changes no later draw."""

    recorded_room: dict | None = None

    def replay(self, content: dict | None):
        if content is not None and all(key in content for key in ("board", "room fixed", "box mapping")):
            self.recorded_room = content

    def reset(self, num_players: int, seed: int | None = None, max_retries: int = 50):
        room = self.recorded_room
        if room is not None:
            # fresh arrays on every reset; generate_room's arrays are of dtype int
            self.room_fixed = np.array(room["room fixed"], dtype=int)
            self.room_state = np.array(
                [[SOKOBAN_CELLS[cell] for cell in line.split(" ")] for line in room["board"].splitlines()], dtype=int
            )
            self.box_mapping = {tuple(target): tuple(box) for target, box in room["box mapping"]}
        elif seed is None:
            return super().reset(num_players=num_players, seed=seed, max_retries=max_retries)
        else:
            self._generate_room(seed, max_retries)
        return super().reset(num_players=num_players, seed=seed, max_retries=0)

    def _generate_room(self, seed: int, max_retries: int):
        for attempt in range(max_retries):
            try:
                self.room_fixed, self.room_state, self.box_mapping = sokoban_rooms.generate_room(
                    dim=self.dim_room, num_steps=self.num_gen_steps, num_boxes=self.num_boxes, seed=seed + attempt
                )
                return
            except (RuntimeError, RuntimeWarning) as error:
                if attempt == max_retries - 1:
                    raise RuntimeError(f"Failed to generate valid room after {max_retries} attempts") from error


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.Slitherlink.env:SlitherlinkEnv": Fixes(state=(SwappedArgumentsState,)),
    "textarena.envs.RushHour.env:RushHourEnv": Fixes(env=(RushHourReplay,)),
    "textarena.envs.Sokoban.env:SokobanEnv": Fixes(env=(SokobanReplay,)),
}
