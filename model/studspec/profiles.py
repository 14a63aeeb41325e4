"""Variant profiles: named sets of rule parameters, each value citing its clause and source.

Profiles live in ``spec/variants/<name>.toml``. A profile may ``extends`` another; a value
it does not set is inherited and reported as inherited, never silently assumed.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Literal

from studspec.cards import STANDARD_SUIT_ORDER, SuitOrder, format_suit_order, parse_suit_order
from studspec.errors import InvalidInputError, SpecError
from studspec.paths import spec_dir

Game = Literal["high", "hilo"]
BringInTieBreak = Literal["suit", "position"]
# --- BET parameters ---
AnteConvention = Literal["tenth_small_bet", "house"]
BringInConvention = Literal["half_small_bet", "third_small_bet", "twice_ante", "house"]
ShortAllInRule = Literal["half_bet", "full_raise"]
# --- end BET parameters ---


@dataclass(frozen=True, kw_only=True)
class Profile:
    """The rule parameters a hand is played under; see ``PARAMETERS`` for their meaning."""

    name: str = "base"
    game: Game = "high"
    suit_order: SuitOrder = STANDARD_SUIT_ORDER
    bring_in_tie_break: BringInTieBreak = "suit"
    # --- BET parameters ---
    ante_convention: AnteConvention = "house"
    bring_in_convention: BringInConvention = "house"
    fourth_street_open_pair: bool = False
    raise_cap: int = 3
    heads_up_uncapped: bool = True
    short_all_in_rule: ShortAllInRule = "half_bet"
    # --- end BET parameters ---


@dataclass(frozen=True)
class Parameter:
    """What a profile parameter means, its allowed values and the clause that uses it."""

    name: str
    clause_id: str
    description: str
    allowed: tuple[str, ...] | None  # None: free-form, checked by its parser


PARAMETERS: dict[str, Parameter] = {
    parameter.name: parameter
    for parameter in (
        Parameter("game", "LOW-01", "high only, or high/low eight-or-better", ("high", "hilo")),
        Parameter("suit_order", "CARD-04", "suit order for the bring-in, lowest first", None),
        Parameter("bring_in_tie_break", "BRINGIN-02",
                  "who brings in when the lowest door cards tie in rank",
                  ("suit", "position")),
        # --- BET parameters ---
        Parameter("ante_convention", "ANTE-02",
                  "the usual ante size the source states (advice only)",
                  ("tenth_small_bet", "house")),
        Parameter("bring_in_convention", "BRINGIN-03",
                  "the usual bring-in size the source states (advice only)",
                  ("half_small_bet", "third_small_bet", "twice_ante", "house")),
        Parameter("fourth_street_open_pair", "BET-07",
                  "an open pair on 4th street lets any player bet or raise the big bet",
                  ("true", "false")),
        Parameter("raise_cap", "BET-08", "raises allowed after the bet in a round",
                  ("3", "4")),
        Parameter("heads_up_uncapped", "BET-09",
                  "raising is unlimited once fewer than three players with chips remain",
                  ("true", "false")),
        Parameter("short_all_in_rule", "BET-11",
                  "how big an all-in raise must be to reopen the betting",
                  ("half_bet", "full_raise")),
        # --- end BET parameters ---
    )
}


@dataclass(frozen=True)
class ParameterValue:
    """One parameter's value in a profile and where it comes from."""

    name: str
    value: str
    source: str
    clause_id: str
    note: str
    defined_in: str  # the profile file that set it; differs from the profile when inherited


@dataclass(frozen=True)
class ResolvedProfile:
    """A profile with the provenance of every value."""

    name: str
    title: str
    extends: str | None
    values: dict[str, ParameterValue]
    profile: Profile

    def is_inherited(self, parameter: str) -> bool:
        """Decide whether the parameter's value comes from a profile this one extends."""
        return self.values[parameter].defined_in != self.name


def _variants_dir() -> Path:
    return spec_dir() / "variants"


def profile_names() -> list[str]:
    """Names of every profile in spec/variants, sorted."""
    return sorted(path.stem for path in _variants_dir().glob("*.toml"))


def _read(name: str) -> dict[str, object]:
    path = _variants_dir() / f"{name}.toml"
    if not path.is_file():
        raise InvalidInputError(
            f"no such profile; known profiles: {', '.join(profile_names())}", input_text=name)
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise SpecError(str(path), f"not valid TOML: {error}") from error


