"""pygame's drawing modules without the rest of pygame, for one-shot commands.

Why: `import pygame` runs pygame's package `__init__`, which loads every pygame module -
the mixer (and SDL_mixer's libraries), fonts and sysfont, sprites, the debug helpers,
`importlib.resources` with tempfile and shutil, `platform`... About 15 ms of the ~150 ms
`dragonnoir render` of a small map takes, where drawing a TMX map and writing its PNG
need surfaces, `draw`, `transform`, `image`, `mask` and `pixelarray` (issue 16: the whole
command against `tmxrasterizer`).

`load_drawing_core()` imports just those C modules under a bare `pygame` package object
and gives it the names the renderers use (`pygame.Surface`, `pygame.SRCALPHA`, ...). It
is only for a process that ends after its one command (`dragonnoir render` run as a
program): the package object stays in `sys.modules`, so a later `import pygame` in the
same process would get it, not pygame's own. It does nothing when pygame is imported
already, in the frozen binary (pyinstaller's importer) and off Linux, where it was
measured and tested (on Windows pygame's `__init__` sets the DLL folders up; macOS is
left to the usual import until someone checks it there); if anything fails it undoes
itself and pygame is imported as usual.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

#: The C modules the TMX renderer and the PNG writer use, in dependency order.
CORE_MODULES = (
    "base",
    "constants",
    "rect",
    "color",
    "bufferproxy",
    "surflock",
    "surface",
    "pixelarray",
    "draw",
    "transform",
    "mask",
    "rwobject",
    "imageext",
    "image",
    "display",
)

#: The modules pygame's exit handler quits, which a render never starts.
NEVER_STARTED = ("mixer", "freetype", "font", "joystick")


def load_drawing_core() -> bool:
    """Import pygame's drawing core as the `pygame` package (see the module doc); True
    if done, False if pygame was (or now is) imported the usual way."""
    if (
        "pygame" in sys.modules
        or not sys.platform.startswith("linux")
        or getattr(sys, "frozen", False)
    ):
        return False
    before = set(sys.modules)
    try:
        spec = importlib.util.find_spec("pygame")
        if spec is None or not spec.submodule_search_locations:
            return False
        package = types.ModuleType("pygame", "pygame's drawing core (dragonnoir)")
        package.__path__ = list(spec.submodule_search_locations)
        package.__file__ = spec.origin
        sys.modules["pygame"] = package
        for name in CORE_MODULES:
            importlib.import_module(f"pygame.{name}")
        constants = sys.modules["pygame.constants"]
        for name in dir(constants):
            if name.isupper():
                setattr(package, name, getattr(constants, name))
        surface = sys.modules["pygame.surface"]
        package.Surface = surface.Surface  # type: ignore[attr-defined]
        package.Rect = sys.modules["pygame.rect"].Rect  # type: ignore[attr-defined]
        package.Color = sys.modules["pygame.color"].Color  # type: ignore[attr-defined]
        package.PixelArray = sys.modules["pygame.pixelarray"].PixelArray  # type: ignore[attr-defined]
        package.error = sys.modules["pygame.base"].error  # type: ignore[attr-defined]
        # pygame's exit handler imports these to quit them (~10 ms: the mixer loads
        # SDL_mixer); marked absent, it skips them (it silences the ImportError). None
        # of them was started.
        for name in NEVER_STARTED:
            sys.modules.setdefault(f"pygame.{name}", None)  # type: ignore[arg-type]
        return True
    except Exception:  # any surprise: back to the usual pygame
        for name in set(sys.modules) - before:
            if name == "pygame" or name.startswith("pygame."):
                del sys.modules[name]
        return False
