"""Pick the rule profile a hand is checked under from what its log shows: site and game.

Each site with a profile in ``spec/variants`` is checked under it (``pokerstars``,
``pokerstars-8``, ``fulltilt``, ``partypoker-8``, ``ongame``, ``winamax``, ``winamax-8``,
``merge``, ``merge-8``, ``everleaf``, ``winning``, ``winning-8``, ``absolute-8``,
``ipoker``, ``acr-8``, ``kingsclub``, ``bovada``, ``bovada-8``). A PHH file names its
profile in ``_profile`` when studspec wrote it; otherwise PHH hands (such as the WSOP
hands of the PHH data set) are checked under the TDA profiles, the rules tournaments
follow. A site and game with no profile of its own falls back to the TDA profile of the
game, and the reason says so.
"""

from __future__ import annotations

from collections.abc import Collection

from studspec.profiles import Profile, load_profile, profile_names
from studspec.records.hand import HandRecord

SITE_NAMES = {"pokerstars": "PokerStars", "fulltilt": "Full Tilt", "partypoker": "PartyPoker",
              "ongame": "OnGame", "winamax": "Winamax", "merge": "Merge", "everleaf": "Everleaf",
              "winning": "Winning", "absolute": "Absolute", "ipoker": "iPoker",
              "acr": "ACR", "kingsclub": "KingsClub", "bovada": "Bovada", "phh": "PHH"}
GAME_NAMES = {"high": "Stud", "hilo": "Stud Hi/Lo"}
SITE_PROFILES = {("pokerstars", "high"): "pokerstars", ("pokerstars", "hilo"): "pokerstars-8",
                 ("fulltilt", "high"): "fulltilt", ("partypoker", "hilo"): "partypoker-8",
                 ("ongame", "high"): "ongame", ("winamax", "high"): "winamax",
                 ("winamax", "hilo"): "winamax-8", ("merge", "high"): "merge",
                 ("merge", "hilo"): "merge-8", ("everleaf", "high"): "everleaf",
                 ("winning", "high"): "winning", ("winning", "hilo"): "winning-8",
                 ("absolute", "hilo"): "absolute-8", ("ipoker", "high"): "ipoker",
                 ("acr", "hilo"): "acr-8", ("kingsclub", "high"): "kingsclub",
                 ("bovada", "high"): "bovada", ("bovada", "hilo"): "bovada-8"}
FALLBACK = {"high": "tda-2024", "hilo": "tda-2024-8"}


def site_formats_text() -> str:
    """The site formats studspec reads, named as people know them, from the readers' own
    tables (the text grammars, then the XML formats): ``PokerStars, Full Tilt, …, Merge or
    iPoker (XML)``. Help texts and messages use it, so they list what the code reads."""
    from studspec.records.detect import READERS
    from studspec.records.xmlreader import XML_FORMATS

    text = [SITE_NAMES.get(name, name) for name in READERS if name not in XML_FORMATS]
    xml = [SITE_NAMES.get(name, name) for name in XML_FORMATS]
    return ", ".join(text) + (f", {' or '.join(xml)} (XML)" if xml else "")


def pick_profile(record: HandRecord,
                 known: Collection[str] | None = None) -> tuple[str, str]:
    """The profile to check a record under, and the reason, from the record's site and game
    (``known``: the profile names, when the caller has listed them once)."""
    site = record.origin.format
    shown = f"{SITE_NAMES.get(site, site)} log, {GAME_NAMES[record.game]}"
    named = record.extra.get("_profile")
    if site == "phh" and isinstance(named, str) and named in (
            profile_names() if known is None else known):
        return named, f"{shown}: the file's _profile field"
    name = SITE_PROFILES.get((site, record.game))
    if name is not None:
        return name, f"{shown}: the site's profile"
    fallback = FALLBACK[record.game]
    if site == "phh":
        return fallback, f"{shown}: PHH hands (WSOP and other tournaments) default to the TDA"
    return fallback, f"{shown}: no profile for this site and game, the TDA's"


class ProfileChooser:
    """The profile each hand of a run is checked under: the one given, else the log's.

    Profiles are loaded once per run (a run checks many hands under a few profiles)."""

    def __init__(self, given: str | None) -> None:
        self.given = load_profile(given) if given is not None else None
        self.loaded: dict[str, Profile] = {}
        self.known = frozenset(profile_names())  # listed once: a run reads many PHH files

    def of(self, record: HandRecord) -> tuple[Profile, str]:
        """The profile for a record and the reason it was chosen."""
        if self.given is not None:
            return self.given, "given with --profile"
        name, reason = pick_profile(record, self.known)
        if name not in self.loaded:
            self.loaded[name] = load_profile(name)
        return self.loaded[name], reason
