"""Validated readers for what users hand studspec: paths, names, TOML files and amounts.

Every command reads its input files, output paths, profile names and amounts through these
functions, so that a path the system cannot open, a file that is not UTF-8, or an amount
that is ``nan``, ``inf``, fractional or absurdly large is one clear error naming the input,
the place and the reason (never a traceback), whatever command met it.

The limits on what studspec reads are stated here, once (:data:`LIMITS`), and every reader
and the engine wire protocol apply them through these functions, with one message shape
(:meth:`Limit.reason`): ``5,000 digits: over the limit of 4,300 digits in a number``.
"""

from __future__ import annotations

import errno
import math
import os
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from studspec.errors import InvalidInputError, SpecError


@dataclass(frozen=True)
class Limit:
    """A bound on what studspec reads: at most ``most`` ``unit`` (a phrase: "levels of
    nesting"); what is over it is refused with :meth:`reason`, never carried on."""

    most: int
    unit: str

    def reason(self, found: str) -> str:
        """The one message shape of a limit: what was found, and the limit it breaks."""
        return f"{found}: over the limit of {self.most:,} {self.unit}"


NESTING = Limit(64, "levels of nesting")
"""Arrays and tables (TOML) or arrays and objects (JSON) inside one another. A PHH file
nests 2 deep, a case file 4, an engine's reply 4; a document 500 deep is an attack on the
parser (Python's readers recurse and fail with RecursionError near 1,000)."""
NUMBER_DIGITS = Limit(4300, "digits in a number")
"""Python's own limit on converting text to an integer (``sys.get_int_max_str_digits``):
a longer number in TOML, JSON or a log is refused here, not as a ValueError."""
SEAT_NUMBER = Limit(99, "for a seat number")
"""Seat and dealer numbers of a log or a PHH file: tables number their seats from 0 or 1
up to 10; 99 is the PHH reader's bound too."""
PLAYERS = Limit(8, "players at a stud table")
"""Seven Card Stud seats at most eight: 8 × 7 cards is 56, more than the deck, and the
community card of 7th street is the rules' answer for eight (DEAL clauses). A log that seats
more is refused at the ninth seat, before any work grows with the seats."""
MESSAGE_BYTES = Limit(1 << 20, "bytes in a message")
"""One message of the engine protocol (a JSON line): an engine's reply is a few kB; a
megabyte is a runaway writer."""
LOG_LINE = Limit(10_000, "characters in a line of a hand history")
"""One line of a site's hand history: real lines are under 300 characters (a chat line a
few hundred); a longer one is damage, and the readers' patterns need not meet it."""
PATH_BYTES = Limit(4096, "bytes in a path")
"""The longest path Linux allows (PATH_MAX)."""
NAME_BYTES = Limit(255, "bytes in a file name")
"""The longest file-name component the common file systems allow (NAME_MAX)."""
WAIT_SECONDS = Limit(3600, "seconds of waiting")
"""The longest wait for one reply of an engine (``--engine-timeout``): an hour is beyond
any engine's move; a longer one (``inf``, ``1e308``) is no deadline at all."""

LIMITS = {"nesting": NESTING, "number digits": NUMBER_DIGITS, "seat number": SEAT_NUMBER,
          "players": PLAYERS, "engine message": MESSAGE_BYTES, "log line": LOG_LINE,
          "path": PATH_BYTES,
          "file name": NAME_BYTES, "engine timeout": WAIT_SECONDS}
"""Every limit, by what it bounds (the usage guide's table is made from it)."""
NAME_MAX = NAME_BYTES.most
PATH_MAX = PATH_BYTES.most

MAX_AMOUNT = 10**15
"""The largest amount (in a record's units) studspec accepts: far beyond any real stake or
stack (a quadrillion cents is ten trillion dollars), small enough that a typo or a fuzzed
``1e308`` is refused instead of being carried through the arithmetic."""


def _shown(name: str) -> str:
    """A path as an error message shows it: long ones are shortened in the middle."""
    return name if len(name) <= 80 else f"{name[:40]}…{name[-30:]} ({len(name)} characters)"


def shown_name(name: str) -> str:
    """A path or name as an error message shows it (a long one shortened in the middle)."""
    return _shown(name)


