"""The roster: the shipped counters are all there with the rulebook's special rules, the
values hang together, broken files are named, a player's own counters load."""

from __future__ import annotations

import shutil
from itertools import pairwise
from pathlib import Path

import pytest

from dragonnoir.engine.roster import (
    ADVENTURERS_FILE,
    GHARVS_FILE,
    KROBS_FILE,
    SPECTRES_FILE,
    Adventurer,
    Krob,
    KrobType,
    People,
    SpectreKind,
    Tag,
    Weapon,
    default_roster,
    infiltration_column,
    load_adventurers,
    load_krobs,
    load_roster,
)
from dragonnoir.engine.tables import load_rules_data
from dragonnoir.engine.testing import edited_data_file
from dragonnoir.errors import DataFileError

DATA = Path(__file__).resolve().parents[2] / "dragonnoir" / "data"


# -- the shipped counts (checked here, not by the loader, so house rules load) --------------


def test_seventy_two_adventurers_in_six_peoples() -> None:
    roster = default_roster()
    assert len(roster.adventurers) == 72
    assert {a.people for a in roster.adventurers} == set(People)
    assert len(roster.people(People.ELVES)) == 4  # "the four Elves"
    assert sum(len(roster.people(p)) for p in People) == 72


def test_sixty_krobs_by_type() -> None:
    roster = default_roster()
    assert len(roster.krobs) == 60
    expected = {"queen": 1, "guard": 7, "killer": 8, "warrior": 16, "hunter": 28}
    assert {t.value: len(roster.of_type(t)) for t in KrobType} == expected


def test_eight_gharvs_and_the_spectres() -> None:
    roster = default_roster()
    assert len(roster.gharvs) == 8
    assert len(roster.spectres_of(SpectreKind.LIVING_DEAD)) == 4  # "4 spectres"
    assert roster.spectres_of(SpectreKind.GARGOYLE)
    assert len(roster) == 72 + 60 + 8 + len(roster.spectres)


# -- the named characters -------------------------------------------------------------------


def test_the_two_wizards() -> None:
    roster = default_roster()
    wizards = roster.tagged(Tag.WIZARD)
    assert {w.id for w in wizards} == {"zacharie", "shaman"}
    for wizard in wizards:
        assert wizard.wizard_level in (1, 2)


def test_crazy_ork_has_a_stronger_frenzied_side() -> None:
    ork = default_roster().adventurer("crazy_ork")
    assert ork.people is People.ORKS and ork.has(Tag.CRAZY_ORK)
    assert ork.frenzied is not None
    assert ork.frenzied.attack > ork.healthy.attack
    assert ork.frenzied.defence >= ork.healthy.defence
    assert ork.values(0, frenzied=True) == ork.frenzied
    assert ork.values(1, frenzied=True) is None  # "only by wounding him a further time"


def test_zed_godiva_lucifer_wardogs_khuzun() -> None:
    roster = default_roster()
    assert roster.adventurer("zed").has(Tag.ZED_CURARE)
    godiva, lucifer = roster.adventurer("godiva"), roster.adventurer("lucifer")
    assert godiva.has(Tag.GODIVA) and lucifer.has(Tag.GODIVAS_DOG)
    dogs = roster.tagged(Tag.DOG)
    assert lucifer in dogs and any(d.id.startswith("wardog") for d in dogs)
    for dog in dogs:
        assert dog.wounds_to_kill == 1  # "A single wound is enough to kill them"
    khuzun = roster.adventurer("khuzun")
    assert khuzun.people is People.BLACK_DWARVES and khuzun.has(Tag.PRISONER)


def test_people_tags_follow_the_special_rules() -> None:
    roster = default_roster()
    for people, tag in [
        (People.ELVES, Tag.ELF),
        (People.GOBLINS, Tag.GOBLIN),
        (People.TROLLS, Tag.TROLL),
        (People.BLACK_DWARVES, Tag.DWARF),
    ]:
        assert all(a.has(tag) for a in roster.people(people)), people
        assert set(roster.tagged(tag)) == set(roster.people(people)), tag


