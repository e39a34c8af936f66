"""Masters of the card games and 2048: Blackjack, Set, UltimateTexasHoldem, Klondike, 2048 (docs/games/cards.md)."""

import metrics
from submasters import SinglePlayerMaster


class BlackjackMaster(SinglePlayerMaster):
    """Logs the hands won, lost and pushed. Success when the player won more hands than the dealer.

    TextArena 0.7.4 rewards the share of hands won and has no turn limit: every hit draws a card, so a hand
    ends after at most 20 hits (the spec's `max_requests` only satisfies the game master's rule and never binds).
    """

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        hands = {**game_state["results_summary"], "hands": game_state["num_hands"]}
        self.log_key("hands", hands)
        self.log_key("completion", self.completion())
        if self.ended_by_violation():
            outcome = "aborted"
        elif self.env.state.done and hands["win"] > hands["lose"]:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())


class SetMaster(SinglePlayerMaster):
    """Logs the Sets found in TextArena's 20 turns. Success when every turn found a Set. (A board shown without a
    Set and a card picked twice are TextArena 0.7.4 defects: fixes.cards.SetFixes.)"""

    TURNS = 20  # hard-coded in TextArena 0.7.4's SetEnv

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key("sets", {"found": game_state["score"], "turns": game_state["num_turns"], "of": self.TURNS})
        self.log_key("completion", game_state["score"] / self.TURNS)
        if self.ended_by_violation():
            outcome = "aborted"
        elif game_state["score"] == self.TURNS:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())


class UltimateTexasHoldemMaster(SinglePlayerMaster):
    """Plays the experiment's `max_turns` rounds and logs the chips. Success when the player completed every round
    with more chips than it started with. (That the game plays all `max_turns` rounds, says so and ends right after the
    last is fixes.cards.UltimateTexasHoldemFixes', whose `clem_rounds` is the experiment's `max_turns`.)
    """

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        chips = {
            "start": self.ta_env.start_chips,
            "final": game_state["chips"],
            "rounds": self.ta_env.clem_rounds,
            "rounds completed": self._rounds_completed(),
        }
        self.log_key("chips", chips)
        if self.ended_by_violation():
            outcome = "aborted"
        elif chips["rounds completed"] == chips["rounds"] and chips["final"] > chips["start"]:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())

    def _rounds_completed(self) -> int:
        game_state = self.env.state.game_state
        return game_state["current_round"] - (game_state["current_phase"] != "showdown")


class Game2048Master(SinglePlayerMaster):
    """Logs the largest tile and the target. Success when the target tile is reached.

    TextArena 0.7.4 rewards a full board with its completion, which reaches 1 (the reward of a win) when the score
    is high enough: a 2048 board can score 1 at target 4096. The outcome comes from the tiles instead.
    """

    def _on_after_game(self, rewards):
        board = self.env.state.game_state["board"]
        tiles = {"max": max(max(row) for row in board), "target": self.ta_env.target_tile}
        self.log_key("tiles", tiles)
        self.log_key("completion", self.completion())
        if self.ended_by_violation():
            outcome = "aborted"
        elif tiles["max"] >= tiles["target"]:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())


class KlondikeMaster(SinglePlayerMaster):
    """Logs the cards on the foundations. Success when all 52 are there. (The env is this project's own around
    TextArena 0.7.4's engine, envs/klondike.py: TextArena's env.py does not compile.)

    TextArena's reward is the number of cards on the foundations (52 for a win), not 1: the outcome comes from the
    game state. An instance must be winnable: a search knowing every card (envs.klondike.find_win) must find a win.
    """

    def _on_after_game(self, rewards):
        game_state = self.env.state.game_state
        self.log_key(
            "foundations",
            {
                "cards": self.ta_env.foundation_cards(),
                "of": 52,
                "turns": game_state["turn_count"],
                "max turns": self.ta_env.max_turns,
            },
        )
        self.log_key("completion", self.completion())
        if self.ended_by_violation():
            outcome = "aborted"
        elif game_state["game_won"]:
            outcome = "success"
        else:
            outcome = "lose"
        self.log_outcome(outcome, self.end_reason())

    def unplayable_reason(self) -> str | None:
        reason = super().unplayable_reason()
        if reason is not None:
            return reason
        from envs.klondike import find_win  # the stand-in's module, importable once the env is made

        won, positions, exhausted = find_win(self.ta_env.klondike)
        if won:
            return None
        return (
            f"no win found: a search knowing every card tried all {positions} positions its moves reach"
            if exhausted
            else f"no win found in {positions} positions of a search knowing every card"
        )


