"""How well a spec's Main Score tells strong play from random play, beyond the noise of its instances.

Both players play the same shipped instances (the same content, the same seat), so their episode scores are
compared pair by pair. An aborted episode counts 0, as it does in clem's score (quality x % played).

- `difference`: the strong player's mean minus the random player's, with its 95% confidence interval: BCa
  bootstrap over the instances' paired differences (scipy). When every pair differs by the same amount the bootstrap
  has nothing to resample: the exact sign test (p < 0.05, two-sided) decides whether that many pairs are sure.
- `needed(gap)`: how many instances a spec needs for a gap of `gap` points between two models to come out
  significant (95%, two-sided) four times in five (80% power), for models whose scores spread as the two players'
  do on this spec: n = ((z_0.975 + z_0.8) x sd / gap)^2, sd the spread of a paired difference,
  sqrt(sd_strong^2 + sd_random^2); at least the 6 pairs a sign test needs.
"""

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

CONFIDENCE = 0.95
POWER = 0.8
# The share of the strong player's measured gap over random play that a spec's instances must still resolve (the
# power rule, scripts/power.py): a model shows less of a gap than a programmatic expert does.
MARGIN = 0.75
# Issue 44: a pass's prompt tokens with the random player's play, which the instance counts stay within.
BUDGET = 150_000_000
# The fewest pairs whose signs can all agree at p < 0.05 (two-sided sign test): below this no gap is significant.
FEWEST = next(n for n in range(1, 100) if stats.binomtest(n, n).pvalue < 1 - CONFIDENCE)


@dataclass(frozen=True)
class Separation:
    instances: int
    strong: float
    random: float
    difference: float
    low: float
    high: float
    spread: float

    @property
    def separates(self) -> bool:
        return self.low > 0

    def needed(self, gap: float) -> int | None:
        if math.isnan(self.spread):
            return None
        z = stats.norm.ppf(1 - (1 - CONFIDENCE) / 2) + stats.norm.ppf(POWER)
        return max(FEWEST, math.ceil((z * self.spread / gap) ** 2))


def episode_score(score: float | None) -> float:
    """An episode's contribution to clem's score: its Main Score, 0 when aborted (None or NaN)."""
    return 0.0 if score is None or math.isnan(score) else float(score)


def separation(strong: list[float | None], random: list[float | None]) -> Separation:
    """The separation of two players' episode scores on the same instances, in the same order."""
    if len(strong) != len(random) or not strong:
        raise ValueError(f"paired scores needed: {len(strong)} strong, {len(random)} random episodes")
    strong_scores = np.array([episode_score(score) for score in strong])
    random_scores = np.array([episode_score(score) for score in random])
    differences = strong_scores - random_scores
    mean = float(differences.mean())
    if np.ptp(differences) == 0:
        # every pair the same: certain when all are 0, else as sure as the sign test of that many pairs
        sure = mean == 0 or stats.binomtest(len(differences), len(differences)).pvalue < 1 - CONFIDENCE
        low, high = (mean, mean) if sure else (math.nan, math.nan)
    else:
        interval = stats.bootstrap(
            (differences,),
            np.mean,
            confidence_level=CONFIDENCE,
            n_resamples=9999,
            method="BCa",
            rng=np.random.default_rng(0),
        ).confidence_interval
        low, high = float(interval.low), float(interval.high)
    spread = math.hypot(strong_scores.std(ddof=1), random_scores.std(ddof=1)) if len(strong) > 1 else math.nan
    return Separation(len(strong), float(strong_scores.mean()), float(random_scores.mean()), mean, low, high, spread)


# A spec whose Main Score cannot show strength says why in its declaration (`cannot_separate`, the game's reason,
# not a weak player's; games/<family>.py); scoring self-play by completion alone is such a reason for every spec.
SELF_PLAY_COMPLETION = (
    "self-play: the model plays every seat, so each seat's win is its own loss; the score is the "
    "game played to its regular end, which any legal play reaches (the format breaker scores 0): "
    "strength shows in the `_vs_` variants"
)


def verdict(
    spec, result: Separation | None, self_play_completion: bool, episode_tokens: float | None = None
) -> tuple[str, str]:
    """("separates" | "does not yet" | "cannot", why) for a spec and its strong-vs-random separation (None: no
    strong player played it). `self_play_completion`: the spec scores self-play by its completion alone. The spec's
    `cannot_separate` and `no_strong_player` (clemgame.json, from its declaration) say why where the game does.
    `episode_tokens`, the random player's prompt tokens per episode, prices a count too costly to reach."""
    if result is not None and result.separates:
        return "separates", ""
    if getattr(spec, "cannot_separate", None):
        return "cannot", spec.cannot_separate
    if self_play_completion:
        return "cannot", SELF_PLAY_COMPLETION
    if result is None:
        return "does not yet", getattr(spec, "no_strong_player", None) or "no strong player yet"
    if result.difference <= 0:
        return "does not yet", "the strong player scores no more than random play"
    if math.isnan(result.low):
        return "does not yet", (
            f"{result.instances} instances, every pair {result.difference:+.0f}: fewer than the "
            f"{FEWEST} pairs a sign test needs to tell that from chance"
        )
    count = result.needed(MARGIN * result.difference)
    more = f", {(count - result.instances) * episode_tokens / 1e6:,.1f} M prompt tokens more" if episode_tokens else ""
    return "does not yet", (
        f"a count too costly: its gap of {result.difference:.0f} points needs about {count:,} instances to be "
        f"resolved with the margin of scripts/power.py, not {result.instances}{more}, beyond what a pass of "
        f"{BUDGET / 1e6:.0f} M prompt tokens leaves"
    )
