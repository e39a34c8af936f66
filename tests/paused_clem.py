"""clem calls and the project's scripts without clemcore's start-up. Importing clemcore.cli costs about 5 s of CPU
(clemcore 3.7.2 imports openenv's client, which imports gradio): most of what a `clem score`, a `clem run` of one
game or a script such as `instancegenerator.py` costs, and the suite makes dozens of such calls. A Python process is
started once per test process and paused right after that import, which is what the `clem` script does first, and
after importing the tokenizer of the games' prompt meter, which reads three encodings at import (about 1 s that each
call playing a game would pay), and building its o200k_base encoding once (a child then builds its own in a third of
the time). It then freezes what it has loaded out of the garbage collector's reach (`gc.freeze()`, as CPython advises
before forking): a child's collections and its exit would otherwise walk every object and copy every memory page they
touch, 1 s of CPU a call. Each call forks it, and the child starts as the interpreter would start the program in the
call's directory and environment: the program's directory first on `sys.path`, then PYTHONPATH's entries, the program's
arguments; it configures clemcore's logging again there (clemcore reads `logging.yaml` from the working directory
when imported), reads its standard input from the call's file (none: an empty input), and runs `clem`'s `main()` or
the script as `__main__`.

clemcore reads some of the environment when imported (NLTK_DATA, HOME through nltk), and the interpreter its hash
seed when it starts: a call whose environment differs from the paused process's in anything but PYTHONPATH and PATH
starts the program anew, as does one that names another hash seed. PATH is read at import only by gradio's helpers
(whether ffmpeg and ruff are installed), which no clem call uses; a program and what it starts find programs on the
call's PATH."""

import atexit
import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

