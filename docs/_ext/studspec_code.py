"""The code beside the rule: each clause section shows the source of the functions that
implement it, folded under a "show the code" line (Catala-style: the text, then the code).

The listings are ``literalinclude`` directives on the model's own files, so the docs show
the code that runs, with its real line numbers.
"""

from __future__ import annotations

from collections.abc import Sequence


def code_listing(functions: Sequence[tuple[str, str]]) -> list[str]:
    """RST lines folding the source of each ``(qualname, path from the checkout)``.

    A function whose file is not inside the checkout (an installed package) is skipped: its
    name and line are already in the clause's "Implemented by" line.
    """
    listed = [(qualname, path) for qualname, path in functions if path.startswith("model/")]
    if not listed:
        return []
    lines = [".. raw:: html", "", '   <details class="clause-code"><summary>Show the code '
             f"({len(listed)} function{'s' if len(listed) != 1 else ''})</summary>", ""]
    for qualname, path in listed:
        lines += [f".. literalinclude:: /../{path}", f"   :pyobject: {qualname}",
                  "   :language: python", "   :lineno-match:",
                  f"   :caption: {qualname} — {path}", ""]
    return [*lines, ".. raw:: html", "", "   </details>", ""]
