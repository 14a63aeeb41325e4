"""One big site log on every core: the file cut at hand boundaries into byte ranges.

``plan_parts(path, file, parts)`` decides, in the process that dispatches the work, where
a big text log may be cut so that each part is read exactly as the whole-file stream
(``records.stream``) reads the same lines: a cut is always at the start of a line that
starts a hand of the file's format, so no hand straddles two parts. The plan carries what
each part needs to read its lines as the stream would:

* the encoding, chosen once for the whole file (``stream.choose_encoding``, with its
  problems): a part decodes its bytes with it, from a line start (a character boundary
  in UTF-8 and in the single-byte fallbacks);
* the number of the part's first line, counted from the file's bytes with the stream's
  line endings (CRLF, CR, LF), so every reader warning and every violation names the
  line of the file, not of the part;
* the format (the first line of the file that starts a hand of a known site).

Only a plain text log of at least ``SPLIT_BYTES`` is cut. Anything else is read whole by
one worker, as before: a smaller file, XML (the hardened XML reader reads a tree),
UTF-16 (two bytes a character), a file with NUL characters (removed before the lines
are cut), a head with a line too long or with no hand of a known format, a file without
LF line endings. A part reads its lines with ``read_part``: its hands (``ReadItem``, as
the stream yields them) and a ``PartSurvey`` — the facts about the whole file the stream's
second pass learns (line endings, double-encoded currency signs, a line too long) — that
the dispatcher merges over the parts in file order (``survey_problems``).

A cut at a hand-start line: a grammar whose header line may repeat inside a hand
(``HandStart.new_id_only``) starts a hand only when the id changes; the cut is then
placed at the first start line whose id differs from that of the start line before it.
"""

from __future__ import annotations

import codecs
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from studspec.inputs import LOG_LINE
from studspec.records.detect import READERS
from studspec.records.grammar import Grammar
from studspec.records.sitetext import Problem
from studspec.records.stream import (
    CHUNK_BYTES,
    Encoding,
    LineBlock,
    ReadItem,
    _repaired,
    _Survey,
    _with_last,
    choose_encoding,
    cut_hands,
    format_started_by,
    line_blocks,
    survey_problems,
)

SPLIT_BYTES = 2 << 20
"""A log smaller than this is read whole by one worker: cutting it would cost more than
it saves."""

PART_BYTES = 4 << 20
"""About the bytes of one part: a big log gives more parts than workers, so a part that
is slow to check does not leave the other workers idle at the end."""

HEAD_BYTES = 1 << 18
"""The bytes read from the head of the file for its first character and its format."""

WINDOW_BYTES = 1 << 20
"""How far past a target offset a cut is looked for (a hand is far shorter)."""

_SPLIT_ENCODINGS = ("utf-8", "cp1252", "latin-1")


@dataclass(frozen=True)
class Part:
    """One byte range of a big log, as a worker reads it: the file (as the report names
    it, and as the reader names it), the part's index among ``count``, its bytes
    ``[start, end)``, its first line's number, the file's encoding and format."""

    file: str
    reader_file: str
    index: int
    count: int
    start: int
    end: int
    first_line: int
    encoding: str
    format: str


@dataclass
class PartSurvey:
    """What a part's lines tell about the whole file (``stream._Survey``'s facts)."""

    fixed: set[str] = field(default_factory=set)
    endings: set[str] = field(default_factory=set)
    too_long: tuple[int, int] | None = None  # line number, length


