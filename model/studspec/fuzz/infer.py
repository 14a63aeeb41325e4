"""Profile inference: adopt the rule values an engine follows, never a value that hides a defect.

A plain campaign stops each hand at its first divergence, so a benign rule difference (a
fold with nothing to call, say) masks whatever else is wrong later in the hand. Under
inference, a divergence that one parameter value explains (``classify``: the model under
the profile with that one value changed shows exactly what the engine showed) makes that
value part of the profile for the rest of the campaign, and the hand is played again under
it. A hand that another value of an adopted parameter explains contradicts it: the value is
retracted at once, before any new value is tried (a new value would only paper over the
contradiction), and the parameter is never adopted again.

At the end every value is held to every hand of the campaign (all of them played again
under the inferred profile, the engine replayed only where the profile changes what the
model shows):

* a hand that another value of the parameter explains contradicts it: the engine follows
  one value in some situations and another elsewhere. That is a defect of the parameter's
  clause, reported with a hand of each kind, and the value is retracted;
* a value is *established* only when at least ``established_at`` hands exercised it (another
  value of the parameter would have shown something else in them), and no single other
  value of another parameter explains the same hands (two parameters that mimic each
  other). A value not established is not adopted: its hands stay divergences, reported
  with the value that would explain them and how many hands exercised it.

Each adopted value reports its confidence: how many hands exercised it and how many would
have distinguished it from every other value of its parameter. What still diverges under
the inferred profile is the engine's defects, counted and shrunk as in a plain campaign.
Each inferred value cites the minimal hand that shows it: the first hand it explained,
shrunk under the profile as it stood before the value was adopted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis.strategies import SearchStrategy

from studspec.engines.model_adapter import ModelEngine
from studspec.engines.protocol import Engine
from studspec.errors import StudSpecError
from studspec.fuzz.campaign import Campaign, Progress, drawn_hands, kind_of, shrink_kind
from studspec.fuzz.classify import (
    ENGINE_DEFECT,
    RULE_DIFFERENCE,
    Classification,
    classify,
    reproduces,
    variants_of,
)
from studspec.fuzz.generate import HandSpec
from studspec.fuzz.lockstep import HandRun, play
from studspec.specdata.profiles import PARAMETERS, Game, Profile, typed_value

EngineFactory = Callable[[], Engine]
_ONE_VALUE = re.compile(r"^(\w+) = (\S+)$")
ESTABLISHED_AT = 3   # hands that must exercise a value before it is adopted
NOT_ESTABLISHED = "not established"


@dataclass(frozen=True)
class InferredValue:
    """A parameter value the engine follows, the hand that shows it, and the confidence."""

    parameter: str
    value: str
    kind: str                 # the divergence it explained (clause and aspect)
    hand: int                 # the index of the first hand it explained
    before: Profile           # the profile as it stood before the value was adopted
    minimal: HandRun          # that hand, shrunk under ``before``
    exercised: int = 0        # hands in which another value would have shown otherwise
    distinguishing: int = 0   # hands in which every other value would have


@dataclass(frozen=True)
class Inconsistency:
    """An engine that follows one value of a parameter in some hands and another elsewhere:
    a defect of the parameter's clause, with a hand of each kind."""

    parameter: str
    clause: str
    value: str                # the value one kind of hand shows
    hand: int
    hands: int                # how many hands show it
    other: str                # the value the other kind shows
    other_hand: int
    other_hands: int
    minimal: HandRun          # ``hand``, shrunk (it diverges under ``other``)
    other_minimal: HandRun    # ``other_hand``, shrunk (it diverges under ``value``)


@dataclass(frozen=True)
class Unestablished:
    """A value that explains some hands but was exercised by too few, or that another
    parameter's value explains as well: not adopted, its hands stay divergences."""

    parameter: str
    value: str
    hand: int                 # the first hand it explained
    exercised: int
    mimic: str = ""           # another single value that explains the same hands


