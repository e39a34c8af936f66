"""Masters of the social games: Truth and Deception, Secret Mafia, Settlers of Catan, Character Conclave
(docs/games/social.md)."""

from textarena.envs.SecretMafia import env as mafia_env

import metrics
from games import seats
from runtime.randomness import EpisodeRandomness
from submasters import MultiPlayerMaster
from ta_master import ReferencePlayer, make_env


class TruthAndDeceptionMaster(MultiPlayerMaster):
    """Player 0 is the Deceiver, whose prompt marks which fact is true; Player 1, the Guesser, answers `[Fact 1]` or
    `[Fact 2]` after the conversation.

    TextArena 0.7.4 checks the guess with two separate searches (TruthAndDeception/env.py:75-76), so a reply naming
    both facts would always win: the guess is a move turn (`turn_kind`), of which the game hands it the last fact named
    alone (replies.py).
    """

    def turn_kind(self):
        # TextArena 0.7.4 reads the guess on the last turn only (TruthAndDeception/env.py:74)
        state = self.env.state
        return "move" if state.turn == state.max_turns - 1 else "talk"

    def _how(self, pid, violators):
        # the game's last turn is the guess, which decides it by the rules: TextArena's turn limit only times it
        how = super()._how(pid, violators)
        return "rules" if how == "turn limit" else how

    def secrets(self):
        game_state = self.env.state.game_state
        facts = [
            f"Fact {number}: {game_state[f'fact{number}']['fact']} "
            f"({'correct' if game_state[f'fact{number}']['is_correct'] else 'wrong'})"
            for number in (1, 2)
        ]
        return {0: facts, 1: []}


class SecretMafiaMaster(MultiPlayerMaster):
    """Roles are secret: each seat's prompt names its own role (and a Mafia member's teammates); the Mafia's night
    talk, the Doctor's choice and the Detective's findings reach only them. The episode ends when a seat is out for
    invalid moves (Aborted; fixes.social.SecretMafiaEndsAtTheFirstElimination)."""

    def turn_kind(self):
        # the day's discussion is talk; votes and the night's choices are moves (SecretMafia/env.py:150-156)
        return "talk" if self.ta_env.phase is mafia_env.Phase.DAY_DISCUSSION else "move"

    def secrets(self):
        return {
            pid: [f"You are Player {pid}.\nYour role: {role}"]
            for pid, role in self.env.state.game_state["player_roles"].items()
        }

    def teams(self):
        roles = self.env.state.game_state["player_roles"]
        mafia = {pid for pid, role in roles.items() if role == "Mafia"}
        return [mafia, set(roles) - mafia]

    def unplayable_reason(self):
        """A Villager at the model's seat of the `_vs_<reference>` variants (seat `game_id % seats`) acts first in
        the first day; if the references' Mafia kill it in the first night, the game plays out without it and the
        episode has no request. Such seeds are skipped: the first night is played on a copy with each reference
        (the Mafia, the Doctor and the Detective are references then, so the night does not depend on the model)."""
        reason = super().unplayable_reason()
        if reason is not None:
            return reason
        seat = self.instance["game_id"] % len(self.seats)
        if self.env.state.game_state["player_roles"][seat] != "Villager":
            return None
        for reference in getattr(self.game_spec, "references", []):
            # a fresh env from the seed, as setup makes it: this episode's env may have been played already
            env, randomness = (
                make_env(self.game_spec, self.instance, view=self.view),
                EpisodeRandomness(self.instance["seed"]),
            )
            players = [
                ReferencePlayer(
                    f"Player {pid}", reference, salt=f"{self.instance['seed']}:{pid}", remembers=self.view == "full"
                )
                for pid in range(len(self.seats))
            ]
            with randomness:
                env.reset(num_players=len(self.seats), seed=self.instance["seed"])
                while env.env.phase is not mafia_env.Phase.DAY_DISCUSSION and not env.state.done:
                    pid, context = env.get_observation()
                    env.step(players[pid].move(context))
            if seat not in env.state.game_state["alive_players"]:
                return f"the {reference} references kill the Villager at seat {seat} in the first night"
        return None


