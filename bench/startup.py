"""App start-up and edit latency, each against a baseline measured in the same run.

- Start-up: ``sheetapp --smoke FILE`` (a sheet open, first paint) against a bare PySide6
  window reaching its first paint, both as fresh processes, wall-clock time.
- Edit latency: one field edit through the undo stack until the sheet is revalidated and
  every widget has refreshed, against the same edit applied to the bare pydantic model.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from figures import Figure, emit

BARE = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow(); w.resize(1366, 768)
class F(QObject):
    def eventFilter(self, o, e):
        if e.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, app.quit)
        return False
f = F(); w.installEventFilter(f); w.show(); app.exec()
"""

RUNS = 7


def _wall(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, capture_output=True, timeout=120)
    return (time.perf_counter() - start) * 1000


def startup_figures() -> list[Figure]:
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
        _wall(bare_args, env), _wall(app_args, env)  # warm the file cache
        bare, app = [], []
        for _ in range(RUNS):  # interleaved, so drift hits both alike
            bare.append(_wall(bare_args, env))
            app.append(_wall(app_args, env))
    b, a = statistics.median(bare), statistics.median(app)
    return [
        Figure(
            "start to first paint, sheet open",
            a,
            "ms",
            "bare PySide6 window",
            a / b,
            "<= 1.25x baseline",
            a / b <= 1.25,
        )
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
