"""Small typed readers for TOML records, raising SpecError that names file, record and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studspec.errors import SpecError
from studspec.inputs import MAX_AMOUNT, load_spec_toml


def load_toml(path: Path, shown_as: str) -> dict[str, Any]:
    """Parse a TOML file of the spec; syntax, encoding and file errors are a SpecError
    naming the file."""
    return load_spec_toml(path, shown_as)


class Record:
    """One TOML table being validated; every accessor names the field it failed on."""

    def __init__(self, data: object, file: str, record: str, prefix: str = ""):
        if not isinstance(data, dict):
            raise SpecError(file, "expected a table", record=record,
                            field=prefix.rstrip(".") or None)
        self.data: dict[str, Any] = data
        self.file = file
        self.record = record
        self.prefix = prefix  # the path of a nested table, e.g. "situation."

    def fail(self, field: str, reason: str) -> SpecError:
        """An error about one field of this record."""
        return SpecError(self.file, reason, record=self.record, field=self.prefix + field)

    def nested(self, field: str, known: tuple[str, ...]) -> Record:
        """A required sub-table with only the ``known`` fields; its errors name the path."""
        value = self.data.get(field)
        if not isinstance(value, dict):
            raise self.fail(field, "must be a table")
        record = Record(value, self.file, self.record, f"{self.prefix}{field}.")
        record.reject_unknown(known)
        return record

    def whole(self, field: str, *, least: int = 0, default: int | None = None) -> int:
        """A whole number from ``least`` to MAX_AMOUNT (required unless it has a default):
        the one reader of counts and amounts in TOML records (no float, nan or inf)."""
        value = self.data.get(field, default)
        if (not isinstance(value, int) or isinstance(value, bool)
                or not least <= value <= MAX_AMOUNT):
            raise self.fail(field, f"must be a whole number from {least} to {MAX_AMOUNT:,}")
        return value

    def text(self, field: str, *, default: str | None = None) -> str:
        """A required (or defaulted) non-empty string."""
        value = self.data.get(field, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            raise self.fail(field, "must be a non-empty string")
        return value

    def choice(self, field: str, allowed: tuple[str, ...], *, default: str | None = None) -> str:
        """A string from a fixed set."""
        value = self.text(field, default=default)
        if value not in allowed:
            raise self.fail(field, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def texts(self, field: str) -> tuple[str, ...]:
        """An optional list of strings."""
        value = self.data.get(field, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "must be a list of strings")
        return tuple(value)

    def tables(self, field: str) -> list[object]:
        """An optional array of tables."""
        value = self.data.get(field, [])
        if not isinstance(value, list):
            raise self.fail(field, "must be an array of tables")
        return value

    def flag(self, field: str, *, default: bool) -> bool:
        """An optional boolean."""
        value = self.data.get(field, default)
        if not isinstance(value, bool):
            raise self.fail(field, "must be true or false")
        return value

    def reject_unknown(self, known: tuple[str, ...]) -> None:
        """Fail on a field the schema does not define (a typo must not pass silently)."""
        for field in self.data:
            if field not in known:
                raise self.fail(field, f"unknown field; expected one of {', '.join(known)}")
