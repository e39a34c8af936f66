"""Repairs of the economic games: TwoDollar, ScorableGames (docs/games/economics.md)."""
from pathlib import Path

import textarena as ta


class TwoDollarFixes:
    """TextArena 0.7.4's TwoDollar draws the two secret roles with `random.sample` over its role files in `os.listdir`
    order (TwoDollar/env.py:66, :130), which depends on the file system: the roles are sorted by name, so that a seed
    draws the same roles on every machine."""

    def _load_available_roles(self):
        return dict(sorted(super()._load_available_roles().items()))


# --- ScorableGames (issue 22) ---------------------------------------------------------------------------------------

SCORABLE_GAMES_DATA = Path(__file__).parent / "data" / "scorable_games"


class ScorableGamesFixes:
    """TextArena 0.7.4's ScorableGames (ScorableGames/env.py) as this project plays it.

    - Its scenarios (`games_descriptions/<game_config>/`, env.py:50) are not in the 0.7.4 wheel: `reset` raises
      FileNotFoundError (env.py:107-108). The scenarios are read from `fixes/data/scorable_games/<game_config>/`,
      written for this project in TextArena's formats (global text parsed at env.py:125-161, `config.txt` at
      :163-187, score files at :215-245, briefs with `#A1_NUM`/`#A_MAX_NUM` placeholders at :325-345); a
      `game_config` without a folder there raises the same FileNotFoundError, naming the folder.
    - Without a deal TextArena rewards each seat with its threshold integer (env.py:918-943: 55, 50, ... where every
      other outcome is +1, 0 or -1, so the no-deal seats look like winners): no deal is a draw, 0 for every seat;
      the points each seat then keeps (its threshold) are its payoff, which the game master reads.
    - `[Accept]`/`[Reject]` with no proposal on the table pass the validity check (env.py:465-468), then
      `_process_vote` registers an invalid move (:612-614) while `step` still passes the turn on (:437, :453):
      the seat is told to resubmit but has lost its turn. Such a vote is an invalid move (the seat tries again),
      with a reason that says so.
    - TextArena's invalid-move reasons give `[Propose] A1 B2 C3 D1 E4` as the format whatever the issues
      (env.py:653, :655): the example names the scenario's own issues.
    - After a seat's 4th invalid move in a row TextArena takes a default action for it (`invalid_move_default`,
      env.py:660-664, :670-728: an `[Accept]`, or its best package proposed) and the game goes on with the seat
      marked as an invalid-move loser (state.py:291). Here, as everywhere in this project, that ends the game: the
      seat broke the format, loses (-1), the others draw (0), and no deal is made (so `-conservative`, which differs
      only by that default, plays as the base game).
    - The prompt, sent once, says "Currently, it is Round 1 of 120" for the whole game (env.py:266), and its
      "rounds" are turns: the game ends after `max_rounds` actions of all seats together (env.py:447). The prompt
      says so, and every observation of the seat on turn ends with the current turn. It also says that making a
      proposal does not count as accepting it (env.py:577-579 clears the votes; the proposer's acceptance is its
      `[Accept]`, or the same package proposed again, :546-549).
    - An accepted deal sets no reason (env.py:821-916): the seats' reasons name the deal and what each seat scored.
    - TextArena announces a seat's words (the text before its action) as the game's own message (env.py:517, :619),
      so the bounded views' clip of a seat's words does not reach them: the words are clipped to their last
      `WORDS_CLIP` characters, as the views clip every seat's reply elsewhere (clem_observation_wrapper.CLIP_CHARS).
    """

    WORDS_CLIP = 1000
    ACTIONS = ("[Propose]", "[Accept]", "[Reject]")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game_dir = str(SCORABLE_GAMES_DATA / self.game_config)

    def step(self, action):
        found = [index for index in (action.find(token) for token in self.ACTIONS) if index >= 0]
        if found and min(found) > self.WORDS_CLIP:
            action = "…" + action[min(found) - self.WORDS_CLIP:]
        return super().step(action)

    def _is_valid_action(self, action):
        if ("[Accept]" in action or "[Reject]" in action) and "[Propose]" not in action and not self.current_deal:
            return False
        return super()._is_valid_action(action)

    def _format_example(self) -> str:
        return "[Propose] " + " ".join(f"{issue}1" for issue in sorted(self.issues))

    def _handle_invalid_action(self, player_id, action):
        example = self._format_example()
        if "[Propose]" in action:
            reason = (f"Invalid proposal. Use {example}: exactly one option of every issue ("
                      f"{', '.join(sorted(self.issues))}), on the line of [Propose].")
        elif "[Accept]" in action or "[Reject]" in action:
            reason = f"There is no proposal on the table to accept or reject yet: make one, e.g. {example}."
        else:
            reason = f"Invalid action. Use {example} (one option of every issue), [Accept] or [Reject]."
        if self.state.set_invalid_move(reason):
            self._apply_default_action(player_id)
            return True
        return False

    def _apply_default_action(self, player_id):
        state, name = self.state, self.player_configs[player_id]["agent_name"]
        reason = (f"{name} (Player {player_id}) made {self.error_allowance + 1} invalid moves in a row; the game ends "
                  f"there without a deal.")
        state.rewards = {pid: -1 if pid == player_id else 0 for pid in range(state.num_players)}
        for pid in range(state.num_players):
            state.game_info[pid]["reason"] = reason
        state.add_observation(message=reason, observation_type=ta.ObservationType.GAME_ADMIN)
        state.done = True

    def _end_game(self):
        if self.state.done:  # a seat's violation ended the game in this step already
            return
        super()._end_game()
        if "score" in self.state.game_info[0]:
            deal = " ".join(option for _, option in sorted(self.current_deal.items()))
            for pid, info in self.state.game_info.items():
                threshold = self.player_scores[pid]["threshold"]
                info["reason"] = (f"Deal accepted: {deal}; {self.player_configs[pid]['agent_name']} scored "
                                  f"{info['score']} points against its minimum of {threshold}.")

    def _handle_no_deal(self):
        super()._handle_no_deal()
        self.state.rewards = {pid: 0 for pid in range(self.state.num_players)}
        for pid in range(self.state.num_players):
            self.state.game_info[pid]["reason"] = (f"No deal after {self.max_rounds} turns: each party keeps its "
                                                   f"minimum acceptable score.")

    def _generate_player_prompt(self, player_id, game_state):
        prompt = super()._generate_player_prompt(player_id, game_state)
        turns, seats = self.max_rounds, self.state.num_players
        prompt = prompt.replace(
            f"- This is a {seats}-player negotiation game with {turns} rounds maximum.\n"
            f"- Currently, it is Round {self.state.turn + 1} of {turns}.",
            f"- This is a {seats}-player negotiation game of at most {turns} turns in all: the parties act in turn, "
            f"one action per turn (about {turns // seats} turns each). The current turn is shown at the end of "
            f"every message you get.")
        prompt = prompt.replace("- The game ends when a deal is accepted or max rounds reached.",
                                "- The game ends when a deal is accepted or after the last turn.")
        prompt = prompt.replace("If no deal is reached after max rounds,", "If no deal is reached by the last turn,")
        return prompt.replace(
            "VOTING RULES:\n",
            "VOTING RULES:\n- Votes are on the proposal on the table (the latest one); a new proposal clears them. "
            "Making a proposal does not count as accepting it: accept it on your next turn ([Accept]) or propose "
            "the same package again.\n")

    def get_observation(self):
        player_id, observation = super().get_observation()
        turn, turns = self.state.turn + 1, self.max_rounds
        observation.append((ta.GAME_ID, f"Turn {turn} of {turns}: without an accepted deal the game ends after "
                                         f"turn {turns}.", ta.ObservationType.GAME_BOARD))
        return player_id, observation
