"""The command blocks of the README and the docs pages, run as a user runs them (tests/test_docs.py; the rule is in
docs/testing.md, "The commands of these pages").

Sybil finds a page's ```bash blocks and the `<!-- not run: reason -->` comments put right before the blocks that
cannot run here (a person typing, a cluster, the suite itself). A block runs in bash, in the page's order, in a copy
of the repository made for the page, with two stand-ins:

- models: a hosted model and a placeholder play as the programmatic model STAND_INS names;
- the catalogue: a block's clemgame.json holds ta_minesweeper and the specs named by the page up to the block, and
  where the page quotes a benchmark tag, the tag's samples of those (ta_minesweeper_lite), their instance files the
  first instance of every experiment (a sample's: its full spec's), so a command over every spec plays a few episodes.

In a block, `clem` and `python <script>.py` are shims that hand the call to the test's process, which forks it from
the process paused after clemcore's imports (paused_clem.py): the call runs as a process of its own, with the shim's
directory, environment and standard streams, without clemcore's 5 s start. Calls run one at a time (a launcher's
`-P 16` too), so that each one forks. A block marked not run is checked instead: the script exists, and each flag is
one that the program's `--help` names (clem's subcommands, the project's scripts, and scripts/test.sh, which passes
its arguments to pytest); other programs (xargs, sbatch, ...) are not checked."""

import functools
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from sybil import Document, Region
from sybil.parsers.markdown import CodeBlockParser
from sybil.parsers.markdown.lexers import DirectiveInHTMLCommentLexer

import support
from paused_clem import Forked

# What a model a user names plays as: a hosted model as the random player (a pass's model) or the mock model (a
# pairing's second model, a judge: the random player judges too, the expert does not), a placeholder as the mock model.
STAND_INS = {
    "gpt-4o-mini": "ta-random",
    "claude-3-5-haiku": "mock",
    "MODEL": "mock",
    "<model>": "mock",
    "<player>": "mock",
    "<player 0>": "mock",
    "<player 1>": "mock",
    "<judge>": "mock",
}
# The spec a page plays where its commands name none (the README's first command plays it too).
DEFAULT_SPEC = "ta_minesweeper"
# The variable that tells a shim where the test's process takes its calls.
SOCKET_VARIABLE = "DOC_COMMANDS_SOCKET"
# What a shell adds to its commands' environment: left out of the call's, which the paused process compares with its
# own (paused_clem.py) to fork rather than start anew.
SHELL_VARIABLES = ("PWD", "OLDPWD", "SHLVL", "_", SOCKET_VARIABLE)
# Operators between the simple commands of a line.
OPERATORS = {"&&", "||", "|", ";", "&"}

_SHIM = """#!{python} -S
import json, os, socket, sys
clem = {clem}
if not clem and (len(sys.argv) < 2 or not sys.argv[1].endswith(".py")):  # python -m, -c: the interpreter itself
    os.execv({python!r}, [{python!r}, *sys.argv[1:]])
connection = socket.socket(socket.AF_UNIX)
connection.connect(os.environ[{variable!r}])
program, args = ("clem", sys.argv[1:]) if clem else (sys.argv[1], sys.argv[2:])
call = {{"clem": clem, "program": program, "args": args, "cwd": os.getcwd(), "env": dict(os.environ)}}
call["pid"] = os.getpid()  # the call's standard streams are this process's
connection.sendall(json.dumps(call).encode() + b"\\n")
sys.exit(int(connection.makefile().readline() or 127))
"""


def stood_in(source: str) -> str:
    """The block with every model a user names replaced by its stand-in; AssertionError names a placeholder the table
    lacks."""
    for name, stand_in in STAND_INS.items():
        pattern = re.escape(name) if name.startswith("<") else rf"(?<![\w.-]){re.escape(name)}(?![\w.-])"
        source = re.sub(pattern, stand_in, source)
    unknown = re.findall(r"<[A-Za-z][^<>\n]*>", source)
    assert not unknown, f"placeholders without a stand-in: {', '.join(unknown)} (add them to doc_commands.STAND_INS)"
    return source


def named_specs(text: str, specs: list[dict]) -> set[str]:
    """ta_minesweeper and the specs the text names, and, where it quotes a benchmark tag
    (`-g "{'benchmark': ['textarena-lite']}"`), the tag's samples of those specs (the lite tier's ta_minesweeper_lite):
    a tag's whole catalogue would play hundreds of episodes."""
    names = {DEFAULT_SPEC} | set(re.findall(r"(?<![\w.])ta_\w+", text))
    tags = set(re.findall(r"['\"]([\w-]+)['\"]", text))
    return names | {
        spec["game_name"] for spec in specs if spec.get("sample_of") in names and tags & set(spec.get("benchmark", ()))
    }


