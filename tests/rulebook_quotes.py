"""Finding what the code and the docs present as the rulebook's words, and checking it.

The convention (docs/architecture.md, "Quoting the rulebook"):

- the rulebook's words are written in double quotes, straight or typographic, exactly as
  the rulebook has them (whitespace, case and the shape of quotes and apostrophes aside);
  words left out are "...", our own words inside a quotation are [in brackets];
- a passage that quotes the rulebook names where, beside the quotation: a section of the
  rulebook (as its contents list it, a run-in heading such as Zed or Fireballs, a
  Movement Restriction by number) or "the rulebook" itself;
- in such a passage, whatever else is quoted (the game's messages, our tables, our
  readings) is in single quotes, backticks or italics;
- a quoted section name (with a sub-heading after a colon, or our note in parentheses
  after it) is a reference, not a quotation.

A passage is a paragraph or list item of a Markdown file (code left out), and in Python a
docstring, a block of comment lines or a message (any other string).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: Double quotes, straight or typographic, around one quotation.
_QUOTED = re.compile(r'"([^"]+)"|\u201c([^\u201d]+)\u201d')
#: Where our words break a quotation: an ellipsis, or an insertion in brackets.
_BREAK = re.compile(r"\.\.\.|\u2026|\[[^\]]*\]")
_QUOTE_MARKS = re.compile("[\"'\u2018\u2019\u201c\u201d]")
#: The rulebook's run-in headings: "Zed. A specialist..." (a paragraph opens with one;
#: at most four words, or it is a short first sentence).
_RUN_IN = re.compile(r"^([A-Z][A-Za-z' ]{1,40}?)\. [A-Z(]")
_MOVEMENT_RESTRICTION = re.compile(r"\bMovement Restrictions? \d\b")
#: Fewer words than this is a term ("crossed", "in contact"), not a quotation.
MIN_WORDS = 3


def normalise(text: str) -> str:
    """Case, whitespace and the shape of quotes and apostrophes set aside."""
    text = _QUOTE_MARKS.sub("", text)
    return re.sub(r"\s+", " ", text).strip().lower()


@dataclass(frozen=True)
class Rulebook:
    """The rulebook's text, normalised, and the names of its sections."""

    text: str
    sections: frozenset[str]

    @classmethod
    def read(cls, raw: str) -> Rulebook:
        lines = [line.strip() for line in raw.splitlines()]
        headings = {line for line in lines if len(line) < 50 and line[:1].isupper()}
        names = {n for n in headings if not n.endswith((".", ":", ";", ",")) and ":" not in n}
        run_in = {m.group(1) for line in lines if (m := _RUN_IN.match(line))}
        names |= {n for n in run_in if len(n) > 1 and len(n.split()) <= 4 and n != "NB"}
        names.discard("Table of Contents")
        return cls(normalise(raw), frozenset(names))

    def holds(self, quotation: str) -> bool:
        """Is every piece of the quotation, in order, the rulebook's words?"""
        start = 0
        for piece in _BREAK.split(quotation):
            words = normalise(piece).strip(" .,;:!?-")
            if not words:
                continue
            found = self.text.find(words, start)
            if found < 0:
                return False
            start = found + len(words)
        return True

    def names_a_section(self, text: str) -> bool:
        """Does the passage name a section of the rulebook (or the rulebook)? A name of
        several words anywhere; a one-word name ("Combat", "Zed") where it cites: quoted,
        or opening parentheses or brackets."""
        if "rulebook" in text or _MOVEMENT_RESTRICTION.search(text):
            return True
        for name in self.sections:
            word = re.escape(name)
            where = rf"(?<!\w){word}(?!\w)" if " " in name else rf"[\"\u201c(\[]{word}(?!\w)"
            if re.search(where, text):
                return True
        return False

    def is_reference(self, quoted: str) -> bool:
        """ "The Krobs: Attack", "Movement (our note)": a section named, not quoted."""
        head = re.split(r"\s*[(:]", quoted.strip(), maxsplit=1)[0].strip()
        if head not in self.sections and not _MOVEMENT_RESTRICTION.fullmatch(head):
            return False
        rest = quoted.strip()[len(head) :].strip()
        if not rest or rest.startswith("("):
            return True
        sub = rest[1:].strip()
        return sub in self.sections


@dataclass(frozen=True)
class Quotation:
    where: str  # file:line
    text: str

    def __str__(self) -> str:
        return f'{self.where}: "{" ".join(self.text.split())}"'


def quotations(rulebook: Rulebook, passage: str, where: str) -> Iterator[Quotation]:
    """The quotations a passage presents as the rulebook's words (none unless it names a
    section): a quoted section name is a reference, and "Section: words" quotes the
    words."""
    if not rulebook.names_a_section(passage):
        return
    for m in _QUOTED.finditer(passage):
        quoted = " ".join((m.group(1) or m.group(2)).split())
        if rulebook.is_reference(quoted):
            continue
        head, colon, rest = quoted.partition(": ")
        if colon and head.strip() in rulebook.sections:
            quoted = rest
        if len(quoted.split()) >= MIN_WORDS:
            yield Quotation(where, quoted)


def misquotes(rulebook: Rulebook, passage: str, where: str) -> list[Quotation]:
    return [q for q in quotations(rulebook, passage, where) if not rulebook.holds(q.text)]


# -- passages --------------------------------------------------------------------------


def markdown_passages(text: str) -> Iterator[tuple[int, str]]:
    """(first line, text) of each paragraph or list item, code left out."""
    text = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "CODE", text)
    start, lines = 1, []
    for number, line in enumerate(text.splitlines(), 1):
        item = re.match(r"\s*(?:[-*]|\d+\.)\s", line)
        if not line.strip() or item or line.lstrip().startswith(("#", "|")):
            if lines:
                yield start, "\n".join(lines)
            start, lines = number, []
            if line.lstrip().startswith(("#", "|")):
                yield number, line
                continue
        if line.strip():
            if not lines:
                start = number
            lines.append(line)
    if lines:
        yield start, "\n".join(lines)


def python_passages(source: str) -> Iterator[tuple[int, str]]:
    """(first line, text) of each paragraph or list item of a docstring or a block of
    comment lines, and of each message."""
    for line, text in _python_texts(source):
        if "\n" not in text:
            yield line, text
            continue
        for offset, passage in markdown_passages(text):
            yield line + offset - 1, passage


def _python_texts(source: str) -> Iterator[tuple[int, str]]:
    """(first line, text) of each string and block of comment lines."""
    block: list[str] = []
    block_start = 0
    last = -2
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.COMMENT:
            continue
        line = tok.start[0]
        if line != last + 1 and block:
            yield block_start, "\n".join(block)
            block = []
        if not block:
            block_start = line
        block.append(tok.string.lstrip("#:").strip())
        last = line
    if block:
        yield block_start, "\n".join(block)
    tree = ast.parse(source)
    parts_of_fstrings = {
        id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values
    }
    for node in ast.walk(tree):
        if id(node) in parts_of_fstrings:
            continue
        if isinstance(node, ast.JoinedStr):
            parts = [v.value if isinstance(v, ast.Constant) else "{}" for v in node.values]
            yield node.lineno, re.sub(r"`[^`\n]*`", "CODE", "".join(map(str, parts)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, re.sub(r"`[^`\n]*`", "CODE", node.value)


def passages_of(path: Path, root: Path) -> Iterator[tuple[str, str]]:
    text = path.read_text(encoding="utf-8")
    found = markdown_passages(text) if path.suffix == ".md" else python_passages(text)
    name = path.relative_to(root).as_posix()
    for line, passage in found:
        yield f"{name}:{line}", passage
