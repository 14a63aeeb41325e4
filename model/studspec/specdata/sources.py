"""The sources of record (the four rule texts) and the external authorities cited by locator."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from studspec.errors import InvalidInputError, SpecError
from studspec.inputs import check_path_name, input_file, read_input_bytes
from studspec.paths import spec_dir
from studspec.specdata.toml_fields import Record, load_toml

SOURCE_KINDS = ("rule-text", "authority")
SOURCE_FIELDS = ("key", "kind", "title", "language", "game", "provenance", "file", "sha256",
                 "may_quote", "locators", "notes")


@dataclass(frozen=True)
class Source:
    """A rule text of record, or an external authority cited by locator only."""

    key: str
    kind: str
    title: str
    language: str
    game: str
    provenance: str
    file: str | None
    sha256: str | None
    may_quote: bool
    locators: tuple[str, ...]
    notes: str

    @property
    def is_rule_text(self) -> bool:
        """Decide whether this source is one of the texts whose sentences clauses quote."""
        return self.kind == "rule-text"


def normalise_whitespace(text: str) -> str:
    """Fold every run of white space to one space and strip the ends (Unicode NFC)."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


@cache
def load_sources() -> dict[str, Source]:
    """Every source in spec/sources/sources.toml, with each rule text's checksum verified."""
    shown = "spec/sources/sources.toml"
    data = load_toml(spec_dir() / "sources" / "sources.toml", shown)
    sources: dict[str, Source] = {}
    for index, raw in enumerate(Record(data, shown, "top").tables("source")):
        record = Record(raw, shown, f"source #{index + 1}")
        record.reject_unknown(SOURCE_FIELDS)
        key = record.text("key")
        record.record = key
        kind = record.choice("kind", SOURCE_KINDS)
        file = record.data.get("file")
        sha = record.data.get("sha256")
        if kind == "rule-text":
            file, sha = record.text("file"), record.text("sha256")
        source = Source(
            key=key, kind=kind, title=record.text("title"), language=record.text("language"),
            game=record.text("game"), provenance=record.text("provenance"),
            file=file, sha256=sha, may_quote=record.flag("may_quote", default=kind == "rule-text"),
            locators=record.texts("locators"), notes=record.text("notes", default=""),
        )
        if key in sources:
            raise record.fail("key", "duplicate source key")
        sources[key] = source
        if source.is_rule_text:
            _check_checksum(source, record)
    return sources


def _check_checksum(source: Source, record: Record) -> None:
    assert source.file is not None
    # A rule text is a file of spec/sources, named by one plain, openable file name.
    if "/" in source.file or "\\" in source.file or source.file in ("", ".", ".."):
        raise record.fail("file", "a file name of spec/sources, without a folder")
    try:
        path = check_path_name(str(spec_dir() / "sources" / source.file), what="file")
        data = read_input_bytes(input_file(str(path), what="file"), what="file")
    except InvalidInputError as error:
        raise record.fail("file", f"spec/sources/{source.file[:60]}: {error.reason}") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != source.sha256:
        raise record.fail("sha256", f"spec/sources/{source.file} has sha256 {digest}; "
                          "a source of record must stay byte-identical")


@cache
def source_text(key: str) -> str:
    """The full text of a rule text of record, exactly as stored."""
    source = load_sources().get(key)
    if source is None or source.file is None:
        raise SpecError("spec/sources/sources.toml", f"no rule text with key {key!r}")
    return (spec_dir() / "sources" / source.file).read_text(encoding="utf-8")


_LIST_NUMBER = re.compile(r"\d{1,2}\.")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡“\"(0-9])")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a rule text: its source, its 1-based number and its text."""

    source: str
    number: int
    text: str

    @property
    def label(self) -> str:
        """A short reference such as ``S000.12``."""
        return f"{self.source}.{self.number}"


@cache
def sentences(key: str) -> tuple[Sentence, ...]:
    """Split a rule text into sentences.

    The texts are informal web pages, so the rule is simple and fixed: every non-empty
    line is a unit (headings and list items are lines of their own), and a line is split
    after ``.``, ``!`` or ``?`` followed by white space and an upper-case letter, an
    opening quote or bracket, or a digit. A list number such as ``1.`` stays with the text
    that follows it.
    """
    result: list[Sentence] = []
    for line in source_text(key).splitlines():
        pending_number = ""
        for part in _SENTENCE_END.split(line):
            text = normalise_whitespace(part)
            if _LIST_NUMBER.fullmatch(text):
                pending_number = text + " "  # "1." opens a list item: keep it with its text
            elif text:
                result.append(Sentence(key, len(result) + 1, pending_number + text))
                pending_number = ""
    return tuple(result)


def quote_occurs(source_key: str, quote: str) -> bool:
    """Decide whether ``quote`` occurs verbatim in the source, white space normalised."""
    return normalise_whitespace(quote) in normalise_whitespace(source_text(source_key))
