"""The command line on bad input: one clear line naming the file and place, exit 1,
never a traceback (issue "Hex maps", section "Bad input")."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_location import CORPUS

from dragonnoir.cli import main
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.board_io import board_to_tmx, save_board
from dragonnoir.hexmap.tmx import write_tmx


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture
def good_board(tmp_path: Path, tileset_dir: Path, tiny_board: Board) -> Path:
    path = tmp_path / "tiny.tmx"
    save_board(tiny_board, path, tileset_dir)
    return path


def test_validate_accepts_a_good_board(
    capsys: pytest.CaptureFixture[str], good_board: Path
) -> None:
    code, out, _ = _run(capsys, "validate", str(good_board))
    assert code == 0
    assert "board 'tiny'" in out


def test_validate_broken_xml(capsys: pytest.CaptureFixture[str], good_board: Path) -> None:
    text = good_board.read_text(encoding="utf-8")
    good_board.write_text(text[: len(text) // 2], encoding="utf-8")
    code, _, err = _run(capsys, "validate", str(good_board))
    assert code == 1
    assert str(good_board) in err and "line" in err
    assert len(err.strip().splitlines()) == 1


def test_validate_missing_tileset(capsys: pytest.CaptureFixture[str], good_board: Path) -> None:
    text = good_board.read_text(encoding="utf-8").replace("terrain.tsx", "nowhere.tsx")
    good_board.write_text(text, encoding="utf-8")
    code, _, err = _run(capsys, "validate", str(good_board))
    assert code == 1
    assert "nowhere.tsx" in err and str(good_board) in err


def test_validate_missing_image(
    capsys: pytest.CaptureFixture[str], good_board: Path, tileset_dir: Path
) -> None:
    (tileset_dir / "levels.png").unlink()
    code, _, err = _run(capsys, "validate", str(good_board))
    assert code == 1
    assert "levels.png" in err


def test_validate_odd_tile_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tileset_dir: Path, tiny_board: Board
) -> None:
    path = tmp_path / "odd.tmx"
    save_board(tiny_board, path, tileset_dir)
    text = path.read_text(encoding="utf-8").replace('tilewidth="52"', 'tilewidth="53"', 1)
    path.write_text(text, encoding="utf-8")
    code, _, err = _run(capsys, "validate", str(path))
    assert code == 1
    assert "tilewidth" in err and "even" in err and str(path) in err


def test_validate_reports_every_file_and_fails_if_any_fails(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    tileset_dir: Path,
    good_board: Path,
    tiny_board: Board,
) -> None:
    bad = tmp_path / "bad.tmx"
    tmx = board_to_tmx(tiny_board, bad, tileset_dir)
    tmx.tile_layers()[0].data[2][3] = 0
    write_tmx(tmx, bad)
    code, out, err = _run(capsys, "validate", str(good_board), str(bad))
    assert code == 1
    assert "ok" in out and "tiny.tmx" in out
    assert "bad.tmx" in err and "cell (3, 2)" in err


def test_a_missing_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = _run(capsys, "render", str(tmp_path / "nope.tmx"), "-o", str(tmp_path / "x.png"))
    assert code == 1
    assert "nope.tmx" in err
    assert len(err.strip().splitlines()) == 1


REPO = Path(__file__).resolve().parents[1]


def _png_size(path: Path) -> tuple[int, int]:
    import struct

    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return (width, height)


def test_render_a_board_at_tiled_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "fosse.png"
    code, _, _ = _run(capsys, "render", str(REPO / "maps" / "fosse.tmx"), "-o", str(out))
    assert code == 0
    # Tiled's map size for 27 x 19 pointy-top cells of 52 x 60 with side 30.
    assert _png_size(out) == (27 * 52 + 26, 19 * 45 + 15)


def test_render_a_layout_at_half_scale(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "two.png"
    layout = REPO / "layouts" / "two-boards.toml"
    code, _, _ = _run(capsys, "render", str(layout), "-o", str(out), "--scale", "0.5", "--seams")
    assert code == 0
    width, height = _png_size(out)
    assert width > 0 and height > 0


@pytest.mark.skipif(not CORPUS.exists(), reason="shared/tmx-corpus is not beside the repository")
def test_render_any_hex_tmx(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "mini.png"
    src = CORPUS / "tiled-examples" / "hexagonal-mini.tmx"
    code, _, _ = _run(capsys, "render", str(src), "-o", str(out))
    assert code == 0
    assert _png_size(out) == (20 * 14 + 7, 20 * 9 + 3)


@pytest.mark.skipif(not CORPUS.exists(), reason="shared/tmx-corpus is not beside the repository")
def test_render_refuses_an_infinite_map_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = next(CORPUS.rglob("infinite_*.tmx"))
    code, _, err = _run(capsys, "render", str(src), "-o", str(tmp_path / "x.png"))
    assert code == 1
    assert src.name in err and "infinite" in err
    assert len(err.strip().splitlines()) == 1


def test_validate_the_shipped_boards_and_layouts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "validate", str(REPO / "maps"), str(REPO / "layouts"))
    assert code == 0, err
    assert out.count("ok ") == 6 + len(list((REPO / "layouts").glob("*.toml")))


def test_validate_an_illegal_layout_names_both_boards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    maps = (REPO / "maps").as_posix()
    bad.write_text(
        'name = "bad"\n'
        f'[[board]]\nfile = "{maps}/fosse.tmx"\nrow = 0\ncol = 0\nrotation = 0\n'
        f'[[board]]\nfile = "{maps}/ile.tmx"\nrow = 1\ncol = 0\nrotation = 0\n',
        encoding="utf-8",
    )
    code, _, err = _run(capsys, "validate", str(bad))
    assert code == 1
    assert "'fosse'" in err and "'ile'" in err and "side" in err


def test_export_a_layout_that_loads_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "two.tmx"
    code, _, _ = _run(capsys, "export", str(REPO / "layouts" / "two-boards.toml"), "-o", str(out))
    assert code == 0
    code, out_text, _ = _run(capsys, "validate", str(out))
    assert code == 0 and "ok" in out_text


def test_validate_knows_scenarios_by_their_content(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`dragonnoir validate scenarios` checks the shipped scenarios as scenarios (they
    are .toml files like layouts: told apart by what they hold), by folder or by id."""
    code, out, err = _run(capsys, "validate", str(REPO / "scenarios"), "le-nid")
    assert code == 0, err
    assert out.count("ok ") == len(list((REPO / "scenarios").glob("*.toml"))) + 1
    assert "scenario 'la-fosse'" in out and "scenario 'le-nid'" in out
    broken = tmp_path / "broken.toml"
    broken.write_text(
        'id = "broken"\nname = "B"\nmap = "nowhere.tmx"\n[[unit]]\nkind = "zed"\ncell = [1, 1]\n'
    )
    code, out, err = _run(capsys, "validate", str(broken))
    assert code == 1 and "nowhere.tmx" in err and "field map" in err


