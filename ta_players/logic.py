"""Players for sliding and logic puzzles: RushHour, Sokoban, Slitherlink, LogicPuzzle, Crosswords."""

GAMES = []