@dataclass(frozen=True)
class Refused:
    """A value that explained some hands but is not adopted: the engine breaks the same
    rule (``clause``) in other hands that no value explains."""

    parameter: str
    value: str
    hand: int                 # the first hand it explained
    clause: str               # the clause the engine breaks elsewhere


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
    inconsistent: list[Inconsistency] = field(default_factory=list)
    unestablished: list[Unestablished] = field(default_factory=list)
    established_at: int = ESTABLISHED_AT
    # values not adopted because the engine breaks the same rule in other hands
    refused: list[Refused] = field(default_factory=list)

    def verdict(self, run: HandRun, profile: Profile) -> Classification:
        """The class of a remaining divergence: a value found inconsistent or not
        established explains nothing away (the hand stays a defect, saying why)."""
        verdict = classify(run, profile)
        match = _ONE_VALUE.match(verdict.explained_by)
        if verdict.kind != RULE_DIFFERENCE or match is None:
            return verdict
        for found in self.inconsistent:
            if found.parameter == match[1]:
                return Classification(ENGINE_DEFECT, f"{found.clause} applied inconsistently: "
                                      f"{found.parameter} = {found.value} in hand "
                                      f"#{found.hand}, = {found.other} in hand "
                                      f"#{found.other_hand}")
        for refused in self.refused:
            if refused.parameter == match[1]:
                return Classification(ENGINE_DEFECT, f"{verdict.explained_by} not adopted: "
                                      f"the engine breaks {refused.clause} elsewhere")
        for weak in self.unestablished:
            if weak.parameter == match[1]:
                because = (f"{weak.mimic} explains the same hands" if weak.mimic else
                           f"exercised by {weak.exercised} hand(s), "
                           f"{self.established_at} needed")
                return Classification(NOT_ESTABLISHED, f"{verdict.explained_by}: {because}")
        return verdict


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


def _with(profile: Profile, start: Profile, parameter: str, text: str | None) -> Profile:
    """``profile`` with ``parameter`` set to ``text`` (None: back to the start's value)."""
    value = getattr(start, parameter) if text is None else typed_value(parameter, text,
                                                                        "inference")
    changed = replace(profile, name=start.name, **{parameter: value})
    return changed if changed == start else replace(changed, name=f"{start.name}+inferred")


def _text_of(profile: Profile, parameter: str) -> str:
    return str(getattr(profile, parameter)).lower()


def _others(parameter: str, value: str) -> list[str]:
    return [text for text in PARAMETERS[parameter].allowed or () if text != value]


def infer_profile(engine: EngineFactory, profile: Profile, hands: int, seed: int, *,
                  progress: Progress | None = None, shrink: bool = True,
                  max_seats: int = 8, established_at: int = ESTABLISHED_AT,
                  games: Sequence[Game] | None = None,
                  picks: SearchStrategy[int] | None = None,
                  steer: bool = False) -> Inference:
    """Play ``hands`` generated hands, adopting each value that explains a divergence and
    keeping only the values every hand of the campaign agrees with (see the module)."""
    inference = Inference(profile, profile, established_at=established_at)
    model = ModelEngine(profile)
    under_test = engine()
    adoptions: list[_Adoption] = []
    blocked: set[str] = set()   # adopted once (kept or retracted): never adopted again
    runs: list[HandRun] = []
    broken: list[StudSpecError] = []
    counted = Campaign()

    @drawn_hands(seed, hands, games or (profile.game,), max_seats, picks, steer)
    def one_hand(spec: HandSpec) -> None:
        if broken:
            return
        index = counted.hands
        counted.hands += 1
        try:
            run = play(spec, model, under_test)
            if run.divergence is not None:
                run = _adopt_while_explained(run, index, model, under_test, inference,
                                             adoptions, blocked)
        except StudSpecError as error:  # e.g. a malformed reply: reported as it came
            broken.append(error)
            return
        runs.append(run)
        if run.divergence is not None:
            counted.by_kind[kind_of(run.divergence)] += 1
        if progress is not None:
            progress(counted.hands, counted.by_kind)

    one_hand()
    if broken:
        raise broken[0]
    first_divergent = sum(run.divergence is not None for run in runs)
    runs = _hold_to_every_hand(runs, model, under_test, inference, adoptions,
                               list(dict.fromkeys([*[a.parameter for a in adoptions],
                                                   *sorted(blocked)])), shrink)
    runs = _refuse_where_broken(runs, model, under_test, inference, adoptions)
    inference.profile = model.profile
    inference.defects = _defects(runs, model.profile, under_test, shrink)
    inference.explained_hands = max(first_divergent - sum(inference.defects.by_kind.values()),
                                    0)
    for adoption in adoptions:
        run = adoption.run
        kind = kind_of(run.divergence) if run.divergence else ""
        minimal = (shrink_kind(kind, ModelEngine(adoption.before), under_test, run)
                   if shrink else run)
        exercised, distinguishing = _exercise(runs, model.profile, adoption.parameter,
                                              adoption.value)
        inference.values.append(InferredValue(
            adoption.parameter, adoption.value, kind, adoption.hand, adoption.before, minimal,
            len(exercised), distinguishing))
    inference.adopted = [(a.parameter, a.value) for a in adoptions]
    return inference


