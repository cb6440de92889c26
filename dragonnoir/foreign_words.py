"""The parsers' and the system's complaints in the player's language (issue 41).

`json` and `tomllib` say what is wrong with a file in English ("Expecting ',' delimiter",
"Unclosed array (at line 3, column 9)"). Their messages are few and fixed, so each one
we can meet is matched here by its text and said through our catalog (its English, the
stdlib's own, is the message: English output is unchanged); one we do not know (a newer
Python's) is said as the parser wrote it, after our framing in the player's language.
tests/test_errors_french.py makes the parsers fail in every way listed and fails when a
message of the standard library no longer matches its line here. The system's reasons
(`OSError.strerror`: "Permission denied") are said by their error number (`system_reason`).
"""

from __future__ import annotations

import errno
import re

from dragonnoir.i18n import N_, _

#: `json`'s and `tomllib`'s messages, each as the parser writes it in English (the
#: message of our catalog: its French there), a `{field}` for what varies ("Expected
#: {what}": "Expected '='"). A specific message before a general one it would match.
PARSER_MESSAGES = (
    # json (its C scanner, the one CPython uses)
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Illegal trailing comma before end of {what}"),
    # tomllib (the place it adds, "(at line 3, column 9)", is said apart: `toml_reason`)
    N_("Invalid statement"),
    N_("Expected newline or end of document after a statement"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected {what}"),
    N_("Found invalid character {char}"),
    N_("Cannot declare {key} twice"),
    N_("Cannot overwrite a value"),
    N_("Cannot mutate immutable namespace {key}"),
    N_("Cannot redefine namespace {key}"),
    N_("Invalid initial character for a key part"),
    N_("Unclosed array"),
    N_("Duplicate inline table key {key}"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Invalid hex value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"),
    N_("Illegal character {char}"),
    N_("Invalid date or datetime"),
    N_("Invalid value"),
)


def _pattern(message: str) -> re.Pattern[str]:
    """What matches `message` as a parser writes it: its text, each `{field}` any text."""
    parts = re.split(r"\{(\w+)\}", message)
    body = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+)" for i, part in enumerate(parts)
    )
    return re.compile(f"^{body}$", re.S)


_PATTERNS = tuple((_pattern(message), message) for message in PARSER_MESSAGES)

#: Expat's messages (`xml.etree.ElementTree.ParseError`), by their error code: those a
#: broken map or tileset can cause. Each message is expat's own English
#: (`xml.parsers.expat.ErrorString`), its French in the catalog.
XML_MESSAGES: dict[int, str] = {
    2: N_("syntax error"),
    3: N_("no element found"),
    4: N_("not well-formed (invalid token)"),
    5: N_("unclosed token"),
    6: N_("partial character"),
    7: N_("mismatched tag"),
    8: N_("duplicate attribute"),
    9: N_("junk after document element"),
    10: N_("illegal parameter entity reference"),
    11: N_("undefined entity"),
    12: N_("recursive entity reference"),
    13: N_("asynchronous entity"),
    14: N_("reference to invalid character number"),
    15: N_("reference to binary entity"),
    16: N_("reference to external entity in attribute"),
    17: N_("XML or text declaration not at start of entity"),
    18: N_("unknown encoding"),
    19: N_("encoding specified in XML declaration is incorrect"),
    20: N_("unclosed CDATA section"),
    27: N_("unbound prefix"),
    30: N_("XML declaration not well-formed"),
    31: N_("text declaration not well-formed"),
}

#: Where `tomllib` says the fault is: "(at line 3, column 9)", "(at end of document)".
_TOML_AT = re.compile(r"^(?P<msg>.*) \(at (?P<place>line \d+, column \d+|end of document)\)$", re.S)


def listed(message: str) -> tuple[str, dict[str, str]] | None:
    """The line of `PARSER_MESSAGES` a parser's `message` is, and the values of its
    fields; None when it is none of them."""
    for pattern, line in _PATTERNS:
        found = pattern.match(message)
        if found:
            return line, found.groupdict()
    return None


def said(message: str) -> str | None:
    """A parser's `message` in the language in use; None when we do not know it."""
    found = listed(message)
    return _(found[0]).format(**found[1]) if found is not None else None


def xml_reason(code: int | None, message: str) -> str:
    """Expat's message of error `code` in the language in use (as written when we do not
    know the code)."""
    words = XML_MESSAGES.get(code) if code is not None else None
    return _(words) if words is not None else message


def json_reason(message: str) -> str:
    """`json`'s message in the language in use (as it is when we do not know it)."""
    return said(message) or message


def toml_reason(message: str) -> tuple[str, str | None]:
    """`tomllib`'s message in the language in use, and the place it names in the code's
    words (`line 3, column 9`, as `errors.place_words` says places), if it names one."""
    found = _TOML_AT.match(message)
    text, place = (found["msg"], found["place"]) if found else (message, None)
    return said(text) or text, place


#: The system's reasons a file cannot be read or written, by error number.
OS_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.ENOENT: N_("no such file or folder"),
    errno.ENOTDIR: N_("a folder on its path is a file"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links (a loop?)"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EIO: N_("an input/output error"),
    errno.EEXIST: N_("the file already exists"),
    errno.EBUSY: N_("the file is busy"),
    errno.EXDEV: N_("the file is on another disk"),
}


def system_reason(exc: BaseException) -> str:
    """Why the system refused, in the language in use: by `exc.errno` when we know it,
    else the system's own words."""
    code = getattr(exc, "errno", None)
    if code in OS_REASONS:
        return _(OS_REASONS[code])
    return str(getattr(exc, "strerror", None) or exc)


#: Why bytes are not UTF-8 (`UnicodeDecodeError.reason`), by the codec's English.
UTF8_REASONS = {
    "invalid start byte": N_("invalid start byte"),
    "invalid continuation byte": N_("invalid continuation byte"),
    "unexpected end of data": N_("unexpected end of data"),
    "surrogates not allowed": N_("surrogates not allowed"),
}


def utf8_reason(exc: UnicodeError) -> str:
    """The codec's reason in the language in use (as it is when we do not know it)."""
    reason = str(getattr(exc, "reason", exc))
    words = UTF8_REASONS.get(reason)
    return _(words) if words is not None else reason


def json_kind(kind: type) -> str:
    """What a JSON value of the Python type `kind` is, in words ("an object", "a list")."""
    words = {
        dict: N_("an object"),
        list: N_("a list"),
        str: N_("a text"),
        int: N_("an integer"),
        float: N_("a number"),
        bool: N_("true or false"),
        type(None): N_("null"),
    }.get(kind)
    return _(words) if words is not None else kind.__name__
