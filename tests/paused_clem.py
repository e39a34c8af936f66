"""clem calls and the project's scripts without clemcore's start-up. Importing clemcore.cli costs about 5 s of CPU
(clemcore 3.7.2 imports openenv's client, which imports gradio): most of what a `clem score`, a `clem run` of one
game or a script such as `instancegenerator.py` costs, and the suite makes dozens of such calls. A Python process is
started once per test process and paused right after that import, which is what the `clem` script does first; each
call forks it, and the child starts as the interpreter would start the program in the call's directory and
environment: the program's directory first on `sys.path`, then PYTHONPATH's entries, the program's arguments; it
configures clemcore's logging again there (clemcore reads `logging.yaml` from the working directory when imported),
reads no standard input, and runs `clem`'s `main()` or the script as `__main__`.

clemcore reads some of the environment when imported (NLTK_DATA, HOME through nltk), and the interpreter its hash
seed when it starts: a call whose environment differs from the paused process's in anything but PYTHONPATH starts
the program anew, as does one that names another hash seed."""

import atexit
import json
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

_PAUSED = r"""
import json
import logging.config
import os
import runpy
import sys

import clemcore
from clemcore.cli import main

for line in sys.stdin:
    call = json.loads(line)
    pid = os.fork()
    if pid == 0:
        os.chdir(call["cwd"])
        os.environ.clear()
        os.environ.update(call["env"])
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(os.open(call["stdout"], os.O_WRONLY), 1)
        os.dup2(os.open(call["stderr"], os.O_WRONLY), 2)
        program = os.path.abspath(call["program"])
        paths = [path for path in call["env"].get("PYTHONPATH", "").split(os.pathsep) if path]
        sys.path[0:1] = [os.path.dirname(program), *map(os.path.abspath, paths)]
        sys.argv = [program if call["clem"] else call["program"], *call["args"]]
        logging.config.dictConfig(clemcore.load_logging_config())
        if call["clem"]:
            sys.exit(main())
        runpy.run_path(program, run_name="__main__")
        sys.exit(0)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""

# What the interpreter reads of the environment at start (sys.path) and the child sets anew, and what pytest sets to
# the test running, which nothing reads at import.
_SET_PER_CALL = ("PYTHONPATH", "PYTEST_CURRENT_TEST")
# The paused process's hash seed where the first call names none: a call that names none may run under any seed, one
# that names this one (the suite's sequential run of all games) runs in it too.
_HASH_SEED = "1"


def _at_import(env: dict) -> dict:
    """The environment a paused process must have started with to make a call in `env` (but its hash seed)."""
    return {name: value for name, value in env.items() if name not in (*_SET_PER_CALL, "PYTHONHASHSEED")}


class PausedClem:
    """A Python process paused after importing clemcore.cli, started with the environment of the first call (but
    its PYTHONPATH, and with a hash seed); `run` forks it for one call at a time."""

    def __init__(self, executable: Path):
        self.clem = executable
        self.lock = threading.Lock()
        self.env = self.process = self.home = None

    def run(self, args: list[str], cwd: Path, env: dict) -> subprocess.CompletedProcess:
        """The clem call as `subprocess.run([clem, *args], capture_output=True, text=True)` makes it."""
        return self._run(str(self.clem), args, cwd, env, clem=True)

    def python(self, script: str, args: list[str], cwd: Path, env: dict) -> subprocess.CompletedProcess:
        """The script's call as `subprocess.run([sys.executable, script, *args], capture_output=True, text=True)`
        makes it."""
        return self._run(script, args, cwd, env, clem=False)

    def _run(self, program: str, args: list[str], cwd: Path, env: dict, clem: bool):
        """In this paused process when `env` is its environment (but PYTHONPATH and, where `env` names none, the hash
        seed) and no other call is using it, else in a new one. The first call's environment is the paused
        process's."""
        command = [program, *args] if clem else [sys.executable, program, *args]
        self.env = self.env or {**_at_import(env), "PYTHONHASHSEED": env.get("PYTHONHASHSEED", _HASH_SEED)}
        seed = env.get("PYTHONHASHSEED", self.env["PYTHONHASHSEED"])
        if {**_at_import(env), "PYTHONHASHSEED": seed} != self.env or not self.lock.acquire(blocking=False):
            return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
        try:
            with tempfile.TemporaryDirectory() as outputs:
                stdout, stderr = Path(outputs, "stdout"), Path(outputs, "stderr")
                stdout.touch()
                stderr.touch()
                call = {
                    "program": program,
                    "clem": clem,
                    "args": args,
                    "cwd": str(cwd),
                    "env": env,
                    "stdout": str(stdout),
                    "stderr": str(stderr),
                }
                self._started().stdin.write(json.dumps(call) + "\n")
                self.process.stdin.flush()
                status = self.process.stdout.readline()
                if not status:
                    raise RuntimeError(f"the paused clem process ended (exit code {self.process.wait()})")
                return subprocess.CompletedProcess(command, int(status), stdout.read_text(), stderr.read_text())
        finally:
            self.lock.release()

    def _started(self) -> subprocess.Popen:
        if self.process is None:
            # its own working directory: clemcore's logging opens clembench.log where it is imported
            self.home = tempfile.mkdtemp(prefix="paused_clem_")
            self.process = subprocess.Popen(
                [sys.executable, "-c", _PAUSED],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=self.home,
                env=self.env,
                text=True,
            )
            atexit.register(self._stop)
        return self.process

    def _stop(self):
        self.process.stdin.close()
        self.process.wait()
        shutil.rmtree(self.home)
