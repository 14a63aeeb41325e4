"""Answer a case's question under one profile, from the model (never from the expectations).

Each question kind reads the hand the situation leaves (``situation.play``): the bring-in
and the street openers the hand chose (``bringin``, ``board``), the legal actions of the
player to act (``Hand.legal_actions``), the showing order (``Hand.showing_order``), the
settlement (``settle``), the dealer's next step (``dealing.simulate_deal``), the table size
(``deck.check_table_size``) and the usual stakes (``stakes``). A question the situation
does not lead to (nobody to act, no showdown) is an error in the case file.
"""

from __future__ import annotations

from collections.abc import Callable

from studspec.cases.expect import Answer
from studspec.cases.irregular import irregularity_answer
from studspec.cases.kinds import KINDS, action_text
from studspec.cases.schema import Case
from studspec.cases.situation import play
from studspec.errors import IllegalActionError, SpecError
from studspec.play.claims import rake_findings
from studspec.play.hand import Hand, position_of
from studspec.play.hand_state import Phase
from studspec.rules.cards import full_deck
from studspec.rules.deal import deal_third_street
from studspec.rules.dealing import DealResult, fold_pattern_of, simulate_deal
from studspec.rules.deck import DECK_SIZE, Conventions, cards_taken_through, check_table_size
from studspec.rules.stakes import conventional_ante, conventional_bring_in
from studspec.specdata.profiles import Profile


def answer(case: Case, profile: Profile) -> Answer:
    """The model's answer to the case's question under the profile (the fields the case
    rules on: ``Case.answer_fields``)."""
    given = _answer(case, profile)
    if given.fields is None:
        return given
    fields = {name: given.fields[name] for name in case.answer_fields}
    return Answer(fields, given.refused, given.reason, given.applicable, given.cited)


def _answer(case: Case, profile: Profile) -> Answer:
    if not case.applies_to(profile):
        games = {"high": "Seven Card Stud", "hilo": "Stud Hi/Lo"}
        return Answer(None, applicable=False,
                      reason=f"a {games[str(case.situation.game)]} situation; the profile "
                             f"plays {games[profile.game]}")
    kind = case.question.kind.name
    if kind in _WITHOUT_PLAY:
        return _WITHOUT_PLAY[kind](case, profile)
    played = play(case.situation, profile)
    if played.refusal is not None:
        refusal = played.refusal
        where = f" (at '{refusal.action}')" if refusal.action else ""
        return Answer(None, refused=refusal.clause_id, reason=refusal.reason + where,
                      cited=(refusal.clause_id,))
    assert played.hand is not None
    return _WITH_PLAY[kind](case, played.hand)


def _fail(case: Case, reason: str) -> SpecError:
    return SpecError(case.file, reason, record=case.id, field="question")


def _name(case: Case, seat: int) -> str:
    return case.situation.names[seat]


def _bring_in(case: Case, hand: Hand) -> Answer:
    seat = hand.first_actors.get(3)
    if seat is None:
        raise _fail(case, "the situation must deal 3rd street (every door card) first")
    return Answer({"player": _name(case, seat)}, cited=("BRINGIN-01", "BRINGIN-02"))


def _first_to_act(case: Case, hand: Hand) -> Answer:
    street = case.question.parameters["street"]
    seat = hand.first_actors.get(street)
    if seat is None:
        raise _fail(case, f"the situation must reach the betting of street {street} (its "
                          f"deal done); it stops at {position_of(hand)}")
    cited = ("DECK-07",) if street == 7 and hand.has_community else ("ACT-01", "ACT-03")
    return Answer({"player": _name(case, seat)}, cited=cited)


def _legal_actions(case: Case, hand: Hand) -> Answer:
    if hand.actor is None:
        raise _fail(case, f"nobody is to act when the situation ends ({position_of(hand)})")
    legal = hand.legal_actions()
    actions = tuple(action_text(str(a.kind), a.to, a.all_in) for a in legal)
    cited = tuple(dict.fromkeys(a.clause_id for a in legal))
    return Answer({"player": _name(case, hand.actor), "actions": actions}, cited=cited)


def _first_to_show(case: Case, hand: Hand) -> Answer:
    if hand.phase != Phase.SHOWDOWN:
        raise _fail(case, f"the situation must end at the showdown, after the last betting "
                          f"round; it stops at {position_of(hand)}")
    order = tuple(_name(case, seat) for seat in hand.showing_order())
    return Answer({"player": order[0], "order": order}, cited=("SHOW-02",))


def _pot_division(case: Case, hand: Hand) -> Answer:
    if hand.phase == Phase.SHOWDOWN:
        hand.showdown()
    if not hand.is_over:
        raise _fail(case, f"the situation must end with the hand over or at the showdown; it "
                          f"stops at {position_of(hand)}")
    settlement = hand.settlement
    if settlement is None:
        raise _fail(case, "a live player's cards are unknown ('??'): the showdown needs them")

    def chips(amounts: dict[int, int]) -> tuple[tuple[str, int], ...]:
        return tuple((_name(case, seat), amount) for seat, amount in sorted(amounts.items())
                     if amount)

    pots = tuple((division.amount, chips(division.high_shares), chips(division.low_shares))
                 for division in settlement.divisions)
    cited = ("POT-07",) if settlement.uncontested is not None else ("POT-01", "POT-05")
    return Answer({"awards": chips(settlement.paid), "pots": pots,
                   "returned": chips(settlement.structure.returned)}, cited=cited)


