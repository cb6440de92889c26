"""A name inside a file leads only within that file's folder tree, the installation's
content or the player's data folder, and only to a file of the expected kind (issue 47,
part 3; docs/architecture.md, "Names inside files"). Anything else is refused in one line
naming the file that holds the name, before the target is opened: nothing of it (a line,
a column, a length) reaches the message."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dragonnoir.campaign.plan import load_campaign
from dragonnoir.cli import main
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.layout import load_layout
from dragonnoir.hexmap.tmx import read_tmx
from dragonnoir.safe_read import resolve_name
from dragonnoir.user_folders import HOME_ENV

REPO = Path(__file__).resolve().parents[1]
TINY = REPO / "tests" / "data" / "malformed" / "tmx" / "tiny.tmx"
SHIPPED_FOSSE = REPO / "maps" / "fosse.tmx"
OUTSIDE = "it leads outside this file's folder, the game's own files and your data folder"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The player's data folder, away from the folders the tests write files in."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


def _refused(load: object, holder: Path, *words: str) -> str:
    with pytest.raises(DataFileError) as info:
        load(holder)  # type: ignore[operator]
    message = str(info.value)
    assert message.startswith(f"{holder}: ") and "\n" not in message, message
    for word in words:
        assert word in message, message
    assert "line 1, column" not in message and "root:" not in message
    return message


def _outside_board(tmp_path: Path) -> Path:
    """A real board in a folder beside the one the tests' files are in."""
    folder = tmp_path / "elsewhere"
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(SHIPPED_FOSSE, folder / "board.tmx"))


