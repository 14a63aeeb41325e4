"""The reread of the seeds: every point a sentence states, leaves open, hedges or contradicts,
and the clauses and findings that cover it (spec/sources/points.toml)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from studspec.paths import spec_dir
from studspec.specdata.clauses import load_clauses
from studspec.specdata.coverage import _spans as sentence_spans
from studspec.specdata.coverage import source_coverage
from studspec.specdata.findings import STREETS, load_findings
from studspec.specdata.sources import load_sources, normalise_whitespace, sentences, source_text
from studspec.specdata.toml_fields import Record, load_toml

POINTS_FILE = "spec/sources/points.toml"
POINT_KINDS = ("states", "leaves-open", "hedges", "contradicts")
STATUSES = ("covered", "partly")
FOUND = ("covered", "partly", "missed")
# A point the text does not simply state is recorded as a finding, not only in a clause.
NEEDS_A_FINDING = ("leaves-open", "hedges", "contradicts")

# The words by which the seeds name a street (Spanish, Italian, English).
STREET_WORDS = {
    3: r"\b3rd\b|\btercera\b|\bterza\b",
    4: r"4ª|\b4th\b|\b4ta\b|\bcuarta\b|\bquarta\b",
    5: r"5ª|\b5th\b|\b5ta\b|\bquinta carta\b|\bquinta calle\b",
    6: r"6ª|\b6th\b|\b6ta\b|\bsexta\b|\bsesta\b",
    7: r"7ª|\b7th\b|\bséptima\b|\bsettima\b|\bseventh\b|\búltima carta\b|\bultima carta\b",
}


@dataclass(frozen=True)
class Point:
    """One point of one seed sentence and how the specification covers it."""

    source: str
    number: int                 # the sentence's 1-based number (studspec.specdata.sources)
    sentence: str
    kind: str
    streets: tuple[int, ...]
    point: str
    clauses: tuple[str, ...]
    findings: tuple[str, ...]
    status: str                 # covered / partly (then ``gap`` says what is missing)
    gap: str
    found: str                  # what the reread found before its findings were written

    @property
    def label(self) -> str:
        """``S001.17`` for the 17th sentence of S001."""
        return f"{self.source}.{self.number}"


def streets_named(text: str) -> set[int]:
    """The streets a sentence names by number or by name."""
    return {street for street, pattern in STREET_WORDS.items()
            if re.search(pattern, text, flags=re.IGNORECASE)}


def _point(raw: object, number: int) -> Point:
    record = Record(raw, POINTS_FILE, f"point #{number}")
    record.reject_unknown(("source", "number", "sentence", "kind", "streets", "point",
                           "clauses", "findings", "status", "gap", "found"))
    source = record.text("source")
    if source not in load_sources() or not load_sources()[source].is_rule_text:
        raise record.fail("source", f"{source!r} is not a rule text of record")
    at = record.whole("number", least=1)
    known = sentences(source)
    if at > len(known):
        raise record.fail("number", f"{source} has {len(known)} sentences")
    sentence = normalise_whitespace(record.text("sentence"))
    if sentence != known[at - 1].text:
        raise record.fail("sentence", f"is not sentence {source}.{at}: {known[at - 1].text!r}")
    listed = record.data.get("streets", [])
    if not isinstance(listed, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and s in STREETS for s in listed):
        raise record.fail("streets", "must list streets 3 to 7")
    streets = tuple(listed)
    status = record.choice("status", STATUSES, default="covered")
    gap = record.text("gap", default="")
    if (status == "partly") != bool(gap):
        raise record.fail("gap", "a point covered only in part says what is missing, and "
                                 "only such a point")
    return Point(source, at, sentence, record.choice("kind", POINT_KINDS), streets,
                 record.text("point"), record.texts("clauses"), record.texts("findings"),
                 status, gap, record.choice("found", FOUND, default="covered"))


@cache
def load_points() -> tuple[Point, ...]:
    """Every point of the reread, each sentence checked against its seed."""
    top = Record(load_toml(spec_dir() / "sources" / "points.toml", POINTS_FILE),
                 POINTS_FILE, "top")
    return tuple(_point(raw, number)
                 for number, raw in enumerate(top.tables("point"), start=1))


def _sentence_spans(key: str) -> tuple[str, list[tuple[int, int]]]:
    text = normalise_whitespace(source_text(key))
    return text, sentence_spans(text, [sentence.text for sentence in sentences(key)])


def quoted_sentences(key: str, quote: str,
                     spans: tuple[str, list[tuple[int, int]]] | None = None) -> tuple[int, ...]:
    """The numbers of the sentences of ``key`` that an occurrence of ``quote`` overlaps."""
    text, sentence_spans = spans or _sentence_spans(key)
    quote = normalise_whitespace(quote)
    found: list[int] = []
    start = text.find(quote)
    while start >= 0:
        end = start + len(quote)
        found += [number for number, (s_start, s_end) in enumerate(sentence_spans, 1)
                  if s_start < end and start < s_end]
        start = text.find(quote, start + 1)
    return tuple(dict.fromkeys(found))


Citing = dict[tuple[str, int], tuple[set[str], set[str]]]


def citing_by_sentence() -> Citing:
    """For each (seed, sentence number): the clauses citing it and the findings quoting it."""
    spans = {key: _sentence_spans(key) for key, source in load_sources().items()
             if source.is_rule_text}
    result: Citing = {}

    def add(key: str, quote: str, item: str, which: int) -> None:
        for number in quoted_sentences(key, quote, spans[key]):
            result.setdefault((key, number), (set(), set()))[which].add(item)

    for clause in load_clauses().values():
        for citation in clause.citations:
            if citation.quote and citation.source in spans:
                add(citation.source, citation.quote, clause.id, 0)
    for finding in load_findings().values():
        for quote in finding.quotes:
            add(quote.source, quote.quote, finding.id, 1)
    return result


def point_problems() -> list[str]:
    """Every way the reread and the specification disagree: a point whose clause does not cite
    its sentence or whose finding does not quote it, a point the text leaves open (hedges,
    contradicts) with no finding, a normative sentence with no point, a finding quote whose
    sentence has no point naming the finding (or names another street), a street the sentence
    does not name."""
    problems: list[str] = []
    points = load_points()
    by_sentence: dict[tuple[str, int], list[Point]] = {}
    citing = citing_by_sentence()
    for point in points:
        by_sentence.setdefault((point.source, point.number), []).append(point)
        clauses, findings = citing.get((point.source, point.number), (set(), set()))
        for clause_id in point.clauses:
            if clause_id not in clauses:
                problems.append(f"{point.label}: {clause_id} does not cite this sentence")
        for finding_id in point.findings:
            if finding_id not in findings:
                problems.append(f"{point.label}: {finding_id} does not quote this sentence")
        if not point.clauses and not point.findings:
            problems.append(f"{point.label}: missed — no clause or finding: {point.point}")
        if point.kind in NEEDS_A_FINDING and not point.findings and point.status == "covered":
            problems.append(f"{point.label}: a point that {point.kind} needs a finding")
        named = streets_named(point.sentence)
        if point.streets and named and not named & set(point.streets):
            problems.append(f"{point.label}: the sentence names street(s) {sorted(named)}, "
                            f"the point says {list(point.streets)}")
    for key, source in load_sources().items():
        if not source.is_rule_text:
            continue
        for status in source_coverage(key).statuses:
            number = status.sentence.number
            if status.non_normative is None and (key, number) not in by_sentence:
                problems.append(f"{status.sentence.label}: no point for a normative sentence")
    spans = {key: _sentence_spans(key) for key in {p.source for p in points}}
    for finding in load_findings().values():
        for quote in finding.quotes:
            at = quoted_sentences(quote.source, quote.quote, spans.get(quote.source))
            naming = [point for number in at
                      for point in by_sentence.get((quote.source, number), [])
                      if finding.id in point.findings]
            if not naming:
                problems.append(f"{finding.id}: no point of {quote.source} sentence(s) {at} "
                                "names the finding")
            elif quote.street and not any(quote.street in point.streets for point in naming):
                problems.append(f"{finding.id}: quotes {quote.source} sentence(s) {at} as "
                                f"street {quote.street}, the reread places them on "
                                f"{sorted({s for p in naming for s in p.streets})}")
    return problems
