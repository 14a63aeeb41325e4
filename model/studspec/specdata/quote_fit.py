"""The source sentence that fits a finding: which of a clause's quotes a report shows.

A clause cites every sentence of the rule texts that states it, and some of those sentences
state the clause from an angle a given violation does not touch: BET-02 (fixed limit) cites
S002's "there is no such thing as a 'No Limit' raise" first, which does not explain why a
bet of 15 at a 10/20 table is refused. A report (``check``, ``fuzz``, ``conform``) shows the
quote whose English rendering shares the most words with what the report says happened
(the violation's message and action, the divergence's aspect and values); ties keep the
clause's own order, so a report with nothing to match shows the clause's first quote. The
quote is always shown with its English rendering beside it.
"""

from __future__ import annotations

import re
from typing import Any

from studspec.errors import SpecError
from studspec.specdata.clauses import Citation, get_clause

_WORD = re.compile(r"[a-z0-9]+")
_IGNORED = frozenset(re.findall(r"\S+", """
a an and are as at be been before by can does each every for from had has have he his if in
into is it its may must no not of on one or so than that the their them then there these
this those to too was were what when which who whose will with would player players
"""))
"""Words every rule sentence uses: matching them says nothing about fit."""


def _stem(word: str) -> str:
    """A crude English stem, so that 'raises', 'raised' and 'raise' meet, and 'betting' meets
    'bet': -ing, -ed and -s off, a doubled last consonant halved, a final e off."""
    for ending, shortest in (("ing", 6), ("ed", 5), ("s", 4)):
        if len(word) >= shortest and word.endswith(ending) and not word.endswith("ss"):
            word = word[: -len(ending)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou0123456789":
        word = word[:-1]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


_STREETS = frozenset(["3rd", "4th", "5th", "6th", "7th", "third", "fourth", "fifth", "sixth",
                      "seventh"])
"""A street named on both sides is the strongest sign of fit (BET-03 on 4th street)."""
STREET_WEIGHT = 3


def fit(about: frozenset[str], english: str) -> int:
    """How well a quote's English fits the words ``about``: shared words, a street counting
    :data:`STREET_WEIGHT` times, less :data:`STREET_WEIGHT` when the quote names only
    streets other than those ``about`` names."""
    said = words(english)
    score = sum(STREET_WEIGHT if word in _STREETS else 1 for word in about & said)
    streets, named = about & _STREETS, said & _STREETS
    return score - STREET_WEIGHT if streets and named and not streets & named else score


def words(text: str) -> frozenset[str]:
    """The words of ``text`` that can show a fit, stemmed."""
    return frozenset(_stem(w) for w in _WORD.findall(text.lower()) if w not in _IGNORED)


def fitting_citation(clause_id: str, about: str = "") -> Citation | None:
    """The clause's quote that best fits ``about`` (what the report says happened), else its
    first quote, else its first authority cited by locator; None for an unknown clause."""
    try:
        clause = get_clause(clause_id)
    except SpecError:
        return None
    quoted = [c for c in clause.citations if c.quote]
    if quoted:
        wanted = words(about)
        # max() keeps the first of equal scores: the clause's own order breaks ties.
        return max(quoted, key=lambda c: fit(wanted, c.english or ""))
    located = [c for c in clause.citations if c.locator or c.paraphrase]
    return located[0] if located else None


def citation_line(citation: Citation | None) -> str:
    """A citation on one line: the quote in its language with the English beside it, or the
    authority by locator with its paraphrase; "" for none."""
    if citation is None:
        return ""
    if citation.quote:
        quote = " ".join(citation.quote.split())
        english = " ".join((citation.english or "").split())
        return f"{citation.source}: \u201c{quote}\u201d (English: \u201c{english}\u201d)"
    return f"{citation.source} {citation.locator or ''}: {citation.paraphrase or ''}".strip()


def citation_data(citation: Citation) -> dict[str, Any]:
    """A citation as JSON: source, quote and English, or source, locator and paraphrase."""
    if citation.quote:
        return {"source": citation.source, "quote": citation.quote,
                "english": citation.english}
    return {"source": citation.source, "locator": citation.locator,
            "paraphrase": citation.paraphrase}


def clause_quote(clause_id: str, about: str = "") -> str:
    """The fitting source text of a clause on one line (see :func:`fitting_citation`)."""
    return citation_line(fitting_citation(clause_id, about))
