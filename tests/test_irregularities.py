"""Irregularities (MISDEAL area): the rulings as pure functions, applied in replayed hands,
and the PHH extension that states them."""

import dataclasses
import json
import warnings
from dataclasses import replace
from pathlib import Path

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st
from test_hand import play_out, random_hands

from studspec.errors import InvalidInputError, StudSpecError
from studspec.play.replay import record_of, replay, replay_partial
from studspec.prove.proving import evaluate, load_proof_modules
from studspec.records.detect import read_hand_histories
from studspec.records.hand import Action, Irregularity, IrregularityKind
from studspec.records.hand import ActionKind as RecordKind
from studspec.records.irregular_sites import absent_irregularities
from studspec.records.phh import parse_phh, write_phh
from studspec.rules.betting_state import ActionKind as Bet
from studspec.rules.cards import full_deck, parse_card
from studspec.rules.dealing import folds_for, simulate_deal
from studspec.rules.deck import Conventions, FoldPattern, all_fold_patterns, seventh_street_need
from studspec.rules.irregularities import (
    RulingKind,
    absent_player_ruling,
    dead_hand_ruling,
    expose_on_deal,
    initial_deal_ruling,
    kill_hand_chips,
    misdeal_allowed,
    misdeal_refunds,
    out_of_turn_binding,
    premature_card_ruling,
    seventh_replacement_available,
    seventh_street_exposure,
)
from studspec.specdata.profiles import load_profile

ROBERTS, TDA = load_profile("roberts"), load_profile("tda-2024")
KINDS = [Bet.FOLD, Bet.CHECK, Bet.CALL, Bet.COMPLETE, Bet.RAISE]

HEADER = """variant = "F7S"
antes = [1, 1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100, 100]
"""


def phh(actions: str, irregular: str = "") -> str:
    return HEADER + "actions = [\n" + actions + "\n]\n" + (
        "_studspec_irregularities = [\n" + irregular + "\n]\n" if irregular else "")


# p4 brings in with the 2c; p1 shows Ah, p2 Kd, p3 Qs.
DEAL = '"d dh p1 3sKs4h", "d dh p2 AdJc8c", "d dh p3 9d9s6h", "d dh p4 TcTs2c",'


@pytest.mark.clause("MISDEAL-01")
class TestMisdealCutoff:
    def test_two_folds_end_it_for_roberts_but_not_for_the_tda(self):
        assert not misdeal_allowed([Bet.BRING_IN, Bet.FOLD, Bet.FOLD], ROBERTS)
        assert misdeal_allowed([Bet.BRING_IN, Bet.FOLD, Bet.FOLD], TDA)

    def test_a_call_and_a_fold_end_it_under_both(self):
        for profile in (ROBERTS, TDA):
            assert not misdeal_allowed([Bet.CALL, Bet.FOLD], profile)

    def test_one_action_never_ends_it(self):
        for kind in KINDS:
            assert misdeal_allowed([Bet.BRING_IN, kind], ROBERTS)
            assert misdeal_allowed([kind], TDA)

    @given(st.lists(st.sampled_from(KINDS), max_size=6))
    def test_substantial_action_never_ends_it_before_robert_does(self, actions):
        # Robert's limit (any two actions) is never later than the TDA's.
        if misdeal_allowed(actions, ROBERTS):
            assert misdeal_allowed(actions, TDA)
        assert misdeal_allowed(actions, TDA) == (
            len(actions) < 2 or (len(actions) == 2 and all(
                k in (Bet.FOLD, Bet.CHECK) for k in actions)))

    def test_a_late_misdeal_is_a_violation_and_the_hand_restarts(self):
        text = phh(DEAL + '"p4 pb", "p1 cc", "p2 cc", "p3 cc", ' + DEAL,
                   '{ at = 8, kind = "misdeal" }')
        result = replay_partial(parse_phh(text), ROBERTS)
        assert [v.clause_id for v in result.violations] == ["MISDEAL-01"]
        assert result.hand.street == 3 and result.hand.pot == 4   # the re-deal's antes


