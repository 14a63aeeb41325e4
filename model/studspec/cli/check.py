"""``studspec check FILE… [--profile P]``: replay recorded hands and report what breaks a rule.

Reads PHH files (``*.phh``) and site hand histories (every format of ``records.detect``),
replays every hand through the whole-hand model under a profile — the one given, or the one
the log's site and game call for (``records.site_profiles``) — and reports each violation
(the action, why, the clause and its source quote), where the model's result differs from
the record's, and a summary over all the files. Input files are only read.

Nothing a reader noticed is dropped: a hand read with a reader warning (a corrupted card
token, cards re-listed differently from the deal, halves the log does not tell) is reported
with it and is not clean; a hand of another game is listed as skipped; a file-level note
(an encoding fallback, a byte order mark) is listed.

A line no grammar rule reads does not stop its hand (read by evidence, not by permission):
it is kept with its number on the hand's entry (``unread_lines``) and listed, and the
replay and the stated figures decide. A hand whose figures all agree is then "clean with N
unread line(s)", never plain clean.

Exit code: 2 if a file or a hand could not be read or replayed, a hand was read with a
warning or with unread lines, or no hand at all was checked (the check is incomplete or
the input doubtful), else 1 if any violation or divergence was found, else 0.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from functools import cache, partial
from itertools import chain
from pathlib import Path
from typing import Any

from studspec.cli.check_parts import (
    FileParts,
    HandChecking,
    PartResult,
    checked_part,
    discard,
    merged_file,
)
from studspec.cli.spool import (
    WORKER_HANDS_HELD,
    CheckReport,
    HandFile,
    RenderedHand,
    counted,
    render_hand,
)
from studspec.errors import InvalidInputError, LostWork, StudSpecError
from studspec.fast.hand import WARM_UP_HANDS, FastRules, warm_up
from studspec.fast.lean import lean_replay
from studspec.fast.replay import FastResult, accept_moves
from studspec.inputs import input_file, read_utf8
from studspec.play.claims import claims_hold
from studspec.play.irregular_hand import ruling_data, ruling_text
from studspec.play.replay import RECORD_ENDS_EARLY, ReplayResult, Violation, replay
from studspec.records import ranges
from studspec.records.detect import read_hand_histories
from studspec.records.hand import HandRecord, Origin, PlayerRecord
from studspec.records.phh import parse_phh, read_phh
from studspec.records.phh_moves import phh_moves
from studspec.records.ranges import Part, plan_parts
from studspec.records.rules import unread_of
from studspec.records.site_profiles import ProfileChooser, site_formats_text
from studspec.records.sitetext import Problem
from studspec.records.stream import Encoding, stream_hand_histories
from studspec.records.unstated import BringIns, Filled, fill_bring_ins
from studspec.run.parallel import run_map
from studspec.specdata.profiles import Profile
from studspec.specdata.quote_fit import clause_quote

EXIT_OK, EXIT_FOUND, EXIT_INPUT = 0, 1, 2


def _violation_data(violation: Violation) -> dict[str, Any]:
    return {"line": violation.line, "action": violation.event, "clause": violation.clause_id,
            "why": violation.message,
            # The clause's quote that fits this violation, with its English (quote_fit).
            "source": clause_quote(violation.clause_id, f"{violation.message} {violation.event}")}


def _hand_data(record: HandRecord, result: ReplayResult | FastResult) -> dict[str, Any]:
    recorded = [p.finishing_stack for p in record.players]
    return {
        "file": record.origin.file, "hand": record.origin.hand_id, "site": record.origin.format,
        "game": record.game, "players": [p.name for p in record.players],
        "violations": [_violation_data(v) for v in result.violations],
        "divergences": result.divergences, "notes": result.notes,
        "rulings": [ruling_data(applied) for applied in result.rulings],
        "unstated_rake": result.unstated_rake,
        "model_stacks": list(result.stacks) if result.stacks is not None else None,
        "recorded_stacks": recorded if all(s is not None for s in recorded) else None,
        "model_awards": ({str(seat): amount for seat, amount in sorted(result.awards.items())}
                         if result.awards is not None else None),
        "recorded_awards": [{"player": a.player, "amount": a.amount, "pot": a.pot,
                             "half": a.half} for a in record.awards],
        # The lines no grammar rule read, kept with their numbers (records.rules.unread_of):
        # a hand with any is never plain clean, whatever its replay says.
        "unread_lines": [{"line": line, "text": text}
                         for line, text in unread_of(record.extra)],
    }


def _problem(file: str, hand: str | None, line: int | None, reason: str,
             severity: str = "error", text: str | None = None) -> dict[str, Any]:
    """A problem of the report: ``error`` (not read or not checkable), ``warning`` (read,
    but doubtful), ``skipped`` (a hand of another game) or ``note`` (about a whole file)."""
    return {"file": file, "hand": hand, "line": line, "reason": reason, "severity": severity,
            "text": text}


def read_records(path: Path) -> tuple[list[HandRecord], list[dict[str, Any]]]:
    """The hands of one file and every problem met reading it (none is dropped)."""
    if path.suffix.lower() == ".phh":
        return [read_phh(path)], []
    result = read_hand_histories(path)
    problems = [_reader_problem(p) for p in result.problems]
    if result.format is None and not any(p["severity"] == "error" for p in problems):
        problems.append(_problem(str(path), None, None, "no hand of a known format (PHH, "
                                 f"{site_formats_text()})"))
    return result.records, problems


def _reader_problem(problem: Problem) -> dict[str, Any]:
    """A reader's problem as the report lists it: a warning about no hand is a note."""
    return _problem(problem.file, problem.hand_id, problem.line, problem.reason,
                    "note" if problem.severity == "warning" and problem.hand_id is None
                    else problem.severity, problem.text)


