"""The campaign's report lines are data said in the reader's language (issue 41): a note
made while the campaign advances is kept as its message and values, so a French reader
reads it in French, a counter by its French name and the campaign's words by the file's
French; a save made before notes were data keeps loading, its words said as they are."""

from __future__ import annotations

import json
from pathlib import Path

from campaign_helpers import end, pit_fight, start

from dragonnoir.campaign.notes import Note, say_note
from dragonnoir.campaign.store import load_campaign_save, save_campaign
from dragonnoir.engine.state import Side
from dragonnoir.i18n import set_language


def test_a_note_names_the_counter_through_the_catalog_in_the_readers_language() -> None:
    note = Note(message="{name} joins the party here", counters={"name": "Knight of Halöven"})
    assert say_note(note) == "Knight of Halöven joins the party here"
    set_language("fr")
    assert say_note(note).startswith("Chevalier de Halöven ")
    assert "joins" not in say_note(note)


def test_a_notes_campaign_words_go_through_the_files_texts() -> None:
    words = {"band": "b", "start": "s", "end": "e"}
    note = Note(message="{band} moves from {start} to {end}", words=words)
    assert say_note(note, lambda w: w.upper()) == "B moves from S to E"


def test_the_fought_bands_strength_is_said_in_french_after_a_save_and_a_load(
    tmp_path: Path,
) -> None:
    run = start()
    game = pit_fight(run)
    end(game, Side.KROBS)
    result = run.finish(game)
    again, _game = load_campaign_save(save_campaign(run, tmp_path / "c.json"))
    fought = [s for s in again.state.sightings if s.how == "fought"]
    assert isinstance(fought[0].strength, Note)
    set_language("fr")
    said = say_note(fought[0].strength)
    assert "2" in said and "1" in said and "left" not in said
    assert all("moves" not in say_note(n) for n in result.krob_notes)


def test_a_save_whose_notes_are_words_still_loads_and_says_them_as_written(
    tmp_path: Path,
) -> None:
    run = start()
    game = run.new_game()
    end(game, Side.ADVENTURERS)
    run.finish(game)
    path = save_campaign(run, tmp_path / "c.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["state"]["played"][0]["notes"] = ["Elf joins the party here"]
    doc["state"]["sightings"] = [
        {"band": "hunting-pack", "name": "the hunting pack", "cave": "fosse", "after": 1,
         "how": "fought", "strength": "3 left, 1 fell"}
    ]  # fmt: skip
    path.write_text(json.dumps(doc), encoding="utf-8")
    again, _game = load_campaign_save(path)
    assert [say_note(n) for n in again.state.played[0].notes] == ["Elf joins the party here"]
    set_language("fr")
    assert say_note(again.state.sightings[0].strength) == "3 left, 1 fell"
