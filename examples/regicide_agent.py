#!/usr/bin/env python3
"""A Regicide agent for cardtable's JSON protocol (docs/protocol-agent.md).

Run it with: cardtable play regicide --seats cmd:python3 examples/regicide_agent.py
It reads one JSON message per line on stdin and answers each turn with one
action from the turn's legal list. Standard library only.

It plays by the rules of cardtable's "heuristic" bot (bots/regicidebot),
worked out from the view alone: each play is scored by what it would do
(kill, damage, shield, cards drawn and healed, the attack that follows and
whether the hand can cover it), and a discard keeps the most useful cards.
"""
import json
import sys

VALUES = {"A": 1, "J": 10, "Q": 15, "K": 20}
MAX_HAND = {1: 8, 2: 7, 3: 6, 4: 5}  # REG-05
# Suits kept when discarding, beyond face value: Diamonds draw, Clubs are
# the first to go (the heuristic's tuned weights).
KEEP_SUIT = {"C": -2, "D": 3, "H": -1, "S": -1}


def value(card):  # "10H" -> 10, "KS" -> 20, "JK1" -> 0
    return 0 if card.startswith("JK") else VALUES.get(card[:-1]) or int(card[:-1])


def draws(view, n, own, tavern):
    """Diamonds: cards dealt one at a time from the current player on, to
    hands below the limit, until n are drawn or the Tavern is empty."""
    sizes = list(view["hand_sizes"])
    seat, players = view["current"], view["players"]
    sizes[seat] = own
    total = mine = skipped = 0
    while total < n and tavern > 0 and skipped < players:
        if sizes[seat] < MAX_HAND[players]:
            sizes[seat] += 1
            total, tavern, skipped = total + 1, tavern - 1, 0
            mine += seat == view["current"]
        else:
            skipped += 1
        seat = (seat + 1) % players
    return total, mine


def score(action, view):
    """How good a play or yield is (None: not worth considering), and
    whether it kills, can be covered, or draws cards (a reason not to flip
    the hand)."""
    words, enemy, hand = action.split(), view["enemy"], view.get("hand", [])
    played = words[1:]
    if words[0] == "yield":
        if view["players"] == 1 and view["yielded"][0]:
            return None, True  # a solo yield after a yield could loop forever
        suffer = enemy["attack"] - enemy["shield"]
        covers = sum(value(c) for c in hand) >= suffer
        return -6 - suffer - (0 if covers else 125), covers
    if words[0] != "play":
        return None, True
    if any(c.startswith("JK") for c in played):  # the Jester: for an immune enemy
        return (2 if enemy["immune"] and enemy["damage"] > 0 else -3), True
    n = sum(value(c) for c in played)
    acting = {c[-1] for c in played} - ({enemy["card"][-1]} if enemy["immune"] else set())
    tavern, heal = view["tavern"], 0
    if "H" in acting:
        heal = min(n, len(view["discard"]))
        tavern += heal
    rest = [c for c in hand if c not in played]
    drawn, mine = draws(view, n, len(rest), tavern) if "D" in acting else (0, 0)
    shield = enemy["shield"] + (n if "S" in acting else 0)
    damage = 2 * n if "C" in acting else n
    left = enemy["health"] - enemy["damage"]
    s = 5 * mine + 7.5 * (drawn - mine) + (2.7 if view["tavern"] < 12 else 1) * heal
    if damage >= left:  # a kill; an exact one puts the enemy on the Tavern
        return s + 1000 - 2 * n + (20 if damage == left else 0), True
    suffer = enemy["attack"] - shield
    covers = sum(value(c) for c in rest) >= suffer
    s += 1.5 * damage + (shield - enemy["shield"]) - 1.8 * n - suffer
    if not covers:
        s += -125 + 60 * mine
    return s, covers or drawn > 0


def keep(card, enemy):
    """How much a card is worth keeping when discarding."""
    if card.startswith("JK"):
        return 30
    k = value(card) + 0.1 + KEEP_SUIT[card[-1]] + (4.5 if card[:-1] == "A" else 0)
    return k - (1.5 if enemy and card[-1] == enemy["card"][-1] else 0)


def choose(msg):
    view, legal = msg["view"], msg["legal"]
    phase = view["phase"]
    if phase == "discard":  # the cover whose cards are worth least
        covers = [a for a in legal if a.startswith("discard")]
        if covers:
            return min(covers, key=lambda a: sum(keep(c, view.get("enemy")) for c in a.split()[1:]))
        return legal[0]
    if phase == "signal":
        return "signal none"
    if phase == "next":  # the seat with the most cards goes next (seats from 0)
        sizes = view["hand_sizes"]
        return "next %d" % sizes.index(max(sizes))
    if phase == "exact":
        return "exact tavern"
    scored = [(score(a, view), a) for a in legal]
    scored = [(s, covers, a) for (s, covers), a in scored if s is not None]
    if not scored:
        return "power" if "power" in legal else legal[0]
    _, hopeful, best = max(scored, key=lambda t: t[0])
    # Solo: flip the hand (a Jester power) rather than make a play that
    # neither kills nor can be covered nor draws.
    if "power" in legal and not hopeful:
        return "power"
    return best


for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "turn":
        print(json.dumps({"action": choose(msg), "version": msg["version"]}), flush=True)
    elif msg["type"] == "error":
        print("cardtable refused: " + msg["message"], file=sys.stderr)
    elif msg["type"] == "end":
        print("result: " + json.dumps(msg["result"]), file=sys.stderr)
        break
