"""BabyAI-Text as a TextArena env of this project's own, on Farama's `minigrid` BabyAI levels.

TextArena 0.7.4's `textarena/envs/BabyAiText/env.py` cannot be made: it imports `gym`, `babyai_text` and
`babyai.bot` (:5-25; the last two are not on PyPI) and builds its state with `ta.State(num_players=...,
min_players=1, max_players=1, ...)` (:52-53), an API 0.7.4 no longer has. This env keeps its game: one player, a
BabyAI level's mission, the actions turn left, turn right, go forward, pick up, drop and toggle, and the agent's
view told in words relative to itself ("You see a red ball 2 steps forward and 1 step left"), within a turn limit.

What is told: the walls straight forward, left and right (the nearest one in each line, as far as the agent sees),
every object and door it sees (minigrid's 7x7 view in front of the agent, never behind it nor through walls and
closed doors), what it carries, and the objects it saw before that are out of view now, where they are from where it
stands (a clem model is sent one self-contained message a turn: without them, a ball seen before a turn would be
forgotten). The level is made and seeded by minigrid from reset's seed alone (numpy Generators of its own: no
process-wide random).
"""

import contextlib
import io
import re
from typing import Any

import textarena as ta

try:
    import gymnasium
    import minigrid  # noqa: F401  (registers the BabyAI levels with gymnasium)
except ImportError as error:  # the optional extra: ta_master.unavailable_reason names it
    raise ImportError(
        f"BabyAiText needs the `minigrid` package (No module named {error.name!r}): install the "
        f"extra with `pip install -e .[babyai]`.",
        name=error.name,
    ) from error

ACTIONS = ("turn left", "turn right", "go forward", "pick up", "drop", "toggle")  # minigrid's actions 0-5
ACTION = re.compile(r"\[\s*(turn\s+left|turn\s+right|go\s+forward|pick\s+up|drop|toggle)\s*\]", re.IGNORECASE)


def _steps(count: int, word: str) -> str:
    return f"{count} step{'s' if count != 1 else ''} {word}"


def place(forward: int, right: int) -> str:
    """Where a square is from the agent's position and heading, in words: "2 steps forward and 1 step left"."""
    parts = []
    if forward:
        parts.append(_steps(abs(forward), "forward" if forward > 0 else "behind"))
    if right:
        parts.append(_steps(abs(right), "right" if right > 0 else "left"))
    return " and ".join(parts) or "here"


def thing(obj) -> str:
    """An object as the agent names it: "a red ball", "a locked blue door"."""
    name = f"{obj.color} {obj.type}"
    if obj.type == "door":
        name = f"{'open' if obj.is_open else 'locked' if obj.is_locked else 'closed'} {name}"
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


