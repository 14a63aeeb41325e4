"""studspec: Seven Card Stud and Stud Hi/Lo rules as an executable, proved specification."""

from studspec import old_paths
from studspec.errors import IllegalActionError, InvalidInputError, SpecError, StudSpecError
from studspec.rules.cards import Card, Suit, full_deck, parse_card, parse_cards
from studspec.specdata.profiles import Profile, load_profile

__version__ = "0.1.0"

old_paths.install()  # the module paths before issue 37 keep working, with a warning

__all__ = [
    "Card",
    "IllegalActionError",
    "InvalidInputError",
    "Profile",
    "SpecError",
    "StudSpecError",
    "Suit",
    "__version__",
    "full_deck",
    "load_profile",
    "parse_card",
    "parse_cards",
]