# -- values consistent with the rulebook ------------------------------------------------------


def test_wounded_sides_are_weaker() -> None:
    roster = default_roster()
    sides: list[tuple[str, list[tuple[int, int, int]]]] = []
    for a in roster.adventurers:
        chain = [a.healthy, *a.wounded]
        sides.append((a.id, [(s.attack, s.defence, s.movement) for s in chain]))
    for k in roster.krobs:
        chain = [k.adult, *k.wounded]
        sides.append((k.id, [(s.attack, s.defence, s.movement) for s in chain]))
    for g in roster.gharvs:
        chain_g = [g.healthy, *g.wounded]
        sides.append((g.id, [(s.attack, s.defence, s.water_movement) for s in chain_g]))
    for name, chain_values in sides:
        for better, worse in pairwise(chain_values):
            assert all(w <= b for b, w in zip(better, worse, strict=True)), name
            assert worse != better, name


def test_trolls_take_three_wounds_and_are_tough() -> None:
    roster = default_roster()
    trolls = roster.people(People.TROLLS)
    others = [a for a in roster.adventurers if a.people is not People.TROLLS]
    for troll in trolls:
        assert troll.wounds_to_kill == 3
        assert troll.healthy.defence >= max(a.healthy.defence for a in others)


def test_armoured_adventurers_are_slower() -> None:
    roster = default_roster()
    armoured = [a.healthy.movement for a in roster.adventurers if a.armoured]
    free = [a.healthy.movement for a in roster.adventurers if not a.armoured]
    assert armoured and max(armoured) < sum(free) / len(free)
    assert all(4 <= a.healthy.movement <= 8 for a in roster.adventurers)


def test_elves_shoot_and_dogs_are_weak() -> None:
    roster = default_roster()
    assert all(e.weapon is not Weapon.NONE for e in roster.people(People.ELVES))
    strongest_dog = max(d.healthy.attack for d in roster.tagged(Tag.DOG))
    assert strongest_dog < min(t.healthy.attack for t in roster.people(People.TROLLS))


def test_queen_and_guards() -> None:
    roster = default_roster()
    queen = roster.krob("queen_alkiram")
    assert queen.size == 7 and queen.newborn is None
    assert queen.wounds_to_kill >= 3  # "several wounds"; killed = double wound
    assert queen.adult.rear_defence is not None and queen.adult.rear_defence < queen.adult.defence
    assert queen.adult.defence_from(behind=True) == queen.adult.rear_defence
    others = [k for k in roster.krobs if k.type not in (KrobType.QUEEN, KrobType.GUARD)]
    for guard in roster.of_type(KrobType.GUARD):
        assert guard.size == 3 and guard.wounds_to_kill >= 2
        assert guard.adult.rear_defence is not None
        assert guard.adult.attack > max(k.adult.attack for k in others)
        assert queen.adult.attack > guard.adult.attack


def test_newborn_adult_wounded_krobs() -> None:
    roster = default_roster()
    for krob in roster.krobs:
        if krob.type in (KrobType.QUEEN, KrobType.GUARD):
            continue
        assert krob.size == 1 and krob.newborn is not None
        assert krob.newborn.attack < krob.adult.attack
        assert krob.values(adult=False) == krob.newborn
        assert krob.values(1, adult=False) is None  # "Baby Krobs are killed at the first wound"
        assert krob.values(1) == krob.wounded[0]
    warrior = roster.of_type(KrobType.WARRIOR)[0]
    assert warrior.adult.armoured  # carapace
    # "The Krob Warriors have a carapace that acts as armour": every side (ruling 6)
    for w in roster.of_type(KrobType.WARRIOR):
        assert w.newborn is not None and w.newborn.armoured
        assert all(side.armoured for side in w.wounded)
    killer, hunter = roster.of_type(KrobType.KILLER)[0], roster.of_type(KrobType.HUNTER)[0]
    assert killer.adult.attack > warrior.adult.attack > hunter.adult.attack


