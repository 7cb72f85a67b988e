"""Random games through the Python API, checked step by step against the
Go engine's own record of them.

For every game (1,000 of each with CARDTABLE_TEST_GAMES=1000, the full
run), every action an agent played must be the record's action at that
place — same seat, same notation — and the game's end must be the record's
result, with the rewards the agents received. With $CARDTABLE_RECORD_DIR
set, one record of each game is written there for cardtable replay and
cardtable analyze (the Go test that runs this reads them).
"""

import os
import unittest

import cardtable

from .play import games, random_game, record_of

GAMES = [
    ("war", None),
    ("regicide", None),
    ("watchtower", None),
]
VARIANTS = [
    ("war", {"players": 3, "slap": 5}),
    ("regicide", {"players": 3}),
    ("regicide", {"players": 4, "exact-kill": "optional"}),
    ("watchtower", {"players": 4}),
]


class AgainstTheRecord(unittest.TestCase):

    def test_games(self):
        for game, options in GAMES:
            with self.subTest(game=game):
                self.check(game, options, games(50), save=True)

    def test_variants(self):
        for game, options in VARIANTS:
            with self.subTest(game=game, options=options):
                self.check(game, options, max(games(50) // 20, 5))

    def check(self, game, options, n, save=False):
        env = cardtable.env(game, options=options)
        masks = [0]

        def on_step(agent, obs, info, action):
            self.assertEqual(info["action_mask"][action], 1)
            masks[0] += 1

        for g in range(n):
            seed = 1_000_003 * g + 17
            rewards = {}
            played = random_game(env, seed, on_step, rewards)
            rec = record_of(env)
            self.assertEqual(rec["game"], game)
            self.assertEqual(rec["seed"], seed)
            actions = rec["actions"]
            self.assertEqual(len(actions), len(played), "seed %d: the record holds every action" % seed)
            for i, ((seat, index, text), want) in enumerate(zip(played, actions)):
                self.assertEqual((seat, text), (want["seat"], want["action"]),
                                 "seed %d, action %d (index %d)" % (seed, i, index))
            result = rec["result"]
            self.assertTrue(result["over"])
            self.assertEqual(result, env.result())
            for agent in env.possible_agents:
                self.assertEqual(rewards[agent], result["returns"][int(agent.split("_")[1])],
                                 "seed %d: %s's reward is its return" % (seed, agent))
            if save and g == 0 and os.environ.get("CARDTABLE_RECORD_DIR"):
                path = os.path.join(os.environ["CARDTABLE_RECORD_DIR"], "%s.json" % game)
                env.save_record(path)
        self.assertGreater(masks[0], 0)
        env.close()


if __name__ == "__main__":
    unittest.main()
