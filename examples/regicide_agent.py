#!/usr/bin/env python3
"""A Regicide agent for cardtable's JSON protocol (docs/protocol-agent.md).

Run it with: cardtable play regicide --seats cmd:python3 examples/regicide_agent.py
It reads one JSON message per line on stdin and answers each turn with one
action from the turn's legal list. Standard library only.
"""
import json
import sys

VALUES = {"A": 1, "J": 10, "Q": 15, "K": 20}


def value(card):  # "10H" -> 10, "KS" -> 20, "JK1" -> 0
    return 0 if card.startswith("JK") else VALUES.get(card[:-1]) or int(card[:-1])


def score(action, view):
    """How good a play is: kill the enemy if we can, else hit hard and survive."""
    words = action.split()
    if words[0] != "play":
        return -200 if words[0] == "power" else -1000  # yield is a last resort
    played, enemy, hand = words[1:], view["enemy"], view.get("hand", [])
    blocked = enemy["card"][-1] if enemy["immune"] else None
    suits = {c[-1] for c in played if not c.startswith("JK")} - {blocked}
    total = sum(value(c) for c in played)
    damage = total * 2 if "C" in suits else total
    left = enemy["health"] - enemy["damage"]
    if damage >= left:
        return 1000 + (50 if damage == left else 0) - total
    shield = enemy["shield"] + (total if "S" in suits else 0)
    suffer = max(0, enemy["attack"] - shield)
    kept = sum(value(c) for c in hand) - total
    room = 8 - len(hand) + len(played)  # solo hand limit; draws refill it
    draws = min(total, room) if "D" in suits else 0
    return (100 if kept >= suffer else -300) + damage - suffer + 4 * draws - total / 2


def choose(msg):
    view, legal = msg["view"], msg["legal"]
    phase = view["phase"]
    if phase == "discard":  # covers are listed cheapest first
        spent = len(legal[0].split()) - 1
        if len(view.get("hand", [])) - spent < 2 and "power" in legal:
            return "power"  # a fresh hand of 8 rather than an empty one
        return legal[0]
    if phase == "signal":
        return "signal none"
    if phase == "next":  # the seat with the most cards goes next (seats from 0)
        sizes = view["hand_sizes"]
        return "next %d" % sizes.index(max(sizes))
    if phase == "exact":
        return "exact tavern"
    return max(legal, key=lambda a: score(a, view))


for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "turn":
        print(json.dumps({"action": choose(msg), "version": msg["version"]}), flush=True)
    elif msg["type"] == "error":
        print("cardtable refused: " + msg["message"], file=sys.stderr)
    elif msg["type"] == "end":
        print("result: " + json.dumps(msg["result"]), file=sys.stderr)
        break
