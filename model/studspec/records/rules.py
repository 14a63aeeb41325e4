"""The pieces a site grammar is made of: sections, line rules, hand starts, and the line
policy for the lines no rule reads (DESIGN, "Three kinds of line"). ``grammar.py`` holds
the driver that reads a hand with them; ``sites*.py`` hold the grammars."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from studspec.compiled_build import rebuilt_from_fields

SECTIONS = ("header", "play", "summary")

UNREAD = "unread_lines"
"""The record's ``extra`` key of the lines no rule read, each ``line N: text``."""

DECLINED = "declined_to_show"
"""The record's ``extra`` key of the players the log says did not show at the showdown
(``does not show cards``, a result line with no cards): no event, but their hands are
accounted for (``studspec.play.evidence``)."""

SUMMARY_MUCKED = "summary_mucked"
"""The record's ``extra`` key of the players a summary line says mucked: the hand's own
lines must show the muck (``studspec.play.evidence``)."""

_UNREAD_NOTE = re.compile(r"^line (?P<line>\d+): (?P<text>.*)$", re.DOTALL)


def unread_note(number: int, text: str) -> str:
    """How an unread line is kept in a record's ``extra`` (``line 12: text``)."""
    return f"line {number}: {text}"


def unread_of(extra: Mapping[str, object]) -> list[tuple[int, str]]:
    """The unread lines a record keeps, as (line number, text), in the order read."""
    noted = extra.get(UNREAD)
    items = noted if isinstance(noted, list) else [noted] if noted else []
    found = []
    for item in items:
        match = _UNREAD_NOTE.match(str(item))
        if match:
            found.append((int(match["line"]), match["text"]))
    return found

HAND_WORDS = re.compile(
    r"\*\*|\[|\bseat|\bstreet|\bdeal|\bcards?\b|\bpots?\b|\brake|\bante|\bbring"
    r"|\bbets?\b|\bcall|\braise|\bfold|\bcheck|\bcomplet|all.?in\b|\bwins?\b|\bwon\b"
    r"|\bcollect|\bshow|\bmuck|\buncalled|\breturn|\bsummary|\bstack|\bchips?\b|\bcap\b"
    r"|\bcaps\b|\bhalf\b|\bsplit|\bhigh\b|\blow\b|\bhi\b|\blo\b|\bboard|\bbutton",
    re.IGNORECASE)
"""Words of the lines that change a hand (deals, actions, shows, awards, stacks, streets):
an unread line that uses one of them might have changed the hand (``line_policy``)."""


def line_policy(text: str, names: list[str]) -> str:
    """What kind of line a line no rule of the grammar reads is (DESIGN, "Three kinds of
    line"), for the reports: every such line is kept on its record and reading goes on.

    ``hand``: the line names a seated player, or uses a word of the hand's vocabulary
    (``HAND_WORDS``: a street, a deal, a card list in brackets, an action, a pot, a show or
    muck, an award, a stack, the summary): it might have changed the hand, and only the
    replay and the claims can say whether it did. ``note``: anything else (a banner, a table
    or tournament line, a count of players, a time stamp, a level) cannot change the hand."""
    if any(name in text for name in names) or HAND_WORDS.search(text):
        return "hand"
    return "note"


@dataclass(frozen=True)
class Rule:
    """One kind of line: its pattern, the event it is, where it may stand, what follows."""

    pattern: re.Pattern[str]
    event: str
    sections: frozenset[str]
    actor: str | None = None
    prefix: str = ""
    then: str | None = None
    fixed: Mapping[str, str] = field(default_factory=dict)
    literal: str = ""
    """Text every line the pattern matches starts with (lower case if ``ignore_case``): a
    line that does not is passed over without running the pattern."""
    ignore_case: bool = False
    contains: str = ""
    """Text every line the pattern matches holds somewhere (a cheap test before the pattern,
    for patterns that start with a name: ``" collected "``)."""

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too


