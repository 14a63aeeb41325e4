"""A site log is read hand by hand (``records.stream``): the same hands, problems, line
numbers and report bytes as the whole-file reading (``detect.read_hand_histories``), on
the shared corpus, the test data and files made to meet every file-level case; and the
memory of reading does not grow with the number of hands."""

from __future__ import annotations

import codecs
import itertools
import re
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studspec.cli import check
from studspec.cli.check import check_report
from studspec.cli.render import to_json
from studspec.records import stream
from studspec.records.detect import read_hand_histories
from studspec.records.sitetext import split_lines
from studspec.records.stream import line_blocks, stream_hand_histories, whole_file_stream

DATA = Path(__file__).parent / "data"
SHARED = Path(__file__).parents[1].parent / "shared" / "data"
SEED = SHARED / "handhistories" / "pokerstars" / "7-Stud-USD-0.04-0.08-200911.txt"
if not SEED.exists():  # the shared corpus is beside the project's checkout, when it is
    SEED = DATA / "handhistories" / "stars-triple-stud.txt"
NO_BRING_IN = DATA / "handhistories" / "stars-no-bring-in-35874081088.txt"


def _logs() -> list[Path]:
    roots = [DATA, SHARED]
    return sorted({path for root in roots if root.exists() for path in root.rglob("*")
                   if path.is_file() and path.suffix.lower() in (".txt", ".xml")})


def _same_reading(path: Path) -> None:
    whole = read_hand_histories(path)
    streamed = stream_hand_histories(path)
    items = list(streamed.items)
    assert [item.record for item in items if item.record is not None] == whole.records
    assert [problem for item in items for problem in item.problems] == whole.problems
    assert streamed.format == whole.format


@pytest.mark.parametrize("chunk", [stream.CHUNK_BYTES, 16])
def test_the_stream_reads_every_log_as_the_whole_file_reading(
        chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "CHUNK_BYTES", chunk)  # 16: CRLFs and characters split
    logs = _logs()
    assert len(logs) > 20
    for path in logs:
        _same_reading(path)


@given(st.text(alphabet="ab\r\n\u00e9 ", max_size=60),
       st.lists(st.integers(0, 60), max_size=6))
def test_line_blocks_cut_a_text_in_any_chunks_as_the_whole_text_is_cut(
        text: str, cuts: list[int]) -> None:
    # the stream cuts each chunk at once (str.split where it holds no CR); a CRLF or a line
    # may straddle two chunks: the lines, their endings and the open last line are still
    # those of the whole text
    places = sorted({0, len(text), *(min(cut, len(text)) for cut in cuts)})
    chunks = [text[start:end] for start, end in itertools.pairwise(places)]
    blocks = list(line_blocks(chunks))
    assert [line for lines, _, _ in blocks for line in lines] == [
        line.text for line in split_lines(text)]
    endings = {ending for _, found, _ in blocks for ending in found}
    assert endings == set(re.findall(r"\r\n|\r|\n", text))
    assert [open_end for _, _, open_end in blocks][-1:] == (
        [not text.endswith(("\r", "\n"))] if text else [])


