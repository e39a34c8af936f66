"""Whole envs of this project's own, made in place of TextArena classes 0.7.4 cannot import (fixes.Fixes.stand_in)."""
