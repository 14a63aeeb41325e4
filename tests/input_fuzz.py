"""studspec's own fuzzer of every input surface: PHH files, site hand histories, case files,
spec folders, command-line arguments, the public API and the engines it drives.

Each surface takes real inputs (the test data, the bundled spec and casebook), mutates them
the way files and users damage them — structure-aware: TOML values of the wrong type,
``nan``/``inf``/huge/negative amounts, wrong lengths, lines dropped, repeated, swapped or
cut, cards and amounts changed, numbers of thousands of digits, values nested hundreds
deep, lines repeated into crowds, other encodings — and runs the surface on the mutant.
The engine surface runs campaigns against a hostile engine program
(tests/engines/hostile_engine.py) that misbehaves at a random point of the protocol: it
closes its output or its input, hangs, writes garbage, a reply nested 200,000 deep or 8 MB
long, or exits mid-hand. The properties, for every input:

- no exception but studspec's own errors (what the CLI turns into exit 3 is a crash);
- the exit code is 0, 1 or 2;
- the input file is byte-identical afterwards;
- an input made invalid on purpose (an *oracle* mutation: another player's cards shown, a
  seat taken twice, a card dealt twice, a corrupted card, an amount ``nan``) is never clean;
- an engine run ends within its timeout and a few seconds, and every engine process it
  started has been killed and reaped.

The default suite runs a short, fixed-seed campaign (tests/test_input_fuzz.py). The long
run is a command (its counts go in the issue note)::

    python tests/input_fuzz.py --inputs 100000 --seed 1            # every surface
    python tests/input_fuzz.py --surface phh --inputs 100000       # one surface
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import math
import random
import re
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from studspec.errors import StudSpecError

TESTS = Path(__file__).resolve().parent
DATA = TESTS / "data"
class Raw(str):
    """A TOML value written as it is (one Python cannot build: 5,000 digits, 500 deep)."""


HUGE_NUMBER = "7" * 5000  # over Python's 4,300-digit limit on int(text)
STRANGE_VALUES: list[object] = [
    math.nan, math.inf, -math.inf, -1, 0, 10**18, 1e300, 2.5, 0.001, "12", "", "x" * 300,
    [], [1], [[1]], {"a": 1}, True, False, "nan", "\x00",
    Raw(HUGE_NUMBER), Raw("[" * 500 + "]" * 500), Raw("[" * 70 + "1" + "]" * 70),
    Raw("{a = " * 80 + "1" + "}" * 80), "y" * 100_000,
]
STRANGE_WORDS = ["nan", "inf", "-5", "0", "1e400", "999999999999999999999", "0x10", "1/2",
                 "??", "Zz", "p0", "p99", "", "cbr", "Xx", "10Ⅸ", "\ufeff", "²", "٣", "p²",
                 HUGE_NUMBER, "9" * 30, "0" * 4400 + "1"]


@dataclass
class Outcome:
    """What one surface did with one input."""

    code: int  # 0 clean, 1 violations, 2 bad input; 3 is a crash
    crash: str | None = None


@dataclass
class Tally:
    """Counts of one campaign on one surface, and the failures worth reporting."""

    surface: str
    inputs: int = 0
    codes: Counter[int] = field(default_factory=Counter)
    oracle_inputs: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        codes = ", ".join(f"exit {code}: {n}" for code, n in sorted(self.codes.items()))
        return (f"{self.surface}: {self.inputs} inputs ({self.oracle_inputs} invalid on "
                f"purpose) in {self.seconds:.0f} s; {codes}; {len(self.failures)} failures")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _guard(run: Callable[[], int]) -> Outcome:
    """Run a surface: studspec's errors are exit 2, anything else is a crash."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return Outcome(run())
    except StudSpecError:
        return Outcome(2)
    except SystemExit as exit_:  # argparse's usage errors
        return Outcome(exit_.code if isinstance(exit_.code, int) else 2)
    except Exception:
        return Outcome(3, traceback.format_exc(limit=-3))


