"""The library's roster in the window at 10,000 sheets, each figure against a bare Qt
baseline measured in the same run.

- Open the library and show the main window with its roster until the roster's table has
  painted for the first time (in-process: a new window each time, the library file in the
  operating system's cache as on a second start), against a bare ``QTableView`` over the
  same 10,000 rows' strings read by a bare ``sqlite3`` query.
- One keystroke in the roster's filter until the table has painted the new rows (typing a
  name letter by letter, then deleting it), against a ``QSortFilterProxyModel`` filtering
  the bare table's rows in memory for the same keystrokes.
- Peak memory (``ru_maxrss``) of a process that opens the library, shows the roster and
  types the same keystrokes, against a process showing the bare table; each in a process
  of its own, and the sheets generated in another, so nothing else counts.
"""

from __future__ import annotations

import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from figures import Figure, emit
from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QTableView, QWidget

SHEETS = 10_000
OPENS = 7
IDLE_S = 0.25  # no paint this long after a keystroke: the view had nothing to redraw
WORD = "bessa"  # a given name of the default list: typed, then deleted, key by key
COLUMNS = "id, name, system, setting, npc, campaign, updated"

GENERATE = f"""
import sys
from sheetapp.play.batch import generate_into
from sheetapp.play.support import NpcRequest
from sheetapp.storage.library import open_library
with open_library(sys.argv[1]) as library:
    generate_into(library, NpcRequest("amazing-engine"), {SHEETS}, seed=1)
"""


class Painted(QObject):
    """Counts paint events of one widget."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def until_painted(app: QApplication, painted: Painted, before: int, limit_s: float = 10) -> None:
    deadline = time.perf_counter() + limit_s
    while painted.count == before:
        app.processEvents()
        if time.perf_counter() > deadline:
            raise RuntimeError("the table never painted")


def show_until_painted(app: QApplication, window: QWidget, table: QWidget) -> Painted:
    """Show ``window`` and wait for ``table`` (the viewport of its roster or bare view) to
    paint; its paints are counted from before the show."""
    painted = Painted(table)
    window.show()
    until_painted(app, painted, 0)
    return painted


class BareModel(QAbstractTableModel):
    def __init__(self, rows: list[tuple]) -> None:
        super().__init__()
        self.rows = rows

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 7

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole:
            return str(self.rows[index.row()][index.column()])
        return None


def bare_view(path: Path) -> QTableView:
    db = sqlite3.connect(path)
    rows = db.execute(f"SELECT {COLUMNS} FROM sheets ORDER BY name").fetchall()
    db.close()
    proxy = QSortFilterProxyModel()
    model = BareModel(rows)
    proxy.setSourceModel(model)
    proxy.setFilterKeyColumn(1)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    view = QTableView()
    view.setModel(proxy)
    view._keep = (model, proxy)  # type: ignore[attr-defined]
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    view.resize(1366, 768)
    return view


def bare_filter(view: QTableView) -> QLineEdit:
    """A line edit filtering the bare view's rows in memory, as the roster's filter does."""
    edit = QLineEdit()
    edit.textChanged.connect(view.model().setFilterFixedString)
    edit.show()
    return edit


def median_s(measure: Callable[[], float], repeat: int) -> float:
    return statistics.median(measure() for _ in range(repeat))


def settled(app: QApplication, painted: Painted, before: int) -> float:
    """When the view was up to date: its next paint, or, when the rows shown did not
    change and nothing needed painting, when the events of the keystroke were handled."""
    app.processEvents()
    handled = time.perf_counter()
    quiet_until = handled + IDLE_S
    while painted.count == before:
        if time.perf_counter() > quiet_until:
            return handled
        app.processEvents()
    return time.perf_counter()


def keystrokes(app: QApplication, edit: QLineEdit, painted: Painted) -> list[float]:
    """Seconds from each key to the table's update: the word typed, then deleted."""
    times = []
    keys = [*WORD, *["\b"] * len(WORD)]
    for key in keys:
        before = painted.count
        start = time.perf_counter()
        if key == "\b":
            QTest.keyClick(edit, Qt.Key.Key_Backspace)
        else:
            QTest.keyClicks(edit, key)
        times.append(settled(app, painted, before) - start)
    return times


