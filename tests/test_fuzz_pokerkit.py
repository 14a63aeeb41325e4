"""PokerKit 0.7.7 through the adapter: agreement on ordinary hands, the behaviours the fuzz
campaign found (each minimal hand in tests/data/fuzz/ replays and still diverges the same
way), and the ``studspec fuzz`` command."""

from __future__ import annotations

from pathlib import Path

import pytest

from studspec.cli.main import main
from studspec.engines.model_adapter import ModelEngine
from studspec.fuzz.campaign import run_campaign
from studspec.fuzz.classify import ENGINE_DEFECT, RULE_DIFFERENCE, classify
from studspec.fuzz.generate import Choice, HandSpec
from studspec.fuzz.lockstep import play
from studspec.play.replay import to_bet_action
from studspec.records.hand import Action
from studspec.records.phh import read_phh
from studspec.rules.cards import full_deck, parse_cards
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile

pytest.importorskip("pokerkit")
from studspec.engines.pokerkit_adapter import PokerKitEngine
from studspec.engines.protocol import Table

FUZZ_DATA = Path(__file__).resolve().parent / "data" / "fuzz"


def _spec_of(name: str, profile: str) -> HandSpec:
    """The hand a saved minimal PHH file records: its table, deck order and moves."""
    path = FUZZ_DATA / name
    record = read_phh(path)
    deck_line = next(line for line in path.read_text().splitlines()
                     if line.startswith("# deck order: "))
    deck = tuple(parse_cards(deck_line.removeprefix("# deck order: ")))
    stakes = Stakes(ante=record.ante, bring_in=record.bring_in, small_bet=record.small_bet,
                    big_bet=record.big_bet)
    table = Table(load_profile(profile).game, tuple(p.starting_stack or 0
                                                   for p in record.players), stakes, deck)
    model = ModelEngine(load_profile(profile))
    model.start(table)
    picks = []

    for event in record.events:
        if isinstance(event, Action) and event.kind.name != "ANTE":
            hand = model.hand
            assert hand is not None
            action = to_bet_action(hand, event)
            moves = sorted(model.legal_moves())
            chosen = next(move for move in moves if model.action_of(move).kind == action.kind
                          and (action.to is None or move.to == action.to))
            picks.append(Choice(moves.index(chosen)))
            model.apply(chosen)
    return HandSpec(table, tuple(picks))


@pytest.mark.clause("DEAL-01", "BRINGIN-02", "BET-04", "SHOW-01", "POT-01")
def test_pokerkit_agrees_with_the_model_on_a_passive_heads_up_hand() -> None:
    table = Table("high", (100, 100), Stakes.limit(4, ante=1, bring_in=2), tuple(full_deck()))
    run = play(HandSpec(table, ()), ModelEngine(load_profile("base")), PokerKitEngine())
    assert run.divergence is None and run.engine_views[-1].over


@pytest.mark.clause("BET-09")
def test_pokerkit_caps_raises_heads_up_a_rule_difference() -> None:
    table = Table("high", (400, 400), Stakes.limit(10, ante=1, bring_in=2), tuple(full_deck()))
    raise_each_time = tuple(Choice(5) for _ in range(8))  # 5 picks the wager of 2 or 3 moves
    spec = HandSpec(table, raise_each_time)
    base = load_profile("base")
    run = play(spec, ModelEngine(base), PokerKitEngine())
    assert run.divergence is not None and run.divergence.clause_id == "BET-09"
    assert classify(run, base).kind == RULE_DIFFERENCE
    assert "heads_up_uncapped = false" in classify(run, base).explained_by
    assert play(spec, ModelEngine(load_profile("pokerkit-0.7.7")), PokerKitEngine()
                ).divergence is None


@pytest.mark.clause("BRINGIN-05", "SHOW-02", "BET-02", "BET-08", "BET-10", "DECK-04", "POT-04")
@pytest.mark.parametrize("name", sorted(path.name for path in FUZZ_DATA.glob("pokerkit-*.phh")))
def test_each_saved_pokerkit_divergence_still_shows(name: str) -> None:
    profile = "pokerkit-0.7.7-8" if name.startswith("pokerkit-8-") else "pokerkit-0.7.7"
    spec = _spec_of(name, profile)
    run = play(spec, ModelEngine(load_profile(profile)), PokerKitEngine())
    assert run.divergence is not None
    clause, aspect = name.removeprefix("pokerkit-").removeprefix("8-").removesuffix(
        ".phh").rsplit("-", 1)
    assert (run.divergence.clause_id, run.divergence.aspect) == (clause, aspect)
    assert classify(run, load_profile(profile)).kind in (ENGINE_DEFECT, RULE_DIFFERENCE)


@pytest.mark.clause("BET-04")
def test_a_short_pokerkit_campaign_is_reproducible() -> None:
    profile = load_profile("pokerkit-0.7.7")
    first = run_campaign(PokerKitEngine, profile, 25, seed=5, shrink=False)
    again = run_campaign(PokerKitEngine, profile, 25, seed=5, shrink=False)
    assert first.hands == again.hands == 25 and first.by_kind == again.by_kind


@pytest.mark.clause("BET-04")
def test_fuzz_command_reports_and_saves_minimal_hands(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands"
    code = main(["fuzz", "--engine", "pokerkit", "--profile", "pokerkit-0.7.7", "--hands", "15",
                 "--seed", "2", "--out", str(out), "--format", "json", "--no-shrink"])
    text = capsys.readouterr().out
    assert code == (1 if '"kind"' in text else 0)
    assert "\"hands\": 15" in text
    for saved in out.glob("*.phh"):
        assert read_phh(saved).players  # every saved minimal hand reads back as PHH


def test_fuzz_command_refuses_bad_arguments_in_one_line(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    assert main(["fuzz", "--engine", "studspec", "--profile", "base", "--hands", "0"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--hands" in error
    assert main(["fuzz", "--engine", "studspec", "--profile", "nosuch", "--hands", "3"]) == 2
    assert "no such profile" in capsys.readouterr().err


def test_the_model_fuzzed_against_itself_finds_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--engine", "studspec", "--profile", "tda-2024", "--hands", "20"]) == 0
    assert "0 divergent" in capsys.readouterr().out
