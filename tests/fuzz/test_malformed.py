"""The malformed files found by fuzzing (issue 17), one per place that crashed, hung or
blew up memory, each kept in tests/data/malformed/ with the one-line error it must keep
giving. (Damaged saves: tests/engine/test_save_hardening.py.) Files a repository cannot
hold (a FIFO, a symlink to /dev/zero, a symlink loop, a folder) are made here for every
loader. Issue 47 added a list over its limit and names leading outside (`/etc/shadow` as
a tileset image, a layout's board in /etc): refused unopened, naming the file."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from fuzz_harness import LOADERS, MALFORMED, _alarm, classify

#: The harness limits memory with setrlimit and time with SIGALRM; FIFOs and symlinks
#: are POSIX too (CI runs Linux).
pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX only (setrlimit, SIGALRM)")

SAMPLES: dict[str, tuple[str, str]] = {
    "tmx/nested-groups.tmx": ("tmx", "group 'g': elements are nested more than 64 levels"),
    "tmx/nested-class-properties.tmx": ("tmx", "<property>: elements are nested more than 64"),
    "tmx/nested-class-properties.tsx": ("tsx", "<property>: elements are nested more than 64"),
    "tmx/unknown-xml-encoding.tmx": ("tmx", "line 1: broken XML: unknown encoding"),
    "tmx/tileset-name-too-long.tmx": ("tmx", "external tileset cannot read it: the name is too"),
    "tmx/board-object-nan.tmx": ("board", 'object 1: attribute x="nan" on <object> is not a'),
    "tmx/board-object-1e308.tmx": ("board", 'object 1: attribute x="1e308" on <object> is out'),
    "tmx/image-height-4294967296.tmx": ("tmx", "is 56x4294967296 pixels: images larger than"),
    "tmx/image-height-4294967296.tsx": ("tsx", "is 56x4294967296 pixels: images larger than"),
    "tmx/png-declared-4294967296.tmx": ("tmx", "'tiles.png' of tileset 't' is 56x4294967296"),
    "tmx/tileset-cut-into-1x1.tmx": ("tmx", "a 8000x8000 image cut into 1x1 tiles makes more"),
    "tmx/zlib-bomb.tmx": ("tmx", "layer 'terrain': the zlib layer data holds more than the 9"),
    "tmx/map-100000-square.tmx": ("tmx", "map: map of 100000x100000 cells is too large"),
    "tmx/layer-100000-square.tmx": ("tmx", "tile layer of 100000x100000 cells is too large"),
    "tmx/tile-size-1000000.tmx": ("tmx", "map tile size 1000000x1000000 is not supported"),
    "toml/layout-not-utf8.toml": ("layout", "not UTF-8 text (invalid continuation byte at byte"),
    "toml/layout-5000-nested-arrays.toml": ("layout", "not valid TOML (nested more than 64"),
    "toml/layout-5000-digit-integer.toml": ("layout", "(an integer has more than 4,300 digits)"),
    "toml/layout-row-1000000000.toml": ("layout", "board[1].row: Input should be less than or"),
    "toml/scenario-5000-nested-arrays.toml": ("scenario", "not valid TOML (nested more than"),
    "toml/scenario-newline-in-map.toml": ("scenario", "field map: no map file 'no\\nsuch.tmx'"),
    "toml/rules-5000-digit-integer.toml": ("rules", "(an integer has more than 4,300 digits)"),
    "toml/scenario-201-groups.toml": ("scenario", "group: 201 entries, more than a scenario may"),
    "toml/layout-board-outside.toml": ("layout", "board[0].file: the board '../../../../../../"),
    "tmx/image-etc-shadow.tmx": ("tmx", "the image '/etc/shadow' is refused: its name must end"),
    "settings/duplicate-key.json": ("settings", "the key 'handover' appears twice"),
    "settings/zoom-1e400.json": ("settings", "the number '1e400' is too large"),
    "settings/integer-5000-digits.json": ("settings", "an integer of 5000 digits is too large"),
}


@pytest.fixture(autouse=True)
def _hangs_are_caught() -> None:
    signal.signal(signal.SIGALRM, _alarm)


def test_every_sample_is_listed() -> None:
    on_disk = {
        p.relative_to(MALFORMED).as_posix()
        for p in MALFORMED.rglob("*")
        if p.suffix in (".tmx", ".tsx", ".toml", ".json")
        and p.relative_to(MALFORMED).parts[0] != "saves"
    }
    assert on_disk - {"tmx/tiny.tmx", "settings/good.json"} == set(SAMPLES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_malformed_file_is_one_clear_line(name: str) -> None:
    kind, words = SAMPLES[name]
    path = MALFORMED / name
    outcome, message = classify(kind, path)  # a hang is an outcome of its own
    assert outcome == "error", message
    assert message.startswith(f"{path}: ") and words in message


@pytest.mark.parametrize("kind", sorted(LOADERS))
@pytest.mark.parametrize("special", ["fifo", "zero", "loop", "folder", "long"])
def test_no_loader_reads_what_is_not_a_regular_file(
    kind: str, special: str, tmp_path: Path
) -> None:
    suffix = {"save": ".json", "settings": ".json", "cli-replay": ".json", "tsx": ".tsx"}.get(
        kind, ".tmx" if kind in ("tmx", "board", "cli-validate") else ".toml"
    )
    path = tmp_path / f"file{suffix}"
    if special == "fifo":
        os.mkfifo(path)
    elif special == "zero":
        path.symlink_to("/dev/zero")
    elif special == "loop":
        path.symlink_to(path)
    elif special == "folder":
        path.mkdir()
    else:
        path = tmp_path / ("x" * 300 + suffix)
    outcome, message = classify(kind, path)  # a hang is an outcome of its own
    assert outcome == "error", message
    assert "\n" not in message


def test_references_inside_files_reach_only_regular_files(tmp_path: Path) -> None:
    # A name inside a file leads only within its folder tree, the installation and the
    # player's data folder (safe_read.resolve_name); there, a FIFO of the right ending
    # is refused at once, as is a symlink to a device (which leads outside).
    for name in ("fifo.png", "fifo.tmx", "fifo.toml"):
        os.mkfifo(tmp_path / name)
    (tmp_path / "zero.tmx").symlink_to("/dev/zero")
    tiny = (MALFORMED / "tmx" / "tiny.tmx").read_text(encoding="utf-8")
    cases = {
        "tmx": ("map.tmx", tiny.replace('source="tiles.png"', 'source="fifo.png"'), "FIFO"),
        "layout": (
            "layout.toml",
            'name = "x"\n[[board]]\nfile = "fifo.tmx"\nrow = 0\ncol = 0\n',
            "FIFO",
        ),
        "scenario": ("scenario.toml", 'id = "x"\nname = "X"\nmap = "fifo.toml"\n', "FIFO"),
        "board": ("board.tmx", tiny.replace('source="tiles.png"', 'source="zero.tmx"'), "must end"),
    }
    for kind, (name, text, words) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        outcome, message = classify(kind, path)  # a hang is an outcome of its own
        assert outcome == "error" and words in message, message
    scenario = tmp_path / "zero-map.toml"
    scenario.write_text('id = "x"\nname = "X"\nmap = "zero.tmx"\n', encoding="utf-8")
    outcome, message = classify("scenario", scenario)
    assert outcome == "error" and "leads outside" in message, message