class BabyAiTextEnv(ta.Env):
    """A BabyAI level (`env_name`, a minigrid id such as "BabyAI-GoToRedBall-v0") played in words by one player in at
    most `max_turns` actions. Success when the mission is done (minigrid's verifier), else a loss at the turn limit
    or when the mission fails (a level in strict mode)."""

    def __init__(self, env_name: str = "BabyAI-GoToRedBall-v0", max_turns: int = 20):
        self.env_name = env_name
        self.max_turns = max_turns
        # minigrid's own step limit only sets `truncated`, which this env ignores: the turn limit is max_turns
        self.level = gymnasium.make(env_name, disable_env_checker=True).unwrapped
        self.memory: dict[tuple[int, int], str] = {}

    def reset(self, num_players: int, seed: int | None = None):
        # no seed for TextArena's state: it would only reseed the process-wide `random` (textarena/core.py:24),
        # which this env never draws from
        self.state = ta.SinglePlayerState(num_players=num_players, max_turns=self.max_turns)
        with contextlib.redirect_stdout(io.StringIO()):  # minigrid prints every layout it rejects
            self.level.reset(seed=seed)
        self.memory = {}
        self.state.reset(
            game_state={
                "level": self.env_name,
                "mission": self.level.mission,
                "layout": self.level.pprint_grid(),
                "carrying": None,
            },
            player_prompt_function=self._prompt,
        )
        self._observe_view(turn=1)

    def _prompt(self, player_id: int, game_state: dict[str, Any]) -> str:
        return (
            "You are playing BabyAI-Text: you are an agent in a grid world of rooms, and you see it from where you "
            "stand.\n"
            f"Your mission: {game_state['mission']}.\n"
            "Available actions: [turn left], [turn right], [go forward], [pick up], [drop], [toggle]\n"
            "Reply with one action in square brackets each turn.\n"
            "- [turn left], [turn right]: turn a quarter turn where you stand.\n"
            "- [go forward]: step onto the square in front of you if it is free (walls, closed doors and objects "
            "block the way).\n"
            "- [pick up]: pick up the object in front of you; you can carry one object at a time.\n"
            "- [drop]: put the object you carry on the free square in front of you.\n"
            "- [toggle]: open or close the door in front of you (a locked door opens only while you carry the key "
            "of its colour).\n"
            "You see up to 6 squares ahead and 3 to each side, not behind you and not through walls or closed "
            "doors. Places are told from where you stand and the way you face: '2 steps forward and 1 step left'. "
            "To go to an object is to stand next to it, facing it.\n"
            f"You have {self.max_turns} actions to complete the mission.\n"
        )

    # --- the view in words ---

    def _view(self) -> list[tuple[int, int, Any]]:
        """(forward, right, object) of every square the agent sees that holds something: minigrid's egocentric
        view grid has the agent at the bottom row's middle, facing up."""
        grid, visible = self.level.gen_obs_grid()
        middle, bottom = grid.width // 2, grid.height - 1
        seen = []
        for i in range(grid.width):
            for j in range(grid.height):
                if visible[i, j] and (i, j) != (middle, bottom):
                    seen.append((bottom - j, i - middle, grid.get(i, j)))
        return seen

    def _absolute(self, forward: int, right: int) -> tuple[int, int]:
        x, y = self.level.agent_pos
        return (
            int(x + forward * self.level.dir_vec[0] + right * self.level.right_vec[0]),
            int(y + forward * self.level.dir_vec[1] + right * self.level.right_vec[1]),
        )

    def _relative(self, position: tuple[int, int]) -> tuple[int, int]:
        dx, dy = position[0] - self.level.agent_pos[0], position[1] - self.level.agent_pos[1]
        return (
            int(dx * self.level.dir_vec[0] + dy * self.level.dir_vec[1]),
            int(dx * self.level.right_vec[0] + dy * self.level.right_vec[1]),
        )

    def describe(self) -> str:
        """What the agent sees now, carries and remembers, as the player is told it."""
        lines, in_view = [], set()
        walls = {}  # the nearest wall in each of the three straight lines
        for forward, right, obj in sorted(self._view(), key=lambda seen: (abs(seen[0]) + abs(seen[1]), seen)):
            position = self._absolute(forward, right)
            in_view.add(position)
            if obj is None or obj.type == "wall":
                self.memory.pop(position, None)
                line = (
                    "forward"
                    if right == 0
                    else "right"
                    if forward == 0 and right > 0
                    else "left"
                    if forward == 0
                    else None
                )
                if obj is not None and line is not None and line not in walls:
                    walls[line] = f"You see a wall {place(forward, right)}."
                continue
            self.memory[position] = thing(obj)
            lines.append(f"You see {thing(obj)} {place(forward, right)}.")
        lines = [walls[line] for line in ("forward", "left", "right") if line in walls] + lines
        if len(lines) == 0:
            lines.append("You see nothing but the floor around you.")
        carried = self.level.carrying
        lines.append(f"You carry {thing(carried)}." if carried is not None else "You carry nothing.")
        remembered = [
            (self._relative(position), name) for position, name in self.memory.items() if position not in in_view
        ]
        if remembered:
            lines.append(
                "Seen before, out of view now: "
                + "; ".join(f"{name} {place(*where)}" for where, name in sorted(remembered, key=lambda r: (r[0], r[1])))
                + "."
            )
        return "\n".join(lines)

    def _observe_view(self, turn: int):
        self.state.add_observation(
            message=f"Turn {turn} of {self.max_turns}. Your mission: {self.level.mission}.\n{self.describe()}",
            observation_type=ta.ObservationType.GAME_BOARD,
        )

    # --- play ---

    def step(self, action: str) -> tuple[bool, ta.Info]:
        self.state.add_observation(
            from_id=self.state.current_player_id, message=action, observation_type=ta.ObservationType.PLAYER_ACTION
        )
        match = ACTION.search(action)
        if match is None:
            self.state.set_invalid_move(
                reward=0.0,
                reason="No action found. Reply with one of [turn left], "
                "[turn right], [go forward], [pick up], [drop], [toggle].",
            )
            return self.state.step()
        name = " ".join(match.group(1).lower().split())
        feedback = self._feedback(name)
        _, reward, terminated, _, _ = self.level.step(ACTIONS.index(name))
        self.state.game_state["carrying"] = thing(self.level.carrying) if self.level.carrying else None
        self.state.add_observation(message=feedback, observation_type=ta.ObservationType.GAME_MESSAGE)
        if terminated and reward > 0:
            self.state.set_outcome(reward=1.0, reason=f"You completed the mission: {self.level.mission}.")
        elif terminated:
            self.state.set_outcome(reward=0.0, reason=f"The mission failed: {self.level.mission}.")
        elif self.state.turn + 1 >= self.max_turns:  # this action was the last one the turn limit allows
            self.state.set_outcome(
                reward=0.0,
                reason=f"You used all {self.max_turns} actions without completing "
                f"the mission: {self.level.mission}.",
            )
        else:
            self._observe_view(turn=self.state.turn + 2)  # the next action's number: state.step() counts this one
        return self.state.step()

    def _feedback(self, name: str) -> str:
        """What the action does, told before minigrid takes it (minigrid does nothing where an action cannot be
        done, and says nothing about it)."""
        front = self.level.grid.get(*self.level.front_pos)
        carried = self.level.carrying
        if name in ("turn left", "turn right"):
            return f"You turned {name.split()[1]}."
        if name == "go forward":
            if front is None or front.can_overlap():
                return "You went forward."
            return f"You cannot go forward: {thing(front) if front.type != 'wall' else 'a wall'} is in the way."
        if name == "pick up":
            if front is None or not front.can_pickup():
                return "There is nothing you can pick up in front of you."
            if carried is not None:
                return f"You cannot pick up {thing(front)}: you already carry {thing(carried)}."
            return f"You picked up {thing(front)}."
        if name == "drop":
            if carried is None:
                return "You carry nothing to drop."
            if front is not None:
                return f"You cannot drop {thing(carried)}: the square in front of you is not free."
            return f"You dropped {thing(carried)}."
        if front is None or front.type not in ("door", "box"):
            return "There is nothing you can toggle in front of you."
        if front.type == "door" and front.is_locked:
            if carried is not None and carried.type == "key" and carried.color == front.color:
                return f"You unlocked and opened the {front.color} door."
            return f"The {front.color} door is locked: it opens only while you carry the {front.color} key."
        if front.type == "door":
            return f"You {'closed' if front.is_open else 'opened'} the {front.color} door."
        return f"You opened the {front.color} box."

    def _get_percentage_completion(self) -> float:
        return 1.0 if self.state.rewards and self.state.rewards.get(0) == 1.0 else 0.0
