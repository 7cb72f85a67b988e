"""Game: one cardtable game in progress, the library's environment as it is.

Seats are numbers from 0. Observations are NumPy float32 arrays when NumPy
imports (and $CARDTABLE_NO_NUMPY is not set), plain lists of floats
otherwise; masks likewise (int8 arrays, or lists of 0 and 1).
"""

import ctypes
import json
import os

from . import _lib

np = None
if not os.environ.get("CARDTABLE_NO_NUMPY"):
    try:
        import numpy as np
    except ImportError:
        np = None

HAVE_NUMPY = np is not None

__all__ = ["Game", "describe", "HAVE_NUMPY"]


def _options_text(options):
    """Options as the library reads them: "key=value,key=value"."""
    if options is None:
        return ""
    if isinstance(options, str):
        return options
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        parts.append("%s=%s" % (key, value))
    return ",".join(parts)


def describe(game, options=None):
    """The action and observation space of game with options, as a dict:
    players, num_actions, actions (groups with offset, size, doc), obs_size,
    observation (fields with offset, size, shape, doc), utility, bots."""
    return json.loads(_lib.text("ct_describe", _lib.encode(game), _lib.encode(_options_text(options))))


class _Buffer:
    """A reusable buffer of n numbers the library writes into: float32
    observations or int8 masks (a NumPy array, or a ctypes array)."""

    def __init__(self, n, ctype, dtype, pointer):
        self.n = n
        if HAVE_NUMPY:
            self.array = np.zeros(n, dtype=dtype)
            self.ptr = self.array.ctypes.data_as(pointer)
        else:
            self.array = (ctype * n)()
            self.ptr = ctypes.cast(self.array, pointer)

    def value(self):
        """A copy the caller may keep."""
        return self.array.copy() if HAVE_NUMPY else self.array[:]


