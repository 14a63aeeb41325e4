"""Known non-game lines of site logs: table chatter that says nothing about the deal or bets.

Every reader accepts exactly these lines without an event; any other line it does not
understand is reported as an "unknown line". The list is explicit so that nothing that
might be a bet is dropped silently.
"""

from __future__ import annotations

import re

_NAME = r"(?!Seat \d+:)(?:.+?):?"

CHATTER = tuple(re.compile(pattern) for pattern in (
    rf"^{_NAME} joins the table at seat #\d+\s*$",
    rf"^{_NAME} leaves the table\s*$",
    rf"^{_NAME} (?:is|has) (?:connected|disconnected|reconnected|returned)\s*$",
    rf"^{_NAME} has timed out(?: while (?:being )?disconnected)?\s*$",
    rf"^{_NAME} (?:is sitting out|sits out|sits down|stands up)\s*$",
    rf"^{_NAME} was removed from the table for failing to post\s*$",
    rf"^{_NAME} will be allowed to play after the button\s*$",
    rf"^{_NAME} adds [$€£]?[\d,.]+(?: [A-Z]{{3}})?\s*$",
    rf"^{_NAME} has \d+ seconds left to act\s*$",
    r"^\d+ seconds left to act\s*$",
    rf"^{_NAME} said, \".*\"\s*$",
    rf"^{_NAME} is feeling \w+\s*$",
    # From the parsers' lists of lines to pass over (FPDB's *ToFpdb.py, as documentation):
    rf"^{_NAME} has (?:joined|left) the table\.?\s*$",
    rf"^{_NAME} (?:will be using|is using|has used) (?:his|her|their) time ?bank.*$",
    rf"^{_NAME} has requested TIME\s*$",
    rf"^{_NAME} (?:is|has been|was) (?:disconnected|connected|reconnected|away|back)\.?\s*$",
    rf"^{_NAME} (?:is|has) (?:sitting out|sat out|returned)\.?\s*$",
    rf"^{_NAME} seconds left to act\s*$",
))
"""Joins, leaves, (dis)connections, sitting out or down, adding chips, timers and chat."""

_ANY_CHATTER = re.compile("|".join(f"(?:{pattern.pattern})" for pattern in CHATTER))

_WORDS = ("join", "leave", "left", "connected", "timed out", "sitting out", "sits ",
          "stands up", "removed", "allowed", "adds ", "seconds", "said,", "feeling",
          "time", "TIME", "away", "back", "returned", "sat out")
"""A word every CHATTER line holds: a line with none of them is no chatter, and the
patterns (which start with a name of any length) are not run on it."""
_ANY_WORD = re.compile("|".join(re.escape(word) for word in _WORDS))


def is_chatter(text: str) -> bool:
    """Decide whether a line is known table chatter (see CHATTER)."""
    if _ANY_WORD.search(text) is None:
        return False
    return _ANY_CHATTER.match(text) is not None
