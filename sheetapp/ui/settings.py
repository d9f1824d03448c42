"""Every setting the app keeps, declared once with its type, default and allowed values.

Settings live in an INI file in the data folder (so ``SHEETAPP_DATA_DIR`` isolates tests
and portable installs). The file is input from outside (edited by hand, written by another
version, damaged): every value read goes through ``_read``, which validates it against its
declaration and falls back to the default, so no value can stop the window from starting.
Window geometry is keyed by the Qt version, since a geometry blob saved by one Qt may not
restore under another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from PySide6 import __version__ as qt_version
from PySide6.QtCore import QByteArray, QSettings

from sheetapp.data_dir import data_dir
from sheetapp.i18n import _, available_languages
from sheetapp.systems.registry import default_system_id, system_ids
from sheetapp.ui.open_tab import OpenTab

MAX_RECENT = 10
MAX_OPEN = 200  # sheets reopened at start; more than anyone keeps open
AUTOSAVE_RANGE = (2, 3600)  # seconds; QTimer takes at most 2**31 - 1 ms
T = TypeVar("T")


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One key of the INI file: ``convert`` turns a stored value into a ``T`` or raises
    (ValueError, TypeError...), and the default stands in."""

    key: str
    default: T
    convert: Callable[[Any], T]


def one_of(*allowed: str) -> Callable[[Any], str]:
    def convert(value: Any) -> str:
        if value not in allowed:
            raise ValueError(_("not one of {allowed}").format(allowed=allowed))
        return str(value)

    return convert


def clamped(low: int, high: int) -> Callable[[Any], int]:
    """A whole number brought into ``low..high`` (QTimer takes at most 2**31 - 1 ms)."""

    def convert(value: Any) -> int:
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise TypeError(_("not a number"))
        return min(high, max(low, int(value)))

    return convert