def check_report(files: list[str], profile_name: str | None = None, *,
                 fast_path: bool = True, jobs: int = 1, scheduler: str | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 verbose: bool = False) -> CheckReport:
    """Replay every hand of every file (under the given profile, else the log's); report
    violations, results and a summary. With ``fast_path`` a hand the fast path finds clean
    is done; any other is replayed through ``Hand`` (the report is the same either way).
    ``jobs`` processes (or the workers of the Dask ``scheduler``) check the files; the
    report is the same for any number (the files' results are merged in the order given).
    Files are listed and checked as they come, and each hand goes to the report's spool
    as it is checked: memory does not grow with the number of hands. The text report lists
    the hands with something to say, grouped (``spool``); ``verbose``: every hand."""
    _chooser(profile_name)  # a bad profile name is an error now; workers inherit the profiles
    if fast_path and jobs > 1 and scheduler is None and (
            len(files) >= WARM_UP_HANDS or any(_is_folder(name) for name in files)):
        warm_up()  # once here, not once in every worker (the processes start next)
    count = sum(1 for _ in iter_archive_files(files)) if progress is not None else None
    listed = iter_archive_files(files)  # walked as the work goes, after the processes fork
    report = CheckReport(profile_name, _hand_lines, verbose=verbose)
    # One process: each file's hands go to the report as they are checked (a big log is
    # streamed). Worker processes send a file's hands back together; those of this
    # machine write a big log's hands to a file (spool.HandFile), read back hand by hand.
    # With workers, a big log is cut into parts, each a task (check_parts).
    if scheduler is None and jobs <= 1:
        work = partial(_checked_streamed, profile_name=profile_name, fast_path=fast_path)
        try:
            for file_hands, file_problems in run_map(work, listed, jobs=jobs, count=count,
                                                     batch=FILES_PER_TASK,
                                                     progress=progress):
                for hand, rendered in file_hands:
                    report.add_hand(hand, rendered)
                report.problems += file_problems
        except LostWork as lost:  # (one process: only a cluster or a pool loses work)
            _lost(report, lost.reason, chain(lost.items, listed))
        return report
    _check_tasks(report, listed, profile_name, fast_path, jobs, scheduler, count, progress)
    return report


def _lost(report: CheckReport, reason: str, files: Iterable[object]) -> None:
    """A worker died (or the cluster lost it): the files from the first unanswered one on
    are listed as not checked, and the report says what was checked before."""
    for file in files:
        report.problems.append(_problem(str(file), None, None, f"not checked: {reason}"))


Task = list[str] | Part
"""A worker's task: a few small files, or one part of a big log (``records.ranges``)."""


