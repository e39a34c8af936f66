"""NLTK data and TextArena's word lists: checks, quiet downloads, and word data computed once per process and machine."""

import contextlib
import hashlib
import importlib
import json
import logging
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows: processes there tag the words each
    fcntl = None

import nltk
import textarena as ta
from nltk.tag.perceptron import PerceptronTagger
from textarena.envs.utils import word_lists

import fixes
from runtime.cache import process_cache

NLTK_DOWNLOAD_NAMES = {
    "corpora/words": "words",
    "taggers/averaged_perceptron_tagger_eng": "averaged_perceptron_tagger_eng",
}


def nltk_has(resource: str) -> bool:
    try:
        nltk.data.find(resource)
    except LookupError:
        return False
    return True


@contextlib.contextmanager
def quiet_nltk_downloads():
    """Skip the `nltk.download` calls TextArena makes at import and in EnglishDictionary.

    TextArena 0.7.4 downloads NLTK data at import; offline this prints a multi-line urlopen error even when
    the data is installed. `unavailable_reason` has already checked the data, so the call is skipped for the
    duration of the block and restored after.
    """
    original = nltk.download
    nltk.download = lambda *args, **kwargs: True
    try:
        yield
    finally:
        nltk.download = original


_NLTK_POS_TAG = nltk.pos_tag
_ENGLISH_DICTIONARY = word_lists.EnglishDictionary
CACHE_DIR_VARIABLE = "CLEM_TEXTARENA_CACHE"


def _tags_file() -> Path | None:
    """Where NLTK's tags of the words TextArena's word games tag are kept for later processes: in
    $CLEM_TEXTARENA_CACHE, else the user's cache directory, named by NLTK's version and its tagger's files (another
    NLTK or tagger model, another file). None without the tagger (the env's make then says what to install)."""
    try:
        tagger = Path(nltk.data.find("taggers/averaged_perceptron_tagger_eng").path)
    except LookupError:
        return None
    digest = hashlib.sha256(nltk.__version__.encode())
    for path in sorted(tagger.iterdir()):
        digest.update(path.name.encode() + path.read_bytes())
    base = os.environ.get(CACHE_DIR_VARIABLE) or Path(
        os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache", "clem-textarena"
    )
    return Path(base, f"word-tags-{digest.hexdigest()[:16]}.json")


TAG_KINDS = ("words", "lists")


def _read_tags(path: Path) -> dict:
    """The tags file's tags; none from a file that is missing or damaged (it is then tagged anew and rewritten)."""
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        tags = {kind: kept[kind] for kind in TAG_KINDS}
        if all(isinstance(each, dict) for each in tags.values()):
            return tags
    except (OSError, ValueError, TypeError, KeyError):
        pass
    return {kind: {} for kind in TAG_KINDS}


def _known_tags() -> dict:
    """The tags the process knows, by kind, and where they are kept: the tags file's are read on first use."""
    known = process_cache("word tags")
    if not known:
        path = _tags_file()
        known.update(_read_tags(path) if path else {kind: {} for kind in TAG_KINDS}, path=path, unwritten=False)
    return known


def _pos_tag(tokens, tagset=None, lang="eng"):
    """nltk.pos_tag, with the tags of a word tagged alone (by the word) and of a longer list (by its hash)
    remembered for the process and, once the env is made, in the tags file."""
    if tagset is not None or lang != "eng" or not tokens:
        return _NLTK_POS_TAG(tokens, tagset=tagset, lang=lang)
    if len(tokens) == 1:
        kind, key = "words", tokens[0]
    else:
        kind, key = "lists", hashlib.sha256("\n".join(tokens).encode("utf-8")).hexdigest()
    known = _known_tags()
    if key not in known[kind]:
        _wait_for_other_taggers(known)
    if key not in known[kind]:
        known[kind][key] = [tag for _, tag in _english_tagger().tag(tokens)]
        known["unwritten"] = True
    return list(zip(tokens, known[kind][key]))


