"""Read a site hand-history file hand by hand: memory grows with problems, not with hands.

``stream_hand_histories(path)`` yields what ``detect.read_hand_histories`` returns — the same
hands, the same problems in the same order, the same line numbers — one hand at a time, so
a log of any size is checked in bounded memory (DESIGN: "Stream inputs; never hold an
archive in memory"). The file is read three times, in chunks, never whole:

1. its bytes: the encoding ``detect.decode`` would choose, with the same problems (a byte
   order mark, UTF-16 without one, the first byte that is not UTF-8 and its line, the
   Windows-1252 / Latin-1 fallback) — each is a fact about the whole file;
2. its text: NUL characters, double-encoded currency signs, mixed line endings, a line past
   ``inputs.LOG_LINE`` (which refuses the whole file before any hand is read, as the
   whole-file reader does), the format (the first line that starts a hand of a known
   site) and whether it is XML;
3. its hands: the lines cut at each of the format's hand-start lines, each hand read,
   yielded and dropped.

The text is cut into lines a block at a time (``line_blocks``: a chunk's whole lines in one
``str.split`` when it holds no CR, as nearly every log), and the facts of a block's lines
(repaired signs, a line too long) are found by one pass over the block, not line by line;
the cutting into hands (``cut_hands``) is shared with the parts of a big log
(``records.ranges``).

An XML file is read whole by the hardened XML reader (``xmlreader``: a tree built under
defusedxml); only text formats are streamed.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Protocol

from studspec.errors import InvalidInputError
from studspec.inputs import LOG_LINE
from studspec.records.detect import (
    _BOMS,
    MOJIBAKE,
    READERS,
    _problem,
    read_hand_histories,
)
from studspec.records.grammar import Grammar
from studspec.records.hand import HandRecord
from studspec.records.sitetext import HandLines, Line, Problem, UnknownGameError

CHUNK_BYTES = 1 << 20
"""Bytes read at a time (even, so UTF-16 byte pairs never straddle the count of NULs)."""

_ENDING = re.compile(r"\r\n|\r|\n")
_CP1252_UNDEFINED = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")


@dataclass
class ReadItem:
    """One step of a streamed file: a hand's record (None for a problem about the file, or a
    hand that could not be read) and the problems met reading it, in the file's order."""

    record: HandRecord | None
    problems: list[Problem] = field(default_factory=list)


@dataclass
class Encoding:
    """How a file's bytes are decoded: the codec, the bytes of a byte order mark to skip,
    and the problems ``detect.decode`` reports for the choice."""

    encoding: str
    skip: int = 0
    problems: list[Problem] = field(default_factory=list)


def _chunks(path: Path, skip: int = 0) -> Iterator[bytes]:
    with path.open("rb") as stream:
        stream.seek(skip)
        yield from _read_chunks(stream)


def _read_chunks(stream: BinaryIO) -> Iterator[bytes]:
    while chunk := stream.read(CHUNK_BYTES):
        yield chunk


def _first_error(chunks: Iterable[bytes], encoding: str) -> tuple[str, int, int] | None:
    """The reason, byte offset and line (1-based) of the first byte sequence that is not
    ``encoding``, as a whole-text ``bytes.decode`` reports it; None if all decode."""
    decoder = codecs.getincrementaldecoder(encoding)("strict")
    offset = newlines = 0  # of the bytes before the decoder's buffer
    for chunk, final in _with_last(chunks):
        pending = decoder.getstate()[0]
        try:
            decoder.decode(chunk, final)
        except UnicodeDecodeError as error:  # error.object is the buffer and the chunk
            before = bytes(error.object[:error.start])
            return (str(error.reason), offset + error.start,
                    newlines + before.count(b"\n") + 1)
        consumed = len(pending) + len(chunk) - len(decoder.getstate()[0])
        newlines += (pending + chunk)[:consumed].count(b"\n")
        offset += consumed
    return None


def _with_last(chunks: Iterable[bytes]) -> Iterator[tuple[bytes, bool]]:
    """Each chunk and whether it is the last (an empty file is one empty last chunk)."""
    previous: bytes | None = None
    for chunk in chunks:
        if previous is not None:
            yield previous, False
        previous = chunk
    yield previous or b"", True


