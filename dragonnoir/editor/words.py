"""What the map editor calls the scenario file's values, in the player's language.

A scenario file keeps keys (`orb_off`, `protect_queen`, `knocked_out`); a player reads
words ("the Orb off the map", "protect the Queen", "knocked out"). Each table here is the
file's values and their English words, marked for translation (`N_`) and said with `_`
where they are shown, so a change of language takes effect at once. The editor's edits
and problems (`editor/scenario_doc.py`) and its panels (`ui/editor_scenario*.py`) both
name values through these tables; `word` says any of them, a value not in its table as
it is (a key with its underscores made spaces).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.i18n import N_, _, current
from dragonnoir.narration.names import data_name

#: The two sides a scenario places ("adventurers", "krobs").
SIDE_WORDS: Final = {"adventurers": N_("Adventurers"), "krobs": N_("Krobs")}

#: The victory conditions' kinds (docs/scenarios.md, "Victory"): short enough for the
#: left panel's menus and list.
KIND_WORDS: Final = {
    "reach": N_("stand in a place"),
    "exit": N_("get out"),
    "orb_off": N_("Orb off the map"),
    "khuzun_out": N_("Khuzun out"),
    "sun_exit": N_("out by the Sun"),
    "kill": N_("kill"),
    "hold": N_("hold a place"),
    "eliminate": N_("no enemy left"),
}

#: Who wins when the turn limit comes (`victory.at_turn_limit`).
AT_LIMIT_WORDS: Final = {
    "krobs": N_("the Krobs win"),
    "adventurers": N_("the Adventurers win"),
    "draw": N_("a draw"),
    "casualties": N_("casualty points"),
}

#: What the Krob AI reads of a group (docs/scenarios.md, `behaviour`).
BEHAVIOUR_WORDS: Final = {
    "guard": N_("guard"),
    "ambush": N_("ambush"),
    "hunt": N_("hunt"),
    "swarm": N_("swarm"),
    "protect_queen": N_("protect the Queen"),
    "patrol": N_("patrol"),
    "block": N_("block"),
    "flee": N_("flee"),
}

#: How a character starts a scenario (`status`).
STATUS_WORDS: Final = {
    "healthy": N_("healthy"),
    "wounded": N_("wounded"),
    "knocked_out": N_("knocked out"),
    "killed": N_("killed"),
}

#: The counters a scenario places on the map (accessories and objectives), as the
#: editor's list names them.
COUNTER_WORDS: Final = {
    "web": N_("Spider web"),
    "boat": N_("Boat"),
    "gallery": N_("Gallery"),
    "demolished_wall": N_("Demolished wall"),
    "bridge": N_("Bridge"),
    "fireball": N_("Fireball"),
    "dungeon_entrance": N_("Dungeon entrance"),
    "orb": N_("Orb ? counter"),
    "khuzun": N_("Khuzun ? counter"),
    "sun": N_("Sun ? counter"),
}

#: The box's counters (engine/box.py: accessories and the spells' counters), as the
#: counts of what is left say them.
BOX_WORDS: Final = {
    "web": N_("spider webs"),
    "boat": N_("boats"),
    "fireball": N_("fireballs"),
    "gallery_straight_1": N_("straight galleries (1 hex)"),
    "gallery_straight_2": N_("straight galleries (2 hexes)"),
    "gallery_curved_1": N_("curved galleries"),
    "gallery_crossing": N_("gallery crossings"),
    "demolished_wall": N_("demolished walls"),
    "bridge_small": N_("small bridges"),
    "bridge_medium": N_("medium bridges"),
    "bridge_large": N_("large bridges"),
    "orb": N_("Orb counters"),
    "khuzun": N_("Khuzun counters"),
    "sun": N_("Sun counters"),
}


#: The hex sides' features (`EdgeFeature`'s values) and the zones' kinds (`ZoneKind`'s).
FEATURE_WORDS: Final = {
    "wall": N_("Wall"),
    "door": N_("Door"),
    "low_wall": N_("Low wall"),
    "window": N_("Window"),
    "arrow_slit": N_("Arrow slit"),
    "embankment_top": N_("Embankment top"),
    "cliff": N_("Cliff"),
}
#: Which way a board's arrows point (`arrows`).
ARROW_WORDS: Final = {"up": N_("up"), "down": N_("down")}

#: The Fire Table's cover classes (`Cover`'s values), as the board's hover says them.
COVER_WORDS: Final = {
    "none": N_("none"),
    "light": N_("light"),
    "medium": N_("medium"),
    "strong": N_("strong"),
    "total": N_("total"),
}
ZONE_KIND_WORDS: Final = {
    "entry": N_("entry"),
    "deployment": N_("deployment"),
    "cell": N_("cell"),
    "exit": N_("exit"),
    "dungeon_entrance": N_("dungeon entrance"),
    "landing_stage": N_("landing stage"),
}


def feature_word(feature: EdgeFeature) -> str:
    """A hex side's feature as the editor names it ("Low wall")."""
    said = FEATURE_WORDS.get(feature.value)
    return _(said) if said is not None else feature.value.replace("_", " ").capitalize()


def data_word(name: str) -> str:
    """A name of the rules data (a terrain's, a counter's) in the player's language."""
    return data_name(name, current())


def word(table: Mapping[str, str], value: str) -> str:
    """`value` of the file as `table` says it, in the player's language."""
    said = table.get(value)
    return _(said) if said is not None else value.replace("_", " ")
