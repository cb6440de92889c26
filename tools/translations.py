"""The catalogs of the program's messages: extract, update, compile (docs/translating.md).

Run from the repository's root:

    python tools/translations.py extract   # dragonnoir/locale/dragonnoir.pot from the code
    python tools/translations.py update    # each language's .po brought up to the .pot
    python tools/translations.py compile   # each .po compiled to the .mo the program reads
    python tools/translations.py all       # the three, in that order

Babel finds the messages: the arguments of the functions below (`KEYWORDS`), in every
module of `dragonnoir/`. The compiled `.mo` files are kept in the repository beside their
`.po`, so an editable install, a wheel and the binaries all find them without a build
step; tests/narration/test_catalogs.py fails when one is out of date.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from babel.messages.frontend import CommandLineInterface

from dragonnoir.narration.names import base_name

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "dragonnoir" / "locale"
TEMPLATE = LOCALE / "dragonnoir.pot"
MAPPING = ROOT / "babel.cfg"

#: The functions whose arguments are messages, in Babel's notation (`tell_n:1,2`: the
#: first and second arguments are the singular and the plural; `pgettext:1c,2`: the
#: first is the context).
KEYWORDS = [
    "_",
    "N_",
    "NP_:1c,2",
    "ngettext:1,2",
    "pgettext:1c,2",
    "tell",
    "tell_n:1,2",
    "said_as",
    "say",
]


def extract_data_names(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction method for the rules data files (`dragonnoir/data/*.toml`): the
    `name` of every counter, spell, terrain and table row, without a counter's number
    ("Knight of Halöven 1" -> "Knight of Halöven"), in the context "data" (the narrator
    says them with `narration.names.data_name`)."""
    text = fileobj.read().decode("utf-8")
    seen: set[str] = set()
    for lineno, line in enumerate(text.splitlines(), start=1):
        match = NAME_LINE.match(line)
        if match is None:
            continue
        name = base_name(tomllib.loads(f"name = {match.group(1)}")["name"])[0]
        if name not in seen:
            seen.add(name)
            yield lineno, "pgettext", ("data", name), []


#: A `name = "..."` line of a data file.
NAME_LINE = re.compile(r'^\s*name\s*=\s*("(?:[^"\\]|\\.)*")\s*(?:#.*)?$')


def run(*args: str) -> None:
    """pybabel with `args`, from the repository's root (the catalogs name files from it)."""
    here = Path.cwd()
    os.chdir(ROOT)
    if str(ROOT) not in sys.path:  # babel.cfg names this module's extractor
        sys.path.insert(0, str(ROOT))
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)


def extract() -> None:
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    run(
        "extract", "--no-default-keywords", *keywords, "-F", str(MAPPING),
        "--project", "dragonnoir", "--copyright-holder", "the Dragon Noir 2 project",
        "--sort-by-file", "--no-wrap", "-o", str(TEMPLATE), "dragonnoir",
    )  # fmt: skip


def update() -> None:
    run("update", "--no-wrap", "-D", "dragonnoir", "-i", str(TEMPLATE), "-d", str(LOCALE))


def compile_catalogs() -> None:
    run("compile", "--statistics", "-D", "dragonnoir", "-d", str(LOCALE))


def main(argv: list[str]) -> int:
    steps = {"extract": [extract], "update": [update], "compile": [compile_catalogs]}
    steps["all"] = [extract, update, compile_catalogs]
    if len(argv) != 1 or argv[0] not in steps:
        print(__doc__, file=sys.stderr)
        return 2
    for step in steps[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
