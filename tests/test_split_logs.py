"""``check --jobs N`` on one big log cut into parts (records.ranges, cli.check_parts): the
same report — text, JSON, exit code — for any number of processes, the lines right."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench.big_log import pokerstars_logs, write_big_log
from studspec.cli.check import check_report
from studspec.cli.render import to_json
from studspec.records import ranges
from studspec.records.ranges import plan_parts

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "handhistories"
LOCAL = ROOT / "tests" / "data" / "handhistories"
FOLDERS = [folder for folder in (SHARED, LOCAL) if folder.is_dir()]


@pytest.fixture(autouse=True)
def _small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of a few hands: the shared logs are small (the real bar is megabytes)."""
    monkeypatch.setattr(ranges, "SPLIT_BYTES", 1)
    monkeypatch.setattr(ranges, "PART_BYTES", 5000)


def _reports(file: Path) -> list[tuple[str, str, int]]:
    """The text, JSON and exit code of the check of one file on 1, 2 and 3 processes."""
    reports = [check_report([str(file)], jobs=jobs) for jobs in (1, 2, 3)]
    return [(report.text, to_json(report.data), report.exit_code) for report in reports]


def _concatenated(tmp_path: Path, name: str, logs: list[bytes], times: int = 3,
                  ending: bytes = b"\n") -> Path:
    target = tmp_path / name
    body = b"".join(log.removeprefix(b"\xef\xbb\xbf").rstrip(b"\r\n") + b"\n\n\n"
                    for log in logs) * times
    target.write_bytes(body.replace(b"\r\n", b"\n").replace(b"\n", ending))
    return target


def _text_logs_by_format() -> dict[str, list[bytes]]:
    """The shared and local text logs in UTF-8, by the first word of their first line
    (one big log per site: a log holds one site's hands)."""
    by_site: dict[str, list[bytes]] = {}
    for folder in FOLDERS:
        for path in sorted(folder.rglob("*.txt")):
            data = path.read_bytes()
            if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data:
                continue  # UTF-16: read whole, never cut
            head = data.removeprefix(b"\xef\xbb\xbf").lstrip()[:12].split(b" ")[0]
            by_site.setdefault(head.decode("latin-1"), []).append(data)
    return by_site


@pytest.mark.parametrize("site", sorted(_text_logs_by_format()))
def test_a_log_of_every_site_cut_in_parts_reports_the_same_on_any_jobs(
        tmp_path: Path, site: str) -> None:
    logs = _text_logs_by_format()[site]
    file = _concatenated(tmp_path, "big.txt", logs)
    one, two, three = _reports(file)
    assert one == two == three


def test_the_cut_is_at_hand_starts_and_the_parts_are_many(tmp_path: Path) -> None:
    file = tmp_path / "big.txt"
    hands = write_big_log(file, 60_000)
    plan = plan_parts(file, str(file), 2)
    assert plan is not None and len(plan[0]) >= 10 and hands > 20
    data = file.read_bytes()
    for part in plan[0]:
        assert data[part.start:].startswith(b"PokerStars ")
        assert data.count(b"\n", 0, part.start) + 1 == part.first_line
    one, two, three = _reports(file)
    assert one == two == three


def test_a_violation_late_in_a_big_log_names_its_line_in_the_file(tmp_path: Path) -> None:
    file = tmp_path / "big.txt"
    write_big_log(file, 40_000)
    lines = file.read_bytes().split(b"\n")
    late = next(number for number in range(len(lines) - 1, 0, -1)
                if re.search(rb": calls \$0\.0[1-9]$", lines[number]))
    lines[late] = lines[late][:-1] + b"9" if not lines[late].endswith(b"9") else (
        lines[late][:-1] + b"8")
    file.write_bytes(b"\n".join(lines))
    one, two, three = _reports(file)
    assert one == two == three
    assert one[2] != 0 and f"line {late + 1}: " in one[0]  # (a warned hand: exit 2)
    hands = json.loads(two[1])["hands"]
    found = [v["line"] for hand in hands for v in hand["violations"]]
    assert found == [late + 1]


def test_crlf_and_cr_line_endings_keep_their_line_numbers(tmp_path: Path) -> None:
    logs = pokerstars_logs(SHARED if SHARED.is_dir() else LOCAL)
    for ending in (b"\r\n", b"\r"):
        file = _concatenated(tmp_path, f"big{len(ending)}.txt", logs, 2, ending)
        one, two, three = _reports(file)
        assert one == two == three


def test_mixed_endings_mojibake_and_a_line_too_long_in_a_later_part(tmp_path: Path) -> None:
    logs = pokerstars_logs(SHARED if SHARED.is_dir() else LOCAL)
    body = _concatenated(tmp_path, "x.txt", logs, 3).read_bytes()
    # a currency sign written twice encoded and a CRLF, both far from the head
    middle = body.index(b"\n", len(body) * 3 // 4) + 1
    mixed = tmp_path / "mixed.txt"
    mixed.write_bytes(body[:middle] + "Note: â‚¬\r\n".encode() + body[middle:])
    assert _reports(mixed)[0] == _reports(mixed)[1] == _reports(mixed)[2]
    too_long = tmp_path / "long.txt"
    too_long.write_bytes(body[:middle] + b"x" * 200_000 + b"\n" + body[middle:])
    one, two, three = _reports(too_long)
    assert one == two == three and one[2] == 2
    assert json.loads(one[1])["hands"] == []


def test_repeated_hand_ids_with_warnings_and_unstated_bring_ins(tmp_path: Path) -> None:
    """A log repeated as is (its hand ids repeated, a reader warning among them; a hand
    whose bring-in comes from another hand of the file, in every part)."""
    logs = pokerstars_logs(SHARED if SHARED.is_dir() else LOCAL)
    file = _concatenated(tmp_path, "again.txt", logs, 4)
    one, two, three = _reports(file)
    assert one == two == three
    assert "warning" in one[0]


def test_small_files_xml_and_utf16_are_read_whole(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ranges, "SPLIT_BYTES", 2 << 20)
    small = next(path for folder in FOLDERS for path in sorted(folder.rglob("*.txt")))
    assert plan_parts(small, str(small), 2) is None
    monkeypatch.setattr(ranges, "SPLIT_BYTES", 1)
    for path in (p for folder in FOLDERS for p in sorted(folder.rglob("*.*")) if p.is_file()
                 if p.suffix == ".xml" or p.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")):
        assert plan_parts(path, str(path), 2) is None
