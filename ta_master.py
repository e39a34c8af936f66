"""TextArenaPlayer and TextArenaGameMaster: a TextArena env stepped as a clem game.

The game master owns the loop (as clemcore's DialogueGameMaster does): TextArena advances the game, this
module does the clem bookkeeping, and submasters only fill the three hooks `_on_before_reset`,
`_on_before_game` and `_on_after_game`.
"""

import abc
import copy
import hashlib
import io
import itertools
import json
import sys
from collections.abc import Callable
from importlib.metadata import version

import numpy as np
from clemcore.backends import Model
from clemcore.backends.utils import ContextExceededError
from clemcore.clemgame import GameMaster, GameSpec, Player

import fixes
import replies
import ta_players
from clem_observation_wrapper import ClemObservationWrapper
from runtime.availability import instance_file_advice, unavailable_reason
from runtime.cache import process_cache
from runtime.errors import (
    BackendError,
    GameUnavailableError,
    InstanceMismatchError,
    InvalidInstanceError,
    JudgeError,
    ReferencePlayerError,
    SpecError,
    TextArenaEnvError,
)
from runtime.judge import judges_in_place_of_openrouter
from runtime.randomness import CopyableRandom, EpisodeRandomness
from runtime.tokens import PromptMeter
from runtime.words import quiet_nltk_downloads, word_data_built_once

# read once: importlib.metadata parses the package's metadata on every call (0.5-1 ms, in every episode's setup)
TEXTARENA_VERSION = version("textarena")

# The fields of an instance that setup reads, and those verify_instance compares with the env (the instance
# generator sets up a game before it records them).
SETUP_FIELDS = ("game_id", "env_id", "env_kwargs", "num_players", "seed")
RECORD_FIELDS = ("content", "fingerprint")


# Far above the longest run of reference moves between two model requests in any `_vs_` game (105, Secret Mafia after
# the model's seat is eliminated, measured over mock and ta-random episodes of every game).
REFERENCE_MOVES_IN_A_ROW = 1000


JSON_SCALARS = (str, int, float, bool, type(None))


