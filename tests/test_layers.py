"""The house by concern: studspec's folders form layers, and an import goes only down.

``LAYERS`` is the one place the order is declared (lowest first); ``docs/architecture.rst``
draws it. A module may import a module of its own layer or of a lower one; never one of a
higher layer (a back-import), never in a circle, and never another folder's private
(``_name``) helper. Every import counts: at the top, inside a function, or under
``TYPE_CHECKING``.

Run as a script (``python tests/test_layers.py [ROOT]``) it prints the module counts per
folder, the circles and the back-imports, e.g. for a tree from before a change.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ground", ("studspec.errors", "studspec.ops", "studspec.inputs", "studspec.paths",
                "studspec.old_paths", "studspec.compiled_build")),
    ("run", ("studspec.run",)),
    ("specdata", ("studspec.specdata",)),
    ("rules", ("studspec.rules",)),
    ("evaluate", ("studspec.evaluate",)),
    ("records", ("studspec.records",)),
    ("play", ("studspec.play",)),
    ("engines", ("studspec.engines",)),
    ("fast", ("studspec.fast",)),
    ("cases", ("studspec.cases",)),
    ("fuzz", ("studspec.fuzz",)),
    ("prove", ("studspec.prove",)),
    ("faces", ("studspec.cli", "studspec.web", "studspec")),
)
"""The layers, lowest first, each with the modules and packages it holds (a module belongs
to the layer of its longest matching prefix; ``studspec`` itself, the package's front door,
re-exports from below and sits with the faces)."""


@dataclass(frozen=True)
class Import:
    """One import of a studspec module by another."""

    importer: str
    imported: str
    line: int
    names: tuple[str, ...]  # the names taken (``from m import a, b``), empty for ``import m``

    def __str__(self) -> str:
        return f"{self.importer}:{self.line} -> {self.imported}"


def _module_name(path: Path, package_dir: Path) -> str:
    parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package_dir: Path) -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {_module_name(path, package_dir): path for path in sorted(package_dir.rglob("*.py"))
            if "__pycache__" not in path.parts}


def imports(package_dir: Path) -> list[Import]:
    """Every import of one studspec module by another, anywhere in the importer's code."""
    known = modules(package_dir)

    def resolve(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    found: dict[tuple[str, str, int], tuple[str, ...]] = {}
    for importer, path in known.items():
        package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [(alias.name, ()) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}".rstrip(".")
                names = tuple(alias.name for alias in node.names)
                # ``from p import m`` imports the module p.m when there is one
                targets = [(f"{base}.{name}", (name,)) if f"{base}.{name}" in known
                           else (base, (name,)) for name in names]
            else:
                continue
            for target, taken in targets:
                imported = resolve(target) if target.startswith("studspec") else None
                if imported and imported != importer:
                    key = (importer, imported, node.lineno)
                    found[key] = found.get(key, ()) + taken
    return [Import(*key, names) for key, names in found.items()]


def layer_of(module: str) -> int:
    """The index in ``LAYERS`` of a module's layer (its longest matching prefix)."""
    best, best_length = -1, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    return best


def circles(edges: list[Import]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, set()).add(edge.imported)
        graph.setdefault(edge.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def back_imports(edges: list[Import], rename: Callable[[str], str] = str) -> list[Import]:
    """Imports of a module from a higher layer than the importer's."""
    return [edge for edge in edges
            if layer_of(rename(edge.imported)) > layer_of(rename(edge.importer))]


def packages(package_dir: Path) -> set[str]:
    """The package and its subpackages (folders with an ``__init__.py``), by dotted name."""
    return {name for name, path in modules(package_dir).items() if path.name == "__init__.py"}


def folder(module: str, folders: set[str]) -> str:
    """The folder a module lives in: its subpackage, or ``studspec`` for a top-level module."""
    return module if module in folders else module.rpartition(".")[0]


def borrowed_private_names(edges: list[Import], folders: set[str]) -> list[str]:
    """Private names (``_name``) one folder takes from a module of another folder."""
    return [f"{edge} ({name})" for edge in edges for name in edge.names
            if name.startswith("_") and not name.startswith("__")
            and folder(edge.importer, folders) != folder(edge.imported, folders)]


PACKAGE_DIR = ROOT / "model" / "studspec"
EDGES = imports(PACKAGE_DIR)


def test_every_module_has_a_layer() -> None:
    assert [name for name in modules(PACKAGE_DIR) if layer_of(name) < 0] == []


def test_no_import_circle() -> None:
    assert circles(EDGES) == []


def test_no_import_from_a_higher_layer() -> None:
    assert [str(edge) for edge in back_imports(EDGES)] == []


def test_no_folder_borrows_another_folders_private_helpers() -> None:
    assert borrowed_private_names(EDGES, packages(PACKAGE_DIR)) == []


def test_the_top_level_is_the_ground_and_the_front_door() -> None:
    top = {name for name, path in modules(PACKAGE_DIR).items()
           if name.count(".") == 1 and path.name != "__init__.py"}
    assert top == set(LAYERS[0][1])


def _drawn_layers(text: str) -> Iterator[str]:
    """The layer names in the architecture page's picture, top first."""
    block = text.split(".. layers-picture-start", 1)[1].split(".. layers-picture-end", 1)[0]
    for line in block.splitlines():
        words = line.strip(" |+-").split()
        if words and words[0].rstrip(":") in {name for name, _ in LAYERS}:
            yield words[0].rstrip(":")


def test_the_docs_picture_shows_the_declared_layers() -> None:
    drawn = list(_drawn_layers((ROOT / "docs" / "layers.inc").read_text(encoding="utf-8")))
    assert drawn == [name for name, _ in reversed(LAYERS)]


@pytest.mark.parametrize("page", ["docs/architecture.rst", "docs/api/index.rst"])
def test_the_design_notes_and_the_api_index_draw_the_layers(page: str) -> None:
    assert "layers.inc" in (ROOT / page).read_text(encoding="utf-8")


def report(root: Path) -> str:
    """Module counts per folder, circles and back-imports of the tree at ``root``; a tree from
    before the re-layout is judged by the new layer of each old module."""
    sys.path.insert(0, str(ROOT / "model"))
    from studspec.old_paths import new_path

    package_dir = root / "model" / "studspec"
    edges = imports(package_dir)
    names = modules(package_dir)
    folders = packages(package_dir)
    counts: dict[str, int] = {}
    for name in names:
        counts[folder(name, folders)] = counts.get(folder(name, folders), 0) + 1
    lines = [f"{len(names)} modules (with each folder's __init__)"]
    lines += [f"  {where}: {count}" for where, count in sorted(counts.items())]
    found = circles(edges)
    lines.append(f"{len(found)} circles")
    lines += [f"  {' <-> '.join(group)}" for group in found]
    back = back_imports(edges, new_path)
    lines.append(f"{len(back)} back-imports")
    lines += [f"  {edge}  [{LAYERS[layer_of(new_path(edge.importer))][0]} -> "
              f"{LAYERS[layer_of(new_path(edge.imported))][0]}]" for edge in back]
    private = borrowed_private_names(edges, folders)
    lines.append(f"{len(private)} private names borrowed across folders")
    lines += [f"  {entry}" for entry in private]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT))