@pytest.mark.parametrize("scale", ["0", "nan", "inf", "1e6", "-1", "17"])
def test_render_refuses_a_scale_out_of_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, scale: str
) -> None:
    code = main(["render", "fosse", "-o", str(tmp_path / "x.png"), "--scale", scale])
    _, err = capsys.readouterr()
    assert code == 1 and "is out of range: the scale is between 0.01 and 16" in err
    assert err.count("\n") == 1 and not (tmp_path / "x.png").exists()


def test_render_refuses_a_picture_too_large_to_make(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(["render", "six-boards", "-o", str(tmp_path / "x.png"), "--scale", "16"])
    _, err = capsys.readouterr()
    assert code == 1 and "use a smaller --scale" in err


def test_a_command_builds_its_own_parser_and_a_typo_lists_them_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dragonnoir.cli import build_parser

    alone = build_parser(only="render")
    assert alone.parse_args(["render", "x.tmx", "-o", "y.png"]).scale == 1.0
    with pytest.raises(SystemExit):
        alone.parse_args(["validate", "x"])  # not built: render's parser only
    assert build_parser(only="rendr").parse_args(["validate", "x"]).paths == ["x"]
    with pytest.raises(SystemExit):
        main(["rendr", "x"])
    err = capsys.readouterr().err
    assert "invalid choice: 'rendr'" in err and "'validate'" in err and "'bench'" in err


def test_a_reader_going_away_is_no_internal_error(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """`dragonnoir data | head`: the pipe closes under the command; it ends quietly."""
    import dragonnoir.cli as cli

    def closed(args: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli, "cmd_validate", closed)
    assert main(["validate", "x.toml"]) == 0
    assert "internal error" not in capfd.readouterr().err