# -- mutations ----------------------------------------------------------------------------
def mutate_lines(lines: list[str], rng: random.Random) -> list[str]:
    """One structure-aware change to a list of lines."""
    lines = list(lines)
    if not lines:
        return ["\x00"]
    i = rng.randrange(len(lines))
    kind = rng.randrange(11)
    if kind == 0:
        del lines[i]
    elif kind == 9:  # a crowd: one line repeated many times (seats, actions)
        lines[i:i] = [lines[i]] * rng.choice([9, 50, 2000])
    elif kind == 10:  # a huge line
        lines[i] = lines[i] + rng.choice(["x", " 7", "[", "<"]) * rng.choice([5000, 200_000])
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2 and len(lines) > 1:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:
        lines = lines[:i]
    elif kind == 4:  # a number changed
        numbers = list(re.finditer(r"\d+(?:\.\d+)?", lines[i]))
        if numbers:
            m = rng.choice(numbers)
            lines[i] = lines[i][:m.start()] + rng.choice([*STRANGE_WORDS, "1", "7", "100000"]) \
                + lines[i][m.end():]
    elif kind == 5:  # a card changed
        cards = list(re.finditer(r"\b[2-9TJQKA][cdhs]\b", lines[i]))
        if cards:
            m = rng.choice(cards)
            card = rng.choice("23456789TJQKA") + rng.choice("cdhs")
            lines[i] = lines[i][:m.start()] + rng.choice([card, "Zz", "1x", "??"]) \
                + lines[i][m.end():]
    elif kind == 6 and lines[i]:  # characters flipped
        chars = list(lines[i])
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice("\x00#[]()$:,.-é€\ufffd 9")
        lines[i] = "".join(chars)
    elif kind == 7:  # a line from elsewhere in the file
        lines.insert(i, rng.choice(lines))
    else:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    return lines


def _toml_value(value: object) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\x00", "\\u0000") \
            + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)


_ASSIGNMENT = re.compile(r"^(\s*[A-Za-z_][\w.-]*\s*=\s*)(.+)$")


def mutate_toml(text: str, rng: random.Random) -> str:
    """One change to a TOML document: a value of another type or size, a line changed, or
    bytes that are not TOML."""
    lines = text.split("\n")
    assignments = [i for i, line in enumerate(lines) if _ASSIGNMENT.match(line)]
    kind = rng.randrange(4)
    if kind <= 1 and assignments:
        i = rng.choice(assignments)
        match = _ASSIGNMENT.match(lines[i])
        assert match is not None
        lines[i] = match[1] + _toml_value(rng.choice(STRANGE_VALUES))
        return "\n".join(lines)
    if kind == 2:
        return "\n".join(mutate_lines(lines, rng))
    quoted = list(re.finditer(r'"([^"\n]*)"', text))
    if quoted:
        m = rng.choice(quoted)
        words = m[1].split()
        if words:
            words[rng.randrange(len(words))] = rng.choice(STRANGE_WORDS)
        return text[:m.start()] + '"' + " ".join(words) + '"' + text[m.end():]
    return text


def encode(text: str, rng: random.Random) -> bytes:
    """The text as a file would hold it: UTF-8 mostly, sometimes another encoding."""
    encoding = rng.choice(["utf-8"] * 6 + ["utf-8-sig", "utf-16", "cp1252", "latin-1"])
    return text.encode(encoding, "replace")


# -- surfaces -----------------------------------------------------------------------------
class Surface:
    """An input surface: seeds, a mutator, and how to run a mutant."""

    name = ""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        """Mutants forever: (the input's bytes, whether it was made invalid on purpose)."""
        raise NotImplementedError

    def run(self, path: Path) -> int:
        raise NotImplementedError


def _check(path: Path) -> int:
    from studspec.cli.check import check_report

    return check_report([str(path)]).exit_code


def _phh_seeds() -> list[str]:
    from studspec.records.detect import read_hand_histories
    from studspec.records.phh import write_phh

    texts = [p.read_text(encoding="utf-8") for p in sorted((DATA / "fuzz").glob("*.phh"))]
    for path in sorted((DATA / "handhistories").iterdir()):
        if path.suffix in (".txt", ".xml"):
            texts += [write_phh(record) for record in read_hand_histories(path).records]
    return texts


