"""What the game master needs around a TextArena env that is not the game: one module per concern.

- `errors`: the errors an episode or a load ends with (each becomes an episode's error.json).
- `availability`: whether this machine can play a spec (NLTK data, Python version), in one line.
- `randomness`: each episode's own generators in place of the process-wide ones while its env runs.
- `words`: NLTK data checks and TextArena's word data computed once per process and machine.
- `judge`: a clem model in place of TextArena's OpenRouter agents in the LLM-judged games.
- `tokens`: the size of every prompt, in characters and o200k_base tokens.
- `cache`: caches that outlive clemcore's unloading of a game's modules.

Every process-wide patch the package makes, and why. The first four last only for a block of code and are undone
after it; the changes to `sys.modules` stay.
- `random`'s and `numpy.random`'s module functions are rebound to the episode's generators while the episode's env
  code runs (`randomness.EpisodeRandomness`): TextArena draws from the process-wide generators, and batch mode or
  other code would otherwise change a game.
- `nltk.download` does nothing while TextArena's modules are imported and its envs made
  (`words.quiet_nltk_downloads`): TextArena 0.7.4 downloads at import and prints a traceback offline; the data is
  checked before (`availability`).
- `nltk.pos_tag`, an env module's own `pos_tag` and its `EnglishDictionary` are the cached ones while a word game's
  env is made (`words.word_data_built_once`): three games tag NLTK's 236,000 words in their constructors (10-12 s).
- `textarena.agents.OpenRouterAgent` makes a judge of the episode while an LLM-judged env is made
  (`judge.judges_in_place_of_openrouter`): TextArena's judged games need an OpenRouter key and the network.
- `sys.modules` gains the entry `_clem_textarena_process_cache` (`cache.process_cache`): a module that holds no code,
  made during play, so that clemcore's unloading of the game's modules after each spec keeps the caches.
- `sys.modules` loses orphaned `textarena.*` entries when master.py loads and textarena itself is not loaded
  (master.py): clemcore unloads textarena with the first game that imported it but not the env modules it imported
  later, which would bind the next game to a second copy of TextArena's types. `ta_players_api.py` (the `ta-*`
  programmatic backends) registers the `ta_players` package in `sys.modules` under its own name, as an import would.
"""
