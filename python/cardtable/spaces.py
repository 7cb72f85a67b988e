"""Spaces described as Gymnasium describes them, without importing it.

Box, Discrete and Dict here hold what gymnasium.spaces' classes of the same
names hold (shape, dtype, low, high, n, spaces) and answer contains() and
sample(mask); the adapter (cardtable.adapters) turns them into Gymnasium's
own when Gymnasium is installed.
"""

import random

from .game import HAVE_NUMPY, np

__all__ = ["Box", "Discrete", "Dict"]


class Box:
    """Numbers of a fixed shape between low and high (float32 observations in
    [0, 1], int8 masks of 0 and 1)."""

    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def contains(self, x):
        n = self.shape[0]
        if HAVE_NUMPY and isinstance(x, np.ndarray):
            return (x.shape == self.shape and x.dtype == np.dtype(self.dtype)
                    and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))
        return len(x) == n and all(self.low <= v <= self.high for v in x)

    def __contains__(self, x):
        return self.contains(x)

    def __eq__(self, other):
        return (isinstance(other, Box) and (self.low, self.high, self.shape, self.dtype)
                == (other.low, other.high, other.shape, other.dtype))

    def __repr__(self):
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, self.dtype)


class Discrete:
    """The integers 0 … n-1 (action indices)."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        self._rng = random.Random(seed)

    def contains(self, x):
        try:
            return int(x) == x and 0 <= int(x) < self.n
        except (TypeError, ValueError):
            return False

    def __contains__(self, x):
        return self.contains(x)

    def sample(self, mask=None):
        """A uniform index; with mask, a uniform index where mask is 1."""
        if mask is None:
            return self._rng.randrange(self.n)
        legal = [i for i, m in enumerate(mask) if m]
        if not legal:
            raise ValueError("the mask allows no action")
        return legal[self._rng.randrange(len(legal))]

    def __eq__(self, other):
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Dict:
    """Named spaces: PettingZoo's card games observe {"observation",
    "action_mask"}."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def __iter__(self):
        return iter(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def contains(self, x):
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __contains__(self, x):
        return self.contains(x)

    def __eq__(self, other):
        return isinstance(other, Dict) and other.spaces == self.spaces

    def __repr__(self):
        return "Dict(%r)" % self.spaces