def _adopt_while_explained(run: HandRun, index: int, model: ModelEngine, engine: Engine,
                           inference: Inference, adoptions: list[_Adoption],
                           blocked: set[str]) -> HandRun:
    """While the hand diverges: retract an adopted value it contradicts (first: a new value
    never papers over a contradiction), else adopt the one new value that explains it, and
    play the hand again."""
    while run.divergence is not None:
        contradicted = _contradicted(run, model.profile, adoptions)
        if contradicted is not None:
            adoptions.remove(contradicted)
            inference.retracted.append((contradicted.parameter, contradicted.value,
                                        contradicted.hand, index))
            model.profile = _with(model.profile, inference.start, contradicted.parameter,
                                  None)
        else:
            value = adoptable(run, model.profile, blocked)
            if value is None:
                return run
            parameter, text = value
            adoptions.append(_Adoption(parameter, text, index, run, model.profile))
            blocked.add(parameter)
            model.profile = _with(model.profile, inference.start, parameter, text)
        run = play(run.spec, model, engine)
    return run


def _area(clause: str) -> str:
    return clause.split("-", 1)[0]


def _refuse_where_broken(runs: list[HandRun], model: ModelEngine, engine: Engine,
                         inference: Inference, adoptions: list[_Adoption]) -> list[HandRun]:
    """Take back each adopted value whose rule the engine breaks in hands no value explains.

    Interpretation: a value's rule is its parameter's clause and the clauses of the same
    area (BRINGIN-02's tie-break and BRINGIN-01's lowest card are one rule about who brings
    in). An engine that breaks the rule elsewhere does not follow a variant of it: its
    hands stay divergences, and the value is reported as refused, not adopted."""
    while True:
        broken = [run.divergence.clause_id for run in runs if run.divergence is not None]
        conflict = next(((adoption, clause) for adoption in adoptions for clause in broken
                         if _area(clause) == _area(PARAMETERS[adoption.parameter].clause_id)),
                        None)
        if conflict is None:
            return runs
        adoption, clause = conflict
        adoptions.remove(adoption)
        inference.refused.append(Refused(adoption.parameter, adoption.value, adoption.hand,
                                         clause))
        model.profile = _with(model.profile, inference.start, adoption.parameter, None)
        runs = _replayed(runs, model.profile, engine)


def _contradicted(run: HandRun, profile: Profile,
                  adoptions: list[_Adoption]) -> _Adoption | None:
    """The adopted value that another value of its parameter shows the engine breaking."""
    for adoption in adoptions:
        if any(reproduces(_with(profile, profile, adoption.parameter, text), run)
               for text in _others(adoption.parameter, adoption.value)):
            return adoption
    return None


def _replayed(runs: list[HandRun], profile: Profile, engine: Engine) -> list[HandRun]:
    """Every hand under ``profile``: a hand that agreed and that the model under ``profile``
    still reproduces step by step is the same hand; the others are played again."""
    model = ModelEngine(profile)
    again = []
    for run in runs:
        if run.divergence is None and reproduces(profile, run):
            again.append(run)
        else:
            try:
                again.append(play(run.spec, model, engine))
            except StudSpecError:  # the engine broke on this hand now: the old run stands
                again.append(run)
    return again


def _exercise(runs: list[HandRun], profile: Profile, parameter: str,
              value: str) -> tuple[list[HandRun], int]:
    """The agreeing hands in which another value of ``parameter`` would have shown something
    else (exercising ``value``), and how many of them every other value would have."""
    exercised, distinguishing = [], 0
    others = [_with(profile, profile, parameter, text) for text in _others(parameter, value)]
    for run in runs:
        if run.divergence is not None:
            continue
        unlike = [not reproduces(other, run) for other in others]
        if any(unlike):
            exercised.append(run)
            distinguishing += all(unlike)
    return exercised, distinguishing


def _mimic(exercised: list[HandRun], profile: Profile, start: Profile,
           parameter: str) -> str:
    """Another parameter's single value that explains every hand exercising ``parameter``
    (with ``parameter`` at its starting value), or ""."""
    without = _with(profile, start, parameter, None)
    for label, variant in variants_of(without):
        if not label.startswith(f"{parameter} ") and all(
                reproduces(variant, run) for run in exercised):
            return label
    return ""


