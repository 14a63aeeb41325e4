"""The bundled casebook (``spec/cases/*.toml``) and finding a case by file or ID."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from studspec.cases.schema import Case, load_case
from studspec.errors import InvalidInputError
from studspec.inputs import check_path_name
from studspec.paths import spec_dir
from studspec.specdata import forget_on_clear


def casebook_dir() -> Path:
    """The folder of the bundled cases."""
    return spec_dir() / "cases"


@forget_on_clear
@cache
def load_casebook() -> dict[str, Case]:
    """Every bundled case, validated, by ID (in file-name order)."""
    folder = casebook_dir()
    if not folder.is_dir():
        return {}
    return {path.stem: load_case(path, f"spec/cases/{path.name}")
            for path in sorted(folder.glob("*.toml"))}


def find_case(reference: str) -> Case:
    """A case from a file path, or the bundled case with that ID."""
    path = check_path_name(reference, what="case")
    if path.suffix == ".toml" or path.exists():
        if not path.is_file():
            raise InvalidInputError("no such case file", input_text=reference, where="case")
        return load_case(path)
    case = load_casebook().get(reference)
    if case is None:
        raise InvalidInputError("no case file or bundled case by that name; `studspec ruling "
                                "--list` lists the bundled cases", input_text=reference,
                                where="case")
    return case


def cases_citing() -> dict[str, list[str]]:
    """Clause ID -> the IDs of the bundled cases that cite it as deciding."""
    citing: dict[str, list[str]] = {}
    for case in load_casebook().values():
        for clause_id in case.clauses:
            citing.setdefault(clause_id, []).append(case.id)
    return citing

