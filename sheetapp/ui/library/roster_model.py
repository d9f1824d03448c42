"""The roster as a table model: a row per character of the sheets a query finds (an Amazing
Engine core holds several), fetched from the library a page at a time as the view asks for
them (Anki's browser does the same).

The model holds keys only, (sheet id, character), so 10,000 sheets cost a list of pairs;
what is on screen costs a page or two of ``RosterRow``. A flat list rather than a tree of
cores and their characters: the library sorts and filters it in SQL without the model
holding every row, and a search for a character's name lists that character alone.
Sorting and filtering are the library's query (SQL), not a proxy: a proxy would need every
row in memory to sort it.
"""

from __future__ import annotations

import datetime
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import QWidget

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.storage.library import Library, LibraryError, RosterQuery, RosterRow
from sheetapp.storage.library.rows import SortKey
from sheetapp.systems.registry import UnknownSystemError, modules

Index = QModelIndex | QPersistentModelIndex

IdRole = Qt.ItemDataRole.UserRole + 1  # the sheet's library id (int)
CharacterRole = Qt.ItemDataRole.UserRole + 2  # the row's character in its sheet (int)
_ID = int(IdRole)
_CHARACTER = int(CharacterRole)
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
PAGE = 50  # rows fetched at once: a screenful or two
MAX_PAGES = 64  # pages kept; older ones are fetched again when scrolled back to


@dataclass(frozen=True)
class RosterColumn:
    key: str  # how the person's choice of columns is remembered
    title: str
    sort: SortKey | None  # the library's sort key; None: not sortable
    tooltip: str
    shown: bool = True  # shown until the person chooses otherwise


COLUMNS = (
    RosterColumn(
        "name",
        N_("Name"),
        "name",
        N_("The character's name and, for a player's character, the player's"),
    ),
    RosterColumn("system", N_("System"), "system", N_("The game system the sheet follows")),
    RosterColumn(
        "setting",
        N_("Setting"),
        "setting",
        N_("The character's universe or setting, where the system has them"),
    ),
    RosterColumn(
        "profession",
        N_("Profession"),
        "profession",
        N_("The character's profession, career or concept, as its sheet words it"),
    ),
    RosterColumn(
        "xp",
        N_("XP / Level"),
        "xp",
        N_("XP to spend, or the level where the system counts levels (Alternity)"),
    ),
    RosterColumn(
        "status", N_("Status"), "status", N_("Active, retired or dead, where the system keeps it")
    ),
    RosterColumn("player", N_("Player"), "player", N_("The player of the character"), shown=False),
    RosterColumn(
        "kind", N_("Kind"), "kind", N_("PC: a player's character (with a Player Core); NPC: not")
    ),
    RosterColumn(
        "campaign",
        N_("Group"),
        "campaign",
        N_("The group of your library the sheet is filed under (Move to Group)"),
    ),
    RosterColumn("tags", N_("Tags"), None, N_("The sheet's tags (filter by one with the Tag box)")),
    RosterColumn("updated", N_("Updated"), "updated", N_("When the sheet was last saved")),
)
NAME, SYSTEM, SETTING, PROFESSION, XP, STATUS, PLAYER, KIND, CAMPAIGN, TAGS, UPDATED = range(
    len(COLUMNS)
)
COLUMN_KEYS = tuple(c.key for c in COLUMNS)
Shown = tuple[RosterRow, tuple[str, ...]]  # a row and the text of each of its cells
Key = tuple[int, int]  # (sheet id, character)


def system_name(system_id: str) -> str:
    """The system's name for people; its id when this sheetapp lacks the system."""
    try:
        return modules(system_id).name
    except UnknownSystemError:
        return system_id


@cache
def _settings(system_id: str) -> dict[str, str]:
    # Imported here: the play tools are not needed to show the roster until a row has a setting.
    from sheetapp.play.support import gm_support

    try:
        return {c.id: c.label for c in gm_support(system_id).universes()}
    except (UnknownSystemError, ValueError):
        return {}


def setting_name(system_id: str, setting: str) -> str:
    """A universe's name where the system's GM support knows it; the stored id otherwise."""
    return _settings(system_id).get(setting, setting)


def when(seconds: float, now: float | None = None) -> str:
    """A save time as a roster shows it: the time today, the date otherwise."""
    moment, today = time.localtime(seconds), time.localtime(now)
    if moment[:3] == today[:3]:
        return time.strftime("%H:%M", moment)
    return time.strftime("%Y-%m-%d", moment)


def saved_at(seconds: float) -> str:
    """A sheet's save time in full, as the reader's locale writes a date and time (the
    roster's tooltip: Babel is loaded on the first hover, not for every row)."""
    from sheetapp.locale_format import date_time

    moment = datetime.datetime.fromtimestamp(seconds).astimezone()
    return _("Saved {moment}").format(moment=date_time(moment, length="medium"))


