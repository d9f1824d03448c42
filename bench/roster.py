"""The library's roster in the window at 100,000 characters, each figure against a bare Qt
baseline measured in the same run.

- Generating: ``sheetapp library generate`` for every system, a fifth of the NPCs each, into
  libraries of 1,000, 10,000 and 100,000; rows per CPU second of the generating alone (each
  system's process start, a process generating one NPC, taken off). Linear when the time
  per row does not grow with the library.
- Opening the roster: the main window over the open library (as after start-up, when the
  library has been opened behind the first paint) until the roster's table has painted its
  first rows; and the same from the closed file (its check at open included). Against a
  bare ``QTableView`` over a plain ``QAbstractTableModel`` holding the same rows read by a
  bare ``sqlite3`` query (every row: that is what a plain model does).
- One keystroke in the roster's filter until the table has painted (typing a name letter by
  letter, then deleting it), against a ``QSortFilterProxyModel`` filtering the bare rows.
- Sorting by each column (a click on its header) until the table has painted, against the
  bare model sorting its rows in Python and resetting.
- Jumping to the last row (Ctrl+End) until painted, against the bare view doing the same.
- Peak memory of a process that shows the roster and does all of the above, against a
  process showing the bare table; each in a process of its own.

``--cache DIR`` keeps the 100,000-character library in DIR and reuses it on the next run
(its generating is then not timed again). ``--json`` prints the figures for
bench/report.py.
"""

from __future__ import annotations

import argparse
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

CHARACTERS = 100_000
GENERATED = (1_000, 10_000, CHARACTERS)
SYSTEMS = ("amazing-engine", "alternity", "amplitude", "d6-pool", "forgotten-futures")
OPENS = 5
IDLE_S = 0.25  # no paint this long after a keystroke: the view had nothing to redraw
WORD = "bessa"  # a given name of the default list: typed, then deleted, key by key
# The bare model's columns, as the roster shows them (the sort keys' order).
BARE_COLUMNS = {
    "name": "c.name",
    "system": "c.system",
    "setting": "c.setting",
    "profession": "c.profession",
    "xp": "c.xp",
    "status": "c.status",
    "player": "c.player",
    "kind": "c.npc",
    "campaign": "s.campaign",
    "updated": "c.updated",
}
BARE_SQL = (
    f"SELECT {', '.join(BARE_COLUMNS.values())} FROM characters c "
    "JOIN sheets s ON s.id = c.sheet_id WHERE s.trashed IS NULL "
    "ORDER BY c.name_key, c.sheet_id, c.position"
)


# --- generating ----------------------------------------------------------------------------


