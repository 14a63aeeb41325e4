"""The oracle of "a log is evidence, not truth": change one stated figure or card of a clean
hand by one unit, and the hand is never clean.

For every hand of the sample logs (``tests/data/handhistories``, and the shared hand
histories when they are beside the checkout) that checks clean on its own, every line the
reader turns into an event or a claim — an ante, a bring-in, a bet, a call, a raise, a deal,
a show or muck, an award, an uncalled bet returned, a summary line — is a *figure line*.
A *mutant* changes one figure of one such line by one unit:

* an amount by one unit of the record (a cent of a cash game, a chip of a tournament), up
  or down;
* a card into another card dealt in the same hand (a card cannot be dealt twice, CARD-02,
  so the change is always a contradiction the check can see; a card changed into one nobody
  was dealt can describe another legal hand, and is no oracle).

The property: ``studspec check`` never calls a mutant clean (a violation, a finding, a
reader warning or an unreadable hand all count).

Left out, and why (the site-validation page says so too): the header (hand id, stakes, date:
a different table is another hand, not a wrong one) and the seat lines' starting stacks (a
stack no action reaches cannot be checked by anything in the hand; a stack that binds is
checked through the all-in and the amounts that meet it).

The default suite runs a Hypothesis property over these mutants (tests/test_claims_oracle.py).
The long run tries every mutant of every hand and prints the counts per site::

    python tests/claims_oracle.py                      # every mutant, every sample hand
    python tests/claims_oracle.py --shared PATH        # the shared hand histories too
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from studspec.cli.check import check_file, read_records
from studspec.records.hand import HandRecord

TESTS = Path(__file__).resolve().parent
SAMPLES = TESTS / "data" / "handhistories"
SHARED = TESTS.parent.parent / "shared" / "data" / "handhistories"

AMOUNT = re.compile(r"(?<![\w#.,:/-])(?P<symbol>[$€£] ?)?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?"
                    r"|\d+(?:\.\d+)?)(?P<after>[$€£])?(?![\w/:,]|\.\d)")
CARD = re.compile(r"(?<![\w])(?P<card>(?:10|[2-9TJQKA])[cdhs]|[SHDC](?:10|[2-9TJQKA]))(?![\w])")
BRACKETS = re.compile(r"\[[^\]]*\]|cards=\"[^\"]*\"|>[^<>]*</cards>")
"""Where a line lists cards: ``[Ah Kd]``, XML ``cards="Ah,Kd"`` or ``<cards …>H8 D7</cards>``."""
XML_AMOUNT = re.compile(r"\b(?:amount|sum|win|bet)=\"(?P<value>[^\"]*)\"")
SKIP = re.compile(r"LO: ?[\dA,]+|Hand #\d+|Game #\d+|\d{4}/\d\d/\d\d|\d\d:\d\d(?::\d\d)?")
"""Spans that are no figure of the hand: a written low's ranks (a description, checked as
a whole), ids, dates and times."""


@dataclass(frozen=True)
class Hand:
    """One hand of a sample log, as a file of its own: its lines and what it reads to."""

    site: str
    source: str
    hand_id: str | None
    text: str
    suffix: str
    scale: int
    figure_lines: tuple[int, ...]  # 1-based line numbers of the figure lines
    cards: tuple[str, ...]         # every card token of the hand


@dataclass(frozen=True)
class Mutant:
    """One figure of one line changed by one unit."""

    line: int
    before: str
    after: str

    def describe(self) -> str:
        return f"line {self.line}: {self.before!r} -> {self.after!r}"


def _lines_of(record: HandRecord) -> set[int]:
    """The lines a record's events, awards and claims come from."""
    lines = {getattr(event, "line", None) for event in record.events}
    lines |= {award.line for award in record.awards}
    lines |= {claim.line for claim in record.claims}
    return {line for line in lines if line}


