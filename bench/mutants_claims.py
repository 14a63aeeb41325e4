"""Mutants of the log-evidence checker and of the settlement figures it checks (issue 35).

Each is one plausible bug an engine or checker author might write, a textual change made
once in the model or the checker (mutation_check.py applies it to a copy of the committed
tree and runs ``studspec verify``). Families: ``claims`` (the checker's comparisons and the
values it feeds them: studspec.play.claim_rules, studspec.play.claims, the replay's award
check), and
the settlement the figures come from: ``rake-taken``, ``uncalled-return``, ``side-pots``,
``odd-chip``, ``bring-in-figure`` and ``net``.

``claims_mutants(Mutant)`` builds them with mutation_check's own ``Mutant`` class, so this
file needs nothing from it at import.
"""

from __future__ import annotations

from typing import Any

CR, CL, RP = ("model/studspec/play/claim_rules.py", "model/studspec/play/claims.py",
              "model/studspec/play/replay.py")
ST, SP, PO, RR = ("model/studspec/rules/settle.py", "model/studspec/rules/sidepots.py",
                  "model/studspec/rules/pots.py", "model/studspec/rules/round_rules.py")
CLAIM_TESTS = ("tests/test_claims.py",)

# (id, family, path, old text, new text, targeted tests)
CLAIMS_MUTANTS: tuple[tuple[str, str, str, str, str, tuple[str, ...]], ...] = (
    # --- the checker's comparisons and what it feeds them
    ("claims-bring-in-overstated-only", "claims", CR,
     "has when short).\"\"\"\n    return ops.eq(stated, posted)",
     "has when short).\"\"\"\n    return ops.le(stated, posted)", CLAIM_TESTS),
    ("claims-net-sign-turned", "claims", CL,
     "not net_figure_holds(claim.amount, paid.get(seat, 0),\n"
     "                                                            contributed[seat])",
     "not net_figure_holds(claim.amount, contributed[seat],\n"
     "                                                            paid.get(seat, 0))",
     CLAIM_TESTS),
    ("claims-call-against-street-total", "claims", CL,
     "not call_figure_holds(action.amount, posted.chips)",
     "not call_figure_holds(action.amount, posted.to)", CLAIM_TESTS),
    ("claims-low-not-made-skipped", "claims", CL,
     "if not described_low_holds(low, None if value is None else tuple(value.ranks)):",
     "if value is not None and not described_low_holds(low, tuple(value.ranks)):",
     CLAIM_TESTS),
    ("claims-raise-by-as-raise-to", "claims", CR, "over_level = ops.eq(by, to - level)",
     "over_level = ops.eq(by, to)", CLAIM_TESTS),
    ("claims-named-pot-beside-side-pots", "claims", CL,
     'any(a.pot.startswith("side") for a in record.awards)',
     'all(a.pot.startswith("side") for a in record.awards)', CLAIM_TESTS),
    ("claims-rake-bound-rounded-down", "claims", CR,
     "share = ops.floordiv(pot * percent + 99, 100)",
     "share = ops.floordiv(pot * percent, 100)", CLAIM_TESTS),
    ("claims-collected-only-model-seats", "claims", RP,
     "for seat in sorted(set(paid) | set(result.awards)):",
     "for seat in sorted(result.awards):", CLAIM_TESTS),
    ("claims-won-returned-kept", "claims", CL,
     "won_figure_holds(total, paid.get(seat, 0),\n"
     "                                                          back.get(seat, 0))",
     "won_figure_holds(total, paid.get(seat, 0),\n"
     "                                                          0)", CLAIM_TESTS),
    ("claims-rake-cap-in-chips", "claims", CL, 'capped = bool(cap) and unit != "chips"',
     "capped = bool(cap)", CLAIM_TESTS),
    # --- the settlement the figures come from
    ("rake-not-taken", "rake-taken", ST,
     "amounts = take_rake([pot.amount for pot in structure.pots], rake)",
     "amounts = take_rake([pot.amount for pot in structure.pots], 0)",
     ("tests/test_pots.py",)),
    ("rake-uncontested-before-rake", "rake-taken", ST,
     "{winner: sum(amounts)} if structure.pots else {}",
     "{winner: sum(pot.amount for pot in structure.pots)} if structure.pots else {}",
     ("tests/test_pots.py",)),
    ("uncalled-return-replaces-winnings", "uncalled-return", ST,
     "total[seat] = total.get(seat, 0) + amount", "total[seat] = amount",
     ("tests/test_sidepots.py",)),
    ("uncalled-return-two-callers", "uncalled-return", SP,
     "if len(layer.contributors) == 1 and eligible:",
     "if len(layer.contributors) <= 2 and len(eligible) == 1:",
     ("tests/test_sidepots.py",)),
    ("side-pot-every-live-hand-contests", "side-pots", ST,
     "division = divide_pot(amount, [contenders[seat] for seat in pot.eligible], profile)",
     "division = divide_pot(amount, list(contenders.values()), profile)",
     ("tests/test_sidepots.py",)),
    ("side-pot-merged-by-contributors", "side-pots", SP,
     "if pots and (not eligible or pots[-1].eligible == eligible):",
     "if pots and (not eligible or pots[-1].contributors == layer.contributors):",
     ("tests/test_sidepots.py",)),
    ("odd-chip-low-half-ordered-as-high", "odd-chip", PO,
     'split_units(low_units, odd_chip_order(low_winners, "low",',
     'split_units(low_units, odd_chip_order(low_winners, "high",', ("tests/test_pots.py",)),
    ("odd-chip-lowest-card-reversed", "odd-chip", PO, "reverse=not lowest_first)",
     "reverse=lowest_first)", ("tests/test_pots.py",)),
    ("bring-in-short-posts-whole", "bring-in-figure", RR,
     "Offer(BRING_IN, pending, ops.min_([table.bring_in, stack]))",
     "Offer(BRING_IN, pending, table.bring_in)", ("tests/test_betting.py",)),
    ("bring-in-level-is-short-amount", "bring-in-figure", RR,
     "level=ops.ite(ops.eq(kind, BRING_IN), table.bring_in,",
     "level=ops.ite(ops.eq(kind, BRING_IN), to,", ("tests/test_betting.py",)),
    ("net-without-payout", "net", CL, "contributed = [start - end + paid.get(seat, 0)",
     "contributed = [start - end", CLAIM_TESTS),
    ("net-antes-not-contributed", "net", "model/studspec/play/hand.py",
     "self.contributed = list(posted)", "self.contributed = [0] * len(posted)",
     ("tests/test_hand.py",)),
)


def claims_mutants(mutant: Any) -> list[Any]:
    """The mutants above as ``mutant`` objects (mutation_check.Mutant)."""
    return [mutant(*fields) for fields in CLAIMS_MUTANTS]
