"""Sentence coverage: every sentence of every rule text is cited, non-normative, or pending."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from studspec.paths import spec_dir
from studspec.specdata.clauses import load_clauses
from studspec.specdata.sources import (
    Sentence,
    load_sources,
    normalise_whitespace,
    sentences,
    source_text,
)
from studspec.specdata.toml_fields import Record, load_toml

COVERAGE_FILE = "spec/sources/coverage.toml"


@dataclass(frozen=True)
class SentenceStatus:
    """How one sentence is accounted for."""

    sentence: Sentence
    clauses: tuple[str, ...]          # clauses whose quotes overlap the sentence
    non_normative: str | None         # the reason, when listed as non-normative
    pending: str | None               # the area that will cover it, when listed as pending

    @property
    def covered(self) -> bool:
        """Decide whether the sentence is accounted for (cited or non-normative)."""
        return bool(self.clauses) or self.non_normative is not None


@dataclass(frozen=True)
class SourceCoverage:
    """Coverage of one rule text."""

    source: str
    statuses: tuple[SentenceStatus, ...]

    @property
    def percent(self) -> float:
        """Share of sentences cited or non-normative, in percent."""
        covered = sum(status.covered for status in self.statuses)
        return 100.0 * covered / len(self.statuses) if self.statuses else 100.0

    @property
    def uncovered(self) -> tuple[SentenceStatus, ...]:
        """Sentences neither cited nor non-normative (pending ones included)."""
        return tuple(status for status in self.statuses if not status.covered)


def _spans(text: str, parts: list[str]) -> list[tuple[int, int]]:
    """Offsets of consecutive ``parts`` in ``text`` (all whitespace-normalised)."""
    spans, position = [], 0
    for part in parts:
        start = text.index(part, position)
        spans.append((start, start + len(part)))
        position = start + len(part)
    return spans


def _quote_spans(text: str, quote: str) -> list[tuple[int, int]]:
    spans, start = [], text.find(quote)
    while start >= 0:
        spans.append((start, start + len(quote)))
        start = text.find(quote, start + 1)
    return spans


@cache
def _listed() -> tuple[dict[tuple[str, str], str], dict[tuple[str, str], str]]:
    data = load_toml(spec_dir() / "sources" / "coverage.toml", COVERAGE_FILE)
    top = Record(data, COVERAGE_FILE, "top")
    result: tuple[dict[tuple[str, str], str], dict[tuple[str, str], str]] = ({}, {})
    for table, note_field, target in (("non_normative", "reason", result[0]),
                                      ("pending", "area", result[1])):
        for number, raw in enumerate(top.tables(table), start=1):
            record = Record(raw, COVERAGE_FILE, f"{table} #{number}")
            record.reject_unknown(("source", "sentence", note_field))
            key = (record.text("source"), normalise_whitespace(record.text("sentence")))
            if key[0] not in load_sources():
                raise record.fail("source", f"unknown source {key[0]!r}")
            known = {sentence.text for sentence in sentences(key[0])}
            if key[1] not in known:
                raise record.fail("sentence", f"is not a sentence of {key[0]}: {key[1]!r}")
            if key in result[0] or key in result[1]:
                raise record.fail("sentence", "listed twice")
            target[key] = record.text(note_field)
    return result


def source_coverage(key: str) -> SourceCoverage:
    """Account for every sentence of one rule text."""
    text = normalise_whitespace(source_text(key))
    all_sentences = sentences(key)
    sentence_spans = _spans(text, [sentence.text for sentence in all_sentences])
    quote_spans: list[tuple[tuple[int, int], str]] = []
    for clause in load_clauses().values():
        for citation in clause.citations:
            if citation.source == key and citation.quote:
                for span in _quote_spans(text, normalise_whitespace(citation.quote)):
                    quote_spans.append((span, clause.id))
    non_normative, pending = _listed()
    statuses = []
    for sentence, (start, end) in zip(all_sentences, sentence_spans, strict=True):
        citing = tuple(dict.fromkeys(
            clause_id for (q_start, q_end), clause_id in quote_spans
            if q_start < end and start < q_end))
        statuses.append(SentenceStatus(
            sentence, citing,
            non_normative.get((key, sentence.text)), pending.get((key, sentence.text))))
    return SourceCoverage(key, tuple(statuses))


def coverage_report() -> list[SourceCoverage]:
    """Coverage of every rule text of record."""
    return [source_coverage(key) for key, source in load_sources().items()
            if source.is_rule_text]


def coverage_problems() -> list[str]:
    """Sentences not accounted for at all, and stale or contradictory coverage entries."""
    problems = []
    for report in coverage_report():
        for status in report.statuses:
            label = status.sentence.label
            if status.clauses and status.non_normative is not None:
                problems.append(f"{label} is cited by {', '.join(status.clauses)} "
                                "but also listed as non-normative")
            if status.covered and status.pending is not None:
                problems.append(f"{label} is covered but still listed as pending")
            if not status.covered and status.pending is None:
                problems.append(f"{label} is neither cited, non-normative nor pending: "
                                f"{status.sentence.text!r}")
    return problems
