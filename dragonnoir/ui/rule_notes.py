"""Our summary of each rule the engine cites, for the rules panel (ui/rules_panel.py).

A note says in a few words what the rule does (the words of our docs, never the
rulebook's text), which of the rules data's tables it reads (`dragonnoir/data/*.toml`,
docs/rules-tables.md) and whose values those are: the rulebook's section names the
rule, the numbers in our tables are this project's own ("ours"), consistent with the
rulebook but not the box's Game Sheet, which a player who owns the box may type into
their own rules folder (docs/rules-tables.md, its section on your own rules data).

Notes are keyed by the rulebook's section (narration/rules.py `SECTIONS`) or by one of
our own citations (`OURS`); `note_for(citation)` finds the one a citation falls under.
"""

from __future__ import annotations

from dataclasses import dataclass

from dragonnoir.i18n import N_
from dragonnoir.narration.rules import OURS, SECTIONS, section_of


@dataclass(frozen=True)
class RuleNote:
    """What the panel says of one rule: a summary, the data files whose values it uses,
    the doc that tells more, and whether the rule itself is ours (no rulebook section)."""

    summary: str
    tables: tuple[str, ...] = ()
    doc: str = ""
    ours: bool = False


NOTES: dict[str, RuleNote] = {
    "Course of a Game": RuleNote(
        N_(
            "A scenario sets the boards, the forces and where they stand or enter, the "
            "turn limit and how each side wins; the deployment before turn 1 is ours."
        ),
        (),
        "docs/scenarios.md",
    ),
    "Organisation of the Game Turn": RuleNote(
        N_(
            "A game turn: the Adventurers' turn, Gharv interphase 1, the Krobs' turn, "
            "Gharv interphase 2; each phase in its order."
        ),
        (),
        "docs/scenarios.md",
    ),
    "Adventurer Player Turn": RuleNote(
        N_("Offensive fire, movement, combat, then the knocked-out characters stand up."),
        (),
        "docs/scenarios.md",
    ),
    "Krob Player Turn": RuleNote(
        N_("The Krobs move (the Adventurers may fire at them as they do), then fight."),
        (),
        "docs/fire.md",
    ),
    "Gharv Interphase 2": RuleNote(
        N_("Gharvs appear, fight and disappear once more after the Krobs' turn."),
        ("gharv_appearance.toml", "gharvs.toml"),
        "docs/gharvs.md",
    ),
    "Accessory Counters": RuleNote(
        N_(
            "Boats, spider webs and the objective counters (Orb?, Khuzun?, Sun?): only "
            "the Krobs know which objective is real until it is turned over."
        ),
        (),
        "docs/scenarios.md",
    ),
    "How to Destroy a Spider Web": RuleNote(
        N_("A character alone next to a web may attack it instead of an enemy."),
        (),
        "docs/combat.md",
    ),
    "The Spectres": RuleNote(
        N_("Spectres called by a wizard fight for a few turns, then vanish."),
        ("spectres.toml", "spells.toml"),
        "docs/spells.md",
    ),
    "Range of Action": RuleNote(
        N_("A spell reaches as far as its range, counted in hexes, on the wizard's own map."),
        ("spells.toml",),
        "docs/spells.md",
    ),
    "Movement": RuleNote(
        N_(
            "Each character spends movement points (the blue figure on his counter) for "
            "every hex he enters, as its terrain costs; a move is one continuous path."
        ),
        ("terrain.toml", "adventurers.toml", "krobs.toml"),
        "docs/movement.md",
    ),
    "Movement Restrictions": RuleNote(
        N_(
            "Enemies, water, bridges, walls, spider webs, levels and walkways stop or "
            "limit a move; a jump between levels is rolled on the Jump Table."
        ),
        ("terrain.toml", "jump.toml"),
        "docs/movement.md",
    ),
    "Movement of Alkiram and the Queen's Guards": RuleNote(
        N_(
            "The Queen covers a hex and its six neighbours, a Guard three hexes: they "
            "move and turn as one counter, and every hex they cover counts."
        ),
        ("krobs.toml",),
        "docs/movement.md",
    ),
    "Movement by Boat": RuleNote(
        N_("Adventurers cross the water in boats; a boat may capsize (the Capsize Table)."),
        ("gharv_appearance.toml",),
        "docs/gharvs.md",
    ),
    "Infiltration of Enemy Lines": RuleNote(
        N_(
            "A character who would go on next to an enemy rolls on the Infiltration "
            "Table: the column is the enemy's kind."
        ),
        ("infiltration.toml",),
        "docs/movement.md",
    ),
    "Stacking": RuleNote(
        N_("One living character per hex and level at the end of a phase."),
        (),
        "docs/movement.md",
    ),
    "Combat": RuleNote(
        N_(
            "Attacks are declared, then resolved one by one: the attackers' total against "
            "the defenders' gives the odds, a die gives the result on the Combat Table."
        ),
        ("combat.toml", "terrain_shifts.toml"),
        "docs/combat.md",
    ),
    "Resolution of Combats": RuleNote(
        N_(
            "The odds give the Combat Table's column, terrain shifts it, the die gives the "
            "row: the result says who is wounded, killed, retreats or advances."
        ),
        ("combat.toml", "terrain_shifts.toml"),
        "docs/combat.md",
    ),
    "Effect of Terrain on Combats": RuleNote(
        N_(
            "The defender's terrain shifts the Combat Table's column: + towards the "
            "attacker, - against him."
        ),
        ("terrain.toml", "terrain_shifts.toml"),
        "docs/combat.md",
    ),
    "Multiple Combat": RuleNote(
        N_("Several attackers or defenders in one combat add up; retreats as we read them."),
        ("combat.toml",),
        "docs/combat.md",
    ),
    "Combat Against an Armoured Defender": RuleNote(
        N_("An armoured defender (his defence circled) takes some results lighter."),
        ("combat.toml", "adventurers.toml"),
        "docs/combat.md",
    ),
    "Advance After Combat": RuleNote(
        N_("A victor may go onto a hex left empty by the combat."),
        (),
        "docs/combat.md",
    ),
    "Combat Restrictions": RuleNote(
        N_(
            "One attack per character a turn, none below 1 to 1, none where the attacker cannot go."
        ),
        (),
        "docs/combat.md",
    ),
    "Fire with the Bow or Crossbow": RuleNote(
        N_(
            "Archers fire at a target in range with a line of fire; each roll is read on "
            "the Fire Table, the rate of fire on its own table."
        ),
        ("fire.toml", "rate_of_fire.toml"),
        "docs/fire.md",
    ),
    "Resolution of Fire": RuleNote(
        N_(
            "The die plus the modifiers (wounds, people, cover) is read on the Fire "
            "Table: a miss, a wound or a kill."
        ),
        ("fire.toml", "terrain.toml"),
        "docs/fire.md",
    ),
    "Line of Fire": RuleNote(
        N_("A straight line between hex centres; rock, trees and characters may block it."),
        ("terrain.toml",),
        "docs/line-of-fire.md",
    ),
    "Range of Fire": RuleNote(
        N_("How far each weapon carries, counted in hexes."),
        ("rate_of_fire.toml",),
        "docs/fire.md",
    ),
    "Defensive Fire": RuleNote(
        N_("In the Krob turn, archers may fire at a Krob that moves in range."),
        ("fire.toml", "rate_of_fire.toml"),
        "docs/fire.md",
    ),
    "Fire Restrictions and Cover": RuleNote(
        N_("The target's terrain gives cover against fire; some terrain blocks the line."),
        ("terrain.toml", "fire.toml"),
        "docs/fire.md",
    ),
    "The Gharvs": RuleNote(
        N_(
            "Gharvs rise from the water in the interphases: a die on the Gharv Appearance "
            "Table, then they attack and go back."
        ),
        ("gharv_appearance.toml", "gharvs.toml"),
        "docs/gharvs.md",
    ),
    "Gharv Interphase 1": RuleNote(
        N_("Gharvs appear, fight and disappear between the players' turns."),
        ("gharv_appearance.toml", "gharvs.toml"),
        "docs/gharvs.md",
    ),
    "Magic": RuleNote(
        N_(
            "A wizard casts one spell a game turn, paying its energy points; a die says "
            "whether it works. The spell list is ours."
        ),
        ("spells.toml",),
        "docs/spells.md",
    ),
    "Magic Spells": RuleNote(
        N_("Each spell: its cost, its range and what it does; the list and values are ours."),
        ("spells.toml",),
        "docs/spells.md",
    ),
    "Energy Points (EP)": RuleNote(
        N_("A wizard's energy pays for his spells; wounds halve it."),
        ("spells.toml", "adventurers.toml"),
        "docs/spells.md",
    ),
    "Resolution of a Spell": RuleNote(
        N_("The die against the spell's chance; some spells roll again on their own table."),
        ("spells.toml",),
        "docs/spells.md",
    ),
    "The Krobs": RuleNote(
        N_("The Krobs' values (attack, defence, movement) are on their counters."),
        ("krobs.toml",),
        "docs/rules-tables.md",
    ),
    "The Adventurers": RuleNote(
        N_("The Adventurers' values (attack, defence, movement) are on their counters."),
        ("adventurers.toml",),
        "docs/rules-tables.md",
    ),
    # our own rules: no section of the rulebook
    "Hidden placement (ours: docs/scenarios.md)": RuleNote(
        N_(
            "A scenario may place Krobs in secret: the Adventurers see them only when a "
            "character runs into one, touches one or sees one along a line of fire."
        ),
        (),
        "docs/scenarios.md",
        ours=True,
    ),
    "Scenario: victory conditions (ours, docs/scenarios.md)": RuleNote(
        N_("Each scenario says how each side wins; casualties are counted in points."),
        ("casualty_points.toml",),
        "docs/scenarios.md",
        ours=True,
    ),
    "Scenario: reinforcements and deep passages (ours)": RuleNote(
        N_("Forces that come later, by a map's side or up a deep passage, as the scenario says."),
        (),
        "docs/scenarios.md",
        ours=True,
    ),
    "Scenario: leaving the map (ours)": RuleNote(
        N_("Where and when a character may leave the map, as the scenario says."),
        (),
        "docs/scenarios.md",
        ours=True,
    ),
    "Terrain table (cover)": RuleNote(
        N_("Each terrain's movement cost, cover and effect on combat: our terrain table."),
        ("terrain.toml",),
        "docs/rules-tables.md",
        ours=True,
    ),
}

#: The order of the panel's list: the rulebook's sections that have a note, then ours.
LISTED = tuple(s for s in SECTIONS if s in NOTES) + tuple(s for s in OURS if s in NOTES)


def note_for(citation: str) -> tuple[str, RuleNote | None]:
    """The rule a citation falls under (its section, or our citation whole, or the
    first of ours it begins like) and its note (None: we have none)."""
    if citation.startswith("Movement Restriction "):  # the rulebook numbers them
        return "Movement Restrictions", NOTES["Movement Restrictions"]
    section, _rest = section_of(citation)
    if section:
        return section, NOTES.get(section)
    if citation in NOTES:
        return citation, NOTES[citation]
    for key in NOTES:
        head = key.split(" (", 1)[0].split(":", 1)[0]
        if citation.startswith(head):
            return key, NOTES[key]
    return citation, None


def is_ours(citation: str) -> bool:
    """A citation of a rule of ours (no section of the rulebook)."""
    _key, note = note_for(citation)
    if note is not None:
        return note.ours
    return "ours" in citation or not section_of(citation)[0]
