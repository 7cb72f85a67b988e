"""The Gymnasium and PettingZoo adapters, with and without the libraries.

Neither library is installable here. Without them the adapters register
nothing and say what is missing. For the path with them, this test puts in
sys.modules small stand-ins written from the two libraries' documented
API (gymnasium.Env with reset(seed) seeding np_random, gymnasium.register
and make, gymnasium.spaces.Box, Discrete and Dict; pettingzoo.AECEnv with
agent_iter and last) and plays through the adapters.
"""

import random
import sys
import types
import unittest

import cardtable
from cardtable import adapters


def stand_ins():
    import numpy as np

    gymnasium = types.ModuleType("gymnasium")
    spaces = types.ModuleType("gymnasium.spaces")

    class Space:
        pass

    class Box(Space):
        def __init__(self, low, high, shape, dtype):
            self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), np.dtype(dtype)

        def contains(self, x):
            x = np.asarray(x)
            return x.shape == self.shape and x.dtype == self.dtype and bool(np.all((x >= self.low) & (x <= self.high)))

    class Discrete(Space):
        def __init__(self, n):
            self.n = n

        def contains(self, x):
            return 0 <= int(x) < self.n

    class Dict(Space):
        def __init__(self, d):
            self.spaces = d

        def contains(self, x):
            return all(s.contains(x[k]) for k, s in self.spaces.items())

    spaces.Box, spaces.Discrete, spaces.Dict, spaces.Space = Box, Discrete, Dict, Space

    class Env:
        def reset(self, *, seed=None, options=None):
            if seed is not None or not hasattr(self, "_np_random"):
                self._np_random = np.random.default_rng(seed)

        @property
        def np_random(self):
            return self._np_random

    registry = {}

    def register(id, entry_point):
        registry[id] = entry_point

    def make(id, **kwargs):
        module, _, name = registry[id].partition(":")
        return getattr(__import__(module, fromlist=[name]), name)(**kwargs)

    gymnasium.Env, gymnasium.spaces, gymnasium.register, gymnasium.make = Env, spaces, register, make
    gymnasium.envs = types.SimpleNamespace(registry=registry)

    pettingzoo = types.ModuleType("pettingzoo")

    class AECEnv:
        def agent_iter(self, max_iter=2**63):
            while self.agents and max_iter > 0:
                max_iter -= 1
                yield self.agent_selection

        def last(self, observe=True):
            a = self.agent_selection
            return (self.observe(a) if observe else None, self._cumulative_rewards[a],
                    self.terminations[a], self.truncations[a], self.infos[a])

    pettingzoo.AECEnv = AECEnv
    return {"gymnasium": gymnasium, "gymnasium.spaces": spaces, "pettingzoo": pettingzoo}


class Adapters(unittest.TestCase):

    def test_without_the_libraries(self):
        self.assertEqual(adapters.available(), {"gymnasium": False, "pettingzoo": False},
                         "this test expects neither library installed")
        self.assertEqual(adapters.register(), [])
        with self.assertRaises(ImportError) as cm:
            adapters.pettingzoo_env("war")
        self.assertIn("pettingzoo and gymnasium not installed", str(cm.exception))
        with self.assertRaises(ImportError) as cm:
            adapters.GymnasiumEnv(game="regicide")
        self.assertIn("Gymnasium is not installed", str(cm.exception))

    def test_with_the_libraries(self):
        try:
            import numpy  # noqa: F401  Gymnasium cannot be installed without it
        except ImportError:
            self.skipTest("NumPy is missing, so Gymnasium could not be installed either")
        saved = {k: sys.modules.get(k) for k in ("gymnasium", "gymnasium.spaces", "pettingzoo")}
        sys.modules.update(stand_ins())
        try:
            self.play_through_the_adapters()
        finally:
            for k, m in saved.items():
                if m is None:
                    sys.modules.pop(k, None)
                else:
                    sys.modules[k] = m

    def play_through_the_adapters(self):
        import gymnasium
        import pettingzoo
        self.assertEqual(adapters.available(), {"gymnasium": True, "pettingzoo": True})
        self.assertEqual(adapters.register(), ["cardtable/RegicideSolo-v0", "cardtable/Single-v0"])
        env = gymnasium.make("cardtable/RegicideSolo-v0")
        self.assertIsInstance(env, gymnasium.Env)
        obs, info = env.reset(seed=3)
        self.assertTrue(env.observation_space.contains(obs))
        done = False
        while not done:
            legal = [i for i, m in enumerate(info["action_mask"]) if m]
            obs, reward, term, trunc, info = env.step(legal[0])
            self.assertTrue(env.observation_space.contains(obs))
            done = term or trunc
        war = gymnasium.make("cardtable/Single-v0", game="war", bots={1: "heuristic"})
        war.reset()
        self.assertTrue(war.action_space.contains(0))

        aec = adapters.pettingzoo_env("regicide", options={"players": 3})
        self.assertIsInstance(aec, pettingzoo.AECEnv)
        aec.reset(seed=1)
        rng = random.Random(1)
        steps = 0
        for agent in aec.agent_iter():
            obs, reward, term, trunc, info = aec.last()
            self.assertTrue(aec.observation_space(agent).contains(obs))
            if term or trunc:
                aec.step(None)
                continue
            legal = [i for i, m in enumerate(obs["action_mask"]) if m]
            aec.step(legal[rng.randrange(len(legal))])
            steps += 1
        self.assertGreater(steps, 0)
        self.assertEqual(aec.agents, [])


if __name__ == "__main__":
    unittest.main()
