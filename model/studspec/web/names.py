"""Plain names for the profiles and sources the pages show ("Robert's Rules", "TDA 2024",
"Seed text S000 (Spanish)"), with the code kept as a detail.

The codes (``roberts``, ``tda-2024-8``, ``s000``; source keys ``RR``, ``TDA24``) stay what
the CLI, links and case files use; a page shows the plain name and the code beside it.
"""

from __future__ import annotations

from functools import cache

from studspec.specdata.profiles import resolve_profile
from studspec.specdata.sources import load_sources

LANGUAGES = {"es": "Spanish", "it": "Italian", "en": "English"}
SOURCE_NAMES = {"RR": "Robert's Rules", "TDA24": "TDA 2024", "TDA04": "TDA 2004",
                "WSOP": "WSOP rules", "PS": "PokerStars rules", "BARGE": "BARGE rulebook",
                "PokerKit": "PokerKit 0.7.7", "HH": "site hand histories",
                "WP-Split": "Wikipedia, 'Split (poker)'"}
PROFILE_NAMES = {"roberts": "Robert's Rules", "tda-2024": "TDA 2024", "base": "studspec base",
                 "pokerkit-0.7.7": "PokerKit 0.7.7", "acr": "ACR", "ipoker": "iPoker",
                 "kingsclub": "King's Club", "fulltilt": "Full Tilt",
                 "partypoker": "PartyPoker", "pokerstars": "PokerStars"}


@cache
def source_name(key: str) -> str:
    """A source key as a person reads it: ``S000`` is "Seed text S000 (Spanish)"."""
    if key in SOURCE_NAMES:
        return SOURCE_NAMES[key]
    source = load_sources().get(key)
    if source is not None and key.startswith("S") and key[1:].isdecimal():
        return f"Seed text {key} ({LANGUAGES.get(source.language, source.language)})"
    return key


@cache
def profile_name(code: str) -> str:
    """A profile code as a person reads it: ``roberts-8`` is "Robert's Rules (hi/lo)"."""
    base, hilo = (code[:-2], True) if code.endswith("-8") else (code, False)
    if base.startswith("s") and base[1:].isdecimal():
        plain = source_name(base.upper())
        return plain + (" (hi/lo)" if hilo else "")
    plain = PROFILE_NAMES.get(base) or base.replace("-", " ").title()
    return plain + (" (hi/lo)" if hilo else "")


@cache
def profile_source(code: str, parameter: str) -> str | None:
    """The source key the profile takes a parameter's value from (``None``: unknown)."""
    values = resolve_profile(code).values
    return values[parameter].source if parameter in values else None
