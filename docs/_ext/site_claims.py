"""Docs section of the site-validation page: which figures each site's log states and
``check`` verifies, and how each site's words map to the model's actions.

Both tables are generated: the counts from the shared hand histories (or the excerpts in
tests/data), read by the same readers ``check`` uses (``studspec.play.claims.stated_figures``);
the word mapping from the grammars' own rules (``records/sites.py``, ``sites_other.py``) and
the XML readers' action tables, so the page follows the readers as they change.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from studspec.cli.check import read_records
from studspec.play.claims import stated_figures
from studspec.records.detect import GRAMMARS
from studspec.records.grammar import Grammar
from studspec.records.hand import ActionKind
from studspec.records.xmlreader import MERGE

COLUMNS = (("action amount", "Action amounts"), ("raise size", "Raise sizes"),
           ("all-in", "All-ins"), ("card dealt", "Cards dealt"),
           ("card shown or mucked", "Cards shown or mucked"), ("award", "Awards"),
           ("uncalled bet returned", "Uncalled bets"), ("rake", "Rake"),
           ("finishing stack", "Final stacks"), ("summary", "Summary claims"))

MEANING = {
    "ante": "an ante ({ANTE-01}); X: the chips posted",
    "bring-in": ("the bring-in ({BRINGIN-04}); after a low card all-in on the ante, a call "
                 "of the bring-in that stands ({BRINGIN-05}, TDA RP-10-E)"),
    "wager": ("the round's next wager: a completion after the bring-in ({BET-05}), else a "
              "bet or a raise ({BET-03})"),
    "check-call": "a check when nothing is to call, else a call ({BET-04})",
    "fold": "a fold",
}


def _verb(grammar: Grammar, pattern: str) -> str:
    """The words of a rule's line, as a reader would see them (``raises X to Y``)."""
    verb = re.search(r"\(\?P<verb>([^()]*)\)", pattern)
    words = verb.group(1) if verb else re.sub(r"[\^$\\()?:]|\(\?P<\w+>", "", pattern)
    words = words.replace("\\", "").split("|")[0]
    if "(?P<amount>" in pattern and "(?P<to>" in pattern:
        return f"{words} X to Y"
    if "(?P<amount>" in pattern or "(?P<to>" in pattern:
        return f"{words} X"
    return words


def _amounts(pattern: str, fixed: dict[str, str], kind: str) -> str:
    """What the amounts of a line mean."""
    if kind == "fold" or ("(?P<amount>" not in pattern and "(?P<to>" not in pattern):
        return ""
    if "(?P<amount>" in pattern and "(?P<to>" in pattern:
        over = fixed.get("by_over")
        size = {"level": "the raise over the wager faced",
                "full": "the raise over the last full bet",
                "any": "the raise's size (its measure is not known: over the wager faced, "
                       "over the last full bet or the chips put in are all accepted)"}.get(
                           over or "", "the chips put in")
        return f"X: {size}; Y: the player's street total"
    if "(?P<to>" in pattern:
        return "X: the player's street total"
    return "X: the chips the action put in"


def word_rows(clause_ref: Any, escape: Any) -> list[str]:
    """One list-table row per action line form of every text grammar and XML format."""
    rows: list[str] = []
    for grammar in GRAMMARS:
        for rule in grammar.rules:
            if rule.event not in ("action", "all_in"):
                continue
            kind = rule.fixed.get("kind", "")
            pattern = rule.pattern.pattern
            if rule.event == "all_in":
                meaning = ("an all-in that states what it added: a raise if it tops the "
                           "street's highest total, else a call ({BET-11})")
            else:
                meaning = MEANING[kind]
            rows += [f"   * - {grammar.format}", f"     - ``{_verb(grammar, pattern)}``",
                     f"     - {_fill(meaning, clause_ref)}",
                     f"     - {escape(_amounts(pattern, dict(rule.fixed), kind))}"]
    for name, kind in MERGE.actions.items():
        if kind is None:
            continue
        meaning = MEANING[str(kind)]
        amount = "" if kind is ActionKind.FOLD or name == "CHECK" else \
            "amount: the chips the action put in"
        rows += [f"   * - {MERGE.format}", f"     - ``type=\"{name}\"``",
                 f"     - {_fill(meaning, clause_ref)}", f"     - {amount}"]
    return rows


def _fill(text: str, clause_ref: Any) -> str:
    return re.sub(r"\{([A-Z]+-\d+)\}", lambda m: clause_ref(m.group(1)), text)