def _check_tasks(report: CheckReport, listed: Iterator[str], profile_name: str | None,
                 fast_path: bool, jobs: int, scheduler: str | None, count: int | None,
                 progress: Callable[[int, int], None] | None) -> None:
    """The files checked by worker processes (or a cluster's workers): small files a few
    to a task, a big log in parts (``_tasks``); a file's parts merged in order when the
    last is answered (``check_parts.merged_file``), so the report is the one a single
    process gives."""
    encodings: dict[str, Encoding] = {}
    # A cluster's workers are not counted here: a big log gives a part every PART_BYTES.
    parts = max(jobs, 2) if scheduler is not None else jobs
    tasks = _tasks(listed, parts, encodings, 1 if scheduler is not None else FILES_PER_TASK)
    work = partial(_task, profile_name=profile_name, fast_path=fast_path,
                   local=scheduler is None)
    held = FileParts()
    done = 0
    try:
        for answer in run_map(work, tasks, jobs=jobs, scheduler=scheduler):
            if isinstance(answer, PartResult):
                if not held.add(answer):
                    continue
                merged = merged_file(held, encodings.pop(answer.part.file), profile_name,
                                     fast_path, HAND_CHECKING)
                held = FileParts()
                if merged is None:  # checked again whole, here (check_parts' notes)
                    merged = _checked_streamed(answer.part.file, profile_name, fast_path)
                answers: list[Any] = [merged]
            else:
                answers = answer
            for file_hands, file_problems in answers:
                for hand, rendered in file_hands:
                    report.add_hand(hand, rendered)
                report.problems += file_problems
                done += 1
                if progress is not None:
                    progress(done, count or 0)
    except LostWork as lost:
        discard(held.results)
        lost_files = [held.results[0].part.file] if held.results else []
        for task in lost.items:
            for file in ([task.file] if isinstance(task, Part) else task):  # type: ignore[attr-defined]
                if file not in lost_files[-1:]:
                    lost_files.append(file)
        _lost(report, lost.reason, chain(lost_files, listed))


def _tasks(listed: Iterator[str], jobs: int, encodings: dict[str, Encoding],
           batch: int) -> Iterator[Task]:
    """The workers' tasks, as the files are listed: a big log's parts one task each (its
    encoding kept in ``encodings`` for the merge), other files ``batch`` to a task."""
    small: list[str] = []
    warmed = False
    for file in listed:
        plan = _plan(file, jobs)
        if plan is None:
            small.append(file)
            if len(small) >= batch:
                yield small
                small = []
            continue
        if small:
            yield small
            small = []
        parts, encodings[file] = plan
        if not warmed:
            warm_up()  # a big log has many hands; before the pool forks, if it has not yet
            warmed = True
        yield from parts
    if small:
        yield small


def _plan(file: str, jobs: int) -> tuple[list[Part], Encoding] | None:
    """The parts of a big text log (``records.ranges.plan_parts``), or None: read whole."""
    if jobs < 2 or os.path.splitext(file)[1].lower() not in (".txt", ".xml"):
        return None
    try:
        if os.stat(file).st_size < ranges.SPLIT_BYTES:
            return None  # the common case: a small file, one stat
        path = input_file(file, what="FILE")
    except (OSError, InvalidInputError):
        return None  # the worker reports it
    return plan_parts(path, file, jobs)


def _task(task: Task, profile_name: str | None, fast_path: bool,
          local: bool) -> PartResult | list[Any]:
    """One task's work in a worker: a part of a big log, or each of a few files."""
    if isinstance(task, Part):
        return checked_part(task, profile_name, fast_path, HAND_CHECKING, local)
    return [_checked_and_rendered(file, profile_name, fast_path, local) for file in task]


