"""Play a hand of stud with the model, write it as PHH, and replay it under another profile."""

import random

from studspec.errors import IllegalActionError
from studspec.play.hand import Hand
from studspec.play.hand_state import Phase
from studspec.play.replay import record_of, replay
from studspec.records.phh import parse_phh, write_phh
from studspec.rules.betting_state import Action, ActionKind
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile

deck = full_deck()
random.Random(2026).shuffle(deck)
hand = Hand(load_profile("roberts"), Stakes.limit(10, ante=1, bring_in=3), [200] * 4,
            deck=deck)
print("seat", hand.actor, "brings in; legal now:",
      ", ".join(f"{a.kind} to {a.to} ({a.clause_id})" for a in hand.legal_actions()))

try:  # completing to the big bet on 3rd street is refused, naming the clause
    hand.apply(Action(ActionKind.COMPLETE, 20, hand.actor))
except IllegalActionError as error:
    print("refused:", error)

passive = (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL)
while hand.phase != Phase.SHOWDOWN:  # everyone brings in, checks or calls to the end
    kind = next(a.kind for a in hand.legal_actions() if a.kind in passive)
    hand.apply(Action(kind, None, hand.actor))
print("showing order:", hand.showing_order())
hand.showdown()
print("paid:", hand.awards, "final stacks:", hand.stacks)

phh = write_phh(record_of(hand))
result = replay(parse_phh(phh), load_profile("tda-2024"))
print("replayed under tda-2024:", "clean" if result.clean else result.violations)
