"""A double-click on a turn file opens it in the game (issue 42 §1, §4): the macOS
bundle declares the type, Linux gets a .desktop entry and a shared-mime-info type, and
the program takes a turn file as its only argument (`dragonnoir FILE.dnturn`)."""

from __future__ import annotations

import configparser
import xml.etree.ElementTree as ET

from build_modules import BUILD_DIR, bundle

from dragonnoir.cli import turn_file_argument

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def test_the_mac_bundle_opens_turn_files() -> None:
    plist = bundle.macos_info_plist()
    (declared,) = plist["UTExportedTypeDeclarations"]  # type: ignore[misc]
    (document,) = plist["CFBundleDocumentTypes"]  # type: ignore[misc]
    assert declared["UTTypeTagSpecification"]["public.filename-extension"] == ["dnturn"]
    assert document["LSItemContentTypes"] == [declared["UTTypeIdentifier"]]
    assert "argv_emulation=IS_MAC" in (BUILD_DIR / "dragonnoir.spec").read_text(encoding="utf-8")


def test_linux_knows_the_type_and_the_program_that_opens_it() -> None:
    mime = ET.parse(BUILD_DIR / "linux" / "dragonnoir-turn.xml").getroot()
    kind = mime.find(f"{MIME_NS}mime-type")
    assert kind is not None and kind.get("type") == bundle.TURN_FILE_MIME
    assert [g.get("pattern") for g in kind.iter(f"{MIME_NS}glob")] == ["*.dnturn"]
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str  # type: ignore[assignment,method-assign]
    desktop.read(BUILD_DIR / "linux" / "dragonnoir.desktop", encoding="utf-8")
    entry = desktop["Desktop Entry"]
    assert bundle.TURN_FILE_MIME in entry["MimeType"].split(";")
    assert entry["Exec"] == "dragonnoir %f"


def test_a_turn_file_alone_on_the_command_line_is_played() -> None:
    assert turn_file_argument(["a b/Game.DNTURN"]) == ["pbem", "play", "a b/Game.DNTURN"]
    assert turn_file_argument(["pbem", "verify", "x.dnturn"]) == ["pbem", "verify", "x.dnturn"]
    assert turn_file_argument(["menu"]) == ["menu"]
