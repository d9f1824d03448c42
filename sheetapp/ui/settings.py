"""Every setting the app keeps, declared once with its type and default.

Settings live in an INI file in the data folder (so ``SHEETAPP_DATA_DIR`` isolates tests
and portable installs). Window geometry is keyed by the Qt version, since a geometry blob
saved by one Qt may not restore under another.
"""

from __future__ import annotations

from pathlib import Path

from PySide6 import __version__ as qt_version
from PySide6.QtCore import QByteArray, QSettings

from sheetapp.storage.data_dir import data_dir

MAX_RECENT = 10


class Settings:
    def __init__(self) -> None:
        self._store = QSettings(str(data_dir() / "settings.ini"), QSettings.Format.IniFormat)

    # remembered UI state

    def recent_files(self) -> list[Path]:
        value = self._store.value("state/recent_files", [])
        items = [value] if isinstance(value, str) else list(value or [])
        return [Path(p) for p in items if p]

    def add_recent(self, path: Path) -> None:
        items = [p for p in self.recent_files() if p != path.resolve()]
        self._store.setValue(
            "state/recent_files", [str(p) for p in [path.resolve(), *items][:MAX_RECENT]]
        )

    def clear_recent(self) -> None:
        self._store.setValue("state/recent_files", [])

    def geometry(self) -> QByteArray | None:
        value = self._store.value(f"state/geometry-qt{qt_version}")
        return value if isinstance(value, QByteArray) else None

    def set_geometry(self, geometry: QByteArray) -> None:
        self._store.setValue(f"state/geometry-qt{qt_version}", geometry)

    def window_state(self) -> QByteArray | None:
        value = self._store.value(f"state/window_state-qt{qt_version}")
        return value if isinstance(value, QByteArray) else None

    def set_window_state(self, state: QByteArray) -> None:
        self._store.setValue(f"state/window_state-qt{qt_version}", state)

    # preferences

    def theme(self) -> str:
        """ "system", "light" or "dark"."""
        value = str(self._store.value("preferences/theme", "system"))
        return value if value in ("system", "light", "dark") else "system"

    def set_theme(self, theme: str) -> None:
        self._store.setValue("preferences/theme", theme)

    def paper(self) -> str:
        """ "a4", "letter", or "" until chosen (then the locale decides)."""
        value = str(self._store.value("preferences/paper", ""))
        return value if value in ("a4", "letter") else ""

    def set_paper(self, paper: str) -> None:
        self._store.setValue("preferences/paper", paper)

    def last_export_dir(self) -> Path:
        value = self._store.value("state/last_export_dir", "")
        return Path(str(value)) if value and Path(str(value)).is_dir() else Path.home()

    def set_last_export_dir(self, folder: Path) -> None:
        self._store.setValue("state/last_export_dir", str(folder))

    def autosave_seconds(self) -> int:
        try:
            return max(2, int(self._store.value("preferences/autosave_seconds", 5)))
        except (TypeError, ValueError):
            return 5

    def sync(self) -> None:
        self._store.sync()
