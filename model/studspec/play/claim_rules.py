"""The decisions of the log-evidence checker, written once for ints and for Z3 terms.

``studspec.play.claims`` (and the replay's ante check) call these functions to decide whether a
figure a log states holds against the figure the model derives; proofs/claims_pins.py calls
the very same functions on Z3 integers and proves each equal to a short statement of its
clause for every value, so a wrong comparison (an overstatement only, a sign turned, the
wrong base of a raise) is REFUTED. Each returns whether the stated figure *holds*; the
checker reports a fault or a finding when it does not.

The figure comparisons are written with ``studspec.ops``: no Python ``if`` on a figure. The
two description comparisons (the category a log names, the low it writes) compare values
the model computes from cards; they are pinned by exhaustion over hands instead.
"""

from __future__ import annotations

from studspec import ops
from studspec.ops import Term
from studspec.specdata.marks import implements

MEASURED_OVER_LEVEL, MEASURED_OVER_FULL, MEASURED_EITHER = 0, 1, 2
"""How a site measures the size of a raise (``Action.by_over``): over the wager the raiser
faced, over the last full bet, or either (the site's words leave it open)."""

BY_OVER_CODES = {"level": MEASURED_OVER_LEVEL, "full": MEASURED_OVER_FULL,
                 "any": MEASURED_EITHER}


@implements("ANTE-01")
def ante_figure_holds(stated: Term, ante: Term, stack: Term) -> Term:
    """ANTE-01: a stated ante is the table's ante, or all the chips of a shorter stack.

    Interpretation: a record may state the nominal ante for a player all-in on it (PHH's
    ``antes``), so the table's ante is accepted for every stack."""
    return ops.or_(ops.eq(stated, ante), ops.eq(stated, ops.min_([stack, ante])))


@implements("BRINGIN-03", "BRINGIN-05")
def bring_in_figure_holds(stated: Term, posted: Term) -> Term:
    """BRINGIN-03/05: a stated bring-in is what the player posted (the bring-in, or all he
    has when short)."""
    return ops.eq(stated, posted)


@implements("BET-04", "BET-11")
def call_figure_holds(stated: Term, posted: Term) -> Term:
    """BET-04: a stated call (or check) puts in what the call puts in: the wager faced less
    what the player has in, or all he has (BET-11)."""
    return ops.eq(stated, posted)


@implements("BET-03")
def wager_figure_holds(stated: Term, posted: Term) -> Term:
    """BET-03: a stated bet, completion or raise puts in what the wager to its total puts in."""
    return ops.eq(stated, posted)


@implements("BET-04")
def fold_figure_holds(stated: Term) -> Term:
    """BET-04: a fold puts in nothing."""
    return ops.eq(stated, 0)


@implements("BET-03")
def raise_size_holds(by: Term, to: Term, level: Term, full_level: Term, chips: Term,
                     measure: Term) -> Term:
    """BET-03: a stated raise size is the raise to ``to`` measured as the site writes it:
    over the wager faced (``level``), over the last full bet (``full_level``), or, when the
    site's words leave it open, either of those or the chips the raise put in."""
    over_level = ops.eq(by, to - level)
    over_full = ops.eq(by, to - full_level)
    return ops.or_(ops.and_(ops.eq(measure, MEASURED_OVER_LEVEL), over_level),
                   ops.and_(ops.eq(measure, MEASURED_OVER_FULL), over_full),
                   ops.and_(ops.eq(measure, MEASURED_EITHER),
                            ops.or_(over_level, over_full, ops.eq(by, chips))))


@implements("BET-11")
def all_in_claim_holds(claimed: Term, all_in: Term, folds: Term) -> Term:
    """BET-11: a player the log calls all-in has no chips behind after the action (a fold
    states nothing about his chips)."""
    return ops.or_(ops.not_(claimed), all_in, folds)


@implements("SHOW-04")
def won_figure_holds(stated: Term, paid: Term, returned: Term) -> Term:
    """A summary's ``won`` is what the player took from the pots: what the model pays him
    less the uncalled chips the record says went back to him."""
    return ops.eq(stated, paid - returned)