def _dealer(case: Case, hand: Hand) -> Answer:
    if hand.phase != Phase.DEAL or hand.dealt or hand.has_community:
        raise _fail(case, f"the situation must end when a street is to be dealt; it stops "
                          f"at {position_of(hand)}")
    return dealer_answer(hand)


def dealer_answer(hand: Hand) -> Answer:
    """What the dealer does for the street to be dealt: the stub, the burns, what he
    reshuffles, and whether each player gets a card, a reshuffled card or a community card.

    The fold pattern so far decides (DECK-03); the players still in all receive the street.
    ``simulate_deal`` runs the profile's procedure on a deck in any order: the outcome
    depends on the counts only. The procedure's own label is the answer's reason.
    """
    street = hand.street
    conventions = Conventions.of(hand.profile)
    folds = hand.fold_streets()
    result = simulate_deal(full_deck(), hand.seats, folds, conventions)
    pattern, _ = fold_pattern_of(hand.seats, folds)
    stub = DECK_SIZE - (cards_taken_through(pattern, street - 1, conventions) if street > 3
                        else 0)
    if result.ran_out_on is not None and result.ran_out_on <= street:
        fields = {"deal": "ran-out", "burn": 0, "reshuffled": ()}
        reason = result.step
    elif street == 7:
        fields = {"deal": result.seventh, "burn": result.seventh_burns,
                  "reshuffled": result.reshuffled}
        reason = result.step
    else:
        burns = conventions.initial_burns if street == 3 else 1
        fields = {"deal": "deal", "burn": burns, "reshuffled": ()}
        reason = f"burn {burns}, then " + ("two down and one up" if street == 3
                                            else "one face up") + " to each player"
    cited = ("DECK-04",) if street == 7 else ("DECK-01", "DECK-03")
    if street == 7 or (result.ran_out_on is not None and result.ran_out_on <= street):
        # DECK-04: what the procedure leaves in the stub (the TDA's scramble and community
        # card included); when the deck has run out, nothing more is dealt.
        undealt = len(result.stub) if street == 7 else stub
    else:
        undealt = DECK_SIZE - cards_taken_through(pattern, street, conventions)
    return Answer({**fields, "street": street, "stub": stub, "faces": _faces(hand, result),
                   "undealt": undealt}, reason=reason, cited=cited)


def _faces(hand: Hand, result: DealResult) -> tuple[str, ...]:
    """DEAL-01/02: how each player's cards of the street are dealt, in dealing order."""
    street = hand.street
    if result.ran_out_on is not None and result.ran_out_on <= street:
        return ()
    if street == 3:
        deck = full_deck()
        first = deal_third_street(deck, hand.seats)[0]
        dealt = sorted([(deck.index(first.down[0]), "down"), (deck.index(first.down[1]), "down"),
                        (deck.index(first.door), "up")])
        return tuple(face for _, face in dealt)
    if street < 7:
        return ("up",)
    return ("down",) if result.seventh in ("deal", "reshuffle") else ()


def _table_size(case: Case, profile: Profile) -> Answer:
    try:
        check_table_size(len(case.situation.seats), profile)
    except IllegalActionError as error:
        return Answer({"allowed": False}, reason=str(error), cited=(error.clause_id,))
    return Answer({"allowed": True}, cited=("PLAYERS-01", "PLAYERS-02"))


def _rake_allowed(case: Case, profile: Profile) -> Answer:
    """POT-08: a rake a log keeps back without stating it, against the profile's policy."""
    rake, pot = case.question.parameters["rake"], case.question.parameters["pot"]
    findings = rake_findings(rake, pot, profile, stated=False, unit="USD")
    return Answer({"allowed": not findings}, reason="; ".join(findings), cited=("POT-08",))


def _usual_stakes(case: Case, profile: Profile) -> Answer:
    stakes = case.situation.stakes
    ante = conventional_ante(stakes, profile)
    bring_in = conventional_bring_in(stakes, profile)
    usual = ("any" if bring_in is None else str(bring_in[0]) if bring_in[0] == bring_in[1]
             else f"{bring_in[0]}-{bring_in[1]}")
    return Answer({"ante": "any" if ante is None else str(ante), "bring_in": usual},
                  cited=("ANTE-02", "BRINGIN-03"))


_WITH_PLAY: dict[str, Callable[[Case, Hand], Answer]] = {
    "bring-in": _bring_in, "first-to-act": _first_to_act, "legal-actions": _legal_actions,
    "first-to-show": _first_to_show, "pot-division": _pot_division, "dealer": _dealer,
}
_WITHOUT_PLAY: dict[str, Callable[[Case, Profile], Answer]] = {
    "table-size": _table_size, "usual-stakes": _usual_stakes, "rake-allowed": _rake_allowed,
    "irregularity": irregularity_answer,
}
assert set(_WITH_PLAY) | set(_WITHOUT_PLAY) == set(KINDS), "every question kind is answered"
