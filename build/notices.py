"""Write THIRD-PARTY-NOTICES.txt: what the binary carries that others wrote, under which
licence, with the licence texts.

Made from what is installed, not from a hand-kept list of packages:

- the Python packages are the program's requirements (`dragonnoir`'s installed metadata,
  followed recursively, extras left out); for each, its version, licence, home page and
  every licence file its distribution holds (including pygame_gui's font licences);
- the shared libraries are the ones the build actually bundles (the spec passes their
  file names); pygame-ce's wheels carry SDL and image/font libraries without metadata,
  so `LIBRARIES` below names their project and licence — a library it does not know is
  listed as such and makes `unknown_libraries` non-empty (a test fails on it);
- Python itself (its LICENSE.txt), the fonts, and pyinstaller's bootloader.

`python build/notices.py -o FILE` writes the notices for the packages alone (no library
list); the spec writes the full file into the bundle.
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import re
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

BUILD_DIR = Path(__file__).resolve().parent
ROOT = BUILD_DIR.parent
LICENSES_DIR = BUILD_DIR / "licenses"
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)
RULE = "=" * 78


@dataclass(frozen=True)
class Library:
    """A bundled native library: who makes it, its licence, and its licence text (a
    file of build/licenses/) or where to read it."""

    pattern: str
    project: str
    licence: str
    url: str
    text: str = ""
    note: str = ""


ZLIB = "zlib.txt"
LGPL21 = "LGPL-2.1.txt"

#: Shared libraries found in pygame-ce's wheels and Python's own dependencies, matched on
#: the file name (case-insensitive, searched). Order matters: the first match wins.
LIBRARIES = (
    Library(r"sdl2_image", "SDL_image", "Zlib", "https://github.com/libsdl-org/SDL_image", ZLIB),
    Library(r"sdl2_mixer", "SDL_mixer", "Zlib", "https://github.com/libsdl-org/SDL_mixer", ZLIB),
    Library(r"sdl2_ttf", "SDL_ttf", "Zlib", "https://github.com/libsdl-org/SDL_ttf", ZLIB),
    Library(r"sdl2", "SDL (Simple DirectMedia Layer) 2", "Zlib", "https://libsdl.org", ZLIB),
    Library(r"brotli", "Brotli", "MIT", "https://github.com/google/brotli"),
    # SDL_mixer's codecs (the game plays WAV alone; SDL_mixer is linked against them)
    Library(r"opus", "Opus and opusfile", "BSD-3-Clause", "https://opus-codec.org/license/"),
    Library(r"vorbis", "libvorbis", "BSD-3-Clause", "https://xiph.org/vorbis/"),
    Library(r"ogg", "libogg", "BSD-3-Clause", "https://xiph.org/ogg/"),
    Library(r"flac", "libFLAC", "BSD-3-Clause", "https://xiph.org/flac/"),
    Library(r"wavpack", "WavPack", "BSD-3-Clause", "https://www.wavpack.com"),
    Library(r"mpg123", "mpg123", "LGPL-2.1-only", "https://www.mpg123.de", LGPL21),
    Library(r"fluidsynth", "FluidSynth", "LGPL-2.1-or-later", "https://www.fluidsynth.org", LGPL21),
    Library(
        r"sndfile",
        "libsndfile",
        "LGPL-2.1-or-later",
        "https://libsndfile.github.io/libsndfile/",
        LGPL21,
    ),
    Library(r"xmp", "libxmp", "MIT", "https://github.com/libxmp/libxmp"),
    Library(
        r"gme",
        "Game_Music_Emu",
        "LGPL-2.1-or-later",
        "https://github.com/libgme/game-music-emu",
        LGPL21,
    ),
    Library(r"modplug", "libmodplug", "Public domain", "https://github.com/Konstanty/libmodplug"),
    Library(r"mp3lame", "LAME", "LGPL-2.0-or-later", "https://lame.sourceforge.io", LGPL21),
    Library(r"bz2", "bzip2", "bzip2-1.0.6", "https://sourceware.org/bzip2/"),
    Library(r"crypto|ssl", "OpenSSL", "Apache-2.0", "https://www.openssl.org/source/license.html"),
    Library(r"ffi", "libffi", "MIT", "https://github.com/libffi/libffi"),
    Library(
        r"freetype",
        "FreeType",
        "FTL",
        "https://freetype.org/license.html",
        note="Portions of this software are copyright (c) The FreeType Project "
        "(www.freetype.org). All rights reserved.",
    ),
    Library(
        r"gcc_s|libgcc|stdc\+\+",
        "GCC runtime libraries (libgcc, libstdc++)",
        "GPL-3.0-or-later WITH GCC-exception-3.1",
        "https://gcc.gnu.org/onlinedocs/libstdc++/manual/license.html",
    ),
    Library(r"harfbuzz", "HarfBuzz", "MIT-Modern-Variant", "https://github.com/harfbuzz/harfbuzz"),
    Library(
        r"jpeg",
        "libjpeg-turbo",
        "IJG AND BSD-3-Clause AND Zlib",
        "https://libjpeg-turbo.org",
        note="This software is based in part on the work of the Independent JPEG Group.",
    ),
    Library(r"lzma", "XZ Utils (liblzma)", "0BSD", "https://tukaani.org/xz/"),
    Library(r"png", "libpng", "libpng-2.0", "http://www.libpng.org/pub/png/src/libpng-LICENSE.txt"),
    Library(r"python3", "Python", "PSF-2.0", "https://docs.python.org/3/license.html"),
    Library(
        r"sharpyuv|webp",
        "libwebp",
        "BSD-3-Clause",
        "https://chromium.googlesource.com/webm/libwebp",
    ),
    Library(r"tiff", "LibTIFF", "libtiff", "https://libtiff.gitlab.io/libtiff/"),
    Library(r"deflate", "libdeflate", "MIT", "https://github.com/ebiggers/libdeflate"),
    Library(r"zstd", "Zstandard", "BSD-3-Clause", "https://github.com/facebook/zstd"),
    Library(r"lerc", "LERC", "Apache-2.0", "https://github.com/Esri/lerc"),
    Library(
        r"avif|dav1d|aom",
        "AV1 image codecs",
        "BSD-2-Clause",
        "https://github.com/AOMediaCodec/libavif",
    ),
    Library(
        r"uuid", "libuuid (util-linux)", "BSD-3-Clause", "https://github.com/util-linux/util-linux"
    ),
    Library(r"^(lib)?z\.|zlib", "zlib", "Zlib", "https://zlib.net", ZLIB),
    Library(
        r"vcruntime|msvcp|ucrtbase|concrt|api-ms-win",
        "Microsoft Visual C++ runtime",
        "Microsoft Visual C++ Redistributable licence",
        "https://visualstudio.microsoft.com/license-terms/",
    ),
)


def native_libraries(names: Iterable[str]) -> list[str]:
    """The shared libraries among bundled file names (not Python extension modules)."""
    out = set()
    for name in names:
        base = Path(name).name
        if re.search(r"\.cpython-|\.pyd$|\.abi3\.", base):
            continue
        if re.search(r"\.(so(\.\d+)*|dylib|dll)$", base, re.IGNORECASE) or ".so." in base:
            out.add(base)
    return sorted(out, key=str.lower)


def library_for(name: str) -> Library | None:
    for lib in LIBRARIES:
        if re.search(lib.pattern, name, re.IGNORECASE):
            return lib
    return None


def unknown_libraries(names: Iterable[str]) -> list[str]:
    return [n for n in native_libraries(names) if library_for(n) is None]


def runtime_distributions(root: str = "dragonnoir") -> list[md.Distribution]:
    """`root`'s requirements, recursively, for this system and without extras."""
    from packaging.requirements import Requirement

    seen: dict[str, md.Distribution] = {}
    todo = [root]
    while todo:
        name = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        dist = md.distribution(name)
        seen[key] = dist
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return sorted(
        (d for k, d in seen.items() if k != root), key=lambda d: d.metadata["Name"].lower()
    )