class PhhSurface(Surface):
    name = "phh"
    suffix = ".phh"

    def __init__(self, scratch: Path) -> None:
        super().__init__(scratch)
        self.seeds = _phh_seeds()

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        while True:
            text = rng.choice(self.seeds)
            oracle = _phh_oracle(text, rng) if rng.random() < 0.2 else None
            if oracle is not None:
                yield oracle.encode("utf-8"), True
                continue
            for _ in range(rng.randint(1, 3)):
                text = mutate_toml(text, rng)
            yield encode(text, rng) if rng.random() < 0.1 else text.encode("utf-8"), False

    def run(self, path: Path) -> int:
        return _check(path)


def _phh_oracle(text: str, rng: random.Random) -> str | None:
    """The PHH hand made invalid for sure: another player's cards shown, a card dealt
    twice, a seat or name taken twice, an amount that is no number."""
    deals = re.findall(r'"d dh p(\d+) ([^"#\s]+)', text)
    known = [(p, c) for p, c in deals if "?" not in c]
    kind = rng.randrange(5)
    if kind == 0:
        shows = list(re.finditer(r'"p(\d+) sm ([^"#\s]+)', text))
        for show in shows:
            theirs = "".join(c for p, c in known if p != show[1])
            if len(theirs) >= len(show[2]):
                return text[:show.start(2)] + theirs[:len(show[2])] + text[show.end(2):]
    if kind == 1 and len(known) >= 2:
        (p1, first), (p2, second) = known[0], known[-1]
        if p1 != p2:
            return text.replace(f"d dh p{p2} {second}", f"d dh p{p2} {first[:2]}"
                                + second[2:], 1)
    if kind == 2 and "seats = [" in text:
        return re.sub(r"seats = \[(\d+), (\d+)", r"seats = [\1, \1", text, count=1)
    if kind == 3 and "players = [" in text:
        return re.sub(r'players = \["([^"]*)", "[^"]*"', r'players = ["\1", "\1"', text,
                      count=1)
    return re.sub(r"small_bet = [\d.]+", "small_bet = nan", text, count=1)


class SiteSurface(Surface):
    name = "site"
    suffix = ".txt"

    def __init__(self, scratch: Path) -> None:
        super().__init__(scratch)
        from studspec.records.detect import decode

        # Every site log of the test data, whatever its encoding (a grammar each).
        self.seeds = [decode(p.read_bytes(), p.name)[0]
                      for p in sorted((DATA / "handhistories").iterdir())
                      if p.suffix in (".txt", ".xml")]

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        while True:
            text = rng.choice(self.seeds)
            oracle = _site_oracle(text, rng) if rng.random() < 0.2 else None
            if oracle is not None:
                yield oracle.encode("utf-8"), True
                continue
            lines = text.split("\n")
            for _ in range(rng.randint(1, 3)):
                lines = mutate_lines(lines, rng)
            yield encode("\n".join(lines), rng), False

    def run(self, path: Path) -> int:
        return _check(path)


def _site_oracle(text: str, rng: random.Random) -> str | None:
    """The first hand of a log made invalid for sure: a seat taken twice or a dealt card
    corrupted."""
    seats = list(re.finditer(r"^Seat (\d+): ", text, re.MULTILINE))
    if rng.random() < 0.5 and len(seats) >= 2:
        second = seats[1]
        return text[:second.start(1)] + seats[0][1] + text[second.end(1):]
    dealt = re.search(r"^Dealt to [^\[\n]*\[([2-9TJQKA][cdhs])", text, re.MULTILINE)
    if dealt is None:
        return None
    return text[:dealt.start(1)] + "Zz" + text[dealt.end(1):]


