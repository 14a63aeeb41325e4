"""Progress of a long command in stages (``studspec verify``), on a terminal only.

Each stage is one line: while it runs, ``[4/8] proofs 12/58 betting-invariant 9.3s``
is rewritten in place; when it ends, the line stays with its count and time. Nothing is
written when the stream is not a terminal (CI logs, pipes, ``--format json`` into a file),
so the report on stdout is the same either way.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class StageProgress:
    """A command's stages, shown one line each on ``stream`` when it is a terminal."""

    def __init__(self, stages: int, stream: TextIO | None = None,
                 shown: bool | None = None) -> None:
        """``shown``: None shows the stages when ``stream`` (stderr) is a terminal."""
        self.stream = stream if stream is not None else sys.stderr
        self.shown = self.stream.isatty() if shown is None else shown
        self.stages = stages
        self.number = 0
        self.name = ""
        self.started = time.perf_counter()
        self.open = False

    def write(self, text: str, end: str = "") -> None:
        if self.shown:
            self.stream.write("\r\x1b[K" + text + end)
            self.stream.flush()

    def elapsed(self) -> str:
        return f"{time.perf_counter() - self.started:.1f}s"

    def stage(self, name: str, total: int | None = None) -> Step:
        """Start stage ``name`` (ending the one before); the step reports how far it is."""
        self.end()
        self.number += 1
        self.name, self.started, self.open = name, time.perf_counter(), True
        self.write(f"[{self.number}/{self.stages}] {name}"
                    + (f" 0/{total}" if total else "") + " ...")
        return Step(self)

    def end(self, detail: str = "") -> None:
        """End the current stage: its line stays, with ``detail`` and its time."""
        if self.open:
            self.write(f"[{self.number}/{self.stages}] {self.name}"
                        + (f": {detail}" if detail else "") + f" ({self.elapsed()})", "\n")
            self.open = False


class Step:
    """How far the current stage is: ``step(done, total)`` or, naming what was just done,
    ``step(done, total, "betting-invariant")`` (a ``Callable[[int, int], None]`` too)."""

    def __init__(self, progress: StageProgress) -> None:
        self.progress = progress

    def __call__(self, done: int, total: int, label: str = "") -> None:
        shown = self.progress
        shown.write(f"[{shown.number}/{shown.stages}] {shown.name} {done}/{total} "
                     f"{shown.elapsed()}" + (f" {label}" if label else ""))
