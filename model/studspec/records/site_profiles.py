"""Pick the rule profile a hand is checked under from what its log shows: site and game.

Each site with a profile in ``spec/variants`` is checked under it (``pokerstars``,
``pokerstars-8``, ``fulltilt``, ``partypoker-8``, ``ongame``, ``winamax``, ``winamax-8``,
``merge``, ``merge-8``, ``everleaf``, ``winning``, ``winning-8``, ``absolute-8``,
``ipoker``, ``acr-8``, ``kingsclub``, ``bovada``, ``bovada-8``). A PHH file names its
profile in ``_profile`` when studspec wrote it; otherwise PHH hands (such as the WSOP
hands of the PHH data set) are checked under the TDA profiles, the rules tournaments
follow. A site and game with no profile of its own falls back to the TDA profile of the
game, and the reason says so; when the site has a profile for its other game, the fallback
takes that profile's rake policy (POT-08: ``rake_max_percent``, ``rake_cap_cents``): a site
rakes its hi/lo pots as it rakes its high ones (a Full Tilt or OnGame hi/lo hand, a
PartyPoker or ACR high hand), and a policy no log of that game states is the site's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from studspec.records.hand import HandRecord
from studspec.specdata.profiles import Profile, load_profile, profile_names

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


OTHER_GAME = {"high": "hilo", "hilo": "high"}


def site_rake_profile(record: HandRecord) -> str | None:
    """The profile whose rake policy a record's fallback profile takes: the site's profile
    for its other game (None when the site has no profile, or has one for this game)."""
    site = record.origin.format
    if (site, record.game) in SITE_PROFILES:
        return None
    return SITE_PROFILES.get((site, OTHER_GAME[record.game]))


def with_rake_of(profile: Profile, site_profile: Profile) -> Profile:
    """The profile with the rake policy of a site's profile (POT-08)."""
    return dataclasses.replace(profile, rake_max_percent=site_profile.rake_max_percent,
                               rake_cap_cents=site_profile.rake_cap_cents)


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
        profile = self.load(name)
        rake_from = site_rake_profile(record)
        if rake_from is not None:
            site = self.load(rake_from)
            profile = with_rake_of(profile, site)
            reason += (f", with the site's rake policy ({rake_from}: at most "
                       f"{site.rake_max_percent}%" + (f", cap {site.rake_cap_cents} cents"
                                                      if site.rake_cap_cents else "")
                       + "; POT-08)")
        return profile, reason

    def load(self, name: str) -> Profile:
        """A profile by name, loaded once per run."""
        if name not in self.loaded:
            self.loaded[name] = load_profile(name)
        return self.loaded[name]
