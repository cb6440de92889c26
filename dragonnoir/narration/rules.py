"""The rulebook's sections by name, in the reader's language (issue 41).

Every refusal, event and preview cites the rule it applied by the rulebook's section
(Resolution of Fire), sometimes with a detail (Multiple Combat: retreats) or our reading
(ours, docs/scenarios.md). A French player reads the section's French name (Résolution
du tir), as French wargamers of the box say it; the detail follows in the catalog's
words where it has them.

`SECTIONS` lists the rulebook's sections (its table of contents) for Babel, in the
context "rule"; `say_rule` says a citation: its section translated, then the rest.
"""

from __future__ import annotations

import re

from dragonnoir.i18n import NP_, Catalog

#: The rulebook's sections, as its table of contents names them.
SECTIONS = (
    NP_("rule", "Introduction"),
    NP_("rule", "Game Components"),
    NP_("rule", "The Underground Maps"),
    NP_("rule", "The Counters"),
    NP_("rule", "The Characters"),
    NP_("rule", "Counters Linked to Magic Spells"),
    NP_("rule", "Accessory Counters"),
    NP_("rule", "Course of a Game"),
    NP_("rule", "Organisation of the Game Turn"),
    NP_("rule", "Adventurer Player Turn"),
    NP_("rule", "Gharv Interphase 1"),
    NP_("rule", "Krob Player Turn"),
    NP_("rule", "Gharv Interphase 2"),
    NP_("rule", "Fire with the Bow or Crossbow"),
    NP_("rule", "Line of Fire"),
    NP_("rule", "Range of Fire"),
    NP_("rule", "Resolution of Fire"),
    NP_("rule", "Defensive Fire"),
    NP_("rule", "Fire Restrictions and Cover"),
    NP_("rule", "Movement"),
    NP_("rule", "Movement Restrictions"),
    NP_("rule", "Movement of Alkiram and the Queen's Guards"),
    NP_("rule", "Movement by Boat"),
    NP_("rule", "Infiltration of Enemy Lines"),
    NP_("rule", "Stacking"),
    NP_("rule", "Combat"),
    NP_("rule", "Resolution of Combats"),
    NP_("rule", "Effect of Terrain on Combats"),
    NP_("rule", "Multiple Combat"),
    NP_("rule", "Combat Against an Armoured Defender"),
    NP_("rule", "Advance After Combat"),
    NP_("rule", "Combat Restrictions"),
    NP_("rule", "How to Destroy a Spider Web"),
    NP_("rule", "Special Rules"),
    NP_("rule", "The Adventurers"),
    NP_("rule", "The Spectres"),
    NP_("rule", "The Krobs"),
    NP_("rule", "The Gharvs"),
    NP_("rule", "Magic"),
    NP_("rule", "Magic Spells"),
    NP_("rule", "Energy Points (EP)"),
    NP_("rule", "Resolution of a Spell"),
    NP_("rule", "Range of Action"),
)

#: Longest first, so "Combat Restrictions" is found before "Combat".
_BY_LENGTH = sorted(SECTIONS, key=len, reverse=True)
_SEPARATOR = re.compile(r"^(:\s*|\s+\(|;\s*|\s*,\s*)")


def section_of(citation: str) -> tuple[str, str]:
    """The rulebook section a citation begins with, and the rest ("" when the citation
    names no section of the rulebook: one of our own tables)."""
    for section in _BY_LENGTH:
        if citation == section:
            return section, ""
        if citation.startswith(section) and _SEPARATOR.match(citation[len(section) :]):
            return section, citation[len(section) :]
    return "", citation


def say_rule(citation: str, catalog: Catalog) -> str:
    """A citation in the catalog's language: the section's name translated, the rest as
    the catalog has it (else as written)."""
    section, rest = section_of(citation)
    if not section:
        return catalog.pgettext("rule", citation)
    said = catalog.pgettext("rule", section)
    if not rest:
        return said
    separator = _SEPARATOR.match(rest)
    assert separator is not None
    head, tail = separator.group(0), rest[separator.end() :]
    if head.strip() == "(" and tail.endswith(")"):
        detail = catalog.pgettext("rule", tail[:-1])
        return catalog.pgettext("rule", "{section} ({detail})").format(section=said, detail=detail)
    if head.strip() == ":":
        detail = catalog.pgettext("rule", tail)
        return catalog.pgettext("rule", "{section}: {detail}").format(section=said, detail=detail)
    return f"{said}{head}{catalog.pgettext('rule', tail)}"


#: How a section and its detail are joined (French puts a space before the colon).
JOINS = (NP_("rule", "{section}: {detail}"), NP_("rule", "{section} ({detail})"))
