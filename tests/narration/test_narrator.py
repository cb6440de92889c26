"""The narrator (issue 41): every event said with names and cells, plurals as words, in
the language in use; the pseudo-language shows what is left untranslated or cut off."""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from dragonnoir import i18n
from dragonnoir.engine import events as ev
from dragonnoir.engine.actions import EndPhase, Move
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.events import PHRASES, phrase_of
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phrase import Many, Who, tell, tell_n

CORRIDOR = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "corridor.toml"
NAMES = {"elf_1": "Elf Archer 1", "hunter_1": "Hunter 1", "goblin_2": "Goblin Spearman 2"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def narrator(language: str | None = None) -> Narrator:
    return Narrator(NAMES.__getitem__, lambda h: f"({h.q},{h.r})", language)


def test_every_kind_of_event_has_its_words() -> None:
    kinds = {
        cls
        for _, cls in inspect.getmembers(ev, inspect.isclass)
        if issubclass(cls, ev.Event) and cls is not ev.Event
    }
    assert kinds - set(PHRASES) == set()


def test_a_move_is_said_with_the_name_the_cell_and_a_plural_in_words() -> None:
    one = ev.UnitMoved("elf_1", (Hex(3, 4),), 2)
    four = ev.UnitMoved("hunter_1", (Hex(1, 1), Hex(1, 2), Hex(1, 3), Hex(2, 3)), 4)
    assert narrator().event(one) == "Elf Archer 1 moves to (3,4): 1 hex for 2 MP."
    assert narrator().event(four) == "Hunter 1 moves to (2,3): 4 hexes for 4 MP."


def test_lists_of_characters_are_said_as_a_sentence() -> None:
    combat = ev.CombatDeclared(2, ("elf_1", "goblin_2"), ("hunter_1",), "2-1", "2-1")
    assert narrator().event(combat) == (
        "Combat 2 declared: Elf Archer 1 and Goblin Spearman 2 against Hunter 1 (2-1, on 2-1)."
    )
    three = tell("{who} wait.", who=Many((Who("elf_1"), Who("goblin_2"), Who("hunter_1"))))
    assert narrator().say(three) == "Elf Archer 1, Goblin Spearman 2 and Hunter 1 wait."


def test_a_line_of_the_log_begins_with_a_capital() -> None:
    asked = ev.DecisionRequested("retreat", "krobs", "a retreat path")
    assert narrator().event(asked) == "The Krobs must decide: a retreat path."
    assert narrator().event(ev.GameEnded(None, "turn limit")) == (
        "The game ends: nobody wins (turn limit)."
    )


def test_the_pseudo_language_accents_and_lengthens_every_message_but_not_its_fields() -> None:
    said = narrator("qps").say(tell("{unit} is knocked out.", unit=Who("elf_1")))
    assert said.startswith("[[Élf Àrçhér ~~~] 1 îs kñôçkéd ôût. ~")  # the name too
    assert said.endswith("~]") and len(said) >= len("Elf Archer 1 is knocked out.") * 1.2
    assert i18n.pseudo("%(n)d hexes, %s left").startswith("[%(n)d héxés, %s léft")


def test_a_narrator_without_a_language_speaks_the_one_in_use_at_each_phrase() -> None:
    told = narrator()
    knocked = ev.UnitKnockedOut("elf_1")
    assert told.event(knocked) == "Elf Archer 1 is knocked out."
    i18n.set_language("qps")
    assert told.event(knocked).startswith("[[Élf Àrçhér ~~~] 1 îs")
    assert narrator("en").event(knocked) == "Elf Archer 1 is knocked out."


def test_a_catalog_entry_with_a_broken_field_is_said_in_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Broken(i18n.PseudoTranslations):
        def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
            return "{nobody} hexes"

    monkeypatch.setitem(i18n._CATALOGS, "xx", Broken())
    phrase = tell_n("{n} hex", "{n} hexes", 3)
    assert narrator("xx").say(phrase) == "3 hexes"


def test_the_language_is_chosen_command_line_first_then_environment_setting_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(i18n, "available", lambda: ["en", "fr"])
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv(i18n.LANG_ENV, raising=False)
    assert i18n.choose() == "fr"  # the system's
    assert i18n.choose(setting="en") == "en"
    monkeypatch.setenv(i18n.LANG_ENV, "fr")
    assert i18n.choose(setting="en") == "fr"
    assert i18n.choose("en", setting="fr") == "en"
    assert i18n.choose("de") == "fr"  # no German: the next that we speak
    monkeypatch.setenv(i18n.LANG_ENV, "de")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert i18n.choose() == "en"


def _played(seed: int = 3, actions: int = 40) -> Game:
    game = load_scenario(CORRIDOR).new_game(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_game_is_narrated_with_its_characters_names() -> None:
    game = _played()
    lines = Narrator.of(game).log(game, None)
    assert len(lines) == len(game.log)
    moved = [e for e in game.log if isinstance(e, ev.UnitMoved) and e.path]
    assert moved
    said = Narrator.of(game).event(moved[0])
    assert said.startswith(Narrator.of(game).name(moved[0].unit) + " moves to ")
    assert moved[0].unit not in said


def test_a_refused_action_is_told_with_names_and_cells_not_ids_nor_cube_coordinates() -> None:
    """What the CLI prints of a save's action refused on replay (`IllegalAction`'s
    message): the game's narrator in English, never the engine's ids."""
    game = _played(actions=0)
    while not any(isinstance(a, Move) for a in game.legal_actions()):
        game.apply(EndPhase())
    mover = game.state.units[next(a for a in game.legal_actions() if isinstance(a, Move)).unit]
    assert mover.hex is not None
    far = Hex(mover.hex.q + 30, mover.hex.r)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Move(mover.id, (far,)))
    said = str(refused.value)
    assert Narrator.english(game).name(mover.id) in said or game.where(far) in said, said
    assert mover.id not in said and f"({far.q},{far.r})" not in said, said
    assert said == Narrator.english(game).verdict(refused.value.explanation)


def test_a_side_reads_only_what_it_may() -> None:
    game = _played()
    for side in (Side.ADVENTURERS, Side.KROBS):
        assert Narrator.of(game).log(game, side) == [
            Narrator.of(game).event(e) for e in game.log_for(side)
        ]


def test_an_event_of_an_unknown_kind_is_said_plainly() -> None:
    class Novel(ev.Event):
        pass

    assert Narrator(str, str).say(phrase_of(Novel())) == "(Novel)"


def test_the_names_of_the_rules_data_are_said_in_the_language_their_number_kept() -> None:
    french = Narrator(lambda uid: "Knight of Halöven 2", str, "fr")
    assert french.event(ev.UnitKilled("rebel_knight_2")) == "Chevalier de Halöven 2 est tué."
    own = Narrator(lambda uid: "Sir Bors of my own rules", str, "fr")
    assert own.event(ev.UnitKilled("bors")) == "Sir Bors of my own rules est tué."