def _scenario(folder: Path, map_name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "s.toml"
    path.write_text(f'id = "s"\nname = "S"\nmap = "{map_name}"\n', encoding="utf-8")
    return path


# -- scenarios, layouts -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["/etc/passwd", "/proc/self/environ", "../../../etc/shadow"])
def test_a_scenario_naming_a_system_file_is_refused_unopened(tmp_path: Path, name: str) -> None:
    holder = _scenario(tmp_path / "mine", name)
    _refused(load_scenario, holder, f"field map: the map '{name}' is refused", ".tmx or .toml")


def test_a_scenario_naming_a_board_outside_is_refused(tmp_path: Path) -> None:
    _outside_board(tmp_path)
    holder = _scenario(tmp_path / "mine", "../elsewhere/board.tmx")
    _refused(load_scenario, holder, "field map: the map '../elsewhere/board.tmx'", OUTSIDE)
    absolute = _scenario(tmp_path / "mine", str(tmp_path / "elsewhere" / "board.tmx"))
    _refused(load_scenario, absolute, OUTSIDE)


def test_a_symlink_leading_outside_is_outside(tmp_path: Path) -> None:
    board = _outside_board(tmp_path)
    holder = _scenario(tmp_path / "mine", "board.tmx")
    (holder.parent / "board.tmx").symlink_to(board)
    _refused(load_scenario, holder, OUTSIDE)


def test_names_within_the_tree_the_installation_and_the_data_folder_load(
    tmp_path: Path, _home: Path
) -> None:
    # below the file's folder (the boards with their tilesets)
    below = _scenario(tmp_path / "below", "boards/fosse.tmx")
    shutil.copytree(SHIPPED_FOSSE.parent, below.parent / "boards")
    # a folder laid out as the game ships its files: scenarios/ beside maps/
    pack = _scenario(tmp_path / "pack" / "scenarios", "../maps/fosse.tmx")
    shutil.copytree(SHIPPED_FOSSE.parent, tmp_path / "pack" / "maps")
    # the installation's own board, by an absolute name
    shipped = _scenario(tmp_path / "abs", str(SHIPPED_FOSSE))
    # the player's data folder
    shutil.copytree(SHIPPED_FOSSE.parent, _home / "data" / "maps")
    own = _scenario(tmp_path / "own", str(_home / "data" / "maps" / "fosse.tmx"))
    for holder in (below, pack, shipped, own):
        assert load_scenario(holder).board.cells


def test_a_layout_naming_a_board_outside_is_refused(tmp_path: Path) -> None:
    _outside_board(tmp_path)
    for name in ("/etc/shadow", "../elsewhere/board.tmx"):
        holder = tmp_path / "mine" / "layout.toml"
        holder.parent.mkdir(exist_ok=True)
        holder.write_text(
            f'name = "l"\n[[board]]\nfile = "{name}"\nrow = 0\ncol = 0\n', encoding="utf-8"
        )
        _refused(load_layout, holder, "board[0].file: the board", "is refused")


# -- maps and tilesets ---------------------------------------------------------------------


def _map(folder: Path, old: str, new: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(TINY.with_name("tiles.png"), folder / "tiles.png")
    path = folder / "map.tmx"
    path.write_text(TINY.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return path


def test_a_tileset_image_named_etc_shadow_is_refused_unopened(tmp_path: Path) -> None:
    holder = _map(tmp_path / "mine", 'source="tiles.png"', 'source="/etc/shadow"')
    message = _refused(read_tmx, holder, "the image '/etc/shadow' is refused")
    assert "broken XML" not in message


def test_an_external_tileset_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "t.tsx").write_text("<tileset/>", encoding="utf-8")
    tileset = '<tileset firstgid="1" source="../elsewhere/t.tsx"/>'
    text = TINY.read_text(encoding="utf-8")
    start, end = text.index("<tileset "), text.index("</tileset>") + len("</tileset>")
    holder = _map(tmp_path / "mine", text[start:end], tileset)
    _refused(read_tmx, holder, "the tileset '../elsewhere/t.tsx' is refused", OUTSIDE)


def test_an_image_outside_is_refused(tmp_path: Path) -> None:
    shutil.copy(TINY.with_name("tiles.png"), tmp_path / "outside.png")
    holder = _map(tmp_path / "mine", 'source="tiles.png"', 'source="../outside.png"')
    _refused(read_tmx, holder, "the image '../outside.png' is refused", OUTSIDE)


def test_validate_names_the_map_not_the_system_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    holder = _map(tmp_path / "mine", 'source="tiles.png"', 'source="/etc/shadow"')
    assert main(["validate", str(holder)]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert str(holder) in text and "FAIL /etc/shadow" not in text
    assert "column" not in text


# -- saves and campaigns -------------------------------------------------------------------


def _save_naming(tmp_path: Path, path: object, absolute: object) -> Path:
    corridor = REPO / "tests" / "data" / "scenarios" / "corridor.toml"
    save = save_game(load_scenario(corridor).new_game(3), tmp_path / "saves" / "game.json")
    doc = json.loads(save.read_text(encoding="utf-8"))
    doc["scenario"].update(path=path, absolute=absolute)
    doc["scenario"].pop("embedded", None)
    save.write_text(json.dumps(doc), encoding="utf-8")
    return save


@pytest.mark.parametrize(
    ("path", "absolute"),
    [
        ("../../../../../../etc/passwd", "/etc/passwd"),
        ("../../../../../../proc/self/environ", "/proc/self/environ"),
        (None, "/etc/shadow"),
    ],
)
def test_a_save_naming_a_system_file_as_its_scenario_is_refused(
    tmp_path: Path, path: object, absolute: str
) -> None:
    save = _save_naming(tmp_path, path, absolute)
    [problem] = check_save(save).problems
    message = str(problem)
    assert message.startswith(f"{save}: field scenario") and "is refused" in message
    assert "column" not in message and "TOML" not in message


def test_a_save_s_absolute_hint_is_tried_under_the_same_rule(tmp_path: Path) -> None:
    scenario = tmp_path / "elsewhere" / "corridor.toml"
    scenario.parent.mkdir()
    text = (REPO / "tests" / "data" / "scenarios" / "corridor.toml").read_text(encoding="utf-8")
    scenario.write_text(text.replace("../../../maps/fosse.tmx", str(SHIPPED_FOSSE)))
    save = _save_naming(tmp_path, None, str(scenario))
    [problem] = check_save(save).problems
    assert "field scenario.absolute: the scenario" in str(problem) and OUTSIDE in str(problem)


def test_a_campaign_naming_a_system_file_as_a_scenario_is_refused(tmp_path: Path) -> None:
    shipped = (REPO / "campaigns" / "la-descente.toml").read_text(encoding="utf-8")
    first = shipped.index('scenario = "') + len('scenario = "')
    end = shipped.index('"', first)
    holder = tmp_path / "c.toml"
    holder.write_text(shipped[:first] + "/etc/passwd.toml" + shipped[end:], encoding="utf-8")
    _refused(load_campaign, holder, "the scenario '/etc/passwd.toml' is refused", OUTSIDE)


def test_the_rule_refuses_what_is_not_of_the_kind_named(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x")
    with pytest.raises(ValueError, match=r"its name must end in \.tmx"):
        resolve_name(tmp_path, "a.txt", "board")
    assert resolve_name(tmp_path, "sub/../b.tmx", "board") == (tmp_path / "b.tmx").resolve()
