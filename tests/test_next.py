"""``studspec next``: real hands cut short, answered under one profile and under all.

The expected actors and actions come from the rules applied to the cards and actions of
each hand (the lowest door card brings in, the bring-in is a wager, the 4th-street bet is the
small bet, ...), not from studspec's own output.
"""

import dataclasses
import hashlib
import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from test_replay import SHARED_PHH

from studspec.cli.main import main
from studspec.play.hand import Hand
from studspec.play.hand_state import Phase
from studspec.play.replay import record_of
from studspec.records.detect import read_hand_histories
from studspec.records.hand import ActionKind as RecordKind
from studspec.records.hand import Deal
from studspec.records.phh import write_phh
from studspec.rules.betting_state import Action, ActionKind
from studspec.rules.cards import full_deck
from studspec.rules.stakes import Stakes
from studspec.specdata.profiles import load_profile, profile_names

DATA = Path(__file__).parent / "data" / "handhistories"
# WSOP 2023 #43 day 5, hand 48 (Stud/8): door cards As, 5s, 2h, Jd, Ah; bring-in 75000,
# small bet 250000. p3 (2h) brings in; p4 folds; p5 completes; p1 raises; p2, p3 fold;
# p5 calls. On 4th street p1 checks; ... on 7th street p1 bets and p5 calls.
HAND_48 = SHARED_PHH / "wsop-2023-43-5-48.phh"
needs_shared = pytest.mark.skipif(not HAND_48.is_file(),
                                  reason="the shared hand histories are not beside the checkout")