def choose_encoding(path: Path, file: str) -> Encoding:
    """The encoding ``detect.decode`` chooses for the file's bytes, read in chunks."""
    with path.open("rb") as stream:
        head = stream.read(4)
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            chosen = Encoding(encoding, len(bom), [Problem(
                file, None, 1, f"byte order mark ({encoding}) removed", "warning")])
            error = _first_error(_chunks(path, len(bom)), encoding)
            if error is not None:
                chosen.problems.append(Problem(
                    file, None, None, f"not valid {encoding} after its byte order mark "
                    f"({error[0]}); bad bytes replaced", "warning"))
            return chosen
    size = odd = even = 0
    cp1252 = True
    for chunk in _chunks(path):
        size += len(chunk)
        odd, even = odd + chunk[1::2].count(0), even + chunk[0::2].count(0)
        cp1252 = cp1252 and _CP1252_UNDEFINED.search(chunk) is None
    pairs = size // 2
    utf16 = None
    if pairs >= 8 and odd > pairs * 0.6 and even < odd / 10:
        utf16 = "utf-16-le"
    elif pairs >= 8 and even > pairs * 0.6 and odd < even / 10:
        utf16 = "utf-16-be"
    if utf16 is not None:
        return Encoding(utf16, 0, [Problem(file, None, 1, f"no byte order mark; read as "
                                            f"{utf16} (a NUL byte beside nearly every "
                                            "character)", "warning")])
    error = _first_error(_chunks(path), "utf-8")
    if error is None:
        return Encoding("utf-8")
    reason, start, line = error
    encoding = "cp1252" if cp1252 else "latin-1"
    return Encoding(encoding, 0, [Problem(file, None, line, f"not UTF-8 ({reason} at byte "
                                           f"{start}); read as {encoding}", "warning")])


def _texts(path: Path, encoding: Encoding) -> Iterator[str]:
    """The file's text in chunks, decoded as chosen (bad bytes replaced, as ``decode``)."""
    decoder = codecs.getincrementaldecoder(encoding.encoding)("replace")
    for chunk, final in _with_last(_chunks(path, encoding.skip)):
        yield decoder.decode(chunk, final)


LineBlock = tuple[list[str], set[str], bool]
"""A block of whole lines of a text (without their endings), the endings they had (CRLF,
CR, LF), and whether the block's last line had none (the text's last line)."""


def line_blocks(texts: Iterable[str]) -> Iterator[LineBlock]:
    """The lines of the text, a block of whole lines at a time (about a chunk), cut as
    ``sitetext.split_lines`` cuts them: at CRLF, CR or LF; a CR at the end of a chunk waits
    for the next (perhaps the first half of a CRLF). A block with no CR, as nearly every
    log, is cut by ``str.split`` in one call, not line by line."""
    rest = ""
    for text in texts:
        lines, endings, rest = _cut(rest + text, final=False)
        if lines:
            yield lines, endings, False
    lines, endings, rest = _cut(rest, final=True)
    if rest:
        lines.append(rest)
    if lines:
        yield lines, endings, bool(rest)


def _cut(buffer: str, *, final: bool) -> tuple[list[str], set[str], str]:
    """The buffer's whole lines, their endings, and what follows the last ending."""
    if "\r" not in buffer:
        cut = buffer.rfind("\n")
        if cut < 0:
            return [], set(), buffer
        return buffer[:cut].split("\n"), {"\n"}, buffer[cut + 1:]
    lines: list[str] = []
    endings: set[str] = set()
    start = 0
    for match in _ENDING.finditer(buffer):
        if not final and match.end() == len(buffer) and match.group() == "\r":
            break  # perhaps the first half of a CRLF
        lines.append(buffer[start:match.start()])
        endings.add(match.group())
        start = match.end()
    return lines, endings, buffer[start:]


def _repaired(line: str, fixed: set[str]) -> str:
    """The line with each double-encoded currency sign made the sign (``repair_mojibake``,
    line by line: no sign's bytes hold a line ending)."""
    if line.isascii():  # every double-encoded sign holds a character beyond ASCII
        return line
    for wrong, sign in MOJIBAKE.items():
        if wrong in line:
            fixed.add(wrong)
            line = line.replace(wrong, sign)
    return line


