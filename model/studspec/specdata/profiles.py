"""Variant profiles: named sets of rule parameters, each value citing its clause and source.

Profiles live in ``spec/variants/<name>.toml``. A profile may ``extends`` another; a value
it does not set is inherited and reported as inherited, never silently assumed.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal

from studspec.errors import InvalidInputError, SpecError
from studspec.inputs import load_spec_toml
from studspec.paths import spec_dir
from studspec.specdata.sources import load_sources
from studspec.specdata.suits import STANDARD_SUIT_ORDER, SuitOrder, parse_suit_order

Game = Literal["high", "hilo"]
BringInTieBreak = Literal["suit", "position"]
ShortStubProcedure = Literal["reshuffle-then-community", "tda-rp10h", "community-only"]
CommunityFirstActor = Literal["sixth-street-first-actor", "high-with-common-card"]
OddChipTieBreak = Literal["position", "card_by_suit"]
OddChipCardScope = Literal["all_cards", "five_card_hand"]
LowTieOddChip = Literal["lowest_card_by_suit", "high_card_by_suit"]
QuarteredOddChip = Literal["high", "low"]
ShowdownFirst = Literal["last_aggressor", "last_caller"]
ShowdownNoBet = Literal["first_to_act", "best_board"]
BoardTieBreak = Literal["position", "high_card_by_suit"]
AnteConvention = Literal["tenth_small_bet", "house"]
BringInConvention = Literal["half_small_bet", "third_small_bet", "twice_ante", "house"]
ShortAllInRule = Literal["half_bet", "full_raise"]
MisdealCutoff = Literal["two-acted-after-forced-bet", "substantial-action"]
ExposedDowncardOnDeal = Literal["becomes-upcard", "misdeal"]


@dataclass(frozen=True, kw_only=True)
class Profile:
    """The rule parameters a hand is played under; see ``PARAMETERS`` for their meaning."""

    name: str = "base"
    game: Game = "high"
    suit_order: SuitOrder = STANDARD_SUIT_ORDER
    bring_in_tie_break: BringInTieBreak = "suit"
    max_players: int = 8
    initial_burns: int = 0
    last_card_dealable: bool = True
    short_stub_procedure: ShortStubProcedure = "reshuffle-then-community"
    community_first_actor: CommunityFirstActor = "sixth-street-first-actor"
    chip_unit: int = 1
    odd_chip_tie_break: OddChipTieBreak = "card_by_suit"
    odd_chip_card_scope: OddChipCardScope = "all_cards"
    low_tie_odd_chip: LowTieOddChip = "lowest_card_by_suit"
    quartered_odd_chip: QuarteredOddChip = "high"
    showdown_first: ShowdownFirst = "last_aggressor"
    showdown_no_bet: ShowdownNoBet = "first_to_act"
    low_qualifier: int = 8
    board_tie_break: BoardTieBreak = "position"
    ante_convention: AnteConvention = "house"
    bring_in_convention: BringInConvention = "house"
    fourth_street_open_pair: bool = False
    raise_cap: int = 3
    heads_up_uncapped: bool = True
    short_all_in_rule: ShortAllInRule = "half_bet"
    fold_when_nothing_to_call: bool = False
    misdeal_cutoff: MisdealCutoff = "two-acted-after-forced-bet"
    exposed_downcard_on_deal: ExposedDowncardOnDeal = "becomes-upcard"
    rake_max_percent: int = 100
    rake_cap_cents: int = 0


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
        Parameter("max_players", "PLAYERS-01", "the most players a table deals in",
                  ("7", "8", "9")),
        Parameter("initial_burns", "DECK-01", "cards burned before 3rd street is dealt",
                  ("0", "1")),
        Parameter("last_card_dealable", "DECK-02",
                  "whether the last card of the stub may be dealt", ("true", "false")),
        Parameter("short_stub_procedure", "DECK-04",
                  "what the dealer does when the stub cannot give every player a 7th card",
                  ("reshuffle-then-community", "tda-rp10h", "community-only")),
        Parameter("community_first_actor", "DECK-07",
                  "who acts first on 7th street when a community card is dealt",
                  ("sixth-street-first-actor", "high-with-common-card")),
        Parameter("chip_unit", "POT-04",
                  "the smallest chip in play, in the units amounts are counted in (a positive "
                  "integer); odd chips are whole units of it", None),
        Parameter("odd_chip_tie_break", "POT-05",
                  "who gets the odd chip among tied hands: the tied player nearest the "
                  "dealer's left, or a card by suit", ("position", "card_by_suit")),
        Parameter("odd_chip_card_scope", "POT-05",
                  "which cards the card-by-suit odd-chip rule looks at: all the player's "
                  "cards, or the five cards of the winning hand",
                  ("all_cards", "five_card_hand")),
        Parameter("low_tie_odd_chip", "POT-05",
                  "the card-by-suit rule among tied low hands: the lowest card by suit wins "
                  "the odd chip, or the high card by suit",
                  ("lowest_card_by_suit", "high_card_by_suit")),
        Parameter("quartered_odd_chip", "POT-04",
                  "when the high wins its half alone and tied lows will split the low half, "
                  "which half takes the odd chip of the first split: the high (Robert's, "
                  "the TDA) or the low (Wikipedia's quartering exception)", ("high", "low")),
        Parameter("showdown_first", "SHOW-02",
                  "after a bet on the last round, who shows first: the last player to bet or "
                  "raise, or the last player to call", ("last_aggressor", "last_caller")),
        Parameter("showdown_no_bet", "SHOW-02",
                  "with no bet on the last round, who shows first: the player who acted first "
                  "on it, or the player with the best board", ("first_to_act", "best_board")),
        Parameter("low_qualifier", "LOW-02",
                  "highest rank a low hand may hold (eight-or-better, or nine-or-better)",
                  ("8", "9")),
        Parameter("board_tie_break", "ACT-03",
                  "who acts first on 4th-7th street when the best boards tie",
                  ("position", "high_card_by_suit")),
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
        Parameter("fold_when_nothing_to_call", "BET-04",
                  "a player with nothing to call may fold (the fold stands) as well as check "
                  "or bet", ("true", "false")),
        Parameter("misdeal_cutoff", "MISDEAL-01",
                  "how far the 3rd-street action may go before a misdeal can no longer be "
                  "called: two players acting after the bring-in, or substantial action",
                  ("two-acted-after-forced-bet", "substantial-action")),
        Parameter("rake_max_percent", "POT-08",
                  "the most a site's rake takes from a pot, in percent (rounded up to a whole "
                  "unit); 100: no policy is known, and a rake the record does not state is "
                  "reported", None),
        Parameter("rake_cap_cents", "POT-08",
                  "the most a site's rake takes from one pot of a cash game, in cents of "
                  "its currency; 0: no cap is known", None),
        Parameter("exposed_downcard_on_deal", "MISDEAL-04",
                  "one starting downcard exposed by the dealer: it becomes the upcard (and "
                  "the third card is dealt down), or the hand is a misdeal",
                  ("becomes-upcard", "misdeal")),
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
    # A profile is named, never given as a path: only the names of spec/variants are read.
    if name not in profile_names():
        shown = name if len(name) <= 60 else f"{name[:40]}… ({len(name)} characters)"
        raise InvalidInputError(
            f"no such profile; known profiles: {', '.join(profile_names())} (a profile file "
            "of your own goes in a spec folder named by STUDSPEC_SPEC_DIR)", input_text=shown)
    path = _variants_dir() / f"{name}.toml"
    return load_spec_toml(path, f"spec/variants/{name}.toml")


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
    typed: dict[str, Any] = {key: typed_value(key, values[key].value, file) for key in PARAMETERS}
    profile = Profile(name=name, **typed)
    return ResolvedProfile(name, title, extends, values, profile)


_FIELD_TYPES = {field.name: field.type for field in fields(Profile)}


def typed_value(key: str, text: str, file: str) -> Any:
    """The Python value of a parameter as written in a profile: int, bool, suit order or text.

    The text has been checked against the parameter's allowed values; the type comes from
    the Profile field (``int``, ``bool``) or the parameter's own parser.
    """
    if key == "suit_order":
        return parse_suit_order(text, where=file)
    if key == "chip_unit":
        return parse_chip_unit(text, where=file)
    if key in ("rake_max_percent", "rake_cap_cents"):
        return parse_rake_bound(key, text, where=file)
    if _FIELD_TYPES[key] == "int":
        return int(text)
    if _FIELD_TYPES[key] == "bool":
        return text == "true"
    return text


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
    known_sources = load_sources()
    if source not in known_sources:
        raise SpecError(file, f"unknown source {source!r}: a value cites a key of "
                        f"sources.toml ({', '.join(known_sources)})", record=profile,
                        field=key)
    if parameter.allowed is not None and value not in parameter.allowed:
        raise SpecError(file, f"{value!r} is not one of {', '.join(parameter.allowed)}",
                        record=profile, field=key)
    try:
        typed_value(key, value, file)
    except (InvalidInputError, ValueError) as error:
        raise SpecError(file, str(error), record=profile, field=key) from error
    clause_id = entry.get("clause", parameter.clause_id)
    note = entry.get("note", "")
    if not isinstance(clause_id, str) or not isinstance(note, str):
        raise SpecError(file, "'clause' and 'note' must be strings", record=profile, field=key)
    return ParameterValue(key, value, source, clause_id, note, profile)


def parse_chip_unit(text: str, *, where: str | None = None) -> int:
    """Read a chip unit: a positive whole number of the units amounts are counted in."""
    if not text.strip().isdecimal() or len(text.strip()) > 15 or int(text) < 1:
        raise InvalidInputError("a chip unit is a positive whole number", input_text=text,
                                where=where)
    return int(text)


def parse_rake_bound(key: str, text: str, *, where: str | None = None) -> int:
    """Read a rake policy value (POT-08): a whole number, a percentage at most 100."""
    # At most 15 digits (inputs.MAX_AMOUNT) before int(): 5,000 digits is a ValueError.
    if not text.strip().isdecimal() or len(text.strip()) > 15 or (
            key == "rake_max_percent" and int(text) > 100):
        raise InvalidInputError(f"{key} is a whole number" + (" from 0 to 100"
                                if key == "rake_max_percent" else " of cents"),
                                input_text=text, where=where)
    return int(text)


def load_profile(name: str) -> Profile:
    """The Profile named ``name`` (e.g. ``s000``, ``tda-2024``)."""
    return resolve_profile(name).profile


def all_profiles() -> list[ResolvedProfile]:
    """Every profile in spec/variants, resolved."""
    return [resolve_profile(name) for name in profile_names()]


assert set(PARAMETERS) == {f.name for f in fields(Profile)} - {"name"}
