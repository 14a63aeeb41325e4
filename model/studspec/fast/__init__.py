"""The fast path: a lean whole hand for the hot loops, held to ``Hand`` in lock-step.

``FastHand`` (mutable state, the deal by pointer, the betting in ``FastRound``) plays a hand
from a known deck order under the same clauses as ``Hand``; ``FastEngine`` puts it behind
the adapter protocol so the lock-step harness compares the two, move by move.
"""

from studspec.fast.engine import FastEngine
from studspec.fast.hand import FastHand, FastRules
from studspec.fast.round import FastRound

__all__ = ["FastEngine", "FastHand", "FastRound", "FastRules"]