@pytest.mark.clause("MISDEAL-02", "MISDEAL-04")
class TestInitialDeal:
    def test_two_exposed_downcards_are_a_misdeal_everywhere(self):
        for profile in (ROBERTS, TDA):
            assert initial_deal_ruling(2, [], profile).kind is RulingKind.MISDEAL

    def test_one_exposed_downcard_follows_the_profile(self):
        assert initial_deal_ruling(1, [], TDA).kind is RulingKind.BECOMES_UPCARD
        assert initial_deal_ruling(1, [], ROBERTS).kind is RulingKind.MISDEAL
        assert initial_deal_ruling(0, [], ROBERTS).kind is RulingKind.PLAY_ON

    def test_too_late_the_error_stands(self):
        ruling = initial_deal_ruling(2, [Bet.CALL, Bet.CALL], TDA)
        assert ruling.kind is RulingKind.PLAY_ON and ruling.clause_id == "MISDEAL-01"

    def test_the_exposed_card_becomes_the_upcard(self):
        cards = [parse_card(c) for c in ("As", "Ks", "2c")]
        assert expose_on_deal(cards, cards[1]) == ((cards[0], cards[2]), (cards[1],))
        with pytest.raises(ValueError, match="not one of the starting downcards"):
            expose_on_deal(cards, cards[2])

    def test_an_exposed_deuce_makes_its_player_the_bring_in(self):
        deal = '"d dh p1 2dKs4h", "d dh p2 AdJc8c", "d dh p3 9d9s6h", "d dh p4 TcTs3c",'
        text = phh(deal + '"p1 pb", "p2 cc"',
                   '{ at = 1, kind = "exposed-downcard", player = "p1", cards = "2d" }')
        tda = replay_partial(parse_phh(text), TDA)
        assert not tda.violations
        assert tda.rulings[0].ruling.kind is RulingKind.BECOMES_UPCARD
        roberts = replay_partial(parse_phh(text), ROBERTS)
        assert roberts.violations[0].clause_id == "MISDEAL-04"

    def test_under_roberts_the_exposure_is_re_dealt(self):
        text = phh(DEAL + DEAL + '"p4 pb"',
                   '{ at = 1, kind = "exposed-downcard", player = "p1", cards = "3s" },\n'
                   '{ at = 4, kind = "misdeal" }')
        assert not replay_partial(parse_phh(text), ROBERTS).violations
        assert [v.clause_id for v in replay_partial(parse_phh(text), TDA).violations] == \
            ["MISDEAL-04"]


@pytest.mark.clause("MISDEAL-03")
class TestMisdealRefunds:
    @given(st.lists(st.tuples(st.integers(0, 500), st.integers(0, 500)), min_size=2,
                    max_size=8))
    def test_every_chip_goes_back(self, pairs):
        starting = [max(a, b) for a, b in pairs]
        behind = [min(a, b) for a, b in pairs]
        assert misdeal_refunds(starting, behind) == tuple(starting)
        assert sum(misdeal_refunds(starting, behind)) == sum(behind) + sum(
            s - b for s, b in zip(starting, behind, strict=True))

    def test_the_re_deal_starts_from_the_same_stacks(self):
        text = phh(DEAL + '"p4 pb", ' + DEAL + '"p4 pb", "p1 f", "p2 f", "p3 f"',
                   '{ at = 5, kind = "misdeal" }')
        result = replay(parse_phh(text), TDA)
        assert not result.violations
        assert result.stacks == (99, 99, 99, 103)


@pytest.mark.clause("MISDEAL-05")
class TestSeventhStreetExposure:
    def test_replaced_while_betting_remains(self):
        assert seventh_street_exposure(True).kind is RulingKind.REPLACE_CARD
        assert seventh_street_exposure(True).extra_cards == 1
        assert seventh_street_exposure(False).kind is RulingKind.CARD_STANDS

    def _seventh(self, card: str, exposed: str) -> str:
        streets = ('"d dh p1 3sKs4h", "d dh p2 AdJc8c", "d dh p3 9d9s6h", '
                   '"d dh p4 TcTs2c", "p4 pb", "p1 f", "p2 f", "p3 cc",')
        for p3, p4 in (("Ah", "3d"), ("Kh", "4d"), ("Qh", "5d")):
            streets += f' "d dh p3 {p3}", "d dh p4 {p4}", "p3 cc", "p4 cc",'
        streets += f' "d dh p3 {card}", "d dh p4 8d", "p3 cc", "p4 cc"'
        return phh(streets, f'{{ at = 22, kind = "exposed-seventh", player = "p3", '
                            f'cards = "{exposed}" }}')

    def test_a_kept_exposed_card_is_a_violation(self):
        kept = replay_partial(parse_phh(self._seventh("Ac", "Ac")), TDA)
        assert [v.clause_id for v in kept.violations] == ["MISDEAL-05"]
        replaced = replay_partial(parse_phh(self._seventh("Kc", "Ac")), TDA)
        assert not replaced.violations
        assert replaced.rulings[0].ruling.kind is RulingKind.REPLACE_CARD


