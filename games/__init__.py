"""The per-game masters, one module per family of games; the generic masters are in `submasters.py`."""


def seats(count: int, custom_response: list[str]) -> list[dict]:
    """The `player_specs` of a game whose seats (Player 0, Player 1, ...) answer the mock model alike."""
    return [{"role": f"Player {seat}", "custom_response": list(custom_response)} for seat in range(count)]
