"""Klondike solitaire: this project's env around TextArena 0.7.4's Klondike engine, made in place of TextArena's
`KlondikeEnv` (fixes.FIXES: `Fixes(stand_in="envs.klondike:KlondikeEnv")`).

TextArena 0.7.4's `textarena/envs/Klondike/env.py` does not compile on any Python (an `elif` after an `if/else`,
env.py:119), and the package's `__init__.py` imports it, so `import textarena.envs.Klondike.klondike` fails too. Its
game engine (`klondike.py`: the deal, draws, the moves and their rules; standard library only) works: it is loaded
here by its file path, after its SHA-256 is checked against 0.7.4's, so that no other code runs under its name
(`load_engine`). The parser, the board, the prompt and the messages are written here; the rules, the registered kwargs
(`Klondike-v0`: max_turns 200, draw_count 1), the commands (`draw`, `move <source> <destination> [count|all]`,
`forfeit`, several separated by commas in one bracket), the five warned format errors and the reward (the cards on
the foundations, 52 for a win) are TextArena's, as env.py shows them.

One rule bug of env.py is answered: a move the rules forbid uses a turn, but env.py checks the turn limit only after
moves that succeed (:85, :119), so a player whose every move breaks a rule plays on for ever. Here the limit holds
for every move (`_end_of_turn`). And env.py shows the board again only after moves that succeed (:129-130), though a
list of actions that fails at its second action has changed the board with its first: here the board follows every
move.
"""

import hashlib
import importlib.util
import random
import re
import sys
from pathlib import Path

import textarena as ta

ENGINE = Path(ta.__file__).parent / "envs" / "Klondike" / "klondike.py"
ENGINE_SHA256 = "96c55d8f306f63a9790132a56c69aa8a55cbe842b1cc0523796cdd6c1add8be4"  # textarena 0.7.4's klondike.py
ENGINE_MODULE = "clem_textarena_klondike_engine"


class EngineMismatchError(ImportError):
    """The installed TextArena's Klondike engine is not 0.7.4's: it is not run."""