@pytest.mark.clause("MISDEAL-06")
def test_a_premature_card_is_returned_and_the_hand_plays_on():
    assert premature_card_ruling().kind is RulingKind.RETURN_AND_RESHUFFLE
    assert premature_card_ruling().extra_cards == 0
    text = phh(DEAL + '"p4 pb", "p1 cc", "p2 cc", "p3 cc", "d dh p1 5h", "d dh p2 5d", '
               '"d dh p3 5c", "d dh p4 5s"',
               '{ at = 6, kind = "premature-card", player = "p1", cards = "Qh" }')
    result = replay_partial(parse_phh(text), TDA)
    assert not result.violations
    assert result.rulings[0].ruling.clause_id == "MISDEAL-06"


@pytest.mark.clause("MISDEAL-07")
class TestAbsentPlayer:
    def test_the_absent_low_card_still_brings_in(self):
        assert absent_player_ruling(True).posts_bring_in
        text = phh(DEAL + '"p1 cc", "p2 cc", "p3 f"',
                   '{ at = 4, kind = "absent", player = "p4" }')
        result = replay(parse_phh(text), TDA)
        assert not result.violations
        # p4's ante and bring-in stay in the pot; p1 and p2 called 2 each.
        assert result.stacks is None or sum(result.stacks) == 400
        assert result.hand.folded[3] or not result.hand.live[3]

    def test_an_absent_player_without_the_low_card(self):
        text = phh(DEAL + '"p4 pb", "p2 cc", "p3 f"',
                   '{ at = 5, kind = "absent", player = "p1" }')
        result = replay_partial(parse_phh(text), TDA)
        assert not result.violations
        assert not result.hand.live[0]
        assert result.rulings[0].ruling.kind is RulingKind.DEAD_HAND

    def test_the_absent_players_fold_that_closes_the_street(self):
        # Found by the lean replay's lock-step test: p3, absent, is folded by the site as
        # the last to act on 3rd street. Killing his hand closes the street; the log's fold
        # (event 7) is its record, not a sign that 4th street was dealt unseen.
        text = phh(DEAL + '"p4 pb", "p1 cc", "p2 cc", "p3 f", "d dh p1 5h", "d dh p2 5d", '
                   '"d dh p4 5s", "p2 cc", "p4 cc", "p1 cc"',
                   '{ at = 7, kind = "absent", player = "p3" }')
        result = replay_partial(parse_phh(text), TDA)
        assert not result.violations
        assert [r.ruling.clause_id for r in result.rulings] == ["MISDEAL-07"]
        assert result.hand.street == 5 and result.hand.live == [True, True, False, True]

    def test_the_absent_players_fold_that_ends_the_hand(self):
        # The kill leaves one live hand: the hand is over, and the log's fold after it is
        # its record, not an action after the hand (POT-07).
        text = phh(DEAL + '"p4 pb", "p1 f", "p2 f", "p3 f"',
                   '{ at = 7, kind = "absent", player = "p3" }')
        result = replay(parse_phh(text), TDA)
        assert not result.violations and not result.divergences
        assert [r.ruling.clause_id for r in result.rulings] == ["MISDEAL-07"]
        assert result.awards is not None and list(result.awards) == [3]


@pytest.mark.clause("MISDEAL-08")
class TestDeadHand:
    def test_only_facing_a_bet(self):
        assert dead_hand_ruling(True).kind is RulingKind.DEAD_HAND
        assert dead_hand_ruling(False).kind is RulingKind.PLAY_ON

    @given(st.lists(st.integers(0, 100), min_size=2, max_size=8), st.data())
    def test_a_killed_hand_leaves_its_chips_in_the_pot(self, contributed, data):
        seat = data.draw(st.integers(0, len(contributed) - 1))
        live = [True] * len(contributed)
        pot, flags = kill_hand_chips(contributed, live, seat)
        assert sum(pot) == sum(contributed) and not flags[seat] and sum(flags) == sum(live) - 1

    def test_a_dead_hand_facing_a_bet_keeps_the_pot_whole(self):
        text = phh(DEAL + '"p4 pb", "p1 cbr 5", "p2 f", "p3 f"',
                   '{ at = 6, kind = "dead-hand", player = "p4" }')
        result = replay(parse_phh(text), TDA)
        assert not result.violations
        assert result.stacks == (105, 99, 99, 97)   # p1's uncalled 3 comes back
        assert sum(result.stacks) == 400