def repaired_lines(lines: list[str], fixed: set[str]) -> list[str]:
    """The lines, each repaired (``_repaired``); the same list when all are ASCII."""
    if all(map(str.isascii, lines)):
        return lines
    return [_repaired(line, fixed) for line in lines]


def first_too_long(lines: list[str], before: int) -> tuple[int, int] | None:
    """The number and length of the first line past ``inputs.LOG_LINE``, the block's lines
    numbered after ``before``; None when there is none."""
    if max(map(len, lines), default=0) <= LOG_LINE.most:
        return None
    place = next(place for place, line in enumerate(lines) if len(line) > LOG_LINE.most)
    return before + place + 1, len(lines[place])


@dataclass
class _Survey:
    """What the second pass learns of a file's text."""

    has_nul: bool = False
    fixed: set[str] = field(default_factory=set)
    endings: set[str] = field(default_factory=set)
    too_long: tuple[int, int] | None = None  # line number, length
    format: str | None = None
    first_char: str = ""


def _without_nul(texts: Iterable[str], survey: _Survey) -> Iterator[str]:
    for text in texts:
        if "\x00" in text:
            survey.has_nul = True
            text = text.replace("\x00", "")
        yield text


def _survey(path: Path, encoding: Encoding) -> _Survey:
    survey = _Survey()
    number = 0
    for lines, endings, _ in line_blocks(_without_nul(_texts(path, encoding), survey)):
        survey.endings |= endings
        if not survey.first_char:
            survey.first_char = next((text.lstrip()[0] for text in lines if text.strip()), "")
        lines = repaired_lines(lines, survey.fixed)  # as read_text: the repaired text's lines
        if survey.format is None and survey.too_long is None:
            survey.format, survey.too_long = _head_facts(lines, number)
        elif survey.too_long is None:
            survey.too_long = first_too_long(lines, number)
        number += len(lines)
    return survey


def _head_facts(lines: list[str], before: int) -> tuple[str | None, tuple[int, int] | None]:
    """Line by line until one is known: the format of the first line that starts a hand of
    a known site, and the first line too long (after which no format is looked for)."""
    for place, text in enumerate(lines):
        if len(text) > LOG_LINE.most:
            return None, (before + place + 1, len(text))
        found = format_started_by(text)
        if found is not None:
            return found, first_too_long(lines[place + 1:], before + place + 1)
    return None, None


def format_started_by(text: str) -> str | None:
    """The known site format whose hand a line starts, or None."""
    return next((name for name, grammar in READERS.items()
                 if grammar.hand_start(text, None) is not None), None)


@dataclass
class HandStream:
    """A site hand-history file being read: its format and encoding (known before the
    first hand) and ``items``, its hands and problems in the order of the file."""

    file: str
    format: str | None
    encoding: str
    items: Iterator[ReadItem]


def stream_hand_histories(path: str | Path) -> HandStream:
    """Every hand of a site hand-history file, one at a time, with the problems met, in
    the order ``read_hand_histories`` lists them; problems are yielded, never raised (an
    unreadable path raises InvalidInputError, as there)."""
    file = str(path)
    path = Path(path)
    try:
        encoding = choose_encoding(path, file)
        survey = _survey(path, encoding)
    except OSError as error:
        raise InvalidInputError(f"cannot be read: {error.strerror}", where=file) from None
    if survey.first_char == "<":  # XML: the hardened reader reads the file whole
        return whole_file_stream(path)
    problems, stop = survey_problems(file, encoding, survey)
    if stop:
        return HandStream(file, None, encoding.encoding, iter([ReadItem(None, problems)]))
    assert survey.format is not None  # survey_problems stops a file of no format
    hands = _hands(path, encoding, READERS[survey.format], file)
    return HandStream(file, survey.format, encoding.encoding,
                      _after([ReadItem(None, problems)], hands, file))


