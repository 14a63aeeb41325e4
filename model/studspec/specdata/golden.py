"""Golden checks: profile values tied to the quotes they cite.

A profile value whose note is a verbatim quote of a rule text that states a number
("Nº Jugadores: Maximo 7"), an order of suits ("picas, corazones, diamantes y tréboles") or
a choice in words a table below lists ("decidirá el palo": the suit breaks the tie) is
derived again from the quote, and the derived value must equal the profile's value; so
``max_players = 8`` against "Maximo 7" fails ``studspec verify``. Every other value set in a
profile of a source or an authority is derived from its *reading* of record
(spec/sources/readings.toml: the source, the passage — an authority's locator — the
parameter and the value the passage states), so a value changed in the profile alone fails
``verify`` too; a value with neither a quote nor a reading is reported (and fails). Values
observed in a site's logs or an engine's code are listed as observations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from studspec.paths import spec_dir
from studspec.specdata.profiles import Profile, all_profiles
from studspec.specdata.sources import load_sources, quote_occurs
from studspec.specdata.toml_fields import Record, load_toml

OBSERVED_SOURCES = ("PS", "HH", "PokerKit")
"""Sources that are observations (a site's logs, an engine's code), not rules: their values
are listed, not derived."""

READINGS_FILE = "spec/sources/readings.toml"
READING_FIELDS = ("source", "at", "parameter", "value")

NUMERIC = ("max_players", "low_qualifier", "raise_cap")
"""Parameters whose value is a count a quote can state."""

NUMBER_WORDS = {
    "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
    "nueve": 9, "due": 2, "tre": 3, "quattro": 4, "sei": 6, "sette": 7, "otto": 8, "nove": 9,
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
}

CARD_WORDS = ("cartas", "carte", "cards")

CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    # parameter -> value -> words of the rule texts that name that choice
    "bring_in_tie_break": {"suit": ("palo", "seme"), "position": ("sinistra", "izquierda")},
    "board_tie_break": {"position": ("izquierda", "sinistra"),
                        "high_card_by_suit": ("palo", "seme")},
    "odd_chip_tie_break": {"position": ("cercano", "vicino", "izquierda"),
                           "card_by_suit": ("palo", "seme")},
    "game": {"hilo": ("peor mano", "mano baja", "hi/lo"), "high": ("con limite",)},
    "bring_in_convention": {"half_small_bet": ("mitad de una apuesta pequeña",),
                            "third_small_bet": ("1/3 del limite inferiore",),
                            "twice_ante": ("doble del ante",)},
    "ante_convention": {"tenth_small_bet": ("décima parte de una apuesta pequeña",)},
    "showdown_first": {"last_aggressor": ("aumento", "ultima apuesta"),
                       "last_caller": ("accetta la scommessa",)},
    "showdown_no_bet": {"best_board": ("mano mas alta de la mesa",)},
}
"""Choices a quote can state, by the words that state them (a 'choice' golden check)."""

SUIT_WORDS = {
    "c": ("tréboles", "trébol", "fiori", "clubs"),
    "d": ("diamantes", "quadri", "diamonds"),
    "h": ("corazones", "cuori", "hearts"),
    "s": ("picas", "espadas", "picche", "spades"),
}


@dataclass(frozen=True)
class Reading:
    """What one passage of a source states for one parameter (spec/sources/readings.toml)."""

    source: str
    at: str
    parameter: str
    value: str


@dataclass(frozen=True)
class GoldenResult:
    """One profile value checked against its quote or its reading, or listed."""

    profile: str
    parameter: str
    value: str
    source: str
    quote: str
    derived: str | None  # None: neither a quote nor a reading states it
    basis: str = "quote"  # "quote", "reading", "observed" (site or engine) or "none"

    @property
    def agrees(self) -> bool:
        """The value equals what the quote or reading states (true when neither does)."""
        return self.derived is None or self.value in self.derived.split(" or ")

    @property
    def tied(self) -> bool:
        """The value answers to its source: a quote or a reading derives it, or it is an
        observation of a site or an engine (not a rule)."""
        return self.derived is not None or self.basis == "observed"


def load_readings() -> list[Reading]:
    """The readings of record, each naming a parameter of the profiles."""
    data = load_toml(spec_dir() / "sources" / "readings.toml", READINGS_FILE)
    known = set(Profile.__dataclass_fields__)
    readings = []
    for index, raw in enumerate(Record(data, READINGS_FILE, "top").tables("reading")):
        record = Record(raw, READINGS_FILE, f"reading #{index + 1}")
        record.reject_unknown(READING_FIELDS)
        parameter = record.text("parameter")
        if parameter not in known:
            raise record.fail("parameter", f"not a profile parameter: {parameter!r}")
        readings.append(Reading(record.text("source"), record.text("at"), parameter,
                                record.text("value")))
    return readings


def reading_for(readings: list[Reading], source: str, parameter: str,
                note: str) -> Reading | None:
    """The reading of the passage a profile value cites: same source and parameter, its
    ``at`` in the value's note (the longest, when several passages are named)."""
    cited = [r for r in readings if r.source == source and r.parameter == parameter
             and r.at in note]
    return max(cited, key=lambda r: len(r.at)) if cited else None


