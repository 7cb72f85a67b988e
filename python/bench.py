"""Steps per second of random play: cardtable's Python environment against
the JSON agent protocol, and against a pure-Python game loop in RLCard's
style (War, the one game small enough to write here in a few lines).

    go build -buildmode=c-shared -o python/cardtable/libcardtable.so ./cmd/libcardtable
    go build -o cardtable ./cmd/cardtable
    PYTHONPATH=python python3 python/bench.py --cardtable ./cardtable

A step is one action of a seat; each figure is given per second of wall
time and per CPU-second (the environment's process, or cardtable and its
agent processes together). Every figure plays the same deals (game i
from cards.SubSeed(seed, i), as cardtable play -n does) with random legal
actions in every seat, one game at a time, and reads what a learner reads
at each step:

  env (AEC)        cardtable.env: last() (observation and mask) and step()
  env (Game)       cardtable.Game: legal() and step_observe() (the
                   observation and mask of the next seat in the same call)
  agent protocol   cardtable play --seats cmd:python3 bench.py --agent,…:
                   one process per program seat, one JSON document a step
  pure Python      War written in Python in RLCard's style (state object,
                   legal actions, an observation list a step)

docs/benchmarks.md has the figures and the machine they were taken on.
"""

import argparse
import collections
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

# (game, options, seats, games per measurement)
GAMES = [("war", None, 2, 200), ("regicide", None, 1, 500), ("watchtower", None, 2, 100)]


def sub_seed(seed, i):
    """cards.SubSeed: the seed of game i of a run seeded with seed."""
    m = 2**64 - 1
    z = (seed + (i + 1) * 0x9E3779B97F4A7C15) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return z ^ (z >> 31)


def env_aec(game, options, games, seed):
    import cardtable
    env = cardtable.env(game, options=options)
    rng = random.Random(1)
    steps, began, cpu = 0, time.perf_counter(), time.process_time()
    for i in range(games):
        env.reset(seed=sub_seed(seed, i))
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = info["action_mask"]
            legal = (cardtable.game.np.flatnonzero(mask).tolist() if cardtable.HAVE_NUMPY
                     else [i for i, m in enumerate(mask) if m])
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - began, time.process_time() - cpu


def env_game(game, options, games, seed):
    import cardtable
    g = cardtable.Game(game, options=options)
    rng = random.Random(1)
    steps, began, cpu = 0, time.perf_counter(), time.process_time()
    for i in range(games):
        g.reset(sub_seed(seed, i))
        seat = g.next_seat()
        g.observe(seat)
        while seat >= 0:
            legal = g.legal(seat)
            seat, obs, mask = g.step_observe(seat, legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - began, time.process_time() - cpu


def agent():
    """A random agent over the JSON agent protocol (docs/protocol-agent.md);
    it adds the number of actions it played to the file $BENCH_COUNT."""
    rng = random.Random(os.getpid())
    n = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "turn":
            legal = msg["legal"]
            sys.stdout.write(json.dumps({"action": legal[rng.randrange(len(legal))], "version": msg["version"]}) + "\n")
            sys.stdout.flush()
            n += 1
        elif msg["type"] == "end":
            break
    with open(os.environ["BENCH_COUNT"], "a") as f:
        f.write("%d\n" % n)


def protocol(game, options, seats, games, seed, cardtable):
    """cardtable play with a random program in every seat, one game at a
    time: (steps, seconds)."""
    fd, count = tempfile.mkstemp()
    os.close(fd)
    me = "cmd:%s %s --agent" % (sys.executable, os.path.abspath(__file__))
    cmd = [cardtable, "play", game, "--seats", ",".join([me] * seats), "-n", str(games),
           "--seed", str(seed), "--workers", "1", "-q", "--timeout", "1m"]
    if options:
        cmd += ["-o", options]
    env = dict(os.environ, BENCH_COUNT=count)
    began, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=env)
    elapsed, after = time.perf_counter() - began, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    with open(count) as f:
        steps = sum(int(x) for x in f if x.strip())
    os.remove(count)
    return steps, elapsed, cpu


