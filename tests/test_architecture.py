"""The pure layers never import pygame (docs/architecture.md: "The engine is pure")."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dragonnoir"
PURE = ["hexmap", "engine", "ai", "editor", "campaign"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


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