def licence_of(dist: md.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return str(expression)
    licence = (meta.get("License") or "").strip()
    if licence and "\n" not in licence and len(licence) < 80:
        return licence
    classifiers = [
        c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if "License ::" in c
    ]
    return ", ".join(classifiers) or "see the licence text below"


def home_page(dist: md.Distribution) -> str:
    meta = dist.metadata
    if meta.get("Home-page"):
        return str(meta["Home-page"])
    for url in meta.get_all("Project-URL") or []:
        label, _, link = url.partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository", "source code"):
            return link.strip()
    return ""


def licence_files(dist: md.Distribution) -> list[tuple[str, str]]:
    out = []
    for file in dist.files or []:
        if LICENCE_FILE.search(file.name) and not file.name.endswith((".py", ".pyc")):
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                out.append((str(file), path.read_text(encoding="utf-8", errors="replace")))
    return out


def python_licence() -> str:
    """Python's own LICENSE.txt, wherever this system's Python keeps it."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    for candidate in (
        stdlib / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE",
    ):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8", errors="replace")
    return "See https://docs.python.org/3/license.html (PSF License Agreement and history)."


def notices(libraries: Iterable[str] = ()) -> str:
    """The whole notices text."""
    from dragonnoir import __version__

    parts: list[str] = [
        f"Dragon Noir 2 {__version__}: third-party software and licences",
        "",
        "This program is free software under the GNU General Public License, version 3",
        "or later (the file LICENSE beside this one). It is built with the following",
        "software by others, each under its own licence.",
        "",
    ]
    dists = runtime_distributions()
    libs = native_libraries(libraries)
    parts += [RULE, "Contents", RULE, ""]
    parts += [f"- Python {sys.version.split()[0]} (PSF-2.0)"]
    parts += [f"- {d.metadata['Name']} {d.version} ({licence_of(d)})" for d in dists]
    parts += [
        "- FreeSans Bold font, GNU FreeFont, in pygame (GPL-3.0-or-later WITH Font-exception-2.0)",
        "- PyInstaller bootloader (GPL-2.0-or-later WITH the PyInstaller bootloader exception)",
    ]
    by_project: dict[Library | None, list[str]] = {}
    for name in libs:
        by_project.setdefault(library_for(name), []).append(name)
    for lib, files in by_project.items():
        label = f"{lib.project} ({lib.licence})" if lib else "licence not recorded"
        parts.append(f"- {label}: {', '.join(files)}")
    parts.append("")

    for dist in dists:
        name = dist.metadata["Name"]
        parts += [RULE, f"{name} {dist.version}", RULE]
        parts += [f"Licence: {licence_of(dist)}"]
        if home_page(dist):
            parts += [f"Home: {home_page(dist)}"]
        texts = licence_files(dist)
        if not texts and name.lower() == "pygame-ce":
            texts = [(LGPL21, (LICENSES_DIR / LGPL21).read_text(encoding="utf-8"))]
        if not texts:
            parts += ["(the distribution holds no licence file; see its home page)"]
        for label, text in texts:
            parts += ["", f"--- {label} ---", text.rstrip()]
        parts.append("")

    if by_project:
        parts += [RULE, "Native libraries bundled (most come inside pygame-ce's wheels)", RULE]
        for lib, files in by_project.items():
            parts.append("")
            if lib is None:
                parts += [f"{', '.join(files)}: licence not recorded in build/notices.py"]
                continue
            parts += [f"{lib.project}: {', '.join(files)}", f"Licence: {lib.licence}, {lib.url}"]
            if lib.note:
                parts.append(lib.note)
        texts_needed = sorted({lib.text for lib in by_project if lib and lib.text})
        for text in texts_needed:
            parts += ["", f"--- {text} ---", (LICENSES_DIR / text).read_text(encoding="utf-8")]
        parts.append("")

    parts += [RULE, f"Python {sys.version.split()[0]}", RULE, python_licence().rstrip(), ""]
    parts += [
        RULE,
        "Fonts",
        RULE,
        "FreeSansBold.ttf (shipped inside pygame) is part of GNU FreeFont, licensed under",
        "the GNU General Public License v3 or later with the font exception: embedding",
        "the font's glyphs in a document does not by itself make that document GPL.",
        "Noto Sans and Fira Code (inside pygame_gui) are under the SIL Open Font License",
        "1.1; their licence files are reproduced in pygame_gui's section above.",
        "",
    ]
    try:
        boot = md.distribution("pyinstaller")
        texts = licence_files(boot)
        parts += [RULE, f"PyInstaller {boot.version} bootloader", RULE]
        parts += [text.rstrip() for _, text in texts[:1]]
    except md.PackageNotFoundError:
        parts += [RULE, "PyInstaller bootloader: GPL-2.0-or-later with exception", RULE]
    parts.append("")
    return "\n".join(parts)


def write_notices(out: Path, libraries: Iterable[str] = ()) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(notices(libraries), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "-o", "--output", type=Path, default=BUILD_DIR / "work" / "THIRD-PARTY-NOTICES.txt"
    )
    args = parser.parse_args(argv)
    print(f"wrote {write_notices(args.output)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
