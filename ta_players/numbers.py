"""Players for number and chance games: GuessTheNumber, Mastermind, Bandit, Secretary, ThreeCardMonte,
Countdown, Cryptarithm."""
import re

from ta_players.base import GamePlayers, Transcript


def answered_replies(transcript: Transcript):
    """(reply, the context that answered it) pairs: context i+1 is the game master's answer to reply i."""
    return zip(transcript.replies, transcript.contexts[1:])


class GuessTheNumber(GamePlayers):
    game = "ta_guess_the_number"
    recognizes = re.compile(r"You are playing Guess The Number")

    has_expert = True

    @staticmethod
    def candidates(transcript: Transcript) -> range:
        """The numbers consistent with the range and every higher/lower hint so far."""
        low, high = map(int, re.search(r"between (\d+) and (\d+)", transcript.prompt).groups())
        for reply, answer in answered_replies(transcript):
            guess = re.search(r"\[(\d+)\]", reply)
            hint = re.search(r"The target number is (higher|lower)", answer)
            if guess and hint:
                if hint.group(1) == "higher":
                    low = max(low, int(guess.group(1)) + 1)
                else:
                    high = min(high, int(guess.group(1)) - 1)
        return range(low, high + 1)

    def random_move(self, transcript, rng):
        """A number of the range not guessed before, ignoring the hints."""
        low, high = map(int, re.search(r"between (\d+) and (\d+)", transcript.prompt).groups())
        guessed = {int(number) for reply in transcript.replies for number in re.findall(r"\[(\d+)\]", reply)[:1]}
        return f"[{rng.choice([n for n in range(low, high + 1) if n not in guessed])}]"

    def expert_move(self, transcript):
        """Binary search: the middle of the numbers the hints leave."""
        candidates = self.candidates(transcript)
        return f"[{candidates[(len(candidates) - 1) // 2]}]"


GAMES = [GuessTheNumber()]
