"""The link between proofs, model and sources: the shared operations layer, the pinning
obligations and their known-wrong variants, the agreement checks and the golden profile
values that `studspec verify` runs."""

import json
import shutil
from pathlib import Path

import pytest
import z3

from studspec import ops
from studspec.cli.main import main
from studspec.paths import spec_dir
from studspec.prove.agreement import all_agreements, run_agreement, run_agreements
from studspec.prove.proving import (
    Verdict,
    all_wrong_variants,
    check_vacuity,
    evaluate,
    load_proof_modules,
    run_obligation,
    select_obligations,
    substituted,
    vacuous_obligations,
)
from studspec.rules.board import first_to_act
from studspec.rules.cards import STANDARD_SUIT_ORDER, Suit, parse_cards
from studspec.rules.settle import take_rake
from studspec.rules.wagering import counts_as_full, counts_as_full_rule
from studspec.specdata import clear_caches
from studspec.specdata.golden import (
    derive_choice,
    derive_number,
    derive_suit_order,
    golden_results,
)
from studspec.specdata.profiles import load_profile

PROOFS = load_proof_modules()
AGREEMENTS = {item.name: item for item in all_agreements()}
PINS = [o for o in select_obligations([]) if o.name.startswith("pin-")]


# -- the operations layer ----------------------------------------------------------------


def test_ops_on_python_values_are_plain_python() -> None:
    assert ops.ge(3, 3) is True and ops.gt(3, 3) is False and ops.lt(2, 3) is True
    assert ops.ite(True, 1, 2) == 1 and ops.min_([4, 2, 9]) == 2 and ops.max_([4, 2, 9]) == 9
    assert ops.and_(True, False) is False and ops.or_(False, True) is True
    assert ops.floordiv(7, 2) == 3 and ops.distinct([1, 2, 3]) and not ops.distinct([1, 1])


def test_ops_on_bit_vectors_compare_unsigned_and_on_integers_as_integers() -> None:
    big = z3.BitVecVal(200, 8)  # -56 as a signed byte
    assert evaluate(ops.gt(big, z3.BitVecVal(1, 8))) is True
    assert evaluate(ops.floordiv(big, 2)) == 100
    assert evaluate(ops.ge(z3.IntVal(-1), 0)) is False
    assert evaluate(ops.max_([z3.IntVal(3), z3.IntVal(-5)])) == 3


@pytest.mark.clause("BET-11")
@pytest.mark.parametrize(("size", "increment", "half", "full"), [
    (10, 20, True, True), (9, 20, True, False), (15, 20, True, True), (5, 10, True, True),
    (4, 10, True, False), (3, 7, True, False), (4, 7, True, True), (10, 20, False, False),
    (20, 20, False, True)])
def test_exact_half_all_in_counts_in_the_model_and_in_the_encoding(
        size: int, increment: int, half: bool, full: bool) -> None:
    # BET-11: "half a bet or more" — exactly half counts under half_bet, never under
    # full_raise; the encoding evaluates the same function on bit-vectors.
    rule = "half_bet" if half else "full_raise"
    assert counts_as_full(size, increment, rule) is full
    encoded = counts_as_full_rule(z3.BitVecVal(size, 12), z3.BitVecVal(increment, 12),
                                  z3.BoolVal(half))
    assert evaluate(encoded) is full


# -- pinning obligations and non-vacuity ---------------------------------------------------


@pytest.mark.clause("BET-11", "BET-08", "BET-09", "BET-03", "BET-07", "CARD-03", "CARD-04",
                    "ACT-03", "LOW-02", "POT-04", "POT-08")
@pytest.mark.parametrize("name", [o.name for o in PINS])
def test_every_pin_is_proved(name: str) -> None:
    result = run_obligation(next(o for o in PINS if o.name == name))
    assert result.verdict is Verdict.PROVED, (result.failed_goal, result.counterexample)


