"""Observations are NumPy arrays when NumPy imports, lists otherwise.

$CARDTABLE_EXPECT_NUMPY (set by the Go test that runs these tests twice)
says which run this is, so a run meant to use NumPy cannot silently fall
back to lists.
"""

import os
import unittest

import cardtable


class Arrays(unittest.TestCase):

    def test_kind(self):
        expect = os.environ.get("CARDTABLE_EXPECT_NUMPY")
        if expect is not None:
            self.assertEqual(cardtable.HAVE_NUMPY, expect == "1")
        g = cardtable.Game("watchtower", seed=2)
        obs, mask = g.observe(0), g.legal_mask(0)
        if cardtable.HAVE_NUMPY:
            import numpy as np
            self.assertIsInstance(obs, np.ndarray)
            self.assertEqual((obs.dtype, obs.shape), (np.float32, (g.obs_size,)))
            self.assertEqual((mask.dtype, mask.shape), (np.int8, (g.num_actions,)))
        else:
            self.assertIsInstance(obs, list)
            self.assertIsInstance(mask, list)
            self.assertEqual(len(obs), g.obs_size)
        self.assertEqual([i for i, m in enumerate(mask) if m], g.legal(0))
        self.assertTrue(all(0 <= x <= 1 for x in obs))

    def test_copies(self):
        g = cardtable.Game("regicide", seed=2)
        a = g.observe(0)
        kept = list(a)
        nxt, b, _ = g.step_observe(0, g.legal(0)[0])
        self.assertEqual(list(a), kept, "an observation kept is not overwritten by the next")
        self.assertNotEqual(list(b), kept)

    def test_describe(self):
        d = cardtable.describe("regicide", {"players": 2})
        self.assertEqual((d["players"], d["num_actions"], d["obs_size"]), (2, 523, 990))
        fields = {f["name"]: f for f in d["observation"]}
        self.assertEqual(fields["hand_slots"]["shape"], [8, 54])
        self.assertEqual(sum(f["size"] for f in d["observation"]), d["obs_size"])
        self.assertEqual([g["name"] for g in d["actions"]][:3], ["play", "discard", "yield"])
        self.assertIn("expert", d["bots"])


if __name__ == "__main__":
    unittest.main()
