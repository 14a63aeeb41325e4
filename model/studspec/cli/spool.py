"""The report of a ``check`` run over an archive, written as the hands come, not held.

A run over millions of hands cannot keep every hand's entry in memory. ``CheckReport``
writes each hand's part of the text report and of the JSON report to temporary files as
it arrives, and keeps only the summary's counts and the hands with a problem
(``summary.Summary``). At the end ``write`` puts the summary first and copies the hands
after it, so the output is byte for byte what the whole report in memory would print
(``to_json`` of the same data, the same text); ``data`` and ``text`` read the spooled
parts back, for tests and small runs.

The JSON report has every hand. The text report lists only the hands with something to
say — a violation, a result that differs from the record, a reader warning — grouped: the
hands with violations by clause (a hand under the first of its clauses, in clause order),
then the results that differ, then the hands read with warnings; within a group in the
report's order (the order of the files). Clean hands are counted in the summary. With
``verbose`` the text lists every hand in the report's order, as it is checked. Each group
has its own temporary file, so memory does not grow with the hands listed either.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable, Iterator
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
    return text, indented_json(hand, "    ")


_COUNTED = ("file", "hand", "replayed", "violations", "divergences", "warnings",
            "unstated_rake", "profile", "unread_lines")


def counted(hand: dict[str, Any]) -> dict[str, Any]:
    """What the summary and the text report's grouping read of a hand (``Summary.add``,
    ``_group``): a worker sends this back with the rendered hand, not the whole entry."""
    return {key: hand[key] for key in _COUNTED if key in hand}


class _NotPlain(Exception):
    """A value ``indented_json`` leaves to ``json.dumps``."""


_STRING = json.encoder.encode_basestring  # json's own (in C): ensure_ascii=False's strings


def indented_json(value: object, margin: str = "") -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` with ``margin`` after every
    newline, for the plain values a report holds (dicts with string keys, lists, strings,
    whole numbers, booleans, None), built directly: json's indented encoder is written in
    Python, one generator step per token, and is most of a clean hand's rendering. Anything
    else goes to ``json.dumps`` itself (tests/test_check_report.py holds the two equal)."""
    try:
        return _plain(value, margin)
    except _NotPlain:
        return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + margin)


def _plain(value: object, pad: str) -> str:
    if isinstance(value, str):
        return _STRING(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return int.__repr__(value)
    inner = pad + "  "
    if type(value) is dict:
        if not value:
            return "{}"
        if not all(type(key) is str for key in value):
            raise _NotPlain(value)
        return ("{\n" + ",\n".join(f"{inner}{_STRING(key)}: {_plain(item, inner)}"
                                    for key, item in value.items()) + "\n" + pad + "}")
    if type(value) is list or type(value) is tuple:
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + _plain(item, inner) for item in value) + "\n" + pad + "]"
    raise _NotPlain(value)


def _group(hand: dict[str, Any]) -> tuple[int, str] | None:
    """Where a replayed hand is listed in the text report (None: clean, only counted)."""
    if hand["violations"]:
        return 0, min(violation["clause"] for violation in hand["violations"])
    if hand["divergences"]:
        return 1, ""
    if hand["warnings"]:
        return 2, ""
    if hand.get("unread_lines"):
        return 3, ""
    return None


def _heading(group: tuple[int, str], hands: int) -> str:
    kind, clause = group
    what = (f"violations of {clause}" if kind == 0 else
            "results that differ from the record" if kind == 1 else "read with warnings"
            if kind == 2 else "clean with unread lines")
    return f"\n\n{what}: {hands} hand(s)"


def _spool() -> IO[str]:
    # The spools live as long as the report (no with block): closed by close() or when
    # the report is collected; the system removes them either way.
    return tempfile.TemporaryFile("w+", encoding="utf-8")


