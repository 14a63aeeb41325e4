"""The error hierarchy: every failure studspec reports is one of these."""

from __future__ import annotations

from collections.abc import Sequence


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


class LostWork(StudSpecError):
    """Work handed to a worker (a process of the pool, a Dask worker) that will never be
    answered: the worker died (killed by the system, e.g. out of memory) or the cluster lost
    it. ``items`` are those not done, in order, from the first lost one on."""

    def __init__(self, reason: str, items: Sequence[object]) -> None:
        self.reason = reason
        self.items = list(items)
        shown = ", ".join(repr(item) for item in self.items[:3])
        more = f" and {len(self.items) - 3} more" if len(self.items) > 3 else ""
        super().__init__(f"{reason}; not done: {shown}{more}" if self.items else reason)
