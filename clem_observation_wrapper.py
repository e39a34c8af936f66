"""Turns TextArena observations into clem contexts, in one of three views of the game."""

import copy
import re

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
GAME_ID = ta.GAME_ID
PROMPT, GAME_BOARD, PLAYER_ACTION = ObservationType.PROMPT, ObservationType.GAME_BOARD, ObservationType.PLAYER_ACTION


class ClemObservationWrapper(ta.ObservationWrapper):
    """A TextArena ObservationWrapper whose observations are clem contexts.

    `get_observation()` returns `(player_id, {"role": "user", "content": ...})`. TextArena hands each player
    everything queued since that player's last turn; each message is labelled by its sender as TextArena names them
    (`[GAME]`, `[Player 0]`, ...). In the full view a context holds what is new (the first one starts with
    TextArena's game prompt) and the player's own echoed action is left out, as the player's memory holds its reply.
    The bounded views (`state`, `dialogue`) make every context from all the player has been sent so far (kept
    between its turns, `_Seen`), by the observations' types: TextArena's prompt (PROMPT) and the messages
    sent with it (the game's opening: the trump suit, the roles) always, then the newest messages that fit the view's
    window, then, in the state view, the boards (GAME_BOARD) of the current position, last, as in TextArena's own -train view: the latest boards sent one
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
        self._shown = _Shown()
        # the TextArena env inside the fixes' wrappers: the game master and its submasters read it
        innermost = env
        while isinstance(innermost, ta.Wrapper):
            innermost = innermost.env
        self.innermost = innermost

    @property
    def state(self):
        """TextArena's state of the game, the innermost env's: the wrappers' attribute forwarding costs two calls per
        wrapper, and the game master reads the state at every move."""
        return self.innermost.state

    def observation(self, player_id: int, observation: list) -> dict:
        relabel = self.relabel if self.relabel else None
        state = self.state
        names = state.role_mapping
        # TextArena 0.7.4's TowerOfHanoi and Wordle record the move without a sender (as GAME); in a one-player
        # game that can only be the player's own move, and it is shown as the player's
        own = (player_id, GAME_ID) if state.num_players == 1 else (player_id,)
        lines = []
        if self.view == "full":
            for sender_id, message, observation_type in observation:
                if relabel:
                    message = relabel(message)
                if (line := self._line(names, own, sender_id, message, observation_type)) is not None:
                    lines.append(line)
            return self._context(names, "\n\n".join(lines))
        seen = self._seen.get(player_id)
        first = seen is None
        if first:
            seen = self._seen[player_id] = _Seen(self.window)
        shows_boards, boards_in_messages = self.view == "state", self.boards_in_messages or None
        # with two seats a message reaches one seat or is one seat's own move more often than not: kept, it costs more
        # than it saves
        shown = self._shown if state.num_players > 2 else None
        # TextArena broadcasts the board after every move, so one observation can hold the boards of several
        # positions. Boards sent one after another are one position (Battleship's own and target grids, a board and
        # its move list) and stay together; a board sent after anything else (a move, a dice roll) shows a new
        # position and replaces them.
        new_position = True
        for sender_id, message, observation_type in observation:
            if observation_type is PROMPT:
                seen.set_prompt(self._prompt(message if relabel is None else relabel(message)))
            elif observation_type is GAME_BOARD and shows_boards:
                # blank lines go, the first row's indentation stays: it aligns the row with the column labels
                board = LEADING_BLANK_LINES.sub("", message if relabel is None else relabel(message)).rstrip()
                seen.boards = [*([] if new_position else seen.boards), board]
                new_position = False
            else:
                # a seat's own move is shown as its own, its line kept per seat; any other message alike to every seat
                key = (
                    None
                    if shown is None
                    else (player_id, message, None)
                    if observation_type is PLAYER_ACTION and sender_id in own
                    else (sender_id, message)
                )
                line_and_clears = None if key is None else shown.get(key)
                if line_and_clears is None:
                    text = message if relabel is None else relabel(message)
                    line_and_clears = (
                        self._line(names, own, sender_id, text, observation_type),
                        boards_in_messages is not None and boards_in_messages in text,
                    )
                    if key is not None:
                        shown[key] = line_and_clears
                line, clears_boards = line_and_clears
                if line is not None:
                    lines.append(line)
                if clears_boards:
                    seen.boards = []
                new_position = True
        seen.add(lines, opening=first)
        return self._context(names, seen.render())

    def _context(self, names: dict, content: str) -> dict:
        # An empty context would be rejected by most backends; TextArena always queues something for the
        # player on turn in the games wired so far, so this only guards future games.
        return {"role": "user", "content": content or f"[{names.get(GAME_ID, 'GAME')}] It is your turn."}

    def _prompt(self, message: str) -> str:
        return f"{message.strip()}\n\n{self.contract}" if self.contract else message.strip()

    def _line(self, names: dict, own: tuple, sender_id: int, message: str, observation_type) -> str | None:
        """A message as a labelled line of the context, or None where the view leaves it out."""
        if observation_type is PROMPT:
            return self._prompt(message)
        if observation_type is PLAYER_ACTION and sender_id in own:
            if self.view == "full":
                return None
            if self.view == "state":  # the model's own move, as a reminder, not its reasoning
                message = " ".join(bracketed_moves(message))
                if not message:
                    return None
            sender_id = own[0]
        # a seat's words, also where the game passes them on as its own description (TextArena 0.7.4's Settlers of
        # Catan sends each negotiation reply as a GAME_ACTION_DESCRIPTION from the seat, env.py:279, :319)
        if sender_id != GAME_ID and len(message) > CLIP_CHARS and self.view != "full":
            message = "…" + message[-CLIP_CHARS:]
        name = names.get(sender_id)
        return f"[{f'Player {sender_id}' if name is None else name}] {message.strip()}"


class _Shown(dict):
    """{(sender, message as TextArena sent it): (its line, whether it says the boards before it are out of date)} of
    the messages an episode's seats have been shown, in games of more than two seats, and {(seat, its move, None): ...}
    of the seats' own moves: TextArena sends most messages to every seat (Secret Mafia: to up to nine), and each is
    labelled, clipped and relabelled once; a seat's moves repeat (Settlers of Catan's `[1]`, `[done]`). The line
    depends on the sender's name, which TextArena 0.7.4 sets at reset and never changes. A copy of the episode
    (clemcore's branching runner copies the game before every step) shares it, as what it holds does not depend on
    the episode's course."""

    def __deepcopy__(self, memo):
        return self


class Relabel:
    """A spec's `relabel`: (regular expression, replacement) pairs that rewrite every message, in order.

    Most messages match none of them, and `Pattern.sub` with a replacement string costs about a microsecond even on
    a message it leaves alone (it looks its template up at each call), so one search of all the patterns as
    alternatives tells first whether any applies: where none matches the message, none matches after another's
    rewrite either, as there was none. Patterns with numbered references to their groups (backreferences,
    conditionals), which the alternatives would renumber, are applied one by one."""

    _NUMBERED = re.compile(r"\\[1-9]|\(\?\(")
    _GLOBAL_FLAGS = re.compile(r"\(\?([imsx]+)\)")

    def __init__(self, pairs: list[tuple[str, str]] = ()):
        self._pairs = [(re.compile(pattern, re.MULTILINE), replacement) for pattern, replacement in pairs]
        numbered = any(self._NUMBERED.search(pattern) for pattern, _ in pairs)
        self.any = None if numbered else re.compile("|".join(map(self._alternative, pairs)), re.MULTILINE)

    def _alternative(self, pair: tuple[str, str]) -> str:
        # a pattern's leading flags, `(?s)`, would apply to all the alternatives: they become a group's, `(?s:...)`
        flags = self._GLOBAL_FLAGS.match(pair[0])
        return f"(?{flags[1]}:{pair[0][flags.end() :]})" if flags else f"(?:{pair[0]})"

    def __bool__(self) -> bool:
        return bool(self._pairs)

    def __call__(self, message: str) -> str:
        if self.any is not None and self.any.search(message) is None:
            return message
        for pattern, replacement in self._pairs:
            message = pattern.sub(replacement, message)
        return message


class _Seen:
    """What a player has been sent, as a bounded view keeps it: the prompt and the game's opening messages (sent with
    it: the trump suit, the roles, the first moves), the newest messages that fit the window (with the count of older
    ones left out), and the latest boards.

    The window is kept between the player's requests as the lines it holds: the messages of an observation are
    appended to it and those they push out are dropped from its front, and a request joins the view once, so that it
    costs a copy of the view and what is new since the player's last one, not the whole window made anew (the windows
    of Secret Mafia's nine seats, made anew, took most of a request's time). The text of the window is not kept
    joined between requests: a view of many seats' boards and messages is mostly copies of memory the CPU's caches
    no longer hold, and a kept text would be copied again at each request, twice where messages leave it."""

    def __init__(self, window: int):
        self.prompt = ""
        self.boards: list[str] = []
        self._opening: list[str] = []
        self._head: str | None = ""  # the prompt and the opening, as the view begins (None: to be joined anew)
        self._window = window
        self._lines: list[str] = []  # the messages in the window, each clipped to it, oldest first
        self._lengths: list[int] = []  # of the messages in the window, as sent
        self._chars = 0
        self._dropped = 0

    def __deepcopy__(self, memo):
        # what it holds are strings and numbers: a copy of the containers is a deep copy, 4-7 times cheaper than
        # `copy.deepcopy`'s walk through every line (clemcore's branching runner copies the episode at every step)
        copied = copy.copy(self)
        copied.boards, copied._opening = list(self.boards), list(self._opening)
        copied._lines, copied._lengths = list(self._lines), list(self._lengths)
        return copied

    def set_prompt(self, prompt: str):
        self.prompt = prompt
        self._head = None

    def add(self, lines: list[str], opening: bool = False):
        """The messages of one observation, oldest first."""
        if not lines:
            return
        window = self._window
        clipped = [line if len(line) <= window else "…" + line[-window:] for line in lines]
        if opening:
            self._opening.extend(clipped)
            self._head = None
            return
        held, lengths = self._lines, self._lengths
        held.extend(clipped)
        sizes = [len(line) for line in lines]
        lengths.extend(sizes)
        chars = self._chars + sum(sizes)
        # the newest message always stays, clipped to the window if it alone is longer
        out, last = 0, len(lengths) - 1
        while out < last and chars > window:
            chars -= lengths[out]
            out += 1
        if out:
            del held[:out], lengths[:out]
            self._dropped += out
        self._chars = chars

    def render(self) -> str:
        if self._head is None:
            self._head = "\n\n".join(part for part in (self.prompt, *self._opening) if part)
        parts = [self._head] if self._head else []
        if self._dropped:
            parts.append(f"[GAME] ({self._dropped} earlier messages are not repeated here.)")
        parts.extend(self._lines)
        parts.extend(board for board in self.boards if board)
        return "\n\n".join(parts)
