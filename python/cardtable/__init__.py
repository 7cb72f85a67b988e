"""cardtable's games as learning environments, with nothing to install.

The games run in cardtable's Go engines through a C library (built with
go build -buildmode=c-shared -o python/cardtable/libcardtable.so
./cmd/libcardtable) called with ctypes: standard library only, NumPy arrays
when NumPy imports (set CARDTABLE_NO_NUMPY=1 for plain lists).

    import cardtable
    env = cardtable.env("regicide", options={"players": 2})   # PettingZoo's AEC shape
    solo = cardtable.regicide_solo()                          # Gymnasium's shape
    game = cardtable.Game("war", bots={1: "heuristic"})       # the library as it is

docs/python.md lists every action index and observation field.
"""

from ._lib import (BadArgument, BadBot, BadHandle, BadOption, CardtableError, GameOver,
                   IllegalAction, InternalError, NoRecord, Notation, NotYourTurn)
from .aec import CardtableEnv, env
from .game import HAVE_NUMPY, Game, describe
from .single import SingleAgentEnv, regicide_solo
from .spaces import Box, Dict, Discrete

__all__ = [
    "env", "CardtableEnv", "SingleAgentEnv", "regicide_solo", "Game", "describe", "HAVE_NUMPY",
    "Box", "Dict", "Discrete", "CardtableError", "BadArgument", "BadOption", "BadHandle",
    "IllegalAction", "NotYourTurn", "GameOver", "Notation", "BadBot", "NoRecord", "InternalError",
]
