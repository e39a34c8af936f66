"""The per-game masters, one module per family of games; the generic masters are in `submasters.py`."""