def _checked_and_rendered(file: str, profile_name: str | None, fast_path: bool,
                          local: bool = False
                          ) -> tuple[list[tuple[dict[str, Any], RenderedHand]] | HandFile,
                                     list[dict[str, Any]]]:
    """``check_file``, each hand with its part of the report written out where it was
    checked (a worker process, with ``--jobs``), so the main process only copies it; of the
    hand itself only what the summary counts goes back (``spool.counted``). A ``local``
    worker (a process of this machine) past ``WORKER_HANDS_HELD`` hands of one file (a big
    log) writes them to a ``HandFile`` the main process reads back."""
    problems: list[dict[str, Any]] = []
    hands: list[tuple[dict[str, Any], RenderedHand]] = []
    spooled: HandFile | None = None
    for hand in iter_checked_hands(file, profile_name, fast_path, problems):
        entry = (counted(hand), render_hand(hand, _hand_lines))
        if spooled is not None:
            spooled.add(entry)
            continue
        hands.append(entry)
        if local and len(hands) > WORKER_HANDS_HELD:
            spooled = HandFile()
            for held in hands:
                spooled.add(held)
            hands = []
    return (spooled if spooled is not None else hands), problems


def _checked_streamed(file: str, profile_name: str | None, fast_path: bool
                      ) -> tuple[Iterator[tuple[dict[str, Any], RenderedHand]],
                                 list[dict[str, Any]]]:
    """``_checked_and_rendered`` in this process, the hands as they are checked: the
    problems' list is filled when the hands are all read (``iter_checked_hands``)."""
    problems: list[dict[str, Any]] = []
    hands = ((counted(hand), render_hand(hand, _hand_lines))
             for hand in iter_checked_hands(file, profile_name, fast_path, problems))
    return hands, problems


FILES_PER_TASK = 16
"""Files sent to a worker process at once: a generated corpus has one small hand a file."""


ARCHIVE_SUFFIXES = (".phh", ".txt", ".xml")


def archive_files(arguments: list[str]) -> list[str]:
    """The files to check (``iter_archive_files``), as a list."""
    return list(iter_archive_files(arguments))


def iter_archive_files(arguments: list[str]) -> Iterator[str]:
    """The files to check: each FILE as given, and each folder's hand files (``*.phh``,
    ``*.txt``, ``*.xml``, in its subfolders too) in sorted order of their paths, so a
    report's order never depends on the file system. A folder is listed as it is walked:
    only one folder's names are held at a time."""
    for argument in arguments:
        if _is_folder(argument):
            yield from _folder_files(argument)
        else:
            yield argument


def _is_folder(argument: str) -> bool:
    try:  # "" is no folder (Path("") would be the current one): input_file refuses it
        return argument != "" and Path(argument).is_dir()
    except OSError:  # e.g. a name too long: input_file reports it for the file
        return False


def _folder_files(folder: str) -> Iterator[str]:
    """A folder's hand files in the order of their sorted paths: names sorted, a subfolder
    as its name and a slash (its paths continue so), subfolders entered in place; links to
    folders are not entered (as ``Path.rglob``). Only the names are held while a folder is
    walked (about 75 bytes each)."""
    try:
        with os.scandir(folder) as listing:
            names = sorted(entry.name + "/" if entry.is_dir(follow_symlinks=False)
                           else entry.name for entry in listing)
    except OSError:
        yield folder  # check_file reports the folder it cannot list, in its place
        return
    for name in names:
        path = os.path.join(folder, name.rstrip("/"))
        if name.endswith("/"):
            yield from _folder_files(path)
        elif os.path.splitext(name)[1].lower() in ARCHIVE_SUFFIXES and os.path.isfile(path):
            yield path


@cache
def _chooser(profile_name: str | None) -> ProfileChooser:
    """One chooser per process and profile (profiles are loaded once)."""
    return ProfileChooser(profile_name)


def check_file(file: str, profile_name: str | None = None,
               fast_path: bool = True) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The hands of one file, checked, and the problems met: one file's part of a report."""
    problems: list[dict[str, Any]] = []
    hands = list(iter_checked_hands(file, profile_name, fast_path, problems))
    return hands, problems


