"""Plain-text rendering helpers for the command line: tables and wrapped paragraphs."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A left-aligned text table with a rule under the header."""
    cells = [[str(cell) for cell in row] for row in rows]
    widths = [len(header) for header in headers]
    for row in cells:
        widths = [max(width, len(cell)) for width, cell in zip(widths, row, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
              for row in cells]
    return "\n".join(lines)


def paragraph(text: str, indent: str = "  ", width: int = 96) -> str:
    """Wrap a paragraph with an indent."""
    return textwrap.fill(" ".join(text.split()), width=width, initial_indent=indent,
                         subsequent_indent=indent)


def to_json(data: object) -> str:
    """Stable, readable JSON."""
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)