FOLD_ALLOWED = {name for name in profile_names() if load_profile(name).fold_when_nothing_to_call}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def cut_phh(source: Path, keep: int, folder: Path) -> Path:
    """The PHH hand with only its first ``keep`` actions (and no finishing stacks)."""
    text = source.read_text(encoding="utf-8")
    actions = tomllib.loads(text)["actions"]
    lines = [line for line in text.splitlines()
             if not line.startswith(("actions =", "finishing_stacks ="))]
    lines.append("actions = [" + ", ".join(repr(action) for action in actions[:keep]) + "]")
    path = folder / f"{source.stem}-first-{keep}.phh"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def answer(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> dict[str, Any]:
    code, out, err = run(capsys, "next", str(path), *options, "--format", "json")
    assert code in (0, 1), err
    data: dict[str, Any] = json.loads(out)
    return data


def offered(step: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(a["action"], a["to"], a["clause"]) for a in step["actions"]]


@needs_shared
@pytest.mark.clause("BRINGIN-01", "BRINGIN-04")
def test_the_lowest_door_card_is_to_bring_in(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    data = answer(capsys, cut_phh(HAND_48, 5, tmp_path), "--profile", "tda-2024")
    step = data["next"]
    assert (step["kind"], step["p"], step["name"]) == ("act", 3, "Brian Rast")  # 2h
    assert offered(step) == [("bring-in", 75000, "BRINGIN-04"),
                             ("complete", 250000, "BRINGIN-04")]
    assert data["violations"] == []


@needs_shared
@pytest.mark.clause("BET-04", "BET-05")
def test_after_the_bring_in_the_next_player_folds_calls_or_completes(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = answer(capsys, cut_phh(HAND_48, 6, tmp_path), "--profile", "roberts-8")
    step = data["next"]
    assert (step["p"], step["to_call"]) == (4, 75000)
    assert offered(step) == [("fold", 0, "BET-04"), ("call", 75000, "BET-04"),
                             ("complete", 250000, "BET-05")]
    code, text, _ = run(capsys, "next", str(cut_phh(HAND_48, 6, tmp_path)), "--profile",
                        "roberts-8")
    assert code == 0 and "to act: p4 Matthew Ashton, facing 75000 (0 in on this street)" in text
    assert "complete to 250000" in text and "BET-05" in text


@needs_shared
@pytest.mark.clause("DEAL-02")
def test_when_the_round_is_over_the_dealer_deals_the_players_still_in(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 3rd street ends with p5's call; p2, p3 and p4 have folded.
    step = answer(capsys, cut_phh(HAND_48, 12, tmp_path), "--profile", "base")["next"]
    assert step["kind"] == "deal" and step["street"] == 4 and step["clause"] == "DEAL-02"
    assert [player["p"] for player in step["to"]] == [1, 5]
    # One of them dealt: the other is still owed his card.
    step = answer(capsys, cut_phh(HAND_48, 13, tmp_path), "--profile", "base")["next"]
    assert [player["p"] for player in step["to"]] == [5]


@needs_shared
@pytest.mark.clause("BET-04", "BET-03")
def test_all_profiles_differ_on_a_fold_with_nothing_to_call(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 4th street: p1 checks; p5 has nothing to call; the bet is the small bet.
    data = answer(capsys, cut_phh(HAND_48, 15, tmp_path), "--all-profiles")
    groups = {tuple(group["profiles"]): group["answer"]["next"] for group in data["answers"]}
    assert len(groups) == 2
    for profiles, step in groups.items():
        assert step["p"] == 5 and step["to_call"] == 0
        expected = [("check", 0, "BET-04"), ("bet", 250000, "BET-03")]
        if set(profiles) <= FOLD_ALLOWED:
            expected.insert(0, ("fold", 0, "BET-04"))
        assert offered(step) == expected
    assert {name for profiles in groups for name in profiles} == set(profile_names())
    code, text, _ = run(capsys, "next", str(cut_phh(HAND_48, 15, tmp_path)), "--all-profiles")
    assert code == 0 and "2 different answers" in text
    assert [line for line in text.splitlines() if line.startswith("* ")] == [
        "*   fold                     BET-04"]


@needs_shared
@pytest.mark.clause("SHOW-02")
def test_all_profiles_differ_on_who_shows_first(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    # 7th street: p1 bets, p5 calls. The last aggressor (p1) shows first; under S002's
    # literal reading the last caller (p5) does (FIND-41).
    data = answer(capsys, cut_phh(HAND_48, 30, tmp_path), "--all-profiles")
    for group in data["answers"]:
        step = group["answer"]["next"]
        assert step["kind"] == "showdown"
        first = 5 if group["profiles"] == ["s002"] else 1
        assert [player["p"] for player in step["order"]] == [first, 6 - first]
    assert ["s002"] in [group["profiles"] for group in data["answers"]]


@pytest.mark.clause("BET-07")
def test_all_profiles_differ_on_the_open_pair_big_bet(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    # PokerStars #35874334277: on 4th street MasterTrini1 (p8) shows 5s 5c, the best board,
    # and the log announces a double bet; the record is cut just before his bet.
    (record,) = read_hand_histories(DATA / "stars-double-bet-35874334277.txt").records
    events = list(record.events)
    last_fourth_deal = max(i for i, e in enumerate(events)
                           if isinstance(e, Deal) and e.street == 4)
    assert events[last_fourth_deal + 1].kind is RecordKind.WAGER  # type: ignore[union-attr]
    cut = dataclasses.replace(record, events=tuple(events[:last_fourth_deal + 1]), awards=())
    path = tmp_path / "double-bet-cut.phh"
    path.write_text(write_phh(cut), encoding="utf-8")
    data = answer(capsys, path, "--all-profiles")
    small, big = record.small_bet, record.big_bet
    big_bet_profiles = set()
    for group in data["answers"]:
        if group["profiles"] == ["s003"]:    # PLAYERS-01: S003 deals at most 7 players
            assert group["answer"]["error"].startswith("PLAYERS-01: ")
            continue
        step = group["answer"]["next"]
        assert step["p"] == 8
        bets = [(a["to"], a["clause"]) for a in step["actions"] if a["action"] == "bet"]
        big_bet = all(load_profile(name).fourth_street_open_pair for name in group["profiles"])
        assert bets == ([(small, "BET-03"), (big, "BET-07")] if big_bet
                        else [(small, "BET-03")])
        big_bet_profiles |= set(group["profiles"]) if big_bet else set()
    assert big_bet_profiles == {"fulltilt", "kingsclub", "pokerstars", "roberts",
                                "s000"}


def seven_players_to_seventh_street(folder: Path) -> Path:
    """A hand the model plays: seven players check and call to 7th street, not yet dealt."""
    deck = full_deck()
    random.Random(7).shuffle(deck)
    hand = Hand(load_profile("base"), Stakes.limit(10, ante=1, bring_in=3), [500] * 7)
    while not (hand.phase == Phase.DEAL and hand.street == 7):
        if hand.phase == Phase.DEAL:
            for seat in hand.dealing_to():
                count = 3 if hand.street == 3 else 1
                hand.deal(seat, [deck.pop() for _ in range(count)])
            continue
        passive = [a for a in hand.legal_actions()
                   if a.kind in (ActionKind.BRING_IN, ActionKind.CALL, ActionKind.CHECK)]
        hand.apply(Action(passive[0].kind, passive[0].to, hand.actor))
    path = folder / "seven-players.phh"
    path.write_text(write_phh(record_of(hand)), encoding="utf-8")
    return path


@pytest.mark.clause("DECK-04")
def test_seven_players_on_seventh_street_reshuffle_or_a_community_card(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 21 cards on 3rd street, a burn and 7 cards on each of 4th-6th: 45 taken, 7 left for a
    # burn and 7 cards. Reshuffling the burns gives enough (base, Robert's, TDA RP-10-H A);
    # PokerStars never reshuffles: one community card.
    path = seven_players_to_seventh_street(tmp_path)
    for profile, cards in (("base", "reshuffling"), ("tda-2024", "reshuffling"),
                           ("pokerstars", "community")):
        step = answer(capsys, path, "--profile", profile)["next"]
        assert step["kind"] == "deal" and step["street"] == 7 and step["clause"] == "DECK-04"
        assert cards in step["cards"]
        assert len(step["to"]) == (0 if cards == "community" else 7)


@pytest.mark.clause("BET-04", "SHOW-01")
def test_a_broken_rule_is_reported_and_the_answer_comes_from_the_state_reached(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "stars-hilo-fold-35874676388.txt"
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    data = answer(capsys, path, "--profile", "s001")
    assert [(v["line"], v["clause"]) for v in data["violations"]] == [(46, "BET-04")]
    step = data["next"]
    # The record goes on to the showdown of gashpor and Hero, who split the pot.
    assert step["kind"] == "showdown"
    assert {player["name"] for player in step["order"]} == {"gashpor", "Hero"}
    (record,) = read_hand_histories(path).records
    stated = {record.players[a.player].name: a.amount for a in record.awards}
    assert {award["name"]: award["amount"] for award in step["awards"]} == stated
    code, _, _ = run(capsys, "next", str(path), "--profile", "s001")
    assert code == 1
    code, _, _ = run(capsys, "next", str(path), "--profile", "pokerstars-8")
    assert code == 0
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


@pytest.mark.clause("POT-07")
def test_a_hand_won_uncontested_is_over_with_its_awards(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Full Tilt: Player4 bets the big bet on 4th street with an open pair of 9s and
    # everyone folds (Robert's allows the big bet, so no rule is broken).
    path = DATA / "fulltilt-steal.txt"
    data = answer(capsys, path, "--profile", "roberts")
    assert data["violations"] == [] and data["next"]["kind"] == "over"
    (record,) = read_hand_histories(path).records
    stated: dict[str, int] = {}
    for award in record.awards:
        name = record.players[award.player].name
        stated[name] = stated.get(name, 0) + award.amount
    assert {a["name"]: a["amount"] for a in data["next"]["awards"]} == stated


def test_several_hands_need_an_id(capsys: pytest.CaptureFixture[str],
                                  tmp_path: Path) -> None:
    both = tmp_path / "two.txt"
    both.write_bytes((DATA / "stars-hilo-35874576282.txt").read_bytes()
                     + (DATA / "stars-hilo-fold-35874676388.txt").read_bytes())
    code, _, err = run(capsys, "next", str(both), "--profile", "base")
    assert code == 2 and "--hand" in err and "35874576282, 35874676388" in err
    assert len(err.strip().splitlines()) == 1
    data = answer(capsys, both, "--profile", "base", "--hand", "#35874676388")
    assert data["hand"] == "35874676388"
    code, _, err = run(capsys, "next", str(both), "--profile", "base", "--hand", "123")
    assert code == 2 and "no hand 123" in err and "35874576282" in err


def test_bad_input_is_one_clear_line(capsys: pytest.CaptureFixture[str],
                                     tmp_path: Path) -> None:
    missing = tmp_path / "missing.phh"
    code, _, err = run(capsys, "next", str(missing), "--profile", "base")
    assert code == 2 and "missing.phh" in err and "no such file" in err
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\n", encoding="utf-8")
    code, _, err = run(capsys, "next", str(broken), "--profile", "base")
    assert code == 2 and "broken.phh" in err and "Traceback" not in err
    code, _, err = run(capsys, "next", str(DATA / "party-hilo.txt"), "--profile", "nosuch")
    assert code == 2 and "no such profile" in err
    with pytest.raises(SystemExit) as exit_info:
        main(["next", str(DATA / "party-hilo.txt"), "--profile", "base", "--all-profiles"])
    assert exit_info.value.code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.phh"]
