"""Clauses: the numbered rules of the specification, each citing its sources verbatim."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from studspec.errors import SpecError
from studspec.paths import spec_dir
from studspec.specdata.marks import AREAS, is_clause_id
from studspec.specdata.sources import load_sources, quote_occurs
from studspec.specdata.toml_fields import Record, load_toml

STATUSES = ("formal", "partial", "informal", "out-of-scope", "archived")
CLAUSE_FIELDS = ("id", "title", "statement", "status", "reason", "parameters", "notes",
                 "citation", "superseded_by")
CITATION_FIELDS = ("source", "quote", "english", "locator", "paraphrase")


@dataclass(frozen=True)
class Citation:
    """A quote from a rule text (original language + English), or an authority by locator."""

    source: str
    quote: str | None
    english: str | None
    locator: str | None
    paraphrase: str | None


@dataclass(frozen=True)
class Clause:
    """One rule of the specification."""

    id: str
    title: str
    statement: str
    status: str
    reason: str
    parameters: tuple[str, ...]
    notes: tuple[str, ...]
    citations: tuple[Citation, ...]
    file: str

    @property
    def area(self) -> str:
        """The area prefix of the ID, e.g. ``BRINGIN``."""
        return self.id.rsplit("-", 1)[0]

    @property
    def needs_evidence(self) -> bool:
        """Decide whether the clause must be implemented and proved or tested."""
        return self.status in ("formal", "partial")


def _citation(raw: object, file: str, clause_id: str, number: int) -> Citation:
    record = Record(raw, file, f"{clause_id} citation #{number}")
    record.reject_unknown(CITATION_FIELDS)
    key = record.text("source")
    source = load_sources().get(key)
    if source is None:
        raise record.fail("source", f"unknown source {key!r}; see spec/sources/sources.toml")
    if source.is_rule_text:
        quote, english = record.text("quote"), record.text("english")
        if not quote_occurs(key, quote):
            raise record.fail("quote", f"does not occur verbatim in {key}: {quote!r}")
        return Citation(key, quote, english, None, None)
    if "quote" in record.data and not source.may_quote:
        raise record.fail("quote", f"{key} is cited by locator and paraphrase, never quoted")
    return Citation(key, None, None, record.text("locator"), record.text("paraphrase"))


def _clause(raw: object, file: str, area: str, number: int) -> Clause:
    record = Record(raw, file, f"clause #{number}")
    record.reject_unknown(CLAUSE_FIELDS)
    clause_id = record.text("id")
    record.record = clause_id
    if not is_clause_id(clause_id):
        raise record.fail("id", f"{clause_id!r} is not AREA-NN with AREA one of {', '.join(AREAS)}")
    if clause_id.rsplit("-", 1)[0] != area:
        raise record.fail("id", f"belongs in spec/clauses/{clause_id.split('-')[0].lower()}.toml")
    status = record.choice("status", STATUSES)
    reason = record.text("reason", default="")
    if status in ("out-of-scope", "archived") and not reason.strip():
        raise record.fail("reason", f"a clause with status {status!r} needs a reason")
    citations = tuple(_citation(c, file, clause_id, i + 1)
                      for i, c in enumerate(record.tables("citation")))
    if not citations:
        raise record.fail("citation", "a clause cites at least one source")
    from studspec.specdata.profiles import PARAMETERS  # local: profiles imports cards, not specdata

    parameters = record.texts("parameters")
    for parameter in parameters:
        if parameter not in PARAMETERS:
            raise record.fail("parameters", f"unknown profile parameter {parameter!r}")
    return Clause(
        id=clause_id, title=record.text("title"), statement=record.text("statement"),
        status=status, reason=reason, parameters=parameters, notes=record.texts("notes"),
        citations=citations, file=file,
    )


@cache
def load_clauses() -> dict[str, Clause]:
    """Every clause in spec/clauses/*.toml, validated, in file then record order."""
    load_sources()  # validate the sources first: every citation depends on them
    clauses: dict[str, Clause] = {}
    folder = spec_dir() / "clauses"
    if not folder.is_dir():
        raise SpecError("spec/clauses", f"no clauses folder in the spec at {spec_dir()}")
    for path in sorted(folder.glob("*.toml")):
        shown = f"spec/clauses/{path.name}"
        area = path.stem.upper()
        if area not in AREAS:
            raise SpecError(shown, f"the file name must be an area: {', '.join(AREAS)}")
        data = load_toml(path, shown)
        for number, raw in enumerate(Record(data, shown, "top").tables("clause"), start=1):
            clause = _clause(raw, shown, area, number)
            if clause.id in clauses:
                raise SpecError(shown, "duplicate clause ID", record=clause.id, field="id")
            clauses[clause.id] = clause
    return clauses


def get_clause(clause_id: str) -> Clause:
    """The clause with this ID, or SpecError if the spec does not define it."""
    clause = load_clauses().get(clause_id)
    if clause is None:
        raise SpecError("spec/clauses", f"no clause {clause_id!r}")
    return clause
