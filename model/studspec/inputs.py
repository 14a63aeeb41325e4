"""Validated readers for what users hand studspec: paths, names, TOML files and amounts.

Every command reads its input files, output paths, profile names and amounts through these
functions, so that a path the system cannot open, a file that is not UTF-8, or an amount
that is ``nan``, ``inf``, fractional or absurdly large is one clear error naming the input,
the place and the reason (never a traceback), whatever command met it.
"""

from __future__ import annotations

import errno
import math
import os
import tomllib
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from studspec.errors import InvalidInputError, SpecError

NAME_MAX = 255
"""The longest file-name component (in bytes) the common file systems allow."""
PATH_MAX = 4096
"""The longest path (in bytes) Linux allows."""
MAX_AMOUNT = 10**15
"""The largest amount (in a record's units) studspec accepts: far beyond any real stake or
stack (a quadrillion cents is ten trillion dollars), small enough that a typo or a fuzzed
``1e308`` is refused instead of being carried through the arithmetic."""


def _shown(name: str) -> str:
    """A path as an error message shows it: long ones are shortened in the middle."""
    return name if len(name) <= 80 else f"{name[:40]}…{name[-30:]} ({len(name)} characters)"


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


def load_spec_toml(path: Path, shown_as: str) -> dict[str, Any]:
    """Parse a TOML file of the specification; anything wrong with it is a SpecError naming
    the file (syntax, encoding — TOML is UTF-8 — or the file system)."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
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