def check_path_name(name: str, *, what: str) -> Path:
    """The path ``name`` as a Path, refused when the system could never open it: empty, a
    NUL character, a component over NAME_MAX bytes or the whole over PATH_MAX bytes."""
    shown = _shown(name)
    if not name:
        raise InvalidInputError("an empty path", where=what)
    if "\x00" in name:
        raise InvalidInputError("a path cannot contain a NUL character", where=what,
                                input_text=shown)
    try:
        encoded = os.fsencode(name)
    except UnicodeError:
        raise InvalidInputError("the path cannot be encoded for this system", where=what,
                                input_text=shown) from None
    if len(encoded) > PATH_MAX:
        raise InvalidInputError(f"the path is {len(encoded)} bytes long; the system "
                                f"allows {PATH_MAX}", input_text=shown, where=what)
    for part in encoded.split(b"/"):
        if len(part) > NAME_MAX:
            raise InvalidInputError(f"a name in the path is {len(part)} bytes long; "
                                    f"the system allows {NAME_MAX}", input_text=shown,
                                    where=what)
    return Path(name)


def writable_path_reason(path: Path) -> str | None:
    """Why the system could not create ``path`` by its length (a component or the whole
    too long), or None: an output name made from a record (a hand ID) is checked so."""
    encoded = os.fsencode(os.path.abspath(path))
    if len(encoded) > PATH_MAX:
        return PATH_BYTES.reason(f"{len(encoded):,} bytes")
    longest = max(len(part) for part in encoded.split(b"/"))
    if longest > NAME_MAX:
        return NAME_BYTES.reason(f"a name of {longest:,} bytes")
    return None


def _os_reason(error: OSError) -> str:
    if error.errno == errno.ENAMETOOLONG:
        return "the name is too long for the system"
    return error.strerror or type(error).__name__


def input_file(name: str, *, what: str = "input file") -> Path:
    """An existing, readable regular file named by the user (InvalidInputError otherwise)."""
    path = check_path_name(name, what=what)
    try:
        if not path.exists():
            raise InvalidInputError("no such file", where=what, input_text=_shown(name))
        if not path.is_file():
            raise InvalidInputError("not a regular file", where=what, input_text=_shown(name))
    except OSError as error:
        raise InvalidInputError(f"cannot be opened: {_os_reason(error)}", where=what,
                                input_text=_shown(name)) from None
    return path


def read_input_bytes(path: Path, *, what: str = "input file") -> bytes:
    """The bytes of an input file (read only; never written)."""
    try:
        return path.read_bytes()
    except OSError as error:
        raise InvalidInputError(f"cannot be read: {_os_reason(error)}", where=what,
                                input_text=_shown(str(path))) from None


