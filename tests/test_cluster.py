"""``--scheduler``: the same check and fuzz work on a real Dask cluster (a scheduler and two
worker processes on this machine), with reports identical to the local ones.

CI (.ci/run) starts the cluster and names it in ``STUDSPEC_SCHEDULER``; without it this
module starts its own scheduler and two workers, and stops them at the end.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("distributed")

from studspec.cli.check import check_report
from studspec.cli.main import main
from studspec.cli.render import to_json
from studspec.errors import InvalidInputError, LostWork
from studspec.fuzz.campaign import run_campaign
from studspec.run.cluster import close_client, cluster_client, cluster_map
from studspec.specdata.profiles import load_profile

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "handhistories"
LOCAL = ROOT / "tests" / "data" / "handhistories"


def _dask_command(folder: Path) -> tuple[str, dict[str, Any]]:
    """The venv's ``dask`` command and quiet Popen options that run it in ``folder``."""
    dask = shutil.which("dask", path=str(Path(sys.executable).parent)) or "dask"
    return dask, {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": folder}


def _start_scheduler(folder: Path, processes: list[subprocess.Popen[bytes]]) -> str:
    """Start a scheduler on a free loopback port (appended to ``processes``, for the
    caller to stop) and return its address once it has written it."""
    dask, quiet = _dask_command(folder)
    address_file = folder / "scheduler.json"
    processes.append(subprocess.Popen(
        [dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--scheduler-file", str(address_file)], **quiet))
    for _ in range(600):
        if address_file.is_file() and address_file.stat().st_size:
            break
        time.sleep(0.1)
    address: str = json.loads(address_file.read_text(encoding="utf-8"))["address"]
    return address


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a running scheduler with two workers (CI's, or started here)."""
    given = os.environ.get("STUDSPEC_SCHEDULER")
    if given:
        client = cluster_client(given, timeout=60)
        client.wait_for_workers(2, timeout=120)
        client.close()
        yield given
        return
    folder = tmp_path_factory.mktemp("cluster")
    dask, quiet = _dask_command(folder)
    processes: list[subprocess.Popen[bytes]] = []
    try:
        address = _start_scheduler(folder, processes)
        processes += [subprocess.Popen([dask, "worker", address, "--nworkers", "1",
                                        "--nthreads", "1", "--no-dashboard"], **quiet)
                      for _ in range(2)]
        client = cluster_client(address, timeout=60)
        client.wait_for_workers(2, timeout=120)
        client.close()
        yield address
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def test_check_on_the_cluster_gives_the_local_report(scheduler: str, tmp_path: Path) -> None:
    assert main(["generate", "--profile", "pokerstars", "--hands", "30", "--seed", "6",
                 "--out", str(tmp_path / "corpus")]) == 0
    files = sorted(str(path) for path in (tmp_path / "corpus").iterdir())
    files += sorted(str(path) for folder in (SHARED, LOCAL) if folder.is_dir()
                    for path in folder.rglob("*.txt"))
    local, cluster = check_report(files, jobs=1), check_report(files, scheduler=scheduler)
    assert local.text == cluster.text and to_json(local.data) == to_json(cluster.data)
    assert local.exit_code == cluster.exit_code


def test_a_big_log_in_parts_on_the_cluster_gives_the_local_report(
        scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The parts are planned where the check runs (here), and read by the cluster's workers.
    from bench.big_log import write_big_log
    from studspec.records import ranges

    monkeypatch.setattr(ranges, "SPLIT_BYTES", 1)
    monkeypatch.setattr(ranges, "PART_BYTES", 8000)
    log = tmp_path / "big.txt"
    write_big_log(log, 40_000)
    plan = ranges.plan_parts(log, str(log), 2)
    assert plan is not None and len(plan[0]) > 2
    local, cluster = check_report([str(log)], jobs=1), check_report([str(log)],
                                                                    scheduler=scheduler)
    assert local.text == cluster.text and to_json(local.data) == to_json(cluster.data)
    assert local.exit_code == cluster.exit_code


def test_a_fuzz_campaign_on_the_cluster_is_the_local_campaign(scheduler: str) -> None:
    pytest.importorskip("pokerkit")
    from studspec.engines.pokerkit_adapter import PokerKitEngine

    profile = load_profile("pokerkit-0.7.7")
    local, cluster = (run_campaign(PokerKitEngine, profile, 60, seed=1, shrink=False, **where)
                      for where in ({"jobs": 1}, {"scheduler": scheduler}))
    assert local.hands == cluster.hands == 60
    assert local.by_kind == cluster.by_kind and local.by_kind  # PokerKit's known divergences
    assert {kind: (index, run.divergence, run.moves) for kind, (index, run)
            in local.first.items()} == {kind: (index, run.divergence, run.moves)
                                        for kind, (index, run) in cluster.first.items()}


def test_the_fuzz_command_reports_the_same_through_the_scheduler(
        scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for where in (["--jobs", "1"], ["--scheduler", scheduler]):
        code = main(["fuzz", "--engine", "studspec", "--profile", "s002", "--hands", "30",
                     "--seed", "3", *where, "--out", str(tmp_path / where[0])])
        outputs.append((code, capsys.readouterr().out))
    assert outputs[0] == outputs[1] and outputs[0][0] == 0


def test_an_unreachable_scheduler_is_a_clear_input_error() -> None:
    with pytest.raises(InvalidInputError, match="no Dask scheduler answers there"):
        cluster_client("tcp://127.0.0.1:9", timeout=1)


# -- foreign servers, bad addresses, lost workers: an error, never a hang or a traceback ---
def _studspec(*argv: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """studspec in a process of its own (a traceback printed at exit shows only so)."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "studspec.cli.main", *argv],
                          capture_output=True, text=True, timeout=120)
    return done, time.monotonic() - start


@pytest.fixture()
def not_a_scheduler() -> Iterator[str]:
    """A TCP server on 127.0.0.1 that answers like a web server and keeps the line open
    (tests/data/bad-inputs/not-a-scheduler.py, a real process)."""
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, str(ROOT / "tests" / "data" / "bad-inputs"
                                                   / "not-a-scheduler.py"), str(port)])
    try:
        for _ in range(100):
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"tcp://127.0.0.1:{port}"
    finally:
        server.kill()
        server.wait()


def test_a_server_that_is_not_dask_is_a_clear_error_with_no_traceback_on_exit(
        not_a_scheduler: str) -> None:
    done, elapsed = _studspec("check", str(LOCAL / "party-hilo.txt"), "--scheduler",
                              not_a_scheduler)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"studspec: error: --scheduler: {not_a_scheduler!r}: no "
                                  "Dask scheduler answers there"), done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert elapsed < 30


@pytest.mark.parametrize("address", ["nonsense", "", "tcp://127.0.0.1:notaport"])
def test_a_malformed_address_is_a_clear_error_at_once(address: str) -> None:
    done, elapsed = _studspec("check", str(LOCAL / "party-hilo.txt"), "--scheduler", address)
    assert done.returncode == 2, done.stderr
    assert "no Dask scheduler answers there (not an address" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert elapsed < 15  # no 20 s wait for a client that never connected


def test_a_cluster_that_loses_its_only_worker_ends_the_work_naming_what_is_left(
        tmp_path: Path) -> None:
    # A cluster of its own (the shared one keeps its workers): a scheduler and one worker
    # process without a nanny, killed (SIGKILL) while it sleeps on the first item.
    dask, quiet = _dask_command(tmp_path)
    processes: list[subprocess.Popen[bytes]] = []
    try:
        address = _start_scheduler(tmp_path, processes)
        worker = subprocess.Popen([dask, "worker", address, "--no-nanny", "--nthreads", "1",
                                   "--no-dashboard"], **quiet)
        processes.append(worker)
        client = cluster_client(address, timeout=60)
        try:
            client.wait_for_workers(1, timeout=120)
            results = cluster_map(client, time.sleep, [30, 31, 32], workerless=2)
            killer = threading.Timer(2.0, worker.kill)  # SIGKILL, mid-task
            killer.start()
            start = time.monotonic()
            with pytest.raises(LostWork) as lost:
                next(results)
            killer.join()
        finally:
            close_client(client)
    finally:
        for process in processes:
            process.kill()
        for process in processes:
            process.wait(timeout=30)
    assert lost.value.items == [30, 31, 32]
    assert "no worker for 2 s" in str(lost.value)
    assert time.monotonic() - start < 30
