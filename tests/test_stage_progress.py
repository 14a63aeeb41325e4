"""`studspec verify` shows its stages on a terminal, and nothing when piped."""

from __future__ import annotations

import io

from studspec.cli.stage_progress import StageProgress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_stages_are_shown_on_a_terminal_with_counts_and_what_was_done() -> None:
    screen = Terminal()
    progress = StageProgress(2, screen)
    step = progress.stage("proofs", 3)
    step(1, 3, "PROVED suit-order")
    progress.end("3 of 3 PROVED")
    progress.stage("golden values")
    progress.end()
    lines = [part.split("\x1b[K")[-1] for part in screen.getvalue().split("\r") if part]
    assert "[1/2] proofs 0/3 ..." in lines
    assert any(line.startswith("[1/2] proofs 1/3 ") and line.endswith(" PROVED suit-order")
               for line in lines)
    assert any(line.startswith("[1/2] proofs: 3 of 3 PROVED (") for line in lines)
    assert lines[-1].startswith("[2/2] golden values (") and lines[-1].endswith("s)\n")


def test_nothing_is_written_when_the_stream_is_not_a_terminal() -> None:
    piped = io.StringIO()
    progress = StageProgress(1, piped)
    progress.stage("proofs", 1)(1, 1)
    progress.end()
    assert piped.getvalue() == ""