def read_utf8(path: Path, *, what: str = "input file") -> str:
    """The text of a UTF-8 input file; another encoding is an error naming the byte."""
    data = read_input_bytes(path, what=what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InvalidInputError(f"not UTF-8 text ({error.reason} at byte {error.start})",
                                where=f"{path}:{line}") from None


def new_output_path(name: str, *, what: str) -> Path:
    """An output path that must not exist yet (studspec never writes over a file)."""
    path = check_path_name(name, what=what)
    try:
        exists = path.exists()
    except OSError as error:
        raise InvalidInputError(f"cannot be used: {_os_reason(error)}", where=what,
                                input_text=_shown(name)) from None
    if exists:
        raise InvalidInputError("exists already; studspec never writes over a file "
                                "(give a new name)", input_text=_shown(name), where=what)
    return path


def output_folder(name: str, *, what: str) -> Path:
    """A folder to write new files into: a missing path or an existing folder, never a file."""
    path = check_path_name(name, what=what)
    try:
        if path.exists() and not path.is_dir():
            raise InvalidInputError("exists and is not a folder; studspec never "
                                    "writes over a file", input_text=_shown(name), where=what)
    except OSError as error:
        raise InvalidInputError(f"cannot be used: {_os_reason(error)}", where=what,
                                input_text=_shown(name)) from None
    return path


def nesting_depth(value: object, *, stop: int = NESTING.most) -> int:
    """How deep lists and dicts nest in a decoded document (a scalar is 0), counted without
    recursion; counting stops past ``stop`` (the answer is then ``stop + 1``)."""
    depth, level = 0, [value]
    while level:
        containers = [v for v in level if isinstance(v, list | dict)]
        if not containers:
            break
        depth += 1
        if depth > stop:
            break
        level = [item for c in containers
                 for item in (c.values() if isinstance(c, dict) else c)]
    return depth


def check_nesting(value: object) -> None:
    """Refuse a decoded document nested deeper than NESTING (ValueError, with the reason)."""
    if nesting_depth(value) > NESTING.most:
        raise ValueError(NESTING.reason(f"nested more than {NESTING.most} deep"))


def decoding_limit_reason(error: BaseException) -> str | None:
    """The limit a decoder (tomllib, json) broke, from the error it raised: RecursionError
    (too deep) or the ValueError of a number of too many digits; None for other errors."""
    if isinstance(error, RecursionError):
        return NESTING.reason("nested too deep to decode")
    text = str(error)
    if isinstance(error, ValueError) and "Exceeds the limit" in text and "digits" in text:
        digits = text.rsplit("value has ", 1)[-1].split(" ", 1)[0]
        found = f"{int(digits):,} digits" if digits.isdecimal() else "a longer number"
        return NUMBER_DIGITS.reason(found)
    return None


def decode_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` within the limits: a document nested deeper than NESTING or with a
    number of more than NUMBER_DIGITS digits raises TOMLDecodeError with the limit's reason
    (as a syntax error does), never RecursionError or ValueError."""
    try:
        data = tomllib.loads(text)
        check_nesting(data)
    except tomllib.TOMLDecodeError:
        raise
    except (RecursionError, ValueError) as error:
        reason = decoding_limit_reason(error) or str(error)
        raise tomllib.TOMLDecodeError(reason) from None
    return data


def load_spec_toml(path: Path, shown_as: str) -> dict[str, Any]:
    """Parse a TOML file of the specification; anything wrong with it is a SpecError naming
    the file (syntax, limits, encoding — TOML is UTF-8 — or the file system)."""
    try:
        with path.open("rb") as handle:
            return decode_toml(handle.read().decode("utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise SpecError(shown_as, f"not valid TOML: {error}") from None
    except UnicodeDecodeError as error:
        raise SpecError(shown_as, f"not UTF-8 text, as TOML must be ({error.reason} at byte "
                        f"{error.start})") from None
    except OSError as error:
        raise SpecError(shown_as, f"cannot be read: {_os_reason(error)}") from None


def parse_amount(value: object, *, where: str, allow_zero: bool = True) -> Decimal:
    """A finite, non-negative number of at most MAX_AMOUNT, as a Decimal.

    Amounts come from TOML (int or float) or from text. ``nan``, ``inf``, booleans,
    negative numbers and huge ones are refused here, for every input that carries an
    amount, so no later arithmetic meets them.
    """
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise InvalidInputError("must be a number", input_text=str(value), where=where)
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidInputError("must be a finite number", input_text=str(value), where=where)
    try:
        number = Decimal(value) if isinstance(value, str) else Decimal(str(value))
    except InvalidOperation:
        raise InvalidInputError("not a number", input_text=str(value), where=where) from None
    if not number.is_finite():
        raise InvalidInputError("must be a finite number", input_text=str(value), where=where)
    if number < 0 or (number == 0 and not allow_zero):
        raise InvalidInputError("must be positive" if not allow_zero else
                                "must not be negative", input_text=str(value), where=where)
    if number > MAX_AMOUNT:
        raise InvalidInputError(f"is larger than studspec accepts ({MAX_AMOUNT:,})",
                                input_text=str(value), where=where)
    return number


def bounded_number(text: str, limit: Limit, *, what: str, where: str) -> int:
    """The whole number written ``text`` (ASCII digits), at most ``limit.most``: a seat or
    a dealer number of a log. Its digits are counted before it is converted, so a number of
    thousands of digits is refused at once (never Python's ValueError)."""
    if not (text.isascii() and text.isdecimal()):
        raise InvalidInputError(f"{what} is not a number", input_text=_shown(text),
                                where=where)
    significant = text.lstrip("0")
    if len(significant) > len(str(limit.most)) or int(significant or "0") > limit.most:
        found = (f"{what} {significant}" if len(significant) <= 12
                 else f"{what} of {len(significant):,} digits")
        raise InvalidInputError(limit.reason(found), input_text=_shown(text), where=where)
    return int(significant or "0")


def check_players(count: int, *, where: str, names: Iterable[str] = ()) -> None:
    """Refuse a table of more than PLAYERS seated players (a stud table seats eight)."""
    if count > PLAYERS.most:
        shown = ", ".join(list(names)[:3])
        raise InvalidInputError(PLAYERS.reason(f"{count} players"),
                                input_text=shown or None, where=where)


def check_seconds(value: float, *, what: str) -> float:
    """A timeout: a finite number of seconds above 0 and at most WAIT_SECONDS."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value) or value <= 0:
        raise InvalidInputError("must be a positive, finite number of seconds",
                                input_text=str(value), where=what)
    if value > WAIT_SECONDS.most:
        raise InvalidInputError(WAIT_SECONDS.reason(f"{value:g} seconds"),
                                input_text=str(value), where=what)
    return float(value)
