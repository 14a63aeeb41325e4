"""An engine program that plays correctly, then misbehaves at a chosen point of the protocol
(for the hang tests and the hostile-engine fuzz surface, tests/input_fuzz.py).

Usage: ``python hostile_engine.py MODE AT``. It serves the model (profile base) over the wire
protocol; at its AT-th request (1 is hello) it does MODE instead of replying:

``close-stdout``  closes its output and stays alive
``close-stdin``   closes its input (stops reading), replies, and stays alive
``hang``          stops answering and stays alive
``garbage``       writes a line of bytes that is no JSON, then goes on
``deep``          replies with JSON nested 200,000 deep (valid JSON text)
``huge``          writes 8 MB without an end of line, then stays alive
``big-number``    replies with an integer of 5,000 digits
``wrong``         replies with valid JSON of the wrong shape
``half-line``     writes half a reply, no end of line, and stays alive
``exit``          exits (code 3) mid-hand, a word on stderr
``orphan``        leaves a child holding its output open and exits (the child sleeps)
``shout``         writes 20 MB to stderr and exits (code 4)

With ``HOSTILE_PIDS`` set to a file name, it writes its process ID (and its child's) there,
one a line, so a test can see that studspec killed and reaped every one of them.
"""

from __future__ import annotations

import json
import os
import sys
import time

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.serve import answer
from studspec.specdata.profiles import load_profile

MODES = ("close-stdout", "close-stdin", "hang", "garbage", "deep", "huge", "big-number",
         "wrong", "half-line", "exit", "orphan", "shout")
ASLEEP = 3600  # "stays alive": far longer than any test waits


def _note_pid() -> None:
    name = os.environ.get("HOSTILE_PIDS")
    if name:
        with open(name, "a", encoding="utf-8") as pids:
            pids.write(f"{os.getpid()}\n")


def _write(data: bytes) -> None:
    os.write(1, data)


def misbehave(mode: str, reply: dict[str, object]) -> bool:
    """Do ``mode`` instead of the reply; True when the engine goes on serving after it."""
    if mode == "close-stdout":
        os.close(1)
    elif mode == "close-stdin":  # the reply still comes: the next request meets a closed pipe
        os.close(0)
        _write(json.dumps(reply).encode() + b"\n")
    elif mode == "garbage":
        _write(b"\x00\xff{not json at all\n")
        return True
    elif mode == "deep":
        _write(b"[" * 200_000 + b"]" * 200_000 + b"\n")
        return True
    elif mode == "huge":
        _write(b"x" * (8 << 20))
    elif mode == "big-number":
        _write(b'{"protocol": 1, "name": "x", "n": ' + b"7" * 5000 + b"}\n")
        return True
    elif mode == "wrong":
        _write(json.dumps({"observation": [reply]}).encode() + b"\n")
        return True
    elif mode == "half-line":
        text = json.dumps(reply).encode()
        _write(text[: len(text) // 2])
    elif mode == "exit":
        print("hostile engine: giving up mid-hand", file=sys.stderr)
        sys.exit(3)
    elif mode == "shout":
        for _ in range(20):
            os.write(2, b"e" * (1 << 20))
        os.write(2, b"\nhostile engine: the last word\n")
        sys.exit(4)
    elif mode == "orphan":
        if os.fork() == 0:
            _note_pid()
            time.sleep(ASLEEP)
            os._exit(0)
        os._exit(0)
    time.sleep(ASLEEP)  # "hang" and every mode that stays alive
    return False


def main() -> None:
    mode, at = sys.argv[1], int(sys.argv[2])
    if mode not in MODES:
        sys.exit(f"hostile engine: no mode {mode!r}")
    _note_pid()
    engine = ModelEngine(load_profile("base"))
    for number, line in enumerate(sys.stdin, start=1):
        request = json.loads(line)
        reply = answer(engine, request)
        if reply is None:
            return
        if number == at and not misbehave(mode, reply):
            return
        _write(json.dumps(reply).encode() + b"\n")


if __name__ == "__main__":
    main()