class PyWar:
    """Two-player War in pure Python, in RLCard's style: the deal from a seed,
    each seat flips, the battle is compared (ties: 3 down and 1 up), the
    winner takes the cards under its pile; legal_actions and an observation
    list (pile sizes and the table's cards, one per card) at each step."""

    def __init__(self, seed):
        rng = random.Random(seed)
        deck = [(r, s) for r in range(2, 15) for s in range(4)]
        rng.shuffle(deck)
        self.piles = [collections.deque(deck[0::2]), collections.deque(deck[1::2])]
        self.table = [[], []]
        self.flipped = [False, False]
        self.battles = 0
        self.winner = None

    def legal_actions(self, seat):
        return [] if self.winner is not None or self.flipped[seat] else [0]

    def observe(self, seat):
        obs = [0.0] * 106
        obs[0], obs[1] = len(self.piles[seat]) / 52, len(self.piles[1 - seat]) / 52
        for p in (0, 1):
            for i, (r, s) in enumerate(self.table[p]):
                obs[2 + 52 * p + (r - 2) * 4 + s] = (i + 1) / 52
        return obs

    def step(self, seat, action):
        self.flipped[seat] = True
        if all(self.flipped):
            self.flipped = [False, False]
            self.battle()

    def battle(self):
        down = 0
        while True:
            for p in (0, 1):
                if not self.piles[p]:
                    self.winner = 1 - p
                    return
                n = min(down + 1, len(self.piles[p]))
                for _ in range(n):
                    self.table[p].append(self.piles[p].popleft())
            a, b = self.table[0][-1][0], self.table[1][-1][0]
            if a != b:
                w = 0 if a > b else 1
                self.piles[w].extend(self.table[w] + self.table[1 - w])
                self.table = [[], []]
                self.battles += 1
                if not self.piles[1 - w] or self.battles >= 100000:
                    self.winner = w
                return
            down = 3


def pure_war(games, seed):
    rng = random.Random(1)
    steps, began, cpu = 0, time.perf_counter(), time.process_time()
    for i in range(games):
        g = PyWar(sub_seed(seed, i))
        while g.winner is None:
            for seat in (0, 1):
                legal = g.legal_actions(seat)
                if legal:
                    g.observe(seat)
                    g.step(seat, legal[rng.randrange(len(legal))])
                    steps += 1
    return steps, time.perf_counter() - began, time.process_time() - cpu


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--scale", type=float, default=1, help="play this many times the games of each measurement")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (game i: cards.SubSeed(seed, i))")
    p.add_argument("--cardtable", help="the cardtable binary, for the agent protocol's figures")
    p.add_argument("--only", help="one measurement: env_aec, env_game, protocol or pure_python, of --game")
    p.add_argument("--game", default="war")
    p.add_argument("--agent", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help="print one JSON document")
    a = p.parse_args()
    if a.agent:
        agent()
        return
    import cardtable
    rows = []
    for game, options, seats, games in GAMES:
        if a.only and game != a.game:
            continue
        games = max(1, int(games * a.scale))
        runs = {"env_aec": lambda: env_aec(game, options, games, a.seed),
                "env_game": lambda: env_game(game, options, games, a.seed)}
        if a.cardtable:
            runs["protocol"] = lambda: protocol(game, options, seats, games, a.seed, a.cardtable)
        if game == "war":
            runs["pure_python"] = lambda: pure_war(games, a.seed)
        row = {"game": game, "games": games, "numpy": cardtable.HAVE_NUMPY}
        for name, run in runs.items():
            if a.only and name != a.only:
                continue
            steps, seconds, cpu = run()
            row[name] = {"steps": steps, "seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
                         "steps_per_s": round(steps / seconds), "steps_per_cpu_s": round(steps / cpu)}
        rows.append(row)
        if not a.json:
            print("%-10s %4d games: %s" % (game, games, ", ".join(
                "%s %d steps/s (%d per CPU-s)" % (k, v["steps_per_s"], v["steps_per_cpu_s"])
                for k, v in row.items() if isinstance(v, dict))))
            sys.stdout.flush()
    if a.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
