"""Learn to play solo Regicide in a few minutes, through cardtable's Python environment.

The agent values the position after each legal action — looked at in a
determinization (a deal consistent with what it may know: never the real
deck) — with a linear function of the observation and three numbers
computed from it (the hand's value, whether it covers the attack to
suffer, by how much), plays the best one (sometimes another, to explore),
and after each game moves the value of each position it chose toward the
value of the next one, the last toward the game's return (TD(0)). It
prints, on the same evaluation deals, its wins and enemies defeated before
and after training beside the random and heuristic bots'.

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


# The observation's fields (docs/python.md), and the cards' values in the
# observation's card order (2C 2D 2H 2S 3C … AS JK1 JK2; REG-07).
FIELDS = {f["name"]: f for f in cardtable.describe("regicide")["observation"]}
VALUES = [r for r in range(2, 11) for _ in range(4)] + [10] * 4 + [15] * 4 + [20] * 4 + [1] * 4 + [0, 0]
VALUE_ARRAY = np.array(VALUES, dtype=np.float32) if np is not None else None


def features(x):
    """The observation and three numbers computed from it: the hand's value,
    whether it covers the attack to suffer, and by how much."""
    h, s = FIELDS["hand"], FIELDS["suffer"]
    hand = x[h["offset"]:h["offset"] + h["size"]]
    if np is not None:
        value = float(np.dot(VALUE_ARRAY, hand))
    else:
        value = sum(v for v, m in zip(VALUES, hand) if m)
    suffer = x[s["offset"]] * 20
    extra = [value / 40, 1.0 if value >= suffer else 0.0, max(-1.0, min(1.0, (value - suffer) / 20))]
    if np is not None:
        return np.concatenate([x, np.array(extra, dtype=np.float32)])
    return list(x) + extra


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
            x = features(after.observe(seat))
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
    size = cardtable.describe("regicide")["obs_size"] + 3
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
        for i, x in enumerate(chosen):
            target = ret if i + 1 == len(chosen) else values(chosen[i + 1])
            values.learn(x, target, 0.02)
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