_PAUSED = r"""
import gc
import json
import logging.config
import os
import runpy
import sys

import clemcore
from clemcore.cli import main

try:  # the prompt meter's tokenizer (the `tokens` extra)
    import bpe_openai
except ImportError:
    pass
else:
    bpe_openai.get_encoding("o200k_base")

# what is loaded now stays out of the garbage collector's reach: a child's collections (and its exit) would otherwise
# walk every object of this process and copy each memory page they touch (1.2 s of CPU a call against 0.2 s)
gc.freeze()

for line in sys.stdin:
    call = json.loads(line)
    pid = os.fork()
    if pid == 0:
        os.chdir(call["cwd"])
        os.environ.clear()
        os.environ.update(call["env"])
        os.dup2(os.open(call["stdin"] or os.devnull, os.O_RDONLY), 0)
        os.dup2(os.open(call["stdout"], os.O_WRONLY), 1)
        os.dup2(os.open(call["stderr"], os.O_WRONLY) if call["stderr"] else 1, 2)
        program = os.path.abspath(call["program"])
        paths = [path for path in call["env"].get("PYTHONPATH", "").split(os.pathsep) if path]
        sys.path[0:1] = [os.path.dirname(program), *map(os.path.abspath, paths)]
        sys.argv = [program if call["clem"] else call["program"], *call["args"]]
        logging.config.dictConfig(clemcore.load_logging_config())
        if call["clem"]:
            sys.exit(main())
        runpy.run_path(program, run_name="__main__")
        sys.exit(0)
    print(pid, flush=True)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""

# What the interpreter reads of the environment at start (sys.path) and the child sets anew, and what nothing a call
# uses reads at import: the PATH, and the test pytest is running.
_SET_PER_CALL = ("PYTHONPATH", "PATH", "PYTEST_CURRENT_TEST")
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
        self.env = self.path = self.process = self.home = None

    def run(self, args: list[str], cwd: Path, env: dict, input: str | None = None) -> subprocess.CompletedProcess:
        """The clem call as `subprocess.run([clem, *args], capture_output=True, text=True, input=input)` makes it."""
        return self._completed(str(self.clem), args, cwd, env, clem=True, input=input)

    def python(self, script: str, args: list[str], cwd: Path, env: dict) -> subprocess.CompletedProcess:
        """The script's call as `subprocess.run([sys.executable, script, *args], capture_output=True, text=True)`
        makes it."""
        return self._completed(script, args, cwd, env, clem=False)

    def _completed(self, program: str, args: list[str], cwd: Path, env: dict, clem: bool, input: str | None = None):
        with tempfile.TemporaryDirectory() as outputs:
            stdout, stderr, stdin = Path(outputs, "stdout"), Path(outputs, "stderr"), Path(outputs, "stdin")
            stdin.write_text(input or "")
            process = self.start(program, args, cwd, env, stdout, stderr, clem, stdin)
            return subprocess.CompletedProcess(process.args, process.wait(), stdout.read_text(), stderr.read_text())

    def start(
        self,
        program: str,
        args: list[str],
        cwd: Path,
        env: dict,
        stdout: Path,
        stderr: Path | None,
        clem: bool = True,
        stdin: Path | None = None,
    ) -> "subprocess.Popen | Forked":
        """The program started with its output in files (`stderr` None: in stdout's) and its input from one (None: an
        empty input): forked from this paused process when `env` is its environment (but what each call sets and,
        where `env` names none, the hash seed) and no other call is using it, else a new process. The first call's
        environment is the paused process's."""
        command = [program, *args] if clem else [sys.executable, program, *args]
        self.env = self.env or {**_at_import(env), "PYTHONHASHSEED": env.get("PYTHONHASHSEED", _HASH_SEED)}
        self.path = self.path or env.get("PATH")
        seed = env.get("PYTHONHASHSEED", self.env["PYTHONHASHSEED"])
        if {**_at_import(env), "PYTHONHASHSEED": seed} != self.env or not self.lock.acquire(blocking=False):
            with (
                open(stdout, "w") as out,
                open(stderr, "w") if stderr else contextlib.nullcontext(out) as err,
                open(stdin or os.devnull) as input_,
            ):
                return subprocess.Popen(command, cwd=cwd, env=env, stdin=input_, stdout=out, stderr=err, text=True)
        try:
            for path in (stdout, stderr):
                if path:
                    path.write_text("")
            call = {
                "program": program,
                "clem": clem,
                "args": args,
                "cwd": str(cwd),
                "env": env,
                "stdout": str(stdout),
                "stderr": str(stderr) if stderr else None,
                "stdin": str(stdin) if stdin else None,
            }
            line = json.dumps(call).encode() + b"\n"
            while line:  # unbuffered: a write may take part of it
                line = line[self._started().stdin.write(line) :]
            return Forked(self, command, int(self._line()))
        except BaseException:
            self.lock.release()
            raise

    def _line(self) -> bytes:
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the paused clem process ended (exit code {self.process.wait()})")
        return line

    def _started(self) -> subprocess.Popen:
        if self.process is None:
            # its own working directory: clemcore's logging opens clembench.log where it is imported
            self.home = tempfile.mkdtemp(prefix="paused_clem_")
            # unbuffered: a child's exit status is read only when it is there (`Forked.wait` waits on the pipe)
            self.process = subprocess.Popen(
                [sys.executable, "-c", _PAUSED],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=self.home,
                env={**self.env, "PATH": self.path} if self.path else self.env,
                bufsize=0,
            )
            atexit.register(self._stop)
        return self.process

    def _stop(self):
        self.process.stdin.close()
        self.process.wait()
        shutil.rmtree(self.home)


class Forked:
    """A program forked from the paused process, with as much of `subprocess.Popen` as the tests use: the paused
    process reports its exit status, and holds no other call until then."""

    def __init__(self, paused: PausedClem, args: list[str], pid: int):
        self.paused, self.args, self.pid = paused, args, pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        return self.returncode if self.returncode is not None else self._reaped(0)

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None and self._reaped(timeout) is None:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self.returncode

    def terminate(self):
        self.send_signal(signal.SIGTERM)

    def kill(self):
        self.send_signal(signal.SIGKILL)

    def send_signal(self, number: int):
        if self.returncode is None:
            os.kill(self.pid, number)

    def _reaped(self, timeout: float | None) -> int | None:
        if not select.select([self.paused.process.stdout], [], [], timeout)[0]:
            return None
        try:
            self.returncode = int(self.paused._line())
        finally:
            self.paused.lock.release()
        return self.returncode