def survey_problems(file: str, encoding: Encoding, survey: _Survey
                    ) -> tuple[list[Problem], bool]:
    """The problems about a whole file its encoding and its survey give, in the order the
    stream lists them, and whether they stop the file before any hand (a line too long, no
    hand of a known format)."""
    problems = list(encoding.problems)
    if survey.has_nul:
        problems.append(Problem(file, None, None, "contains NUL characters (a UTF-16 file "
                                "without its byte order mark?)", "warning"))
    fixed = [wrong for wrong in MOJIBAKE if wrong in survey.fixed]
    if fixed:
        problems.append(Problem(file, None, None, f"currency signs written in another "
                                f"encoding ({', '.join(fixed)}) read as the signs", "warning"))
    if len(survey.endings) > 1:
        problems.append(Problem(file, None, None, "mixed line endings (CRLF, CR, LF)",
                                "warning"))
    if survey.too_long is not None:
        number, length = survey.too_long
        problems.append(Problem(file, None, number, LOG_LINE.reason(
            f"a line of {length:,} characters"), "error"))
        return problems, True
    if survey.format is None:
        problems.append(Problem(file, None, None, "no hand of a known site format "
                                f"({', '.join(READERS)}) found", "error"))
        return problems, True
    return problems, False


def whole_file_stream(path: str | Path) -> HandStream:
    """``read_hand_histories`` (the whole file at once) as a stream: its problems, then its
    records (what ``check`` read before the stream, and how it reads XML)."""
    result = read_hand_histories(path)
    items = [ReadItem(None, result.problems), *(ReadItem(record) for record in result.records)]
    return HandStream(result.file, result.format, result.encoding, iter(items))


def _after(first: list[ReadItem], rest: Iterator[ReadItem], file: str
           ) -> Iterator[ReadItem]:
    yield from first
    try:
        yield from rest
    except OSError as error:  # the file went away while it was read
        raise InvalidInputError(f"cannot be read: {error.strerror}", where=file) from None


def _hands(path: Path, encoding: Encoding, reader: Grammar, file: str) -> Iterator[ReadItem]:
    """The third pass: the lines cut into hands (``cut_hands``), each read as
    ``detect.read_text`` reads it."""
    ignored = _Survey()
    blocks = line_blocks(_without_nul(_texts(path, encoding), ignored))
    return cut_hands(blocks, reader, file, 0, ignored)


class LineFacts(Protocol):
    """What the lines of a file tell about it as they are cut into hands (a ``_Survey``'s,
    or a part's ``ranges.PartSurvey``)."""

    fixed: set[str]
    endings: set[str]
    too_long: tuple[int, int] | None


def cut_hands(blocks: Iterable[LineBlock], reader: Grammar, file: str, before: int,
              facts: LineFacts) -> Iterator[ReadItem]:
    """The lines cut into hands at the format's hand-start lines (``detect.split_hands``),
    numbered after ``before``, each hand read as ``detect.read_text`` reads it; the facts of
    the lines gathered on the way."""
    current: list[Line] = []
    current_id: str | None = None
    number = before
    for lines, endings, _ in blocks:
        facts.endings |= endings
        lines = repaired_lines(lines, facts.fixed)
        if facts.too_long is None:
            facts.too_long = first_too_long(lines, number)
        for text in lines:
            number += 1
            line = Line(number, text)
            hand_id = reader.hand_start(text, current_id)
            if hand_id is not None:
                if current:
                    yield _read_hand(reader, HandLines(current_id, tuple(current)), file)
                current, current_id = [line], hand_id
            elif current:
                current.append(line)
            elif text.strip():
                # a banner before the first hand, as detect.split_hands reports it
                yield ReadItem(None, [Problem(file, None, number, "a line outside any hand "
                                              "(a banner?), kept as a note", "warning", text)])
    if current:
        yield _read_hand(reader, HandLines(current_id, tuple(current)), file)


def _read_hand(reader: Grammar, hand: HandLines, file: str) -> ReadItem:
    hand = reader.identified(hand)
    try:
        record, warnings = reader.parse_hand(hand, file)
    except UnknownGameError as unknown:  # each handler its own name (mypyc types them)
        return ReadItem(None, [_problem(unknown, hand, file, "skipped")])
    except InvalidInputError as error:
        return ReadItem(None, [_problem(error, hand, file, "error")])
    return ReadItem(record, list(warnings))