def iter_checked_hands(file: str, profile_name: str | None, fast_path: bool,
                       problems: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The hands of one file, each checked as it is read (a site log is streamed hand by
    hand, ``records.stream``); when they are all yielded, ``problems`` holds the problems
    met, reading's before checking's (as a whole-file reading lists them)."""
    profiles = _chooser(profile_name)
    if os.path.isdir(file):  # a folder comes here only when it could not be listed
        problems.append(_problem(file, None, None, f"a folder that cannot be listed: "
                                 f"{_listing_error(file)}"))
        return
    read_problems: list[dict[str, Any]] = []
    checked: list[dict[str, Any]] = []
    try:
        path = input_file(file, what="FILE")
        if path.suffix.lower() == ".phh":
            text = read_utf8(path, what="PHH file")
            direct = direct_phh(text, str(path), profiles) if fast_path else None
            if direct is not None:
                yield direct
                return
            record = parse_phh(text, str(path))
            filled = fill_bring_ins([record])[0]
            yield _checked_record(file, record, filled, [], profiles, checked, fast_path)
        else:
            yield from _checked_log(file, path, profiles, read_problems, checked, fast_path)
    except InvalidInputError as error:
        # The file column names the file: an error about the FILE argument needs only
        # its reason; one from inside the file keeps its place. (The file read so far —
        # one that went away while it was streamed — keeps its problems.)
        problems += read_problems + checked
        problems.append(_problem(file, None, None,
                                 error.reason if error.where == "FILE" else str(error)))
        return
    problems += read_problems + checked


def _checked_log(file: str, path: Path, profiles: ProfileChooser,
                 read_problems: list[dict[str, Any]], checked: list[dict[str, Any]],
                 fast_path: bool) -> Iterator[dict[str, Any]]:
    """A site log's hands, read one at a time and checked; its reader's problems go to
    ``read_problems``, a hand's warnings to the hand (every warning of the file so far
    with its hand id: the whole-file reading gave it every one of the file)."""
    stream = stream_hand_histories(path)
    warnings: dict[str | None, list[dict[str, Any]]] = {}
    bring_ins = BringIns(lambda: (item.record for item in stream_hand_histories(path).items
                                  if item.record is not None))
    for item in stream.items:
        for problem in map(_reader_problem, item.problems):
            if problem["severity"] == "warning":
                warnings.setdefault(problem["hand"], []).append(problem)
            else:
                read_problems.append(problem)
        if item.record is not None:
            yield _checked_record(file, item.record, bring_ins.fill(item.record),
                                  warnings.get(item.record.origin.hand_id, []), profiles,
                                  checked, fast_path)
    if stream.format is None and not any(p["severity"] == "error" for p in read_problems):
        read_problems.append(_problem(str(path), None, None, "no hand of a known format "
                                      f"(PHH, {site_formats_text()})"))


def _checked_record(file: str, record: HandRecord, filled: Filled, warnings: list[dict[str, Any]],
                    profiles: ProfileChooser, problems: list[dict[str, Any]],
                    fast_path: bool) -> dict[str, Any]:
    """One record's entry: not checked (its bring-in unknown), or replayed."""
    if filled.record is None:
        return _not_checked(record, filled.line, filled.problem or "", problems)
    hand = _check_one(filled.record, profiles, problems, fast_path)
    if filled.note:
        hand["notes"].insert(0, filled.note)
    hand["warnings"] = list(warnings)
    if any(note.startswith(RECORD_ENDS_EARLY) for note in hand["notes"]):
        # A hand cut short cannot be judged whole: never clean (a partial hand is for
        # `studspec next`).
        hand["warnings"].append(_problem(file, record.origin.hand_id, None,
                                         f"{RECORD_ENDS_EARLY}: it cannot be judged whole",
                                         "warning"))
    return hand


def direct_phh(text: str, name: str, profiles: ProfileChooser) -> dict[str, Any] | None:
    """A PHH hand read straight into moves (``records.phh_moves``) and found clean by the
    fast path, as its report entry; None if either declines (the caller reads the file with
    ``parse_phh`` and replays it as any record). The entry is the one the record's replay
    gives: the same fields from the same values (tests/test_check_fast_path.py)."""
    hand = phh_moves(text)
    if hand is None:
        return None
    header = hand.header
    stakes = header.stakes
    record = HandRecord(
        origin=Origin(name, hand_id=hand.hand_id, format="phh"), game=header.game,
        ante=stakes.ante, bring_in=stakes.bring_in, small_bet=stakes.small_bet,
        big_bet=stakes.big_bet, players=tuple(
            PlayerRecord(player, stack, finishing_stack=finishing) for player, stack, finishing
            in zip(hand.names, header.stacks, header.finishing, strict=True)),
        events=(), rake=header.rake, extra=hand.extra)
    profile, reason = profiles.of(record)
    result = accept_moves(header, hand.moves, _fast_rules(profile))
    if result is None or not claims_hold(record, result.stacks, result.awards, profile):
        return None  # as accept_fast: a stated figure (here a rake) the model questions
    entry = _hand_data(record, result)
    entry.update(profile=profile.name, profile_reason=reason)
    entry["warnings"] = []
    return entry


