"""Players for card games: Blackjack, UltimateTexasHoldem, Set."""

GAMES = []
