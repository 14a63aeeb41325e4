"""The error hierarchy: every failure studspec reports is one of these."""

from __future__ import annotations


class StudSpecError(Exception):
    """Root of every error studspec raises on purpose."""


class InvalidInputError(StudSpecError, ValueError):
    """Malformed input: says which input, where (file and line when known) and why."""

    def __init__(self, reason: str, *, input_text: str | None = None, where: str | None = None):
        self.reason = reason
        self.input_text = input_text
        self.where = where
        parts = []
        if where:
            parts.append(f"{where}:")
        if input_text is not None:
            parts.append(f"{input_text!r}:")
        parts.append(reason)
        super().__init__(" ".join(parts))


class IllegalActionError(StudSpecError):
    """A well-formed action that the rules forbid now; the message starts with the clause ID."""

    def __init__(self, clause_id: str, position: str, reason: str):
        self.clause_id = clause_id
        self.position = position
        self.reason = reason
        super().__init__(f"{clause_id}: {reason} ({position})")


class SpecError(StudSpecError):
    """Bad specification data: names the file, the record and the field at fault."""

    def __init__(self, file: str, reason: str, *, record: str | None = None,
                 field: str | None = None):
        self.file = file
        self.record = record
        self.field = field
        self.reason = reason
        location = file
        if record:
            location += f" [{record}]"
        if field:
            location += f" field {field!r}"
        super().__init__(f"{location}: {reason}")
