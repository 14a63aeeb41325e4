"""Findings: contradictions and ambiguities inside and between the sources, with the readings."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from studspec.errors import SpecError
from studspec.paths import spec_dir
from studspec.specdata.sources import load_sources, quote_occurs
from studspec.specdata.toml_fields import Record, load_toml

FINDING_KINDS = ("internal-contradiction", "ambiguity", "between-sources", "arithmetic")
FINDING_FIELDS = ("id", "kind", "title", "summary", "clauses", "quote", "reading", "adopted",
                  "rationale")


@dataclass(frozen=True)
class Reading:
    """One way to read the disputed text, and what follows from it."""

    name: str
    description: str
    outcome: str
    consistent: bool


STREETS = (3, 4, 5, 6, 7)


def street_name(street: int) -> str:
    """'3rd street', '4th street', ... '7th street'."""
    return "3rd street" if street == 3 else f"{street}th street"


@dataclass(frozen=True)
class FindingQuote:
    """A verbatim quote the finding rests on, and the street it speaks of when it names one.

    ``street`` is the finding's claim about the quoted sentence (e.g. that an S001 sentence
    is about 5th street); tests/test_finding_quotes.py checks it against the reread of the
    seeds (spec/sources/points.toml).
    """

    source: str
    quote: str
    english: str
    street: int | None = None


@dataclass(frozen=True)
class Finding:
    """A recorded contradiction or ambiguity, the readings considered and the one adopted."""

    id: str
    kind: str
    title: str
    summary: str
    clauses: tuple[str, ...]
    quotes: tuple[FindingQuote, ...]
    readings: tuple[Reading, ...]
    adopted: str
    rationale: str

    @property
    def sources(self) -> tuple[str, ...]:
        """The sources the finding quotes, in order of first appearance."""
        return tuple(dict.fromkeys(quote.source for quote in self.quotes))


def _quote(raw: object, file: str, finding: str) -> FindingQuote:
    record = Record(raw, file, f"{finding} quote")
    record.reject_unknown(("source", "quote", "english", "street"))
    key, quote = record.text("source"), record.text("quote")
    street = record.whole("street", least=3) if "street" in record.data else None
    if street is not None and street not in STREETS:
        raise record.fail("street", f"{street} is not a street (3 to 7)")
    source = load_sources().get(key)
    if source is None or not source.is_rule_text:
        raise record.fail("source", f"{key!r} is not a rule text of record")
    if not quote_occurs(key, quote):
        raise record.fail("quote", f"does not occur verbatim in {key}: {quote!r}")
    return FindingQuote(key, quote, record.text("english"), street)


def _reading(raw: object, file: str, finding: str) -> Reading:
    record = Record(raw, file, f"{finding} reading")
    record.reject_unknown(("name", "description", "outcome", "consistent"))
    return Reading(record.text("name"), record.text("description"), record.text("outcome"),
                   record.flag("consistent", default=True))


@cache
def load_findings() -> dict[str, Finding]:
    """Every finding in spec/findings/*.toml, validated."""
    from studspec.specdata.clauses import load_clauses

    clauses = load_clauses()
    findings: dict[str, Finding] = {}
    for path in sorted((spec_dir() / "findings").glob("*.toml")):
        shown = f"spec/findings/{path.name}"
        for number, raw in enumerate(Record(load_toml(path, shown), shown, "top")
                                     .tables("finding"), start=1):
            record = Record(raw, shown, f"finding #{number}")
            record.reject_unknown(FINDING_FIELDS)
            finding_id = record.text("id")
            record.record = finding_id
            readings = tuple(_reading(r, shown, finding_id) for r in record.tables("reading"))
            adopted = record.text("adopted")
            if adopted not in {reading.name for reading in readings}:
                raise record.fail("adopted", f"{adopted!r} is not one of the readings")
            cited = record.texts("clauses")
            for clause_id in cited:
                if clause_id not in clauses:
                    raise record.fail("clauses", f"no clause {clause_id!r}")
            finding = Finding(
                id=finding_id, kind=record.choice("kind", FINDING_KINDS),
                title=record.text("title"), summary=record.text("summary"), clauses=cited,
                quotes=tuple(_quote(q, shown, finding_id) for q in record.tables("quote")),
                readings=readings, adopted=adopted, rationale=record.text("rationale"),
            )
            if not finding.quotes:
                raise record.fail("quote", "a finding quotes the text it is about")
            if finding_id in findings:
                raise SpecError(shown, "duplicate finding ID", record=finding_id, field="id")
            findings[finding_id] = finding
    return findings