class CaseSurface(Surface):
    name = "case"
    suffix = ".toml"

    def __init__(self, scratch: Path) -> None:
        super().__init__(scratch)
        from studspec.cases.book import casebook_dir
        from studspec.specdata.profiles import profile_names

        self.seeds = {p.stem: p.read_text(encoding="utf-8")
                      for p in sorted(casebook_dir().glob("*.toml"))}
        self.profiles = profile_names()
        self.current = ""

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        while True:
            self.current = rng.choice(sorted(self.seeds))
            text = self.seeds[self.current]
            for _ in range(rng.randint(1, 3)):
                text = mutate_toml(text, rng)
            yield encode(text, rng) if rng.random() < 0.05 else text.encode("utf-8"), False

    def file_name(self) -> str:
        return f"{self.current}{self.suffix}"  # a case's ID is its file name

    def run(self, path: Path) -> int:
        from studspec.cli.ruling import ruling_report

        profile = self.profiles[hash(path.read_bytes()) % len(self.profiles)]
        return ruling_report(str(path), [profile]).exit_code


class SpecSurface(Surface):
    """A copy of the bundled spec with one file changed, loaded by the command that reads
    that kind of file."""

    name = "spec"
    suffix = ".toml"

    def __init__(self, scratch: Path) -> None:
        super().__init__(scratch)
        from studspec.paths import spec_dir

        self.spec = scratch / "spec"
        shutil.copytree(spec_dir(), self.spec)
        self.files = sorted(p for p in self.spec.rglob("*.toml") if p.parent.name != "cases")
        self.originals = {p: p.read_bytes() for p in self.files}
        self.target = self.files[0]

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        while True:
            self.target = rng.choice(self.files)
            text = self.originals[self.target].decode("utf-8")
            for _ in range(rng.randint(1, 2)):
                text = mutate_toml(text, rng)
            data = text.encode("utf-8")
            if rng.random() < 0.05:
                data += b"\xff"
            yield data, False

    def run(self, path: Path) -> int:
        import os

        from studspec.paths import SPEC_DIR_VARIABLE
        from studspec.specdata.clauses import load_clauses
        from studspec.specdata.coverage import coverage_problems
        from studspec.specdata.findings import load_findings
        from studspec.specdata.points import point_problems
        from studspec.specdata.profiles import all_profiles
        from studspec.specdata.sources import load_sources

        self.target.write_bytes(path.read_bytes())
        os.environ[SPEC_DIR_VARIABLE] = str(self.spec)
        try:
            _clear_caches()
            # The reader of the changed file, after the sources every file cites.
            load_sources()
            folder = self.target.parent.name
            if folder == "variants":
                all_profiles()
            elif folder == "findings":
                load_findings()
            elif self.target.name == "coverage.toml":
                coverage_problems()
            elif self.target.name == "points.toml":
                point_problems()
            else:
                load_clauses()
            return 0
        finally:
            self.target.write_bytes(self.originals[self.target])
            del os.environ[SPEC_DIR_VARIABLE]
            _clear_caches()


def _clear_caches() -> None:
    """Forget the spec loaded so far (the loaders cache it per process)."""
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("studspec"):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", "") == module.__name__:
                clear()


