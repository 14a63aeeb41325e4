"""Every alternative of each site's format, rendered from a hand of the site and read back.

A site's format allows more than its samples show: public parsers that have followed the
site for years (FPDB's ``<Site>ToFpdb.py``, read as documentation) name every optional group
and alternative of each line (tournament and cash headers, play money, currencies and
currency codes, thousands separators, optional lines, seat, award and show forms). Each
:class:`Alternative` below rewrites a shared hand of its site into one such form (a
rendering function over the log's text) and says by what factor its amounts differ from the
hand's (a tournament's chips, a currency written another way). The hand must read back the
same: the same seats, deal, actions and awards, the amounts up to that factor.

``tests/test_format_alternatives.py`` makes one test of each (named after the regex group
it covers); this script reports, per site, the fraction of (hand, alternative) pairs read
back identically, over every hand of the site's shared logs:

    .venv/bin/python bench/format_alternatives.py [--shared DIR] [--samples-only]
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from studspec.records.detect import decode, read_text, split_hands
from studspec.records.hand import HandRecord
from studspec.records.sitetext import Line

ROOT = Path(__file__).resolve().parents[1]
LOCAL = ROOT / "tests" / "data" / "handhistories"
SHARED = next((folder / "shared" / "data" / "handhistories" for folder in ROOT.parents
               if (folder / "shared" / "data" / "handhistories").is_dir()), LOCAL)
"""The shared logs (beside the worktree or the checkout), else the local samples."""

Render = Callable[[str], str]


@dataclass(frozen=True)
class Alternative:
    """One alternative a site's format allows: ``group`` names the parser's regex and group
    it comes from (``re_game_info.TOUR``), ``render`` rewrites a hand of ``site`` into it,
    and the rendering's amounts are ``factor`` times the hand's."""

    site: str
    group: str
    render: Render
    factor: Decimal = Decimal(1)
    sample: str = ""
    """The local sample its test renders (a shared hand of the site)."""

    @property
    def name(self) -> str:
        """The test id: site and regex group."""
        return f"{self.site}-{self.group}"


class NotRendered(Exception):
    """The hand has no line the alternative rewrites (not counted)."""


# -- rendering helpers -------------------------------------------------------------------------
def sub(pattern: str, replacement: str | Callable[[re.Match[str]], str], *,
        count: int = 0, flags: int = re.MULTILINE) -> Render:
    """Rewrite the lines a pattern matches; a hand with no such line is not rendered."""
    compiled = re.compile(pattern, flags)

    def render(text: str) -> str:
        new, made = compiled.subn(replacement, text, count=count)
        if not made:
            raise NotRendered(pattern)
        return new
    return render


def needs(pattern: str) -> Render:
    """Render nothing: only a hand with a line the pattern finds is rendered."""
    compiled = re.compile(pattern, re.MULTILINE)

    def render(text: str) -> str:
        if compiled.search(text) is None:
            raise NotRendered(pattern)
        return text
    return render


def chain(*renders: Render) -> Render:
    """The renders one after the other."""
    def render(text: str) -> str:
        for each in renders:
            text = each(text)
        return text
    return render


def optional(render: Render) -> Render:
    """A render that may find nothing to rewrite in a hand."""
    def rendered(text: str) -> str:
        try:
            return render(text)
        except NotRendered:
            return text
    return rendered


# -- the comparison ----------------------------------------------------------------------------
def plain(record: HandRecord, factor: Decimal = Decimal(1)) -> tuple[object, ...]:
    """The hand a record states, without line numbers and the log's own verbs, its amounts
    times ``factor``: seats, stakes, deal, actions, shows, awards and the figures the log
    states beside them (claims; players by name, so that a log that names the button, and
    so the dealing order, states the same hand)."""
    def scaled(value: int | None) -> Decimal | None:
        return None if value is None else value * factor

    names = [player.name for player in record.players]

    def who(index: int | None) -> str | None:
        return None if index is None else names[index]

    events: list[object] = []
    for event in record.events:
        fields = {"line": None}
        if hasattr(event, "stated"):
            fields |= {"stated": ""}
        item = dataclasses.replace(event, **fields)  # type: ignore[arg-type]
        if hasattr(item, "to"):
            events.append((type(item).__name__, who(item.player), item.kind, scaled(item.to),
                           scaled(item.amount), scaled(item.by), item.all_in))
        else:
            events.append((type(item).__name__, who(item.player),
                           dataclasses.replace(item, player=0)))
    awards = sorted((names[award.player], scaled(award.amount), award.pot, award.half)
                    for award in record.awards)
    players = sorted((player.name, player.seat, scaled(player.starting_stack))
                     for player in record.players)
    # the deals of a street in the order of the names: a log that names the button (and so
    # where dealing starts) deals the same cards
    runs: list[object] = []
    for event in events:
        if runs and event[0] == "Deal" and isinstance(runs[-1], list):  # type: ignore[index]
            runs[-1].append(event)  # type: ignore[union-attr]
        else:
            runs.append([event] if event[0] == "Deal" else event)  # type: ignore[index]
    events = [item for run in runs for item in (sorted(run, key=repr)
                                                if isinstance(run, list) else [run])]
    # a description's text may quote an amount (Absolute ``LO:($0.19)``): amounts aside
    claims = sorted(repr((claim.kind, who(claim.player), scaled(claim.amount), claim.cards,
                          re.sub(r"\([^()]*\d[^()]*\)", "(…)", claim.text)))
                    for claim in record.claims)
    return (record.game, scaled(record.ante), scaled(record.bring_in),
            scaled(record.small_bet), scaled(record.big_bet), tuple(players), tuple(events),
            tuple(awards), tuple(claims))


def read_all(text: str, name: str) -> list[HandRecord] | str:
    """The hands a text holds (one for a text log's hand, every game of an XML file), or
    why they were not all read."""
    result = read_text(text, name)
    errors = [problem for problem in result.problems
              if problem.severity not in ("warning", "skipped")]
    if errors:
        return f"line {errors[0].line}: {errors[0].reason} [{errors[0].text}]"
    if not result.records:
        return "no hand read"
    return result.records


def same_hands(original: list[HandRecord], rendered: str, factor: Decimal) -> str | None:
    """None when the rendered text reads back to the original hands, else why not."""
    records = read_all(rendered, "alternative.txt")
    if isinstance(records, str):
        return records
    if len(records) != len(original):
        return f"{len(records)} hands read, {len(original)} in the original"
    for record, hand in zip(records, original, strict=True):
        mine, theirs = plain(record), plain(hand, factor)
        for part, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                return f"read differently (part {part}): {a!r:.300} != {b!r:.300}"
    return None

# -- the shared hands ----------------------------------------------------------------------------
Hands = dict[str, list[tuple[str, str, list[HandRecord]]]]


def site_hands(folder: Path) -> Hands:
    """Per site format: (file, hand text, records) of every hand of the folder's logs read
    (an XML file is one text of many hands)."""
    hands: Hands = {}
    for path in sorted([*folder.rglob("*.txt"), *folder.rglob("*.xml")]):
        text = decode(path.read_bytes(), path.name)[0].replace("\x00", "")
        result = read_text(text, path.name)
        if result.format is None:
            continue
        for text_of_hand in hand_texts(text, result.format):
            records = read_all(text_of_hand, path.name)
            if not isinstance(records, str):
                hands.setdefault(result.format, []).append((path.name, text_of_hand, records))
    return hands


def hand_texts(text: str, format: str) -> list[str]:
    """The text of each hand of a log (XML logs: the whole file, one hand a game)."""
    from studspec.records.detect import READERS
    from studspec.records.xmlreader import XML_FORMATS

    if format in XML_FORMATS:
        return [text]
    reader = READERS[format]
    lines = [Line(number, line) for number, line in enumerate(text.splitlines(), 1)]
    return ["\n".join(line.text for line in hand.lines) + "\n"
            for hand in split_hands(lines, reader.hand_start, "")[0]]


def alternatives() -> tuple[Alternative, ...]:
    """Every site's alternatives (``format_alternatives_sites.py``)."""
    if str(ROOT) not in sys.path:  # run as a script: ``bench`` is importable from the root
        sys.path.insert(0, str(ROOT))
    from bench.format_alternatives_sites import ALTERNATIVES
    return ALTERNATIVES


def measure(hands: Hands, each: dict[str, tuple[int, int]] | None = None
            ) -> dict[str, tuple[int, int, list[str]]]:
    """Per site: pairs read back identically, pairs rendered, and the first failures; per
    alternative, the same counts in ``each`` when given."""
    ALTERNATIVES = alternatives()
    report: dict[str, tuple[int, int, list[str]]] = {}
    for alternative in ALTERNATIVES:
        good, total, failures = report.get(alternative.site, (0, 0, []))
        good_before, total_before = good, total
        for file, text, records in hands.get(alternative.site, []):
            try:
                rendered = alternative.render(text)
            except NotRendered:
                continue
            total += 1
            why = same_hands(records, rendered, alternative.factor)
            if why is None:
                good += 1
            elif len(failures) < 200:
                failures.append(f"{alternative.name} {file} {records[0].origin.hand_id}: {why}")
        report[alternative.site] = (good, total, failures)
        if each is not None:
            each[alternative.name] = (good - good_before, total - total_before)
    return report


def main(argv: list[str] | None = None) -> dict[str, tuple[int, int, list[str]]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--failures", action="store_true", help="list each failure")
    args = parser.parse_args(argv)
    each: dict[str, tuple[int, int]] = {}
    report = measure(site_hands(args.shared), each)
    ALTERNATIVES = alternatives()
    good_all = total_all = 0
    for site, (good, total, failures) in sorted(report.items()):
        good_all, total_all = good_all + good, total_all + total
        kinds = sum(1 for alternative in ALTERNATIVES if alternative.site == site)
        print(f"{site:12} {kinds:3} alternatives {good:5}/{total:<5} read back "
              f"{good / total if total else 0:6.1%}")
        if args.failures:
            for failure in failures:
                print("    " + failure)
    print(f"{'all':12} {len(ALTERNATIVES):3} alternatives {good_all:5}/{total_all:<5} read back "
          f"{good_all / total_all if total_all else 0:6.1%}")
    rendered = [name for name, (_, total) in each.items() if total]
    whole = [name for name in rendered if each[name][0] == each[name][1]]
    print(f"alternatives read back in every hand rendered: {len(whole)}/{len(rendered)} "
          f"({len(each) - len(rendered)} rendered from no shared hand)")
    return report


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # one module (not ``__main__`` beside ``bench.…``)
    from bench.format_alternatives import main as run_main
    run_main()
