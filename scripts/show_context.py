"""Prints what a model is sent at one request of an episode: the whole message list its backend gets, with its size.

    python scripts/show_context.py ta_othello --turn 6 [--experiment default] [--instance 0] [--player ta-random]
    python scripts/show_context.py ta_poker_vs_random --turn 3 --all     (every request up to the 3rd)
    python scripts/show_context.py --docs [--check]     (renews, or checks, the examples in docs/games/*.md)

`--turn N` is the episode's N-th request to a model (counted over all of its seats; the reference opponents of a
`_vs_` spec answer in between without requests). The requests before it are answered by `--player`, a programmatic
player of this package (`ta-random`, `ta-expert`) or `mock` (the spec's mock replies), so the same arguments always
show the same context. Run it from anywhere; it plays through clemcore as `clem run` does.
"""

import argparse
import json
import logging
import os
import re
import shlex
import sys

from repository import REPO

# An example context in a family note: the marker names the arguments, the fenced block under it is their output.
DOC_EXAMPLE = re.compile(r"(<!-- show_context: (?P<args>[^>]*?) -->\n)```text\n.*?\n```", re.S)


def _episode(game: str, experiment: str | None, game_id: int | None, player: str):
    """(the GameMasterEnv, reset on the instance, and the instance's description) of one episode."""
    from clemcore.backends import load_model
    from clemcore.clemgame import GameBenchmark, GameRegistry
    from clemcore.clemgame.callbacks.base import GameBenchmarkCallbackList
    from clemcore.clemgame.envs.pettingzoo.master import GameMasterEnv

    specs = GameRegistry.from_directories_and_cwd_files().get_game_specs_that_unify_with(game, verbose=False)
    spec = specs[0]
    data = json.loads((REPO / "in" / f"{spec.instances}.json").read_text(encoding="utf-8"))
    experiments = {each["name"]: each for each in data["experiments"]}
    chosen = experiments.get(experiment or data["experiments"][0]["name"])
    if chosen is None:
        raise SystemExit(f"{game} has no experiment {experiment!r}; it has: {', '.join(experiments)}")
    instances = {each["game_id"]: each for each in chosen["game_instances"]}
    instance = instances.get(chosen["game_instances"][0]["game_id"] if game_id is None else game_id)
    if instance is None:
        raise SystemExit(
            f"{game}, experiment {chosen['name']!r} has no instance {game_id}; it has "
            f"{min(instances)}-{max(instances)}"
        )
    benchmark = GameBenchmark.load_from_spec(spec)
    model = load_model(player, gen_args=dict(temperature=0.0, max_tokens=300))
    env = GameMasterEnv(benchmark, callbacks=GameBenchmarkCallbackList([]))
    experiment_config = {key: value for key, value in chosen.items() if key != "game_instances"}
    env.reset(
        options={"player_models": [model] * spec.players, "experiment": experiment_config, "game_instance": instance}
    )
    return env, benchmark, f"{game}, experiment {chosen['name']!r}, instance {instance['game_id']}"


def sent_messages(
    game: str, turn: int, experiment: str | None = None, game_id: int | None = None, player: str = "ta-random"
) -> list[tuple[str, list[dict]]]:
    """(seat, the messages its model is sent) of the episode's requests 1..turn, or as many as the episode has."""
    env, benchmark, _ = _episode(game, experiment, game_id, player)
    requests = []
    try:
        for agent_id in env.agent_iter():
            context, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            seat = env.player_by_agent_id[agent_id]
            # what the seat's backend would be sent for this context (clem's Player builds it the same way)
            messages = seat.perceive_context(context, log_event=False, memorize=False)
            requests.append((seat.name, [dict(message) for message in messages]))
            if len(requests) == turn:
                break
            env.step(seat(context))
    finally:
        benchmark.close()
    return requests


def render(number: int, seat: str, messages: list[dict]) -> str:
    from runtime.tokens import PromptMeter  # what the game master logs as the prompt's size, measured the same way

    meter = PromptMeter()
    meter.measure(messages)
    size = f"{meter.chars[0]:,} characters" + (f", {meter.tokens[0]:,} o200k_base tokens" if meter.tokens else "")
    lines = [f"=== request {number}: {seat} is sent {len(messages)} message(s), {size} ==="]
    for message in messages:
        lines += [f"--- {message['role']} ---", message["content"]]
    return "\n".join(lines)


def show(args: argparse.Namespace) -> str:
    requests = sent_messages(args.game, args.turn, args.experiment, args.instance, args.player)
    if len(requests) < args.turn:
        print(f"the episode ended after {len(requests)} request(s); showing the last", file=sys.stderr)
    shown = list(enumerate(requests, 1)) if args.all else [(len(requests), requests[-1])]
    return "\n\n".join(render(number, seat, messages) for number, (seat, messages) in shown)


def renew_docs(parser: argparse.ArgumentParser, check: bool) -> list[str]:
    """Renews every example of docs/games/*.md from what the game sends now; with `check`, changes nothing and
    returns the notes whose examples differ."""
    stale = []
    for note in sorted((REPO / "docs" / "games").glob("*.md")):
        text = note.read_text(encoding="utf-8")
        renewed = DOC_EXAMPLE.sub(
            lambda found: f"{found.group(1)}```text\n"
            f"{show(parser.parse_args(shlex.split(found.group('args'))))}\n```",
            text,
        )
        if renewed != text:
            stale.append(str(note.relative_to(REPO)))
            if not check:
                note.write_text(renewed, encoding="utf-8")
    return stale


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", help="a spec of clemgame.json, e.g. ta_othello")
    parser.add_argument("--turn", type=int, default=1, help="the episode's request to show (1 = the first)")
    parser.add_argument("--experiment", help="the experiment (default: the instance file's first)")
    parser.add_argument("--instance", type=int, help="the instance's game_id (default: the experiment's first)")
    parser.add_argument("--player", default="ta-random", help="who answers the requests before (default ta-random)")
    parser.add_argument("--all", action="store_true", help="show every request up to --turn, not only the last")
    parser.add_argument("--docs", action="store_true", help="renew the example contexts of docs/games/*.md")
    parser.add_argument("--check", action="store_true", help="with --docs: only say which notes are out of date")
    args = parser.parse_args(argv)
    if args.turn < 1:
        parser.error("--turn counts from 1")
    if not args.docs and not args.game:
        parser.error("name a game, or renew the family notes' examples with --docs")
    logging.disable(logging.INFO)  # clemcore's INFO lines (on stdout, at a level it sets itself) would bury the context
    os.chdir(REPO)  # clem finds the games, the instances and the ta_players backend in the repository
    if args.docs:
        stale = renew_docs(parser, args.check)
        if stale and args.check:
            print(f"out of date (renew with `python scripts/show_context.py --docs`): {', '.join(stale)}")
            return 1
        return 0
    print(show(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
