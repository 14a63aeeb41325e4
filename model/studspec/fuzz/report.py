"""A campaign's report (text and JSON) and the minimal hands saved as replayable PHH files.

Each kind of divergence (clause and aspect) is reported with its count, its class (a rule
difference and the parameter value or profile that explains it, or an engine defect), the
clause's source text, the first hand that showed it (its index in the run) and its minimal
hand. The minimal hand is written as PHH (the model's record of the hand up to the
divergence, with the divergence in ``#`` comments): ``studspec check`` replays it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from studspec.engines.conventions import PROTOCOL
from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine
from studspec.fuzz.campaign import Campaign
from studspec.fuzz.classify import Classification, classify
from studspec.fuzz.lockstep import HandRun, play
from studspec.play.replay import record_of
from studspec.records.phh import write_phh
from studspec.specdata.profiles import Profile
from studspec.specdata.quote_fit import clause_quote


def minimal_hand_phh(run: HandRun, profile: Profile, engine: Engine, title: str) -> str:
    """PHH text of a hand up to its divergence, the divergence stated in comments."""
    model = ModelEngine(profile)
    play(run.spec, model, engine)
    assert model.hand is not None and run.divergence is not None
    divergence = run.divergence
    table = run.spec.table
    header = [f"# {title}",
              f"# after {divergence.step} move(s): {divergence.aspect} differ ("
              f"{divergence.clause_id})",
              f"#   studspec ({profile.name}): {divergence.model}",
              f"#   {engine.name}: {divergence.engine}",
              "# deck order: " + " ".join(map(str, table.deck))]
    return "\n".join(header) + "\n" + write_phh(record_of(model.hand), profile=profile.name)


def _free_path(folder: Path, stem: str) -> Path:
    """A path in ``folder`` that does not exist yet (files are never overwritten)."""
    path, number = folder / f"{stem}.phh", 2
    while path.exists():
        path, number = folder / f"{stem}-{number}.phh", number + 1
    return path


Verdict = Callable[[HandRun, Profile], Classification]
PROTOCOL_MISMATCH = "protocol mismatch"  # an observation laid out against the conventions


def campaign_report(campaign: Campaign, profile: Profile, engine: Engine, command: str,
                    out: Path | None, verdict_of: Verdict = classify, *,
                    suite_failures: int = 0) -> tuple[dict[str, Any], str]:
    """The report's data and text; minimal hands are written under ``out`` (if given).
    ``verdict_of`` classes each kind's minimal hand (inference says more than ``classify``
    about a value it found inconsistent or not established). ``suite_failures``: the
    protocol-suite hands that failed, counted in the summary line (a run whose only
    failure is in the suite is never "0 divergent" alone)."""
    kinds = []
    for kind, count in campaign.by_kind.most_common():
        index, first = campaign.first[kind]
        minimal = campaign.minimal.get(kind, first)
        divergence = minimal.divergence
        assert divergence is not None
        verdict = (Classification(PROTOCOL_MISMATCH, f"convention {divergence.aspect}")
                   if divergence.clause_id == PROTOCOL else verdict_of(minimal, profile))
        path = None
        if out is not None and divergence.aspect != "start":  # no hand to record then
            out.mkdir(parents=True, exist_ok=True)
            path = _free_path(out, kind.replace(" ", "-"))
            path.write_text(minimal_hand_phh(minimal, profile, engine,
                                             f"{kind}: {verdict} (reproduce: {command})"),
                            encoding="utf-8")
        table = minimal.spec.table
        kinds.append({
            "kind": kind, "count": count, "clause": divergence.clause_id,
            "aspect": divergence.aspect, "class": verdict.kind,
            "explained_by": verdict.explained_by, "first_hand": index,
            "source": clause_quote(divergence.clause_id, f"{divergence.aspect} "
                                   f"{divergence.model} {divergence.engine}"),
            "minimal": {"stacks": list(table.stacks), "stakes": str(table.stakes),
                        "moves": [str(move) for move in minimal.moves],
                        "step": divergence.step, "model": divergence.model,
                        "engine": divergence.engine, "phh": str(path) if path else None}})
    data = {"engine": engine.name, "profile": profile.name, "hands": campaign.hands,
            "divergent_hands": sum(campaign.by_kind.values()), "command": command,
            "protocol_suite_failures": suite_failures, "divergences": kinds}
    return data, _text(data)


def _text(data: dict[str, Any]) -> str:
    lines = [f"{data['engine']} against profile {data['profile']}: {data['hands']} hand(s), "
             f"{data['divergent_hands']} divergent"
             + (f", and {data['protocol_suite_failures']} protocol-suite hand(s) failing"
                if data["protocol_suite_failures"] else ""),
             f"reproduce: {data['command']}"]
    for entry in data["divergences"]:
        minimal = entry["minimal"]
        lines += ["", f"{entry['kind']}: {entry['count']} hand(s), first in hand "
                      f"#{entry['first_hand']}; {entry['class']}"
                      + (f" ({entry['explained_by']})" if entry["explained_by"] else "")]
        if entry["source"]:
            lines.append(f"  source {entry['source']}")
        lines.append(f"  minimal hand: stacks {minimal['stacks']}, {minimal['stakes']}, "
                     f"moves [{', '.join(minimal['moves'])}]")
        lines.append(f"    studspec: {minimal['model']}")
        lines.append(f"    engine:   {minimal['engine']}")
        if minimal["phh"]:
            lines.append(f"    saved: {minimal['phh']}")
    return "\n".join(lines)
