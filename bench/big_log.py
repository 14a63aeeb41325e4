"""A big site log for the benches and tests of ``check --jobs`` on one file: the shared
logs of one format concatenated, over and over, each hand given a fresh hand id."""

from __future__ import annotations

import re
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "handhistories"
LOCAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "handhistories"

_HEADER = re.compile(rb"^(PokerStars (?:Game|Hand) #)(\d+)", re.MULTILINE)


def pokerstars_logs(folder: Path | None = None) -> list[bytes]:
    """The bytes of every PokerStars text log of the shared hand histories (UTF-8)."""
    folder = folder or (SHARED if SHARED.is_dir() else LOCAL)
    return [path.read_bytes() for path in sorted(folder.rglob("*.txt"))
            if _HEADER.search(path.read_bytes()[:200])]


def write_big_log(target: Path, size: int, folder: Path | None = None) -> int:
    """Write a PokerStars log of at least ``size`` bytes: the shared PokerStars logs one
    after another, repeated, every hand's id made fresh (a counter); the hands written."""
    logs = [log.removeprefix(b"\xef\xbb\xbf").rstrip(b"\r\n") + b"\n\n\n"
            for log in pokerstars_logs(folder)]
    if not logs:
        raise SystemExit("no PokerStars log found")
    counter = 10**11
    written = hands = 0
    with target.open("wb") as stream:
        while written < size:
            for log in logs:
                def fresh(match: re.Match[bytes]) -> bytes:
                    nonlocal counter, hands
                    counter += 1
                    hands += 1
                    return match[1] + str(counter).encode()
                chunk = _HEADER.sub(fresh, log)
                stream.write(chunk)
                written += len(chunk)
    return hands
