"""App start-up and edit latency, each against a baseline measured in the same run.

- Start-up: ``sheetapp --smoke FILE`` against a bare PySide6 window reaching its first paint,
  both as fresh processes. Each reports the time from its first line of code to the paint
  event. The app reports two moments: its first paint (``ready in N ms``: the window with its
  menus and the sheet's tab saying it is opening) and the sheet ready for input (``sheet ready
  in N ms``: the sheet loaded, checked, its form built and painted). The interpreter's own
  start, the same for both, is left out, which makes the ratios stricter; so is what runs
  after (the roster built behind the sheet, shutting down).
- The floor under the first: the bare window that, before showing, loads and checks the sheet
  through its pydantic models as the app must. No form, no docks; what no change to the
  window can win back.
- Edit latency: one field edit through the undo stack until the sheet is revalidated and
  every widget has refreshed, against the same edit applied to the bare pydantic model.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from figures import Figure, emit

BARE = Path(__file__).with_name("bare_window.py").read_text(encoding="utf-8")

# The floor: BARE plus loading and checking the sheet as the app does before its first paint.
FLOOR = BARE.replace(
    "app = QApplication(sys.argv)",
    """from pathlib import Path
import os
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # as sheetapp.cli.main does
from sheetapp.storage.document import load
from sheetapp.systems.registry import get_system
sheet = load(Path(sys.argv[1]))
get_system(sheet.system).check(sheet)
app = QApplication(sys.argv[:1])""",
)

RUNS = 7


def _reported(args: list[str], env: dict[str, str]) -> list[float]:
    """Milliseconds from the process's first line to each moment it reports, in order."""
    done = subprocess.run(args, env=env, check=True, capture_output=True, text=True, timeout=120)
    return [float(x.split()[-2]) for x in done.stdout.splitlines() if "ready in " in x]


def _to_paint(args: list[str], env: dict[str, str]) -> float:
    """Milliseconds from the process's first line to its first paint, as it reports them."""
    return _reported(args, env)[0]


def _compile_bytecode() -> None:
    """Installed copies start from compiled bytecode (pip compiles at install, the bundle ships
    it); a source checkout with PYTHONDONTWRITEBYTECODE set would compile every module at
    every start and add about 200 ms that no user sees."""
    import sheetapp

    compileall.compile_dir(Path(sheetapp.__file__).parent, quiet=1)


def startup_figures() -> list[Figure]:
    _compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
            "SHEETAPP_DATA_DIR": tmp,
        }
        sheet = Path(tmp) / "hero.json"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "sheetapp",
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
        app_args = [sys.executable, "-m", "sheetapp", "--smoke", str(sheet), "--size", "1366x768"]
        bare_args = [sys.executable, "-c", BARE]
        floor_args = [sys.executable, "-c", FLOOR, str(sheet)]
        for args in (bare_args, floor_args, app_args):  # warm the file cache
            _to_paint(args, env)
        bare, floor, app, ready = [], [], [], []
        for _ in range(RUNS):  # interleaved, so drift hits all alike
            bare.append(_to_paint(bare_args, env))
            floor.append(_to_paint(floor_args, env))
            painted, sheet_ready = _reported(app_args, env)
            app.append(painted)
            ready.append(sheet_ready)
    b, f, a = statistics.median(bare), statistics.median(floor), statistics.median(app)
    r = statistics.median(ready)
    return [
        Figure(
            "floor: bare window + loading the sheet",
            f,
            "ms",
            "bare PySide6 window",
            f / b,
        ),
        Figure(
            "start to first paint, sheet opening",
            a,
            "ms",
            "bare PySide6 window",
            a / b,
            "<= 1.3x baseline",
            a / b <= 1.3,
        ),
        Figure(
            "start to sheet ready for input",
            r,
            "ms",
            "bare PySide6 window",
            r / b,
            "<= 2.5x baseline",
            r / b <= 2.5,
        ),
    ]


def edit_figures() -> list[Figure]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SHEETAPP_DATA_DIR"] = tmp
        from sheetapp.dice import Roller
        from sheetapp.systems.amazing_engine.catalog import builtin_universes
        from sheetapp.systems.amazing_engine.generation import random_prime_sheet
        from sheetapp.systems.field_paths import set_value
        from sheetapp.ui.app import make_app
        from sheetapp.ui.document import SheetDocument
        from sheetapp.ui.main_window import MainWindow

        app = make_app()
        window = MainWindow()
        window.resize(1366, 768)
        sheet = random_prime_sheet(Roller(3), builtin_universes()["generic"])
        document = SheetDocument(sheet)
        form = window.add_document(document)
        form.show_character(0)
        window.show()
        app.processEvents()
        path = ("characters", 0, "attributes", "fitness")
        samples, bare = [], []
        for i in range(200):
            value = 20 + i % 30
            start = time.perf_counter()
            document.edit(path, value)
            samples.append((time.perf_counter() - start) * 1000)
            copy = sheet.model_copy(deep=True)
            start = time.perf_counter()
            set_value(copy, path, value)
            bare.append((time.perf_counter() - start) * 1000)
        app.processEvents()
        document.undo_stack.setClean()
        window.close()
    e, b = statistics.median(samples), statistics.median(bare)
    return [
        Figure(
            "edit to revalidated + refreshed form",
            e,
            "ms",
            "the bare model assignment",
            e / b,
            "<= 5 ms",
            e <= 5,
        )
    ]


if __name__ == "__main__":
    emit([*startup_figures(), *edit_figures()])