class CheckReport:
    """A check run's report: hands spooled to temporary files, problems and counts kept;
    the text lists the hands with something to say, grouped, or every hand (``verbose``)."""

    def __init__(self, profile_name: str | None,
                 hand_lines: Callable[[dict[str, Any]], list[str]], *,
                 verbose: bool = False) -> None:
        self.profile_name = profile_name
        self.hand_lines = hand_lines
        self.verbose = verbose
        self._groups: dict[tuple[int, str], tuple[IO[str], list[int]]] = {}
        self._unlisted = 0  # clean hands, counted in the summary and not listed
        self.summary = Summary()
        self.problems: list[dict[str, Any]] = []
        self._text, self._json = _spool(), _spool()
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
            group = None if self.verbose else _group(hand)
            if self.verbose:
                self._text.write(text)
            elif group is None:
                self._unlisted += 1
            else:
                if group not in self._groups:
                    self._groups[group] = (_spool(), [0])
                spool, count = self._groups[group]
                spool.write(text)
                count[0] += 1
        self._json.write((",\n    " if self._written else "    ") + entry)
        self._written += 1

    def _finished(self) -> dict[str, Any]:
        if self._result is None:
            self._result = self.summary.result(self.problems)
        return self._result

    # -- what it says --------------------------------------------------------------------
    @property
    def exit_code(self) -> int:
        """2 if incomplete or doubtful (a hand not read or not checkable, read with a warning
        or with unread lines, or nothing checked), 1 if anything was found, else 0."""
        summary = self._finished()
        incomplete = (summary["not_checkable"] or summary["doubtful"] or summary["unread"]
                      or not self._replayed)
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
        stream.write("\n".join(self._finished()["text"]) + self._unlisted_line())
        self._copy(self._text, stream)
        for group in sorted(self._groups):
            spool, count = self._groups[group]
            stream.write(_heading(group, count[0]))
            self._copy(spool, stream)
        stream.write(self._problem_table() + "\n")

    def _unlisted_line(self) -> str:
        if not self._unlisted:
            return ""
        return (f"\n  {self._unlisted} clean hand(s) counted, not listed (--verbose lists "
                "every hand)")

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
        hands = self._read(self._text)
        for group in sorted(self._groups):
            spool, count = self._groups[group]
            hands += _heading(group, count[0]) + self._read(spool)
        return ("\n".join(self._finished()["text"]) + self._unlisted_line() + hands
                + self._problem_table())

    @staticmethod
    def _read(spool: IO[str]) -> str:
        spool.flush()
        spool.seek(0)
        text = spool.read()
        spool.seek(0, 2)
        return text

    def close(self) -> None:
        """Remove the spool files (the report can no longer be printed)."""
        self._text.close()
        self._json.close()
        for spool, _ in self._groups.values():
            spool.close()


WORKER_HANDS_HELD = 1000
"""Checked hands a ``--jobs`` worker holds for one file before it writes them to a
``HandFile``: a big log's part of the report does not grow the worker's memory or the
message that carries it."""


class HandFile:
    """A file's checked hands (``counted`` entry and rendered part each), written by a
    worker process to a temporary file of this machine and read back one at a time — then
    the file is removed — by the process that builds the report."""

    def __init__(self) -> None:
        handle, self.path = tempfile.mkstemp(prefix="studspec-hands-", suffix=".pickle")
        self._stream: IO[bytes] | None = os.fdopen(handle, "wb")
        self.count = 0

    def add(self, hand: tuple[dict[str, Any], RenderedHand]) -> None:
        """One hand more (in report order)."""
        assert self._stream is not None, "a HandFile is written before it is read"
        pickle.dump(hand, self._stream, protocol=pickle.HIGHEST_PROTOCOL)
        self.count += 1

    def __getstate__(self) -> dict[str, Any]:  # sent to the main process: written, closed
        if self._stream is not None:
            self._stream.close()
        return {"path": self.path, "count": self.count, "_stream": None}

    def __iter__(self) -> Iterator[tuple[dict[str, Any], RenderedHand]]:
        if self._stream is not None:  # read where it was written
            self._stream.close()
            self._stream = None
        try:
            with open(self.path, "rb") as stream:
                for _ in range(self.count):
                    # our own worker's file, made by mkstemp (readable by this user only)
                    yield pickle.load(stream)
        finally:
            os.unlink(self.path)
