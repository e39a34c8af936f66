"""Repairs of the word contests between seats: LetterAuction, Codenames, Taboo (docs/games/word_contests.md)."""

import re

import textarena as ta

from fixes.common import Fixes


class LetterAuctionFixes:
    """TextArena 0.7.4 marks a rejected word as the empty word before its invalid-move warning, and ends the game once
    both seats have a word: the second seat to submit loses at its first wrong word, with no retry and no invalid
    move recorded (LetterAuction/env.py:285-291, :147). The mark is taken back, so that this seat gets the retry every
    other invalid move gets (and loses by TextArena's rule at a second one)."""

    def _calculate_word_value(self, player_id: int, word: str):
        super()._calculate_word_value(player_id, word)
        if self.player_states[player_id]["word"] == "":  # rejected: no word yet (a second rejection lost the game)
            self.player_states[player_id]["word"] = None


class LetterAuctionPurse:
    """TextArena 0.7.4's LetterAuction tells a seat its coins and letters in its prompt only ("Your current coins: 100",
    LetterAuction/env.py:91-93), never again, though every letter bought costs its buyer the bid (:241-245): a model
    read the starting purse as its current one. After every move the seat on turn is sent its coins and its letters
    with their prices, current, as its board (the state view shows the latest one, last); the prompt's lines are
    labelled as the starting ones by the spec's `relabel` (games/word_contests.py), which keeps the instances'
    fingerprints. Nothing is sent at reset, where the prompt's purse is the current one."""

    def step(self, action: str):
        done, info = super().step(action)
        if not done:
            player_id = self.state.current_player_id
            self.state.add_observation(
                to_id=player_id, message=self._purse(player_id), observation_type=ta.ObservationType.GAME_BOARD
            )
        return done, info

    def _purse(self, player_id: int) -> str:
        player = self.player_states[player_id]
        letters = ", ".join(
            f"{letter} (bought for {price})" for letter, price in zip(player["letters"], player["letter_values"])
        )
        purse = f"Your current coins: {player['coins']}\nYour current letters: {letters or 'none'}"
        return purse + ("\nA word's value is the sum of the coins paid for its letters." if letters else "")


CODENAMES_FORMATS = {
    "Spymaster": (re.compile(r"\[(\w+)\s+(\d+)\]"), "a clue and number in brackets, e.g. [wind 2]"),
    "Operative": (re.compile(r"\[(\w+)\]"), "a board word or pass in brackets, e.g. [breeze]"),
}


class CodenamesFixes:
    """TextArena 0.7.4's Codenames answers a reply without a bracketed clue or guess by skipping the team's turn and
    never registers an invalid move (Codenames/env.py:90-92, :108-110, :148-150), so a player that ignores the format
    only loses turns (and its partner's game). Here it is what it is in every other game: a warning and a retry, and
    the second in a row loses the game for the team."""

    def step(self, action: str):
        state = self.state
        player_id = state.current_player_id
        pattern, expected = CODENAMES_FORMATS["Spymaster" if player_id in (0, 2) else "Operative"]
        if pattern.search(action):
            return super().step(action)
        state.add_observation(
            from_id=player_id, to_id=player_id, message=action, observation_type=ta.ObservationType.PLAYER_ACTION
        )
        if state.set_invalid_move(reason=f"The reply is not {expected}."):
            state.set_winners(
                player_ids=[2, 3] if player_id < 2 else [0, 1],
                reason=f"Player {player_id} broke the format twice in a row.",
            )
        return state.step()


TABOO_QUOTED_GUESS = re.compile(r"\[\s*(['\"])(.*?)\1\s*\]")


class TabooFixes:
    """Two defects of TextArena 0.7.4's Taboo, put right in its `step`:
    - The Guesser's prompt shows a guess as `['elephant']` (Taboo/env.py:210) but the env compares the guess with its
      quotes kept (:382-385): a guess following the example can never be right. Quotes around a bracketed guess are
      dropped.
    - A second invalid move in a row (a Guesser without brackets, a Clue Giver saying a taboo word again) is recorded,
      but the Guesser is then asked again forever and the Clue Giver's team only loses its turn. The game ends there,
      lost for that seat's team, as the invalid-move rule does in other games.
    """

    def step(self, action: str):
        state = self.state
        player_id = state.current_player_id
        if state.role_mapping[player_id] == "Guesser":
            action = TABOO_QUOTED_GUESS.sub(lambda match: f"[{match.group(2)}]", action, count=1)
        done, info = super().step(action)
        if not done and state.game_info[player_id]["invalid_move"]:
            team = player_id // (state.num_players // 2)
            state.set_winners(
                player_ids=[pid for pid in range(state.num_players) if pid // (state.num_players // 2) != team],
                reason=f"Player {player_id} made a second invalid move in a row.",
            )
            done = True
        return done, info


# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.LetterAuction.env:LetterAuctionEnv": Fixes(env=(LetterAuctionFixes, LetterAuctionPurse)),
    "textarena.envs.Codenames.env:CodenamesEnv": Fixes(env=(CodenamesFixes,)),
    "textarena.envs.Taboo.env:TabooEnv": Fixes(env=(TabooFixes,)),
}
