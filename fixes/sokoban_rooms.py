"""TextArena 0.7.4's Sokoban room generator (textarena/envs/Sokoban/utils.py:153-459, `generate_room` and what it
calls) redone in plain Python for speed: for a seed, `generate_room` returns what TextArena's returns (the same arrays,
of the same dtype, and the same box mapping), or raises what it raises. TextArena's reverse-play search explores up to
300,000 states, each a numpy array copied per move and hashed with `marshal.dumps`: seconds per room, most of the
instance generator's time for Sokoban. Here a state is the bytes of its cells, row after row (`marshal.dumps` of
TextArena's arrays, all of one shape and dtype, is a header and their cells' bytes, so two states are the same exactly
when TextArena's are). The draws are TextArena's, in its order, from the generators it seeds: `random.Random(seed)` walks
the floor, `np.random.default_rng(seed)` places the player and the boxes. tests/test_fixes.py pins the rooms to
TextArena's own generator."""

import random

import numpy as np
from textarena.envs.Sokoban import utils

WALL, FLOOR, TARGET, BOX_ON_TARGET, BOX, PLAYER = range(6)
# the walk's directions (utils.py:299), and the ones of its five 3x3 masks (utils.py:270-296) as (row, column)
# offsets from the walk's position, in TextArena's order: the walk samples them by index
WALK_DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))
MASKS = (
    ((0, -1), (0, 0), (0, 1)),
    ((-1, 0), (0, 0), (1, 0)),
    ((0, -1), (0, 0), (1, 0)),
    ((0, -1), (0, 0), (1, -1), (1, 0)),
    ((0, 0), (0, 1), (1, 0)),
)
MAX_EXPLORED = 300_000
TTL = 300


def generate_room(
    dim=(13, 13), p_change_directions=0.35, num_steps=25, num_boxes=3, tries=1000, second_player=False, seed=None
):
    """TextArena's `generate_room` (utils.py:153-187): (room structure, room state, box mapping)."""
    if min(dim) < 3:
        # no such room has a floor: TextArena's generator fails on it in its own ways (random's or numpy's ValueError
        # as the walk's start or a mask overruns the room, or its RuntimeWarning), left to it
        return utils.generate_room(dim, p_change_directions, num_steps, num_boxes, tries, second_player, seed)
    walk, placement = random.Random(seed), np.random.default_rng(seed)
    width = dim[1]
    for _ in range(tries):
        try:
            room = _topology(dim, p_change_directions, num_steps, walk)
            _place_player_and_boxes(room, num_boxes, second_player, placement)
            structure = bytes(FLOOR if cell == PLAYER else cell for cell in room)
            # the boxes start on the targets, drawn as boxes off a target
            state = bytes(BOX if cell == TARGET else cell for cell in room)
            if _deadlocked(state, structure, width):
                continue
            targets = tuple(cell for cell, kind in enumerate(structure) if kind == TARGET)
            score, state, boxes = _reverse_play(state, structure, targets, width)
            state = state.replace(bytes([BOX_ON_TARGET]), bytes([BOX]))
            if score > 0 and not _deadlocked(state, structure, width):
                mapping = {_coordinates(target, width): _coordinates(box, width) for target, box in zip(targets, boxes)}
                return _array(structure, dim), _array(state, dim), mapping
        except (RuntimeError, RuntimeWarning):  # TextArena's (utils.py:184): a RecursionError is a RuntimeError
            continue
    raise RuntimeWarning(f"Could not generate a room without deadlocks after {tries} tries")


def _topology(dim, p_change_directions, num_steps, rng: random.Random) -> list[int]:
    """TextArena's `room_topology_generation` (utils.py:261-331): the floor a random walk stamps its masks on, inside a
    border of walls, as a flat list of cells."""
    # TextArena's `rng.sample(options, 1)[0]` draws the index as `rng.choice(options)` does, faster
    rows, columns = dim
    direction = rng.choice(WALK_DIRECTIONS)
    row, column = rng.randint(1, rows - 1), rng.randint(1, columns - 1)
    floor = set()
    for _ in range(num_steps):
        if rng.random() < p_change_directions:
            direction = rng.choice(WALK_DIRECTIONS)
        row = max(min(row + direction[0], rows - 2), 1)
        column = max(min(column + direction[1], columns - 2), 1)
        floor.update((row + dr, column + dc) for dr, dc in rng.choice(MASKS))
    return [
        int((row, column) in floor and 0 < row < rows - 1 and 0 < column < columns - 1)
        for row in range(rows)
        for column in range(columns)
    ]


