"""The rulebook's sections by name, in the reader's language (issue 41).

Every refusal, event and preview cites the rule it applied by the rulebook's section
(Resolution of Fire), sometimes with a detail (Multiple Combat: retreats) or our reading
(ours, docs/scenarios.md). A French player reads the section's French name (Résolution
du tir), as French wargamers of the box say it; the detail follows in the catalog's
words where it has them.

`SECTIONS` lists the rulebook's sections (its table of contents) for Babel, in the
context "rule"; `DETAILS` what the engine's citations add after a section (a paragraph,
a table, our reading); `OURS` the citations that name no section of the table of
contents (the numbered Movement Restrictions, our own rules and tables).
`say_rule` says a citation: its section translated, then the rest.
tests/narration/test_rule_citations.py checks that every citation of the engine is one
of these.
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

#: What the engine's citations say after a section: a paragraph of it, a table, our
#: reading (Multiple Combat: retreats, our reading in docs/combat.md).
DETAILS = (
    NP_("rule", "4. Knocked-out characters"),
    NP_("rule", "Adventurer Player Turn, 1. Offensive fire"),
    NP_("rule", "Adventurer Player Turn, 2. Movement"),
    NP_("rule", "Krob Player Turn, 1. Movement and defensive fire"),
    NP_("rule", "Adventurer Player Turn, 3. Combat"),
    NP_("rule", "Adventurer Player Turn, 4. Knocked-out characters"),
    NP_("rule", "Gharv Interphase 1, 1. Appearance of the Gharvs"),
    NP_("rule", "Gharv Interphase 1, 2. Combat"),
    NP_("rule", "Gharv Interphase 1, 3. Disappearance of the Gharvs"),
    NP_("rule", "Gharv Interphase 2"),
    NP_("rule", "Krob Player Turn, 2. Combat"),
    NP_("rule", "Appearance of the Gharvs"),
    NP_("rule", "Attack"),
    NP_("rule", "Automatic attacks"),
    NP_("rule", "Automatic attacks (a boat: the Capsize Table, ours)"),
    NP_("rule", "Combat results"),
    NP_("rule", "Crazy Ork"),
    NP_("rule", "Defence"),
    NP_("rule", "Disappearance of the Gharvs"),
    NP_("rule", "Fire Table, docs/rules-tables.md"),
    NP_("rule", "Fireballs"),
    NP_("rule", "Gharv Appearance Table"),
    NP_("rule", "Infiltration Table"),
    NP_("rule", "Jump Table"),
    NP_("rule", "Lucifer and the Wardogs"),
    NP_("rule", "Orb?, Khuzun?, Sun? (turned over: ours)"),
    NP_("rule", "Rate of Fire & Movement table, docs/rules-tables.md"),
    NP_("rule", "Shots"),
    NP_("rule", "The Elves"),
    NP_("rule", "The Trolls"),
    NP_("rule", "Zed"),
    NP_(
        "rule",
        "a Krob that the Krob player does not intend to move this turn; our reading, docs/fire.md",
    ),
    NP_("rule", "a blocked retreat (our reading, docs/combat.md)"),
    NP_("rule", "a character cannot fire if he is on a hex adjacent to an enemy character"),
    NP_("rule", "a character's move is one continuous path"),
    NP_("rule", "a shooter cannot fire at a Krob if one of the Adventurers is adjacent to it"),
    NP_(
        "rule", "any combat is impossible when the attacker cannot go onto the hex he is attacking"
    ),
    NP_("rule", "attacks made at less than 1 to 1 are impossible"),
    NP_("rule", "baby Krobs (growing up: a scenario switch, ours)"),
    NP_("rule", "declared, then resolved: Advance After Combat"),
    NP_("rule", "deployment (ours, docs/scenarios.md)"),
    NP_("rule", "deployment, ours"),
    NP_("rule", "each character can make only one attack per turn"),
    NP_("rule", "each character may fire only once per firing sequence"),
    NP_("rule", "levels; our reading, docs/line-of-fire.md"),
    NP_("rule", "objectives, ours"),
    NP_("rule", "one spell per wizard per game turn"),
    NP_("rule", "our reading, docs/combat.md"),
    NP_("rule", "retreats (our reading, docs/combat.md)"),
    NP_("rule", "retreats); our reading, docs/combat.md"),
    NP_("rule", "terrain table"),
    NP_("rule", "the Dungeon Entrances (deep passages, ours)"),
    NP_("rule", "the Dungeon Entrances, deep passages (ours)"),
    NP_("rule", "the Gargoyles"),
    NP_("rule", "the sides through which the characters enter (ours)"),
    NP_("rule", "the unstable marsh (Unstable Marsh Table, ours)"),
    # Fire Restrictions and Cover: the terrains that give cover
    NP_("rule", "Arrow slits"),
    NP_("rule", "Building doors"),
    NP_("rule", "Characters"),
    NP_("rule", "Demolished walls"),
    NP_("rule", "Embankment"),
    NP_("rule", "Marsh"),
    NP_("rule", "River"),
    NP_("rule", "Spider webs"),
    NP_("rule", "Stone bridge"),
    NP_("rule", "Trees"),
    NP_("rule", "Walls"),
    NP_("rule", "Window"),
    NP_("rule", "Wooden bridge"),
)

#: The citations that name no section of the table of contents: the rulebook's numbered
#: Movement Restrictions, and our own rules and tables (said whole).
OURS = (
    NP_("rule", "Movement Restriction 1 (enemy characters)"),
    NP_("rule", "Movement Restriction 2 (water)"),
    NP_("rule", "Movement Restriction 3 (wooden bridge)"),
    NP_("rule", "Movement Restriction 4 (stone bridge)"),
    NP_("rule", "Movement Restriction 5 (walls)"),
    NP_("rule", "Movement Restriction 6 (movement potential too low)"),
    NP_("rule", "Movement Restriction 7 (spider webs)"),
    NP_("rule", "Movement Restriction 8 (levels)"),
    NP_("rule", "Movement Restriction 8 (levels; Jump Table)"),
    NP_("rule", "Movement Restriction 9 (walkways)"),
    NP_("rule", "Hidden placement (ours: docs/scenarios.md)"),
    NP_("rule", "Hidden placement: a character runs into him (ours)"),
    NP_("rule", "Hidden placement: contact (ours)"),
    NP_("rule", "Hidden placement: seen along a line of fire (ours)"),
    NP_("rule", "Scenario: leaving the map (ours)"),
    NP_("rule", "Scenario: leaving the map (ours, docs/scenarios.md)"),
    NP_("rule", "Scenario: reinforcements and deep passages (ours)"),
    NP_("rule", "Scenario: victory conditions (ours, docs/scenarios.md)"),
    NP_("rule", "Terrain table (cover)"),
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
