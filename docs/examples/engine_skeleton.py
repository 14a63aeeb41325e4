"""A skeleton engine for studspec's engine protocol: the messages only, no rules yet.

Copy it, run `studspec fuzz --engine 'cmd:python3 engine_skeleton.py' --profile base`, and
fill in the rules where the report's first divergence points (the bring-in first).
"""
import json
import sys


def observation(hand):
    """What the engine shows now (the fields and conventions of the guide)."""
    over = hand["over"]
    return {"street": hand["street"], "actor": None if over else hand["actor"],
            "moves": [] if over else hand["moves"], "pot": 0 if over else hand["pot"],
            "stacks": hand["stacks"], "cards": [] if over else hand["cards"],
            "community": None, "over": over, "shown": hand["shown"] if over else [],
            "net": hand["net"] if over else []}


def start(table):
    """Deal 3rd street from the deck: one card at a time, seat 0 first, two down, one up."""
    seats, deck = len(table["stacks"]), table["deck"]
    cards = [{"down": [deck[s], deck[seats + s]], "up": [deck[2 * seats + s]]}
             for s in range(seats)]
    return {"street": 3, "actor": None, "moves": [], "pot": 0, "cards": cards,
            "stacks": list(table["stacks"]), "over": False, "shown": [], "net": []}


hand = None
for line in sys.stdin:
    request = json.loads(line)
    op = request["op"]
    if op == "quit":
        break
    if op == "hello":
        reply = {"protocol": 1, "name": "my-engine 0.1", "games": ["high", "hilo"]}
    elif op == "start":
        hand = start(request["table"])
        reply = {"observation": observation(hand)}
    elif op == "refuses":
        reply = {"refusal": "no move is implemented yet"}
    elif op == "apply":
        reply = {"refused": "no move is implemented yet"}
    else:
        reply = {"error": f"unknown op {op}"}
    print(json.dumps(reply), flush=True)
