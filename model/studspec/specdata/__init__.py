"""The specification as data: sources, clauses, findings and sentence coverage."""


def clear_caches() -> None:
    """Forget every loaded spec file (after the spec folder or its files changed)."""
    from studspec.cases import book
    from studspec.prove import case_ties
    from studspec.specdata import clauses, coverage, findings, points, sources

    for cached in (sources.load_sources, sources.source_text, sources.sentences,
                   clauses.load_clauses, findings.load_findings, points.load_points,
                   coverage._listed, book.load_casebook, case_ties._cached_answer):
        cached.cache_clear()
