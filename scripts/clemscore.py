"""clem eval's clemscore, computed from the episodes themselves: the report sets a model's beside its references' on
the same episodes, and the lite tier's agreement figures rank the panel by it (scripts/report.py, scripts/lite.py)."""

import math

import numpy as np


def clemscore(specs: list[list[float | None]]) -> float:
    """The clemscore as clemcore 3.7.2's `clem eval` computes it (clemeval.py, save_clem_table), from each spec's
    episodes' Main Scores (None where the episode was aborted): per spec the % played and the mean Main Score of the
    episodes played, each rounded to 2 places as clem eval rounds them (pandas: numpy's rounding); their means over
    the specs (a spec with nothing played has no Main Score), rounded; % played / 100 x Main Score, rounded. NaN
    where nothing was played at all: clem eval shows no number."""
    played = [np.round(100 * np.mean([score is not None for score in scores]), 2) for scores in specs if scores]
    quality = [
        np.round(np.mean(kept), 2)
        for scores in specs
        # pandas' mean, which clem eval takes, leaves a NaN out
        if (kept := [score for score in scores if score is not None and not math.isnan(score)])
    ]
    if not played or not quality:
        return math.nan
    return float(np.round(np.round(np.mean(played), 2) / 100 * np.round(np.mean(quality), 2), 2))
