"""``check --jobs N`` and ``fuzz --jobs N``: the same report for any number of processes."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from studspec.cli.check import archive_files, check_report
from studspec.cli.main import main
from studspec.cli.render import to_json
from studspec.fuzz.campaign import run_campaign
from studspec.run.parallel import check_jobs, ordered_map, terminal_progress
from studspec.specdata.profiles import load_profile

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "handhistories"
LOCAL = ROOT / "tests" / "data" / "handhistories"


def _square(value: int) -> int:
    return value * value


def test_the_ordered_map_keeps_the_order_of_the_items_on_any_number_of_processes() -> None:
    seen: list[tuple[int, int]] = []
    results = list(ordered_map(_square, list(range(40)), 2,
                               progress=lambda done, total: seen.append((done, total))))
    assert results == [n * n for n in range(40)]
    assert seen[-1] == (40, 40) and len(seen) == 40
    assert list(ordered_map(_square, [3], 4)) == [9]
    assert check_jobs(None) >= 1 and check_jobs(3) == 3
    assert terminal_progress("files") is None  # no bar when stderr is not a terminal


def test_reports_are_byte_identical_for_one_and_two_processes(tmp_path: Path) -> None:
    assert main(["generate", "--profile", "tda-2024-8", "--hands", "20", "--seed", "8",
                 "--out", str(tmp_path / "corpus")]) == 0
    folders = [folder for folder in (SHARED, LOCAL) if folder.is_dir()]
    files = sorted(str(path) for folder in folders for path in folder.rglob("*")
                   if path.suffix in (".txt", ".phh"))
    files += sorted(str(path) for path in (tmp_path / "corpus").iterdir())
    files.append(str(tmp_path / "missing.phh"))  # a problem keeps its place too
    one, two = check_report(files, jobs=1), check_report(files, jobs=2)
    assert one.text == two.text and to_json(one.data) == to_json(two.data)
    assert one.exit_code == two.exit_code


def test_a_bad_jobs_number_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for jobs in ("0", "100000"):
        assert main(["check", "--jobs", jobs, str(LOCAL / "ongame-big-bring.txt")]) == 2
        assert "--jobs" in capsys.readouterr().err


@pytest.mark.clause("BRINGIN-02", "POT-06")
@pytest.mark.parametrize(("engine_name", "profile_name"),
                         [("WrongSuitOrder", "base"), ("PooledSidePots", "base")])
def test_a_fuzz_campaign_is_the_same_on_one_and_two_processes(engine_name: str,
                                                              profile_name: str) -> None:
    import broken_engines

    engine_type = getattr(broken_engines, engine_name)
    profile = load_profile(profile_name)
    one, two = (run_campaign(lambda: engine_type(profile), profile, 60, seed=2, jobs=jobs,
                             shrink=False) for jobs in (1, 2))
    assert one.hands == two.hands == 60
    assert one.by_kind == two.by_kind and one.by_kind
    assert {kind: (index, run.divergence, run.moves, run.engine_views) for kind, (index, run)
            in one.first.items()} == {kind: (index, run.divergence, run.moves,
                                             run.engine_views)
                                      for kind, (index, run) in two.first.items()}


def test_the_fuzz_command_speaks_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reports = []
    for jobs in ("1", "2"):
        code = main(["fuzz", "--engine", "studspec", "--profile", "base", "--hands", "20",
                     "--seed", "4", "--jobs", jobs, "--out", str(tmp_path / jobs)])
        reports.append((code, capsys.readouterr().out))
    assert reports[0] == reports[1] and reports[0][0] == 0


def test_a_folder_is_checked_as_its_hand_files_in_sorted_order(tmp_path: Path) -> None:
    assert main(["generate", "--profile", "base", "--hands", "3", "--seed", "1",
                 "--out", str(tmp_path / "archive" / "b")]) == 0
    (tmp_path / "archive" / "a.phh").write_text(
        (tmp_path / "archive" / "b" / "hand-000002.phh").read_text(encoding="utf-8"),
        encoding="utf-8")
    (tmp_path / "archive" / "notes.md").write_text("not a hand\n", encoding="utf-8")
    files = archive_files([str(tmp_path / "archive"), "other.phh"])
    names = [Path(file).relative_to(tmp_path).as_posix() if file != "other.phh" else file
             for file in files]
    assert names == ["archive/a.phh", "archive/b/hand-000001.phh", "archive/b/hand-000002.phh",
                     "archive/b/hand-000003.phh", "other.phh"]
    report = check_report([str(tmp_path / "archive")], jobs=2)
    assert report.exit_code == 0 and report.data["summary"]["hands_valid"] == 4


def test_an_engine_that_breaks_reads_the_same_on_one_and_two_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    errors = []
    for jobs in ("1", "2"):
        code = main(["fuzz", "--engine", "broken_engines:crash_on_apply", "--profile", "base",
                     "--hands", "6", "--jobs", jobs, "--out", str(tmp_path / jobs)])
        errors.append((code, capsys.readouterr().err))
    assert errors[0] == errors[1] and errors[0][0] == 2
    assert "the adapter raised KeyError" in errors[0][1]


def test_the_spooled_report_prints_what_its_data_and_text_say(tmp_path: Path) -> None:
    # The report of an archive is printed from its spool files; it must be byte for byte
    # the JSON of its data and its text, clean hands, problems and all.
    assert main(["generate", "--profile", "base", "--hands", "3", "--seed", "2",
                 "--out", str(tmp_path / "corpus")]) == 0
    folders = [folder for folder in (SHARED, LOCAL) if folder.is_dir()]
    files = [*(str(folder) for folder in folders), str(tmp_path / "corpus"),
             str(tmp_path / "missing.phh")]
    report = check_report(files)
    for format, expected in (("json", to_json(report.data)), ("text", report.text)):
        printed = io.StringIO()
        report.write(printed, format)
        assert printed.getvalue() == expected + "\n"
    assert report.data["hands"] and report.data["problems"]
    empty = check_report([str(tmp_path / "missing.phh")])
    printed = io.StringIO()
    empty.write(printed, "json")
    assert printed.getvalue() == to_json(empty.data) + "\n" and empty.data["hands"] == []


def test_a_folder_is_walked_in_the_order_of_its_sorted_paths(tmp_path: Path) -> None:
    # A folder and files whose names sort around it ("b" < "b-c.phh" < "b.phh" < "b/…").
    for name in ("b/x.phh", "b/a/y.phh", "b.phh", "b-c.phh", "a.txt", "c.xml", "b0.phh",
                 "b/z.md", "B.phh", "b/a.phh"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    expected = sorted(str(path) for path in tmp_path.rglob("*")
                      if path.suffix in (".phh", ".txt", ".xml") and path.is_file())
    assert archive_files([str(tmp_path)]) == expected


def test_a_folder_that_cannot_be_listed_is_a_problem_in_its_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["generate", "--profile", "base", "--hands", "1", "--seed", "1",
                 "--out", str(tmp_path / "a")]) == 0
    (tmp_path / "b").mkdir()
    listing = os.scandir

    def refuse_b(path: str) -> object:  # as the system does for a folder without rights
        if Path(path).name == "b":
            raise PermissionError(13, "Permission denied", path)
        return listing(path)

    monkeypatch.setattr("studspec.cli.check.os.scandir", refuse_b)
    report = check_report([str(tmp_path)])
    assert report.exit_code == 2 and report.data["summary"]["hands_valid"] == 1
    assert [(Path(p["file"]).name, p["reason"]) for p in report.data["problems"]] == [
        ("b", "a folder that cannot be listed: Permission denied")]
    assert check_report([""]).data["problems"][0]["reason"] == "an empty path"