def _wait_for_other_taggers(known: dict):
    """Before the first word this env's make would tag: waits while another process tags, then takes the tags the
    file gained meanwhile, so that processes starting together (a pass's shards, the test suite's runs) tag the words
    once between them. The lock is held until this make has written its tags (`word_data_built_once`); without a lock
    (no tags file, a cache directory that cannot be written, no fcntl), the words are tagged here as well."""
    if known["path"] is None or "lock" in known or fcntl is None:
        return
    try:
        known["path"].parent.mkdir(parents=True, exist_ok=True)
        known["lock"] = open(known["path"].with_name(known["path"].name + ".lock"), "w")
    except OSError:
        known["lock"] = None
        return
    fcntl.flock(known["lock"], fcntl.LOCK_EX)
    for kind, kept in _read_tags(known["path"]).items():
        known[kind].update(kept)


def _english_tagger() -> PerceptronTagger:
    """The tagger nltk.pos_tag tags English with (NLTK 3.9: `_get_tagger`), made once per process: pos_tag makes one
    for every call, which more than doubled the time of tagging 236,000 words one by one (29 s -> 13 s)."""
    cache = process_cache("english tagger")
    if "tagger" not in cache:
        cache["tagger"] = PerceptronTagger()
    return cache["tagger"]


def _shared_english_dictionary(*args, **kwargs):
    """TextArena's EnglishDictionary, built once per process for each set of arguments: Wordle, WordLadder and
    SpellingBee build the same one (about 1 s) in every constructor and only read it."""
    dictionaries = process_cache("english dictionaries")
    key = json.dumps([args, kwargs], sort_keys=True)
    if key not in dictionaries:
        dictionaries[key] = _ENGLISH_DICTIONARY(*args, **kwargs)
    return dictionaries[key]


@contextlib.contextmanager
def word_data_built_once(env_id: str):
    """While an env is made, the word data TextArena's word games compute in their constructors is computed once.

    TextArena 0.7.4's hardcore Wordle (two lengths) and Don't Say It each tag the 236,000 words of NLTK's `words`
    corpus one by one to keep the nouns (12 s each), hardcore Codenames tags them as one list (10 s): the tags do not
    depend on the env asking, so they are kept for the process and, in the tags file (`_tags_file`), for every later
    one. The English dictionary is shared within the process. A tags file that cannot be read is recomputed, one
    that cannot be written is skipped with a warning: it only saves time. `nltk.pos_tag`, the env module's own
    `pos_tag` (Wordle imports the function) and its `EnglishDictionary` are restored after."""
    entry_point = ta.envs.registration.ENV_REGISTRY[env_id].entry_point
    module = importlib.import_module(fixes.source(entry_point).split(":")[0]) if isinstance(entry_point, str) else None
    replaced = [
        (holder, name, original, shared)
        for name, original, shared in (
            ("pos_tag", _NLTK_POS_TAG, _pos_tag),
            ("EnglishDictionary", _ENGLISH_DICTIONARY, _shared_english_dictionary),
        )
        for holder in (nltk, module)
        if getattr(holder, name, None) is original
    ]
    for holder, name, _, shared in replaced:
        setattr(holder, name, shared)
    known = process_cache("word tags")
    try:
        yield
        if known.get("unwritten") and known["path"]:
            _write_tags(known["path"], known)
            known["unwritten"] = False
    finally:
        for holder, name, original, _ in replaced:
            setattr(holder, name, original)
        if known.get("lock") is not None:
            known["lock"].close()
        known.pop("lock", None)


def _write_tags(path: Path, tags: dict):
    """Merges the process's tags into the tags file; written under another name and renamed, so that a process
    reading it at the same time reads the old file or the new one whole."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        merged = {kind: {**kept, **tags[kind]} for kind, kept in _read_tags(path).items()}
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(merged, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:
        logging.getLogger(__name__).warning(
            "could not keep NLTK's word tags in %s (%s): later processes tag the words again", path, error
        )