@pytest.mark.clause("MISDEAL-09")
class TestOutOfTurn:
    def test_binding_unless_the_action_changes(self):
        assert out_of_turn_binding(Bet.CALL, [Bet.CHECK, Bet.CALL]).kind is RulingKind.BINDING
        assert out_of_turn_binding(Bet.CALL, [Bet.RAISE]).kind is RulingKind.NOT_BINDING
        assert out_of_turn_binding(Bet.FOLD, [Bet.RAISE]).kind is RulingKind.BINDING

    def test_a_binding_call_must_be_made(self):
        text = phh(DEAL + '"p4 pb", "p1 cc", "p2 f", "p3 cbr 5"',
                   '{ at = 5, kind = "out-of-turn", player = "p3", action = "cc" }')
        assert [v.clause_id for v in replay_partial(parse_phh(text), TDA).violations] == \
            ["MISDEAL-09"]

    def test_a_raise_in_between_frees_him(self):
        text = phh(DEAL + '"p4 pb", "p1 cbr 5", "p2 f", "p3 f"',
                   '{ at = 5, kind = "out-of-turn", player = "p3", action = "cc" }')
        result = replay_partial(parse_phh(text), TDA)
        assert not result.violations
        assert result.rulings[-1].ruling.kind is RulingKind.NOT_BINDING


class TestPhhExtension:
    TEXT = phh(DEAL + '"p4 pb", "p1 cc"',
               '{ at = 0, kind = "absent", player = "p2" },\n'
               '{ at = 5, kind = "out-of-turn", player = "p3", action = "cbr 5" }')

    def test_round_trip(self):
        record = parse_phh(self.TEXT)
        assert [i.kind for i in record.irregularities] == [
            IrregularityKind.ABSENT, IrregularityKind.OUT_OF_TURN]
        again = parse_phh(write_phh(record))
        assert again.irregularities == record.irregularities
        assert [replace(e, line=None) for e in again.events] == [
            replace(e, line=None) for e in record.events]

    @pytest.mark.parametrize("entry, reason", [
        ('{ at = 99, kind = "misdeal" }', "action index"),
        ('{ at = 0, kind = "spilled-drink" }', "'kind' is one of"),
        ('{ at = 0, kind = "absent" }', "names the player"),
        ('{ at = 0, kind = "exposed-seventh", player = "p1" }', "names the card"),
        ('{ at = 0, kind = "out-of-turn", player = "p1", action = "jump" }', "'action'"),
        ('{ at = 0, kind = "absent", player = "p9" }', "'player' is p1..p4"),
        ('{ at = 0, kind = "absent", player = "p1", colour = 3 }', "unknown key"),
        ('{ at = 0, kind = "out-of-turn", player = "p1", action = "cbr 1e400" }', "larger"),
        ('{ at = 0, kind = "out-of-turn", player = "p1", action = "cbr nan" }', "'action'"),
        ('{ at = 0, kind = "exposed-seventh", player = "p1", cards = "Zz" }', "'cards'"),
        ('[1, 2]', "inline tables"),
        ('{ at = true, kind = "misdeal" }', "action index"),
    ])
    def test_bad_entries_are_clear_errors(self, entry, reason):
        with pytest.raises(InvalidInputError, match=reason) as error:
            parse_phh(phh(DEAL, entry), "bad.phh")
        assert "_studspec_irregularities" in str(error.value)

    def test_a_plain_phh_reader_ignores_the_field(self):
        notation = pytest.importorskip("pokerkit.notation")
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            history = notation.HandHistory.loads(self.TEXT)
        assert "_studspec_irregularities" in history.user_defined_fields
        assert len(history.actions) == 6