def page_repo(dest: Path, blocks: str) -> Path:
    """A copy of the repository for a page's commands: the game, its scripts, the validation figures the planning
    scripts read, and the instance files of the specs the blocks name, with the first instance of every experiment
    (a lite sample's: its full spec's)."""
    support.copy_repo(dest)
    shutil.copytree(support.REPO / "scripts", dest / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
    (dest / "docs").mkdir()
    (dest / "docs" / "validation.json").symlink_to(support.REPO / "docs" / "validation.json")
    shutil.copy2(support.REPO / "pyproject.toml", dest / "pyproject.toml")
    specs = {spec["game_name"]: spec for spec in json.loads((dest / "clemgame.json").read_text(encoding="utf-8"))}
    for name in named_specs(blocks, list(specs.values())):
        # a lite sample plays its full spec's first instances, whose figures the report finds in the catalogue's (at
        # their places in the shipped file); its own first ones may lie further in, which it would play anew
        spec = specs[name]
        played = read_instances(spec["instances"])
        first = read_instances(specs[spec["sample_of"]]["instances"]) if "sample_of" in spec else played
        firsts = {experiment["name"]: experiment["game_instances"][:1] for experiment in first["experiments"]}
        for experiment in played["experiments"]:
            experiment["game_instances"] = firsts[experiment["name"]]
        path = dest / "in" / f"{spec['instances']}.json"
        path.write_text(json.dumps(played, indent=2, ensure_ascii=False), encoding="utf-8")
    return dest


def read_instances(stem: str) -> dict:
    return json.loads((support.REPO / "in" / f"{stem}.json").read_text(encoding="utf-8"))


def keep_specs(repo: Path, blocks: str):
    """The copy's clemgame.json: ta_minesweeper and the specs the blocks name."""
    specs = json.loads((support.REPO / "clemgame.json").read_text(encoding="utf-8"))
    kept = [spec for spec in specs if spec["game_name"] in named_specs(blocks, specs)]
    (repo / "clemgame.json").write_text(json.dumps(kept, indent=2, ensure_ascii=False), encoding="utf-8")


class Shims:
    """`clem` and `python` in a directory of their own, whose calls the test's process takes on a socket and forks from
    the paused clem process, one at a time. `calls` keeps (command, forked, seconds) of each."""

    def __init__(self, bin_dir: Path):
        self.bin = bin_dir
        self.bin.mkdir(parents=True)
        for name, clem in (("clem", True), ("python", False)):
            shim = self.bin / name
            shim.write_text(_SHIM.format(python=sys.executable, clem=clem, variable=SOCKET_VARIABLE))
            shim.chmod(0o755)
        # `source .venv/bin/activate`: the shims stay first on the PATH
        (self.bin / "activate").write_text(f'export PATH="{self.bin}:$PATH"\n')
        # AF_UNIX paths are short (108 bytes): pytest's tmp paths may be longer
        self.socket_dir = Path(tempfile.mkdtemp(prefix="docs-"))
        self.listener = socket.socket(socket.AF_UNIX)
        self.listener.bind(str(self.socket_dir / "calls"))
        self.listener.listen(64)
        self.calls: list[tuple[str, bool, float]] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def environment(self) -> dict:
        return {
            **os.environ,
            "NLTK_DATA": support.NLTK_DATA,
            "PATH": f"{self.bin}{os.pathsep}{os.environ['PATH']}",
            SOCKET_VARIABLE: str(self.socket_dir / "calls"),
        }

    def close(self):
        self.listener.close()
        shutil.rmtree(self.socket_dir)

    def _serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:  # closed
                return
            with connection:
                call = json.loads(connection.makefile().readline())
                connection.sendall(f"{self._run(call)}\n".encode())

    def _run(self, call: dict) -> int:
        # the test's environment and what the block changed in it (a shell adds variables of its own and drops some,
        # PS1): a call that changed nothing forks from the paused process, whose environment is the test's
        base = {**os.environ, "NLTK_DATA": support.NLTK_DATA}
        changed = {name: value for name, value in call["env"].items() if base.get(name) != value}
        env = {**base, **{name: value for name, value in changed.items() if name not in SHELL_VARIABLES}}
        # what the call starts finds the real programs: a shim called from a call would wait on this one
        env["PATH"] = os.pathsep.join(path for path in env["PATH"].split(os.pathsep) if path != str(self.bin))
        start = time.monotonic()
        streams = tuple(Path(f"/proc/{call['pid']}/fd/{number}") for number in (0, 1, 2))
        process = support.started_command(
            call["program"], call["args"], Path(call["cwd"]), env, streams, clem=call["clem"]
        )
        code = process.wait()
        command = shlex.join(["clem" if call["clem"] else "python", *([] if call["clem"] else [call["program"]])])
        seconds = time.monotonic() - start
        self.calls.append((f"{command} {shlex.join(call['args'])}", isinstance(process, Forked), seconds))
        return code


class NotRunParser:
    """`<!-- not run: reason -->` right before a block: the block is checked, not run."""

    def __init__(self):
        self.lexer = DirectiveInHTMLCommentLexer(directive="not run", arguments=".+?")

    def __call__(self, document: Document):
        for lexed in self.lexer(document):
            # the region ends before the comment's `-->`
            end = document.text.index("-->", lexed.end) + len("-->")
            yield Region(lexed.start, end, lexed.lexemes["arguments"].strip(), self.evaluate)

    @staticmethod
    def evaluate(example):
        example.namespace["not run"] = example.end


class Page:
    """One page's blocks, evaluated in order by Sybil in the page's copy of the repository."""

    def __init__(self, path: Path, root: Path):
        self.path = path
        self.document = Document.parse(str(path), NotRunParser(), CodeBlockParser("bash", self.evaluate))
        self.blocks = [example.parsed for example in self.document if example.region.evaluator == self.evaluate]
        self.repo = page_repo(root / "repo", "\n".join(self.blocks))
        self.shims = Shims(self.repo / ".venv" / "bin")
        # scripts/venv.sh (scripts/demo.sh) finds the environment made and installed
        digest = subprocess.run(["sha256sum", "pyproject.toml"], cwd=self.repo, capture_output=True, text=True)
        (self.repo / ".venv" / "pyproject.sha256").write_text(digest.stdout)
        self.ran = self.checked = 0

    def run(self):
        try:
            for example in self.document:
                example.evaluate()
            assert "not run" not in self.document.namespace, "a `not run` comment is not right before a bash block"
        finally:
            self.shims.close()

    def evaluate(self, example) -> str | None:
        marked = self.document.namespace.pop("not run", None)
        if marked is not None:
            assert (
                not self.document.text[marked : example.start].strip()
            ), f"{self.path.name}, line {example.line}: a `not run` comment stands apart from the block after it"
            self.checked += 1
            return check_commands(example.parsed)
        self.ran += 1
        # the catalogue as far as the page has read: a command over every spec plays those named up to it
        keep_specs(self.repo, "\n".join(self.blocks[: self.blocks.index(example.parsed) + 1]))
        result = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", stood_in(example.parsed)],
            cwd=self.repo,
            env=self.shims.environment(),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            return f"exited {result.returncode}; the last lines of its output:\n{tail(result.stdout)}\n{tail(result.stderr)}"
        failed = sorted(str(path.relative_to(self.repo)) for path in self.repo.rglob("error.json"))
        if failed:
            return "episodes failed:\n" + "\n".join(failed)
        return None


def tail(output: str, lines: int = 12) -> str:
    return "\n".join(output.splitlines()[-lines:])


def simple_commands(source: str) -> list[list[str]]:
    """The simple commands of a block, each as its words (comments, operators and variable assignments left out)."""
    commands = []
    for line in source.replace("\\\n", " ").splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = []
        for token in [*lexer, ";"]:
            if token in OPERATORS:
                while words and re.fullmatch(r"\w+=.*", words[0]):
                    words.pop(0)
                if words:
                    commands.append(words)
                words = []
            else:
                words.append(token)
    return commands


@functools.cache
def help_text(program: tuple[str, ...]) -> str:
    """The `--help` of `clem SUBCOMMAND`, of a script of the project, or of pytest (scripts/test.sh's arguments)."""
    if program[0] == "clem":
        return support.clem(*program[1:], "--help").stdout
    if program[0] == "pytest":
        return subprocess.run(
            [sys.executable, "-m", "pytest", "--help"], cwd=support.REPO, capture_output=True, text=True, check=True
        ).stdout
    return support.python(program[0], "--help").stdout


def options(help_text: str) -> set[str]:
    """The options a --help lists (argparse's and pytest's layout: an option's line starts with its flags, then two
    spaces or more before its description), not flags its descriptions mention."""
    flags = set()
    for line in help_text.splitlines():
        if match := re.match(r"\s{1,8}(-\S.*?)(?:\s{2,}|$)", line):
            flags |= set(re.findall(r"(?<![\w-])--?[A-Za-z][\w-]*", match.group(1)))
    return flags


def check_commands(source: str) -> str | None:
    """What is wrong with a block's commands: a script that does not exist, a flag its program's --help lacks."""
    problems = []
    for words in simple_commands(source):
        words = [word.strip("[]") for word in words]
        if words[0] == "clem":
            program, arguments = ("clem", words[1]), words[2:]
        elif words[0] == "python" and words[1:2] and words[1].endswith(".py"):
            program, arguments = (words[1],), words[2:]
        elif words[:2] == ["bash", "scripts/test.sh"]:
            program, arguments = ("pytest",), words[2:]
        else:
            continue  # another program: not checked
        if program[0] != "clem" and program[0] != "pytest" and not (support.REPO / program[0]).exists():
            problems.append(f"{' '.join(words)}: no script {program[0]}")
            continue
        paths = [word for word in arguments if re.fullmatch(r"(tests|scripts)/\S+", word)]
        problems += [f"{' '.join(words)}: no file {path}" for path in paths if not (support.REPO / path).exists()]
        known = options(help_text(program))
        for flag in (word.split("=")[0] for word in arguments if re.fullmatch(r"--?[A-Za-z][\w-]*(=.*)?", word)):
            if flag not in known:
                problems.append(f"{' '.join(words)}: {flag} is not an option of {' '.join(program)} (its --help)")
    return "\n".join(problems) or None
