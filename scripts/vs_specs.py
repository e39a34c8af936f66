"""Writes the `ta_<game>_vs_<reference>` specs of clemgame.json from their base games: `python scripts/vs_specs.py`.

A base spec names its reference opponents in `references` (`random`, and the name of the game's strong programmatic
player, `expert_name` in ta_players). Each variant is the base spec with one clem player, the model under test (and
the judge, in the LLM-judged games), who plays the base game's instances from the seat `game_id % seats`; it has its own score and outcome lines
(`vs_score` in the base spec for games scored by their payoff) and, where the base spec says `vs_max_requests`, its
own request cap (a variant counts only the model's requests, the base game every seat's). Edit the base spec and rerun:
tests/test_contests.py fails when the variants are stale.
"""
import json
from pathlib import Path

SPECS = Path(__file__).resolve().parent.parent / "clemgame.json"

VS_SCORE = "the model's seat: 100 for a win, 50 for a draw, 0 for a loss"
VS_OUTCOME = "Success when the model won or drew; Lose when it lost; Aborted when it broke the rules."


def vs_spec(base: dict, reference: str) -> dict:
    spec = {key: value for key, value in base.items() if key not in ("references", "vs_score", "vs_max_requests")}
    if "vs_max_requests" in base:
        spec["max_requests"] = base["vs_max_requests"]
    spec.update(game_name=f"{base['game_name']}_vs_{reference}",
                description=f"{base['description']} The model plays one seat against the {reference} reference.",
                score=base.get("vs_score", VS_SCORE), outcome=VS_OUTCOME, players=2 if base.get("judge") else 1,
                base_game=base["game_name"], reference=reference)
    return spec


def with_vs_specs(specs: list[dict]) -> list[dict]:
    """The base specs in their order, each followed by its variants."""
    result = []
    for base in specs:
        if "reference" in base:
            continue
        result.append(base)
        result += [vs_spec(base, reference) for reference in base.get("references", [])]
    return result


def dump(specs: list[dict]) -> str:
    return json.dumps(specs, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    SPECS.write_text(dump(with_vs_specs(json.loads(SPECS.read_text(encoding="utf-8")))), encoding="utf-8")
