"""Plays the expert's replies dressed as chat models write them (ta_players.styles: reasoning that rejects a move
before the final one, a <think> block, markdown around the move) over every shipped instance of every spec with an
expert, beside its bare replies, and writes the comparison to docs/reply-styles.md.

    python scripts/reply_styles.py [spec ...]     (from the repository root, in the project's environment)

A spec's style scores as the bare replies when its mean Main Score (an aborted episode counting 0) is within 5 points
of theirs and it is Aborted in no episode the bare replies are not. In talk turns the words are the reply
(replies.py): dressed words are said to the other seats as written, and TextArena reads the actions inside them by the
game's rules, so a spec with talk turns may differ; the verdict then shows its declaration's `talk_reading`, which
says how. A spec that differs without one fails the run, and so does any context sent to any seat that shows what a
<think> block held (counted per style in the report).
"""

import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from repository import REPO
from validate import clem, expert_games  # scripts/ is on sys.path when a script of it runs

from instancegenerator import load_specs
from runtime.availability import unavailable_reason
from ta_players import styles

REPORT = REPO / "docs" / "reply-styles.md"
BARE = "ta-expert"
STYLES = ("ta-expert-reasoning", "ta-expert-thinking", "ta-expert-markdown")
WITHIN = 5.0


def episode_outcomes(results: Path, model: str) -> dict[str, dict[str, tuple[float, bool]]]:
    """{spec: {episode: (Main Score with an aborted episode as 0, aborted)}} of a scored results folder; a failed
    episode (error.json) counts as aborted."""
    outcomes = {}
    for instance_dir in sorted((results / model).glob("*/*/instance_*")):
        spec, episode = instance_dir.parts[-3], "/".join(instance_dir.parts[-2:])
        scores_file = instance_dir / "scores.json"
        if (instance_dir / "error.json").exists() or not scores_file.exists():
            outcomes.setdefault(spec, {})[episode] = (0.0, True)
            continue
        scores = json.loads(scores_file.read_text())["episode scores"]
        aborted = bool(scores["Aborted"])
        outcomes.setdefault(spec, {})[episode] = (0.0 if aborted else scores["Main Score"], aborted)
    return outcomes


def contexts_showing_thinking(results: Path) -> int:
    """How many of the contexts the game master sent any seat (a judge too) in the episodes recorded under `results`
    show what a <think> block held: none may (replies.py)."""
    return sum(
        styles.shows_thinking(event["action"]["content"])
        for path in results.rglob("interactions.json")
        for turn in json.loads(path.read_text(encoding="utf-8"))["turns"]
        for event in turn
        if event["from"] == "GM" and event["action"]["type"] == "send message"
    )


def mean_score(outcomes: dict[str, tuple[float, bool]]) -> float:
    return sum(score for score, _ in outcomes.values()) / len(outcomes)


def aborted_count(outcomes: dict[str, tuple[float, bool]]) -> int:
    return sum(aborted for _, aborted in outcomes.values())


def verdict(bare: dict, styled: list[dict]) -> str:
    """`identical` (every episode as the bare replies'), `same` (within WITHIN points, and Aborted nowhere the bare
    replies are not) or `differs`."""
    if all(outcomes == bare for outcomes in styled):
        return "identical"
    same = all(
        abs(mean_score(outcomes) - mean_score(bare)) <= WITHIN
        and not any(aborted and not bare[episode][1] for episode, (_, aborted) in outcomes.items())
        for outcomes in styled
    )
    return "same" if same else "differs"


def main(argv: list[str]) -> int:
    specs = {spec.game_name: spec for spec in load_specs() if not argv or spec.game_name in argv}
    playable = {name for name, spec in specs.items() if unavailable_reason(spec) is None}
    games = sorted(expert_games(specs.values()) & playable)
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:

        def play(model: str) -> tuple[dict, int]:
            print(f"{model}: {len(games)} specs", file=sys.stderr)
            results = Path(tmp) / model
            clem("run", "-g", *games, "-m", model, "-r", str(results))
            clem("score", "-r", str(results))
            return episode_outcomes(results, model), contexts_showing_thinking(results)

        played = dict(zip((BARE, *STYLES), pool.map(play, (BARE, *STYLES))))
    runs = {model: outcomes for model, (outcomes, _) in played.items()}
    thinking = {model: count for model, (_, count) in played.items()}
    rows, verdicts = [], {}
    for game in games:
        bare, styled = runs[BARE][game], [runs[style][game] for style in STYLES]
        found = verdicts[game] = verdict(bare, styled)
        # a spec with talk turns says in its declaration how TextArena reads their words (master.check_reply)
        cell = found if found != "differs" else getattr(specs[game], "talk_reading", None) or "DIFFERS"
        rows.append(
            f"| {game} | {len(bare)} | "
            + " | ".join(f"{mean_score(outcomes):.1f} ({aborted_count(outcomes)})" for outcomes in (bare, *styled))
            + f" | {cell} |"
        )
    failing = [
        game
        for game, found in verdicts.items()
        if found == "differs" and not getattr(specs[game], "talk_reading", None)
    ]
    identical = sum(found == "identical" for found in verdicts.values())
    same = sum(found == "same" for found in verdicts.values())
    think_counts = ", ".join(f"{style.removeprefix('ta-expert-')} {thinking[style]}" for style in STYLES)
    REPORT.write_text(
        "# The expert's replies in each reply style\n\n"
        "Written by `python scripts/reply_styles.py`: every shipped instance of every spec with an expert, played by "
        "the bare expert (`ta-expert`) and by its replies dressed as chat models write them (`ta-expert-reasoning`: "
        "reasoning that names another move in the format before the final one; `ta-expert-thinking`: a `<think>` "
        "block before the move; `ta-expert-markdown`: a sentence and markdown around the move). Each cell: the mean "
        "Main Score, an aborted episode counting 0, and the Aborted episodes in brackets. *identical*: every episode "
        "scores as the bare replies'; *same*: within 5 points, and Aborted nowhere the bare replies are not. A spec "
        "with talk turns that differs shows its declaration's `talk_reading`: how TextArena reads the words of a talk "
        "reply, which are said as written. A random reference draws from a seed of all it was shown, so any word of "
        "the model's that reaches it changes its draws. No context sent to any seat may show what a `<think>` block "
        "held: the contexts that do are counted per style.\n\n"
        f"{len(rows)} specs: {identical} identical, {same} same, {len(rows) - identical - same} differ"
        f" ({len(failing)} of them without talk turns); contexts showing a think block's content: {think_counts}.\n\n"
        "| spec | episodes | bare | reasoning | thinking | markdown | verdict |\n|---|---|---|---|---|---|---|\n"
        + "\n".join(rows)
        + "\n"
    )
    print(
        f"{len(rows)} specs, {identical} identical, {same} same; differing without talk turns: {failing}; contexts "
        f"showing a think block's content: {think_counts}"
    )
    return 1 if failing or any(thinking.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