@implements("POT-06", "POT-07")
def collected_figure_holds(stated: Term, paid: Term) -> Term:
    """POT-06/07: what the record's awards (``collected``, from the main pot, a side pot or
    an uncalled bet) pay a seat in all is what the model pays it."""
    return ops.eq(stated, paid)


@implements("POT-06", "POT-08")
def total_pot_holds(stated: Term, paid_total: Term, rake: Term, returned_total: Term) -> Term:
    """A summary's ``Total pot`` is everything paid out plus the rake, with or without the
    uncalled chips returned (sites differ: both readings are accepted)."""
    whole = paid_total + rake
    return ops.or_(ops.eq(stated, whole), ops.eq(stated, whole - returned_total))


@implements("POT-06")
def bets_figure_holds(stated: Term, contributed: Term, returned: Term) -> Term:
    """A summary's ``Bets:`` is what the player put in over the hand, with or without the
    uncalled chips returned to him."""
    return ops.or_(ops.eq(stated, contributed), ops.eq(stated, contributed - returned))


@implements("POT-06")
def net_figure_holds(stated: Term, paid: Term, contributed: Term) -> Term:
    """A summary's ``net`` is signed: what the model pays the player less what he put in
    (a loss is negative)."""
    return ops.eq(stated, paid - contributed)


@implements("POT-07")
def returned_figure_holds(amount: Term, own: Term, top: Term, second: Term) -> Term:
    """POT-07: chips returned to a player are chips no other player matched: he put in the
    most (``top``), and no more than his excess over the next largest (``second``) goes back."""
    return ops.and_(ops.eq(own, top), ops.le(amount, top - second))


@implements("POT-06")
def payout_within_pot(paid_total: Term, rake: Term, pot: Term) -> Term:
    """POT-06: the awards and the rake together are no more than the pot (no chips created)."""
    return ops.le(paid_total + rake, pot)


@implements("POT-08")
def rake_bound_rule(pot: Term, percent: Term, cap: Term, capped: Term) -> Term:
    """POT-08: the most a site's policy lets it keep back from ``pot``: ``percent`` of it
    rounded up to a whole unit, and no more than ``cap`` when ``capped`` (a cap applies: the
    profile states one and the figures are money, not tournament chips)."""
    share = ops.floordiv(pot * percent + 99, 100)  # rounded up to a whole unit
    return ops.ite(capped, ops.min_([share, cap]), share)


@implements("POT-08")
def rake_holds(rake: Term, pot: Term, percent: Term, cap: Term, capped: Term) -> Term:
    """POT-08: a rake is within the policy: nothing, or no more than its bound."""
    return ops.or_(ops.le(rake, 0), ops.le(rake, rake_bound_rule(pot, percent, cap, capped)))


@implements("RANK-01")
def described_category_holds(described: int, made: int) -> bool:
    """RANK-01: a log's description names the category the cards make (by its number in
    ``studspec.rules.ranking.Category``)."""
    return bool(ops.eq(described, made))


@implements("LOW-01")
def described_low_holds(described: tuple[int, ...], made: tuple[int, ...] | None) -> bool:
    """LOW-01: a described low (ranks, highest first, the ace 1) is the low the cards make:
    they make a qualifying low, and it has those ranks."""
    return made is not None and tuple(sorted(made, reverse=True)) == described


__all__ = ["BY_OVER_CODES", "MEASURED_EITHER", "MEASURED_OVER_FULL", "MEASURED_OVER_LEVEL",
           "all_in_claim_holds", "ante_figure_holds", "bets_figure_holds",
           "bring_in_figure_holds", "call_figure_holds", "collected_figure_holds",
           "described_category_holds", "described_low_holds",
           "fold_figure_holds", "net_figure_holds", "payout_within_pot", "raise_size_holds",
           "rake_bound_rule", "rake_holds", "returned_figure_holds", "total_pot_holds",
           "wager_figure_holds", "won_figure_holds"]
