"""The specification as data: sources, clauses, findings and sentence coverage."""

from collections.abc import Callable
from typing import Any, TypeVar

C = TypeVar("C", bound=Callable[..., object])

_READERS_ABOVE: list[Any] = []
"""Cached readers of spec files in the layers above (the casebook, the case ties), which
register themselves here as they are imported, so this layer never imports them."""


def forget_on_clear(reader: C) -> C:
    """Register a cached (``functools.cache``) reader of spec files for ``clear_caches``."""
    _READERS_ABOVE.append(reader)
    return reader


def clear_caches() -> None:
    """Forget every loaded spec file (after the spec folder or its files changed)."""
    from studspec.specdata import clauses, coverage, findings, points, sources

    for cached in (sources.load_sources, sources.source_text, sources.sentences,
                   clauses.load_clauses, findings.load_findings, points.load_points,
                   coverage._listed, *_READERS_ABOVE):
        cached.cache_clear()
