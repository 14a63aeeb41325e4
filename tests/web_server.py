"""Start ``studspec serve`` as a separate process on a free loopback port, for the web tests.

The server is the installed command (the same one the README starts); the tests talk to it
over real HTTP and stop it, by its process ID, when they end.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Server:
    """A running server: its base URL and process."""

    url: str
    process: subprocess.Popen[bytes]

    @property
    def pid(self) -> int:
        return self.process.pid


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def studspec_command() -> list[str]:
    script = Path(sys.executable).with_name("studspec")
    return [str(script)] if script.exists() else [sys.executable, "-m", "studspec.cli.main"]


@contextmanager
def running_server(*options: str) -> Iterator[Server]:
    """``studspec serve --port N [options]`` until the block ends (it must answer within
    30 s)."""
    port = free_port()
    process = subprocess.Popen([*studspec_command(), "serve", "--port", str(port), *options],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError("studspec serve stopped: "
                                   + (process.stderr.read().decode() if process.stderr else ""))
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("studspec serve did not answer within 30 s")
            time.sleep(0.2)
        yield Server(url, process)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stderr:
            process.stderr.close()


def rss_kib(pid: int) -> int:
    """The process's resident memory (VmRSS) in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")
