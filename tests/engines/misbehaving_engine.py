"""An engine program that breaks the wire protocol in one chosen way (for the pipe tests).

Usage: ``python misbehaving_engine.py MODE``. It serves the model (profile base) correctly
except where MODE says: ``not-json``, ``missing-field`` (an observation without ``pot``),
``wrong-type`` (a move amount as a string), ``bad-seat`` (an actor not at the table),
``old-version`` (hello with protocol 0), ``hang`` (no reply to start), ``exit`` (exits at
start, with a message on stderr), ``crash`` (an error reply to apply).
"""

from __future__ import annotations

import json
import sys
import time

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.serve import answer
from studspec.specdata.profiles import load_profile


def main() -> None:
    mode = sys.argv[1]
    engine = ModelEngine(load_profile("base"))
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        reply = answer(engine, request)
        if reply is None:
            return
        if op == "hello" and mode == "old-version":
            reply["protocol"] = 0
        elif op == "start" and mode == "hang":
            time.sleep(60)
        elif op == "start" and mode == "exit":
            print("out of memory, giving up", file=sys.stderr)
            sys.exit(3)
        elif op == "start" and mode == "not-json":
            sys.stdout.write("observation: street 3\n")
            sys.stdout.flush()
            continue
        elif op == "start" and mode == "missing-field":
            del reply["observation"]["pot"]
        elif op == "start" and mode == "wrong-type":
            reply["observation"]["moves"][0]["to"] = "1"
        elif op == "start" and mode == "bad-seat":
            reply["observation"]["actor"] = 9
        elif op == "apply" and mode == "crash":
            reply = {"error": "TypeError: cannot read properties of undefined"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