def peak_mb() -> float:
    """This process's peak resident memory. On Linux from VmHWM: ``ru_maxrss`` of a child
    starts at its parent's peak (it is kept across the fork and exec that start it)."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def memory_child(path: Path, bare: bool) -> None:
    """Show the roster (or the bare table), type the keystrokes, print the peak memory."""
    from sheetapp.storage.library import open_library
    from sheetapp.ui.app import make_app
    from sheetapp.ui.main_window import MainWindow

    app = make_app()
    if bare:
        view = bare_view(path)
        painted = show_until_painted(app, view, view.viewport())
        edit = bare_filter(view)
    else:
        window = MainWindow(library=open_library(path))
        window.resize(1366, 768)
        painted = show_until_painted(app, window, window.library_tab.view.viewport())
        edit = window.library_tab.filter_edit
    keystrokes(app, edit, painted)
    print(peak_mb())


def child_peak(path: Path, bare: bool) -> float:
    args = [sys.executable, __file__, "--memory-bare" if bare else "--memory", str(path)]
    done = subprocess.run(args, check=True, capture_output=True, text=True)
    return float(done.stdout.strip().splitlines()[-1])


def figures(folder: Path) -> list[Figure]:
    path = folder / "library.sqlite3"
    subprocess.run([sys.executable, "-c", GENERATE, str(path)], check=True)
    os.environ["SHEETAPP_DATA_DIR"] = str(folder)

    from sheetapp.storage.library import RosterQuery, open_library
    from sheetapp.ui.app import make_app
    from sheetapp.ui.main_window import MainWindow
    from sheetapp.ui.theme import apply_theme

    app = make_app()
    apply_theme(app, "light")

    def open_and_show() -> float:
        start = time.perf_counter()
        library = open_library(path)
        window = MainWindow(library=library)
        window.resize(1366, 768)
        show_until_painted(app, window, window.library_tab.view.viewport())
        elapsed = time.perf_counter() - start
        window.close()
        window.deleteLater()
        app.processEvents()
        library.close()
        return elapsed

    def bare_open_and_show() -> float:
        start = time.perf_counter()
        view = bare_view(path)
        show_until_painted(app, view, view.viewport())
        elapsed = time.perf_counter() - start
        view.close()
        view.deleteLater()
        app.processEvents()
        return elapsed

    open_and_show(), bare_open_and_show()  # warm the file cache and Qt's first-use costs
    showing = median_s(open_and_show, OPENS)
    bare_showing = median_s(bare_open_and_show, OPENS)

    library = open_library(path)
    window = MainWindow(library=library)
    window.resize(1366, 768)
    painted = show_until_painted(app, window, window.library_tab.view.viewport())
    edit = window.library_tab.filter_edit
    edit.setFocus()
    keystrokes(app, edit, painted)  # once to warm the query plans
    typing = keystrokes(app, edit, painted)
    matches = len(library.roster_ids(RosterQuery(text=WORD[:2])))
    window.close()
    window.deleteLater()
    app.processEvents()
    library.close()

    view = bare_view(path)
    bare_painted = show_until_painted(app, view, view.viewport())
    bare_edit = bare_filter(view)
    keystrokes(app, bare_edit, bare_painted)
    bare_typing = keystrokes(app, bare_edit, bare_painted)

    memory, bare_memory = child_peak(path, bare=False), child_peak(path, bare=True)
    key, bare_key = statistics.median(typing), statistics.median(bare_typing)
    ms = 1000
    return [
        Figure(
            f"open + show the roster, {SHEETS:,} sheets, to first paint",
            showing * ms,
            "ms",
            "bare QTableView of the same rows from sqlite3",
            showing / bare_showing,
            "<= 500 ms",
            showing <= 0.5,
        ),
        Figure(
            f"one filter keystroke to repaint (median of {len(typing)}; "
            f"'{WORD[:2]}' leaves {matches:,})",
            key * ms,
            "ms",
            "QSortFilterProxyModel over the rows in memory",
            key / bare_key,
            "<= 30 ms",
            key <= 0.03,
        ),
        Figure(
            "slowest filter keystroke",
            max(typing) * ms,
            "ms",
            "the same, slowest",
            max(typing) / max(bare_typing),
        ),
        Figure(
            "peak process memory: roster shown and filtered",
            memory,
            "MB",
            "a process showing the bare table",
            memory / bare_memory,
            "<= 250 MB",
            memory <= 250,
        ),
    ]


if __name__ == "__main__":
    if sys.argv[1:2] in (["--memory"], ["--memory-bare"]):
        memory_child(Path(sys.argv[2]), bare=sys.argv[1] == "--memory-bare")
    else:
        with tempfile.TemporaryDirectory(prefix="sheetapp-bench-roster-") as scratch:
            emit(figures(Path(scratch)))
