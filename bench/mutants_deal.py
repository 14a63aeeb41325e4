"""Mutants of the deal's last cards, the settlement, the no-bet showdown and the best five.

Issue 35: wrong rules of these kinds escaped ``studspec verify``. Each mutant is a plausible
engine author's slip, one textual change to the model (the same form as the mutants of
``mutation_check.py``, which registers these in its list). Families: ``deal`` (burns,
the short-stub 7th street, the community card's first actor), ``settlement`` (the rake),
``showdown-no-bet`` and ``best-five`` (the five cards chosen for the high and the low).
"""

from __future__ import annotations

from typing import Any

DL, HR, DK = ("model/studspec/rules/dealing.py", "model/studspec/play/hand_rules.py",
              "model/studspec/rules/deck.py")
ST, SH, HA = ("model/studspec/rules/settle.py", "model/studspec/rules/showdown.py",
              "model/studspec/play/hand.py")
RK, LO = "model/studspec/rules/ranking.py", "model/studspec/rules/low.py"


def deal_mutants(mutant: Any) -> list[Any]:
    """The mutants, built with the check's ``Mutant`` class (passed in: no import cycle)."""
    return [
        # --- deal (DEAL-02, DECK-01/04/05/07)
        mutant("deal-community-no-burn", "deal", DL,
               "    if stub.available() >= 2:\n        burned.append(stub.take())\n",
               "    if False:\n        burned.append(stub.take())\n", ("tests/test_deck.py",)),
        mutant("deal-tda-community-no-burn", "deal", DL,
               "        burned.append(stub.take())\n        community = stub.take()\n",
               "        community = stub.take()\n", ("tests/test_deck.py",)),
        mutant("deal-seventh-two-burns", "deal", DL,
               "    if stub.available() >= 1 + len(seventh):\n        burned.append(stub.take())\n",
               "    if stub.available() >= 1 + len(seventh):\n"
               "        burned.extend((stub.take(), stub.take()))\n", ("tests/test_deck.py",)),
        mutant("deal-s000-reshuffle-spare-card", "deal", DL,
               "if len(stub.cards) + len(burned) - stub.reserve >= len(seventh):",
               "if len(stub.cards) + len(burned) - stub.reserve > len(seventh):",
               ("tests/test_deck.py",)),
        mutant("deal-tda-required-without-burn", "deal", DL,
               "required = len(seventh) + 1 + stub.reserve",
               "required = len(seventh) + stub.reserve", ("tests/test_deck.py",)),
        mutant("deal-community-tie-far-seat", "deal", HR,
               "high = min(seat for seat, value in values.items() if value == best)",
               "high = max(seat for seat, value in values.items() if value == best)",
               ("tests/test_hand.py",)),
        mutant("deal-community-first-actor-swapped", "deal", DK,
               'if profile.community_first_actor == "sixth-street-first-actor":',
               'if profile.community_first_actor != "sixth-street-first-actor":',
               ("tests/test_deck.py",)),
        # --- settlement (POT-06/07/08)
        mutant("settle-rake-skipped-uncontested", "settlement", ST,
               "{winner: sum(amounts)} if structure.pots else {})",
               "{winner: sum(pot.amount for pot in structure.pots)} if structure.pots else {})",
               ("tests/test_sidepots.py",)),
        mutant("settle-rake-after-division", "settlement", ST,
               "division = divide_pot(amount, [contenders[seat] for seat in pot.eligible],",
               "division = divide_pot(pot.amount, [contenders[seat] for seat in pot.eligible],",
               ("tests/test_sidepots.py",)),
        mutant("settle-rake-over-the-pot", "settlement", ST,
               "if rake < 0 or rake > sum(pot_amounts):",
               "if rake < 0 or rake > sum(pot_amounts) + 1:", ("tests/test_sidepots.py",)),
        # --- no-bet showdown (SHOW-02)
        mutant("show-no-bet-wraps-to-last-seat", "showdown-no-bet", SH,
               "return later[0] if later else min(in_hand)",
               "return later[0] if later else max(in_hand)", ("tests/test_showdown.py",)),
        mutant("show-no-bet-sixth-street-actor", "showdown-no-bet", HA,
               "first_to_act=self.first_actors.get(7, live[0]))",
               "first_to_act=self.first_actors.get(6, live[0]))", ("tests/test_showdown.py",)),
        # --- best five (RANK-01, LOW-04)
        mutant("best-high-seventh-card-ignored", "best-five", RK,
               "return max(five_card_value(five) for five in combinations(cards, 5))",
               "return max(five_card_value(five) for five in combinations(cards[:6], 5))",
               ("tests/test_ranking.py",)),
        mutant("best-high-five-worst-subset", "best-five", RK,
               "return max(combinations(cards, 5), key=five_card_value)",
               "return min(combinations(cards, 5), key=five_card_value)",
               ("tests/test_ranking.py",)),
        mutant("best-low-seventh-card-ignored", "best-five", LO,
               "lows = [low for five in combinations(cards, 5)",
               "lows = [low for five in combinations(cards[:6], 5)", ("tests/test_low.py",)),
    ]
