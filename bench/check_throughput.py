"""Hands per second read and checked: studspec's ``check`` path against PokerKit 0.7.7
replaying the same hands from PHH, measured in the same run; median ratio of several runs.

Run: ``.venv/bin/python -m bench.check_throughput [--hands 3000] [--runs 5] [--generated N]``.

The hands are the shared site logs (PokerStars, Full Tilt, PartyPoker, OnGame), cut into
one text per hand. studspec's side reads each hand's text with the site reader, fills an
unstated bring-in, picks the profile from the log and replays it through the whole-hand
model. PokerKit's side loads the same hand, converted once with studspec's PHH writer
(the conversion is not timed), with ``pokerkit.HandHistory.loads`` and iterates its states
to the end. Only hands both can replay are timed; the others are listed with PokerKit's
error. The workload repeats the hands up to ``--hands``. studspec's side is timed twice:
the model alone, and with the fast path first (accept fast, explain slow; a PHH hand read
straight into the fast path's moves, as ``check`` reads it), and a third time with the
lean replay in place of ``accept_fast`` (``fast.lean``, as ``check`` replays a record). With
``--generated N`` the hands are N hands of a generated corpus (``studspec generate``,
profile pokerkit-0.7.7), read from PHH by both sides. The first line says how many of
the modules of the compiled build (``studspec.compiled_build``) this install runs compiled.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pokerkit

from studspec.cli.check import direct_phh
from studspec.compiled_build import COMPILED_MODULES, compiled_modules
from studspec.fast.hand import FastRules, warm_up
from studspec.fast.lean import lean_replay
from studspec.fast.replay import accept_fast
from studspec.fuzz.corpus import generated_hands
from studspec.play.replay import replay
from studspec.records.detect import READERS, decode, detect_format, read_text, split_hands
from studspec.records.phh import parse_phh, write_phh
from studspec.records.site_profiles import ProfileChooser
from studspec.records.sitetext import split_lines
from studspec.records.unstated import fill_bring_ins
from studspec.specdata.profiles import Profile, load_profile

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


def studspec_check(name: str, text: str, profiles: ProfileChooser, *,
                   fast_path: bool = False, lean: bool = False) -> int:
    """Read one hand's text and replay it under the profile its log calls for (with the
    fast path: accept fast, replay through Hand what it does not find clean; a PHH hand is
    read straight into the fast path's moves first, as ``check`` reads it; with ``lean``
    the record is replayed by the lean replay, as ``check`` replays it, instead of
    ``accept_fast``)."""
    if fast_path and name.endswith(".phh") and direct_phh(text, name, profiles) is not None:
        return 1
    checked = 0
    records = [parse_phh(text, name)] if name.endswith(".phh") else read_text(text, name).records
    for filled in fill_bring_ins(records):
        if filled.record is not None:
            profile = profiles.of(filled.record)[0]
            if not fast_path or (
                    lean_replay(filled.record, profile, _rules(profile)) if lean
                    else accept_fast(filled.record, profile)) is None:
                replay(filled.record, profile)
            checked += 1
    return checked


_RULES: dict[str, FastRules] = {}


def _rules(profile: Profile) -> FastRules:
    """The fast path's tables of a profile, once per run (as ``check`` keeps them)."""
    if profile.name not in _RULES:
        _RULES[profile.name] = FastRules(profile)
    return _RULES[profile.name]


def pokerkit_replay(phh: str) -> int:
    """Load one PHH hand in PokerKit and iterate its states to the end."""
    states = 0
    for _ in pokerkit.HandHistory.loads(phh):
        states += 1
    return states


def generated_texts(count: int, profile: str = "pokerkit-0.7.7",
                    seed: int = 1) -> list[tuple[str, str]]:
    """(file name, PHH text) of ``count`` hands of a generated corpus (``studspec generate``)."""
    return [(f"hand-{hand.number:06d}.phh", write_phh(hand.record, profile=profile))
            for hand in generated_hands(load_profile(profile), count, seed)]


def workload(folder: Path, generated: int = 0) -> tuple[list[tuple[str, str, str]], list[str]]:
    """The hands both sides replay, as (file, site text or PHH, PHH), and why the others are
    left; the site logs of ``folder``, or ``generated`` hands of a generated corpus."""
    both, left = [], []
    for name, text in (generated_texts(generated) if generated else hand_texts(folder)):
        source = ([parse_phh(text, name)] if name.endswith(".phh")
                  else read_text(text, name).records)
        records = [f.record for f in fill_bring_ins(source) if f.record is not None]
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


