"""Build the one-folder bundle from this checkout, then check and measure it.

``python3 packaging/build.py`` makes a private venv under ``build/``, installs sheetapp
(not editable) with PyInstaller, builds ``dist/sheetapp/``, runs the bundle tests in
``tests/packaging/`` against it and prints its size and start-up time. It needs only Python
and network access to PyPI, like CI.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
VENV = BUILD / "bundle-venv"
DIST = ROOT / "dist"
PYINSTALLER = "pyinstaller>=6.10,<7"
RUNS = 5

# The same bare window bench/startup.py compares the app with; it prints "ready in N ms".
BARE = (ROOT / "bench" / "bare_window.py").read_text(encoding="utf-8")


def _python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _run(*args: str | Path, **kwargs) -> subprocess.CompletedProcess[str]:
    print("+", " ".join(str(a) for a in args), flush=True)
    return subprocess.run([str(a) for a in args], check=True, text=True, **kwargs)


def executable() -> Path:
    name = "sheetapp.exe" if os.name == "nt" else "sheetapp"
    return DIST / "sheetapp" / name


def build() -> None:
    if not _python().exists():
        venv.create(VENV, with_pip=True)
    _run(_python(), "-m", "pip", "install", "-q", "--upgrade", "pip")
    _run(_python(), "-m", "pip", "install", "-q", f"{ROOT}[test]", PYINSTALLER)
    _run(
        _python(),
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--distpath",
        DIST,
        "--workpath",
        BUILD / "pyinstaller",
        ROOT / "packaging" / "sheetapp.spec",
        cwd=ROOT,
    )


def check() -> None:
    env = {**os.environ, "SHEETAPP_BUNDLE": str(executable())}
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    _run(
        _python(),
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "tests/packaging",
        cwd=ROOT,
        env=env,
    )


def _to_paint(args: list[str], env: dict[str, str]) -> float:
    """Milliseconds from spawning the process to its "ready" line, printed at its first
    paint (the bootloader's unpacking counts; shutting down does not)."""
    start = time.perf_counter()
    with subprocess.Popen(
        args, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    ) as process:
        watchdog = threading.Timer(120, process.kill)  # a hung bundle must not hang the build
        watchdog.start()
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = (time.perf_counter() - start) * 1000
        process.stdout.read()
        watchdog.cancel()
    if process.returncode != 0 or not line.startswith("ready"):
        raise SystemExit(f"{args[0]} did not reach its first paint: {line!r}")
    return elapsed


def measure() -> None:
    folder = DIST / "sheetapp"
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink())
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SHEETAPP_DATA_DIR": tmp}
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        sheet = Path(tmp) / "hero.json"
        subprocess.run(
            [
                str(executable()),
                "new",
                "amazing-engine",
                "--random",
                "--seed",
                "3",
                "-o",
                str(sheet),
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        app = [str(executable()), "--smoke", str(sheet), "--size", "1366x768"]
        bare = [str(_python()), "-c", BARE]
        _to_paint(app, env), _to_paint(bare, env)  # warm the file cache
        app_ms, bare_ms = [], []
        for _ in range(RUNS):
            app_ms.append(_to_paint(app, env))
            bare_ms.append(_to_paint(bare, env))
    a, b = statistics.median(app_ms), statistics.median(bare_ms)
    print(f"bundle size: {size / 2**20:.0f} MiB in {DIST / 'sheetapp'}")
    print(
        f"bundle start to first paint, sheet open: {a:.0f} ms "
        f"(bare PySide6 window from a venv: {b:.0f} ms; ratio {a / b:.2f})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-build", action="store_true", help="check and measure only")
    parser.add_argument("--clean", action="store_true", help="start from a fresh venv")
    options = parser.parse_args()
    if options.clean:
        shutil.rmtree(VENV, ignore_errors=True)
    if not options.skip_build:
        build()
    check()
    measure()
    return 0


if __name__ == "__main__":
    sys.exit(main())
