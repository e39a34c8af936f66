"""Each episode's own random generators, swapped in for the process-wide ones while its env runs."""

import contextlib
import operator
import random
import types

import numpy as np


class _GlobalGenerator:
    """A process-wide generator as its module functions see it: `random.random`, `random.seed`, ... are bound methods
    of `random._inst`, and numpy's legacy functions (`numpy.random.choice`, ...) bound methods of
    `numpy.random.mtrand._rand`, which `numpy.random.seed`/`get_state`/... look up per call. Rebinding those names to
    another generator object redirects every draw through the module functions, and leaves the process's own generator
    object, and so its state, untouched. numpy.random.mtrand holds copies of numpy's functions too; they stay, as
    rebinding costs per name at every request and no code the envs run calls them there (TextArena 0.7.4, NLTK and
    python-chess call them through numpy.random, or not at all)."""

    def __init__(self, holder: types.ModuleType, attribute: str, functions: types.ModuleType):
        generator = getattr(holder, attribute)
        self._holder, self._attribute, self._functions = vars(holder), attribute, vars(functions)
        self._names = tuple(
            name for name, value in self._functions.items() if getattr(value, "__self__", None) is generator
        )

    def bindings(self, generator) -> list[tuple[dict, dict]]:
        """The namespace entries that make the module functions draw from `generator`."""
        functions = {name: getattr(generator, name) for name in self._names}
        if self._holder is self._functions:
            return [(self._holder, {**functions, self._attribute: generator})]
        return [(self._holder, {self._attribute: generator}), (self._functions, functions)]


_PROCESS_GENERATORS = (
    _GlobalGenerator(random, "_inst", random),
    _GlobalGenerator(np.random.mtrand, "_rand", np.random),
)


def _values_of(names: tuple[str, ...]):
    """A function giving the values of these names in a namespace, as a tuple."""
    values = operator.itemgetter(*names)
    return values if len(names) > 1 else lambda namespace: (values(namespace),)


class CopyableRandom(random.Random):
    """A `random.Random` whose deep copy takes the generator's state whole, and draws on as the original would.
    clemcore's branching runner deep-copies an episode before every step; `copy.deepcopy` of a Random copies the 625
    numbers of its state one by one (0.6 ms; this 0.07 ms)."""

    def __deepcopy__(self, memo):
        copied = type(self)()
        copied.setstate(self.getstate())
        return copied


class EpisodeRandomness:
    """The episode's own `random` and numpy global generators, swapped in only while the env runs.

    TextArena draws from the process-wide RNGs (Minesweeper places mines during a step, State.__init__
    calls random.seed). Swapping keeps each episode's draws independent of other episodes in batch mode
    and of any other code, and leaves the caller's RNG states exactly as they were. The swap rebinds the module
    functions to the episode's generator objects (about 70 namespace entries) rather than copying states: numpy's
    legacy get_state/set_state convert the 624-word Mersenne state and cost about 150 µs per enter and exit. On exit
    the entries get back what they held on entry: the caller's generators, or an outer episode's. (A module that did
    `from random import choice` at import would bypass the swap; TextArena 0.7.4 has none.)
    """

    def __init__(self, seed: int):
        self._bind(CopyableRandom(seed), np.random.RandomState(seed))

    def _bind(self, python: random.Random, numpy: np.random.RandomState):
        self._generators = (python, numpy)
        # (namespace, the episode's entries, their names, what reads those names' values as a tuple): entered once
        # per game master call, so the caller's entries are read by itemgetter's C loop, not a comprehension
        self._bindings = [
            (namespace, entries, tuple(entries), _values_of(tuple(entries)))
            for process_generator, generator in zip(_PROCESS_GENERATORS, self._generators)
            for namespace, entries in process_generator.bindings(generator)
            if entries
        ]
        self._outer_values = []
        self._restored_values, self._restored = None, []

    # a deep copy (clemcore's branching runner copies game masters) draws on from a copy of the generators
    def __getstate__(self):
        return self._generators

    def __setstate__(self, generators):
        self._bind(*generators)

    def __enter__(self):
        self._outer_values.append([values_of(namespace) for namespace, _, _, values_of in self._bindings])
        for namespace, entries, _, _ in self._bindings:
            namespace.update(entries)
        return self

    def __exit__(self, *exc_info):
        outer = self._outer_values.pop()
        # the caller's entries are nearly always those of the last exit (the process's generators): restored from
        # the entries made then, a C copy, rather than made anew from the names and values
        if outer != self._restored_values:
            self._restored_values = outer
            self._restored = [dict(zip(names, values)) for (_, _, names, _), values in zip(self._bindings, outer)]
        for (namespace, _, _, _), entries in zip(self._bindings, self._restored):
            namespace.update(entries)
        return False

    @contextlib.contextmanager
    def suspended(self):
        """The caller's generators again, inside a block of the episode's: for a clem model the env calls (a
        judge), whose draws must neither come from the episode's RNGs nor change them."""
        self.__exit__(None, None, None)
        try:
            yield
        finally:
            self.__enter__()