def check_hands(text: str, suffix: str) -> tuple[bool, list[dict[str, Any]]]:
    """Whether a one-hand file checks clean, and the hands of its report."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"hand{suffix}"
        path.write_text(text, encoding="utf-8")
        hands, problems = check_file(str(path))
    serious = [p for p in problems if p["severity"] in ("error", "warning")]
    clean = bool(hands) and not serious and all(
        hand.get("profile") is not None and not hand["violations"]
        and not hand["divergences"] and not hand["warnings"]
        # "clean with N unread lines" is not clean: a line no rule read may hide a figure
        and not hand.get("unread_lines") for hand in hands)
    return clean, hands


def check_text(text: str, suffix: str) -> tuple[bool, int]:
    """Whether a one-hand file checks clean, and how many hands it read."""
    clean, hands = check_hands(text, suffix)
    return clean, len(hands)


def hands_in(path: Path, site: str) -> list[Hand]:
    """The hands of a log that check clean as a file of their own."""
    raw = path.read_bytes()
    try:  # a UTF-16 log (Winning) is split as text and written back as UTF-8
        text = raw.decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else raw.decode()
    except UnicodeDecodeError:
        return []
    records, _ = read_records(path)
    lines = text.splitlines(keepends=True)
    starts = [record.origin.line or 1 for record in records]
    found: list[Hand] = []
    for index, record in enumerate(records):
        if path.suffix == ".xml":
            if len(records) != 1:
                continue
            first, last = 1, len(lines)
        else:
            first = starts[index]
            last = starts[index + 1] - 1 if index + 1 < len(starts) else len(lines)
        own = "".join(lines[first - 1:last])
        clean, count = check_text(own, path.suffix)
        if not clean or count != 1:
            continue
        figure = tuple(sorted(line - first + 1 for line in _lines_of(record)
                              if first <= line <= last and line != record.origin.line))
        cards = tuple(sorted({m["card"] for line in own.splitlines()
                              for m in _card_tokens(line)}))
        found.append(Hand(site, f"{path.name}", record.origin.hand_id, own, path.suffix,
                          record.scale, figure, cards))
    return found


def sample_hands(shared: Path | None = None) -> list[Hand]:
    """Every hand of the sample logs (and of the shared folder, if given) clean alone."""
    hands: list[Hand] = []
    for path in sorted(SAMPLES.iterdir()):
        if path.suffix in (".txt", ".xml"):
            hands += hands_in(path, path.name.split("-")[0])
    if shared is not None and shared.is_dir():
        for path in sorted(shared.rglob("*")):
            if path.suffix in (".txt", ".xml") and path.parent.name != "phh":
                hands += hands_in(path, path.parent.name)
    return hands


def _changed(token: re.Match[str], step: int, scale: int) -> str:
    """An amount token moved by ``step`` units of the record, written as the log writes."""
    number = token["number"].replace(",", "")
    decimals = len(number.split(".")[1]) if "." in number else 0
    unit_digits = 2 if scale == 100 else 0
    digits = max(decimals, unit_digits)
    value = round(float(number) * 10 ** digits) + step
    if value < 0:
        return ""
    whole, cents = divmod(value, 10 ** digits) if digits else (value, 0)
    text = str(whole) if digits == 0 else f"{whole}.{cents:0{digits}d}"
    return (token["symbol"] or "") + text + (token["after"] or "")


def _amount_tokens(line: str, xml: bool) -> list[re.Match[str]]:
    """The amounts a line states: XML amount attributes, or in text every amount outside
    card lists and the spans that are no figure (``SKIP``)."""
    if xml:
        return [token for attribute in XML_AMOUNT.finditer(line)
                for token in AMOUNT.finditer(line, attribute.start("value"),
                                             attribute.end("value"))]
    blocked = [match.span() for pattern in (BRACKETS, SKIP) for match in pattern.finditer(line)]
    return [token for token in AMOUNT.finditer(line)
            if not any(start <= token.start() < end for start, end in blocked)]


def _card_tokens(line: str) -> list[re.Match[str]]:
    """The cards a line lists (inside its card lists only: ``Qs`` in a description is a
    rank's plural, not a card)."""
    return [token for listed in BRACKETS.finditer(line)
            for token in CARD.finditer(line, listed.start(), listed.end())]


def _same_notation(card: str, other: str) -> bool:
    return (card[0] in "SHDC") == (other[0] in "SHDC") and card.lower() != other.lower()


def mutants(hand: Hand) -> list[Mutant]:
    """Every one-unit change of a figure line of the hand."""
    found: list[Mutant] = []
    lines = hand.text.splitlines(keepends=True)
    for number in hand.figure_lines:
        line = lines[number - 1]
        for token in _amount_tokens(line, hand.suffix == ".xml"):
            for step in (1, -1):
                new = _changed(token, step, hand.scale)
                if new:
                    found.append(Mutant(number, line, line[:token.start()] + new
                                        + line[token.end():]))
        for token in _card_tokens(line):
            other = next((c for c in hand.cards if _same_notation(token["card"], c)), None)
            if other is not None:
                found.append(Mutant(number, line, line[:token.start()] + other
                                    + line[token.end():]))
    return found


def apply(hand: Hand, mutant: Mutant) -> str:
    """The hand's text with the mutant's line."""
    lines = hand.text.splitlines(keepends=True)
    lines[mutant.line - 1] = mutant.after
    return "".join(lines)


RAKE_SLACK = "the log states no rake: a cent more or less is a rake within the site's policy"
OWN_CARD = "a card moved between two places of the same player's hand: another legal deal"
RETURNED_BRING_IN = ("a bring-in nobody called, returned whole: no other figure of the hand "
                     "meets its amount")


def excuse(hand: Hand, mutant: Mutant, report: list[dict[str, Any]]) -> str | None:
    """Why a clean mutant is no counterexample, or None. Two kinds of change describe
    another hand the log could truly have written, and no check can tell them apart:

    * an amount in a hand whose log states no rake (Everleaf, Merge, iPoker, PartyPoker):
      the pot or an award one cent off is the same log with a rake one cent different,
      within the site's rake policy (POT-08);
    * a card of a player's hand changed into one of his own cards listed elsewhere (a
      muck or show lists the cards but not which place each was dealt to);
    * the amount of a bring-in every player folded to, returned whole (Everleaf writes no
      other line that meets it).
    """
    if any(entry.get("unstated_rake") is not None for entry in report):
        return RAKE_SLACK
    if "bring-in" in mutant.before and any(
            award["half"] == "returned" for entry in report
            for award in entry.get("recorded_awards", [])):
        return RETURNED_BRING_IN
    old = [m["card"] for m in _card_tokens(mutant.before)]
    new = [m["card"] for m in _card_tokens(mutant.after)]
    changed = [card for card in new if card not in old]
    actor = re.match(r"^(?:Dealt to |Dealing to )?(?P<name>[^:\[]+?)(?::| \[)", mutant.after)
    if changed and actor is not None:
        name = actor["name"].strip()
        others = [line for line in hand.text.splitlines()
                  if changed[0] in [m["card"] for m in _card_tokens(line)]]
        if others and all(name in line for line in others):
            return OWN_CARD
    return None


def survives(hand: Hand, mutant: Mutant) -> str | None:
    """What ``check`` said of a mutant it calls clean: None when it is not clean (the
    oracle holds), the excuse when the change describes another legal hand, else
    ``"CLEAN"`` (a counterexample)."""
    clean, report = check_hands(apply(hand, mutant), hand.suffix)
    if not clean:
        return None
    return excuse(hand, mutant, report) or "CLEAN"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=SHARED if SHARED.is_dir() else None,
                        help="the shared hand-history folder (default: beside the checkout)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    hands = sample_hands(args.shared)
    tried: Counter[str] = Counter()
    excused: Counter[str] = Counter()
    survived: list[str] = []
    for hand in hands:
        for mutant in mutants(hand):
            tried[hand.site] += 1
            verdict = survives(hand, mutant)
            if verdict == "CLEAN":
                survived.append(f"{hand.source} hand {hand.hand_id}: {mutant.describe()}")
            elif verdict is not None:
                excused[f"{hand.site}: {verdict}"] += 1
    for site, count in sorted(tried.items()):
        print(f"{site}: {count} mutants")
    for reason, count in sorted(excused.items()):
        print(f"clean, another legal hand ({count}): {reason}")
    print(f"{len(hands)} hands, {sum(tried.values())} mutants, {sum(excused.values())} "
          f"another legal hand, {len(survived)} called clean, "
          f"{time.monotonic() - started:.0f} s")
    for text in survived:
        print("  CLEAN:", text)
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