def test_gharvs_move_in_water_and_on_land() -> None:
    roster = default_roster()
    for gharv in roster.gharvs:
        assert gharv.healthy.water_movement > gharv.healthy.land_movement
    assert "water" in roster.gharv_favourable_terrain


def test_gargoyles_fly_five_hexes() -> None:
    for gargoyle in default_roster().spectres_of(SpectreKind.GARGOYLE):
        assert gargoyle.flight == 5 and gargoyle.lasts_turns == 2
    for dead in default_roster().spectres_of(SpectreKind.LIVING_DEAD):
        assert dead.flight is None and dead.lasts_turns == 1


def test_infiltration_columns_of_counters() -> None:
    roster = default_roster()
    hunter = roster.of_type(KrobType.HUNTER)[0]
    warrior = roster.of_type(KrobType.WARRIOR)[0]
    assert infiltration_column(hunter) == "hunter"
    assert infiltration_column(hunter, adult=False) is None  # baby Hunters: no effect
    assert infiltration_column(warrior, adult=False) == "newborn"
    assert infiltration_column(roster["lucifer"]) == "dog"
    assert infiltration_column(roster["troll_1"]) == "trolls"
    assert infiltration_column(roster["gharv_1"]) == "gharv"
    assert infiltration_column(roster["gargoyle_1"]) == "spectre"


def test_lookups() -> None:
    roster = default_roster()
    assert isinstance(roster["zed"], Adventurer) and isinstance(roster["hunter_28"], Krob)
    assert roster.get("nobody") is None and "zed" in roster
    with pytest.raises(KeyError):
        roster.krob("zed")
    counts = roster.counts()
    assert counts["elves"] == 4 and counts["hunter"] == 28 and counts["gharvs"] == 8


# -- broken files -----------------------------------------------------------------------------


def test_wrong_type_names_the_counter_and_field(tmp_path: Path) -> None:
    old = 'id = "zed"\nname = "Zed"\npeople = "rebels"\ndaredevil = true\n'
    new = old.replace("daredevil = true", 'daredevil = "sometimes"')
    path = edited_data_file(tmp_path, ADVENTURERS_FILE, old, new)
    with pytest.raises(DataFileError) as info:
        load_adventurers(path)
    message = str(info.value)
    assert str(path) in message and "adventurers[1] (id 'zed').daredevil" in message


def test_bad_movement_names_the_side(tmp_path: Path) -> None:
    old = "healthy = { attack = 6, defence = 4, movement = 6 }"
    path = edited_data_file(
        tmp_path, ADVENTURERS_FILE, old, old.replace("movement = 6", "movement = -1")
    )
    with pytest.raises(DataFileError, match=r"adventurers\[1\] \(id 'zed'\)\.healthy\.movement"):
        load_adventurers(path)


def test_unknown_field_and_unknown_tag(tmp_path: Path) -> None:
    path = edited_data_file(
        tmp_path, ADVENTURERS_FILE, 'tags = ["zed_curare"]', 'tag = ["zed_curare"]'
    )
    with pytest.raises(DataFileError, match=r"\(id 'zed'\)\.tag: Extra inputs"):
        load_adventurers(path)
    path = edited_data_file(
        tmp_path, ADVENTURERS_FILE, 'tags = ["zed_curare"]', 'tags = ["curare"]'
    )
    with pytest.raises(DataFileError, match=r"\(id 'zed'\)\.tags"):
        load_adventurers(path)


