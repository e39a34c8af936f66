"""Games between seats, across games: the `_vs_<reference>` variants are generated from their base specs and name
a reference the programmatic players have; the model's seat alternates and only its requests count; references
never break the rules; no context gives away another seat's secrets; and specs that share an env play side by side
in one `clem run`."""

import json
import re

import build_clemgame
import pytest

import master
import submasters
import ta_players
from support import (
    GAMES,
    REFERENCE_GAMES,
    REPO,
    SPECS,
    assert_built,
    clem,
    copy_repo,
    play,
    seats_of,
    seats_per_experiment,
    spec_of,
    ta_player,
)

CONTEST_GAMES = [game for game in GAMES if game not in REFERENCE_GAMES and seats_of(spec_of(game)) > 1]


def test_clemgame_json_is_built_from_the_games_the_families_declare():
    assert_built(REPO / "clemgame.json")


def test_a_variant_is_its_base_game_with_one_seat_for_the_model():
    base = {
        "game_name": "ta_x",
        "description": "X.",
        "players": 2,
        "references": ["random", "expert"],
        "vs_score": "chips",
        "vs_max_requests": 50,
        "max_requests": 100,
        "entry_point": "m:C",
    }
    assert build_clemgame.with_vs_specs([base]) == [
        base,
        *[
            {
                "game_name": f"ta_x_vs_{reference}",
                "description": f"X. The model plays one seat against the {reference} reference.",
                "players": 1,
                "max_requests": 50,
                "entry_point": "m:C",
                "score": "chips",
                "outcome": build_clemgame.VS_OUTCOME,
                "base_game": "ta_x",
                "reference": reference,
            }
            for reference in ("random", "expert")
        ],
    ]


@pytest.mark.parametrize("game", [spec.game_name for spec in SPECS if getattr(spec, "reference", None)])
def test_every_reference_is_random_or_the_base_games_strong_player(game):
    spec = spec_of(game)
    assert game == f"{spec.base_game}_vs_{spec.reference}" and seats_of(spec) == 1
    if spec.reference != "random":
        players = ta_players.GAMES[spec.base_game]
        assert players.has_expert and players.expert_name == spec.reference


@pytest.mark.parametrize("game", CONTEST_GAMES)
def test_every_contest_game_has_a_random_reference_variant_and_seats_alternate_evenly(game):
    assert f"{game}_vs_random" in REFERENCE_GAMES
    # the model's seat turns with the game id: each variant plays every seat as often (self-play takes them all)
    for variant in (name for name in REFERENCE_GAMES if spec_of(name).base_game == game):
        played = json.loads((REPO / "in" / f"{spec_of(variant).instances}.json").read_text())["experiments"]
        seats = seats_per_experiment(game)
        assert all(len(exp["game_instances"]) % seats[exp["name"]] == 0 for exp in played), variant


@pytest.mark.parametrize("game_id", [0, 1, 2, 3])
def test_the_models_seat_alternates_with_the_game_id_and_only_its_requests_count(game_id):
    episode = play("ta_three_player_tic_tac_toe_vs_random", [ta_player("random")], game_id=game_id)
    seat = f"Player {game_id % 3}"
    assert {name for name, _ in episode.contexts} == {seat}
    assert episode.scores["Model Seat"] == game_id % 3
    assert episode.scores["Request Count"] == len(episode.contexts)
    models = {name: info["model_name"] for name, info in episode.interactions["players"].items() if name != "GM"}
    assert models == {f"Player {n}": "scripted0" if n == game_id % 3 else "reference: random" for n in range(3)}
    reference_moves = [
        event for turn in episode.interactions["turns"] for event in turn if event["from"] not in ("GM", seat)
    ]
    assert reference_moves and all(event["to"] == "GM" for event in reference_moves)
    # the Main Score is the model's result: 100 for a win, 50 for a draw, 0 for a loss
    result = episode.interactions["seats"][seat]["result"]
    assert episode.scores["Main Score"] == {"win": 100, "draw": 50, "loss": 0}[result]
    assert episode.scores[result.capitalize()] == 1