class Game:
    """One game of cardtable in progress.

    game is "war", "regicide" or "watchtower"; options a dict or
    "key=value,..." text of the game's options (cardtable rules GAME);
    bots maps seats to bot specs ("heuristic", "expert:iterations=200"),
    which the environment plays itself; settings the environment's own
    ("slap-ms=350" or "slap-ms=reaction" for War's slap index); seed the
    seed of the deal and of every chance event.
    """

    def __init__(self, game, options=None, bots=None, settings="", seed=0, _handle=None, _sizes=None):
        self.game = game
        self.options = options
        self.bots = dict(bots or {})
        self.settings = settings
        if _handle is None:
            handle = ctypes.c_uint64(0)
            _lib.call("ct_new", _lib.encode(game), _lib.encode(_options_text(options)),
                      _lib.encode(self._seats_text()), _lib.encode(settings or ""),
                      ctypes.c_uint64(seed & (2**64 - 1)), ctypes.byref(handle))
            _handle = handle.value
        self._h = _handle
        if _sizes is None:
            players, actions, size = ctypes.c_int32(), ctypes.c_int32(), ctypes.c_int32()
            _lib.call("ct_sizes", self._h, ctypes.byref(players), ctypes.byref(actions), ctypes.byref(size))
            _sizes = players.value, actions.value, size.value
        self.num_players, self.num_actions, self.obs_size = _sizes
        self._obs = _Buffer(self.obs_size, ctypes.c_float, "float32", _lib._c_float_p)
        self._mask = _Buffer(self.num_actions, ctypes.c_uint8, "int8", _lib._c_uint8_p)
        self._returns = (ctypes.c_double * self.num_players)()
        self._next = ctypes.c_int32(-1)
        self._over = ctypes.c_int32(0)
        self._next_ref, self._over_ref = ctypes.byref(self._next), ctypes.byref(self._over)
        self._seats = (ctypes.c_int32 * self.num_players)()
        self._n = ctypes.c_int32(0)
        self._legal = (ctypes.c_int32 * self.num_actions)()

    def _seats_text(self):
        if not self.bots:
            return ""
        top = max(int(s) for s in self.bots)
        return ",".join(self.bots.get(s, "") for s in range(top + 1))

    # Lifetime.

    def close(self):
        """Frees the game in the library (further calls raise BadHandle)."""
        if self._h:
            _lib.call("ct_free", self._h)
            self._h = 0

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def reset(self, seed):
        """Deals a new game from seed (the bots play until a caller's seat must act)."""
        _lib.call("ct_reset", self._h, ctypes.c_uint64(seed & (2**64 - 1)))

    def clone(self):
        """An independent copy (its bots start again from their seeds)."""
        out = ctypes.c_uint64(0)
        _lib.call("ct_clone", self._h, ctypes.byref(out))
        return self._wrap(out.value)

    def determinize(self, seat, seed):
        """A copy in which every card seat cannot see is dealt again at random,
        consistent with its observation: a sample of seat's information set."""
        out = ctypes.c_uint64(0)
        _lib.call("ct_determinize", self._h, seat, ctypes.c_uint64(seed & (2**64 - 1)), ctypes.byref(out))
        return self._wrap(out.value)

    def _wrap(self, handle):
        return Game(self.game, self.options, self.bots, self.settings, _handle=handle,
                    _sizes=(self.num_players, self.num_actions, self.obs_size))

    # The position.

    def to_move(self):
        """The caller's seats that may act now, in seat order (several in a
        simultaneous window, none once the game is over)."""
        _lib.call("ct_to_move", self._h, self._seats, self.num_players, ctypes.byref(self._n))
        return self._seats[:self._n.value]

    def legal(self, seat):
        """seat's legal action indices, in increasing order."""
        _lib.call("ct_legal", self._h, seat, None, 0, self._legal, self.num_actions, ctypes.byref(self._n))
        return self._legal[:self._n.value]

    def legal_mask(self, seat):
        """seat's legal mask: 1 at each legal index."""
        _lib.call("ct_legal", self._h, seat, self._mask.ptr, self.num_actions, None, 0, None)
        return self._mask.value()

    def observe(self, seat):
        """seat's observation (docs/python.md lists its fields)."""
        _lib.call("ct_observe", self._h, seat, self._obs.ptr, self.obs_size)
        return self._obs.value()

    def step(self, seat, index):
        """Plays index for seat, then the bots; returns the caller's next seat
        to act (-1 when none: the game is over)."""
        _lib.call("ct_step", self._h, seat, index, ctypes.byref(self._next), None, 0, None, 0,
                  None, 0, None)
        return self._next.value

    def step_observe(self, seat, index):
        """step, and in the same call the next seat's observation and mask:
        (next seat, observation, mask), both None when the game is over."""
        _lib.call("ct_step", self._h, seat, index, self._next_ref, self._obs.ptr,
                  self.obs_size, self._mask.ptr, self.num_actions, self._returns,
                  self.num_players, self._over_ref)
        nxt = self._next.value
        if nxt < 0:
            return -1, None, None
        return nxt, self._obs.value(), self._mask.value()

    def step_text(self, seat, text):
        """Plays seat's action written in the game's notation (War: slap@350)."""
        _lib.call("ct_step_text", self._h, seat, _lib.encode(text))

    def next_seat(self):
        """The caller's first seat to act (-1 when none)."""
        _lib.call("ct_status", self._h, ctypes.byref(self._next), None, 0, None, 0, None, 0,
                  None, None)
        return self._next.value

    @property
    def over(self):
        """Whether the game is over."""
        _lib.call("ct_status", self._h, None, None, 0, None, 0, None, 0, ctypes.byref(self._over), None)
        return bool(self._over.value)

    def returns(self):
        """Each seat's return (all 0 until the game is over)."""
        _lib.call("ct_status", self._h, None, None, 0, None, 0, self._returns, self.num_players,
                  None, None)
        return self._returns[:]

    @property
    def steps(self):
        """Actions played so far, the bots' included."""
        steps = ctypes.c_int64(0)
        _lib.call("ct_status", self._h, None, None, 0, None, 0, None, 0, None, ctypes.byref(steps))
        return steps.value

    def result(self):
        """The outcome so far: over, end, winners, returns, length, detail."""
        return json.loads(_lib.text("ct_result", self._h))

    def record(self):
        """The game's record (docs/records.md) as JSON text: cardtable replay
        and cardtable analyze read it."""
        return _lib.text("ct_record", self._h)

    def save_record(self, path):
        """Writes the record to path."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.record())

    def view(self, seat):
        """seat's view as the engine shows it, a dict (the agent protocol's view)."""
        return json.loads(_lib.text("ct_view", self._h, seat, 0))

    def view_text(self, seat):
        """seat's view for people."""
        return _lib.text("ct_view", self._h, seat, 1)

    def action_text(self, seat, index):
        """The legal action index names for seat now, in the game's notation."""
        return _lib.text("ct_action_text", self._h, seat, index)

    def bot_action(self, seat, spec="heuristic"):
        """What the bot of spec would play for seat now: (index, notation).
        Nothing is played; each (seat, spec) keeps its bot until reset."""
        index = ctypes.c_int32(-1)
        text = _lib.text("ct_bot_action", self._h, seat, _lib.encode(spec), ctypes.byref(index))
        return index.value, text
