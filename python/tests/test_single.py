"""The single-agent environment against Gymnasium's documented API.

Written from Gymnasium's Env documentation and its env checker (which needs
Gymnasium): reset(seed=None, options=None) returns (observation, info),
step returns (observation, reward, terminated, truncated, info) with a
float reward and bools, observations inside observation_space, seeded
resets that repeat, and the mask in info.
"""

import inspect
import unittest

import cardtable


class SingleAgentContract(unittest.TestCase):

    def test_regicide_solo(self):
        env = cardtable.regicide_solo()
        self.check(env, 20)

    def test_war_against_the_heuristic(self):
        env = cardtable.SingleAgentEnv("war", options={"slap": 5}, bots={1: "heuristic"},
                                       settings="slap-ms=reaction")
        self.check(env, 5)

    def check(self, env, n):
        sig = inspect.signature(env.reset)
        self.assertIn("seed", sig.parameters)
        self.assertIsNone(sig.parameters["seed"].default)
        self.assertIsInstance(env.action_space, cardtable.Discrete)
        wins = 0
        for seed in range(n):
            obs, info = env.reset(seed=seed)
            self.assertIn(obs, env.observation_space)
            self.assertIsInstance(info, dict)
            terminated = truncated = False
            total = 0.0
            while not (terminated or truncated):
                action = env.action_space.sample(info["action_mask"])
                obs, reward, terminated, truncated, info = env.step(action)
                self.assertIn(obs, env.observation_space)
                self.assertIsInstance(reward, float)
                self.assertIsInstance(terminated, bool)
                self.assertIsInstance(truncated, bool)
                self.assertIsInstance(info, dict)
                total += reward
            self.assertTrue(terminated)
            self.assertEqual(total, info["result"]["returns"][env.seat])
            self.assertFalse(any(info["action_mask"]), "no action is legal at the end")
            wins += env.seat in info["result"]["winners"]
        return wins

    def test_seeded_resets_repeat(self):
        env = cardtable.regicide_solo()
        a, _ = env.reset(seed=123)
        b, _ = env.reset()
        c, _ = env.reset(seed=123)
        d, _ = env.reset()
        e, _ = env.reset(seed=456)
        self.assertEqual(list(a), list(c))
        self.assertEqual(list(b), list(d))
        self.assertNotEqual(list(a), list(e))
        first = [env.reset(seed=9)[0]]
        trail = []
        for _ in range(2):
            obs, info = env.reset(seed=9)
            steps = []
            done = False
            while not done:
                x = min(i for i, m in enumerate(info["action_mask"]) if m)
                obs, r, term, trunc, info = env.step(x)
                steps.append((list(obs), r, term))
                done = term or trunc
            trail.append(steps)
        self.assertEqual(trail[0], trail[1], "the same seed and actions give the same game")
        self.assertTrue(first)

    def test_truncation_and_refusals(self):
        env = cardtable.regicide_solo(max_steps=2, options={"solo-yield": True})
        obs, info = env.reset(seed=1)
        with self.assertRaises(cardtable.IllegalAction):
            env.step(env.action_space.n)
        with self.assertRaises(cardtable.IllegalAction):
            env.step(0)
        legal = [i for i, m in enumerate(info["action_mask"]) if m]
        _, _, term, trunc, info = env.step(legal[0])
        if not term:
            legal = [i for i, m in enumerate(info["action_mask"]) if m]
            _, _, term, trunc, _ = env.step(legal[0])
            self.assertTrue(term or trunc)
        with self.assertRaises(cardtable.BadArgument):
            cardtable.regicide_solo(options={"players": 2})
        with self.assertRaises(cardtable.BadArgument):
            cardtable.SingleAgentEnv("war")


if __name__ == "__main__":
    unittest.main()