_RULES: dict[int, tuple[Profile, FastRules]] = {}


def _fast_rules(profile: Profile) -> FastRules:
    """The fast path's tables of a profile, computed once per process."""
    known = _RULES.get(id(profile))
    if known is None or known[0] is not profile:
        known = _RULES[id(profile)] = (profile, FastRules(profile))
    return known[1]


def _listing_error(folder: str) -> str:
    """Why a folder cannot be listed, in the system's words."""
    try:
        os.scandir(folder).close()
    except OSError as error:
        return error.strerror or type(error).__name__
    return "it changed while it was read"


def _check_one(record: HandRecord, profiles: ProfileChooser,
               problems: list[dict[str, Any]], fast_path: bool = True) -> dict[str, Any]:
    profile, reason = profiles.of(record)
    try:
        # Accept fast, explain slow: what the fast path does not find clean, Hand replays.
        fast = lean_replay(record, profile, _fast_rules(profile)) if fast_path else None
        hand = _hand_data(record, fast or replay(record, profile))
    except StudSpecError as error:
        hand = _not_checked(record, None, f"cannot be replayed: {error}", problems)
    hand.update(profile=profile.name, profile_reason=reason)
    return hand


def _not_checked(record: HandRecord, line: int | None, reason: str,
                 problems: list[dict[str, Any]]) -> dict[str, Any]:
    """A hand that could not be checked: its problem is recorded, the hand kept as such."""
    problems.append(_problem(record.origin.file, record.origin.hand_id, line, reason))
    return {"file": record.origin.file, "hand": record.origin.hand_id,
            "site": record.origin.format, "game": record.game, "replayed": False,
            "violations": [], "divergences": [], "notes": [], "warnings": [], "profile": None,
            "profile_reason": None}


def _hand_lines(hand: dict[str, Any]) -> list[str]:
    """One hand's part of the text report."""
    name = f"{hand['file']}" + (f" (hand {hand['hand']})" if hand["hand"] else "")
    stacks = hand.get("model_stacks")
    lines = [f"\n{name}: {verdict(hand)} under {hand['profile']} "
             f"({hand['profile_reason']})"
             + (f"; final stacks {stacks}" if stacks is not None else "")]
    for violation in hand["violations"]:
        lines.append(f"  line {violation['line'] or '?'}: {violation['action']}")
        lines.append(f"    {violation['why']}")
        if violation["source"]:
            lines.append(f"    source {violation['source']}")
    lines += [f"  result: {text}" for text in hand["divergences"]]
    lines += [f"  ruling: {ruling_text(ruling)}" for ruling in hand.get("rulings", [])]
    lines += [f"  {'line ' + str(w['line']) + ': reader ' if w['line'] else ''}warning: "
              f"{w['reason']}" + (f" ({w['text']!r})" if w["text"] is not None else "")
              for w in hand["warnings"]]
    lines += [f"  note: {text}" for text in hand["notes"]]
    lines += [f"  line {unread['line']}: unread: {unread['text']}"
              for unread in hand.get("unread_lines", [])]
    return lines


def verdict(hand: dict[str, Any]) -> str:
    """A replayed hand's verdict: ``clean``; ``clean with N unread line(s)`` (every stated
    figure agrees with the replay, but lines no rule read might have said more); ``NOT
    clean`` (a violation, a result that differs, or a reader's warning)."""
    unread = len(hand.get("unread_lines", []))
    if hand["violations"] or hand["divergences"] or hand["warnings"]:
        return f"NOT clean ({unread} unread line(s))" if unread else "NOT clean"
    return f"clean with {unread} unread line(s)" if unread else "clean"


# How check_parts checks a part's hands: this module's own steps, handed in (no circle).
HAND_CHECKING = HandChecking(_chooser, _reader_problem, _checked_record, _hand_lines, _problem)