class RosterModel(QAbstractTableModel):
    """Rows of the library's roster for one ``RosterQuery``, one per character."""

    reloaded = Signal()  # the ids were read again (the count may have changed)

    def __init__(self, library: Library | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._query = RosterQuery()
        self._ids: list[Key] = []
        self._positions: dict[int, list[int]] | None = None  # sheet id -> rows, when asked
        self._pages: OrderedDict[int, dict[Key, Shown]] = OrderedDict()
        self._player_in_name = True  # "Kess (Wolfgang)" while no Player column shows it
        self.reload()

    # --- what is shown --------------------------------------------------------------------

    @property
    def query(self) -> RosterQuery:
        return self._query

    def set_query(self, query: RosterQuery) -> None:
        if query != self._query:
            self._query = query
            self.reload()

    def reload(self) -> None:
        """Read the ids again. When they are the same, only the rows are fetched again (the
        view keeps its scroll position and selection); otherwise the model resets."""
        ids = self._library.character_keys(self._query) if self._library is not None else []
        if ids == self._ids:
            self._pages.clear()
            if ids:
                self.dataChanged.emit(self.index(0, 0), self.index(len(ids) - 1, len(COLUMNS) - 1))
        else:
            self.beginResetModel()
            self._ids = ids
            self._positions = None
            self._pages.clear()
            self.endResetModel()
        self.reloaded.emit()

    def set_player_in_name(self, shown: bool) -> None:
        """Name a player's character "Kess (Wolfgang)" (True), or by its name alone when
        the Player column shows the player."""
        if shown != self._player_in_name:
            self._player_in_name = shown
            self._pages.clear()
            if self._ids:
                self.dataChanged.emit(self.index(0, NAME), self.index(len(self._ids) - 1, NAME))

    def sheet_id(self, row: int) -> int:
        return self._ids[row][0]

    def character(self, row: int) -> int:
        """Which character of its sheet ``row`` lists."""
        return self._ids[row][1]

    def keys(self) -> Sequence[Key]:
        return self._ids

    def row_of(self, sheet_id: int) -> int | None:
        """The first row of the sheet (its first character listed)."""
        rows = self.rows_of(sheet_id)
        return rows[0] if rows else None

    def rows_of(self, sheet_id: int) -> list[int]:
        """Every row of the sheet: all its characters the query lists."""
        if self._positions is None:
            self._positions = {}
            for row, (found, _character) in enumerate(self._ids):
                self._positions.setdefault(found, []).append(row)
        return self._positions.get(sheet_id, [])

    def _shown(self, row: int) -> Shown | None:
        page_no = row // PAGE
        page = self._pages.get(page_no)
        if page is None:
            page = self._fetch(page_no)
        else:
            self._pages.move_to_end(page_no)
        return page.get(self._ids[row])

    def _fetch(self, page_no: int) -> dict[Key, Shown]:
        wanted = self._ids[page_no * PAGE : (page_no + 1) * PAGE]
        try:
            rows = self._library.character_rows(wanted) if self._library is not None else []
        except LibraryError:
            rows = []  # shown blank; the next reload says what happened
        # Each cell's text made once per fetch: painting asks for it many times.
        page = {
            (r.id, r.character): (
                r,
                tuple(_cell(r, c, self._player_in_name) for c in range(len(COLUMNS))),
            )
            for r in rows
        }
        self._pages[page_no] = page
        while len(self._pages) > MAX_PAGES:
            self._pages.popitem(last=False)
        return page

    # --- Qt's model interface -------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0):
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _(COLUMNS[section].title)
        if role == Qt.ItemDataRole.ToolTipRole:
            return _(COLUMNS[section].tooltip)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        return _FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def data(self, index: Index, role: int = _DISPLAY):
        # Called for every role of every visible cell at each paint: plain ints, no enums.
        row = index.row()
        if not 0 <= row < len(self._ids):
            return None
        if role == _DISPLAY:
            shown = self._shown(row)
            return shown[1][index.column()] if shown is not None else None
        if role == _ID:
            return self._ids[row][0]
        if role == _CHARACTER:
            return self._ids[row][1]
        if role == _ALIGNMENT:
            return _RIGHT if index.column() == XP else None
        if role == _TOOLTIP:
            shown = self._shown(row)
            if shown is None:
                return None
            if index.column() == UPDATED:
                return saved_at(shown[0].updated)
            return shown[1][index.column()] or None
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS) or COLUMNS[column].sort is None:
            return
        descending = order == Qt.SortOrder.DescendingOrder
        self.set_query(replace(self._query, sort=COLUMNS[column].sort, descending=descending))

    def sort_column(self) -> int:
        """The column the query sorts by (the view's header shows it)."""
        for number, column in enumerate(COLUMNS):
            if column.sort == self._query.sort:
                return number
        return NAME


STATUS_WORDS = TranslatedTable(
    {"active": N_("Active"), "retired": N_("Retired"), "dead": N_("Dead")}
)


def _cell(row: RosterRow, column: int, player_in_name: bool = True) -> str:
    if column == NAME:
        name = row.name or _("(unnamed sheet {id})").format(id=row.id)
        if player_in_name and row.player and row.player != row.name:
            return f"{name} ({row.player})"
        return name
    if column == SYSTEM:
        return system_name(row.system)
    if column == SETTING:
        return setting_name(row.system, row.setting)
    if column == PROFESSION:
        return row.profession
    if column == XP:
        return "" if row.xp is None else str(row.xp)
    if column == STATUS:
        return _(STATUS_WORDS.get(row.status, row.status))
    if column == PLAYER:
        return row.player
    if column == KIND:
        return "NPC" if row.npc else "PC"
    if column == CAMPAIGN:
        return row.campaign
    if column == TAGS:
        return ", ".join(row.tags)
    return when(row.updated)