def resolve_profile(name: str, _chain: tuple[str, ...] = ()) -> ResolvedProfile:
    """Load a profile, following ``extends``, and check every value against PARAMETERS."""
    file = f"spec/variants/{name}.toml"
    if name in _chain:
        raise SpecError(file, f"'extends' forms a cycle: {' -> '.join((*_chain, name))}")
    data = _read(name)
    title = data.get("title")
    if not isinstance(title, str):
        raise SpecError(file, "a profile needs a string 'title'", record=name, field="title")
    extends = data.get("extends")
    values: dict[str, ParameterValue] = {}
    if extends is not None:
        if not isinstance(extends, str):
            raise SpecError(file, "'extends' names one profile", record=name, field="extends")
        values.update(resolve_profile(extends, (*_chain, name)).values)
    raw_values = data.get("values", {})
    if not isinstance(raw_values, dict):
        raise SpecError(file, "'values' must be a table", record=name, field="values")
    for key, entry in raw_values.items():
        values[key] = _parameter_value(file, name, key, entry)
    missing = [parameter for parameter in PARAMETERS if parameter not in values]
    if missing:
        raise SpecError(file, f"no value (set or inherited) for {', '.join(missing)}",
                        record=name)
    profile = Profile(
        name=name,
        game=values["game"].value,  # type: ignore[arg-type]  # checked against allowed
        suit_order=parse_suit_order(values["suit_order"].value, where=file),
        bring_in_tie_break=values["bring_in_tie_break"].value,  # type: ignore[arg-type]
        # --- BET parameters ---
        ante_convention=values["ante_convention"].value,  # type: ignore[arg-type]
        bring_in_convention=values["bring_in_convention"].value,  # type: ignore[arg-type]
        fourth_street_open_pair=_as_bool(values["fourth_street_open_pair"].value),
        raise_cap=_as_int(values["raise_cap"].value),
        heads_up_uncapped=_as_bool(values["heads_up_uncapped"].value),
        short_all_in_rule=values["short_all_in_rule"].value,  # type: ignore[arg-type]
        # --- end BET parameters ---
    )
    return ResolvedProfile(name, title, extends, values, profile)


# --- BET parameters ---
def _as_bool(text: str) -> bool:
    """A profile value 'true'/'false' (already checked against the allowed values)."""
    return text == "true"


def _as_int(text: str) -> int:
    """A profile value that is a whole number (already checked against the allowed values)."""
    return int(text)
# --- end BET parameters ---


def _parameter_value(file: str, profile: str, key: str, entry: object) -> ParameterValue:
    parameter = PARAMETERS.get(key)
    if parameter is None:
        raise SpecError(file, f"unknown parameter; known: {', '.join(PARAMETERS)}",
                        record=profile, field=key)
    if not isinstance(entry, dict):
        raise SpecError(file, "each value is a table {value, source, clause, note}",
                        record=profile, field=key)
    value, source = entry.get("value"), entry.get("source")
    if not isinstance(value, str) or not isinstance(source, str):
        raise SpecError(file, "'value' and 'source' must be strings", record=profile, field=key)
    if parameter.allowed is not None and value not in parameter.allowed:
        raise SpecError(file, f"{value!r} is not one of {', '.join(parameter.allowed)}",
                        record=profile, field=key)
    if key == "suit_order":
        try:
            parse_suit_order(value)
        except InvalidInputError as error:
            raise SpecError(file, str(error), record=profile, field=key) from error
    clause_id = entry.get("clause", parameter.clause_id)
    note = entry.get("note", "")
    if not isinstance(clause_id, str) or not isinstance(note, str):
        raise SpecError(file, "'clause' and 'note' must be strings", record=profile, field=key)
    return ParameterValue(key, value, source, clause_id, note, profile)


def load_profile(name: str) -> Profile:
    """The Profile named ``name`` (e.g. ``s000``, ``tda-2024``)."""
    return resolve_profile(name).profile


def all_profiles() -> list[ResolvedProfile]:
    """Every profile in spec/variants, resolved."""
    return [resolve_profile(name) for name in profile_names()]


def display_value(profile: Profile, parameter: str) -> str:
    """A parameter's value as written in a profile file."""
    value = getattr(profile, parameter)
    if parameter == "suit_order":
        return format_suit_order(value)
    if isinstance(value, bool):  # BET parameters: written 'true'/'false'
        return "true" if value else "false"
    return str(value)


assert set(PARAMETERS) == {f.name for f in fields(Profile)} - {"name"}
