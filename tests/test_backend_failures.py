"""What a model's backend failing does to an episode. A backend that refuses a prompt as longer than the model's
context (clemcore's ContextExceededError, raised by its llama.cpp and Hugging Face backends) ends the episode as
Aborted, recorded and scored: the model could not play. Any other backend exception (a timeout, a refused key)
fails the episode with an error.json naming it, and the run goes on. Every prompt's size is logged and scored."""

import json
import math

import pytest
from clemcore.backends import Model, ModelSpec
from clemcore.backends.utils import ContextExceededError
from full_history import with_view

import replies
from support import (
    GAMES,
    REPO,
    ScriptedModel,
    assert_outcome,
    clem,
    episode_dirs,
    mock_model,
    play,
    run_in_process,
    sampled_repo,
    seats_of,
    spec_of,
    ta_player,
)

# backends that fail around clem processes: the same on both Pythons (CI runs them on 3.12)
pytestmark = pytest.mark.one_python

# the paragraph and blank line every prompt of a game of moves ends with
CONTRACT = "\n\n" + replies.contract(("move",))


def instance_of_first_experiment(game: str) -> str:
    return json.loads((REPO / "in" / f"{spec_of(game).instances}.json").read_text())["experiments"][0]["name"]


class LimitedModel(ScriptedModel):
    """Replies as its policy while the prompt's characters stay within `limit`, and refuses a longer one as
    clemcore's context check does."""

    def __init__(self, policy, limit: int, name: str = "limited"):
        super().__init__(policy, name=name)
        self.limit = limit

    def generate_response(self, messages):
        size = sum(len(message["content"]) for message in messages)
        if size > self.limit:
            raise ContextExceededError(
                "Context token limit for limited exceeded",
                tokens_used=size + 100,
                tokens_left=self.limit - size - 100,
                context_size=self.limit,
            )
        return super().generate_response(messages)


class FailingModel(Model):
    def __init__(self):
        super().__init__(ModelSpec(model_name="failing"))
        self.set_gen_args(temperature=0.0, max_tokens=100)

    def generate_response(self, messages):
        raise TimeoutError("the API did not answer within 60 s")


def refused_at(prompts: dict, seat: str, limit: int) -> int:
    """The request (1-based) at which the seat's prompt first outgrew `limit`, checked against the record: every
    earlier prompt fitted."""
    chars = prompts[seat]["chars"]
    assert all(size <= limit for size in chars[:-1]) and chars[-1] > limit
    return len(chars)


# A prompt grows request by request in the full view, where an 8k model meets its limit (the bounded views stay far
# below it): these episodes play it.
def test_a_refused_prompt_ends_a_single_player_episode_as_aborted_with_its_reason_and_scores():
    # the prompts of the optimal 3-disk solution are 366, 456, 544, 634, ... characters and the reply contract's
    # paragraph: the 4th is refused
    limit = 600 + len(CONTRACT)
    moves = iter(["[A C]", "[A B]", "[C B]", "[A C]", "[B A]", "[B C]", "[A C]"])
    model = LimitedModel(lambda context: next(moves), limit)
    episode = play("ta_tower_of_hanoi", models=[model], view="full")
    interactions, scores = episode.interactions, episode.scores
    requests = refused_at(interactions["prompts"], "Player 0", limit)
    assert requests == 4
    assert_outcome(scores, "Aborted")
    assert math.isnan(scores["Main Score"])
    assert scores["Request Count"] == requests and scores["Violated Request Count"] == 1
    assert interactions["end reason"] == (
        f"The backend of Player 0 (limited) refused the prompt as longer than the model's context: "
        f"{interactions['prompts']['Player 0']['chars'][-1] + 100:,} tokens with the reply for a context of "
        f"{limit:,} ({interactions['prompts']['Player 0']['tokens'][-1]:,} o200k_base tokens, "
        f"{interactions['prompts']['Player 0']['chars'][-1]:,} characters sent)."
    )
    events = [event["action"] for turn in interactions["turns"] for event in turn]
    assert events[-1]["type"] == "context limit"
    # the refused request's context is recorded, and no reply for it
    assert [event["type"] for event in events].count("get message") == requests - 1
    assert scores["Prompt Chars Max"] == interactions["prompts"]["Player 0"]["chars"][-1]
    assert scores["Prompt Chars Sum"] == sum(interactions["prompts"]["Player 0"]["chars"])


