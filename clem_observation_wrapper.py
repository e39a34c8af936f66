"""Turns TextArena observations into clem contexts, in one of three views of the game."""

import re
from collections import deque

import textarena as ta
from textarena.core import ObservationType

from replies import bracketed_moves

# The views: what a model is sent at each request.
#   state     TextArena's prompt, the game's latest messages and the current board once (TextArena's -train view of
#             board games, GameMessagesAndCurrentBoardObservationWrapper, with the messages bounded): one
#             self-contained message per request, the model's earlier replies left out (the state shows their effect).
#   dialogue  TextArena's prompt and the latest of the conversation, every seat's replies clipped to their last
#             1,000 characters (its -train view of conversational games, LLMObservationWrapper with
#             ClipCharactersActionWrapper, bounded): one self-contained message per request.
#   full      clem's default: the first context holds the prompt, each later one what is new, and the player's
#             memory keeps every context and reply: the prompt grows with every turn.
VIEWS = ("state", "dialogue", "full")
# Characters of messages a bounded view keeps, newest first (a spec's `view_window` sets another): with the prompt and
# the board every default view stays within 6,144 o200k_base tokens (docs/context.md has the measurements).
WINDOW_CHARS = {"state": 4000, "dialogue": 12000}
CLIP_CHARS = 1000
LEADING_BLANK_LINES = re.compile(r"\A(?:[ \t]*\n)+")


class ClemObservationWrapper(ta.ObservationWrapper):
    """A TextArena ObservationWrapper whose observations are clem contexts.

    `get_observation()` returns `(player_id, {"role": "user", "content": ...})`. TextArena hands each player
    everything queued since that player's last turn; each message is labelled by its sender as TextArena names them
    (`[GAME]`, `[Player 0]`, ...). In the full view a context holds what is new (the first one starts with
    TextArena's game prompt) and the player's own echoed action is left out, as the player's memory holds its reply.
    The bounded views (`state`, `dialogue`) render every context anew from what the player has been sent so far,
    by the observations' types: TextArena's prompt (PROMPT) and the messages sent with it (the game's opening: the
    trump suit, the roles) always, then the newest messages that fit the view's window, then, in the state view, the
    boards (GAME_BOARD) of the current position, last, as in TextArena's own -train view: the latest boards sent one
    after another (earlier boards show earlier positions and are left out). Where a game sends its board as a board
    observation only with the prompt and every later one inside its messages (`boards_in_messages`: the words that
    mark such a message, Battleship's "Your updated board:"), that first board is left out as soon as such a message
    arrives.

    Where TextArena's text misleads a reader (a number labelled as the score that is not the game's score, a static
    move format labelled as the available moves, a list of another seat's moves), the spec's `relabel` says what to
    write instead: (regular expression, replacement) pairs applied to every message, the player's own included.

    The prompt ends with the reply contract (`contract`, replies.py): what the game master hands TextArena of a reply
    is the move alone in a move turn, so the other seats' moves shown here are moves, never the words around them.
    """

    def __init__(
        self,
        env,
        view: str = "state",
        window: int | None = None,
        boards_in_messages: str | None = None,
        relabel: list[tuple[str, str]] = (),
        contract: str = "",
    ):
        super().__init__(env)
        if view not in VIEWS:
            raise ValueError(f"unknown view {view!r}; valid: {', '.join(VIEWS)}")
        self.relabel = Relabel(relabel)
        self.contract = contract
        self.boards_in_messages = boards_in_messages
        self.view = view
        self.window = window or WINDOW_CHARS.get(view)
        self._seen: dict[int, _Seen] = {}

    def observation(self, player_id: int, observation: list) -> dict:
        if self.relabel:
            observation = [
                (sender_id, self.relabel(message), observation_type)
                for sender_id, message, observation_type in observation
            ]
        state = self.env.state  # looked up once: the wrappers' attribute forwarding costs a call per hop
        names = state.role_mapping
        # TextArena 0.7.4's TowerOfHanoi and Wordle record the move without a sender (as GAME); in a one-player
        # game that can only be the player's own move, and it is shown as the player's
        own = (player_id, ta.GAME_ID) if state.num_players == 1 else (player_id,)
        if self.view == "full":
            lines = [
                line
                for sender_id, message, observation_type in observation
                if (line := self._line(names, own, sender_id, message, observation_type)) is not None
            ]
            content = "\n\n".join(lines)
        else:
            first = player_id not in self._seen
            seen = self._seen.setdefault(player_id, _Seen(self.window))
            # TextArena broadcasts the board after every move, so one observation can hold the boards of several
            # positions. Boards sent one after another are one position (Battleship's own and target grids, a board
            # and its move list) and stay together; a board sent after anything else (a move, a dice roll) shows a
            # new position and replaces them.
            new_position = True
            for sender_id, message, observation_type in observation:
                if observation_type == ObservationType.PROMPT:
                    seen.prompt = self._prompt(message)
                elif observation_type == ObservationType.GAME_BOARD and self.view == "state":
                    # blank lines go, the first row's indentation stays: it aligns the row with the column labels
                    board = LEADING_BLANK_LINES.sub("", message).rstrip()
                    seen.boards = [*([] if new_position else seen.boards), board]
                    new_position = False
                else:
                    if (line := self._line(names, own, sender_id, message, observation_type)) is not None:
                        seen.add(line, opening=first)
                    if self.boards_in_messages and self.boards_in_messages in message:
                        seen.boards = []
                    new_position = True
            content = seen.render()
        # An empty context would be rejected by most backends; TextArena always queues something for the
        # player on turn in the games wired so far, so this only guards future games.
        return {"role": "user", "content": content or f"[{names.get(ta.GAME_ID, 'GAME')}] It is your turn."}

    def _prompt(self, message: str) -> str:
        return f"{message.strip()}\n\n{self.contract}" if self.contract else message.strip()

    def _line(self, names: dict, own: tuple, sender_id: int, message: str, observation_type) -> str | None:
        """A message as a labelled line of the context, or None where the view leaves it out."""
        if observation_type == ObservationType.PROMPT:
            return self._prompt(message)
        if observation_type == ObservationType.PLAYER_ACTION:
            if sender_id in own:
                if self.view == "full":
                    return None
                if self.view == "state":  # the model's own move, as a reminder, not its reasoning
                    message = " ".join(bracketed_moves(message))
                    if not message:
                        return None
            if sender_id in own:
                sender_id = own[0]
        # a seat's words, also where the game passes them on as its own description (TextArena 0.7.4's Settlers of
        # Catan sends each negotiation reply as a GAME_ACTION_DESCRIPTION from the seat, env.py:279, :319)
        if sender_id != ta.GAME_ID and self.view != "full" and len(message) > CLIP_CHARS:
            message = "…" + message[-CLIP_CHARS:]
        return f"[{names.get(sender_id, f'Player {sender_id}')}] {message.strip()}"


