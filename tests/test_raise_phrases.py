"""Each site states what its raise line's amounts mean (``Grammar.raise_phrase``), and every
raise rule of its grammar reads them so: ``raises X`` (X put in), ``raises [to] Y`` (Y the
street total), ``raises X to Y`` (X put in or the raise's size, Y the total)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from studspec.records import ipoker
from studspec.records.detect import GRAMMARS
from studspec.records.grammar import Grammar
from studspec.records.raise_phrases import RAISE_PHRASES
from studspec.records.rules import Rule
from studspec.records.site_profiles import SITE_NAMES
from studspec.records.xmlreader import MERGE


def raise_rules(grammar: Grammar) -> list[Rule]:
    """The rules of a grammar that read a raise (a wager whose verb is a raise)."""
    return [each for each in grammar.rules
            if each.event == "action" and each.fixed.get("kind") == "wager"
            and "aise" in each.pattern.pattern.lower()]  # raises, Raises, [Rr]aises


def meaning(each: Rule) -> str | None:
    """What a raise rule's amounts mean; None for a ``raises to Y`` form, which names its
    meaning in its words (Y the total) on any site."""
    groups = set(each.pattern.groupindex)
    if {"amount", "to"} <= groups:
        return "size-to-total" if each.fixed.get("by_over") else "added-to-total"
    if "amount" in groups:
        return "added"
    if "to" in groups:
        return None if " to" in each.pattern.pattern.lower().split("(?p<to>")[0] else "total"
    raise AssertionError(f"a raise rule that reads no amount: {each.pattern.pattern}")


@pytest.mark.parametrize("grammar", GRAMMARS, ids=[g.format for g in GRAMMARS])
def test_every_raise_rule_reads_the_amounts_as_its_site_states(grammar: Grammar) -> None:
    rules = raise_rules(grammar)
    assert rules, grammar.format
    assert grammar.raise_phrase in RAISE_PHRASES
    read = {meaning(each) for each in rules} - {None}
    assert read <= {grammar.raise_phrase}, (grammar.format, read)


@pytest.mark.parametrize(("format", "phrase"), [
    ("pokerstars", "size-to-total"), ("winamax", "size-to-total"), ("absolute", "size-to-total"),
    ("fulltilt", "total"), ("winning", "total"), ("kingsclub", "total"), ("bovada", "total"),
    ("partypoker", "added"), ("everleaf", "added"), ("ongame", "added-to-total"),
    ("acr", "added-to-total"),
])
def test_each_site_states_its_raise_phrase(format: str, phrase: str) -> None:
    (grammar,) = [g for g in GRAMMARS if g.format == format]
    assert grammar.raise_phrase == phrase


def test_the_xml_formats_state_theirs() -> None:
    assert MERGE.raise_phrase == "added" and ipoker.RAISE_PHRASE == "total"


def test_the_check_guide_states_each_sites_raise_phrase() -> None:
    guide = (Path(__file__).resolve().parents[1] / "docs" / "check-hands.rst").read_text(
        encoding="utf-8")
    section = guide.split("Every alternative of a site's format", 1)[1]
    rows = re.findall(r"^   \* - (?P<site>[^\n]+)\n(?:     [^*\n][^\n]*\n)*?     - "
                      r"``(?P<phrase>[a-z-]+)``", section, re.MULTILINE)
    stated = dict(rows)
    for grammar in GRAMMARS:
        assert stated[SITE_NAMES[grammar.format]] == grammar.raise_phrase, grammar.format
    assert stated["Merge (XML)"] == MERGE.raise_phrase
    assert stated["iPoker (XML)"] == ipoker.RAISE_PHRASE
