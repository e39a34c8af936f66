"""clem calls without clem's start-up. Importing clemcore.cli costs about 5 s of CPU (clemcore 3.7.2 imports openenv's
client, which imports gradio): most of what a `clem score` or a `clem run` of one game costs, and the suite makes
dozens of such calls. A clem process is started once per test process and paused right after that import, which is
what the `clem` script does first; each call forks it, and the child does what the script does next, in the call's
directory and environment: configures clemcore's logging again there (clemcore reads `logging.yaml` from the working
directory when imported), reads no standard input, runs `sys.exit(main())` with the call's arguments. Everything else
clem reads (the game and model registries, the backends, the keys) it reads from the working directory during the call.

clemcore reads some of the environment when imported (NLTK_DATA through nltk), and the interpreter its hash seed
when it starts: a call whose environment differs from the paused process's starts clem anew."""

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
        logging.config.dictConfig(clemcore.load_logging_config())
        sys.argv = ["clem", *call["args"]]
        sys.exit(main())
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""


def _at_import(env: dict) -> dict:
    """The environment a paused process must have started with to make a call in `env`: all of it but the variable
    pytest sets to the test running, which changes between calls and nothing reads at import."""
    return {name: value for name, value in env.items() if name != "PYTEST_CURRENT_TEST"}


class PausedClem:
    """A clem process paused after its imports, started with the environment of the first call; `run` forks it for
    one call at a time."""

    def __init__(self, executable: Path):
        self.executable = executable
        self.lock = threading.Lock()
        self.env = self.process = self.home = None

    def run(self, args: list[str], cwd: Path, env: dict, pausable: bool = True) -> subprocess.CompletedProcess:
        """The call as `subprocess.run([clem, *args], capture_output=True, text=True)` makes it: in this paused
        process when the call is `pausable`, `env` is its environment and no other call is using it, else in a new
        one. The first pausable call's environment is the paused process's."""
        command = [str(self.executable), *args]
        if pausable:
            self.env = self.env or env
        if not pausable or _at_import(env) != _at_import(self.env) or not self.lock.acquire(blocking=False):
            return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
        try:
            with tempfile.TemporaryDirectory() as outputs:
                stdout, stderr = Path(outputs, "stdout"), Path(outputs, "stderr")
                stdout.touch()
                stderr.touch()
                call = {"args": args, "cwd": str(cwd), "env": env, "stdout": str(stdout), "stderr": str(stderr)}
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
