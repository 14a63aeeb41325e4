"""An engine program that plays the model (profile base) for its first six replies, then
refuses every request (bad-input row E3: the shrinker and the inference must take a real
engine's refusal mid-hand as a result, not assume the hand diverges the same way again)."""

from __future__ import annotations

import json
import sys

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.serve import answer
from studspec.specdata.profiles import load_profile


def main() -> None:
    engine = ModelEngine(load_profile("base"))
    for replies, line in enumerate(sys.stdin, start=1):
        request = json.loads(line)
        reply = answer(engine, request)
        if reply is None:
            return
        if request["op"] != "hello" and replies > 6:
            reply = {"refused": "no"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
