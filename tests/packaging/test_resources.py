"""dragonnoir/resources.py: bundled boards, layouts and scenarios found by id from any
folder, the player's own files first, clear errors for unknown ids, exported maps whose
tilesets resolve in an installed copy."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from dragonnoir import resources
from dragonnoir.cli import main
from dragonnoir.hexmap.tmx import read_tmx

REPO = Path(__file__).resolve().parents[2]
#: The shipped scenarios' ids as the "unknown id" message lists them.
SHIPPED_IDS = ", ".join(sorted(p.stem for p in (REPO / "scenarios").glob("*.toml")))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DRAGONNOIR_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # ids must work from any folder
    return tmp_path / "home"


def test_a_checkout_reads_its_top_level_folders() -> None:
    assert resources.content_root() == REPO
    assert resources.is_checkout()
    assert resources.tileset_dir() == REPO / "maps" / "tilesets"
    assert resources.data_dir() == REPO / "dragonnoir" / "data"
    assert resources.theme_file().is_file()


def test_bundled_items_by_id_from_another_folder(home: Path) -> None:
    assert resources.find("scenarios", "la-fosse") == REPO / "scenarios" / "la-fosse.toml"
    assert resources.find("scenarios", "la-fosse.toml") == REPO / "scenarios" / "la-fosse.toml"
    assert resources.find("layouts", "six-boards") == REPO / "layouts" / "six-boards.toml"
    assert resources.find_map("six-boards") == REPO / "layouts" / "six-boards.toml"
    assert resources.find_map("fosse") == REPO / "maps" / "fosse.tmx"


def test_every_bundled_scenario_id_is_its_file_name() -> None:
    """Saves and the command line name scenarios by id: the file must be findable by it."""
    items = resources.items("scenarios")
    assert items
    for item in items:
        data = tomllib.loads(item.path.read_text(encoding="utf-8"))
        assert data["id"] == item.id, item.path


def test_an_existing_path_wins_over_an_id(home: Path, tmp_path: Path) -> None:
    (tmp_path / "la-fosse").write_text("not a scenario", encoding="utf-8")
    assert resources.find("scenarios", "la-fosse") == Path("la-fosse")


def test_the_players_own_scenario_comes_first(home: Path) -> None:
    mine = resources.user_dir("scenarios")
    mine.mkdir(parents=True)
    (mine / "la-fosse.toml").write_text("", encoding="utf-8")
    (mine / "my-own.toml").write_text("", encoding="utf-8")
    items = {i.id: i for i in resources.items("scenarios")}
    assert items["la-fosse"].path == mine / "la-fosse.toml"
    assert not items["la-fosse"].bundled
    assert items["le-nid"].bundled
    assert resources.find("scenarios", "my-own") == mine / "my-own.toml"


def test_an_unknown_id_lists_the_known_ones(home: Path) -> None:
    with pytest.raises(resources.ResourceError) as err:
        resources.find("scenarios", "la-fose")
    assert "la-fose: no such file, and no scenario of that id" in str(err.value)
    assert "la-fosse" in str(err.value)
    with pytest.raises(resources.ResourceError, match="no layout or board of that id"):
        resources.find_map("seven-boards")


def test_cli_play_with_an_unknown_id_is_one_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "nowhere"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"scenarios: {SHIPPED_IDS}" in err


def test_cli_validate_by_id(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "six-boards", "fosse"]) == 0
    out = capsys.readouterr().out
    assert "layout 'Les six cavernes', 6 boards" in out
    assert "board 'fosse'" in out


def test_export_from_a_checkout_points_at_the_repository_tilesets(home: Path) -> None:
    assert main(["export", "two-boards", "-o", "out/two.tmx"]) == 0
    tmx = read_tmx(Path("out/two.tmx"))
    for ts in tmx.tilesets:
        assert ts.source_path is not None
        assert ts.source_path.resolve().parent == REPO / "maps" / "tilesets"
    assert not Path("out/tilesets").exists()


def test_export_from_an_installed_copy_brings_its_tilesets(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed, the bundled tilesets may sit in a temporary folder (one-file binary):
    the exported map gets its own copy beside it."""
    monkeypatch.setattr(resources, "is_checkout", lambda: False)
    Path("out/tilesets").mkdir(parents=True)
    (Path("out/tilesets") / "levels.tsx").write_bytes(
        (REPO / "maps" / "tilesets" / "levels.tsx").read_bytes() + b"\n"
    )
    assert main(["export", "two-boards", "-o", "out/two.tmx"]) == 0
    assert main(["export", "six-boards", "-o", "out/six.tmx"]) == 0
    for name, folder in (("two", "tilesets-2"), ("six", "tilesets-2")):
        text = Path(f"out/{name}.tmx").read_text(encoding="utf-8")
        assert f'source="{folder}/terrain.tsx"' in text
        tmx = read_tmx(Path(f"out/{name}.tmx"))
        assert {ts.name for ts in tmx.tilesets} == {"terrain", "levels", "features"}
        for ts in tmx.tilesets:
            assert ts.image is not None and ts.image.path is not None
            assert ts.image.path.is_file()
    # a different tileset already there (the player's, or another version's, which other
    # maps there use) is left as it was; the export takes the next free folder
    assert (Path("out/tilesets") / "levels.tsx").read_bytes().endswith(b"\n\n")
    assert not (Path("out/tilesets") / "terrain.tsx").exists()
    Path("fresh").mkdir()
    assert main(["export", "six-boards", "-o", "fresh/six.tmx"]) == 0
    assert 'source="tilesets/terrain.tsx"' in Path("fresh/six.tmx").read_text(encoding="utf-8")


def test_bench_refuses_clearly_outside_a_checkout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(resources, "is_checkout", lambda: False)
    assert main(["bench"]) == 1
    assert "developer command" in capsys.readouterr().err
