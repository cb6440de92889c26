"""Build the binary of Dragon Noir 2 for the system this runs on.

Run it with a Python that has the project and pyinstaller installed:

    pip install -e '.[build]'
    python build/build.py                  # one folder: dist/dragonnoir/dragonnoir[.exe]
    python build/build.py --onefile        # one file:   dist/onefile/dragonnoir[.exe]
    python build/build.py --selftest       # ... then run the built binary's --selftest
    python build/build.py --archive        # ... then pack it for a release (dist/*.zip|tar.gz)

On macOS the one-folder build also makes `dist/Dragon Noir 2.app`, and the archive is
that app, zipped. The Windows version resource is written to build/work/ first; the spec
(build/dragonnoir.spec) writes the third-party notices. Scratch files go to build/work/
(ignored by git). The last line printed gives the build's size.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bundle


def _fail(message: str) -> int:
    print(f"build.py: {message}", file=sys.stderr)
    return 1


def executable(onefile: bool) -> Path:
    """Where the built program is."""
    suffix = ".exe" if os.name == "nt" else ""
    if onefile:
        return bundle.DIST_DIR / "onefile" / f"{bundle.APP_NAME}{suffix}"
    return bundle.DIST_DIR / bundle.APP_NAME / f"{bundle.APP_NAME}{suffix}"


def app_bundle() -> Path:
    return bundle.DIST_DIR / f"{bundle.DISPLAY_NAME}.app"


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def run_pyinstaller(onefile: bool) -> None:
    bundle.WORK_DIR.mkdir(parents=True, exist_ok=True)
    (bundle.WORK_DIR / "version_info.txt").write_text(
        bundle.windows_version_info(), encoding="utf-8"
    )
    dist = bundle.DIST_DIR / ("onefile" if onefile else "")
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(bundle.BUILD_DIR / "dragonnoir.spec"),
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--workpath",
        str(bundle.WORK_DIR / ("pyinstaller-onefile" if onefile else "pyinstaller")),
        "--distpath",
        str(dist),
    ]
    if onefile:
        command += ["--", "--onefile"]
    subprocess.run(command, check=True, cwd=bundle.ROOT)
    if not onefile:
        # The licence files beside the program, where a person looks for them (the
        # bundle holds them too, for the one-file build and the app).
        folder = bundle.DIST_DIR / bundle.APP_NAME
        for name in (bundle.NOTICES_FILE, bundle.LICENSE_FILE):
            shutil.copyfile(folder / "_internal" / name, folder / name)


def run_selftest(program: Path) -> int:
    """The built program's --selftest, in a scratch home, from another folder."""
    with tempfile.TemporaryDirectory(prefix="dragonnoir-build-") as tmp:
        env = {**os.environ, "DRAGONNOIR_HOME": str(Path(tmp) / "home")}
        env.pop("PYTHONPATH", None)
        started = time.perf_counter()
        result = subprocess.run([str(program), "--selftest"], cwd=tmp, env=env)
        took = time.perf_counter() - started
        print(f"selftest of {program}: exit {result.returncode} in {took:.1f} s")
        return result.returncode


def make_archive(onefile: bool) -> Path:
    """The release archive: a zip on Windows, the zipped app on macOS, a tar.gz on Linux."""
    stem = f"{bundle.APP_NAME}-{bundle.version()}-{bundle.system_tag()}"
    if onefile:
        stem += "-onefile"
    out_dir = bundle.DIST_DIR / "release"
    out_dir.mkdir(parents=True, exist_ok=True)
    if sys.platform == "darwin" and not onefile:
        out = out_dir / f"{stem}.zip"
        # ditto keeps the bundle's symlinks and extended attributes (zip does not).
        subprocess.run(
            ["ditto", "-c", "-k", "--keepParent", str(app_bundle()), str(out)], check=True
        )
        return out
    source = executable(onefile) if onefile else bundle.DIST_DIR / bundle.APP_NAME
    if os.name == "nt":
        out = out_dir / f"{stem}.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            if source.is_file():
                zf.write(source, f"{stem}/{source.name}")
            else:
                for path in sorted(source.rglob("*")):
                    zf.write(path, f"{stem}/{path.relative_to(source)}")
        return out
    out = out_dir / f"{stem}.tar.gz"
    with tarfile.open(out, "w:gz") as tf:
        tf.add(source, arcname=stem if source.is_dir() else f"{stem}/{source.name}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Dragon Noir 2 binary.")
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file")
    parser.add_argument("--selftest", action="store_true", help="run the built binary's selftest")
    parser.add_argument("--archive", action="store_true", help="pack the build for a release")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return _fail("pyinstaller is missing: pip install -e '.[build]'")
    started = time.perf_counter()
    run_pyinstaller(args.onefile)
    program = executable(args.onefile)
    if not program.is_file():
        return _fail(f"pyinstaller made no {program}")
    built = program if args.onefile else program.parent
    print(f"built {program} in {time.perf_counter() - started:.0f} s")
    if args.selftest and run_selftest(program) != 0:
        return _fail("the built binary's selftest failed")
    if args.archive:
        archive = make_archive(args.onefile)
        print(f"archive {archive}: {size_of(archive) / 2**20:.1f} MB")
    print(f"size of {built}: {size_of(built) / 2**20:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
