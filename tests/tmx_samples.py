"""Small TMX texts shared by tests in several folders (importable as `tmx_samples`, like
`corpus_location`)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def plain_fosse(folder: Path) -> Path:
    """maps/fosse.tmx without its `board_id` property, beside a copy of the tilesets, in
    `folder`: any Tiled map to `dragonnoir render` (15 edge polylines, 35 zone pins)."""
    (folder / "maps" / "tilesets").mkdir(parents=True, exist_ok=True)
    for tsx in (REPO / "maps" / "tilesets").iterdir():
        (folder / "maps" / "tilesets" / tsx.name).write_bytes(tsx.read_bytes())
    text = (REPO / "maps" / "fosse.tmx").read_text(encoding="utf-8")
    plain = folder / "maps" / "fosse.tmx"
    plain.write_text(
        "\n".join(line for line in text.splitlines() if 'name="board_id"' not in line),
        encoding="utf-8",
    )
    return plain


def repeating_image_tmx(repeat_attrs: str) -> str:
    """A 6x5 hex map (14x12 tiles, side 6) whose only layer shows `tile.png` (10x7) at
    offset (3, 4), with `repeat_attrs` (` repeatx="1"`...) on the image layer."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
        'renderorder="right-down" width="6" height="5" tilewidth="14" tileheight="12" '
        'infinite="0" hexsidelength="6" staggeraxis="y" staggerindex="odd" '
        'nextlayerid="2" nextobjectid="1">\n'
        f' <imagelayer id="1" name="img" offsetx="3" offsety="4"{repeat_attrs}>\n'
        '  <image source="tile.png" width="10" height="7"/>\n'
        " </imagelayer>\n"
        "</map>\n"
    )