@pytest.mark.slow
@pytest.mark.clause("BET-11", "ACT-03", "LOW-02", "POT-04", "POT-08")
def test_every_wrong_variant_is_refuted_and_no_obligation_is_vacuous() -> None:
    results = check_vacuity(PINS)
    assert results and all(r.refuted for r in results), [
        r.variant.label for r in results if not r.refuted]
    assert {r.variant.targets[0] for r in results} == {o.name for o in PINS}
    assert vacuous_obligations(PINS, results) == []
    refuted = next(r for r in results if r.variant.label.startswith("more than half"))
    assert "size = " in (refuted.counterexamples["pin-short-all-in"] or "")


def test_a_wrong_variant_reaches_the_model_and_is_undone() -> None:
    variant = next(v for v in all_wrong_variants()
                   if v.label == "more than half (exact half refused)")
    assert counts_as_full(10, 20, "half_bet")
    with substituted(variant.original, variant.replacement):
        assert not counts_as_full(10, 20, "half_bet")  # the model itself uses the wrong rule
    assert counts_as_full(10, 20, "half_bet")


def test_variants_and_agreements_on_two_processes_say_what_one_process_says() -> None:
    # verify runs the wrong variants and the agreement checks on every core: each variant
    # is substituted in its worker, so the verdicts must be those of a run in this process.
    chosen = select_obligations(["pin-short-all-in", "pin-board-tie", "pin-round-arithmetic"])
    here, there = check_vacuity(chosen), check_vacuity(chosen, jobs=2)
    assert len(here) >= 3
    assert [(r.variant.label, r.verdicts) for r in there] == [
        (r.variant.label, r.verdicts) for r in here]
    assert all(r.refuted for r in there)
    cheap = [a for a in all_agreements() if a.name in (
        "card-encoding-agrees", "bring-in-encoding-agrees", "showdown-encoding-agrees")]
    assert [(r.agreement.name, r.checked, r.disagreement)
            for r in run_agreements(cheap, jobs=2)] == [
        (r.agreement.name, r.checked, r.disagreement) for r in map(run_agreement, cheap)]


def test_an_obligation_no_variant_refutes_is_reported_vacuous() -> None:
    variant = next(v for v in all_wrong_variants() if v.label == "odd chip to the low")
    results = check_vacuity(select_obligations(["split-conserves-chips"]))
    assert results == []  # no variant aims at it: an invariant, not pinned
    fake = type(check_vacuity(select_obligations(["pin-low-half"]))[0])(
        variant, {"split-conserves-chips": Verdict.PROVED}, {})
    assert vacuous_obligations(select_obligations(["split-conserves-chips"]), [fake]) == [
        "split-conserves-chips"]