def _items(value: Any) -> list[Any]:
    """QSettings gives a one-item list back as a plain string."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        raise TypeError(_("not a list"))
    return items


def path_list(value: Any) -> tuple[Path, ...]:
    return tuple(
        Path(p) for p in _items(value)[:MAX_OPEN] if isinstance(p, str) and p and "\x00" not in p
    )


def open_tab_list(value: Any) -> tuple[OpenTab, ...]:
    """The sheets open at quit, in tab order; an entry that does not read is left out."""
    found = []
    for item in _items(value)[:MAX_OPEN]:
        try:
            found.append(OpenTab.from_text(item))
        except (TypeError, ValueError):
            continue
    return tuple(found)


# The sheets open at quit, in tab order, with what of each was in sight.
OPEN_TABS: Setting[tuple[OpenTab, ...]] = Setting("state/open_tabs", (), open_tab_list)


def flag(value: Any) -> bool:
    """A yes or no; the INI file gives a stored bool back as "true" or "false"."""
    if isinstance(value, bool):
        return value
    if value in ("true", "false"):
        return value == "true"
    raise ValueError(_("not yes or no"))


def text(value: Any) -> str:
    if not isinstance(value, str) or not value or "\x00" in value:
        raise ValueError(_("not a name"))
    return value


def folder(value: Any) -> Path:
    if not isinstance(value, str) or not value or "\x00" in value or not Path(value).is_dir():
        raise ValueError(_("not a folder"))
    return Path(value)


def byte_array(value: Any) -> QByteArray | None:
    if not isinstance(value, QByteArray):
        raise TypeError(_("not saved by Qt"))
    return value


def language_code(value: Any) -> str:
    """ "system" or a language sheetapp ships (a catalog removed since means the system's)."""
    if value != "system" and value not in available_languages():
        raise ValueError(_("not a shipped language"))
    return str(value)


THEME = Setting(
    "preferences/theme", "system", one_of("system", "light", "dark", "high-contrast")
)
ZOOM_RANGE = (75, 200)  # per cent of the desktop's own text size
ZOOM = Setting("preferences/zoom", 100, clamped(*ZOOM_RANGE))
# PDFs in larger type: the sheet laid out again 1.7x larger (kit/paper.py LARGE_PRINT_SCALE).
LARGE_PRINT = Setting("preferences/large_print", False, flag)
PAPER = Setting("preferences/paper", "", one_of("a4", "letter", ""))
# Several sheets in one PDF: each starts on a right-hand page (a back page left empty).
BOTH_SIDES = Setting("preferences/print_both_sides", True, flag)
AUTOSAVE_SECONDS = Setting("preferences/autosave_seconds", 5, clamped(*AUTOSAVE_RANGE))
# The system File > New and the library's dialogs start with; the registry's first by default.
DEFAULT_SYSTEM = Setting("preferences/default_system", default_system_id(), one_of(*system_ids()))
# An Amazing Engine universe id; one no longer installed means generic (see default_universe).
DEFAULT_UNIVERSE = Setting("preferences/default_universe", "generic", text)
# What the window shows at start: the library's roster only, or also the sheets open at quit
# (at the pages and scroll positions they had), the default.
START_WITH = Setting("preferences/start_with", "last", one_of("roster", "last"))
# The language of the window, messages and PDFs from the next start ("system": the locale's).
# Read without Qt at start by sheetapp.i18n.preferred_language, so keep its key in step.
LANGUAGE = Setting("preferences/language", "system", language_code)
RECENT_FILES: Setting[tuple[Path, ...]] = Setting("state/recent_files", (), path_list)
# None: the home folder, looked up when asked (not at import, where it could fail).
# The key keeps its first name, so a folder remembered before the rename still is.
LAST_FOLDER: Setting[Path | None] = Setting("state/last_export_dir", None, folder)
def key_list(value: Any) -> tuple[str, ...]:
    """Names (column keys and the like) in order; anything else is dropped."""
    return tuple(k for k in _items(value)[:100] if isinstance(k, str) and k.isidentifier())


# The roster's columns the person shows, in their order (empty: the roster's default).
ROSTER_COLUMNS: Setting[tuple[str, ...]] = Setting("state/roster_columns", (), key_list)
GEOMETRY: Setting[QByteArray | None] = Setting(f"state/geometry-qt{qt_version}", None, byte_array)
WINDOW_STATE: Setting[QByteArray | None] = Setting(
    f"state/window_state-qt{qt_version}", None, byte_array
)
# Whether that state was saved by a right-to-left window, whose docks' areas are the mirror
# of an English one's (sheetapp.ui.window.dock_sides); states saved before it was kept were.
WINDOW_STATE_RIGHT_TO_LEFT = Setting("state/window_state_right_to_left", False, flag)


class Settings:
    def __init__(self) -> None:
        self._store = QSettings(str(data_dir() / "settings.ini"), QSettings.Format.IniFormat)

    def _read(self, setting: Setting[T]) -> T:
        """The stored value when it passes its declaration, else the default."""
        try:
            value = self._store.value(setting.key, None)
            return setting.default if value is None else setting.convert(value)
        except Exception:  # the boundary: any stored value, however odd, means the default
            return setting.default

    # remembered UI state

    def recent_files(self) -> list[Path]:
        return list(self._read(RECENT_FILES))[:MAX_RECENT]

    def add_recent(self, path: Path) -> None:
        items = [p for p in self.recent_files() if p != path.resolve()]
        self._store.setValue(
            RECENT_FILES.key, [str(p) for p in [path.resolve(), *items][:MAX_RECENT]]
        )

    def clear_recent(self) -> None:
        self._store.setValue(RECENT_FILES.key, [])

    def geometry(self) -> QByteArray | None:
        return self._read(GEOMETRY)

    def set_geometry(self, geometry: QByteArray) -> None:
        self._store.setValue(GEOMETRY.key, geometry)

    def roster_columns(self) -> tuple[str, ...]:
        return self._read(ROSTER_COLUMNS)

    def set_roster_columns(self, keys: tuple[str, ...]) -> None:
        self._store.setValue(ROSTER_COLUMNS.key, list(keys))

    def window_state(self) -> QByteArray | None:
        return self._read(WINDOW_STATE)

    def window_state_right_to_left(self) -> bool:
        return self._read(WINDOW_STATE_RIGHT_TO_LEFT)

    def set_window_state(self, state: QByteArray, *, right_to_left: bool) -> None:
        self._store.setValue(WINDOW_STATE.key, state)
        self._store.setValue(WINDOW_STATE_RIGHT_TO_LEFT.key, right_to_left)

    # preferences

    def theme(self) -> str:
        """ "system", "light", "dark" or "high-contrast"."""
        return self._read(THEME)

    def set_theme(self, theme: str) -> None:
        self._store.setValue(THEME.key, theme)

    def zoom(self) -> int:
        """How large the whole window is drawn, in per cent (75 to 200)."""
        return self._read(ZOOM)

    def set_zoom(self, percent: int) -> None:
        self._store.setValue(ZOOM.key, percent)

    def large_print(self) -> bool:
        """Whether exported and printed PDFs are in large print."""
        return self._read(LARGE_PRINT)

    def set_large_print(self, large: bool) -> None:
        self._store.setValue(LARGE_PRINT.key, large)

    def paper(self) -> str:
        """ "a4", "letter", or "" until chosen (then the locale decides)."""
        return self._read(PAPER)

    def set_paper(self, paper: str) -> None:
        self._store.setValue(PAPER.key, paper)

    def both_sides(self) -> bool:
        """Whether PDFs are made for two-sided printing (each sheet on a right-hand page)."""
        return self._read(BOTH_SIDES)

    def set_both_sides(self, both: bool) -> None:
        self._store.setValue(BOTH_SIDES.key, both)

    def last_folder(self) -> Path:
        """Where the last file dialog (open, save, export) ended: the next one starts there."""
        return self._read(LAST_FOLDER) or Path.home()

    def set_last_folder(self, folder: Path) -> None:
        self._store.setValue(LAST_FOLDER.key, str(folder))

    def autosave_seconds(self) -> int:
        """Seconds between autosaves, 2 to 3600 (a value outside is brought inside)."""
        return self._read(AUTOSAVE_SECONDS)

    def set_autosave_seconds(self, seconds: int) -> None:
        self._store.setValue(AUTOSAVE_SECONDS.key, AUTOSAVE_SECONDS.convert(seconds))

    def default_system(self) -> str:
        """The system new sheets are made in (File > New, Generate NPCs)."""
        return self._read(DEFAULT_SYSTEM)

    def set_default_system(self, system_id: str) -> None:
        self._store.setValue(DEFAULT_SYSTEM.key, DEFAULT_SYSTEM.convert(system_id))

    def default_universe(self) -> str:
        """The universe new Amazing Engine sheets start in; generic when the chosen one is
        no longer installed (its pack removed or broken)."""
        from sheetapp.systems.amazing_engine.catalog import GENERIC_ID, installed_universes

        chosen = self._read(DEFAULT_UNIVERSE)
        return chosen if chosen in installed_universes() else GENERIC_ID

    def set_default_universe(self, universe_id: str) -> None:
        self._store.setValue(DEFAULT_UNIVERSE.key, universe_id)

    def language(self) -> str:
        """ "system", or the code of the language chosen in Preferences ("de", "ar"...)."""
        return self._read(LANGUAGE)

    def set_language(self, code: str) -> None:
        self._store.setValue(LANGUAGE.key, LANGUAGE.convert(code))

    def start_with(self) -> str:
        """ "roster", or "last" to reopen the sheets open at quit."""
        return self._read(START_WITH)

    def set_start_with(self, start: str) -> None:
        self._store.setValue(START_WITH.key, start)

    def open_tabs(self) -> list[OpenTab]:
        """The sheets open at the last quit, in tab order, with what of each was in sight."""
        return list(self._read(OPEN_TABS))

    def set_open_tabs(self, tabs: list[OpenTab]) -> None:
        self._store.setValue(OPEN_TABS.key, [t.to_text() for t in tabs[:MAX_OPEN]])

    def sync(self) -> None:
        self._store.sync()
