"""The editor's recent files: newest first, once each, at most ten, missing files left
out, a broken list read as empty."""

from __future__ import annotations

from pathlib import Path

from dragonnoir.editor.recent import MAX_RECENT, load_recent, remember


def test_recent_files(tmp_path: Path) -> None:
    store = tmp_path / "editor" / "recent.json"
    assert load_recent(store) == []
    files = []
    for i in range(MAX_RECENT + 2):
        f = tmp_path / f"b{i}.tmx"
        f.write_text("x", encoding="utf-8")
        files.append(f)
        remember(store, f)
    got = load_recent(store)
    assert got[0] == files[-1].resolve() and len(got) == MAX_RECENT
    remember(store, files[5])
    assert load_recent(store)[:2] == [files[5].resolve(), files[-1].resolve()]
    files[-1].unlink()
    assert files[-1].resolve() not in load_recent(store)
    store.write_text("{broken", encoding="utf-8")
    assert load_recent(store) == []