def _variants() -> dict[str, bytes]:
    text = SEED.read_text(encoding="utf-8")
    lines = text.split("\n")
    half = len(lines) // 2
    late = "\n".join([*lines[:-3], "Hero said, \"caf\u00e9\"", *lines[-3:]])
    return {
        "plain": text.encode(),
        "crlf": text.replace("\n", "\r\n").encode(),
        "cr": text.replace("\n", "\r").encode(),
        "mixed endings": ("\r\n".join(lines[:half]) + "\n" + "\n".join(lines[half:])).encode(),
        "utf-8 byte order mark": codecs.BOM_UTF8 + text.encode(),
        "utf-16 byte order mark": codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        "utf-16-be byte order mark": codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
        "utf-16 without its mark": text.encode("utf-16-le"),
        "bad bytes after the mark": codecs.BOM_UTF8 + text.encode() + b"\xff\xfe",
        "windows-1252 near the end": late.encode("cp1252"),
        "latin-1": late.encode("cp1252") + b"\x81\n",
        "nul characters": text.replace("Seat", "Se\x00at").encode(),
        "double-encoded euro": text.replace("$", "\u20ac").encode().decode("cp1252",
                                                                            "replace").encode(),
        "a banner": ("My tracker export v2\n\n" + text).encode(),
        "a line too long at the end": (text + "x" * 10_001 + "\n").encode(),
        "no hand": b"hello\nworld\n",
        "empty": b"",
        "no final line ending": text.rstrip("\n").encode(),
        "a final CR": text.rstrip("\n").encode() + b"\r",
        # a hand stating no bring-in before the hands at its stakes that state one
        # (unstated.BringIns reads the rest of the file for its peer)
        "a bring-in stated later": NO_BRING_IN.read_bytes() + b"\n\n\n" + text.encode(),
    }


@pytest.mark.parametrize("chunk", [stream.CHUNK_BYTES, 16])
def test_the_stream_meets_every_file_level_case_as_the_whole_file_reading(
        chunk: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "CHUNK_BYTES", chunk)
    for name, data in _variants().items():
        path = tmp_path / (name.replace(" ", "-") + ".txt")
        path.write_bytes(data)
        _same_reading(path)


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("fast_path", [True, False])
def test_the_report_of_the_streamed_reading_is_the_whole_file_reading_s(
        jobs: int, fast_path: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, data in _variants().items():
        (tmp_path / (name.replace(" ", "-") + ".txt")).write_bytes(data)
    files = [str(path) for path in _logs()] + [str(tmp_path)]
    streamed = check_report(files, jobs=jobs, fast_path=fast_path)
    monkeypatch.setattr(check, "stream_hand_histories", whole_file_stream)
    whole = check_report(files, jobs=jobs, fast_path=fast_path)  # workers fork: patched too
    assert streamed.text == whole.text
    assert to_json(streamed.data) == to_json(whole.data)
    assert streamed.exit_code == whole.exit_code


def test_a_worker_writes_a_big_log_s_hands_to_a_file_read_back_hand_by_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "big.txt"
    log.write_bytes(_variants()["a bring-in stated later"] * 3)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the workers' HandFiles
    one = check_report([str(log)], jobs=1)
    monkeypatch.setattr(check, "WORKER_HANDS_HELD", 3)  # the worker processes fork after
    two = check_report([str(log)], jobs=2)
    assert len(two.data["hands"]) > 3
    assert two.text == one.text
    assert to_json(two.data) == to_json(one.data)
    assert not list(tmp_path.glob("studspec-hands-*"))  # each removed once read


def _peak_of_reading(path: Path) -> tuple[int, int]:
    """The hands read and the peak of memory allocated while reading them."""
    tracemalloc.start()
    try:
        hands = sum(1 for item in stream_hand_histories(path).items if item.record)
        return hands, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_the_memory_of_reading_does_not_grow_with_the_hands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "CHUNK_BYTES", 8192)  # the files are a few chunks long
    seed = SEED.read_text(encoding="utf-8").strip() + "\n\n\n"
    small, large = tmp_path / "small.txt", tmp_path / "large.txt"
    small.write_text(seed * 5, encoding="utf-8")
    large.write_text(seed * 20, encoding="utf-8")
    hands, peak = _peak_of_reading(small)
    more_hands, more_peak = _peak_of_reading(large)
    assert more_hands == 4 * hands > 0
    # the whole-file reading holds every line and record: four times the hands, about
    # four times the memory; streamed, the peak is one chunk and one hand either way
    assert more_peak < peak * 1.25 + 64_000
    whole_peak = _whole_peak(large)
    assert more_peak < whole_peak / 2


def _whole_peak(path: Path) -> int:
    tracemalloc.start()
    try:
        read_hand_histories(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