def generate(path: Path, system: str, count: int) -> float:
    """``sheetapp library generate``: ``count`` NPCs of ``system`` into ``path``; the CPU
    seconds of that process (on a shared machine its wall time swings with the load)."""
    args = [sys.executable, "-m", "sheetapp", "library", "--file", str(path), "generate"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [*args, system, "--count", str(count), "--seed", "1"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def generating_rate(path: Path, total: int, start_up: dict[str, float]) -> float:
    """Rows per CPU second of generating ``total`` NPCs, a fifth of every system, into
    ``path``: each system's process start (a process generating one NPC) taken off."""
    spent = sum(
        generate(path, system, total // len(SYSTEMS)) - start_up[system] for system in SYSTEMS
    )
    return total / spent


def generation_figures(folder: Path, library: Path) -> list[Figure]:
    scratch = folder / "start-up.sqlite3"
    start_up = {s: min(generate(scratch, s, 1) for _ in range(3)) for s in SYSTEMS}
    rates: dict[int, float] = {}
    for total in GENERATED:
        if total != CHARACTERS:  # seconds of work, beside the start-up taken off: 3 runs
            rates[total] = statistics.median(
                generating_rate(folder / f"generated-{total}-{n}.sqlite3", total, start_up)
                for n in range(3)
            )
        elif not library.exists():  # the cached library: not generated (nor timed) again
            rates[total] = generating_rate(library, total, start_up)
    first = rates[GENERATED[0]]
    return [
        Figure(
            f"generate {total:,} NPCs (every system), rows per CPU second",
            rate,
            "rows/s",
            f"time per row x the {GENERATED[0]:,} run",
            first / rate,
            "linear: <= 1.25x" if total != GENERATED[0] else "",
            first / rate <= 1.25 if total != GENERATED[0] else None,
        )
        for total, rate in rates.items()
    ]


# --- painting ------------------------------------------------------------------------------


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


def until_painted(app: QApplication, painted: Painted, before: int, limit_s: float = 30) -> None:
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


def settled(app: QApplication, painted: Painted, before: int) -> float:
    """When the view was up to date: its next paint, or, when the rows shown did not
    change and nothing needed painting, when the events of the action were handled."""
    app.processEvents()
    handled = time.perf_counter()
    quiet_until = handled + IDLE_S
    while painted.count == before:
        if time.perf_counter() > quiet_until:
            return handled
        app.processEvents()
    return time.perf_counter()


def timed(app: QApplication, painted: Painted, act: Callable[[], object]) -> float:
    """Seconds from ``act`` to the view painted (or settled)."""
    before = painted.count
    start = time.perf_counter()
    act()
    return settled(app, painted, before) - start


# --- the bare table ------------------------------------------------------------------------


class BareModel(QAbstractTableModel):
    """Every row in a list, as a plain model holds them; sorting sorts the list."""

    def __init__(self, rows: list[tuple]) -> None:
        super().__init__()
        self.rows = rows

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(BARE_COLUMNS)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole:
            value = self.rows[index.row()][index.column()]
            return "" if value is None else str(value)
        return None

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        def key(row: tuple) -> tuple:
            value = row[column]
            return (value is not None, value.casefold() if isinstance(value, str) else value)

        self.beginResetModel()
        self.rows.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        self.endResetModel()


def bare_view(path: Path) -> QTableView:
    db = sqlite3.connect(path)
    rows = db.execute(BARE_SQL).fetchall()
    db.close()
    model = BareModel(rows)
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    proxy.setFilterKeyColumn(0)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setDynamicSortFilter(False)
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


def bare_sort(view: QTableView, column: int, descending: bool) -> None:
    """The bare model sorts its own rows (a proxy's sort would ask the Python model for
    every cell it compares: seconds at 100,000 rows, a baseline no one would write)."""
    order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
    view._keep[0].sort(column, order)  # type: ignore[attr-defined]


# --- the roster ----------------------------------------------------------------------------


def keystrokes(
    app: QApplication, edit: QLineEdit, painted: Painted, cpu: list[float] | None = None
) -> list[float]:
    """Seconds from each key to the table's update: the word typed, then deleted. ``cpu``
    gets the process's CPU seconds for each (steadier than wall time on a busy machine)."""
    times = []
    for key in [*WORD, *["\b"] * len(WORD)]:
        if key == "\b":
            act = lambda: QTest.keyClick(edit, Qt.Key.Key_Backspace)  # noqa: E731
        else:
            act = lambda k=key: QTest.keyClicks(edit, k)  # noqa: E731
        started = time.process_time()
        times.append(timed(app, painted, act))
        if cpu is not None:
            cpu.append(time.process_time() - started)
    return times


def roster_window(app: QApplication, library):
    from sheetapp.ui.main_window import MainWindow

    window = MainWindow(library=library)
    window.resize(1366, 768)
    painted = show_until_painted(app, window, window.library_tab.view.viewport())
    return window, painted


def close(app: QApplication, widget: QWidget) -> None:
    widget.close()
    widget.deleteLater()
    app.processEvents()


def roster_sorts(app: QApplication, window, painted: Painted) -> dict[str, tuple[float, float]]:
    """Seconds to sort by each column, ascending then descending, by clicks on its
    header, until painted (the first rows of the new order)."""
    from sheetapp.ui.library.roster_model import COLUMN_KEYS, COLUMNS

    tab = window.library_tab
    tab.set_column_shown("player", True)
    header = tab.view.horizontalHeader()
    found = {}
    for column in COLUMNS:
        if column.sort is None:
            continue
        section = COLUMN_KEYS.index(column.key)

        def click(section: int = section) -> None:
            x = header.sectionViewportPosition(section) + header.sectionSize(section) // 2
            QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=_point(x))

        if column.key == "name":  # sorted by name already: away and back
            click(COLUMN_KEYS.index("system"))
            settled(app, painted, painted.count)
        found[column.key] = (timed(app, painted, click), timed(app, painted, click))
    click(COLUMN_KEYS.index("name"))
    settled(app, painted, painted.count)
    return found


def _point(x: int):
    from PySide6.QtCore import QPoint

    return QPoint(x, 5)


def bare_sorts(app: QApplication, view: QTableView, painted: Painted) -> dict[str, tuple]:
    found = {}
    for column, key in enumerate(BARE_COLUMNS):
        found[key] = (
            timed(app, painted, lambda c=column: bare_sort(view, c, False)),
            timed(app, painted, lambda c=column: bare_sort(view, c, True)),
        )
    bare_sort(view, 0, False)
    return found


def to_the_end(app: QApplication, view: QTableView, painted: Painted) -> float:
    """Ctrl+End in the table: the last row made current and shown."""
    view.setFocus()
    took = timed(
        app,
        painted,
        lambda: QTest.keyClick(view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier),
    )
    QTest.keyClick(view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    settled(app, painted, painted.count)
    return took


# --- memory --------------------------------------------------------------------------------


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
    """Show the roster (or the bare table), type, sort by every column, jump to the end;
    print the peak memory."""
    from sheetapp.storage.library import open_library
    from sheetapp.ui.app import make_app

    app = make_app()
    if bare:
        view = bare_view(path)
        painted = show_until_painted(app, view, view.viewport())
        keystrokes(app, bare_filter(view), painted)
        bare_sorts(app, view, painted)
        to_the_end(app, view, painted)
    else:
        window, painted = roster_window(app, open_library(path))
        keystrokes(app, window.library_tab.filter_edit, painted)
        roster_sorts(app, window, painted)
        to_the_end(app, window.library_tab.view, painted)
    print(peak_mb())


def child_peak(path: Path, bare: bool) -> float:
    args = [sys.executable, __file__, "--memory-bare" if bare else "--memory", str(path)]
    done = subprocess.run(args, check=True, capture_output=True, text=True)
    return float(done.stdout.strip().splitlines()[-1])


# --- the run -------------------------------------------------------------------------------


def median_s(measure: Callable[[], float], repeat: int) -> float:
    return statistics.median(measure() for _ in range(repeat))


def roster_figures(path: Path) -> list[Figure]:
    from sheetapp.storage.library import RosterQuery, open_library
    from sheetapp.ui.app import make_app
    from sheetapp.ui.theme import apply_theme

    app = make_app()
    apply_theme(app, "light")
    library = open_library(path)
    rows = library.count_characters()

    def show_open() -> float:
        start = time.perf_counter()
        window, _painted = roster_window(app, library)
        elapsed = time.perf_counter() - start
        close(app, window)
        return elapsed

    def show_from_file() -> float:
        start = time.perf_counter()
        opened = open_library(path)
        window, _painted = roster_window(app, opened)
        elapsed = time.perf_counter() - start
        close(app, window)
        opened.close()
        return elapsed

    def bare_show() -> float:
        start = time.perf_counter()
        view = bare_view(path)
        show_until_painted(app, view, view.viewport())
        elapsed = time.perf_counter() - start
        close(app, view)
        return elapsed

    show_open(), show_from_file(), bare_show()  # the file cache and Qt's first-use costs
    showing = median_s(show_open, OPENS)
    cold = median_s(show_from_file, OPENS)
    bare_showing = median_s(bare_show, OPENS)
    checking = median_s(lambda: _timed_check(path), OPENS)

    window, painted = roster_window(app, library)
    edit = window.library_tab.filter_edit
    edit.setFocus()
    keystrokes(app, edit, painted)  # once to warm the query plans
    typing_cpu: list[float] = []
    typing = keystrokes(app, edit, painted, typing_cpu)
    matches = library.count_roster(RosterQuery(text=WORD[:2]))
    counting = median_s(lambda: _timed_count(app, window, painted), 3)
    first_count = window.library_tab.model.rowCount()
    edit.clear()
    settled(app, painted, painted.count)
    sorts = roster_sorts(app, window, painted)
    end = to_the_end(app, window.library_tab.view, painted)
    close(app, window)

    view = bare_view(path)
    bare_painted = show_until_painted(app, view, view.viewport())
    bare_edit = bare_filter(view)
    keystrokes(app, bare_edit, bare_painted)
    bare_typing_cpu: list[float] = []
    bare_typing = keystrokes(app, bare_edit, bare_painted, bare_typing_cpu)
    bare_sorted = bare_sorts(app, view, bare_painted)
    bare_end = to_the_end(app, view, bare_painted)
    close(app, view)
    library.close()

    memory, bare_memory = child_peak(path, bare=False), child_peak(path, bare=True)
    key, bare_key = statistics.median(typing), statistics.median(bare_typing)
    ms = 1000
    baseline = "bare QTableView, plain model of the same rows from sqlite3"
    found = [
        Figure(
            f"open the roster tab, {rows:,} characters, to first rows painted",
            showing * ms,
            "ms",
            baseline,
            showing / bare_showing,
            "<= 500 ms",
            showing <= 0.5,
        ),
        Figure(
            "the same from the closed library file",
            cold * ms,
            "ms",
            baseline,
            cold / bare_showing,
            "<= 500 ms",
            cold <= 0.5,
        ),
        Figure(
            "the check of every page (quick_check), beside the first rows: open to its answer",
            checking * ms,
            "ms",
        ),
        Figure(
            f"the count of a first letter ('{WORD[0]}', {first_count:,} rows), after the pause "
            "in the typing (off the keystroke)",
            counting * ms,
            "ms",
        ),
        Figure(
            f"one filter keystroke to repaint (median of {len(typing)}; "
            f"'{WORD[:2]}' leaves {matches:,})",
            key * ms,
            "ms",
            "QSortFilterProxyModel over the bare rows",
            key / bare_key,
            "<= 30 ms",
            key <= 0.03,
        ),
        Figure(
            "the same keystrokes' CPU time (median)",
            statistics.median(typing_cpu) * ms,
            "ms",
            "the same, bare",
            statistics.median(typing_cpu) / statistics.median(bare_typing_cpu),
        ),
        Figure(
            f"slowest filter keystroke ('{_slowest(typing)}')",
            max(typing) * ms,
            "ms",
            "the same, slowest",
            max(typing) / max(bare_typing),
        ),
    ]
    for name, (up, down) in sorts.items():
        bare_up, bare_down = bare_sorted[name]
        found.append(
            Figure(
                f"sort by {name}, then back the other way, to repaint (slower of the two)",
                max(up, down) * ms,
                "ms",
                "the bare model sorting its rows in Python",
                max(up, down) / max(bare_up, bare_down),
            )
        )
    found += [
        Figure("Ctrl+End: the last row shown", end * ms, "ms", "the bare view", end / bare_end),
        Figure(
            "peak process memory: roster shown, filtered, sorted, scrolled",
            memory,
            "MB",
            "a process showing the bare table doing the same",
            memory / bare_memory,
            "<= 250 MB",
            memory <= 250,
        ),
    ]
    return found


def _slowest(times: list[float]) -> str:
    typed = [WORD[: n + 1] for n in range(len(WORD))] + [
        WORD[: len(WORD) - n - 1] for n in range(len(WORD))
    ]
    return typed[times.index(max(times))]


def _timed_check(path: Path) -> float:
    """From opening the closed library to the answer of its check of every page (which
    a large library runs beside its first reads, the first write waiting for it)."""
    from sheetapp.storage.library import open_library

    start = time.perf_counter()
    library = open_library(path)
    if library._deferred is not None:
        library._deferred.problem()
    elapsed = time.perf_counter() - start
    library.close()
    return elapsed


def _timed_count(app: QApplication, window, painted: Painted) -> float:
    """The first letter typed alone, then its count (the model's pause cut short): the
    seconds of the count until the table has painted the rows it adds."""
    edit = window.library_tab.filter_edit
    edit.clear()
    settled(app, painted, painted.count)
    QTest.keyClicks(edit, WORD[0])
    settled(app, painted, painted.count)
    return timed(app, painted, window.library_tab.model.finish_count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, metavar="DIR", help="keep the library in DIR")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sheetapp-bench-roster-") as scratch:
        folder = Path(scratch)
        cache = args.cache or folder
        cache.mkdir(parents=True, exist_ok=True)
        library = cache / f"roster-{CHARACTERS}.sqlite3"
        os.environ["SHEETAPP_DATA_DIR"] = str(folder)
        figures = generation_figures(folder, library)
        emit(figures + roster_figures(library))


if __name__ == "__main__":
    if sys.argv[1:2] in (["--memory"], ["--memory-bare"]):
        memory_child(Path(sys.argv[2]), bare=sys.argv[1] == "--memory-bare")
    else:
        main()
