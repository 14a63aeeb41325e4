"""Profile inference: adopt the rule values an engine follows, so they stop hiding defects.

A plain campaign stops each hand at its first divergence, so a benign rule difference (a
fold with nothing to call, say) masks whatever else is wrong later in the hand. Under
inference, a divergence that one parameter value explains (``classify``: the model under
the profile with that one value changed shows exactly what the engine showed) makes that
value part of the profile for the rest of the campaign, and the hand is played again under
it. Each parameter is adopted at most once: an engine that later shows another value of an
adopted parameter has a defect, not a rule. Divergences that no single value explains
(a whole named profile is not adopted) are the engine's defects: at the end every
divergent hand is played again under the inferred profile and counted, and the first hand
of each kind is shrunk, as in a plain campaign.

Each inferred value cites the minimal hand that shows it: the first hand it explained,
shrunk under the profile as it stood before the value was adopted.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine
from studspec.errors import StudSpecError
from studspec.fuzz.campaign import Campaign, Progress, drawn_hands, kind_of, shrink_kind
from studspec.fuzz.classify import RULE_DIFFERENCE, classify, reproduces
from studspec.fuzz.generate import HandSpec
from studspec.fuzz.lockstep import HandRun, play
from studspec.profiles import PARAMETERS, Profile
from studspec.profiles import _typed as typed_value

EngineFactory = Callable[[], Engine]
_ONE_VALUE = re.compile(r"^(\w+) = (\S+)$")


@dataclass(frozen=True)
class InferredValue:
    """A parameter value the engine follows, and the hand that shows it."""

    parameter: str
    value: str
    kind: str                 # the divergence it explained (clause and aspect)
    hand: int                 # the index of the first hand it explained
    before: Profile           # the profile as it stood before the value was adopted
    minimal: HandRun          # that hand, shrunk under ``before``


@dataclass
class Inference:
    """What an inferring campaign found: the values, the profile, the remaining defects."""

    start: Profile
    profile: Profile
    values: list[InferredValue] = field(default_factory=list)
    defects: Campaign = field(default_factory=Campaign)
    # hands that diverged under the profile of their time and not under the inferred one
    explained_hands: int = 0
    adopted: list[tuple[str, str]] = field(default_factory=list)  # in adoption order
    # values adopted and then contradicted: parameter, value, the hand that showed it, the
    # hand that contradicted it
    retracted: list[tuple[str, str, int, int]] = field(default_factory=list)


def adoptable(run: HandRun, profile: Profile, adopted: set[str]) -> tuple[str, str] | None:
    """The one parameter value that explains ``run``'s divergence and is not adopted yet."""
    verdict = classify(run, profile)
    match = _ONE_VALUE.match(verdict.explained_by)
    if verdict.kind != RULE_DIFFERENCE or match is None or match[1] in adopted:
        return None
    return match[1], match[2]


@dataclass
class _Adoption:
    parameter: str
    value: str
    hand: int
    run: HandRun          # the hand it explained, as first played
    before: Profile


def infer_profile(engine: EngineFactory, profile: Profile, hands: int, seed: int, *,
                  progress: Progress | None = None, shrink: bool = True,
                  max_seats: int = 8) -> Inference:
    """Play ``hands`` generated hands, adopting each value that explains a divergence."""
    inference = Inference(profile, profile)
    model = ModelEngine(profile)
    under_test = engine()
    adoptions: list[_Adoption] = []
    blocked: set[str] = set()   # adopted once (kept or retracted): never adopted again
    divergent: list[tuple[int, HandSpec]] = []
    broken: list[StudSpecError] = []
    counted = Campaign()

    @drawn_hands(seed, hands, profile.game, max_seats)
    def one_hand(spec: HandSpec) -> None:
        if broken:
            return
        index = counted.hands
        counted.hands += 1
        try:
            run = play(spec, model, under_test)
            if run.divergence is not None:
                divergent.append((index, spec))
                run = _adopt_while_explained(run, index, model, under_test, inference,
                                             adoptions, blocked)
        except StudSpecError as error:  # e.g. a malformed reply: reported as it came
            broken.append(error)
            return
        if run.divergence is not None:
            counted.by_kind[kind_of(run.divergence)] += 1
        if progress is not None:
            progress(counted.hands, counted.by_kind)

    one_hand()
    if broken:
        raise broken[0]
    inference.profile = model.profile
    inference.defects = _defects(divergent, counted.hands, model.profile, under_test, shrink)
    inference.explained_hands = len(divergent) - sum(inference.defects.by_kind.values())
    for adoption in adoptions:
        run = adoption.run
        kind = kind_of(run.divergence) if run.divergence else ""
        minimal = (shrink_kind(kind, ModelEngine(adoption.before), under_test, run)
                   if shrink else run)
        inference.values.append(InferredValue(adoption.parameter, adoption.value, kind,
                                              adoption.hand, adoption.before, minimal))
    inference.adopted = [(a.parameter, a.value) for a in adoptions]
    return inference


