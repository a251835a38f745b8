#!/usr/bin/env python3
"""A small external bot for `mahjong simulate --bots 'cmd:python3 examples/bots/simple_bot.py',greedy`.

It reads the game as JSON lines on standard input (welcome, event, state, game_over) and
answers each `state` with one `act` line on standard output, echoing the state's `id`.
Its play: go out when it can, pung a pair's third tile, never chow, and discard the
tile with the fewest neighbours in hand (lone honours first). See docs/bots.md.
"""
import json
import sys

SUITS = "BCD"


def neighbours(tile, hand):
    """How many tiles in hand a tile works with: copies, and suit tiles within two."""
    n = sum(1 for t in hand if t == tile) - 1
    if tile[1] in SUITS and tile[0].isdigit():
        rank = int(tile[0])
        for t in hand:
            if t[1] == tile[1] and t[0].isdigit() and t != tile and abs(int(t[0]) - rank) <= 2:
                n += 1
    return n


def choose(view):
    legal = view["legal"]
    kinds = [a["type"] for a in legal]
    if "mahjong" in kinds:
        return {"type": "mahjong"}
    if "pung" in kinds:
        return {"type": "pung"}
    if "pass" in kinds:
        return {"type": "pass"}
    discards = [a for a in legal if a["type"] == "discard" and not a.get("call")]
    if not discards:
        return legal[0]
    hand = list(view["concealed"])
    return min(discards, key=lambda a: (neighbours(a["tile"], hand), a["tile"]))


def main():
    seat = None
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "welcome":
            seat = msg["seat"]
        elif kind == "state":
            act = {"type": "act", "id": msg["id"], "action": choose(msg["view"])}
            sys.stdout.write(json.dumps(act) + "\n")
            sys.stdout.flush()
        elif kind == "game_over":
            print(f"seat {seat}: game over, totals {msg['totals']}", file=sys.stderr)
            break


if __name__ == "__main__":
    main()