def derive_number(quote: str) -> int | None:
    """The single number a quote states, in digits or in words; None if none or several."""
    words = re.findall(r"\w+", quote.lower())
    numbers = set()
    for word, following in zip(words, [*words[1:], ""], strict=True):
        if following in CARD_WORDS:
            continue  # "cinco cartas": how many cards a hand has, not the value
        if word.isdigit():
            numbers.add(int(word))
        elif word in NUMBER_WORDS:
            numbers.add(NUMBER_WORDS[word])
    return numbers.pop() if len(numbers) == 1 else None


def derive_choice(parameter: str, quote: str) -> str | None:
    """The one value of ``parameter`` whose words the quote uses; None if none or several."""
    text = quote.lower()
    named = [value for value, words in CHOICES.get(parameter, {}).items()
             if any(word in text for word in words)]
    return named[0] if len(named) == 1 else None


def derive_suit_order(quote: str) -> str | None:
    """The suit order a quote lists, read either way ("cdhs or shdc"); None unless it names
    all four suits."""
    text = quote.lower()
    places = {}
    for suit, words in SUIT_WORDS.items():
        found = [text.find(word) for word in words if word in text]
        if not found:
            return None
        places[suit] = min(found)
    order = "".join(sorted(places, key=places.__getitem__))
    return f"{order} or {order[::-1]}"


def golden_results() -> list[GoldenResult]:
    """Every value a profile sets itself (not inherited), derived from its quote or its
    reading, or listed as an observation (or as tied to nothing)."""
    sources = load_sources()
    readings = load_readings()
    results = []
    for resolved in all_profiles():
        for name, value in resolved.values.items():
            if resolved.is_inherited(name):
                continue
            source = sources.get(value.source)
            quote = _quoted_part(value.source, value.note) if (
                source is not None and source.is_rule_text) else None
            derived: str | None = None
            if quote is not None and name in NUMERIC:
                number = derive_number(quote)
                derived = None if number is None else str(number)
            elif quote is not None and name == "suit_order":
                derived = derive_suit_order(quote)
            elif quote is not None and name in CHOICES:
                derived = derive_choice(name, quote)
            basis, shown = "quote", quote or value.note
            if derived is None:
                reading = reading_for(readings, value.source, name, value.note)
                if reading is not None:
                    basis, derived, shown = "reading", reading.value, reading.at
                else:
                    basis = "observed" if value.source in OBSERVED_SOURCES else "none"
            results.append(GoldenResult(resolved.name, name, str(value.value), value.source,
                                        shown, derived, basis))
    return results


def _quoted_part(source: str, note: str) -> str | None:
    """The note, or its part before a comment ("... (highest first)", "..., read as ..."),
    when that part is verbatim in the source; None otherwise."""
    for cut in (note, *[note.split(mark)[0] for mark in (" (", ", read", "; ")
                        if mark in note]):
        part = cut.strip().rstrip(".")
        if part and quote_occurs(source, part):
            return part
    return None
