"""No hidden card reaches an observation, for every seat of every game.

Dealing again every card a seat cannot see (Game.determinize), many ways,
must leave that seat's observation and legal indices as they were; and in a
simultaneous window a seat's observation must not change when another seat
answers before it.
"""

import random
import unittest

import cardtable

CONFIGS = [
    ("war", {"players": 3, "slap": 5}),
    ("regicide", None),
    ("regicide", {"players": 4}),
    ("watchtower", None),
    ("watchtower", {"players": 4}),
]


class Leaks(unittest.TestCase):

    def test_determinizations_keep_every_observation(self):
        for game, options in CONFIGS:
            with self.subTest(game=game, options=options):
                checked = 0
                for seed in range(3):
                    g = cardtable.Game(game, options=options, seed=seed)
                    rng = random.Random(seed)
                    step = 0
                    while True:
                        if step % 9 == 0:
                            checked += self.check(g, rng)
                        seat = g.next_seat()
                        if seat < 0:
                            break
                        legal = g.legal(seat)
                        g.step(seat, legal[rng.randrange(len(legal))])
                        step += 1
                    checked += self.check(g, rng)
                    g.close()
                self.assertGreater(checked, 0)

    def check(self, g, rng):
        n = 0
        for seat in range(g.num_players):
            want, legal = list(g.observe(seat)), g.legal(seat)
            for _ in range(3):
                with g.determinize(seat, rng.getrandbits(64)) as d:
                    self.assertEqual(list(d.observe(seat)), want,
                                     "seat %d's observation changed when the cards it cannot see were dealt again" % seat)
                    if len(g.to_move()) < 2:
                        self.assertEqual(d.legal(seat), legal)
                    n += 1
        return n

    def test_windows_are_sealed(self):
        g = cardtable.Game("war", options={"players": 3, "slap": 5})
        windows = 0
        for seed in range(3):
            g.reset(seed)
            rng = random.Random(seed)
            while not g.over:
                moving = g.to_move()
                if len(moving) > 1:
                    windows += 1
                    before = {s: list(g.observe(s)) for s in moving}
                    for i, seat in enumerate(moving):
                        legal = g.legal(seat)
                        g.step(seat, legal[rng.randrange(len(legal))])
                        if g.over:
                            break
                        for later in moving[i + 1:]:
                            if later in g.to_move():
                                self.assertEqual(list(g.observe(later)), before[later],
                                                 "seat %d saw seat %d's answer in a sealed window" % (later, seat))
                else:
                    legal = g.legal(moving[0])
                    g.step(moving[0], legal[rng.randrange(len(legal))])
        self.assertGreater(windows, 0)


if __name__ == "__main__":
    unittest.main()
