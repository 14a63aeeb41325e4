"""Classify a divergence: a documented rule difference (a profile value), or an engine defect.

The hand's moves are replayed through the model under other rules, and the engine's
observations compared with the model's at every step. If changing one parameter of the
profile under test (any allowed value) reproduces everything the engine showed, the
divergence is (a) a rule difference: the engine follows that parameter value. Failing that,
each named profile (``spec/variants``) is tried. If no rules reproduce the engine, it is
(b) an engine defect: the engine violates every profile. (c), a model defect, is a human
judgement: it is fixed in the model, and never left classified.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import EngineRefusal
from studspec.errors import InvalidInputError
from studspec.fuzz.lockstep import HandRun
from studspec.specdata.profiles import PARAMETERS, Profile, all_profiles, typed_value

RULE_DIFFERENCE, ENGINE_DEFECT = "rule difference", "engine defect"


@dataclass(frozen=True)
class Classification:
    """The class of a divergence and the rules that explain it (if any)."""

    kind: str                          # RULE_DIFFERENCE or ENGINE_DEFECT
    explained_by: str = ""             # the parameter values or profile the engine follows

    def __str__(self) -> str:
        return f"{self.kind}: {self.explained_by}" if self.explained_by else self.kind


def reproduces(profile: Profile, run: HandRun) -> bool:
    """Whether the model under ``profile`` shows exactly what the engine showed in ``run``
    and does what it did: starts or refuses the table as it did, and at the divergence
    refuses the move the engine refused (or accepts the probe the engine accepted)."""
    model = ModelEngine(profile)
    divergence = run.divergence
    aspect = divergence.aspect if divergence is not None else ""
    try:
        model.start(run.spec.table)
    except (EngineRefusal, InvalidInputError):
        return aspect == "start" and divergence is not None and divergence.engine != "starts"
    if aspect == "start":
        return divergence is not None and divergence.engine == "starts"
    try:
        for step, view in enumerate(run.engine_views):
            if model.observe() != view:
                return False
            if step < len(run.moves):
                model.apply(run.moves[step])
        if aspect in ("apply", "refusal"):
            assert divergence is not None
            if divergence.move is None:
                return False
            refused = model.refuses(divergence.move) is not None
            return refused if aspect == "apply" else not refused
    except (EngineRefusal, InvalidInputError):  # e.g. the deck runs out under these rules
        return False
    return bool(run.engine_views)


def variants_of(profile: Profile) -> list[tuple[str, Profile]]:
    """The profile with one parameter changed, for every parameter and allowed value."""
    variants = []
    for parameter in PARAMETERS.values():
        if parameter.allowed is None or parameter.name == "game":
            continue
        for text in parameter.allowed:
            value: Any = typed_value(parameter.name, text, "classify")
            if value != getattr(profile, parameter.name):
                variants.append((f"{parameter.name} = {text}",
                                 replace(profile, **{parameter.name: value})))
    return variants


def classify(run: HandRun, profile: Profile) -> Classification:
    """The class of ``run``'s divergence under ``profile`` (see the module's description)."""
    for label, variant in variants_of(profile):
        if reproduces(variant, run):
            return Classification(RULE_DIFFERENCE, label)
    for resolved in all_profiles():
        named = replace(resolved.profile, game=profile.game)
        if reproduces(named, run):
            changed = [f.name for f in fields(Profile) if f.name != "name"
                       and getattr(named, f.name) != getattr(profile, f.name)]
            return Classification(RULE_DIFFERENCE,
                                  f"profile {resolved.name} ({', '.join(changed)})")
    return Classification(ENGINE_DEFECT)

