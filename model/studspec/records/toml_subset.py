"""A fast reader for the plain TOML that PHH files are written in, or None: then ``tomllib``.

A PHH file is a flat list of ``key = value`` lines whose values are strings, numbers,
booleans and arrays of them, with the actions written one per line in a multi-line array.
``tomllib`` reads that in pure Python, character by character, and it is most of the time
``check`` spends reading a PHH hand. ``read_plain_toml`` reads the same documents with
``json`` (in C): a value of this plain shape is written the same way in both languages.

It is a second implementation of a reader, so it is held to the reference like an engine:
whenever it returns a value, ``tomllib.loads`` returns the same value, types included
(tests/test_toml_subset.py checks it on generated documents and every PHH file of the test
data). It never decides what is an error: anything outside the plain shape — a table, a
dotted or quoted key, a comment after a value, a backslash, a literal string, ``inf``,
``nan``, ``null``, an underscore or a plus sign in a number, a key given twice, a control
character, a carriage return, a multi-line array without a line of its own for ``]`` —
returns None, and the caller reads the text with ``tomllib``, which accepts it or explains
the error exactly as before.
"""

from __future__ import annotations

import json
import re

# The key and the "=": the value is the rest of the line, its trailing blanks stripped
# (not a lazy group before trailing blanks: that backtracks in time quadratic in the blanks).
_KEY_LINE = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
# Control characters (TOML forbids them in a string, JSON some but not DEL) and the
# backslash (the two languages escape differently): any of them sends the text to tomllib.
# A comment or a literal string needs no check: neither is JSON, so json refuses it.
_DECLINED = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\\]")


class _NotPlain(Exception):
    """The text is not of the plain shape: tomllib reads it."""


def _refuse_constant(name: str) -> object:
    raise _NotPlain(name)  # json's NaN / Infinity / -Infinity: not TOML


def _refuse_object(pairs: object) -> object:
    raise _NotPlain(pairs)  # a JSON object: TOML writes an inline table otherwise


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, object_pairs_hook=_refuse_object)


def _value(text: str) -> object:
    if "null" in text:  # JSON's null is no TOML value (a string with the word: tomllib's)
        raise _NotPlain(text)
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError; so is a huge
        raise _NotPlain(text) from None     # int; a deep array: tomllib explains (or refuses)


def read_plain_toml(text: str) -> dict[str, object] | None:
    """The document's table if the text is plain TOML as PHH writes it, else None."""
    if _DECLINED.search(text) is not None:
        return None
    table: dict[str, object] = {}
    lines = text.split("\n")
    index = 0
    try:
        while index < len(lines):
            line = lines[index]
            index += 1
            if not line.strip(" \t") or line.lstrip(" \t").startswith("#"):
                continue  # a blank line or a comment line (its characters checked above)
            match = _KEY_LINE.match(line)
            if match is None or match[1] in table:
                return None
            key, value = match[1], line[match.end():].rstrip(" \t")
            if value == "[":  # a multi-line array, closed by a line that is only "]"
                items: list[str] = []
                while index < len(lines) and lines[index].strip(" \t") != "]":
                    items.append(lines[index])
                    index += 1
                if index == len(lines):
                    return None
                index += 1
                body = "\n".join(items).rstrip(" \t\n")
                value = "[" + (body[:-1] if body.endswith(",") else body) + "]"
            table[key] = _value(value)
    except _NotPlain:
        return None
    return table


__all__ = ["read_plain_toml"]
