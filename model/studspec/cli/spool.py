"""The report of a ``check`` run over an archive, written as the hands come, not held.

A run over millions of hands cannot keep every hand's entry in memory. ``CheckReport``
writes each hand's part of the text report and of the JSON report to two temporary files
as it arrives, and keeps only the summary's counts and the hands with a problem
(``summary.Summary``). At the end ``write`` puts the summary first and copies the hands
after it, so the output is byte for byte what the whole report in memory would print
(``to_json`` of the same data, the same text); ``data`` and ``text`` read the spooled
parts back, for tests and small runs.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from typing import IO, Any, TextIO

from studspec.cli.render import table, to_json
from studspec.cli.summary import Summary

_HANDS_SLOT = '\n  "hands": [],\n'  # the top-level key in to_json's layout (indent 2)


RenderedHand = tuple[str, str]
"""A hand's part of the text report and its JSON entry, indented for the hands array."""


def render_hand(hand: dict[str, Any],
                hand_lines: Callable[[dict[str, Any]], list[str]]) -> RenderedHand:
    """A hand's text (empty if it was not replayed: the summary names it) and JSON entry."""
    text = ("\n" + "\n".join(hand_lines(hand))) if hand.get("replayed") is not False else ""
    return text, json.dumps(hand, indent=2, ensure_ascii=False).replace("\n", "\n    ")


class CheckReport:
    """A check run's report: hands spooled to temporary files, problems and counts kept."""

    def __init__(self, profile_name: str | None,
                 hand_lines: Callable[[dict[str, Any]], list[str]]) -> None:
        self.profile_name = profile_name
        self.hand_lines = hand_lines
        self.summary = Summary()
        self.problems: list[dict[str, Any]] = []
        # The spools live as long as the report (no with block): closed by close() or
        # when the report is collected; the system removes them either way.
        self._text: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._json: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self._replayed = self._written = 0
        self._result: dict[str, Any] | None = None

    # -- building ----------------------------------------------------------------------
    def add_hand(self, hand: dict[str, Any], rendered: RenderedHand | None = None) -> None:
        """One hand's entry, in report order (``rendered`` by ``render_hand``, perhaps in
        a worker process; else here)."""
        text, entry = rendered or render_hand(hand, self.hand_lines)
        self.summary.add(hand)
        if hand.get("replayed") is not False:
            self._replayed += 1
            self._text.write(text)
        self._json.write((",\n    " if self._written else "    ") + entry)
        self._written += 1

    def _finished(self) -> dict[str, Any]:
        if self._result is None:
            self._result = self.summary.result(self.problems)
        return self._result

    # -- what it says --------------------------------------------------------------------
    @property
    def exit_code(self) -> int:
        """2 if incomplete or doubtful (or nothing checked), 1 if anything was found, else 0."""
        summary = self._finished()
        incomplete = summary["not_checkable"] or summary["doubtful"] or not self._replayed
        found = summary["violations"] or summary["divergent_hands"]
        return 2 if incomplete else 1 if found else 0

    def _envelope(self) -> dict[str, Any]:
        summary = {key: value for key, value in self._finished().items() if key != "text"}
        return {"profile": self.profile_name or "from each log", "summary": summary,
                "hands": [], "problems": self.problems, "violations": summary["violations"],
                "divergent_hands": summary["divergent_hands"]}

    def _problem_table(self) -> str:
        if not self.problems:
            return ""
        rows = [(p["file"], p["hand"] or "", p["line"] or "", p["severity"],
                 p["reason"] + (f" ({p['text']!r})" if p["text"] is not None else ""))
                for p in self.problems]
        return "\n\n" + table(("file", "hand", "line", "kind", "problem"), rows)

    def write(self, stream: TextIO, format: str) -> None:
        """Print the report (``text`` or ``json``) to ``stream``, the hands copied from
        their spool, then a newline."""
        if format == "json":
            head, _, tail = to_json(self._envelope()).partition(_HANDS_SLOT)
            stream.write(head)
            if self._written:
                stream.write('\n  "hands": [\n')
                self._copy(self._json, stream)
                stream.write("\n  ],\n")
            else:
                stream.write(_HANDS_SLOT)
            stream.write(tail + "\n")
            return
        stream.write("\n".join(self._finished()["text"]))
        self._copy(self._text, stream)
        stream.write(self._problem_table() + "\n")

    @staticmethod
    def _copy(spool: IO[str], stream: TextIO) -> None:
        spool.flush()
        spool.seek(0)
        shutil.copyfileobj(spool, stream)
        spool.seek(0, 2)  # back to the end: more may be added

    @property
    def data(self) -> dict[str, Any]:
        """The whole report as data (the hands read back from their spool)."""
        data = self._envelope()
        self._json.flush()
        self._json.seek(0)
        data["hands"] = json.loads("[" + self._json.read() + "]")
        self._json.seek(0, 2)
        return data

    @property
    def text(self) -> str:
        """The whole text report (the hands read back from their spool)."""
        self._text.flush()
        self._text.seek(0)
        hands = self._text.read()
        self._text.seek(0, 2)
        return "\n".join(self._finished()["text"]) + hands + self._problem_table()

    def close(self) -> None:
        """Remove the spool files (the report can no longer be printed)."""
        self._text.close()
        self._json.close()
