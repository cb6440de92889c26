"""Tile layer data: checked and decoded to raw gids with all four flag bits.

pytmx registers every gid of every cell in its own gid table (about a third of its parse
of our boards) and keeps only that table's numbers, three flag bits stripped: the reader
decodes each layer here instead, once, with pytmx's own decoder `pytmx.unpack_gids`
(zlib and gzip inflated here, bounded by the size the layer declares), and hands pytmx
a stub.
"""

from __future__ import annotations

import base64
import struct
import xml.etree.ElementTree as ET
import zlib
from typing import Final, cast

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.tmx_accept import check_element
from dragonnoir.hexmap.tmx_pytmx import import_pytmx
from dragonnoir.hexmap.tmx_xml import Fail
from dragonnoir.i18n import _

_ENCODINGS: Final[dict[str | None, set[str | None]]] = {
    None: {None},
    "csv": {None},
    "base64": {None, "zlib", "gzip"},
}


def _legacy_gids(data: ET.Element, where: str, fail: Fail) -> list[int]:
    out = []
    for t in data.findall("tile"):
        if set(t.attrib) - {"gid"}:
            raise fail(_("unsupported attribute on a <tile> of layer data"), where)
        try:
            out.append(int(t.get("gid", "0")))
        except ValueError:
            raise fail(
                _('bad <tile gid="{gid}"> in layer data').format(gid=t.get("gid")), where
            ) from None
    return out


def check_data(el: ET.Element, where: str, fail: Fail) -> ET.Element:
    """The `<data>` of tile layer `el`, refused when its encoding or compression is one we
    cannot decode (chunks of infinite maps, zstd, unknown names)."""
    data = el.find("data")
    if data is None:
        raise fail(_("tile layer has no <data>"), where)
    check_element(data, where, fail)
    if data.find("chunk") is not None:
        raise fail(_("chunked layer data (infinite map) is not supported"), where)
    enc, comp = data.get("encoding"), data.get("compression")
    if enc not in _ENCODINGS:
        raise fail(_("unknown layer data encoding '{enc}'").format(enc=enc), where)
    if comp not in _ENCODINGS[enc]:
        if comp == "zstd":
            raise fail(
                _(
                    "zstd-compressed layer data is not supported (no zstd in Python's standard "
                    "library); re-save the map in Tiled with CSV or zlib"
                ),
                where,
            )
        raise fail(
            _("unknown layer data compression '{comp}' (encoding '{enc}')").format(
                comp=comp, enc=enc
            ),
            where,
        )
    return data


def _inflate(packed: bytes, compression: str, cells: int, where: str, fail: Fail) -> bytes:
    """Decompress zlib or gzip layer data, stopping at the size the layer declares (4
    bytes a cell, and one byte more to see that there is more): a few hundred KB of zlib
    would otherwise inflate to gigabytes before any check."""
    limit = 4 * max(cells, 0)
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    try:
        data = zlib.decompressobj(wbits).decompress(packed, limit + 1)
    except zlib.error as e:
        raise fail(
            _("cannot decode base64 layer data: {compression} error: {e}").format(
                compression=compression, e=e
            ),
            where,
        ) from None
    if len(data) > limit:
        raise fail(
            _(
                "the {compression} layer data holds more than the {cells} cells the layer declares"
            ).format(compression=compression, cells=cells),
            where,
        )
    return data


def decode_data(data: ET.Element, where: str, fail: Fail, cells: int) -> list[int]:
    """The raw gids of `data` (`cells` cells declared), all four flag bits kept, masked to
    32 bits."""
    pytmx = import_pytmx()

    enc = data.get("encoding")
    if enc is None:
        return _legacy_gids(data, where, fail)
    text = (data.text or "").strip()
    compression = data.get("compression")
    try:
        if enc == "base64" and compression in ("zlib", "gzip"):
            raw = _inflate(base64.b64decode(text), str(compression), cells, where, fail)
            gids = list(struct.unpack(f"<{len(raw) // 4}L", raw[: len(raw) // 4 * 4]))
        else:
            gids = pytmx.pytmx.unpack_gids(text=text, encoding=enc, compression=compression)
    except MapFormatError:
        raise
    except Exception as e:
        raise fail(
            _("cannot decode {enc} layer data: {name}: {e}").format(
                enc=enc, name=type(e).__name__, e=e
            ),
            where,
        ) from None
    plain = type(gids) is list and set(map(type, gids)) == {int}
    if plain and min(gids) >= 0 and max(gids) <= 0xFFFFFFFF:
        return cast(list[int], gids)  # already what the masking below would give
    return [int(g) & 0xFFFFFFFF for g in gids]