def to_jsonable(value):
    """JSON-ready copy of TextArena state: sets sorted, tuples as lists, keys as strings."""
    if type(value) in JSON_SCALARS:  # most of the leaves, at the end of every episode
        return value
    if isinstance(value, dict):
        return {str(key): to_jsonable(item) for key, item in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(to_jsonable(item) for item in value)
    if isinstance(value, (list, tuple)):
        return [to_jsonable(item) for item in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def view_of(game_spec: GameSpec, experiment: dict) -> str:
    """The view an experiment is played in: its instance file's `view` (a user's full-history copy says `full`), else
    the spec's (`state` unless the spec says otherwise)."""
    return experiment.get("view", getattr(game_spec, "view", "state"))


def reply_kinds(game_spec: GameSpec) -> tuple[str, ...]:
    """The kinds of turn a game has (replies.KINDS), as its spec declares them in `reply`: one kind, or the list of
    kinds its phases take, in which case the game's master says which each turn is (`turn_kind`)."""
    declared = getattr(game_spec, "reply", "move")
    return tuple(declared) if isinstance(declared, list) else (declared,)


def _prototype_env(env_id: str, env_kwargs_json: str):
    prototypes = process_cache("prototype envs")
    key = (env_id, env_kwargs_json)
    if key not in prototypes:
        with EpisodeRandomness(0), quiet_nltk_downloads(), word_data_built_once(env_id):
            prototypes[key] = fixes.make(env_id, **json.loads(env_kwargs_json))
    return prototypes[key]


def make_env(game_spec: GameSpec, instance: dict, judge: Callable[[str, str], str] | None = None, view: str = "state"):
    """A fresh env for one episode (TextArena's with this project's fixes, `fixes.make`), wrapped for clem in the
    given view (clem_observation_wrapper.VIEWS).

    Specs with `cache_env` name envs whose constructor only builds read-only data (WordChains' 260k-word
    dictionary takes 1-1.7 s): those are built once per process and shallow-copied per episode; `reset()`
    gives each copy its own game state. `judge(prompt, system_prompt)` answers for the LLM agents of the games
    TextArena has judged by OpenRouter models.
    """
    if getattr(game_spec, "cache_env", False):
        env = copy.copy(_prototype_env(instance["env_id"], json.dumps(instance["env_kwargs"], sort_keys=True)))
    else:
        with quiet_nltk_downloads(), judges_in_place_of_openrouter(judge):
            env = fixes.make(instance["env_id"], **instance["env_kwargs"])
    return ClemObservationWrapper(
        env,
        view=view,
        window=getattr(game_spec, "view_window", None),
        boards_in_messages=getattr(game_spec, "boards_in_messages", None),
        relabel=getattr(game_spec, "relabel", ()),
        contract=replies.contract(reply_kinds(game_spec)),
    )


class TextArenaPlayer(Player):
    """A seat at a TextArena game played by a clem model. Mock replies are sampled from the spec's
    `custom_response` list with the player's own RNG, seeded from the instance, so they are the same for an
    instance in any run.

    In the full view the player remembers every context and reply, as clem's players do, and its model is sent them
    all; in the bounded views each context is self-contained and is sent alone. Every prompt the model is sent is
    measured (`prompts`). An exception from the model's backend is kept in
    `backend_error` and the request answered with an empty reply, for the game master to end the episode with a
    record: clemcore 3.7.2's runners call the player outside the game master and drop an episode whose backend
    raises without writing anything (sequential.py:40)."""

    def __init__(self, model: Model, *, game_role: str, custom_responses: list[str], seed: str, remembers: bool):
        super().__init__(model, game_role=game_role)
        self._custom_responses = custom_responses
        self._rng = CopyableRandom(seed)
        self.remembers = remembers
        self.prompts = PromptMeter()
        self.backend_error: Exception | None = None

    def __call__(self, context: dict, memorize: bool = True) -> str:
        try:
            return super().__call__(context, memorize=memorize)
        except Exception as error:
            self.backend_error = error
            return ""

    def perceive_context(self, context: dict, *, log_event=True, memorize=True) -> list[dict]:
        if not self.remembers:
            # a bounded view's context is self-contained: the model is sent it alone
            self._messages.clear()
        perspective = super().perceive_context(context, log_event=log_event, memorize=memorize)
        self.prompts.measure(perspective)
        return perspective

    def perceive_response(self, response: str, *, log_event=True, memorize=True, metadata=None) -> list[dict]:
        # a model's thinking is never echoed back (replies): in the full view its memory keeps the reply without it,
        # while the records keep the reply as sent
        perspective = super().perceive_response(response, log_event=log_event, memorize=False, metadata=metadata)
        if memorize:
            self._messages.append({"role": "assistant", "content": replies.without_thinking(response)[0]})
        return perspective

    def _custom_response(self, context: dict) -> str:
        return self._rng.choice(self._custom_responses)


class ReferencePlayer:
    """A seat the game master plays itself with a programmatic reference opponent (the `ta_<game>_vs_<reference>`
    variants). It reads only its own contexts, as a model would, and is not a clem player: the model under test is
    the episode's only player, and only its requests are counted."""

    def __init__(self, name: str, reference: str, salt: str, remembers: bool):
        self.name = name
        self.remembers = remembers
        self.reference = reference
        self._salt = salt
        self.model_name = f"reference: {reference}"
        # `random` is every game's random player; any other is the game's strong reference (`expert_name`).
        self._strategy = "random" if reference == "random" else "reference"
        self._messages: list[dict] = []

    def move(self, context: dict) -> str:
        if not self.remembers:
            self._messages.clear()
        self._messages.append(context)
        reply = ta_players.reply(self._strategy, self._messages, self._salt)
        self._messages.append({"role": "assistant", "content": reply})
        return reply


class TextArenaGameMaster(GameMaster):
    """Plays one TextArena env as a clem episode.

    Per model reply: log the context and reply, count the request, step the env; a move TextArena warns
    about or punishes (`set_invalid_move`) is a violated request. The next player is TextArena's
    `current_player_id`; a round ends when every seat has acted. The episode ends when TextArena says so
    or when the request cap is reached.

    Seats carry TextArena's names (Player 0, Player 1, ...) in contexts, records and scores. A spec with a
    `reference` seats the model at seat `game_id % seats` and reference opponents in the others; the game master
    plays their moves between the model's turns.
    """

    # Where reference seats can stall a game while the model's requests last (moves that change nothing, a turn
    # order that skips the model's seat), the episode also stops after this many times `max_requests` moves of all
    # seats: a request cap counted in moves, which the game's `_on_after_game` decides as it decides the request cap.
    MOVES_PER_REQUEST: int | None = None

    def __init__(self, game_spec: GameSpec, experiment: dict, player_models: list[Model]):
        super().__init__(game_spec, experiment, player_models)
        self.players: list[TextArenaPlayer] = []
        self.seats: list[TextArenaPlayer | ReferencePlayer] = []
        self.instance: dict = {}
        self.env = None
        self.view: str | None = None
        self._randomness: EpisodeRandomness | None = None
        self._context: dict | None = None
        self._acted_this_round: set[str] = set()
        # the round being played, from 0 as in clemcore's DialogueGameMaster: the branching runner's `is_round(n)`
        # condition reads it (clemcore 3.7.2 `clemgame/runners/branching.py:86-99`)
        self.current_round = -1
        self.request_count = 0
        self.move_count = 0  # of all seats, the reference seats' too
        self.max_requests: int | None = None
        self.cap_reason: str | None = None
        self.judge: TextArenaPlayer | None = None
        self._judge_calls: list[tuple[dict, str]] = []
        self._judge_calls_logged = 0
        self._logs_survive = False  # what setup() logs is lost: calls to the judge wait for before_game
        self._judge_error: Exception | None = None
        self.refusal: tuple[int, str] | None = None  # (seat, reason): a backend refused a prompt as too long
        self._kinds = reply_kinds(game_spec)
        self._stage_errors: dict[str, _EnvErrors] = {}

    def __deepcopy__(self, memo):
        """A copy plays on by itself but asks the same models: clemcore's branching runner (clemcore 3.7.2
        `clemgame/runners/branching.py:295-319`) deep-copies the GameMasterEnv before every step, and a model is a
        client (a hosted model's holds locks) or weights, never part of an episode's state. clemcore's own Player
        shares its `_model` so (`clemgame/player.py:53-66`); the models are entered into the copy's memo, so that
        every reference to them in the same copy shares them too: `player_models` here, and the GameMasterEnv's
        `options["player_models"]`, which it copies after its `game_master` (its `__init__` sets that first). What no
        episode changes is shared too, as the copy's time is the runner's per step: the spec, the experiment, the
        instance and the data the env only reads, which the process's episodes share already (`_read_only_data`)."""
        for shared in (*self.player_models, self.game_spec, self.experiment, self.instance, *self._read_only_data()):
            memo[id(shared)] = shared
        copied = object.__new__(type(self))
        memo[id(self)] = copied
        copied.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return copied

    def _read_only_data(self) -> list:
        """What the episode's env holds that is built once per process and only read: the word games' English
        dictionaries (`word_data_built_once`) and, for a `cache_env` spec, what the prototype env's constructor built
        (`make_env`). Copied, Hangman's 236,000 words alone took 60 ms per copy."""
        data = list(process_cache("english dictionaries").values())
        if getattr(self.game_spec, "cache_env", False) and self.instance:
            prototype = _prototype_env(self.instance["env_id"], json.dumps(self.instance["env_kwargs"], sort_keys=True))
            data.extend(vars(prototype).values())
        return data

    # --- clem GameMaster API ---

    def setup(self, **instance):
        reason = unavailable_reason(self.game_spec)
        if reason is not None:
            raise GameUnavailableError(reason)
        self._require(instance, SETUP_FIELDS)
        self.instance = instance
        self.view = view_of(self.game_spec, self.experiment)
        self.state.game_id = instance["game_id"]
        self._seat_players(instance)
        self._randomness = EpisodeRandomness(instance["seed"])
        with self._in_episode():
            with self._env_errors("make"):
                self.env = make_env(
                    self.game_spec, instance, self.ask_judge if self.judge is not None else None, self.view
                )
            with self._env_errors("reset"):
                self._on_before_reset()
                self.env.reset(num_players=len(self.seats), seed=instance["seed"])
        self.max_requests = self._request_cap()

    def _seat_players(self, instance: dict):
        reference = getattr(self.game_spec, "reference", None)
        num_seats = instance["num_players"]
        model_seats = [instance["game_id"] % num_seats] if reference else range(num_seats)
        models, player_specs = list(self.player_models), list(self.game_spec["player_specs"])
        if getattr(self.game_spec, "judge", False):
            # the LLM-judged games: the last clem player is the judge; the game master asks it when the env does
            judge_spec = player_specs.pop()
            self.judge = TextArenaPlayer(
                models.pop(),
                game_role=judge_spec["role"],
                custom_responses=judge_spec["custom_response"],
                seed=f"{instance['seed']}:judge",
                remembers=False,
            )
            self.judge.name = "Judge"
        # an experiment may have more seats than the spec's `players` (clemcore gives one model per player): the
        # models then take the seats in turn, and the extra seats answer the mock with the spec's last seat's moves
        models = itertools.cycle(models)
        for seat in range(num_seats):
            name = f"Player {seat}"
            if seat in model_seats:
                player_spec = player_specs[min(seat, len(player_specs) - 1)]
                role = player_spec["role"] if seat < len(player_specs) else name
                player = TextArenaPlayer(
                    next(models),
                    game_role=role,
                    custom_responses=player_spec["custom_response"],
                    seed=f"{instance['seed']}:{seat}",
                    remembers=self.view == "full",
                )
                player.name = name
                self.players.append(player)
                self.seats.append(player)
            else:
                self.seats.append(
                    ReferencePlayer(name, reference, salt=f"{instance['seed']}:{seat}", remembers=self.view == "full")
                )

    def before_game(self):
        self.start()
        self.verify_instance()
        self.log_key(
            "textarena",
            {
                "env_id": self.instance["env_id"],
                "env_kwargs": self.instance["env_kwargs"],
                "seed": self.instance["seed"],
                "max_requests": self.max_requests,
                "view": self.view,
                "textarena version": TEXTARENA_VERSION,
            },
        )
        self.state.current_turn = 0
        self.current_round = 0
        for seat in self.seats:
            if isinstance(seat, ReferencePlayer):
                self.log_player(seat.name, seat.name, seat.model_name)
        self._logs_survive = True
        self._log_judge_calls()
        with self._in_episode():
            ended = self._next_turn()
        if ended:
            raise TextArenaEnvError(
                f"{self._episode_name()}: the reference opponents ended the game before the model's first move."
            )

    def get_players(self) -> list[Player]:
        # the judge is a clem player (its model's calls are recorded), though never on turn
        return [*self.players, self.judge] if self.judge is not None else list(self.players)

    def get_context_for(self, player: Player) -> dict | None:
        if player is self.current_player and self._context is not None:
            return dict(self._context)
        return None

    def step(self, response: str) -> tuple[bool, dict]:
        player = self.current_player
        refused = self._backend_refusal(player)
        self.log_gm_to_player(self._context, player)
        if refused is None:
            self.log_player_to_gm(response, player)
            kind = self.turn_kind()
        self.count_request()
        self.request_count += 1
        with self._in_episode():
            if refused is not None:
                self.count_request_violation()
                self.log_to_self("context limit", refused)
                self.refusal = (self.seats.index(player), refused)
                done = True
            else:
                done, invalid_move = self._move(player, self._read(response, kind))
                if invalid_move is not None:
                    self.count_request_violation()
                    self.log_to_self("invalid move", invalid_move)
            if not done and self.max_requests is not None and self.request_count >= self.max_requests:
                self.cap_reason = f"The episode reached its cap of {self.max_requests} requests."
                self.log_to_self("request cap", self.cap_reason)
                done = True
            if not done:
                done = self._next_turn()
                self.state.current_turn += 1
            if done:
                with self._env_errors("close"):
                    rewards, game_info = self.env.close()
                if self.judge is not None:
                    self.log_key("judge requests", len(self._judge_calls))
                self.log_key("prompts", {seat.name: seat.prompts.record() for seat in self.get_players()})
                self.log_key("ta rewards", to_jsonable(rewards))
                self.log_key("ta game info", to_jsonable(game_info))
                self._on_after_game(rewards)
                self.log_game_end()
        return done, {}

    def _backend_refusal(self, player: TextArenaPlayer) -> str | None:
        """Why the player's backend refused the prompt as too long (the model could not play: the episode ends as
        Aborted, recorded and scored), or None. Any other backend failure fails the episode with its error.json."""
        error, player.backend_error = player.backend_error, None
        if error is None:
            return None
        if not isinstance(error, ContextExceededError):
            raise BackendError(
                f"{self._episode_name()}: the backend of {player.name} ({player.model.name}) failed: "
                f"{type(error).__name__}: {error}; run the episode again."
            ) from error
        sizes = player.prompts
        tokens = f"{sizes.tokens[-1]:,} o200k_base tokens, " if sizes.tokens else ""
        return (
            f"The backend of {player.name} ({player.model.name}) refused the prompt as longer than the model's "
            f"context: {error.tokens_used:,} tokens with the reply for a context of {error.context_size:,} "
            f"({tokens}{sizes.chars[-1]:,} characters sent)."
        )

    @property
    def ta_env(self):
        """The TextArena env inside the clem view and the fixes' wrappers, for submasters that read it (some at every
        move: the view found it once, when the episode's env was made)."""
        return self.env.innermost

    # --- hooks for submasters ---

    def turn_kind(self) -> str:
        """The kind of reply the seat on turn is asked for (replies.KINDS): the spec's one kind; a game whose spec
        declares the kinds of its phases says here which phase the env is in."""
        kinds = self._kinds
        if len(kinds) > 1:
            raise NotImplementedError(
                f"{self.game_spec.game_name} declares the reply kinds {kinds}: its master must say which turn is which"
            )
        return kinds[0]

    def _on_before_reset(self):
        """The env is made but not yet reset, e.g. to make its draws deterministic."""

    def _on_before_game(self):
        """The game is set up and recorders listen: moves the game master makes, values worth logging."""

    @abc.abstractmethod
    def _on_after_game(self, rewards: dict | None):
        """The env is closed (rewards is None when the request cap ended the episode): log the outcome with
        `log_outcome` and everything the scorer needs."""

    def _aborts(self, reason: str) -> bool:
        """Whether a game ended by TextArena's invalid-move rule counts as Aborted. TextArena also uses that
        rule for some ordinary losses (a mine hit, an unknown word); submasters for those games say so."""
        return True

    # --- instance records ---

    def start(self):
        """Runs the before-game hook in the episode's randomness."""
        with self._in_episode(), self._env_errors("before_game"):
            self._on_before_game()

    def content(self) -> dict:
        """The concrete game this instance stands for: the spec's `content` keys of TextArena's game state."""
        game_state = self.env.state.game_state
        return {key: to_jsonable(game_state[key]) for key in getattr(self.game_spec, "content", [])}

    def record(self) -> dict:
        """What an instance records about the env at the start of play."""
        content = self.content()
        observations = {
            pid: [[sender, message, observation_type.name] for sender, message, observation_type in queue]
            for pid, queue in self.env.state.observations.items()
        }
        digest = hashlib.sha256(
            json.dumps(
                {"content": content, "observations": to_jsonable(observations)}, sort_keys=True, ensure_ascii=False
            ).encode("utf-8")
        ).hexdigest()
        return {"content": content, "fingerprint": digest}

    def unplayable_reason(self) -> str | None:
        """Why the game as set up leaves the player nothing to do (already won, lost or unwinnable before the
        first move), or None. The instance generator never emits such an instance; submasters add the checks
        their game needs."""
        if self.env.state.done:
            return "the game is over before the player's first move"
        return None

    def _episode_name(self, instance: dict | None = None) -> str:
        """The episode as error messages name it: game, experiment and instance."""
        game_id = (self.instance if instance is None else instance).get("game_id")
        return f"{self.game_spec.game_name}, experiment '{self.experiment['name']}', instance {game_id}"

    def _require(self, instance: dict, fields: tuple[str, ...]):
        missing = [field for field in fields if field not in instance]
        if missing:
            raise InvalidInstanceError(
                f"{self._episode_name(instance)}: the instance has no {', '.join(map(repr, missing))} (a hand-edited "
                f"or truncated instance file); {instance_file_advice(self.game_spec)}"
            )

    def verify_instance(self):
        self._require(self.instance, RECORD_FIELDS)
        recorded = {"content": self.instance.get("content"), "fingerprint": self.instance.get("fingerprint")}
        actual = self.record()
        where = self._episode_name()
        advice = (
            "The installed textarena/NLTK data differ from the ones the instance was made with "
            "(textarena==0.7.4 and the NLTK 'words' corpus); install those or regenerate with "
            "`python instancegenerator.py`."
        )
        for field, value in actual["content"].items():
            if recorded["content"] is None or recorded["content"].get(field) != value:
                expected = None if recorded["content"] is None else recorded["content"].get(field)
                raise InstanceMismatchError(
                    f"{where}: field 'content.{field}' is {json.dumps(expected)} in the "
                    f"instance but the env produced {json.dumps(value)}. {advice}"
                )
        if recorded["fingerprint"] != actual["fingerprint"]:
            raise InstanceMismatchError(
                f"{where}: field 'fingerprint' is {recorded['fingerprint']} in the "
                f"instance but the env's initial state hashes to "
                f"{actual['fingerprint']}. {advice}"
            )

    # --- outcome ---

    def log_outcome(self, outcome: str, reason: str):
        """Logs exactly one of Success/Lose/Aborted as 1 and sets the clem game state."""
        assert outcome in ("success", "lose", "aborted"), outcome
        self.log_key("Success", int(outcome == "success"))
        self.log_key("Lose", int(outcome == "lose"))
        self.log_key("Aborted", int(outcome == "aborted"))
        self.log_key("end reason", reason)
        {"success": self.state.succeed, "lose": self.state.failed, "aborted": self.state.abort}[outcome]()

    def end_reason(self) -> str:
        if self.refusal is not None:
            return self.refusal[1]
        if self.cap_reason is not None:
            return self.cap_reason
        reasons = [info.get("reason") for info in self.env.state.game_info.values() if info.get("reason")]
        return str(reasons[0]) if reasons else ""

    def ended_by_violation(self) -> bool:
        """The game ended through TextArena's invalid-move rule and that counts as Aborted for this game."""
        if self.refusal is not None:
            return True
        if self.cap_reason is not None:
            return False
        return any(info.get("invalid_move") for info in self.env.state.game_info.values()) and self._aborts(
            self.end_reason()
        )

    # --- internals ---

    def _request_cap(self) -> int | None:
        """TextArena's own turn limit bounds an episode (every valid move counts, two invalid moves in a row
        end it); envs without one need the spec's `max_requests`, or a player could stall forever."""
        cap = getattr(self.game_spec, "max_requests", None)
        if cap is None and getattr(self.env.state, "max_turns", None) is None:
            raise SpecError(
                f"{self.game_spec.game_name}: the env {self.instance['env_id']} has no turn "
                f"limit, so its spec needs `max_requests`."
            )
        return cap

    def ask_judge(self, prompt: str, system_prompt: str = "") -> str:
        """The judge's answer to one of TextArena's prompts, asked in a fresh context (the prompts carry the
        history they need) outside the episode's randomness. Each call is logged as the judge's turn, apart from
        the model's requests; calls made while the game is set up (Debate's first vote) are logged when it starts."""
        context = {"role": "user", "content": f"{system_prompt}\n\n{prompt}" if system_prompt else prompt}
        try:
            with self._randomness.suspended():
                reply = self.judge(context, memorize=False)
            failure, self.judge.backend_error = self.judge.backend_error, None
            if failure is not None:
                raise failure
        except Exception as error:
            self._judge_error = JudgeError(
                f"{self._episode_name()}: the judge ({self.judge.model.name}) failed: "
                f"{type(error).__name__}: {error}"
            )
            raise self._judge_error from error
        self._judge_calls.append((context, reply))
        if self._logs_survive:
            self._log_judge_calls()
        # a judging model's thinking is no more part of its answer than a player's (replies.py); the records keep it
        return replies.without_thinking(reply)[0]

    def _log_judge_calls(self):
        for context, reply in self._judge_calls[self._judge_calls_logged :]:
            self.log_gm_to_player(context, self.judge)
            self.log_player_to_gm(reply, self.judge)
        self._judge_calls_logged = len(self._judge_calls)

    def _read(self, reply: str, kind: str) -> str:
        """The action a seat's reply stands for (the reply contract, `replies`); what the game read is recorded
        beside the reply where it is not the reply as sent."""
        if kind not in self._kinds:
            raise ValueError(f"{self.game_spec.game_name}: a {kind} turn, which its spec's `reply` does not declare")
        reading = replies.read(reply, kind)
        if reading.note is not None:
            self.log_to_self("reply read", reading.note)
        return reading.action

    def _move(self, seat, move: str) -> tuple[bool, str | None]:
        """Steps the env with a seat's move: whether the game is over (by the game, or at the cap on all seats'
        moves), and the first invalid-move reason TextArena gave, if any."""
        self._acted_this_round.add(seat.name)
        invalid_moves = self.env.state.clem_invalid_moves
        invalid_moves.clear()
        with self._env_errors("step"):
            done, _ = self.env.step(move)
        self.move_count += 1
        if not done and self.MOVES_PER_REQUEST is not None and self.cap_reason is None:
            cap = self.MOVES_PER_REQUEST * self.max_requests
            if self.move_count >= cap:
                self.cap_reason = (
                    f"The episode reached its cap of {cap} moves of "
                    f"{'both seats' if len(self.seats) == 2 else 'all seats'}."
                )
                self.log_to_self("request cap", self.cap_reason)
                done = True
        return done, invalid_moves[0] if invalid_moves else None

    def _next_turn(self) -> bool:
        """Plays the reference seats until a model's turn comes, whose context it takes once (get_context_for
        stays pure). Returns whether the game ended meanwhile. A round ends when every seat still in the game has
        acted; the next one starts with a model's turn, so that every round holds a request."""
        for reference_moves in itertools.count():
            seat = self.seats[self.env.state.current_player_id]
            with self._env_errors("get_observation"):
                _, context = self.env.get_observation()
            # ReferencePlayer is a plain class: an isinstance check of clemcore's Player, an ABC, costs more
            if not isinstance(seat, ReferencePlayer):
                if self._round_over():
                    self._acted_this_round.clear()
                    self.log_next_round()
                    self.current_round += 1
                self._current_player = seat
                self._context = context
                return False
            if reference_moves == REFERENCE_MOVES_IN_A_ROW:
                # a stalled game would otherwise hang the run: the episode fails instead
                raise TextArenaEnvError(
                    f"{self._episode_name()}: the reference opponents made {REFERENCE_MOVES_IN_A_ROW} moves in a row "
                    f"and TextArena {self.instance.get('env_id')} never gave the model its turn: a stalled game."
                )
            reply = seat.move(context)
            self.log_player_to_gm(reply, seat)
            done, reason = self._move(seat, self._read(reply, self.turn_kind()))
            if reason is not None and self._aborts(reason):
                raise ReferencePlayerError(
                    f"{self._episode_name()}: the {seat.reference} reference at {seat.name} made an invalid move "
                    f"({reason}); this is a defect of the programmatic player, not the model's fault."
                )
            if done:
                return True

    def _round_over(self) -> bool:
        acted = self._acted_this_round
        if len(acted) == len(self.seats):
            return True
        # seats TextArena has eliminated (FFA games of more than two seats play on without them) act no more
        alive = getattr(self.env.state, "is_player_alive", None)
        return alive is not None and all(seat.name in acted for pid, seat in enumerate(self.seats) if alive(pid))

    def _in_episode(self) -> "_InEpisode":
        """The episode's randomness, entered once per game master call: a request with reference seats makes two
        env calls per seat, and each entry rebinds about 70 names. The reference players and the hooks run inside it
        too: they draw only from their own generators, and what they would draw from the module functions is the
        episode's, as reproducible as the env's draws.

        Some TextArena 0.7.4 envs print debug lines (RushHour, WordSearch, SettlersOfCatan); stdout belongs to
        clem and its users, so whatever env code prints is dropped.
        """
        return _InEpisode(self._randomness)

    def _env_errors(self, stage: str) -> "_EnvErrors":
        """Names the episode in any TextArena error raised by env code (run inside `_in_episode`); one per stage,
        made once (a request with reference seats makes two env calls per seat)."""
        errors = self._stage_errors.get(stage)
        if errors is None:
            errors = self._stage_errors[stage] = _EnvErrors(self, stage)
        return errors


class _Dropped(io.TextIOBase):
    """Where what env code prints goes: nowhere."""

    def write(self, text: str) -> int:
        return len(text)


DROPPED = _Dropped()


class _InEpisode:
    """`TextArenaGameMaster._in_episode`: a class rather than a generator context manager with
    `contextlib.redirect_stdout` because it is entered at every request."""

    __slots__ = ("randomness", "stdout")

    def __init__(self, randomness: EpisodeRandomness):
        self.randomness = randomness

    def __enter__(self):
        self.randomness.__enter__()
        self.stdout, sys.stdout = sys.stdout, DROPPED

    def __exit__(self, error_type, error, traceback):
        sys.stdout = self.stdout
        return self.randomness.__exit__(error_type, error, traceback)


class _EnvErrors:
    """`TextArenaGameMaster._env_errors`: a class rather than a generator context manager because a request with
    reference seats makes two env calls per seat, and this costs a third as much per call."""

    __slots__ = ("game_master", "stage")

    def __init__(self, game_master: TextArenaGameMaster, stage: str):
        self.game_master = game_master
        self.stage = stage

    def __enter__(self):
        return self

    def __exit__(self, error_type, error, traceback):
        game_master = self.game_master
        if error_type is None:
            if game_master._judge_error is not None:
                # TextArena's jury drops a juror's exception as a missing vote: the episode fails on it all the same
                raise game_master._judge_error
            return False
        if not issubclass(error_type, Exception) or issubclass(
            error_type, (GameUnavailableError, InstanceMismatchError, JudgeError)
        ):
            return False
        raise TextArenaEnvError(
            f"{game_master._episode_name()}: TextArena {game_master.instance.get('env_id')} failed in {self.stage}: "
            f"{error_type.__name__}: {error}"
        ) from error
