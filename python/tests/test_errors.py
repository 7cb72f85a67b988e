"""Every mistake a caller can make is an error with a code and a sentence,
changes nothing and leaves the process running: bad options, illegal
indices, wrong seats, closed handles, bad bots, NULL pointers."""

import ctypes
import unittest

import cardtable
from cardtable import _lib


class Errors(unittest.TestCase):

    def assertRefused(self, cls, says, f, *args):
        with self.assertRaises(cls) as cm:
            f(*args)
        self.assertIn(says, str(cm.exception))
        self.assertEqual(cm.exception.code, cls.code)

    def test_making_a_game(self):
        self.assertRefused(cardtable.BadArgument, 'unknown game "chess"', cardtable.Game, "chess")
        self.assertRefused(cardtable.BadOption, "players", cardtable.Game, "war", {"players": 9})
        self.assertRefused(cardtable.BadOption, 'unknown option "pikup"', cardtable.Game, "war", "pikup=seat")
        self.assertRefused(cardtable.BadOption, "key=value", cardtable.Game, "war", "players")
        self.assertRefused(cardtable.BadBot, "grandmaster", cardtable.Game, "war", None, {1: "grandmaster"})
        self.assertRefused(cardtable.BadBot, "at most 20000", cardtable.Game, "regicide", None,
                           {0: "expert:iterations=100000"})
        self.assertRefused(cardtable.BadArgument, "slap-ms", cardtable.Game, "war", None, None, "slap-ms=soon")
        self.assertRefused(cardtable.BadArgument, "unknown game", cardtable.describe, "go")

    def test_playing(self):
        g = cardtable.Game("regicide", {"players": 2, "first": 0})
        before = g.view(0)
        legal = g.legal(0)
        self.assertRefused(cardtable.BadArgument, "seat 2 is not a seat", g.step, 2, legal[0])
        self.assertRefused(cardtable.NotYourTurn, "may not act", g.step, 1, legal[0])
        self.assertRefused(cardtable.IllegalAction, "outside", g.step, 0, 100000)
        self.assertRefused(cardtable.IllegalAction, "not legal", g.step, 0, 0)
        self.assertRefused(cardtable.Notation, "dance", g.step_text, 0, "dance")
        self.assertRefused(cardtable.IllegalAction, "", g.step_text, 0, "discard")
        self.assertRefused(cardtable.IllegalAction, "not legal", g.action_text, 0, 0)
        self.assertRefused(cardtable.BadBot, "at most", g.bot_action, 0, "expert:iterations=100000")
        self.assertRefused(cardtable.BadArgument, "seat 7", g.observe, 7)
        self.assertEqual(g.view(0), before, "refused calls changed nothing")
        self.assertEqual(g.steps, 0)
        while not g.over:
            seat = g.next_seat()
            g.step(seat, g.legal(seat)[0])
        self.assertRefused(cardtable.GameOver, "over", g.step, 0, 0)
        with g.determinize(0, 5) as d:
            self.assertRefused(cardtable.NoRecord, "guessed", d.record)

    def test_closed_handles(self):
        g = cardtable.Game("war")
        h = g._h
        g.close()
        buf = ctypes.create_string_buffer(256)
        rc = _lib.lib.ct_reset(h, 1, buf, 256)
        self.assertEqual(rc, cardtable.BadHandle.code)
        self.assertIn(b"no environment has the handle", buf.value)
        self.assertEqual(_lib.lib.ct_free(987654321, buf, 256), cardtable.BadHandle.code)

    def test_null_and_short_buffers(self):
        g = cardtable.Game("regicide")
        buf = ctypes.create_string_buffer(256)
        lib = _lib.lib
        self.assertEqual(lib.ct_observe(g._h, 0, None, 10, buf, 256), cardtable.BadArgument.code)
        self.assertIn(b"obs is NULL", buf.value)
        short = (ctypes.c_float * 10)()
        self.assertEqual(lib.ct_observe(g._h, 0, ctypes.cast(short, _lib._c_float_p), 10, buf, 256),
                         cardtable.BadArgument.code)
        self.assertIn(b"needs 990 numbers", buf.value)
        self.assertEqual(lib.ct_new(b"war", None, None, None, 1, None, buf, 256), cardtable.BadArgument.code)
        n = ctypes.c_int64(0)
        small = ctypes.create_string_buffer(4)
        self.assertEqual(lib.ct_record(g._h, small, 4, ctypes.byref(n), buf, 256), 10)  # CT_BUFFER
        self.assertGreater(n.value, 4)
        self.assertEqual(lib.ct_new(None, None, None, None, 1, ctypes.byref(ctypes.c_uint64()), None, 0),
                         cardtable.BadArgument.code, "no error buffer: the code alone")
        self.assertTrue(g.legal(0), "the game still plays")


if __name__ == "__main__":
    unittest.main()