def test_duplicate_id_in_a_file_and_across_files(tmp_path: Path) -> None:
    path = edited_data_file(tmp_path, KROBS_FILE, 'id = "guard_2"', 'id = "guard_1"')
    with pytest.raises(DataFileError, match=r"krobs\[2\] \(id 'guard_1'\)\.id: .*twice"):
        load_krobs(path)
    path.unlink()
    edited_data_file(tmp_path, KROBS_FILE, 'id = "hunter_28"', 'id = "zed"')
    with pytest.raises(DataFileError) as info:
        load_roster(tmp_path)
    message = str(info.value)
    assert KROBS_FILE in message and "(id 'zed').id" in message
    assert "already used in adventurers.toml" in message


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / GHARVS_FILE
    path.write_text("[[gharvs]\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid TOML") as info:
        load_roster(tmp_path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("size = 7\n", "size = 4\n", r"krobs\[0\] \(id 'queen_alkiram'\)\.size"),
        (
            "adult = { attack = 14, defence = 10, rear_defence = 5,",
            "adult = { attack = 14, defence = 10,",
            r"\(id 'queen_alkiram'\)\.adult\.rear_defence: .*rear defence",
        ),
        (
            'type = "killer"\nnewborn = { attack = 3, defence = 1, movement = 4 }\n',
            'type = "killer"\n',
            r"\(id 'killer_1'\)\.newborn: a killer needs a newborn side",
        ),
        ('type = "hunter"', 'type = "drone"', r"\(id 'hunter_01'\)\.type"),
        (
            'id = "warrior_01"\nname = "Warrior 1"\ntype = "warrior"\n'
            "newborn = { attack = 2, defence = 2, movement = 3, armoured = true }",
            'id = "warrior_01"\nname = "Warrior 1"\ntype = "warrior"\n'
            "newborn = { attack = 2, defence = 2, movement = 3 }",
            r"\(id 'warrior_01'\)\.newborn\.armoured: .*carapace",
        ),
    ],
)
def test_krob_shape_errors(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(DataFileError, match=where):
        load_krobs(edited_data_file(tmp_path, KROBS_FILE, old, new))


def test_wizard_needs_a_level_and_crazy_ork_a_frenzied_side(tmp_path: Path) -> None:
    path = edited_data_file(tmp_path, ADVENTURERS_FILE, "wizard_level = 1\n", "")
    with pytest.raises(DataFileError, match=r"\(id 'zacharie'\)\.wizard_level"):
        load_adventurers(path)
    path = edited_data_file(tmp_path, ADVENTURERS_FILE, "frenzied = {", "# frenzied = {")
    with pytest.raises(DataFileError, match=r"\(id 'crazy_ork'\)\.frenzied"):
        load_adventurers(path)


def test_gharv_terrain_must_exist(tmp_path: Path) -> None:
    edited_data_file(tmp_path, GHARVS_FILE, '"marsh"', '"swamp"')
    with pytest.raises(DataFileError) as info:
        load_rules_data(tmp_path)
    message = str(info.value)
    assert GHARVS_FILE in message and "field favourable_terrain[1]" in message
    assert "unknown terrain 'swamp'" in message


# -- a player's own counters --------------------------------------------------------------------


def test_a_players_own_counters_replace_ours(tmp_path: Path) -> None:
    """Other values and other counts load: counts are a property of our files only."""
    text = (DATA / ADVENTURERS_FILE).read_text(encoding="utf-8")
    text = text.replace(
        "healthy = { attack = 6, defence = 4, movement = 6 }",
        "healthy = { attack = 7, defence = 4, movement = 5 }",
        1,
    )
    text += (
        '\n[[adventurers]]\nid = "elf_5"\nname = "A Fifth Elf"\npeople = "elves"\n'
        'weapon = "long_bow"\ntags = ["elf"]\n'
        "healthy = { attack = 3, defence = 3, movement = 7 }\n"
    )
    (tmp_path / ADVENTURERS_FILE).write_text(text, encoding="utf-8")
    shutil.copy(DATA / SPECTRES_FILE, tmp_path / SPECTRES_FILE)
    data = load_rules_data(tmp_path)
    roster = data.roster
    zed = roster.adventurer("zed")
    assert (zed.healthy.attack, zed.healthy.movement) == (7, 5)
    assert len(roster.people(People.ELVES)) == 5 and len(roster.adventurers) == 73
    assert roster.adventurer("elf_5").wounds_to_kill == 1  # no wounded side given
    assert data.sources[ADVENTURERS_FILE] == tmp_path / ADVENTURERS_FILE
    assert data.sources[KROBS_FILE] == DATA / KROBS_FILE
    assert default_roster().adventurer("zed").healthy.attack == 6