def _adopt_while_explained(run: HandRun, index: int, model: ModelEngine, engine: Engine,
                           inference: Inference, adoptions: list[_Adoption],
                           blocked: set[str]) -> HandRun:
    """While one new value explains the hand's divergence, adopt it and play the hand again.

    A divergence that another value of an adopted parameter explains contradicts the
    adopted value (the engine follows no one value of it, e.g. a short-stub procedure that
    matched one hand by chance): the value is retracted and the hand played again.
    """
    while run.divergence is not None:
        value = adoptable(run, model.profile, blocked)
        if value is None:
            contradicted = _contradicted(run, model.profile, adoptions)
            if contradicted is None:
                return run
            adoptions.remove(contradicted)
            inference.retracted.append((contradicted.parameter, contradicted.value,
                                        contradicted.hand, index))
            parameter = contradicted.parameter
            model.profile = replace(model.profile, name=f"{inference.start.name}+inferred",
                                    **{parameter: getattr(inference.start, parameter)})
        else:
            parameter, text = value
            adoptions.append(_Adoption(parameter, text, index, run, model.profile))
            blocked.add(parameter)
            model.profile = replace(model.profile, name=f"{inference.start.name}+inferred",
                                    **{parameter: typed_value(parameter, text, "inference")})
        run = play(run.spec, model, engine)
    return run


def _contradicted(run: HandRun, profile: Profile,
                  adoptions: list[_Adoption]) -> _Adoption | None:
    """The adopted value that another value of its parameter shows the engine breaking."""
    for adoption in adoptions:
        parameter = PARAMETERS[adoption.parameter]
        for text in parameter.allowed or ():
            if text != adoption.value and reproduces(replace(profile, **{
                    adoption.parameter: typed_value(adoption.parameter, text, "inference")}),
                    run):
                return adoption
    return None


def _defects(divergent: list[tuple[int, HandSpec]], hands: int, profile: Profile,
             engine: Engine, shrink: bool) -> Campaign:
    """The divergent hands played again under the inferred profile: the engine's defects."""
    defects = Campaign(hands=hands)
    model = ModelEngine(profile)
    for index, spec in divergent:
        run = play(spec, model, engine)
        if run.divergence is not None:
            kind = kind_of(run.divergence)
            defects.by_kind[kind] += 1
            defects.first.setdefault(kind, (index, run))
    if shrink:
        for kind, (_, run) in defects.first.items():
            defects.minimal[kind] = shrink_kind(kind, model, engine, run)
    return defects


def source_key(engine_name: str) -> str:
    """The sources.toml key an inferred value cites: ``PokerKit`` for PokerKit, else the
    engine's name (to be added to sources.toml before the profile can be loaded)."""
    return "PokerKit" if engine_name.lower().startswith("pokerkit") else re.sub(
        r"[^A-Za-z0-9._-]+", "-", engine_name)


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def profile_toml(inference: Inference, engine_name: str, command: str,
                 saved: dict[str, str]) -> str:
    """The inferred profile in the variants format (``spec/variants/NAME.toml``): it extends
    the starting profile and sets each inferred value, citing its minimal hand."""
    source = source_key(engine_name)
    start = inference.start
    lines = [f"# Inferred by: {command}",
             f"# {inference.defects.hands} hand(s); {len(inference.values)} value(s) "
             f"inferred; engine defects no value explains: "
             f"{', '.join(inference.defects.by_kind) or 'none'}"]
    if source != "PokerKit":
        lines.append(f"# Before loading this profile, add a [[source]] with key = "
                     f"{_toml_string(source)} to spec/sources/sources.toml.")
    lines += [f"title = {_toml_string(f'{engine_name}, as inferred by studspec fuzz from profile {start.name}')}",  # noqa: E501
              f"extends = {_toml_string(start.name)}", "", "[values]"]
    entries: list[tuple[str, str, str]] = []
    if start.game != "high" and start.name == "base":
        entries.append(("game", start.game, "The game the campaign played."))
    for value in inference.values:
        run = value.minimal
        divergence = run.divergence
        table = run.spec.table
        shown = (f"studspec ({value.before.name}) shows {divergence.model}, the engine "
                 f"{divergence.engine}" if divergence else "")
        note = (f"Inferred from hand #{value.hand} of the campaign ({value.kind}); minimal "
                f"hand: stakes {table.stakes}, stacks {list(table.stacks)}, moves "
                f"[{', '.join(map(str, run.moves))}]; {shown}"
                + (f"; saved as {saved[value.parameter]}" if value.parameter in saved
                   else "; deck " + " ".join(map(str, table.deck))) + ".")
        entries.append((value.parameter, value.value, note))
    for parameter, text, note in entries:
        clause = PARAMETERS[parameter].clause_id
        lines.append(f"{parameter} = {{ value = {_toml_string(text)}, source = "
                     f"{_toml_string(source)}, clause = {_toml_string(clause)}, note = "
                     f"{_toml_string(note)} }}")
    return "\n".join(lines) + "\n"


def inferred_data(inference: Inference) -> list[dict[str, Any]]:
    """The inferred values as JSON-ready data."""
    data = []
    for value in inference.values:
        run = value.minimal
        divergence = run.divergence
        data.append({"parameter": value.parameter, "value": value.value, "kind": value.kind,
                     "first_hand": value.hand, "before": value.before.name,
                     "minimal": {"stacks": list(run.spec.table.stacks),
                                 "stakes": str(run.spec.table.stakes),
                                 "moves": [str(move) for move in run.moves],
                                 "model": divergence.model if divergence else "",
                                 "engine": divergence.engine if divergence else ""}})
    return data
