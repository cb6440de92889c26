"""What an error line left in English holds, for the tests that read errors in French
(tests/test_errors_french.py, tests/fuzz/test_malformed_french.py)."""

from __future__ import annotations

import re
from pathlib import Path

#: Words an English message would hold and a French one does not.
ENGLISH = re.compile(
    r"\b(the|is|not|of|expected|expecting|corrupt|field|line|column|missing|unknown|invalid"
    r"|should|cannot|refused|found|input|required|file|element|error)\b"
)


def english_in(line: str, path: Path) -> list[str]:
    """The English words of `line` once its file name, the quoted values it repeats from
    the file and the paths of keys in it (`board[0].file`) are taken out."""
    quoted = r"(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"|«[^»]*»"  # not the ' of "l'image"
    text = re.sub(quoted, " ", line.replace(str(path), " "))
    text = re.sub(r"\S*[\[\]]\S*", " ", text)
    return ENGLISH.findall(text.lower())