def test_prove_check_vacuity_reports_refuted_variants(capsys: pytest.CaptureFixture[str],
                                                      ) -> None:
    code = main(["prove", "pin-short-all-in", "pin-board-tie", "--check-vacuity",
                 "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["vacuity"]["refuted"] == data["vacuity"]["total"] >= 6
    assert data["vacuity"]["vacuous"] == []


# -- agreement of the encodings with the model --------------------------------------------


@pytest.mark.clause("CARD-03", "CARD-04", "BRINGIN-01", "BRINGIN-02", "ACT-02", "ACT-03", "SHOW-02",
                    "BET-02", "BET-03", "BET-05", "BET-07", "BET-08", "BET-09", "BET-11")
@pytest.mark.parametrize("name", sorted(set(AGREEMENTS) - {"casebook-encodings-agree"}))
def test_every_encoding_agrees_with_the_model(name: str) -> None:
    result = run_agreement(AGREEMENTS[name])
    assert result.ok and result.checked > 100, result.disagreement


@pytest.mark.clause("ACT-03")
def test_a_reversed_suit_tie_in_the_encoding_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    act = PROOFS["act"]

    def reversed_tie(key: object, other_key: object) -> object:
        return ops.lt(key, other_key)

    monkeypatch.setattr(act, "wins_board_tie_rule", reversed_tie)
    result = run_agreement(AGREEMENTS["board-tie-agrees"])
    assert not result.ok and "high_card_by_suit" in (result.disagreement or "")


@pytest.mark.slow
@pytest.mark.clause("BRINGIN-01", "ACT-03", "BET-02", "BET-11", "SHOW-02", "POT-03", "POT-04",
                    "POT-05", "LOW-02")
def test_every_casebook_situation_an_encoding_covers_agrees_with_the_model() -> None:
    checks = list(AGREEMENTS["casebook-encodings-agree"].inputs())
    assert [label for label, agrees in checks if not agrees] == []
    for kind in ("bring-in", "first to act on street 4", "first to act on street 6",
                 "raise to", "the state after", "showing order", "halves", "high shares",
                 "low shares", "odd-chip card", "'s low"):
        assert any(kind in label for label, _ in checks), kind
    assert any("hilo-odd-chips-of-both-halves under tda-2024-8: pot 0: low odd-chip card" in label
               for label, _ in checks)


@pytest.mark.clause("POT-04")
def test_a_drift_in_an_encoding_fails_the_casebook_through_the_encodings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def odd_chip_to_the_low(units: object, has_low: object) -> tuple[object, object]:
        low = z3.If(has_low, units - units / 2, 0)  # type: ignore[operator]
        return units - low, low  # type: ignore[operator]

    monkeypatch.setattr(PROOFS["pot"], "halves", odd_chip_to_the_low)
    result = run_agreement(AGREEMENTS["casebook-encodings-agree"])
    assert not result.ok and "halves" in (result.disagreement or "")


@pytest.mark.clause("ACT-03")
@pytest.mark.parametrize("order", list(PROOFS["agreement"].ALL_SUIT_ORDERS))
def test_tied_aces_go_to_the_higher_suit_under_every_suit_order(order: tuple[Suit, ...]) -> None:
    profile = load_profile("tda-2024")
    from dataclasses import replace

    varied = replace(profile, suit_order=order)
    x, y = parse_cards("Ac Kd"), parse_cards("As Kh")
    expected = 0 if order.index(Suit.CLUBS) > order.index(Suit.SPADES) else 1
    assert first_to_act([x, y], varied) == expected
    act, cards = PROOFS["act"], PROOFS["cards"]
    encoded = act.precedes([cards.card_value(c.index) for c in x],
                           [cards.card_value(c.index) for c in y], 0, 1, "high_card_by_suit",
                           order)
    assert evaluate(encoded) is (expected == 0)


@pytest.mark.clause("BET-09", "BET-07", "PLAYERS-01")
def test_the_betting_agreement_covers_the_situations_where_rules_differ() -> None:
    names = [name for name, _ in PROOFS["agreement"].betting_situations()]
    assert any("exact-half all-in raise" in n for n in names)
    assert any("heads-up past the cap" in n for n in names)
    assert any("option=False" in n for n in names)
    assert f"{PROOFS['agreement'].largest_table()} seats" in names
    assert PROOFS["agreement"].largest_table() >= 8


@pytest.mark.clause("POT-08", "POT-06")
def test_rake_with_a_side_pot_comes_from_the_main_pot_first() -> None:
    assert take_rake([42, 40], 3) == [39, 40]
    assert take_rake([2, 40], 3) == [0, 39]
    assert take_rake([2, 1, 40], 5) == [0, 0, 38]


# -- golden profile values -----------------------------------------------------------------


def test_numbers_and_suit_orders_are_read_from_quotes() -> None:
    assert derive_number("Nº Jugadores: Maximo 7") == 7
    assert derive_number("cinco cartas que empiezan por ocho o menos") == 8
    assert derive_number("il numero massimo è tassativamente 8") == 8
    assert derive_number("no number here") is None
    assert derive_suit_order("picas, corazones, diamantes y tréboles") == "shdc or cdhs"
    assert derive_suit_order("picas y corazones") is None
    assert derive_choice("bring_in_tie_break", "decidirá el palo") == "suit"
    assert derive_choice("bring_in_tie_break",
                         "il giocatore più vicino alla sinistra del dealer") == "position"
    assert derive_choice("bring_in_tie_break", "no choice named") is None


def test_profile_values_agree_with_their_quotes() -> None:
    results = golden_results()
    checked = [r for r in results if r.derived is not None]
    assert len(checked) >= 20 and all(r.agrees for r in checked)
    assert {r.parameter for r in checked} >= {"max_players", "low_qualifier", "suit_order",
                                               "bring_in_tie_break", "showdown_first"}
    assert any(r.profile == "s003" and r.parameter == "max_players" for r in checked)
    assert STANDARD_SUIT_ORDER  # the profiles' order is the bridge order, checked above


@pytest.mark.clause("PLAYERS-01")
def test_a_profile_value_against_its_quote_fails_verify(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    spec = tmp_path / "spec"
    shutil.copytree(spec_dir(), spec)
    s003 = spec / "variants" / "s003.toml"
    s003.write_text(s003.read_text(encoding="utf-8").replace(
        'max_players = { value = "7"', 'max_players = { value = "8"'), encoding="utf-8")
    monkeypatch.setenv("STUDSPEC_SPEC_DIR", str(spec))
    clear_caches()
    try:
        wrong = [r for r in golden_results() if not r.agrees]
    finally:
        monkeypatch.delenv("STUDSPEC_SPEC_DIR")
        clear_caches()
    assert [(r.profile, r.parameter, r.value, r.derived) for r in wrong] == [
        ("s003", "max_players", "8", "7")]


SLIPS = [  # one value of a source's or an authority's profile changed to another allowed one
    ("tda-2024.toml", 'heads_up_uncapped = { value = "false"',
     'heads_up_uncapped = { value = "true"'),
    ("tda-2024.toml", 'odd_chip_card_scope = { value = "five_card_hand"',
     'odd_chip_card_scope = { value = "all_cards"'),
    ("roberts.toml", 'community_first_actor = { value = "high-with-common-card"',
     'community_first_actor = { value = "sixth-street-first-actor"'),
    ("s001.toml", 'fourth_street_open_pair = { value = "false"',
     'fourth_street_open_pair = { value = "true"'),
    ("s002.toml", 'showdown_first = { value = "last_caller"',
     'showdown_first = { value = "last_aggressor"'),
]


@pytest.mark.clause("BET-09", "POT-05", "DECK-07", "BET-07", "SHOW-02")
def test_every_source_and_authority_value_answers_to_a_quote_or_a_reading(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    results = golden_results()
    assert all(r.tied and r.agrees for r in results)
    assert {r.basis for r in results} == {"quote", "reading", "observed"}
    assert all(r.basis == "observed" for r in results if r.source in ("PS", "HH", "PokerKit"))
    for number, (file, old, new) in enumerate(SLIPS):
        spec = tmp_path / f"slip{number}"
        shutil.copytree(spec_dir(), spec)
        path = spec / "variants" / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        path.write_text(text.replace(old, new), encoding="utf-8")
        monkeypatch.setenv("STUDSPEC_SPEC_DIR", str(spec))
        clear_caches()
        try:
            wrong = [(r.profile, r.parameter) for r in golden_results() if not r.agrees]
        finally:
            monkeypatch.delenv("STUDSPEC_SPEC_DIR")
            clear_caches()
        assert wrong == [(file.removesuffix(".toml"), new.split(" =")[0])], file


def test_a_reading_of_an_unknown_parameter_is_a_spec_error_naming_the_file(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from studspec.errors import SpecError
    from studspec.specdata.golden import load_readings

    spec = tmp_path / "spec"
    shutil.copytree(spec_dir(), spec)
    readings = spec / "sources" / "readings.toml"
    readings.write_text(readings.read_text(encoding="utf-8") + '\n[[reading]]\nsource = "RR"\n'
                        'at = "RR-x"\nparameter = "raise_limit"\nvalue = "3"\n',
                        encoding="utf-8")
    monkeypatch.setenv("STUDSPEC_SPEC_DIR", str(spec))
    clear_caches()
    try:
        with pytest.raises(SpecError, match=r"readings\.toml.*raise_limit"):
            load_readings()
    finally:
        monkeypatch.delenv("STUDSPEC_SPEC_DIR")
        clear_caches()


def test_a_case_the_model_cannot_rule_fails_the_casebook_check_not_verify(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from studspec.cli import verify
    from studspec.errors import InvalidInputError
    from studspec.specdata.profiles import all_profiles

    def refuses(*_: object) -> None:
        raise InvalidInputError("chips that no live player contested", input_text="0",
                                where="level 4")

    monkeypatch.setattr(verify, "rule_under", refuses)
    ok, detail = verify._casebook([resolved.profile for resolved in all_profiles()])
    assert not ok and "cannot rule a bundled case" in detail and "level 4" in detail
