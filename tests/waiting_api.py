"""A clem backend for tests and measurements only: a stand-in for a hosted model. It replies as a programmatic
player of `ta_players_api.py` (its `model_id`: random, expert), after waiting `model_config.seconds_per_request`
seconds, and one request at a time: it has no `generate_batch_response`, as none of clemcore 3.7.2's API backends
has, so `clem run` plays it with the sequential runner whatever `-b` says.

It lives in tests/, where clem never looks for backends (only in the working directory): `install(game_dir)`
copies it into a copy of the game and registers its models there, so users never see it.

`$WAITING_BARRIER=<dir>:<parties>` makes every process wait at its first request until `parties` processes have
arrived (a file each in <dir>), so that concurrent processes are sure to play at the same time whatever their
start-up took.
"""

import importlib.util
import json
import os
import shutil
import time
from pathlib import Path

from clemcore.backends import Backend, Model, ModelSpec

BARRIER_VARIABLE = "WAITING_BARRIER"


def _programmatic_players():
    """The ta_players_api module beside this file, loaded by path as clem loads backends (the working directory is
    not on sys.path); only the module is kept here, so that this module shows clem one Backend class."""
    path = Path(__file__).resolve().parent / "ta_players_api.py"
    spec = importlib.util.spec_from_file_location("ta_players_api_for_waiting", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _wait_for_the_other_processes():
    setting = os.environ.get(BARRIER_VARIABLE)
    if not setting:
        return
    folder, parties = setting.rsplit(":", 1)
    Path(folder).mkdir(parents=True, exist_ok=True)
    Path(folder, str(os.getpid())).touch()
    deadline = time.monotonic() + 120  # a process that never comes must not hang the test for ever
    while len(list(Path(folder).iterdir())) < int(parties) and time.monotonic() < deadline:
        time.sleep(0.01)


class WaitingPlayer(Model):
    def __init__(self, model_spec: ModelSpec):
        super().__init__(model_spec)
        players = _programmatic_players()
        self.player = players.ProgrammaticPlayer(
            ModelSpec(model_name=model_spec.model_name, model_id=model_spec.model_id, backend="ta_players")
        )
        self.seconds = float(model_spec.model_config["seconds_per_request"])
        self.arrived = False
        self.set_gen_args(temperature=0.0, max_tokens=100)

    def generate_response(self, messages):
        if not self.arrived:
            _wait_for_the_other_processes()
            self.arrived = True
        time.sleep(self.seconds)
        return self.player.generate_response(messages)


class WaitingBackend(Backend):
    def get_model_for(self, model_spec: ModelSpec) -> WaitingPlayer:
        return WaitingPlayer(model_spec)


def install(game_dir: Path, seconds_per_request: float, strategy: str = "random") -> str:
    """Copies this backend into a copy of the game and registers `ta-<strategy>-waiting` there; its name."""
    shutil.copy2(Path(__file__), game_dir / "waiting_api.py")
    registry_path = game_dir / "model_registry.json"
    registry = json.loads(registry_path.read_text(encoding="utf-8"))
    name = f"ta-{strategy}-waiting"
    registry.append(
        {
            "model_name": name,
            "model_id": strategy,
            "backend": "waiting",
            "open_weight": True,
            "parameters": "0",
            "languages": ["en"],
            "context_size": "unlimited",
            "release_date": "2026-11-27",
            "license": {"name": "MIT", "url": ""},
            "model_config": {"seconds_per_request": seconds_per_request},
        }
    )
    registry_path.write_text(json.dumps(registry, indent=2), encoding="utf-8")
    return name