def load_engine(path: Path = ENGINE, sha256: str = ENGINE_SHA256):
    """TextArena's `klondike.py`, loaded by its file path (its package's `__init__` imports the env.py that does not
    compile), once per process, and only when its SHA-256 is 0.7.4's."""
    found = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "no such file"
    if found != sha256:
        raise EngineMismatchError(
            f"TextArena's Klondike engine {path} is not textarena 0.7.4's (sha256 {found}, "
            f"expected {sha256}): it is not loaded; install textarena==0.7.4.",
            name=ENGINE_MODULE,
        )
    if ENGINE_MODULE in sys.modules:
        return sys.modules[ENGINE_MODULE]
    spec = importlib.util.spec_from_file_location(ENGINE_MODULE, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[ENGINE_MODULE] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[ENGINE_MODULE]
        raise
    return module


engine = load_engine()

# TextArena's suits carry an emoji variation selector (klondike.py:37); the board shows the bare symbol
SUITS = ("♣️", "♦️", "♥️", "♠️")
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
CARDS = 52


def _cards(number: int) -> str:
    return f"{number} card{'' if number == 1 else 's'}"


def card_name(card) -> str:
    return f"{RANKS.get(card.rank, str(card.rank))}{card.suit[0]}"


class Deal(engine.KlondikeGame):
    """TextArena's game, dealt from a generator of the episode's own. TextArena's constructor seeds and shuffles
    with the process-wide `random` (klondike.py:39-41); this one shuffles the same deck (klondike.py:36-38) with
    `random.Random(seed)`, which draws what `random.seed(seed); random.shuffle(deck)` draws: the same deal, and the
    process's generator untouched."""

    def __init__(self, seed: int, draw_count: int):
        self.draw_count = draw_count
        self.deck = [engine.Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
        random.Random(seed).shuffle(self.deck)
        self.tableau, self.foundations, self.stock, self.waste = [], [[] for _ in range(4)], [], []
        self.setup_game()


PILE = re.compile(r"^(W|F[1-4]|T[1-7])$")


class FormatError(ValueError):
    """A reply that is no command: TextArena's invalid move, warned five times in a row, the sixth ends the game."""


class RuleError(ValueError):
    """A command the rules forbid: it uses the turn, and the commands after it in the reply are skipped."""


class KlondikeEnv(ta.Env):
    """Klondike solitaire for one player (TextArena's `Klondike-v0`): move all 52 cards to the four foundations
    within `max_turns` turns; each reply is one turn and may hold several commands."""

    def __init__(self, max_turns: int = 200, draw_count: int = 1):
        self.max_turns = max_turns
        self.draw_count = draw_count

    def reset(self, num_players: int, seed: int | None = None):
        # the state gets no seed: TextArena's State.__init__ would seed the process-wide `random` with it (core.py:24)
        self.state = ta.SinglePlayerState(num_players=num_players, max_turns=self.max_turns, error_allowance=5)
        self.klondike = Deal(seed if seed is not None else 0, self.draw_count)
        self.seen: set[str] = set()  # the cards that have been on the waste: the board shows them in the stock too
        game_state = {"turn_count": 0, "game_won": False, "deal": [card_name(card) for card in self.klondike.deck]}
        self.state.reset(game_state=game_state, player_prompt_function=self._prompt)
        self._observe_state()

    def _prompt(self, player_id: int, game_state: dict) -> str:
        return (
            "You are playing Klondike solitaire. Goal: move all 52 cards to the four foundations (F1-F4).\n\n"
            "Rules:\n"
            "- A foundation is built up in one suit from the Ace to the King; any Ace starts an empty foundation. The "
            "board shows a foundation's top card.\n"
            "- The tableau (T1-T7) is built down in alternating colours (♥ ♦ red, ♠ ♣ black): a 6♥ goes on a 7♠ or a 7♣. "
            "Only a King (or a run headed by a King) goes on an empty tableau pile. XX is a face-down card; the last "
            "card of a pile is its top. When a pile's face-up cards are moved away, the card below turns face up.\n"
            f"- 'draw' turns {'one card' if self.draw_count == 1 else f'{self.draw_count} cards'} from the stock onto "
            "the waste (W); only the waste's top card "
            "can be played. When the stock is empty, a draw first turns the waste over into a new stock, in the order "
            "the cards were drawn. The board shows the whole waste, and the stock's cards you have seen before in the "
            "order they will come (XX: not seen yet).\n\n"
            "Commands (in square brackets):\n"
            "- [draw]\n"
            "- [move <source> <destination>]: one card, e.g. [move W T3], [move T2 F1], [move F1 T4]\n"
            "- [move <source> <destination> <count>]: the last <count> face-up cards of a tableau pile, e.g. "
            "[move T6 T2 3]; 'all' moves all its face-up cards: [move T6 T2 all]\n"
            "- [forfeit]: end the game now, scored by the cards on the foundations\n"
            "Several commands separated by commas in one bracket are one turn: [move W T1, move T4 F2, draw]. They "
            "run in order; a command the rules forbid uses the turn and the ones after it are skipped. A reply without "
            "a command is warned; six such replies in a row end the game.\n\n"
            f"The game ends when all cards are on the foundations, or after {self.max_turns} turns. Score: the cards "
            "you moved to the foundations."
        )

    # --- a turn ---

    def step(self, action: str):
        self.state.add_observation(
            from_id=self.state.current_player_id, message=action, observation_type=ta.ObservationType.PLAYER_ACTION
        )
        try:
            commands = self._parse(action)
        except FormatError as error:
            self.state.set_invalid_move(reason=str(error))
            return self.state.step()
        messages = []
        for number, command in enumerate(commands, start=1):
            if command == ("forfeit",):
                messages.append("You forfeited the game.")
                self._say(messages)
                cards = self.foundation_cards()
                self.state.game_state["turn_count"] += 1
                self.state.set_outcome(
                    reward=cards, reason=f"Game forfeited. Final score: {cards} cards in foundations."
                )
                return self.state.step()
            try:
                messages.append(self._execute(command))
            except RuleError as error:
                skipped = len(commands) - number
                messages.append(
                    f"Command {number} ({' '.join(command)}) failed: {error}"
                    + (f" The {skipped} command(s) after it were skipped." if skipped else "")
                )
                break
        self._say(messages)
        self._end_of_turn()
        return self.state.step()

    def _say(self, messages: list[str]):
        self.state.add_observation(message="\n".join(messages), observation_type=ta.ObservationType.GAME_MESSAGE)

    def _end_of_turn(self):
        """Every turn counts, whether its moves succeeded or broke a rule, and the game ends at the limit after it
        (TextArena's env.py checks the limit after successful moves only, :85, :119). The board follows."""
        game_state = self.state.game_state
        game_state["turn_count"] += 1
        cards = self.foundation_cards()
        if self.klondike.is_won():
            game_state["game_won"] = True
            self.state.set_outcome(reward=CARDS, reason="Congratulations! You've won Klondike Solitaire!")
        elif game_state["turn_count"] >= self.max_turns:
            self.state.set_outcome(
                reward=cards,
                reason=f"Game over! You reached the maximum of {self.max_turns} "
                f"turns. Score: {cards} cards in foundations.",
            )
        self._observe_state()

    @staticmethod
    def _parse(action: str) -> list[tuple[str, ...]]:
        """The commands of the reply's first bracket, as TextArena's env.py reads them (:137-227)."""
        if "[" not in action:
            raise FormatError("Invalid action format. Put the command in square brackets, e.g. [draw].")
        inside = action.split("[", 1)[1]
        if "]" not in inside:
            raise FormatError("Invalid action format. Missing closing bracket ']'.")
        inside = inside.split("]", 1)[0].strip()
        if not inside:
            raise FormatError("Empty command. Use [draw], [move <source> <destination> [count]] or [forfeit].")
        commands = []
        for number, text in enumerate((part.strip() for part in inside.split(",")), start=1):
            words = text.lower().split()
            if not words:
                raise FormatError(f"Command {number} is empty.")
            if words[0] in ("draw", "forfeit") and len(words) == 1:
                commands.append((words[0],))
                continue
            if words[0] != "move":
                raise FormatError(
                    f"Command {number}: unknown command '{text}'. Use 'draw', "
                    f"'move <source> <destination> [count]' or 'forfeit'."
                )
            if len(words) not in (3, 4):
                raise FormatError(
                    f"Command {number}: a move needs a source and a destination, and may have a "
                    f"count: 'move <source> <destination> [count]'."
                )
            source, destination = words[1].upper(), words[2].upper()
            if not PILE.match(source) or not PILE.match(destination):
                raise FormatError(f"Command {number}: invalid pile name. Use W, F1-F4 or T1-T7.")
            if len(words) == 4 and words[3] != "all" and not (words[3].isdigit() and int(words[3]) > 0):
                raise FormatError(f"Command {number}: the count must be a positive number or 'all'.")
            commands.append(("move", source, destination, *words[3:]))
        return commands

    def _execute(self, command: tuple[str, ...]) -> str:
        """One command on TextArena's engine (its rules: klondike.py:109-283); what it did, or a RuleError."""
        game = self.klondike
        if command == ("draw",):
            turned = not game.stock and bool(game.waste)
            if not game.draw():
                raise RuleError("the stock and the waste are both empty.")
            drawn = card_name(game.waste[-1][0])
            self.seen.update(card_name(card) for card, _ in game.waste)
            return ("Turned the waste over into the stock and drew " if turned else "Drew ") + f"{drawn}."
        _, source, destination, *given = command
        count = given[0] if given else "1"
        if destination == "W":
            raise RuleError("cards cannot be moved onto the waste.")
        if source == destination:
            raise RuleError("the source and the destination are the same pile.")
        where = int(source[1:]) - 1 if source != "W" else None
        to = int(destination[1:]) - 1
        if count != "1" and (source[0] != "T" or destination[0] == "F"):
            raise RuleError("only tableau piles move more than one card, and only onto tableau piles.")
        if source == "W":
            if not game.waste:
                raise RuleError("the waste is empty.")
            card = card_name(game.waste[-1][0])
            moved = (
                game.move_from_waste_to_foundation_at(to) if destination[0] == "F" else game.move_waste_to_tableau(to)
            )
        elif source[0] == "F":
            pile = game.foundations[where]
            if not pile:
                raise RuleError(f"{source} is empty.")
            if destination[0] == "F":
                raise RuleError("cards do not move between foundations.")
            card = card_name(pile[-1])
            target = game.tableau[to]
            moved = game.can_place_on_tableau(target[-1][0] if target else None, pile[-1])
            if moved:  # TextArena's env does this move itself (env.py:298-316)
                target.append((pile.pop(), True))
        else:
            pile = game.tableau[where]
            face_up = next((depth for depth, (_, up) in enumerate(reversed(pile)) if not up), len(pile))
            if not face_up:
                raise RuleError(f"{source} has no face-up card.")
            number = face_up if count == "all" else int(count)
            if number > face_up:
                raise RuleError(f"{source} has only {face_up} face-up card(s).")
            card = card_name(pile[-number][0])
            if destination[0] == "F":
                moved = game.move_from_tableau_to_foundation_at(where, to)
            else:
                moved = game.move_tableau_to_tableau(where, number, to)
            if moved and number > 1:
                card = f"{number} cards headed by {card}"
        if not moved:
            raise RuleError(self._why_not(card, destination))
        return f"Moved {card} from {source} to {destination}."

    def _why_not(self, card: str, destination: str) -> str:
        if destination[0] == "F":
            pile = self.klondike.foundations[int(destination[1:]) - 1]
            top = card_name(pile[-1]) if pile else None
            return f"{card} cannot go on {destination} ({f'top card {top}' if top else 'empty: only an Ace'})."
        pile = self.klondike.tableau[int(destination[1:]) - 1]
        top = card_name(pile[-1][0]) if pile else None
        return (
            f"{card} cannot go on {destination} "
            f"({f'top card {top}: one rank lower and the other colour' if top else 'empty: only a King'})."
        )

    # --- what the player sees ---

    def _observe_state(self):
        self.state.add_observation(message=self._render_board(), observation_type=ta.ObservationType.GAME_BOARD)

    def _render_board(self) -> str:
        game = self.klondike
        stock = " ".join(
            name if name in self.seen else "XX" for name in map(card_name, (c for c, _ in reversed(game.stock)))
        )
        waste = " ".join(card_name(card) for card, _ in game.waste)
        lines = [
            f"=== KLONDIKE: turn {self.state.game_state['turn_count']} of {self.max_turns} played, "
            f"{self.foundation_cards()} of {CARDS} cards on the foundations ===",
            f"Stock ({_cards(len(game.stock))}, next first): {stock or '--'}",
            f"Waste (W, {_cards(len(game.waste))}, top last): {waste or '--'}",
            "Foundations (top card): "
            + "  ".join(
                f"F{i}: {card_name(pile[-1]) if pile else '--'}" for i, pile in enumerate(game.foundations, start=1)
            ),
            "Tableau (bottom to top):",
        ]
        for i, pile in enumerate(game.tableau, start=1):
            cards = " ".join(card_name(card) if up else "XX" for card, up in pile)
            lines.append(f"T{i}: {cards or '--'}")
        return "\n".join(lines)

    def get_board_str(self) -> str:
        return self._render_board()

    # --- the score ---

    def foundation_cards(self) -> int:
        return sum(len(pile) for pile in self.klondike.foundations)

    def _get_percentage_completion(self) -> float:
        return self.foundation_cards() / CARDS


# --- whether a deal can be won (the instance generator's check: games.cards.KlondikeMaster.unplayable_reason) ---


def find_win(game, budget: int = 20_000) -> tuple[bool, int, bool]:
    """Whether a depth-first search over the deal's positions, knowing every card, finds a way to put all cards on
    the foundations: (found, positions searched, searched them all). With one card drawn at a time and the waste
    turned over without limit, every card of the stock and waste can be brought to the top of the waste, so they are
    one pool of cards playable at any time; a turn may hold any number of commands, so the turn limit does not bind
    such a line. The search leaves out moves from the foundations and moves of part of a run that free no card for
    a foundation, and stops after `budget` positions: a deal it does not win may still be winnable."""
    red = {SUITS.index(suit) for suit in ("♦️", "♥️")}
    code = {suit: index for index, suit in enumerate(SUITS)}

    def encode(card):
        return card.rank, code[card.suit]

    tableau = tuple(
        (tuple(encode(c) for c, up in pile if not up), tuple(encode(c) for c, up in pile if up))
        for pile in game.tableau
    )
    foundations = [0, 0, 0, 0]
    for pile in game.foundations:
        if pile:
            foundations[code[pile[-1].suit]] = pile[-1].rank
    pool = frozenset(encode(c) for c, _ in (*game.stock, *game.waste))

    def fits(card, top) -> bool:
        return (
            top is None
            and card[0] == 13
            or top is not None
            and top[0] == card[0] + 1
            and (top[1] in red) != (card[1] in red)
        )

    def lift(pile, count):
        down, up = pile
        up = up[:-count]
        if not up and down:
            down, up = down[:-1], down[-1:]
        return down, up

    def safe(card, found) -> bool:
        rank, suit = card
        return rank <= 2 or all(found[s] >= rank - 1 for s in range(4) if (s in red) != (suit in red))

    def settle(piles, found, pool):
        """Plays every card that can go to a foundation without being needed on the tableau."""
        piles, found, pool = list(piles), list(found), set(pool)
        moved = True
        while moved:
            moved = False
            for i, (_, up) in enumerate(piles):
                if up and up[-1][0] == found[up[-1][1]] + 1 and safe(up[-1], found):
                    found[up[-1][1]] += 1
                    piles[i] = lift(piles[i], 1)
                    moved = True
            for card in sorted(pool):
                if card[0] == found[card[1]] + 1 and safe(card, found):
                    found[card[1]] += 1
                    pool.discard(card)
                    moved = True
        return tuple(piles), tuple(found), frozenset(pool)

    def moves(piles, found, pool):
        tops = [pile[1][-1] if pile[1] else None for pile in piles]
        for i, (_, up) in enumerate(piles):  # a top card to its foundation
            if up and up[-1][0] == found[up[-1][1]] + 1:
                yield (
                    tuple(lift(p, 1) if j == i else p for j, p in enumerate(piles)),
                    tuple(r + (s == up[-1][1]) for s, r in enumerate(found)),
                    pool,
                )
        for i, (down, up) in enumerate(piles):  # a whole run onto another pile, uncovering a card or a space
            if not up or not down and up[0][0] == 13:
                continue
            for j, top in enumerate(tops):
                if j != i and fits(up[0], top) and (top is not None or down):
                    yield (
                        tuple(
                            lift(p, len(up)) if k == i else ((p[0], p[1] + up) if k == j else p)
                            for k, p in enumerate(piles)
                        ),
                        found,
                        pool,
                    )
                    if top is None:
                        break  # one empty pile is as good as another
        for card in sorted(pool, reverse=True):  # a card of the stock or waste onto the tableau, or its foundation
            for j, top in enumerate(tops):
                if fits(card, top):
                    yield (
                        tuple((p[0], p[1] + (card,)) if k == j else p for k, p in enumerate(piles)),
                        found,
                        pool - {card},
                    )
                    if top is None:
                        break
            if card[0] == found[card[1]] + 1:
                yield piles, tuple(r + (s == card[1]) for s, r in enumerate(found)), pool - {card}
        for i, (_, up) in enumerate(piles):  # part of a run moved away to free a card for its foundation
            for count in range(1, len(up)):
                freed = up[-count - 1]
                if freed[0] != found[freed[1]] + 1:
                    continue
                for j, top in enumerate(tops):
                    if j != i and fits(up[-count], top):
                        yield (
                            tuple(
                                (p[0], p[1][:-count]) if k == i else ((p[0], p[1] + up[-count:]) if k == j else p)
                                for k, p in enumerate(piles)
                            ),
                            found,
                            pool,
                        )
                        break

    stack, seen = [(tableau, tuple(foundations), pool)], set()
    while stack:
        piles, found, pool = settle(*stack.pop())
        if sum(found) == CARDS:
            return True, len(seen), False
        key = (tuple(sorted(piles)), found, pool)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) >= budget:
            return False, len(seen), False
        stack.extend(reversed(list(moves(piles, found, pool))))
    return False, len(seen), True