class CliSurface(Surface):
    """Command lines built from the grammar of the commands with strange values."""

    name = "cli"
    suffix = ".phh"

    def __init__(self, scratch: Path) -> None:
        super().__init__(scratch)
        self.files = [str(p) for p in sorted((DATA / "fuzz").glob("*.phh"))[:3]] + [
            str(DATA / "handhistories" / "party-hilo.txt"), str(scratch / "missing.phh"),
            str(scratch), "x" * 300, "", "-", "\x01"]
        self.argv: list[str] = []

    def _value(self, rng: random.Random, good: list[str]) -> str:
        return rng.choice(good) if rng.random() < 0.6 else rng.choice(
            STRANGE_WORDS + self.files + ["--format", "json", "-h"])

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        from studspec.specdata.profiles import profile_names

        profiles, cases = profile_names(), ["bring-in-tie-by-suit", "open-pair-on-fourth"]
        out = str(self.scratch / f"out-{rng.randrange(10**9)}")
        # Each command line with a weight: those that prove or play hands (a valid ``rule``
        # runs its proofs, ``fuzz`` plays hands, ``rules`` scans the code) take seconds,
        # so they come rarely; the parsers and readers are what is fuzzed here.
        grammar: list[Callable[[], list[str]]] = [
            lambda: ["rules"], lambda: ["rule", self._value(rng, ["BRINGIN-02", "show-04"])
                                        if rng.random() < 0.05 else rng.choice(STRANGE_WORDS)],
            lambda: ["variants", "--diff", self._value(rng, profiles),
                     self._value(rng, profiles)],
            lambda: ["ruling", self._value(rng, cases), "--profile",
                     self._value(rng, profiles)],
            lambda: ["ruling", "--list"],
            lambda: ["check", self._value(rng, self.files), "--profile",
                     self._value(rng, profiles)],
            lambda: ["check", self._value(rng, self.files)],
            lambda: ["next", self._value(rng, self.files), "--profile",
                     self._value(rng, profiles), "--hand", self._value(rng, ["1", "#2"])],
            lambda: ["convert", self._value(rng, self.files), "--out", out],
            lambda: ["prove", self._value(rng, ["NO-SUCH", "x" * 300])],
            # --hands: small counts and refused ones only (a huge count is a long campaign,
            # not a bad input).
            lambda: ["fuzz", "--engine", "studspec", "--profile",
                     self._value(rng, profiles), "--hands",
                     rng.choice(["1", "2", "0", "-3", "nan", "1e400", "", "x"]), "--seed",
                     self._value(rng, ["1", "2"]), "--out", out, "--no-shrink"],
        ]
        weights = [1, 20, 20, 20, 5, 20, 20, 20, 10, 20, 2]
        while True:
            argv = rng.choices(grammar, weights)[0]()
            if rng.random() < 0.3:
                argv.append(rng.choice(["--format", "json", "--format=json", "--debug", "-x"]))
            if rng.random() < 0.1:
                argv.insert(rng.randrange(len(argv) + 1), rng.choice(STRANGE_WORDS))
            self.argv = argv
            yield b"", False

    def run(self, path: Path) -> int:
        from studspec.cli.main import main

        return main(self.argv)


class ApiSurface(Surface):
    """The public API: a Hand built and played with random (often wrong) arguments; a
    refused call must leave the hand exactly as it was."""

    name = "api"
    suffix = ".txt"

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        while True:
            self.seed = rng.randrange(2**32)
            yield b"", False

    def run(self, path: Path) -> int:
        return play_api(random.Random(self.seed))


def _snapshot(hand: object) -> object:
    keys = ("events", "behind", "contributed", "folded", "mucked", "shown", "street", "phase",
            "community", "settlement", "round")
    return repr([getattr(hand, key) for key in keys]) + repr(
        [cards.cards for cards in hand.seat_cards])


