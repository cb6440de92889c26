"""The sources of the binary build (build/): the spec, the version resource, the
modules left out, the third-party notices. The build itself: test_binary.py (slow)."""

from __future__ import annotations

import ast
import importlib.metadata as md
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from build_modules import BUILD_DIR, bundle, notices

REPO = BUILD_DIR.parent


def test_the_spec_and_scripts_are_python() -> None:
    for name in ("dragonnoir.spec", "build.py", "launch.py", "bundle.py", "notices.py"):
        ast.parse((BUILD_DIR / name).read_text(encoding="utf-8"), filename=name)


def test_one_version_everywhere() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert bundle.version() == pyproject["project"]["version"]
    assert bundle.version_tuple()[:3] == tuple(
        int(p) for p in pyproject["project"]["version"].split(".")[:3]
    )
    assert bundle.macos_info_plist()["CFBundleShortVersionString"] == bundle.version()


def test_the_windows_version_resource_is_well_formed() -> None:
    """pyinstaller evaluates the file with its version classes; stand-ins record the
    call tree so the fields can be checked here, where pefile (Windows only) is not."""

    def node(kind: str):  # type: ignore[no-untyped-def]
        return lambda *args, **kw: {"kind": kind, "args": args, "kw": kw}

    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable",
             "StringStruct", "VarFileInfo", "VarStruct"]  # fmt: skip
    tree = eval(bundle.windows_version_info(), {n: node(n) for n in names})
    fixed = tree["kw"]["ffi"]["kw"]
    assert fixed["filevers"] == bundle.version_tuple()
    table = tree["kw"]["kids"][0]["args"][0][0]["args"][1]
    strings = {s["args"][0]: s["args"][1] for s in table}
    assert strings["ProductVersion"] == bundle.version()
    assert strings["OriginalFilename"] == "dragonnoir.exe"


def test_the_modules_left_out_are_not_used(tmp_path: Path) -> None:
    """Everything the game imports while it runs its self-test and opens each part of
    the client must stay in the binary."""
    script = (
        "import json, sys, io, pkgutil, importlib, dragonnoir\n"
        "from dragonnoir.selftest import run_selftest\n"
        "assert run_selftest(io.StringIO()) == 0\n"
        "for m in pkgutil.walk_packages(dragonnoir.__path__, 'dragonnoir.'):\n"
        "    if m.name != 'dragonnoir.__main__':\n"
        "        importlib.import_module(m.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "DRAGONNOIR_HOME": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    used = set(json.loads(out.splitlines()[-1])) - set(bundle.OPTIONAL_MODULES)
    clash = sorted(
        m for m in used for x in bundle.EXCLUDED_MODULES if m == x or m.startswith(x + ".")
    )
    assert clash == []


def test_notices_cover_every_runtime_package() -> None:
    text = notices.notices()
    dists = notices.runtime_distributions()
    names = {d.metadata["Name"].lower() for d in dists}
    assert {"pygame-ce", "pytmx", "pydantic", "platformdirs", "pygame_gui"} <= names
    for dist in dists:
        assert f"{dist.metadata['Name']} {dist.version}" in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text  # pygame-ce's LGPL, pytmx's LGPLv3
    assert "SIL OPEN FONT LICENSE" in text.upper()  # Noto Sans, from pygame_gui's files
    assert "Python Software Foundation" in text or "docs.python.org" in text
    assert "GNU FreeFont" in text


def test_every_library_pygame_ships_here_has_a_recorded_licence() -> None:
    files = [str(f) for f in md.distribution("pygame-ce").files or []]
    libs = [n for n in notices.native_libraries(files) if not bundle.EXCLUDED_LIBRARIES.search(n)]
    assert libs, "pygame-ce's wheel carries SDL"
    assert notices.unknown_libraries(libs) == []
    text = notices.notices(libs)
    assert "SDL (Simple DirectMedia Layer) 2 (Zlib)" in text
    assert "Permission is granted to anyone to use this software" in text  # zlib text
    assert "The FreeType Project" in text


def test_midi_libraries_are_left_out_and_sound_and_drawing_ones_kept() -> None:
    """The game plays its WAV sounds (issue 45 §7): SDL_mixer and the codecs it is linked
    against ship; only pygame's MIDI support (PortMidi, ALSA's library) stays out."""
    left_out = bundle.EXCLUDED_LIBRARIES
    for name in ("libportmidi.so.2", "portmidi.dll", "libasound-2b3a3662.so.2.0.0"):
        assert left_out.search(name), name
    for name in ("libSDL2_mixer-2.0.so.0", "SDL2_mixer.dll", "libfluidsynth-3.so",
                 "libmpg123-0.dll", "libvorbisfile.3.dylib", "libogg-0.dll",
                 "libSDL2-2.0.so.0", "SDL2_image.dll", "SDL2_ttf.dll", "libfreetype.6.dylib",
                 "libpng16-16.dll", "libjpeg-62.dll", "zlib1.dll", "libwebp-7.dll"):  # fmt: skip
        assert not left_out.search(name), name
    assert not [m for m in bundle.EXCLUDED_MODULES if m.startswith("pygame.mixer")]