class SettlersOfCatanMaster(MultiPlayerMaster):
    """Four seats (Red, White, Blue, Orange); the game ends when a seat reaches 11 victory points, or when a seat is
    out for invalid moves (Aborted; fixes.common.EndAtTheFirstElimination).

    TextArena 0.7.4 rewards the victory-point rank on a scale from -1 to 1 (the second of four gets +1/3); here only
    the seats with the most points win, and the payoff of each seat is its victory points, which the scorer ranks.
    The env has no turn limit (its `max_turns` is never checked) and its turn order can skip seats
    (SettlersOfCatan/env.py:312-313 then :249-250), so besides the model's `max_requests` the episode also stops after
    four times as many moves of all seats.
    """

    MOVES_PER_REQUEST = 4

    def turn_kind(self):
        # the two seats of a trade talk; choosing an action and a partner are moves (SettlersOfCatan/env.py:201-203)
        return "talk" if self.env.state.game_state["turn_phase"] == "negotiation" else "move"

    def _on_after_game(self, rewards):
        if rewards is not None:
            best = max(rewards.values())
            rewards = {
                pid: 0 if len(set(rewards.values())) == 1 else 1 if reward == best else -1
                for pid, reward in rewards.items()
            }
        super()._on_after_game(rewards)

    def _how(self, pid, violators):
        # TextArena 0.7.4 gives the state max_turns=200 but never checks it: the game ends by victory points only
        how = super()._how(pid, violators)
        return "rules" if how == "turn limit" else how

    def payoffs(self):
        scores = self.ta_env.board.get_scores()
        return {
            pid: scores[self.ta_env.board.str_to_enum(self.ta_env.roles[pid])]["total"]
            for pid in range(len(self.seats))
        }

    def secrets(self):
        # `roles` is a class attribute that TextArena's state also gives the GAME sender (-1): seats only.
        board = self.ta_env.board
        hands = {pid: board.players[board.str_to_enum(self.ta_env.roles[pid])].hand for pid in range(len(self.seats))}
        return {
            pid: [
                "Your hand cards are:\n\t"
                + "\n\t".join(f"{terrain.name.lower()}: {count}" for terrain, count in hand.items())
            ]
            for pid, hand in hands.items()
        }


class CharacterConclaveMaster(MultiPlayerMaster):
    """Seats talk within their character budgets, then each votes, in secret, for another seat; the seats with the
    most votes win, the others lose, an all-tied vote is a draw (fixes.social.CharacterConclaveFixes). A seat
    eliminated by its second invalid vote loses and the episode is Aborted; the others still vote."""

    def turn_kind(self):
        return "talk" if self.env.state.game_state["phase"] == "discussion" else "move"

    def secrets(self):
        # a vote is confirmed to its voter only (CharacterConclave/env.py:50)
        votes = self.env.state.game_state["votes"]
        return {
            pid: [f"You have successfully voted for Player {votes[pid]}."] if votes.get(pid, -1) != -1 else []
            for pid in range(len(self.seats))
        }


