"""Compare ``studspec check`` on every shared hand-history file between two runs.

``python bench/compare_verdicts.py record OUT.json`` writes, for every file of the shared
corpus, the exit code, the JSON report and the text report of ``studspec check FILE``;
``python bench/compare_verdicts.py compare BEFORE.json AFTER.json`` lists the files whose
exit code, hands' verdicts or text differ (ignoring the lines and the count of unread
lines, which only a tolerant reader writes: no shared hand has any). Run ``record`` on
main and on the branch, then ``compare``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "handhistories"
DEADLINE_SECONDS = 300


def _files() -> list[Path]:
    return sorted(path for path in CORPUS.rglob("*") if path.is_file()
                  and path.suffix.lower() in (".txt", ".xml", ".phh"))


def _run(file: Path, form: str) -> tuple[int, str]:
    command = [str(Path(sys.executable).with_name("studspec")), "check", str(file),
               "--jobs", "1", "--format", form]
    done = subprocess.run(command, capture_output=True, text=True,
                          timeout=DEADLINE_SECONDS, check=False)
    return done.returncode, done.stdout


def record(out: Path) -> None:
    """Each file's exit code, JSON and text report."""
    results = {}
    for file in _files():
        code, data = _run(file, "json")
        _, text = _run(file, "text")
        results[str(file.relative_to(CORPUS))] = {"exit": code, "json": json.loads(data),
                                                  "text": text}
    out.write_text(json.dumps(results, indent=1, sort_keys=True), encoding="utf-8")
    print(f"{len(results)} files recorded")


def _verdicts(report: dict[str, object]) -> list[tuple[object, ...]]:
    hands = report.get("hands", [])
    assert isinstance(hands, list)
    return [(hand.get("hand"), len(hand.get("violations", [])), len(hand.get("divergences", [])),
             len(hand.get("warnings", [])), hand.get("replayed", True)) for hand in hands]


_UNREAD_COUNT = re.compile(r", \d+ clean with unread lines")
_UNREAD_LINE = re.compile(r"^(?:\s+line \d+: unread: |\s+read with unread lines: |"
                          r"clean with unread lines: )")


def _plain(text: str) -> list[str]:
    """A text report without what only a tolerant reader writes (unread lines, counted)."""
    return [_UNREAD_COUNT.sub("", line) for line in text.splitlines()
            if not _UNREAD_LINE.match(line)]


def compare(before_path: Path, after_path: Path) -> int:
    """The files whose exit, hands' verdicts or text (unread lines aside) differ."""
    before = json.loads(before_path.read_text(encoding="utf-8"))
    after = json.loads(after_path.read_text(encoding="utf-8"))
    differ = 0
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name), after.get(name)
        if old is None or new is None:
            print(f"{name}: only in {'after' if old is None else 'before'}")
            differ += 1
            continue
        text_old, text_new = _plain(old["text"]), _plain(new["text"])
        what = [label for label, same in (
            ("exit", old["exit"] == new["exit"]),
            ("verdicts", _verdicts(old["json"]) == _verdicts(new["json"])),
            ("text", text_old == text_new)) if not same]
        if what:
            differ += 1
            print(f"{name}: {', '.join(what)} differ (exit {old['exit']} -> {new['exit']})")
    print(f"{len(before)} files before, {len(after)} after, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["record"]:
        record(Path(sys.argv[2]))
    else:
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