def figure_counts(files: list[Path]) -> dict[str, tuple[int, Counter[str]]]:
    """Per site: the hands read and the figures they state, over the given files."""
    counts: dict[str, tuple[int, Counter[str]]] = {}
    for path in files:
        try:
            records, _ = read_records(path)
        except Exception:
            continue
        for record in records:
            hands, figures = counts.get(record.origin.format, (0, Counter()))
            found = Counter(stated_figures(record))
            summary = sum(n for key, n in found.items() if key.startswith("summary"))
            found = Counter({k: n for k, n in found.items() if not k.startswith("summary")})
            found["summary"] += summary
            counts[record.origin.format] = (hands + 1, figures + found)
    return counts


def claims_section(files: list[Path], clause_ref: Any, escape: Any,
                   heading: Any) -> list[str]:
    """The section: what is checked, the counts per site and the word mapping."""
    lines = [*heading("Every figure a log states is checked", "-"),
             "A log is evidence, not truth (:mod:`studspec.play.claims`): each figure a line "
             "states is a claim the replay derives itself and compares. What an action put "
             "in, the street total it reached, the size of a raise and an all-in must be "
             f"what the rules give ({clause_ref('BET-03')}, {clause_ref('BET-04')}, "
             f"{clause_ref('BET-11')}, {clause_ref('BRINGIN-03')}, "
             f"{clause_ref('BRINGIN-05')}), else the line is a violation with its clause. "
             "Cards dealt twice, re-listed differently, or shown and mucked that are not the "
             f"player's are refused ({clause_ref('CARD-02')}, {clause_ref('SHOW-04')}). "
             "Awards, returned bets, final stacks, the summary's total pot, each player's "
             "``won``/``collected``/``Bets``/``net`` figures and hand descriptions (``with "
             "a flush``, ``LO: 7,6,5,3,A``) must be the model's result, else a finding "
             "names the line. When a showdown hand is unknown the awards are bounded "
             f"instead: only to live hands, no more than the pot ({clause_ref('POT-06')}, "
             f"{clause_ref('POT-07')}). A rake, stated or kept back without a word, must "
             "be within the site's rake policy (profile parameters ``rake_max_percent`` "
             f"and ``rake_cap_cents``, {clause_ref('POT-08')}); with no policy known, an "
             "unstated rake leaves the hand not clean. A line no rule reads does not stop "
             "its hand: it is kept with its number and the replay decides, and a hand with "
             "one is never plain clean (``clean with N unread lines``). A line the log's "
             "own pattern calls for and lacks is a finding too (:mod:`studspec.play.evidence`): "
             f"a dealt player with no ante among players with one ({clause_ref('ANTE-01')}),"
             " a live hand at the showdown neither shown, mucked nor declined "
             f"({clause_ref('SHOW-01')}), a muck the summary states and the hand lacks, a "
             f"pot paid to nobody ({clause_ref('POT-06')}).", "",
             "Figures checked per site over the hand histories of this page (each count "
             "is one figure or card a line states):", "",
             ".. list-table::", "   :header-rows: 1", "",
             "   * - Site", "     - Hands", *(f"     - {title}" for _, title in COLUMNS)]
    for site, (hands, figures) in sorted(figure_counts(files).items()):
        lines += [f"   * - {site}", f"     - {hands}",
                  *(f"     - {figures.get(key, 0)}" for key, _ in COLUMNS)]
    lines += ["", "Left out, and why: a starting stack no action reaches cannot be checked "
              "by anything in the hand (a stack that binds is checked through the all-in "
              "and the amounts that meet it); the header's table, date and hand id are "
              "another hand when changed, not a wrong one. The oracle property "
              "(``tests/claims_oracle.py``) changes every other figure or card of every "
              "clean sample hand by one unit and asserts the hand is never clean.", "",
              *heading("How each site's words map to the model's actions", "-"),
              "A site's verb is read by what it does in the hand's state, not by its name: "
              "the replay maps each line to the model's action at that moment. PokerStars' "
              "``brings in for 60`` from the player left of a low card all-in on the ante "
              "is a call of the bring-in that stands; OnGame's ``big bring in`` is the "
              "completion; a PHH ``cbr`` is whichever wager the round allows next.", "",
              ".. list-table::", "   :header-rows: 1", "   :widths: 10 20 45 25", "",
              "   * - Site", "     - Line", "     - Model action", "     - Amounts",
              *word_rows(clause_ref, escape), ""]
    return lines
