"""The requests a pass is expected to make and their split into shards: what budget.py, shards.py and resume.py
share.

Requests per episode come from the validation runs (docs/validation.json, scripts/validate.py): per spec, player and
experiment, `requests` counts every model call of the experiment's episodes (each seat's and, in the LLM-judged games,
the judge's); an episode is expected to make its experiment's mean. Where the chosen player or view has no count, the
random player's count in the default view stands in (the same instances, played as long as the random player plays
them); a spec never validated gets the catalogue's mean per episode. Either way the caller is told which specs were
estimated.
"""

import heapq
import json
from pathlib import Path

from repository import REPO

VALIDATION = REPO / "docs" / "validation.json"
FALLBACK_PLAYER = "ta-random"
ESTIMATE = (
    f"{FALLBACK_PLAYER}'s requests in the default view stand in where the player's runs did not count "
    f"them (the same instances, played as long), the catalogue's mean per episode where no run did"
)

# one episode of a pass: (spec, experiment, game_id), where `clem run` records it (resume.instance_dir)
Episode = tuple[str, str, int]


def load_validation() -> dict:
    """docs/validation.json, with figures for the lite tier's samples (`with_samples`)."""
    return with_samples(json.loads(VALIDATION.read_text(encoding="utf-8")))


def with_samples(validation: dict, specs: Path = REPO / "clemgame.json", instances: Path = REPO / "in") -> dict:
    """The validation figures with an entry for each spec of clemgame.json that samples another (`sample_of`, the
    lite tier's, scripts/lite.py), which no run validates: per player and experiment its own episodes (its instance
    file's) at its full spec's means per episode (requests, summed prompt tokens; the largest prompt and episode are
    the full spec's, an upper bound). Its figures are its full spec's for the episodes it plays, which are the full
    spec's own."""
    samples = [spec for spec in json.loads(specs.read_text(encoding="utf-8")) if "sample_of" in spec]
    result = {**validation}
    for view in ("games", "full view"):
        if view not in validation:
            continue
        result[view] = games = {**validation[view]}
        for spec in samples:
            if spec["sample_of"] not in games:
                continue
            data = json.loads((instances / f"{spec['instances']}.json").read_text(encoding="utf-8"))
            counts = {experiment["name"]: len(experiment["game_instances"]) for experiment in data["experiments"]}
            games[spec["game_name"]] = {
                player: {name: scaled(cells[name], count) for name, count in counts.items() if name in cells}
                for player, cells in games[spec["sample_of"]].items()
            }
    return result


def scaled(cell: dict, episodes: int) -> dict:
    """A validation cell's counts for `episodes` of its episodes, at its means per episode."""
    share = episodes / cell["episodes"]
    tokens = cell.get("prompt tokens")
    return {
        "episodes": episodes,
        "requests": None if cell.get("requests") is None else cell["requests"] * share,
        "prompt tokens": None if tokens is None else {**tokens, "total": round(tokens["total"] * share)},
    }


def counted(validation: dict, game: str, player: str, view: str = "default") -> dict[str, float]:
    """{experiment: requests per episode} of the player's validation runs of the game; {} where none were counted."""
    games = validation["games"] if view == "default" else validation.get("full view", {})
    experiments = games.get(game, {}).get(player) or {}
    return {
        name: cell["requests"] / cell["episodes"]
        for name, cell in experiments.items()
        if cell.get("requests") is not None and cell.get("episodes")
    }


def catalogue_mean(validation: dict) -> float:
    """Requests per episode over every counted experiment of the fallback player."""
    cells = [
        cell
        for players in validation["games"].values()
        for cell in (players.get(FALLBACK_PLAYER) or {}).values()
        if cell.get("requests") is not None
    ]
    episodes = sum(cell["episodes"] for cell in cells)
    return sum(cell["requests"] for cell in cells) / episodes if episodes else 1.0


def expected_requests(
    episodes: list[Episode], validation: dict, player: str = FALLBACK_PLAYER, view: str = "default"
) -> tuple[dict[Episode, float], set[str]]:
    """The expected requests of each episode, and the specs whose figures are estimated (not counted for this player
    and view): an episode of an experiment the runs lack gets its spec's mean."""
    work, estimated, rates = {}, set(), {}
    for episode in episodes:
        game, experiment, _ = episode
        if game not in rates:  # {experiment: requests per episode} and the spec's mean, counted or estimated
            per_episode = counted(validation, game, player, view) or counted(validation, game, FALLBACK_PLAYER)
            mean = sum(per_episode.values()) / len(per_episode) if per_episode else catalogue_mean(validation)
            rates[game] = per_episode, mean
            if not counted(validation, game, player, view):
                estimated.add(game)
        per_episode, mean = rates[game]
        if experiment not in per_episode:
            estimated.add(game)
        work[episode] = per_episode.get(experiment, mean)
    return work, estimated


def split(work: dict[Episode, float], shards: int) -> list[tuple[float, list[Episode]]]:
    """The episodes of `work` in min(shards, episodes) shards of about equal expected requests: (requests, episodes)
    per shard, shard 0 first; none is empty.

    Longest processing time first: the heaviest episode first, each into the lightest shard so far (within 4/3 of
    the best split, and close to it when the episodes are many and small against a shard). Every process that
    plays a shard computes the split anew (resume.py --shard), so it depends on nothing but `work` and `shards`:
    episodes in a total order (requests, then spec, experiment and game_id), shards by (requests, episodes, index).
    The episode count breaks ties so that episodes expected to make no request are spread like the others."""
    shards = min(shards, len(work))
    members = [[] for _ in range(shards)]
    lightest = [(0.0, 0, index) for index in range(shards)]  # a heap: (requests, episodes, shard) of every shard
    for episode in sorted(work, key=lambda episode: (-work[episode], episode)):
        requests, count, index = heapq.heappop(lightest)
        members[index].append(episode)
        heapq.heappush(lightest, (requests + work[episode], count + 1, index))
    loads = {index: requests for requests, _, index in lightest}
    return [(loads[index], members[index]) for index in range(shards)]


def balance(work: dict[Episode, float], shards: list[tuple[float, list[Episode]]], processes: int) -> str:
    """How far the largest shard is from a perfect split: its requests against total / processes, and whether a
    single episode sets the time (one that alone exceeds total / processes cannot be split further)."""
    largest = max(requests for requests, _ in shards)
    ratio = largest / (sum(work.values()) / processes)
    heaviest = max(work, key=lambda episode: (work[episode], episode))
    limit = f": a single episode is the limit ({heaviest[0]} {heaviest[1]})" if largest == work[heaviest] else ""
    return f"its largest shard, {largest:,.0f} requests, {ratio:.2f}x total/{processes}{limit}"