# TextArena 0.7.4's prompts promise "a conversation for {max_turns} turns" (TruthAndDeception/env.py:54, :63), but
# the last of the turns is the Guesser's guess (:72-80): the conversation has one turn fewer, the Deceiver first. Said
# as it is for the `max_turns` of the three registrations (6, 12, 50): the prompt is rewritten by the view, so that
# the instances (whose fingerprints hash the prompts) stay as they are.
TRUTH_AND_DECEPTION_TURNS = [
    [
        rf"^You will have a conversation{other} for {turns} turns\.$",
        f"You will have a conversation{other} for {turns - 1} turns, one message each in turn, {first} first "
        f"({own} of them are yours).",
    ]
    for turns in (6, 12, 50)
    for other, first, own in (("", "you", turns // 2), (" with the other player", "the other player", turns // 2 - 1))
]


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_truth_and_deception",
        "reply": ["talk", "move"],
        "talk_reading": (
            "TextArena reads no action in a conversation turn and passes the whole reply to the other seat (the "
            "Guesser's last-turn guess is a move turn): dressed words change only what is heard; the heuristic Guesser "
            "ignores the Deceiver's words."
        ),
        "description": (
            "TextArena Truth and Deception (two players): the Deceiver (Player 0) knows which of "
            "two facts is true and talks the Guesser (Player 1) towards the wrong one; then the "
            "Guesser picks a fact."
        ),
        "entry_point": "textarena.envs.TruthAndDeception.env:TruthAndDeceptionEnv",
        "master": TruthAndDeceptionMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the Guesser made its guess (the game played to its end), 0 otherwise",
        "outcome": "Success when the Guesser made its guess; Aborted when a seat broke the format.",
        "n_instances": {"base": 1, "random": 10, "heuristic": 10},
        "players": 2,
        "view": "dialogue",
        "references": ["random", "heuristic"],
        "player_specs": [
            {
                "role": "Player 0",
                "custom_response": [
                    "I am quite sure Fact 1 is the true one.",
                    "Fact 2 is a common myth, believe me.",
                    "Think about it: Fact 1 makes more sense.",
                ],
            },
            {
                "role": "Player 1",
                "custom_response": ["Why do you think so?", "How sure are you?", "[Fact 1]", "[Fact 2]"],
            },
        ],
        "content": ["fact1", "fact2"],
        "relabel": TRUTH_AND_DECEPTION_TURNS,
    },
    {
        "game_name": "ta_secret_mafia",
        "reply": ["talk", "move"],
        "talk_reading": (
            "TextArena reads no vote in the day's discussion and passes the whole reply to every seat (votes and night "
            "choices are move turns): dressed words change what is heard; the fixed_rule references read the "
            "discussion for a Detective's claim and accusation."
        ),
        "description": (
            "TextArena Secret Mafia (ten players): two secret Mafia kill by night; the village (a "
            "Doctor, a Detective, six villagers) discusses and votes one player out each day until "
            "one side wins."
        ),
        "entry_point": "textarena.envs.SecretMafia.env:SecretMafiaEnv",
        "master": SecretMafiaMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when one side won by the rules, 0 otherwise",
        "outcome": (
            "Success when the Mafia or the village won; Lose at the request cap (250); Aborted when a "
            "seat broke the rules."
        ),
        # a variant raised to the count of measured power (scripts/power.py)
        "n_instances": {"base": 1, "random": 20, "fixed_rule": 260},
        "players": 10,
        "view": "dialogue",
        "references": ["random", "fixed_rule"],
        "player_specs": seats(
            10,
            [
                "I have nothing to add yet.",
                "I vote [0].",
                "[1]",
                "[2]",
                "[3]",
                "[4]",
                "[5]",
                "[6]",
                "[7]",
                "[8]",
                "[9]",
            ],
        ),
        "content": ["player_roles"],
        "max_requests": 250,
    },
    {
        "game_name": "ta_settlers_of_catan",
        "reply": ["talk", "move"],
        "talk_reading": (
            "In the trade talk TextArena takes [done] anywhere first (the talk ends), then [accept] or [deny] of an "
            "offer to the seat, then the first [Offer: ...], and passes the whole reply to the partner: a move named "
            "while reasoning is taken; greedy reads the announced offers."
        ),
        "description": (
            "TextArena Settlers of Catan (four players, fixed beginner board, no robber or "
            "development cards): roll, trade one to one with another player, build roads, "
            "settlements and cities; the first to 11 victory points ends the game."
        ),
        "entry_point": "textarena.envs.SettlersOfCatan.env:SettlersOfCatanEnv",
        "master": SettlersOfCatanMaster,
        "scorer": metrics.SettlersOfCatanScorer,
        "score": "100 when a player reached 11 victory points (the game played to its end), 0 otherwise",
        "vs_score": (
            "the model's rank by victory points: 100 for the most, 0 for the fewest, linear in between "
            "over the distinct scores (TextArena's reward); also at the cap"
        ),
        "outcome": (
            "Success when a player reached 11 victory points; Lose at the request cap (1000 requests, "
            "4000 moves of all seats); Aborted when a seat broke the rules."
        ),
        "n_instances": {"base": 1, "random": 4, "greedy": 4},
        "players": 4,
        "references": ["random", "greedy"],
        "player_specs": seats(
            4,
            [
                "[1]",
                "[2]",
                "[3]",
                "[done]",
                "[Offer: 1 Wood -> 1 Brick]",
                "[accept]",
                "Let me think.",
            ],
        ),
        "content": ["move_allowance"],
        "max_requests": 1000,
        # TextArena 0.7.4 joins two sentences of every board without a space (SettlersOfCatan/env.py:171-172)
        "relabel": [["as part of your action\\.You have", "as part of your action.\\nYou have"]],
    },
    {
        "game_name": "ta_character_conclave",
        "reply": ["talk", "move"],
        "talk_reading": (
            "TextArena reads no action in the discussion: the whole reply (cut at 1,000 characters) goes to every seat "
            "and is charged to the seat's character budget, so dressed words spend it; an empty reply ends the seat's "
            "discussion; random references vote whatever is said."
        ),
        "description": (
            "TextArena Character Conclave (three players; six in 6_seats): each player talks within a "
            "character budget (1,000; 5,000 in long, 10,000 in extreme), then votes in secret for the "
            "most impressive other player; the most votes win."
        ),
        "entry_point": "textarena.envs.CharacterConclave.env:CharacterConclaveEnv",
        "master": CharacterConclaveMaster,
        "scorer": metrics.CompetitiveScorer,
        "score": "100 when the vote was held (the game played to its end), 0 otherwise",
        "outcome": "Success when every seat voted; Aborted when a seat was eliminated by its second invalid vote.",
        "n_instances": {"base": 1, "random": 6},
        "players": 3,
        "textarena_seats": "3-15",
        "view": "dialogue",
        "view_window": 17000,
        "references": ["random"],
        "player_specs": [
            {
                "role": f"Player {seat}",
                "custom_response": [
                    "I bring calm judgement and a sense of humour to this conclave.",
                    "Let me tell you about the lighthouse keeper who taught me patience.",
                    "A good leader listens first; that is what I try to do.",
                    f"I vote [{(seat + 1) % 3}].",
                    f"[{(seat + 2) % 3}]",
                ],
            }
            for seat in range(3)
        ],
        "content": [],
        # the budgets of TextArena's three registrations, as env kwargs over CharacterConclave-v0-raw
        "experiments": {
            "default": {},
            "long": {"character_budget": 5000},
            "extreme": {"character_budget": 10000},
            "6_seats": {"seats": 6},
        },
        "max_requests": 80,
        "cannot_separate": {
            "random": (
                "the random references vote for a random other seat whatever is said: no message and no vote "
                "changes the model's chances (3 seats: a win 1 in 4, a draw 1 in 4)"
            ),
        },
    },
]
