"""``studspec convert FILE --to phh``: write every hand of a site hand history as a PHH file.

One ``<site>-<hand id>.phh`` per hand in the output folder (default: ``<file stem>-phh`` in
the current folder). Nothing is overwritten: if any target exists, nothing is written.
The output folder may be neither the input file nor the folder the input is in.
A hand read with lines no rule reads is not converted (a PHH file would drop them): it is
reported with its first unread line. Exit code: 0 every stud hand converted (hands of
other games are reported as skipped), 1 some hands could not be read or converted, 2
usage or input error (including a file with no hand).
"""

from __future__ import annotations

import re
from pathlib import Path

from studspec.cli.render import table
from studspec.cli.reports import Report
from studspec.errors import InvalidInputError
from studspec.inputs import check_path_name, input_file, shown_name, writable_path_reason
from studspec.records.detect import ReadResult, read_hand_histories
from studspec.records.hand import HandRecord
from studspec.records.phh import write_phh
from studspec.records.rules import unread_of
from studspec.records.site_profiles import pick_profile, site_formats_text
from studspec.records.sitetext import Problem

EXIT_OK, EXIT_FOUND = 0, 1


class ConvertUsageError(InvalidInputError):
    """The output folder or the input cannot be used (exit code 2)."""


def phh_name(record: HandRecord, position: int) -> str:
    """The file name of a converted hand: site and hand id, safe for any file system."""
    hand = record.origin.hand_id or f"hand{position + 1}"
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", hand)
    return f"{record.origin.format}-{safe}.phh"


def output_folder(source: Path, out: str | None) -> Path:
    """The folder to write into; refuses the input file itself and the input's folder."""
    folder = check_path_name(out, what="--out") if out else Path.cwd() / f"{source.stem}-phh"
    resolved, input_path = folder.resolve(), source.resolve()
    if resolved == input_path or (folder.exists() and not folder.is_dir()):
        raise ConvertUsageError("the output must be a folder, not a file (and never the "
                                "input)", where=str(folder))
    if resolved == input_path.parent:
        raise ConvertUsageError("refusing to write into the input file's own folder; give "
                                "another --out", where=str(folder))
    return folder


def convert_report(file: str, target: str, out: str | None) -> Report:
    """Convert a file and report what was written and every problem."""
    if target != "phh":
        raise ConvertUsageError(f"unknown target format {target!r} (only phh)")
    source = input_file(file, what="FILE")
    result = read_hand_histories(source)
    if result.format is None:
        raise ConvertUsageError(f"no hand of a known site format ({site_formats_text()}) "
                                "in this file", where=file)
    folder = output_folder(source, out)
    targets = [(folder / phh_name(record, i), record) for i, record in
               enumerate(result.records) if not _kept_back(record, result)]
    for path, _ in targets:  # a hand ID can make a name the system cannot create
        too_long = writable_path_reason(path)
        if too_long is not None:
            raise ConvertUsageError(f"cannot be written: the name is too long ({too_long})",
                                    where=shown_name(str(path)))
    taken = [str(path) for path, _ in targets if path.exists()]
    if taken:
        raise ConvertUsageError("refusing to overwrite existing files: " + ", ".join(taken))
    names = [path.name for path, _ in targets]
    if len(set(names)) != len(names):
        raise ConvertUsageError("two hands of this file have the same id", where=file)
    written: list[str] = []
    if targets:
        folder.mkdir(parents=True, exist_ok=True)
    for path, record in targets:
        try:
            with path.open("x", encoding="utf-8") as handle:
                # The site's profile goes with the hand, so `check` of the PHH file
                # uses the rules the site's log called for (records.site_profiles).
                handle.write(write_phh(record, profile=pick_profile(record)[0]))
        except OSError as error:
            raise ConvertUsageError(f"cannot be written: {error.strerror}",
                                    where=str(path)) from None
        written.append(str(path))
    return _report(result, written)


def _kept_back(record: HandRecord, result: ReadResult) -> bool:
    """Whether a hand read with lines no rule reads is held back (a PHH file would drop
    them and look whole: ``check`` of the log itself says what they change); its problem,
    naming the first unread line, is added to the result."""
    unread = unread_of(record.extra)
    if not unread:
        return False
    line, text = unread[0]
    result.problems.append(Problem(record.origin.file, record.origin.hand_id, line,
                                   f"not converted: {len(unread)} line(s) no rule reads "
                                   "(a PHH file would drop them)", "error", text))
    return True


def _report(result: ReadResult, written: list[str]) -> Report:
    """The text and JSON report of a conversion and its exit code."""
    failed = [p for p in result.problems if p.severity == "error"]
    data = {"file": result.file, "format": result.format, "encoding": result.encoding,
            "hands_seen": result.hands_seen, "written": written,
            "problems": [_problem_data(p) for p in result.problems]}
    lines = [f"{result.file}: {result.format}, {result.encoding}, {result.hands_seen} hands, "
             f"{len(written)} written"]
    lines += [f"  wrote {name}" for name in written]
    if result.problems:
        lines.append("")
        lines.append(table(("severity", "line", "hand", "problem"),
                           [(p.severity, p.line or "", p.hand_id or "",
                             p.reason + (f": {p.text!r}" if p.text is not None else ""))
                            for p in result.problems]))
    return Report(data, "\n".join(lines), EXIT_FOUND if failed else EXIT_OK)


def _problem_data(problem: Problem) -> dict[str, object]:
    """A problem as JSON data."""
    return {"file": problem.file, "hand": problem.hand_id, "line": problem.line,
            "severity": problem.severity, "reason": problem.reason, "text": problem.text}
