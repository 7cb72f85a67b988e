"""python3 -m cardtable GAME: play one game through the environment.

The agent's seats play random legal actions (or a bot's, --policy), the
other seats the bots given with --bot; every action is printed, then the
result, and --record FILE keeps the game for cardtable replay.
"""

import argparse
import random
import sys

from . import Game, describe


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m cardtable", description=__doc__.split("\n")[0])
    p.add_argument("game", choices=["war", "regicide", "watchtower"])
    p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, as cardtable's -o (repeat, or comma-separate)")
    p.add_argument("--bot", action="append", default=[], metavar="SEAT=SPEC",
                   help="a seat (from 0) the environment's bot plays, e.g. 1=heuristic")
    p.add_argument("--policy", default="random",
                   help="how the agent's seats play: random, or a bot spec (heuristic, expert)")
    p.add_argument("--seed", type=int, default=None, help="the deal's seed (default: random)")
    p.add_argument("--record", metavar="FILE", help="save the game's record to FILE")
    p.add_argument("-q", "--quiet", action="store_true", help="print the result only")
    a = p.parse_args(argv)
    bots = {}
    for b in a.bot:
        seat, _, spec = b.partition("=")
        bots[int(seat)] = spec
    seed = a.seed if a.seed is not None else random.getrandbits(63)
    options = ",".join(a.option)
    game = Game(a.game, options=options, bots=bots, seed=seed)
    d = describe(a.game, options)
    rng = random.Random(seed)
    if not a.quiet:
        print("%s, seed %d: %d action indices, observations of %d numbers" %
              (a.game, seed, d["num_actions"], d["obs_size"]))
    seat = game.next_seat()
    while seat >= 0:
        if a.policy == "random":
            legal = game.legal(seat)
            index = legal[rng.randrange(len(legal))]
            text = game.action_text(seat, index)
        else:
            index, text = game.bot_action(seat, a.policy)
        if not a.quiet:
            print("seat %d: %s (index %d)" % (seat + 1, text, index))
        seat = game.step(seat, index)
    r = game.result()
    print("result: %s — %s; returns %s" % (r["end"], r["detail"], r["returns"]))
    if a.record:
        game.save_record(a.record)
        print("record: %s (cardtable replay %s)" % (a.record, a.record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
