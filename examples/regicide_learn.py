"""Learn to play solo Regicide in a few minutes, through cardtable's Python environment.

The agent values the position after each legal action — looked at in a
determinization (a deal consistent with what it may know: never the real
deck) — with a linear function of the observation, plays the best one
(sometimes another, to explore), and after each game moves the values of
the positions it chose toward the game's return (Monte Carlo). It prints,
on the same evaluation deals, its wins and enemies defeated before and
after training beside the random and heuristic bots'.

    go build -buildmode=c-shared -o python/cardtable/libcardtable.so ./cmd/libcardtable
    PYTHONPATH=python python3 examples/regicide_learn.py --minutes 3

Standard library only; NumPy makes it faster when it imports.
"""

import argparse
import random
import sys
import time

import cardtable

np = cardtable.game.np


class Values:
    """A linear value of observations: w·x + b."""

    def __init__(self, size):
        self.size = size
        self.w = np.zeros(size) if np is not None else [0.0] * size
        self.b = 0.0

    def __call__(self, x):
        if np is not None:
            return float(self.w @ x) + self.b
        return sum(wi * xi for wi, xi in zip(self.w, x) if xi) + self.b

    def learn(self, x, target, rate):
        err = target - self(x)
        if np is not None:
            self.w += rate * err * x
        else:
            for i, xi in enumerate(x):
                if xi:
                    self.w[i] += rate * err * xi
        self.b += rate * err


class Agent:
    def __init__(self, values, rng, explore=0.0):
        self.values, self.rng, self.explore = values, rng, explore

    def choose(self, game, seat):
        """(index, afterstate observation) for seat: the legal action whose
        position after it, in one determinization, looks best."""
        legal = game.legal(seat)
        if len(legal) == 1 and self.explore == 0:
            return legal[0], None
        world = game.determinize(seat, self.rng.getrandbits(63))
        best, best_v, best_x = [], None, None
        for index in legal:
            after = world.clone()
            after.step(seat, index)
            x = after.observe(seat)
            after.close()
            v = self.values(x)
            if best_v is None or v > best_v + 1e-12:
                best, best_v, best_x = [index], v, x
            elif abs(v - best_v) <= 1e-12:
                best.append(index)
        world.close()
        if self.rng.random() < self.explore:
            index = self.rng.choice(legal)
            return index, None
        return self.rng.choice(best), best_x


def play(seed, agent=None, bot=None):
    """One solo game from seed by the agent (learning nothing) or a bot;
    returns (won, enemies defeated, the agent's afterstates)."""
    game = cardtable.Game("regicide", seed=seed)
    chosen = []
    seat = game.next_seat()
    while seat >= 0:
        if bot:
            index, _ = game.bot_action(seat, bot)
        else:
            index, x = agent.choose(game, seat)
            if x is not None:
                chosen.append(x)
        seat = game.step(seat, index)
    ret = game.returns()[0]
    game.close()
    return ret == 1.0, round(ret * 12), ret, chosen


def evaluate(deals, agent=None, bot=None):
    wins = enemies = 0
    for seed in deals:
        won, n, _, _ = play(seed, agent, bot)
        wins += won
        enemies += n
    return wins / len(deals), enemies / len(deals)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    p.add_argument("--eval", type=int, default=200, help="evaluation deals (default 200)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)
    deals = [10_000_000 + i for i in range(a.eval)]
    size = cardtable.describe("regicide")["obs_size"]
    values = Values(size)
    print("solo Regicide, %d evaluation deals; NumPy: %s" % (len(deals), "yes" if np is not None else "no"))
    rows = [("random bot", evaluate(deals, bot="random")),
            ("heuristic bot", evaluate(deals, bot="heuristic")),
            ("agent before training", evaluate(deals, Agent(values, random.Random(a.seed))))]
    for name, (w, e) in rows:
        print("  %-24s wins %5.1f%%  enemies defeated %.2f" % (name, 100 * w, e))
    sys.stdout.flush()

    began, games, recent = time.time(), 0, []
    learner = Agent(values, rng)
    while time.time() - began < a.minutes * 60:
        progress = (time.time() - began) / (a.minutes * 60)
        learner.explore = 0.2 * (1 - progress) + 0.02
        won, n, ret, chosen = play(rng.getrandbits(62), learner)
        for x in chosen:
            values.learn(x, ret, 0.01)
        games += 1
        recent = (recent + [n])[-200:]
        if games % 200 == 0:
            print("  trained %d games (%.0f s): enemies defeated, last 200: %.2f"
                  % (games, time.time() - began, sum(recent) / len(recent)))
            sys.stdout.flush()
    w, e = evaluate(deals, Agent(values, random.Random(a.seed)))
    print("  %-24s wins %5.1f%%  enemies defeated %.2f  (%d training games in %.1f min)"
          % ("agent after training", 100 * w, e, games, a.minutes))


if __name__ == "__main__":
    main()