def test_a_reference_that_breaks_the_rules_fails_the_episode_as_a_defect_not_the_models_fault(monkeypatch):
    monkeypatch.setattr(ta_players, "reply", lambda strategy, messages, salt="": "no move")
    with pytest.raises(
        Exception, match=r"the random reference at Player 1 made an invalid move .* not the model's fault"
    ):
        play("ta_three_player_tic_tac_toe_vs_random", [lambda context: "[12]"], game_id=0)


def _hides_information(game: str) -> bool:
    return master.named_class(spec_of(game), "master").secrets is not submasters.MultiPlayerMaster.secrets


@pytest.mark.parametrize("game", [game for game in CONTEST_GAMES if _hides_information(game)])
def test_no_context_gives_away_another_seats_secrets(game):
    """A secret counts as given away when it stands in another seat's context and its line ends with it (a prefix is
    no leak: Liar's Dice's "Your current Dice are: 5" in "...: 5, 2, 3"), unless that seat was given the same text as
    its own secret at some turn: the bounded views repeat a seat's earlier rounds (Kuhn Poker's "Your card is: 'K'"
    from round 1), and cards and dice repeat between rounds."""
    leaks, turns = [], []
    ever_own: dict[str, set] = {}

    def check(game_master, name, context):
        turns.append(name)
        secrets = game_master.secrets()
        # secrets a seat shares (two Spymasters' key), or had in an earlier round, are its own
        own = ever_own.setdefault(name, set())
        own.update(secrets.get(int(name.split()[-1]), []))
        for seat, texts in secrets.items():
            if f"Player {seat}" != name:
                leaks.extend(
                    (name, seat, text)
                    for text in texts
                    if text not in own and re.search(re.escape(text.rstrip()) + r"[ \t]*(?:\n|$)", context["content"])
                )

    experiment = json.loads((REPO / "in" / f"{spec_of(game).instances}.json").read_text())["experiments"][0]["name"]
    for game_id in (0, 1):
        play(
            game,
            [ta_player("random") for _ in range(spec_of(game).players)],
            experiment=experiment,
            game_id=game_id,
            on_turn=check,
        )
    assert len(set(turns)) == spec_of(game).players and leaks == []


def test_battleship_never_shows_a_seat_the_opponents_ships():
    """Battleship's secrets are whole boards, not texts: every tracking board a seat sees holds only water,
    hits and misses."""
    boards = []

    def read_tracking_boards(game_master, name, context):
        for row in re.findall(r"^[A-Z] {3}.*? {6}[A-Z] {3}(.*)$", context["content"], flags=re.MULTILINE):
            boards.append(set(row.split()))

    for game_id in (0, 1):
        play(
            "ta_battleship",
            [ta_player("random")] * 2,
            experiment="small",
            game_id=game_id,
            on_turn=read_tracking_boards,
        )
    assert boards and set().union(*boards) <= {"~", "X", "O"}


def test_specs_sharing_an_env_play_side_by_side_in_one_clem_run(tmp_path):
    """clemcore unloads the modules a game's loading imported; an env module imported during play survives it. A
    second spec of the same env then met a fresh textarena and labelled TextArena's prompt as a game message."""
    game_dir = copy_repo(tmp_path / "game")
    results = tmp_path / "results"
    games = ["ta_three_player_tic_tac_toe_vs_random", "ta_three_player_tic_tac_toe"]
    clem("run", "-g", *games, "-m", "mock", "-r", str(results), cwd=game_dir)
    for game in games:
        for path in (results / "mock" / game).rglob("interactions.json"):
            first = json.loads(path.read_text())["turns"][0]
            context = next(event for event in first if event["from"] == "GM")["action"]["content"]
            assert context.startswith("You are Player"), (path, context[:60])
    assert not list(results.rglob("error.json"))
