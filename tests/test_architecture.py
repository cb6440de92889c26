"""The pure layers never import pygame, nor the client, nor the drawing (docs/architecture.md,
"Layers"): the engine, the maps, the AI, the editor's model and the campaigns stand below
`dragonnoir/ui` and `dragonnoir/render`, and what they share with them (the user's
folders, the one writer) lives below them too (`user_folders.py`, `safe_write.py`).
`render` may import the maps; the maps may not import `render` (issue 43 §3).

And no module imports itself back, through others, when it is imported; the engine
imports at the top of its modules only (issue 43 §1; docs/architecture.md, "The rules a
game is given")."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dragonnoir"
PURE = ["hexmap", "engine", "ai", "editor", "campaign", "pbem"]


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


# -- import cycles ------------------------------------------------------------------------


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _run_time_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements a module runs when imported: its top level, inside `if`, `try` and
    `with` blocks too, but not under `if TYPE_CHECKING:` nor in a function or class body
    (a class body runs, but none of ours imports there)."""
    out: list[ast.stmt] = []
    for node in body:
        if _is_type_checking(node):
            continue
        out.append(node)
        if isinstance(node, ast.If | ast.With):
            out.extend(_run_time_statements(node.body))
            if isinstance(node, ast.If):
                out.extend(_run_time_statements(node.orelse))
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                out.extend(_run_time_statements(block))
            for handler in node.handlers:
                out.extend(_run_time_statements(handler.body))
    return out


def _imported(node: ast.stmt, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of ours `node` imports: `from a.b import c` imports `a.b`, and `a.b.c`
    too when that is a module."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        found.update(alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = module if is_package else module.rsplit(".", 1)[0]
            parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*parts, *([base] if base else [])])
        found.add(base)
        found.update(f"{base}.{alias.name}" for alias in node.names)
    return found & known


def _every_import(body: list[ast.stmt]) -> list[ast.stmt]:
    """Every import in `body`, at the top or inside a function, a class or any block,
    but not under `if TYPE_CHECKING:` (those never run)."""
    out: list[ast.stmt] = []
    for node in body:
        if _is_type_checking(node):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        for field in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                out.extend(_every_import(block))
    return out


def _import_graph(*, deferred: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of ours it imports when it is imported, and with `deferred`
    also those its functions import when they run."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    known = set(paths)
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        graph[module] = set()
        statements = _every_import(tree.body) if deferred else _run_time_statements(tree.body)
        for node in statements:
            graph[module] |= _imported(node, module, is_package, known)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm),
    and the modules that import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_back_at_import_time() -> None:
    """No import cycle anywhere in `dragonnoir` among the imports a module runs when it
    is imported (issue 43 §1): each module can be read, loaded and tested on top of what
    it imports. Imports for type checking only do not count."""
    assert _cycles(_import_graph()) == []


def test_no_import_inside_a_function_closes_a_cycle() -> None:
    """Imports inside functions defer a module to when it is needed (the main menu's
    first frame loads no engine: tests/test_lazy_imports.py); they must never be what
    keeps two modules that need each other from importing each other at load (issue 43
    §1). Counting them too, the modules still form no cycle: the client's screens open
    one another through the table they are given (ui/navigation.py), not by import."""
    assert _cycles(_import_graph(deferred=True)) == []


def _function_imports(path: Path) -> list[str]:
    """`line: import ...` for each import inside a function of `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out: list[str] = []
    for func in ast.walk(tree):
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(func):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    out.append(f"{node.lineno}: {ast.unparse(node)}")
    return out


def test_the_engine_imports_nothing_inside_a_function() -> None:
    """An import inside a function hides a dependency (and once hid the import cycles
    among the rules modules): the engine imports at the top of each module. Only the
    command line may defer an import, for its start-up time."""
    offenders = {
        str(p.relative_to(PACKAGE)): found
        for p in sorted((PACKAGE / "engine").rglob("*.py"))
        if (found := _function_imports(p))
    }
    assert offenders == {}