def first_chars(rule: Rule) -> frozenset[str]:
    """The characters a line this rule reads may start with; empty when any (a rule that
    starts with a player's name, or has no literal start)."""
    if rule.actor is not None or not rule.literal:
        return frozenset()
    first = rule.literal[0]
    return frozenset({first.lower(), first.upper()}) if rule.ignore_case else frozenset(first)


def _group_required(source: str, start: int) -> bool:
    """Whether the group opening at ``source[start]`` must match as written: no ``|`` of its
    own and no ``?``, ``*`` or ``{`` after its closing parenthesis."""
    depth, index, in_class = 0, start, False
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return source[index + 1:index + 2] not in ("?", "*", "{")
        elif char == "|" and depth == 1:
            return False
        index += 1
    return False


def literal_prefix(source: str) -> str:
    """The literal text an anchored pattern's matches must start with (``^\\*\\*\\* SUMMARY``
    -> ``*** SUMMARY``; ``^(?P<verb>calls) …`` -> ``calls``; ``^(?P<verb>brings[- ]in) …`` ->
    ``brings``); empty when unsure. The driver checks it with ``startswith`` before running
    the pattern: with the first-character index, a line is matched against about one
    pattern (the dispatch on the verb after a player's name)."""
    if not source.startswith("^"):
        return ""
    out: list[str] = []
    opened: list[tuple[int, int]] = []  # (length of out, place in source) of open groups
    index = 1
    while index < len(source):
        char = source[index]
        if source.startswith("(?P<", index):
            opened.append((len(out), index))
            index = source.index(">", index) + 1
            continue
        if char == ")" and opened:
            start, _ = opened.pop()
            if source[index + 1:index + 2] in ("?", "*", "{"):
                return "".join(out[:start])
            index += 1
            continue
        if char == "|":
            return "".join(out[:opened[0][0]]) if opened else ""
        if char == "\\" and index + 1 < len(source) and not source[index + 1].isalnum():
            out.append(source[index + 1])
            index += 2
        elif char in ".^$*+?{}[]()\\":
            break
        else:
            out.append(char)
            index += 1
        if source[index:index + 1] in ("?", "*", "{"):
            out.pop()  # the last character is optional
            break
    for length, place in opened:  # a group still open must be required for its text to be
        if not _group_required(source, place):
            return "".join(out[:length])
    return "".join(out)


def rule(pattern: str, event: str, *, sections: str = "header play summary",
         actor: str | None = None, prefix: str = "", then: str | None = None,
         ignore_case: bool = False, contains: str = "", **fixed: str) -> Rule:
    """A rule from a pattern; with ``actor``, the line is ``prefix``, a seated name, the
    separator ``actor`` and the text the pattern matches. ``fixed`` gives values no group
    carries (``kind``, ``stated``, ``key``…)."""
    wanted = frozenset(sections.split())
    assert wanted <= set(SECTIONS), sections
    flags = re.IGNORECASE if ignore_case else 0
    literal = literal_prefix(pattern)
    return Rule(re.compile(pattern, flags), event, wanted, actor, prefix, then, dict(fixed),
                literal.lower() if ignore_case else literal, ignore_case, contains)


@dataclass(frozen=True)
class Start:
    """A line that starts a hand; ``new_id_only``: only when its id is not the current
    hand's (a second header line of the same hand)."""

    pattern: re.Pattern[str]
    new_id_only: bool = False
    firsts: str = ""
    """The characters a start line may begin with (a byte order mark always may); when
    empty, taken from the pattern's literal start. Every line of a file is asked whether it
    starts a hand: a line whose first character is not one of these is not matched."""

    def __post_init__(self) -> None:
        if not self.firsts:
            source = self.pattern.pattern.replace(r"^(?:\ufeff)?", "^", 1)
            first = literal_prefix(source)[:1]
            object.__setattr__(self, "firsts", first and first + "\ufeff")

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return rebuilt_from_fields(self)  # copies and pickles compiled too
