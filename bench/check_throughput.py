"""Hands per second read and checked: studspec's ``check`` path against PokerKit 0.7.7
replaying the same hands from PHH, measured in the same run; median ratio of several runs.

Run: ``.venv/bin/python bench/check_throughput.py [--hands 3000] [--runs 5]``.

The hands are the shared site logs (PokerStars, Full Tilt, PartyPoker, OnGame), cut into
one text per hand. studspec's side reads each hand's text with the site reader, fills an
unstated bring-in, picks the profile from the log and replays it through the whole-hand
model. PokerKit's side loads the same hand, converted once with studspec's PHH writer
(the conversion is not timed), with ``pokerkit.HandHistory.loads`` and iterates its states
to the end. Only hands both can replay are timed; the others are listed with PokerKit's
error. The workload repeats the hands up to ``--hands``.
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pokerkit

from studspec.records.detect import READERS, decode, detect_format, read_text, split_hands
from studspec.records.phh import write_phh
from studspec.records.site_profiles import ProfileChooser
from studspec.records.sitetext import split_lines
from studspec.records.unstated import fill_bring_ins
from studspec.replay import replay

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "handhistories"
LOCAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "handhistories"


def hand_texts(folder: Path) -> list[tuple[str, str]]:
    """(file name, text) of every hand of every site log in a folder, one text per hand."""
    texts = []
    for path in sorted(folder.rglob("*.txt")):
        if path.name == "README.md":
            continue
        lines = split_lines(decode(path.read_bytes(), path.name)[0])
        format = detect_format(lines)
        if format is None:
            continue
        hands, _ = split_hands(lines, READERS[format].hand_start, path.name)
        texts += [(path.name, "\n".join(line.text for line in hand.lines)) for hand in hands]
    return texts


def studspec_check(name: str, text: str, profiles: ProfileChooser) -> int:
    """Read one hand's text and replay it under the profile its log calls for."""
    checked = 0
    for filled in fill_bring_ins(read_text(text, name).records):
        if filled.record is not None:
            replay(filled.record, profiles.of(filled.record)[0])
            checked += 1
    return checked


def pokerkit_replay(phh: str) -> int:
    """Load one PHH hand in PokerKit and iterate its states to the end."""
    states = 0
    for _ in pokerkit.HandHistory.loads(phh):
        states += 1
    return states


def workload(folder: Path) -> tuple[list[tuple[str, str, str]], list[str]]:
    """The hands both sides replay, as (file, site text, PHH), and why the others are left."""
    both, left = [], []
    for name, text in hand_texts(folder):
        records = [f.record for f in fill_bring_ins(read_text(text, name).records)
                   if f.record is not None]
        if len(records) != 1:
            left.append(f"{name}: studspec does not replay this hand")
            continue
        phh = write_phh(records[0])
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pokerkit_replay(phh)
        except (ValueError, KeyError) as error:
            left.append(f"{name} hand {records[0].origin.hand_id}: PokerKit: "
                        f"{type(error).__name__} {error}")
            continue
        both.append((name, text, phh))
    return both, left


def _rate(function: Callable[[], object], hands: int) -> float:
    start = time.perf_counter()
    function()
    return hands / (time.perf_counter() - start)


def measure(hands: int, runs: int, folder: Path) -> dict[str, object]:
    """Median hands per second of both sides and the median of the per-run ratios."""
    both, left = workload(folder)
    if not both:
        raise SystemExit(f"no hand both sides replay in {folder}")
    repeated = (both * (hands // len(both) + 1))[:hands]

    def ours() -> None:
        profiles = ProfileChooser(None)  # as `studspec check` does: loaded once per run
        for name, text, _ in repeated:
            studspec_check(name, text, profiles)

    def theirs() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _, _, phh in repeated:
                pokerkit_replay(phh)

    studspec_rates, pokerkit_rates, ratios = [], [], []
    for _ in range(runs):
        studspec_rates.append(_rate(ours, len(repeated)))
        pokerkit_rates.append(_rate(theirs, len(repeated)))
        ratios.append(studspec_rates[-1] / pokerkit_rates[-1])
    return {"distinct_hands": len(both), "hands": len(repeated), "runs": runs,
            "studspec_hands_per_second": statistics.median(studspec_rates),
            "pokerkit_hands_per_second": statistics.median(pokerkit_rates),
            "ratio": statistics.median(ratios), "left_out": left}


def main(argv: list[str] | None = None) -> dict[str, object]:
    """Measure and print the throughputs and the median ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args(argv)
    folder = SHARED if SHARED.is_dir() else LOCAL
    result = measure(arguments.hands, arguments.runs, folder)
    print(f"hands: {result['distinct_hands']} distinct from {folder.name}, repeated to "
          f"{result['hands']}; {result['runs']} runs")
    print(f"studspec read + check: {result['studspec_hands_per_second']:,.0f} hands/s")
    print(f"PokerKit 0.7.7 PHH replay: {result['pokerkit_hands_per_second']:,.0f} hands/s")
    print(f"median ratio studspec / PokerKit: {result['ratio']:.2f}x")
    for reason in result["left_out"]:  # type: ignore[attr-defined]
        print(f"  left out: {reason}")
    return result


if __name__ == "__main__":
    main()