class Relabel:
    """A spec's `relabel`: (regular expression, replacement) pairs that rewrite every message, in order."""

    def __init__(self, pairs: list[tuple[str, str]] = ()):
        self._pairs = [(re.compile(pattern, re.MULTILINE), replacement) for pattern, replacement in pairs]

    def __bool__(self) -> bool:
        return bool(self._pairs)

    def __call__(self, message: str) -> str:
        for pattern, replacement in self._pairs:
            message = pattern.sub(replacement, message)
        return message


class _Seen:
    """What a player has been sent, as a bounded view keeps it: the prompt and the game's opening messages (sent with
    it: the trump suit, the roles, the first moves), the newest messages that fit the window (with the count of older
    ones left out), and the latest boards."""

    def __init__(self, window: int):
        self.prompt = ""
        self.boards: list[str] = []
        self._opening: list[str] = []
        self._window = window
        self._lines: deque[str] = deque()
        self._chars = 0
        self._dropped = 0

    def add(self, line: str, opening: bool = False):
        if opening:
            self._opening.append(self._clipped(line))
            return
        self._lines.append(line)
        self._chars += len(line)
        # the newest line always stays, clipped to the window if it alone is longer
        while len(self._lines) > 1 and self._chars > self._window:
            self._chars -= len(self._lines.popleft())
            self._dropped += 1

    def _clipped(self, line: str) -> str:
        return line if len(line) <= self._window else "…" + line[-self._window :]

    def render(self) -> str:
        lines = [self._clipped(line) for line in self._lines]
        if self._dropped:
            lines.insert(0, f"[GAME] ({self._dropped} earlier messages are not repeated here.)")
        return "\n\n".join(part for part in (self.prompt, *self._opening, *lines, *self.boards) if part)
