"""The pure layers never import pygame, nor the client, nor the drawing (docs/architecture.md,
"Layers"): the engine, the maps, the AI, the editor's model and the campaigns stand below
`dragonnoir/ui` and `dragonnoir/render`, and what they share with them (the user's
folders, the one writer) lives below them too (`user_folders.py`, `safe_write.py`).
`render` may import the maps; the maps may not import `render` (issue 43 §3)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dragonnoir"
PURE = ["hexmap", "engine", "ai", "editor", "campaign"]


def _modules(path: Path) -> set[str]:
    """Every module `path` imports, at its top or inside a function, by full name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            # `from dragonnoir import ui` imports dragonnoir.ui
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _imports(path: Path) -> set[str]:
    return {name.split(".")[0] for name in _modules(path)}


@pytest.mark.parametrize("layer", PURE)
def test_pure_layer_does_not_import_pygame(layer: str) -> None:
    folder = PACKAGE / layer
    if not folder.exists():
        pytest.skip(f"dragonnoir/{layer} does not exist yet")
    offenders = [
        str(p.relative_to(PACKAGE))
        for p in sorted(folder.rglob("*.py"))
        if {"pygame", "pygame_gui"} & _imports(p)
    ]
    assert offenders == []


#: The top-level modules the pure layers use: below the client too.
SHARED = ["errors", "resources", "rules_folder", "safe_read", "safe_write", "user_folders"]


#: The packages above the pure layers: the client and the drawing.
ABOVE = ["ui", "render"]


@pytest.mark.parametrize("above", ABOVE)
@pytest.mark.parametrize("layer", PURE + SHARED)
def test_pure_layer_does_not_import_the_layers_above(layer: str, above: str) -> None:
    files = (
        [PACKAGE / f"{layer}.py"] if layer in SHARED else sorted((PACKAGE / layer).rglob("*.py"))
    )
    package = f"dragonnoir.{above}"
    offenders = [
        str(p.relative_to(PACKAGE))
        for p in files
        if any(m == package or m.startswith(f"{package}.") for m in _modules(p))
    ]
    assert offenders == []