def _evidence(runs: list[HandRun], profile: Profile,
              parameter: str) -> dict[str, list[int]]:
    """The hands that show the engine following each value of ``parameter``: a hand that
    agrees under ``profile`` shows the profile's value when another value would have shown
    something else; a hand that diverges shows the value that explains it."""
    current = _text_of(profile, parameter)
    texts = list(PARAMETERS[parameter].allowed or ())
    variants = {text: _with(profile, profile, parameter, text) for text in texts
                if text != current}
    shown: dict[str, list[int]] = {}
    for index, run in enumerate(runs):
        if run.divergence is None:
            if any(not reproduces(variant, run) for variant in variants.values()):
                shown.setdefault(current, []).append(index)
            continue
        for text, variant in variants.items():
            if reproduces(variant, run):
                shown.setdefault(text, []).append(index)
                break
    return shown


def _hold_to_every_hand(runs: list[HandRun], model: ModelEngine, engine: Engine,
                        inference: Inference, adoptions: list[_Adoption],
                        candidates: list[str], shrink: bool) -> list[HandRun]:
    """Hold every parameter a hand was explained by to every hand of the campaign: one the
    engine follows with two values is inconsistent (a defect; an adopted value is
    retracted); an adopted value exercised by too few hands, or mimicked by another
    parameter's value, is not established (retracted). Repeat until all stand."""
    start = inference.start
    settled: set[str] = set()
    while True:
        runs = _replayed(runs, model.profile, engine)
        retract = None
        for parameter in candidates:
            if parameter in settled:
                continue
            adoption = next((a for a in adoptions if a.parameter == parameter), None)
            shown = _evidence(runs, model.profile, parameter)
            if len(shown) > 1:
                inference.inconsistent.append(_inconsistency(runs, model.profile, parameter,
                                                             shown, engine, shrink))
                settled.add(parameter)
                retract = adoption
                if retract is not None:
                    break
                continue
            if adoption is None:
                continue
            exercised, _ = _exercise(runs, model.profile, parameter, adoption.value)
            mimic = _mimic(exercised, model.profile, start, parameter) if len(
                exercised) >= inference.established_at else ""
            if len(exercised) < inference.established_at or mimic:
                inference.unestablished.append(Unestablished(
                    parameter, adoption.value, adoption.hand, len(exercised), mimic))
                settled.add(parameter)
                retract = adoption
                break
        if retract is None:
            return runs
        adoptions.remove(retract)
        model.profile = _with(model.profile, start, retract.parameter, None)


def _inconsistency(runs: list[HandRun], profile: Profile, parameter: str,
                   shown: dict[str, list[int]], engine: Engine,
                   shrink: bool) -> Inconsistency:
    """The two values with the most hands, each with its first hand (shrunk when it
    diverges under the profile)."""
    (value, hands), (other, other_hands) = sorted(
        shown.items(), key=lambda item: (-len(item[1]), item[1][0]))[:2]
    if other_hands[0] < hands[0]:
        (value, hands), (other, other_hands) = (other, other_hands), (value, hands)

    def minimal(index: int) -> HandRun:
        run = runs[index]
        if not shrink or run.divergence is None:
            return run
        return shrink_kind(kind_of(run.divergence), ModelEngine(profile), engine, run)

    return Inconsistency(parameter, PARAMETERS[parameter].clause_id, value, hands[0],
                         len(hands), other, other_hands[0], len(other_hands),
                         minimal(hands[0]), minimal(other_hands[0]))


def _defects(runs: list[HandRun], profile: Profile, engine: Engine,
             shrink: bool) -> Campaign:
    """The hands that still diverge under the inferred profile: the engine's defects."""
    defects = Campaign(hands=len(runs))
    model = ModelEngine(profile)
    for index, run in enumerate(runs):
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
    lines += [f"# {found.clause} applied inconsistently (an engine defect): "
              f"{found.parameter} = {found.value} in hand #{found.hand}, = {found.other} in "
              f"hand #{found.other_hand}" for found in inference.inconsistent]
    lines += [f"# not established (not adopted): {weak.parameter} = {weak.value}, exercised "
              f"by {weak.exercised} hand(s)" + (f"; {weak.mimic} explains the same hands"
                                               if weak.mimic else "")
              for weak in inference.unestablished]
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
        note = (f"Inferred from hand #{value.hand} of the campaign ({value.kind}); "
                f"exercised by {value.exercised} hand(s), {value.distinguishing} of them "
                f"distinguishing it from every other value; minimal "
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
                                 "engine": divergence.engine if divergence else ""},
                     "exercised": value.exercised, "distinguishing": value.distinguishing})
    return data