def measure(hands: int, runs: int, folder: Path, generated: int = 0) -> dict[str, object]:
    """Median hands per second of both sides and the median of the per-run ratios."""
    both, left = workload(folder, generated)
    warm_up()  # the fast path's steady state in a long run (its evaluator tables built)
    if not both:
        raise SystemExit(f"no hand both sides replay in {folder}")
    repeated = (both * (hands // len(both) + 1))[:hands]

    def ours() -> None:
        profiles = ProfileChooser(None)  # as `studspec check` does: loaded once per run
        for name, text, _ in repeated:
            studspec_check(name, text, profiles)

    def ours_fast() -> None:
        profiles = ProfileChooser(None)
        for name, text, _ in repeated:
            studspec_check(name, text, profiles, fast_path=True)

    def ours_lean() -> None:
        profiles = ProfileChooser(None)
        for name, text, _ in repeated:
            studspec_check(name, text, profiles, fast_path=True, lean=True)

    def theirs() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _, _, phh in repeated:
                pokerkit_replay(phh)

    studspec_rates, fast_rates, pokerkit_rates, ratios, fast_ratios = [], [], [], [], []
    lean_rates, lean_ratios = [], []
    for _ in range(runs):
        studspec_rates.append(_rate(ours, len(repeated)))
        fast_rates.append(_rate(ours_fast, len(repeated)))
        lean_rates.append(_rate(ours_lean, len(repeated)))
        pokerkit_rates.append(_rate(theirs, len(repeated)))
        ratios.append(studspec_rates[-1] / pokerkit_rates[-1])
        fast_ratios.append(fast_rates[-1] / pokerkit_rates[-1])
        lean_ratios.append(lean_rates[-1] / pokerkit_rates[-1])
    return {"distinct_hands": len(both), "hands": len(repeated), "runs": runs,
            "studspec_hands_per_second": statistics.median(studspec_rates),
            "fast_path_hands_per_second": statistics.median(fast_rates),
            "pokerkit_hands_per_second": statistics.median(pokerkit_rates),
            "lean_hands_per_second": statistics.median(lean_rates),
            "ratio": statistics.median(ratios), "fast_ratio": statistics.median(fast_ratios),
            "lean_ratio": statistics.median(lean_ratios),
            "left_out": left}


def main(argv: list[str] | None = None) -> dict[str, object]:
    """Measure and print the throughputs and the median ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--generated", type=int, default=0, metavar="N",
                        help="check N generated PHH hands instead of the site logs")
    arguments = parser.parse_args(argv)
    folder = SHARED if SHARED.is_dir() else LOCAL
    result = measure(arguments.hands, arguments.runs, folder, arguments.generated)
    source = f"a generated corpus ({arguments.generated})" if arguments.generated else folder.name
    print(f"build: {len(compiled_modules())} of {len(COMPILED_MODULES)} listed modules "
          "compiled (studspec.compiled_build)")
    print(f"hands: {result['distinct_hands']} distinct from {source}, repeated to "
          f"{result['hands']}; {result['runs']} runs")
    print(f"studspec read + check: {result['studspec_hands_per_second']:,.0f} hands/s")
    print(f"PokerKit 0.7.7 PHH replay: {result['pokerkit_hands_per_second']:,.0f} hands/s")
    print(f"studspec read + check, fast path: {result['fast_path_hands_per_second']:,.0f} "
          "hands/s")
    print(f"median ratio studspec / PokerKit: {result['ratio']:.2f}x")
    print(f"studspec read + check, lean replay (as check): "
          f"{result['lean_hands_per_second']:,.0f} hands/s")
    print(f"median ratio studspec fast path / PokerKit: {result['fast_ratio']:.2f}x "
          "(issue 14 bar >= 20x)")
    print(f"median ratio studspec lean replay / PokerKit: {result['lean_ratio']:.2f}x "
          f"(issue 38 bar >= 20x); load {os.getloadavg()[0]:.2f}")
    for reason in result["left_out"]:  # type: ignore[attr-defined]
        print(f"  left out: {reason}")
    return result


if __name__ == "__main__":
    main()
