"""Lock-step over the pipe vs in-process: the same hands through the model and an engine,
once with the engine's adapter in-process and once with the same adapter served in its own
process over the wire protocol (``python -m studspec.engines.serve``); median of several
runs, the overhead ratio printed.

Run: ``.venv/bin/python bench/bench_pipe.py [--hands 200] [--runs 5] [--engine pokerkit]``.
The hands are those of ``bench_engines.py`` (2 to 8 players, deep stacks, random legal
moves). The engine process is started before the clock runs (a campaign starts it once).
Target: pipe time / in-process time at most 2x for PokerKit; for the model served against
itself (``--engine studspec``, an engine far faster than any real one) the ratio shows the
protocol's own cost per step.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.bench_engines import PROFILE, median_seconds, random_hands
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.pipe import PipeEngine
from studspec.engines.protocol import Engine
from studspec.engines.registry import engine_factory
from studspec.fuzz.generate import HandSpec
from studspec.fuzz.lockstep import play


def lock_step(engine: Engine, specs: list[HandSpec]) -> Callable[[], None]:
    """Every hand through the model and ``engine``, compared after each step."""
    model = ModelEngine(PROFILE)

    def work() -> None:
        for spec in specs:
            play(spec, model, engine)

    return work


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the benchmark; print hands per second and the overhead ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", choices=("pokerkit", "studspec"), default="pokerkit")
    arguments = parser.parse_args(argv)
    specs = [spec for spec, _ in random_hands(arguments.hands, arguments.seed)]
    local = engine_factory(arguments.engine, PROFILE.name)()
    served = PipeEngine(f"{sys.executable} -m studspec.engines.serve {arguments.engine} "
                        f"--profile {PROFILE.name}")
    try:
        in_process = median_seconds(lock_step(local, specs), arguments.runs)
        over_pipe = median_seconds(lock_step(served, specs), arguments.runs)
    finally:
        served.close()
    count = len(specs)
    print(f"{count} hands, {arguments.engine}, median of {arguments.runs} runs")
    print(f"  lock-step, in-process   {count / in_process:8.0f} hands/s")
    print(f"  lock-step, over a pipe  {count / over_pipe:8.0f} hands/s")
    print(f"pipe time / in-process time: {over_pipe / in_process:.2f}x (target <= 2x)")
    return {"in_process": in_process, "pipe": over_pipe}


if __name__ == "__main__":
    main()
