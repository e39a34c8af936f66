"""Players for number and chance games: GuessTheNumber, Mastermind, Bandit, Secretary, ThreeCardMonte,
Countdown, Cryptarithm."""

GAMES = []