def play_api(rng: random.Random) -> int:
    """Play one hand through the API with random calls; AssertionError if a refused call
    changed the hand."""
    from studspec.play.hand import Hand
    from studspec.rules.betting_state import Action, ActionKind
    from studspec.rules.cards import Card, parse_card
    from studspec.rules.stakes import Stakes
    from studspec.specdata.profiles import load_profile, profile_names

    def amount() -> object:
        return rng.choice([rng.randint(0, 300), rng.choice(STRANGE_VALUES)])

    profile = load_profile(rng.choice(profile_names()))
    small = rng.choice([2, 4, 10, rng.randint(-2, 50)])
    stakes = Stakes(ante=rng.choice([0, 1, 2]), bring_in=rng.choice([1, 2, small // 2]),
                    small_bet=small, big_bet=2 * small)
    seats = rng.randint(1, 10)
    stacks = [rng.choice([rng.randint(0, 400), 1, 2]) for _ in range(seats)]
    if rng.random() < 0.1:
        stacks[0] = amount()  # type: ignore[call-overload]
    hand = Hand(profile, stakes, stacks, rake=rng.choice([0, 0, 1, rng.randint(0, 500)]))
    deck = [parse_card(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(deck)
    for _ in range(rng.randint(5, 120)):
        before = _snapshot(hand)
        try:
            choice = rng.random()
            if hand.dealing_to() and choice < 0.7:
                seat = hand.dealing_to()[0]
                count = 3 if hand.street == 3 else 1
                cards: list[Card | None] = [deck.pop() if deck else None for _ in range(count)]
                if rng.random() < 0.05 and deck:
                    cards[0] = deck[-1] if rng.random() < 0.5 else None
                hand.deal(seat, cards)
            elif hand.actor is not None and choice < 0.8:
                legal = hand.legal_actions()
                pick = rng.choice(legal)
                hand.apply(Action(pick.kind, pick.to if rng.random() < 0.9 else amount(),  # type: ignore[arg-type]
                                  hand.actor if rng.random() < 0.9 else rng.randint(-1, 10)))
            elif choice < 0.85:
                hand.apply(Action(rng.choice(list(ActionKind)), amount(),  # type: ignore[arg-type]
                                  rng.randint(-1, 10)))
            elif choice < 0.92:
                seat = rng.randrange(max(1, hand.seats))
                shown = [c for c in hand.seat_cards[seat].cards if c is not None]
                if rng.random() < 0.5 and deck:
                    shown[:1] = [rng.choice(deck)]
                hand.show(seat, shown)
            elif choice < 0.96:
                hand.muck(rng.randrange(-1, max(1, hand.seats) + 1))
            else:
                hand.showdown()
        except StudSpecError:
            if _snapshot(hand) != before:
                raise AssertionError("a refused call changed the hand") from None
        if hand.is_over:
            break
    return 0


def _hostile_modes() -> tuple[str, ...]:
    """The misbehaviours of tests/engines/hostile_engine.py (its MODES, read from the file:
    importing it would load the model for nothing)."""
    text = (TESTS / "engines" / "hostile_engine.py").read_text(encoding="utf-8")
    match = re.search(r"^MODES = \(([^)]*)\)", text, re.MULTILINE)
    assert match is not None
    return tuple(re.findall(r'"([^"]+)"', match[1]))


def _left_running(pid: int, within: float) -> bool:
    """True when process ``pid`` is still there after ``within`` seconds, or was a child of
    ours that had exited and was never waited for (a zombie studspec did not reap)."""
    import os

    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return True  # exited, but studspec never waited for it
    except ChildProcessError:
        pass  # reaped already, or not our child (what an engine left behind)
    deadline = time.monotonic() + within
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        if time.monotonic() > deadline:
            return True
        time.sleep(0.05)


class EngineSurface(Surface):
    """A hostile engine: a real program (tests/engines/hostile_engine.py) that plays the
    model and misbehaves at a random request (close a pipe, hang, garbage, deep or huge
    replies, exit, leave a child behind), driven by ``fuzz`` or ``conform`` with a short
    ``--engine-timeout``. Each run must end in time, and leave no engine process behind."""

    name = "engine"
    suffix = ".txt"
    timeout = 1.0
    grace = 20.0  # the engine's start-up and the campaign's own work, on a busy machine

    def __init__(self, scratch: Path) -> None:
        super().__init__(scratch)
        from studspec.cases.book import casebook_dir

        self.modes = _hostile_modes()
        self.cases_ids = sorted(p.stem for p in casebook_dir().glob("*.toml"))
        self.argv: list[str] = []
        self.pids = scratch / "engine-pids"
        self.elapsed = 0.0

    def cases(self, rng: random.Random) -> Iterator[tuple[bytes, bool]]:
        while True:
            mode, at = rng.choice(self.modes), rng.choice([1, 2, 3, rng.randint(4, 60)])
            engine = f"cmd:{sys.executable} {TESTS / 'engines' / 'hostile_engine.py'} {mode} {at}"
            timeout = ["--engine-timeout", f"{self.timeout:g}"]
            if rng.random() < 0.7:
                self.argv = ["fuzz", "--engine", engine, "--profile", "base", "--hands",
                             str(rng.randint(1, 3)), "--seed", str(rng.randrange(1000)),
                             "--jobs", "1", "--no-shrink", *timeout, "--out",
                             str(self.scratch / f"out-{rng.randrange(10**9)}")]
            else:
                self.argv = ["conform", "--engine", engine, "--profile", "base", "--case",
                             rng.choice(self.cases_ids), *timeout]
            yield f"{mode} at request {at}".encode(), False

    def run(self, path: Path) -> int:
        import os

        from studspec.cli.main import main

        self.pids.unlink(missing_ok=True)
        os.environ["HOSTILE_PIDS"] = str(self.pids)
        start = time.monotonic()
        try:
            return main(self.argv)
        finally:
            self.elapsed = time.monotonic() - start
            del os.environ["HOSTILE_PIDS"]

    def problem(self) -> str | None:
        """What the run left wrong: too long a wait, or an engine process still there."""
        if self.elapsed > self.timeout + self.grace:
            return f"the run took {self.elapsed:.1f} s (timeout {self.timeout:g} s)"
        pids = [int(p) for p in self.pids.read_text().split()] if self.pids.exists() else []
        left = [pid for pid in pids if _left_running(pid, within=3)]
        return f"engine process(es) {left} left running" if left else None


SURFACES: dict[str, type[Surface]] = {s.name: s for s in (
    PhhSurface, SiteSurface, CaseSurface, SpecSurface, CliSurface, ApiSurface, EngineSurface)}


def campaign(surface_name: str, inputs: int, seed: int, *, keep: int = 5,
             progress: bool = False) -> Tally:
    """Run ``inputs`` mutants through one surface; the failures (at most ``keep`` kept)."""
    rng = random.Random(f"{surface_name}-{seed}")
    tally = Tally(surface_name)
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        surface = SURFACES[surface_name](scratch)
        for number, (data, oracle) in enumerate(surface.cases(rng)):
            if number >= inputs:
                break
            name = getattr(surface, "file_name", lambda: f"input{surface.suffix}")()
            folder = scratch / f"in-{number % 2}"
            folder.mkdir(exist_ok=True)
            path = folder / name
            path.write_bytes(data)
            before = _digest(path)
            outcome = _guard(lambda: surface.run(path))  # noqa: B023 - run at once
            tally.inputs += 1
            tally.oracle_inputs += oracle
            tally.codes[outcome.code] += 1
            problem = None
            if outcome.code not in (0, 1, 2):
                problem = f"exit {outcome.code}: {outcome.crash}"
            elif _digest(path) != before:
                problem = "the input file was changed"
            elif oracle and outcome.code == 0:
                problem = "an input made invalid on purpose was reported clean"
            else:
                problem = getattr(surface, "problem", lambda: None)()
            if problem is not None and progress:
                print(f"  FAILURE in {surface_name} input #{number}: {problem}", file=sys.stderr,
                      flush=True)
            if problem is not None and len(tally.failures) < keep:
                shown = " ".join(getattr(surface, "argv", None) or []) or data[:3000].decode(
                    "utf-8", "replace")
                tally.failures.append(f"{problem}\n--- input #{number}:\n{shown}")
            elif problem is not None:
                tally.failures.append(problem)
            path.unlink()
            if progress and number % 1000 == 999:
                print(f"  {surface_name}: {number + 1}/{inputs}, {len(tally.failures)} "
                      f"failures, codes {dict(sorted(tally.codes.items()))}, "
                      f"{time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    tally.seconds = time.monotonic() - start
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--surface", choices=[*SURFACES, "all"], default="all")
    parser.add_argument("--inputs", type=int, default=1000, help="inputs per surface")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    names = list(SURFACES) if arguments.surface == "all" else [arguments.surface]
    failed = 0
    for name in names:
        tally = campaign(name, arguments.inputs, arguments.seed, progress=True)
        print(tally.line(), flush=True)
        for failure in tally.failures[:5]:
            print("  FAILURE: " + failure.replace("\n", "\n    "))
        failed += len(tally.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
