"""The clause chain: the code, the proof obligations, the tests and the casebook's cases
behind each clause."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from studspec.cases import cases_citing
from studspec.paths import checkout_root, tests_dir
from studspec.prove.proving import Obligation, all_obligations
from studspec.specdata.clauses import Clause, load_clauses
from studspec.specdata.marks import CLAUSE_ID_PATTERN, Implementation, implementations


@dataclass(frozen=True)
class TestMark:
    """A test function marked ``@pytest.mark.clause(...)``."""

    clause_id: str
    file: str
    function: str
    line: int


@dataclass
class ClauseChain:
    """Everything that traces to one clause."""

    clause: Clause
    implementations: list[Implementation] = field(default_factory=list)
    obligations: list[Obligation] = field(default_factory=list)
    tests: list[TestMark] = field(default_factory=list)
    cases: list[str] = field(default_factory=list)   # IDs of the cases citing the clause


def _marked_clauses(decorator: ast.expr) -> list[str]:
    """Clause IDs in a decorator of the form ``pytest.mark.clause("A", "B")`` or ``clause(...)``."""
    if not isinstance(decorator, ast.Call):
        return []
    function = decorator.func
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    if name != "clause":
        return []
    return [arg.value for arg in decorator.args
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]


def clause_marks_in_tests(folder: Path | None = None) -> list[TestMark]:
    """Every clause mark on a test function or class in the tests folder (AST scan)."""
    folder = folder or tests_dir()
    if folder is None:
        return []
    marks: list[TestMark] = []
    root = folder.parent
    for path in sorted(folder.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        module_ids = _module_marks(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                ids = [i for d in node.decorator_list for i in _marked_clauses(d)]
                if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                    ids += module_ids
                for clause_id in dict.fromkeys(ids):
                    marks.append(TestMark(clause_id, str(path.relative_to(root)), node.name,
                                          node.lineno))
    return marks


def _module_marks(tree: ast.Module) -> list[str]:
    """IDs in a module-level ``pytestmark = pytest.mark.clause(...)`` (or a list of marks)."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            values = node.value.elts if isinstance(node.value, ast.List) else [node.value]
            return [i for value in values for i in _marked_clauses(value)]
    return []


def clause_chains() -> dict[str, ClauseChain]:
    """The chain of every clause, in spec order."""
    chains = {clause_id: ClauseChain(clause) for clause_id, clause in load_clauses().items()}
    for implementation in implementations():
        if implementation.clause_id in chains:
            chains[implementation.clause_id].implementations.append(implementation)
    for item in all_obligations():
        for clause_id in item.clause_ids:
            if clause_id in chains:
                chains[clause_id].obligations.append(item)
    for mark in clause_marks_in_tests():
        if mark.clause_id in chains:
            chains[mark.clause_id].tests.append(mark)
    for clause_id, case_ids in cases_citing().items():
        chains[clause_id].cases.extend(case_ids)  # a case cites only defined clauses
    return chains


def traceability_gaps(*, tests_available: bool) -> list[str]:
    """Every gap in the chain: unimplemented, unproved-and-untested, or undefined clause IDs.

    Without the tests folder (an installed package) a clause proved by no obligation cannot
    be judged here; the checkout's traceability test judges it.
    """
    defined = load_clauses()
    gaps: list[str] = []
    for clause_id, chain in clause_chains().items():
        if not chain.clause.needs_evidence:
            continue
        if not chain.implementations:
            gaps.append(f"{clause_id} is {chain.clause.status} but nothing is marked "
                        f"@implements({clause_id!r})")
        if tests_available and not chain.obligations and not chain.tests:
            gaps.append(f"{clause_id} has no proof obligation and no test")
    for implementation in implementations():
        if implementation.clause_id not in defined:
            gaps.append(f"{implementation.module}.{implementation.qualname} implements "
                        f"{implementation.clause_id}, which the spec does not define")
    for item in all_obligations():
        gaps += [f"obligation {item.name} names {c}, which the spec does not define"
                 for c in item.clause_ids if c not in defined]
    gaps += undefined_ids_in_files()
    return gaps


SCANNED_FOLDERS = ("model", "proofs", "tests", "docs", "spec", "bench")
SCANNED_SUFFIXES = (".py", ".toml", ".rst", ".md", ".txt")


def undefined_ids_in_files() -> list[str]:
    """Clause IDs written anywhere in the checkout that the spec does not define."""
    root = checkout_root()
    if root is None:
        return []
    defined = load_clauses()
    problems = []
    for folder in SCANNED_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if (path.suffix not in SCANNED_SUFFIXES or not path.is_file()
                    or any(part.startswith((".", "_build", "generated")) for part in
                           path.relative_to(root).parts[1:])):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), start=1):
                for match in CLAUSE_ID_PATTERN.finditer(line):
                    if match.group(0) not in defined:
                        problems.append(f"{path.relative_to(root)}:{number} names "
                                        f"{match.group(0)}, which the spec does not define")
    return problems
