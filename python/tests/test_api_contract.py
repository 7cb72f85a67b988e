"""The AEC environment against PettingZoo's documented API.

Written from PettingZoo's AEC API documentation and its api_test (which
needs PettingZoo and Gymnasium, not installable here): reset(seed, options),
agents and possible_agents, agent_iter, last, step (None for a done agent),
observe, rewards, _cumulative_rewards, terminations, truncations, infos with
the action mask, observation_space and action_space returning the same
object for an agent, and rewards that add up to what last() reports.
"""

import unittest
from collections import defaultdict

import cardtable

CONFIGS = [
    ("war", None, None), ("war", {"players": 3, "slap": 5}, None),
    ("war", {"slap": 5}, {1: "heuristic"}),
    ("regicide", None, None), ("regicide", {"players": 4}, None),
    ("regicide", {"players": 2}, {0: "heuristic"}),
    ("watchtower", None, None), ("watchtower", {"players": 3}, {2: "heuristic"}),
]


class AECContract(unittest.TestCase):

    def test_play(self):
        for game, options, bots in CONFIGS:
            with self.subTest(game=game, options=options, bots=bots):
                env = cardtable.env(game, options=options, bots=bots)
                for seed in range(3):
                    self.play(env, seed)
                env.close()

    def play(self, env, seed):
        env.reset(seed=seed, options={"options": 1})
        self.assertEqual(env.agents, env.possible_agents)
        self.assertFalse(any(env.terminations.values()) or any(env.truncations.values()))
        self.assertGreater(env.num_agents, 0)
        for agent in env.agents:
            self.assertRegex(agent, r"^player_[0-9]+$")
            self.assertIs(env.observation_space(agent), env.observation_space(agent))
            self.assertIs(env.action_space(agent), env.action_space(agent))
        obs, *_ = env.last()
        self.assertIsNone(env.last(observe=False)[0])
        self.assertIn(obs, env.observation_space(env.agent_selection))
        live, finished, seen = set(env.agents), set(), set()
        accumulated = defaultdict(float)
        for agent in env.agent_iter():
            seen.add(agent)
            self.assertNotIn(agent, finished, "agents cannot come back")
            self.assertIsInstance(env.infos[agent], dict)
            obs, reward, terminated, truncated, info = env.last()
            self.assertIsInstance(terminated, bool)
            self.assertIsInstance(truncated, bool)
            self.assertEqual(terminated, env.terminations[agent])
            self.assertEqual(info, env.infos[agent])
            self.assertEqual(accumulated[agent], reward, "last() gives the rewards accumulated since the agent's last step")
            accumulated[agent] = 0
            self.assertIn(obs, env.observation_space(agent))
            if terminated or truncated:
                action = None
                live.discard(agent)
                finished.add(agent)
            else:
                mask = info["action_mask"]
                self.assertEqual(list(mask), list(obs["action_mask"]))
                self.assertTrue(any(mask), "an agent to act has a legal action")
                action = env.action_space(agent).sample(mask)
                self.assertIn(action, env.action_space(agent))
            self.assertIsNone(env.step(action))
            for a, r in env.rewards.items():
                float(r)
                accumulated[a] += r
            self.assertEqual(env.num_agents, len(env.agents))
            for d in (env.rewards, env.terminations, env.truncations, env.infos):
                self.assertEqual(set(d), set(env.agents))
            self.assertTrue(set(env.agents) <= set(env.possible_agents))
        self.assertEqual(env.agents, [])
        self.assertEqual(finished, seen, "every agent finished")
        result = env.result()
        self.assertTrue(result["over"])

    def test_truncation(self):
        env = cardtable.env("war", max_steps=7)
        env.reset(seed=1)
        steps = 0
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if truncated:
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(env.infos[agent]["action_mask"]))
            steps += 1
        self.assertEqual(steps, 7)

    def test_seeds(self):
        env = cardtable.env("regicide")
        first = []
        for seed in (123, None, 123, None):
            env.reset(seed=seed)
            first.append(list(env.last()[0]["observation"]))
        self.assertEqual(first[0], first[2], "reset(seed=123) deals the same game")
        self.assertEqual(first[1], first[3], "reset(seed=123) then reset() deals the same games")
        self.assertNotEqual(first[0], first[1])
        env.reset(seed=7)
        game = cardtable.Game("regicide", seed=7)
        self.assertEqual(list(env.last()[0]["observation"]), list(game.observe(0)),
                         "reset(seed=S) deals cardtable's game of seed S")

    def test_illegal_step_changes_nothing(self):
        env = cardtable.env("regicide")
        env.reset(seed=3)
        before = list(env.last()[0]["observation"])
        with self.assertRaises(cardtable.IllegalAction) as cm:
            env.step(0)
        self.assertIn("not legal", str(cm.exception))
        with self.assertRaises(cardtable.IllegalAction):
            env.step(None)
        self.assertEqual(list(env.last()[0]["observation"]), before)

    def test_bots_are_not_agents(self):
        env = cardtable.env("war", bots={1: "heuristic"})
        self.assertEqual(env.possible_agents, ["player_0"])
        with self.assertRaises(cardtable.BadArgument):
            cardtable.env("war", bots={0: "heuristic", 1: "heuristic"})


if __name__ == "__main__":
    unittest.main()