def plan_parts(path: Path, file: str, parts: int) -> tuple[list[Part], Encoding] | None:
    """The parts one big text log is read in (at least two), with the file's encoding; or
    None when the file is read whole (see the module's notes). ``file`` names the file in
    the report, ``path`` is the file to read."""
    try:
        size = path.stat().st_size
        if parts < 2 or size < SPLIT_BYTES:
            return None
        encoding = choose_encoding(path, str(path))
        if encoding.encoding not in _SPLIT_ENCODINGS or _has_nul(path):
            return None
        format = _head_format(path, encoding)
        if format is None:
            return None
        wanted = max(parts, -(-size // PART_BYTES))
        cuts = [encoding.skip]
        for number in range(1, wanted):
            target = encoding.skip + (size - encoding.skip) * number // wanted
            cut = _cut_after(path, max(target, cuts[-1] + 1), encoding, READERS[format])
            if cut is not None and cut > cuts[-1] and cut < size:
                cuts.append(cut)
        if len(cuts) < 2:
            return None
        firsts = _first_lines(path, cuts)
    except OSError:
        return None  # the worker that reads it whole reports why it cannot be read
    ends = [*cuts[1:], size]
    plan = [Part(file, str(path), index, len(cuts), start, end, first, encoding.encoding,
                 format)
            for index, (start, end, first) in enumerate(zip(cuts, ends, firsts, strict=True))]
    return plan, encoding


def _has_nul(path: Path) -> bool:
    with path.open("rb") as stream:
        while chunk := stream.read(CHUNK_BYTES):
            if b"\x00" in chunk:
                return True
    return False


def _decoded_blocks(path: Path, start: int, end: int | None, encoding: str
                    ) -> Iterator[LineBlock]:
    """The lines of the bytes ``[start, end)`` (to the end of the file if None), as the
    stream cuts and decodes them (bad bytes replaced), a block at a time."""
    decoder = codecs.getincrementaldecoder(encoding)("replace")
    return line_blocks(decoder.decode(chunk, final)
                       for chunk, final in _with_last(_range_chunks(path, start, end)))


def _range_chunks(path: Path, start: int, end: int | None) -> Iterator[bytes]:
    with path.open("rb") as stream:
        stream.seek(start)
        left = None if end is None else end - start
        while left is None or left > 0:
            chunk = stream.read(CHUNK_BYTES if left is None else min(CHUNK_BYTES, left))
            if not chunk:
                return
            if left is not None:
                left -= len(chunk)
            yield chunk


def _head_format(path: Path, encoding: Encoding) -> str | None:
    """The file's format from its head: the first line that starts a hand of a known site,
    as the stream's survey finds it; None for XML, a line too long or no such line there."""
    end = encoding.skip + HEAD_BYTES
    first = True
    for lines, _, open_end in _decoded_blocks(path, encoding.skip, end, encoding.encoding):
        for place, text in enumerate(lines):
            if open_end and place == len(lines) - 1:
                return None  # the head's last, perhaps cut, line
            if first and text.strip():
                if text.lstrip().startswith("<"):
                    return None  # XML: read whole
                first = False
            text = _repaired(text, set())
            if len(text) > LOG_LINE.most:
                return None
            found = format_started_by(text)
            if found is not None:
                return found
    return None


def _cut_after(path: Path, target: int, encoding: Encoding, grammar: Grammar
               ) -> int | None:
    """The byte offset of the first line at or after ``target`` (a line start after an LF)
    that starts a new hand of the grammar, looked for within ``WINDOW_BYTES``."""
    with path.open("rb") as stream:
        stream.seek(target - 1)
        window = stream.read(WINDOW_BYTES)
    newline = window.find(b"\n")
    if newline < 0:
        return None
    offset = target + newline  # the line after the LF (window[0] is byte target - 1)
    repeats = any(start.new_id_only for start in grammar.starts)
    seen: str | None = None
    found = False
    for line in window[newline + 1:].split(b"\n")[:-1]:
        text = codecs.decode(line, encoding.encoding, "replace").rstrip("\r")
        if "\r" not in text:  # a lone CR inside: the stream sees two lines; not cut here
            hand_id = grammar.hand_start(_repaired(text, set()), None)
            if hand_id is not None:
                if not repeats or (found and hand_id != seen):
                    return offset
                seen, found = hand_id, True
        offset += len(line) + 1
    return None


def _first_lines(path: Path, cuts: list[int]) -> list[int]:
    """The number of the line each cut starts: one plus the line endings before it (CRLF,
    CR, LF, as ``stream.line_blocks``; a cut is after an LF, so no CRLF straddles one)."""
    firsts = [1]
    breaks = 0
    previous_cr = False
    for start, end in itertools.pairwise(cuts):
        for chunk in _range_chunks(path, start, end):
            crlf = chunk.count(b"\r\n") + (previous_cr and chunk.startswith(b"\n"))
            breaks += chunk.count(b"\n") + chunk.count(b"\r") - crlf
            previous_cr = chunk.endswith(b"\r")
        firsts.append(breaks + 1)
    return firsts


def read_part(part: Part) -> tuple[Iterator[ReadItem], PartSurvey]:
    """A part's hands as the whole-file stream reads them (the same records, warnings and
    line numbers), and its survey, complete when the hands are all read."""
    survey = PartSurvey()
    return _part_hands(part, survey), survey


def _part_hands(part: Part, survey: PartSurvey) -> Iterator[ReadItem]:
    """``stream.cut_hands`` over one part's lines, numbered from the part's first line; the
    second pass's facts gathered on the way (``stream._survey``)."""
    blocks = _decoded_blocks(Path(part.reader_file), part.start, part.end, part.encoding)
    return cut_hands(blocks, READERS[part.format], part.reader_file, part.first_line - 1,
                     survey)


def merged_problems(part: Part, encoding: Encoding, surveys: list[PartSurvey]
                    ) -> tuple[list[Problem], bool]:
    """The file's own problems (its encoding's, then its survey's, merged over the parts
    in file order) as the stream lists them first, and whether they stop the file (a line
    too long: no hand of it is checked)."""
    whole = _Survey(format=part.format)
    for survey in surveys:
        whole.fixed |= survey.fixed
        whole.endings |= survey.endings
        if whole.too_long is None:
            whole.too_long = survey.too_long
    return survey_problems(part.reader_file, encoding, whole)


__all__ = ["PART_BYTES", "SPLIT_BYTES", "Part", "PartSurvey", "merged_problems",
           "plan_parts", "read_part"]