def test_a_refused_prompt_forfeits_the_models_seat_against_a_reference():
    limit = 1200
    model = LimitedModel(ta_player("random"), limit)
    episode = play("ta_tic_tac_toe_vs_random", models=[model], view="full")
    seat = next(name for name, seat in episode.interactions["seats"].items() if not seat["reference"])
    refused_at(episode.interactions["prompts"], seat, limit)
    assert_outcome(episode.scores, "Aborted")
    assert episode.interactions["violating seats"] == [seat]
    assert {name: (s["result"], s["how"]) for name, s in episode.interactions["seats"].items()} == {
        name: ("loss", "context limit") if name == seat else ("win", "opponent's context limit")
        for name in episode.interactions["seats"]
    }
    assert (episode.scores["Win"], episode.scores["Loss"]) == (0, 1)


def test_a_refused_prompt_in_self_play_names_the_seat_whose_prompt_was_too_long():
    limit = 1000 + len(CONTRACT)
    model = LimitedModel(ta_player("random"), limit)
    episode = play("ta_tic_tac_toe", models=[model, model], view="full")
    violator = episode.interactions["violating seats"]
    assert len(violator) == 1
    requests = refused_at(episode.interactions["prompts"], violator[0], limit)
    other = "Player 1" if violator[0] == "Player 0" else "Player 0"
    assert all(size <= limit for size in episode.interactions["prompts"][other]["chars"])
    assert_outcome(episode.scores, "Aborted")
    assert episode.scores[f"{violator[0]} Loss"] == 1 and episode.scores[f"{other} Win"] == 1
    assert requests >= 2


def test_any_other_backend_failure_leaves_an_error_record_naming_the_episode_and_the_run_goes_on(tmp_path):
    results = run_in_process(
        "ta_guess_the_number",
        tmp_path,
        [FailingModel()],
        instance_filter=lambda row: row["game_instance"]["game_id"] < 2,
    )
    episodes = episode_dirs(results)
    assert len(episodes) == 4  # two experiments
    for path in episodes:
        error = json.loads((path / "error.json").read_text())
        game_id = int(path.name.split("_")[-1])
        assert (
            f"ta_guess_the_number, experiment '{path.parent.name}', instance {game_id}: the backend of Player 0 (failing) "
            f"failed: TimeoutError: the API did not answer within 60 s; run the episode again."
        ) in json.dumps(error)


def test_clem_run_with_a_model_whose_context_is_too_small_records_and_scores_every_episode(tmp_path_factory, tmp_path):
    # random Battleship in the full view outgrows 4k tokens within a few shots (a board per shot)
    game_dir = sampled_repo(tmp_path_factory)
    instances = json.loads((game_dir / "in" / "instances_ta_battleship.json").read_text())
    (game_dir / "in" / "instances_ta_battleship_full.json").write_text(json.dumps(with_view(instances, "full")))
    clem(
        "run",
        "-g",
        "ta_battleship_vs_random",
        "-i",
        "instances_ta_battleship_full",
        "-m",
        "ta-random-4k",
        "-r",
        str(tmp_path),
        cwd=game_dir,
    )
    clem("score", "-r", str(tmp_path), cwd=game_dir)
    episodes = episode_dirs(tmp_path)
    assert episodes and not list(tmp_path.rglob("error.json"))
    refused = 0
    for path in episodes:
        scores = json.loads((path / "scores.json").read_text())["episode scores"]
        interactions = json.loads((path / "interactions.json").read_text())
        seat = next(name for name, seat in interactions["seats"].items() if not seat["reference"])
        tokens = interactions["prompts"][seat]["tokens"]
        assert scores["Prompt Tokens Sum"] == sum(tokens) and scores["Prompt Tokens Max"] == max(tokens)
        if tokens[-1] + 300 > 4096:  # clem's default reply allowance counts against the context
            refused += 1
            assert scores["Aborted"] == 1 and "refused the prompt" in interactions["end reason"]
        else:
            assert "refused" not in interactions["end reason"]
    assert refused


@pytest.mark.parametrize("game", GAMES)
def test_every_game_records_a_refused_first_prompt_as_the_models_forfeit(game):
    """A model whose context takes no prompt at all: every game ends its episode at the first request, Aborted with
    the reason, scored; between seats the refusing seat forfeits. The judge of the LLM-judged games is the mock."""
    spec = spec_of(game)
    refusing = LimitedModel(lambda context: "", limit=0)
    models = [refusing] * seats_of(spec) + ([mock_model()] if getattr(spec, "judge", None) else [])
    episode = play(game, models=models, experiment=instance_of_first_experiment(game))
    assert_outcome(episode.scores, "Aborted")
    assert math.isnan(episode.scores["Main Score"])
    assert episode.interactions["end reason"].startswith("The backend of Player ")
    assert episode.scores["Request Count"] == 1
    if "seats" in episode.interactions:
        seats = episode.interactions["seats"]
        [violator] = episode.interactions["violating seats"]
        assert seats[violator]["how"] == "context limit" and seats[violator]["result"] == "loss"
