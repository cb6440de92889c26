"""Every rule the engine cites is one the narrator can say in the reader's language
(issue 41): a rulebook section, alone or with a detail the catalogs know, or one of the
citations listed as ours (narration/rules.py)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from dragonnoir import engine
from dragonnoir.engine import events as ev
from dragonnoir.engine.phases import SEQUENCE
from dragonnoir.i18n import translations
from dragonnoir.narration.rules import _SEPARATOR, DETAILS, OURS, say_rule, section_of

ENGINE = Path(engine.__file__).resolve().parent


def _is_rule_name(name: str) -> bool:
    return name.startswith("R_") or name in ("RULE", "RULE_TABLE") or name.endswith("_RULE")


def _constants() -> Iterator[str]:
    """The modules' rule constants (`R_MOVEMENT`, `SEQUENCE_RULE`...)."""
    for info in pkgutil.walk_packages([str(ENGINE)], "dragonnoir.engine."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if _is_rule_name(name) and isinstance(value, str):
                yield value


def _literals() -> Iterator[str]:
    """Citations written where they are used: `rule="..."`, `refused(reason, "...")`."""
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:
                if keyword.arg == "rule" and isinstance(keyword.value, ast.Constant):
                    yield str(keyword.value.value)
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            cited = node.args[1] if len(node.args) >= 2 else None
            if name in ("refused", "allowed") and isinstance(cited, ast.Constant):
                yield str(cited.value)


def _event_defaults() -> Iterator[str]:
    for cls in vars(ev).values():
        if isinstance(cls, type) and issubclass(cls, ev.Event) and dataclasses.is_dataclass(cls):
            for f in dataclasses.fields(cls):
                if f.name == "rule" and isinstance(f.default, str):
                    yield f.default


CITATIONS = sorted(
    {c for c in (*_constants(), *_literals(), *_event_defaults()) if c}
    | {p.section for p in SEQUENCE}
)


def _detail(citation: str) -> str:
    """What the catalog is asked for after the section ("" for a section alone)."""
    _, rest = section_of(citation)
    if not rest:
        return ""
    head = _SEPARATOR.match(rest)
    assert head is not None
    tail = rest[head.end() :]
    return tail[:-1] if head.group(0).strip() == "(" and tail.endswith(")") else tail


def test_the_engine_cites_rules() -> None:
    assert len(CITATIONS) > 80


@pytest.mark.parametrize("citation", CITATIONS)
def test_every_citation_is_a_section_with_a_known_detail_or_ours(citation: str) -> None:
    section, _ = section_of(citation)
    if not section:
        assert citation in OURS, f"{citation!r}: no rulebook section, and not listed as ours"
    else:
        detail = _detail(citation)
        assert not detail or detail in DETAILS, f"{citation!r}: {detail!r} not in DETAILS"


def test_a_french_reader_reads_our_readings_in_french() -> None:
    """The details and our notes are translated, not only the sections."""
    fr = translations("fr")
    said = [say_rule(c, fr) for c in CITATIONS]
    assert not [s for s in said if "ours" in s or "our reading" in s or "Movement Restriction" in s]
    assert say_rule("Multiple Combat: retreats (our reading, docs/combat.md)", fr) == (
        "Combat multiple : retraites (notre lecture, docs/combat.md)"
    )