@pytest.mark.clause("MISDEAL-07")
def test_next_and_check_report_the_ruling_with_clause_and_authority(tmp_path, capsys):
    from studspec.cli.main import main

    path = tmp_path / "absent.phh"
    path.write_text(phh(DEAL + '"p1 cc"', '{ at = 4, kind = "absent", player = "p4" }'))
    before = path.read_bytes()
    assert main(["next", str(path), "--profile", "tda-2024", "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    rulings = answer["rulings"]
    assert rulings == [{"irregularity": "absent", "player": "p4", "ruling": "dead-hand",
                        "clause": "MISDEAL-07", "authority": "TDA24 r30; RP-10-C",
                        "why": rulings[0]["why"]}]
    # The record stops on 3rd street: check reports the ruling, and the hand cut short is
    # not clean (exit 2).
    assert main(["check", str(path), "--profile", "roberts"]) == 2
    assert "ruling: absent p4: dead-hand, MISDEAL-07 (TDA24 r30; RP-10-C)" in \
        capsys.readouterr().out
    assert path.read_bytes() == before


# --- the encodings in proofs/ are the model ---------------------------------------------------

proofs = load_proof_modules()
PATTERNS = list(all_fold_patterns())
CONVENTIONS = [Conventions(ib, reserve, procedure) for ib in (0, 1) for reserve in (0, 1)
               for procedure in ("reshuffle-then-community", "tda-rp10h", "community-only")]


@pytest.mark.clause("MISDEAL-05", "MISDEAL-06")
@given(st.sampled_from(PATTERNS), st.sampled_from(CONVENTIONS))
def test_replacement_encoding_agrees_with_model(pattern, rules):
    deck = proofs["deck"]
    values = deck.pattern_values(pattern)
    available = seventh_replacement_available(pattern, rules)
    assert evaluate(deck.formula_replacement(values, rules)) == available
    steps = deck.steps(values, rules)
    if pattern.dealt(7) and evaluate(steps.own_seventh):
        assert (evaluate(steps.left) >= 1 + rules.reserve) == available
        dealt = simulate_deal(full_deck(), pattern.at(3), folds_for(pattern), rules)
        assert (len(dealt.stub) >= 1 + rules.reserve) == available


@pytest.mark.clause("MISDEAL-03")
@given(st.lists(st.tuples(st.integers(0, 300), st.integers(0, 300)), min_size=2, max_size=8))
def test_refund_encoding_agrees_with_model(pairs):
    start = [max(a, b) for a, b in pairs]
    behind = [min(a, b) for a, b in pairs]
    encoded = proofs["misdeal"].refunds([z3.IntVal(s) for s in start],
                                        [z3.IntVal(b) for b in behind])
    assert tuple(evaluate(value) for value in encoded) == misdeal_refunds(start, behind)


@pytest.mark.clause("MISDEAL-08")
def test_killed_hand_encoding_agrees_with_a_played_hand():
    # The dead-hand hand above: p4 killed facing p1's bet, p1 the one player left.
    text = phh(DEAL + '"p4 pb", "p1 cbr 5", "p2 f", "p3 f"',
               '{ at = 6, kind = "dead-hand", player = "p4" }')
    result = replay(parse_phh(text), TDA)
    put_in = [100 - stack for stack in (94, 99, 99, 97)]   # before the pot is paid
    encoded = proofs["misdeal"].killed_finish([z3.IntVal(100)] * 4,
                                              [z3.IntVal(c) for c in put_in], 3, 0)
    assert tuple(evaluate(value) for value in encoded) == result.stacks
    pot, live = kill_hand_chips(put_in, [True, False, False, True], 3)
    assert sum(pot) == evaluate(z3.Sum([z3.IntVal(c) for c in put_in])) and live == (
        True, False, False, False)


@pytest.mark.clause("MISDEAL-05")
def test_seven_players_can_leave_no_replacement_card():
    # FIND-73: 7-7-7-7-6 uses the whole stub when the last card is dealt.
    pattern = FoldPattern((7, 7, 7, 7, 6))
    assert not seventh_replacement_available(pattern, Conventions.of(ROBERTS))
    assert not seventh_replacement_available(FoldPattern((7, 7, 7, 6, 6)), Conventions.of(TDA))
    ruling = seventh_street_exposure(True, replacement_left=False)
    assert ruling.kind is RulingKind.REPLACE_CARD and "burns" in ruling.reason
    assert all(seventh_replacement_available(p, c) for p in PATTERNS if p.at(3) <= 6
               for c in CONVENTIONS if seventh_street_need(p, c) in ("deal", "reshuffle"))


IRREGULAR_KINDS = [kind for kind in IrregularityKind]


@pytest.mark.clause("MISDEAL-03", "MISDEAL-07", "MISDEAL-08", "MISDEAL-09")
@given(st.data())
def test_any_irregularity_in_any_hand_replays_without_a_crash_and_keeps_the_chips(data):
    """A random legal hand, a random irregularity anywhere in it: the replay reports (or
    not) violations, never raises anything but a studspec error, and loses no chip."""
    hand, _ = data.draw(random_hands())
    play_out(hand, data)
    record = record_of(hand)
    kind = data.draw(st.sampled_from(IRREGULAR_KINDS))
    seat = data.draw(st.integers(0, hand.seats - 1))
    cards = data.draw(st.permutations(full_deck()))[:data.draw(st.integers(1, 2))]
    action = data.draw(st.sampled_from([
        Action(seat, RecordKind.FOLD), Action(seat, RecordKind.CHECK_CALL),
        Action(seat, RecordKind.WAGER, to=data.draw(st.integers(1, 50)))]))
    before = data.draw(st.integers(0, len(record.events)))
    irregularity = Irregularity(kind, before, seat, tuple(cards), action)
    irregular = dataclasses.replace(record, irregularities=(irregularity,))
    text = write_phh(irregular)
    try:
        again = parse_phh(text)
    except InvalidInputError as error:
        # After a misdeal the actions are a re-deal: the old hand's later deals are not one.
        assert kind is IrregularityKind.MISDEAL and "street" in str(error)
        return
    assert again.irregularities[0].kind is kind
    for profile in (ROBERTS, TDA):
        try:
            result = replay(again, profile)
        except StudSpecError:
            continue
        if result.stacks is not None and not result.hand.undetermined:
            assert sum(result.stacks) == sum(hand.starting) - hand.rake


@pytest.mark.clause("MISDEAL-09")
def test_next_gives_the_ruling_on_the_pending_out_of_turn_action():
    text = phh(DEAL + '"p4 pb", "p1 cc"',
               '{ at = 5, kind = "out-of-turn", player = "p2", action = "cbr 5" }')
    result = replay_partial(parse_phh(text), TDA)
    assert result.hand.actor == 1
    assert [(r.ruling.kind, r.irregularity.player) for r in result.rulings] == [
        (RulingKind.BINDING, 1)]
    raised = phh(DEAL + '"p4 pb", "p1 cbr 5"',
                 '{ at = 5, kind = "out-of-turn", player = "p2", action = "cc" }')
    assert replay_partial(parse_phh(raised), TDA).rulings[0].ruling.kind is \
        RulingKind.NOT_BINDING


SHARED_LOGS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "handhistories"
SITTING_OUT_LOG = SHARED_LOGS / "pokerstars" / "tour-7-StudHL-USD-10-1-200906.PT2.export.txt"


@pytest.mark.clause("MISDEAL-07")
@pytest.mark.skipif(not SITTING_OUT_LOG.is_file(), reason="the shared hand histories")
def test_a_site_log_player_sitting_out_while_dealt_in_is_the_absent_player():
    # PokerStars tournament: Player6 'is sitting out', antes, is dealt the Ac and is folded
    # in turn by the site. The log says enough: an absent irregularity before that fold.
    record = read_hand_histories(str(SITTING_OUT_LOG)).records[0]
    assert [(i.kind, record.players[i.player or 0].name) for i in record.irregularities] == [
        (IrregularityKind.ABSENT, "Player6")]
    for profile in (load_profile("pokerstars-8"), load_profile("tda-2024-8")):
        result = replay(record, profile)
        assert not result.violations and not result.divergences
        assert [r.ruling.clause_id for r in result.rulings] == ["MISDEAL-07"]
    again = parse_phh(write_phh(record))
    assert again.irregularities == tuple(
        dataclasses.replace(i, line=None) for i in record.irregularities)


@pytest.mark.clause("MISDEAL-07")
def test_sitting_out_without_cards_is_no_irregularity():
    record = parse_phh(phh(DEAL + '"p4 pb"'))
    assert absent_irregularities(dataclasses.replace(
        record, extra={"sitting_out": "Zed"})).irregularities == ()
    marked = absent_irregularities(dataclasses.replace(record, extra={"sitting_out": "p4"}))
    assert [(i.kind, i.player, i.before) for i in marked.irregularities] == [
        (IrregularityKind.ABSENT, 3, 9)]   # after p4's bring-in (4 antes, 4 deals, pb)
