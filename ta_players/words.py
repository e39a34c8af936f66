"""Players for word games: Hangman, Wordle, WordLadder, WordSearch."""

GAMES = []