def _place_player_and_boxes(room: list[int], num_boxes, second_player, rng: np.random.Generator):
    """TextArena's `place_boxes_and_player_safe` (utils.py:190-249): each on a floor cell drawn among the free ones in
    row-major order, the boxes as the targets they start on. TextArena checks each box's cell for a deadlock after
    making it a target, and a target is never one (utils.py:30): every draw places its box."""
    free = [cell for cell, kind in enumerate(room) if kind == FLOOR]
    players = 2 if second_player else 1
    if len(free) <= num_boxes + players:
        raise RuntimeError(f"Not enough free spots (#{len(free)}) to place {players} player and {num_boxes} boxes.")
    for kind in [PLAYER] * players + [TARGET] * num_boxes:
        room[free.pop(rng.integers(len(free)))] = kind


def _deadlocked(state: bytes, structure: bytes, width: int) -> bool:
    """TextArena's `check_initial_deadlocks` (utils.py:133-150): a box in a "corner", or, of two boxes or more, one that
    cannot be pushed. Boxes stand on floor, inside the border of walls, so their neighbours are in the room."""
    steps = (-width, width, -1, 1)  # TextArena's up, down, left, right
    boxes = [cell for cell, kind in enumerate(state) if kind in (BOX_ON_TARGET, BOX)]
    for box in boxes:
        if structure[box] != TARGET:
            walls = [side for side, step in enumerate(steps) if structure[box + step] == WALL]
            # TextArena's "adjacent" walls (utils.py:46-53) are those whose sides' numbers differ by 1 or 3: up and
            # down, down and left, left and right, up and right; a corridor is a corner, the up-left corner is not
            if len(walls) > 2 or len(walls) == 2 and walls[1] - walls[0] in (1, 3):
                return True
    if len(boxes) < 2:
        return False
    # `detect_frozen_deadlocks` (utils.py:60-95): a box moves if the cell ahead is free and the player can stand behind
    # it; `is_player_reachable` (utils.py:98-130) only reaches a free cell, or the first player's own
    player = state.index(PLAYER)
    return any(
        not any(
            state[box + step] in (FLOOR, TARGET) and (state[box - step] in (FLOOR, TARGET) or box - step == player)
            for step in steps
        )
        for box in boxes
    )


def _reverse_play(
    state: bytes, structure: bytes, targets: tuple[int, ...], width: int
) -> tuple[int, bytes, tuple[int, ...]]:
    """TextArena's `reverse_playing`, `depth_first_search` and `reverse_move` (utils.py:342-448): the player, the first
    in row-major order, walks and pulls boxes, depth first (up, down, left, right), each state explored once, at
    most TTL - 2 moves deep, until MAX_EXPLORED states; the best state, the first to score the most, scores the pulls
    on its path times the boxes' distance from their targets (`box_displacement_score`), 0 unless every target is free.
    Returns its score, the state, and each box's cell, in the order of the targets (row-major)."""
    steps = (-width, width, -1, 1)
    distances = [
        [abs(cell // width - target // width) + abs(cell % width - target % width) for cell in range(len(structure))]
        for target in targets
    ]
    explored = set()
    best = (0, state, targets)  # the first state's score: no pull yet; a state replaces it by scoring more

    # TextArena counts box swaps, changes of the pulled box; but its recursion passes on the `last_pull` it was given,
    # never the pulled box (utils.py:409-411), so every pull counts as a swap: `pulls` is that count
    def visit(state: bytes, boxes: tuple[int, ...], pulls: int, ttl: int):
        nonlocal best
        ttl -= 1
        if ttl <= 0 or len(explored) >= MAX_EXPLORED:
            return
        explored.add(state)
        if pulls and state.count(TARGET) == len(targets):
            score = pulls * sum(distance[box] for distance, box in zip(distances, boxes))
            if score > best[0]:
                best = score, state, boxes
        player = state.index(PLAYER)
        for step in steps:
            ahead, behind = player + step, player - step
            # TextArena also searches an unchanged state, or one explored already, and returns from it at once
            if state[ahead] not in (FLOOR, TARGET):
                continue
            child, child_boxes, child_pulls = bytearray(state), boxes, pulls
            child[player], child[ahead] = structure[player], PLAYER
            if state[behind] in (BOX_ON_TARGET, BOX):
                child[player], child[behind] = BOX_ON_TARGET, structure[behind]
                pulled = boxes.index(behind)
                child_boxes, child_pulls = (*boxes[:pulled], player, *boxes[pulled + 1 :]), pulls + 1
            child = bytes(child)
            if child not in explored:
                visit(child, child_boxes, child_pulls, ttl)

    visit(state, targets, 0, TTL)
    return best


def _coordinates(cell: int, width: int) -> tuple[np.int64, np.int64]:
    """A cell as TextArena's box mapping has it: numpy's integers, from `np.where`."""
    row, column = divmod(cell, width)
    return np.int64(row), np.int64(column)


def _array(cells: bytes, dim) -> np.ndarray:
    return np.array(list(cells), dtype=int).reshape(dim)
