"""What the amounts of a site's raise line mean, by the site's own words (DESIGN, "A record
is a set of claims"; issue 33, "Summary figures by meaning").

Sites write a raise four ways, and the same words mean different things on different sites:
each grammar states its site's meaning in ``Grammar.raise_phrase`` (and the XML formats in
theirs), the check guide lists them per site, and a test holds every grammar's raise rules
to what its field says (``tests/test_raise_phrases.py``).
"""

from __future__ import annotations

from typing import Literal

RaisePhrase = Literal["added", "total", "added-to-total", "size-to-total"]

RAISE_PHRASES: dict[str, str] = {
    "added": "``raises X``: X is what the raise added to the player's street total "
             "(the chips put in by this action)",
    "total": "``raises [to] Y``: Y is the player's street total after the raise",
    "added-to-total": "``raises X to Y``: X is what the raise added, Y the player's street "
                      "total after it",
    "size-to-total": "``raises X to Y``: Y is the player's street total after the raise, X "
                     "the raise's size (over the wager faced, over the last full bet, or not "
                     "known: the grammar's ``by_over``)",
}
"""The meaning of each kind of raise phrase, for the check guide and the tests."""