# The family's games, as clemgame.json declares them to clem: `python scripts/build_clemgame.py` writes
# clemgame.json from these (and the `_vs_` variants of those with `references`).
GAMES = [
    {
        "game_name": "ta_blackjack",
        "description": (
            "TextArena Blackjack: play 5 or 15 hands against the dealer, hitting or standing (infinite deck)."
        ),
        "entry_point": "textarena.envs.Blackjack.env:BlackjackEnv",
        "master": BlackjackMaster,
        "scorer": metrics.BlackjackScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [{"role": "Player", "custom_response": ["[Hit]", "[Stand]", "[Stand]", "I stand."]}],
        "content": ["player_hand", "dealer_hand"],
        "max_requests": 700,
        "score": "100 x (hands won + half the pushed hands) / hands dealt.",
        "outcome": "Success when the player won more hands than the dealer, Lose otherwise.",
    },
    {
        "game_name": "ta_set",
        "description": (
            "TextArena Set: find as many Sets (three cards, each attribute all same or all "
            "different) as possible in 20 turns."
        ),
        "entry_point": "textarena.envs.Set.env:SetEnv",
        "master": SetMaster,
        "scorer": metrics.SetScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[1, 2, 3]",
                    "[1, 5, 9]",
                    "[2, 6, 10]",
                    "[3, 7, 11]",
                    "[4, 8, 12]",
                    "I pick the first three cards.",
                ],
            },
        ],
        "content": ["board", "deck"],
        "score": "100 x Sets found / 20 turns (a board with a Set is shown on every turn).",
        "outcome": "Success when all 20 turns found a Set, Lose otherwise.",
    },
    {
        "game_name": "ta_ultimate_texas_holdem",
        "description": (
            "TextArena Ultimate Texas Hold'em: play 10 or 30 rounds of poker against the dealer, "
            "betting 4x, 2x or 1x or checking and folding (Python >= 3.12)."
        ),
        "entry_point": "textarena.envs.UltimateTexasHoldem.env:UltimateTexasHoldemEnv",
        "master": UltimateTexasHoldemMaster,
        "scorer": metrics.UltimateTexasHoldemScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[check]", "[check]", "[1x]", "[4x]", "[skip]", "[fold]", "I check."],
            },
        ],
        "experiments": {"10_rounds": {"max_turns": 10}, "30_rounds": {"max_turns": 30}},
        "content": ["player_hand", "dealer_hand", "community_cards"],
        "score": "50 + 50 x net chips won / 1000 starting chips, clipped to [0, 100].",
        "outcome": (
            "Success when the player completed every round with more chips than it started with, Lose otherwise."
        ),
        "relabel": [
            [" \\(\\$\\{self\\.ante_amount \\* \\d+\\}\\)", ""],
            ["Place \\$\\{self\\.ante_amount\\*(\\d)\\} PLAY bet", "Place a PLAY bet of \\1x the ante"],
            [
                "\\n\\n🎯 ROUND 0\\n💰 Chips: \\d+\\n🎴 Your hand: No cards yet\\n📊 Current bets: [^\\n]*\\n📋 Phase: PRE-ROUND\\n🎯 Available actions:[ \\t]*$",
                "",
            ],
        ],
    },
    {
        "game_name": "ta_klondike",
        "description": (
            "TextArena Klondike: solitaire, one card drawn at a time; move all 52 cards to the foundations "
            "within 200 turns (an env of this project's own around TextArena's engine, whose env.py does "
            "not compile)."
        ),
        "entry_point": "textarena.envs.Klondike.env:KlondikeEnv",
        "master": KlondikeMaster,
        "scorer": metrics.CompletionScorer,
        "n_instances": 10,
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": [
                    "[draw]",
                    "[draw, draw, draw]",
                    "[move W T1]",
                    "[move T7 F1]",
                    "[move T2 T3 all]",
                    "I draw a card.",
                ],
            },
        ],
        "content": ["deal"],
        "score": (
            "100 when won, else 100 x cards on the foundations / 52 (TextArena's reward is the cards on the "
            "foundations)."
        ),
        "outcome": "Success when all 52 cards are on the foundations; Lose at the 200-turn limit or on [forfeit].",
    },
    {
        "game_name": "ta_2048",
        "description": (
            "TextArena 2048: slide and merge tiles to reach a target tile (32 to 16384) on boards from 3x3 to 10x10."
        ),
        "entry_point": "textarena.envs.Game2048.env:Game2048Env",
        "master": Game2048Master,
        "scorer": metrics.Game2048Scorer,
        # counts and cap chosen from measured separation (scripts/plan_2048.py, docs/benchmark.md "Instance
        # counts"): where expert and random play both reach the target (targets up to 128) or fill the board alike
        # (5x5 to 10x10 at this cap), an experiment shows no gap its 10 shipped instances could resolve, and keeps
        # its first instance
        "n_instances": 6,
        "experiment_n_instances": {
            "ultra-easy": 1,
            "mega-easy": 1,
            "super-easy": 1,
            "5x5": 1,
            "6x6": 1,
            "8x8": 1,
            "10x10": 1,
        },
        "players": 1,
        "player_specs": [
            {
                "role": "Player",
                "custom_response": ["[Up]", "[Left]", "[Right]", "[Down]", "[Left]", "[Up]", "I slide the tiles up."],
            },
        ],
        "content": ["board"],
        "max_requests": 700,
        "score": (
            "100 x (log2 max tile - 1) / (log2 target - 1): progress on the doubling scale, 100 when the "
            "target is reached."
        ),
        "outcome": "Success when the target tile is reached, Lose when no move is left or at the 700-request cap.",
        "relabel": [
            ["^Score: (\\d+)$", "Points from merged tiles: \\1"],
            ["^Valid moves: (\\[Up\\], \\[Down\\], \\[Left\\], \\[Right\\])\\.", "Moves: \\1."],
        ],
    },
]
