"""Repairs of the numbers family's games (docs/games/numbers.md): shared ones from fixes/common.py."""

from fixes.common import Fixes, SwappedArgumentsState

# per TextArena env class (a spec's `entry_point`): what fixes.make puts in
FIXES = {
    "textarena.envs.ThreeCardMonte.env:ThreeCardMonteEnv": Fixes(state=(SwappedArgumentsState,)),
    "textarena.envs.Countdown.env:CountdownEnv": Fixes(state=(SwappedArgumentsState,)),
    "textarena.envs.Cryptarithm.env:CryptarithmEnv": Fixes(state=(SwappedArgumentsState,)),
}
