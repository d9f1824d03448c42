"""The roster as a table model: a row per character of the sheets a query finds (an Amazing
Engine core holds several), read from the library a page at a time as the view asks for
them.

The model holds no list of all its rows: its row count is the library's count for the
query, and each page of rows is read by its place in the query's order (SQL ``LIMIT`` and
``OFFSET`` along an index of that order, schema versions 8 and 9). So 100,000 characters
cost what a few pages cost, opening the roster reads one page, a filter keystroke one count
and one page, and a click on a column header one page of another index.

A filter word of one or two letters finds most of the roster, and counting it costs more
than a keystroke may (``count_is_costly``): the model then shows the first rows it finds at
once, as the whole list for now (``count_known`` is False), and counts after a pause in the
typing, or at once when the view scrolls to the end of the rows found; the rows the count
adds are inserted, so the view keeps its place and selection. Rows scrolled past are
read again when scrolled back to (the pages kept are bounded). A flat list rather than a
tree of cores and their characters: the library sorts and filters it in SQL, and a search
for a character's name lists that character alone. Sorting and filtering are the library's
query, not a proxy: a proxy would need every row in memory.
"""

from __future__ import annotations

import datetime
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QWidget

from sheetapp.i18n import N_, TranslatedTable, _, language
from sheetapp.storage.library import Library, LibraryError, RosterQuery, RosterRow
from sheetapp.storage.library.roster_sql import count_is_costly
from sheetapp.storage.library.rows import SortKey, kind_word
from sheetapp.systems.registry import UnknownSystemError, get_system, system_name

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
KEPT_COMPARED = 3  # pages read again after a change, to tell whether the rows moved
BULK_PAGES = 8  # asked for rows on more pages than this, the model reads every key at once
FOUND_FIRST = 2 * PAGE  # rows shown at once while a costly count waits
COUNT_PAUSE_MS = 150  # a costly count waits for a pause this long in the typing


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
    RosterColumn(
        "tags", N_("Tags"), None, N_("The character's tags (filter by one with the Tag box)")
    ),
    RosterColumn("updated", N_("Updated"), "updated", N_("When the sheet was last saved")),
)
NAME, SYSTEM, SETTING, PROFESSION, XP, STATUS, PLAYER, KIND, CAMPAIGN, TAGS, UPDATED = range(
    len(COLUMNS)
)
COLUMN_KEYS = tuple(c.key for c in COLUMNS)
Shown = tuple[RosterRow, tuple[str, ...]]  # a row and the text of each of its cells
Key = tuple[int, int]  # (sheet id, character)
Page = list[tuple[Key, Shown | None]]  # a page's rows in order; None: not stored any more


@cache
def _settings(system_id: str, _language: str) -> dict[str, str]:
    """The names of ``system_id``'s universes, in ``_language`` (the cache's key)."""
    # Imported here: the play tools are not needed to show the roster until a row has a setting.
    from sheetapp.play.support import gm_support

    try:
        return {c.id: c.label for c in gm_support(system_id).universes()}
    except (UnknownSystemError, ValueError):
        return {}


def setting_name(system_id: str, setting: str) -> str:
    """A universe's name where the system's GM support knows it; the stored id otherwise."""
    return _settings(system_id, language()).get(setting, setting)


def profession_name(system_id: str, setting: str, profession: str) -> str:
    """A row's profession in the reader's language where its system translates it (an
    Amazing Engine pack's profession); the stored text otherwise."""
    if not profession:
        return ""
    try:
        return get_system(system_id).roster_profession(setting, profession)
    except UnknownSystemError:
        return profession


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

    reloaded = Signal()  # the count was read again (it may have changed)
    counted = Signal()  # a count left for later has come: rows may have been added

    def __init__(self, library: Library | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._query = RosterQuery()
        self._count = 0
        self._pages: OrderedDict[int, Page] = OrderedDict()  # page number -> its rows
        self._all_keys: list[Key] | None = None  # every key, read only when a bulk asks
        self._found: dict[int, list[Key]] = {}  # pages of keys read before their rows
        self._counted = True  # False: the count is the rows found so far, more may follow
        self._count_timer = QTimer(self)
        self._count_timer.setSingleShot(True)
        self._count_timer.setInterval(COUNT_PAUSE_MS)
        self._count_timer.timeout.connect(self.finish_count)
        self._player_in_name = True  # "Kess (Wolfgang)" while no Player column shows it
        self.reload()

    # --- what is shown --------------------------------------------------------------------

    @property
    def query(self) -> RosterQuery:
        return self._query

    @property
    def count_known(self) -> bool:
        """Whether ``rowCount`` is the query's count (False: the rows found so far, the
        count follows in a moment)."""
        return self._counted

    def set_query(self, query: RosterQuery) -> None:
        """Show ``query``'s rows: the model resets (the roster keeps its selection by
        sheet, see ``places``). A costly count is left for later: the first rows found
        stand for the list until it arrives."""
        if query == self._query:
            return
        self._count_timer.stop()
        found: list[Key] = []
        if count_is_costly(query) and self._library is not None:
            try:
                found = self._library.character_page(query, 0, FOUND_FIRST)
            except LibraryError:
                found = []
            counted = len(found) < FOUND_FIRST  # fewer than asked for: all of them
            count = len(found)
        else:
            count, counted = self._read_count(query), True
        self.beginResetModel()
        self._query, self._count, self._counted = query, count, counted
        self._forget()
        for at in range(0, len(found), PAGE):
            self._found[at // PAGE] = found[at : at + PAGE]
        self.endResetModel()
        if not counted:
            self._count_timer.start()
        self.reloaded.emit()

    def finish_count(self) -> None:
        """Count the query's rows now (after a pause in the typing, or when the view
        reaches the end of the rows found): the rows past those found are inserted."""
        self._count_timer.stop()
        if self._counted:
            return
        count = self._read_count(self._query)
        self._counted = True
        if count > self._count:
            self.beginInsertRows(QModelIndex(), self._count, count - 1)
            self._count = count
            self.endInsertRows()
        elif count < self._count:  # the library changed meanwhile: read it again
            self.beginResetModel()
            self._count = count
            self._forget()
            self.endResetModel()
        self.reloaded.emit()
        self.counted.emit()

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and not self._counted

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        """The view scrolled to the end of the rows found: count them all now."""
        if not parent.isValid():
            self.finish_count()

    def reload(self) -> None:
        """Read the rows again after the library changed. When the count and the rows
        last looked at are the same, only the rows are read again (the view keeps its
        scroll position and selection); otherwise the model resets."""
        self._count_timer.stop()
        self._counted = True
        count = self._read_count(self._query)
        if count == self._count and count and self._same_recent_pages():
            self._forget()
            self.dataChanged.emit(self.index(0, 0), self.index(count - 1, len(COLUMNS) - 1))
        else:
            self.beginResetModel()
            self._count = count
            self._forget()
            self.endResetModel()
        self.reloaded.emit()

    def _read_count(self, query: RosterQuery) -> int:
        if self._library is None:
            return 0
        try:
            return self._library.count_roster(query)
        except LibraryError:
            return 0  # shown empty; the tab's banner says what is wrong with the library

    def _same_recent_pages(self) -> bool:
        """Whether the pages looked at last still hold the same keys (a save that renames
        a character moves rows; a save that does not, leaves them)."""
        recent = list(self._pages.items())[-KEPT_COMPARED:]
        try:
            return all(
                [key for key, _shown in page] == self._read_keys(number) for number, page in recent
            )
        except LibraryError:
            return False

    def _forget(self) -> None:
        self._pages.clear()
        self._found.clear()
        self._all_keys = None

    def set_player_in_name(self, shown: bool) -> None:
        """Name a player's character "Kess (Wolfgang)" (True), or by its name alone when
        the Player column shows the player."""
        if shown != self._player_in_name:
            self._player_in_name = shown
            self._pages.clear()
            if self._count:
                self.dataChanged.emit(self.index(0, NAME), self.index(self._count - 1, NAME))

    def key(self, row: int) -> Key:
        """(sheet id, character) of ``row``; ``LibraryError`` when the library no longer
        holds that row (another program changed it: the roster is about to read it again)."""
        entry = self._entry(row)
        if entry is None:
            raise LibraryError(_("the roster changed; it is being read again"))
        return entry[0]

    def sheet_id(self, row: int) -> int:
        return self.key(row)[0]

    def character(self, row: int) -> int:
        """Which character of its sheet ``row`` lists."""
        return self.key(row)[1]

    def keys_at(self, rows: Iterable[int]) -> list[Key]:
        """The keys of ``rows`` in the order given, those still stored: page by page for a
        few, every key read at once for many (a selection of thousands of rows)."""
        wanted = list(rows)
        if len({r // PAGE for r in wanted}) > BULK_PAGES and self._library is not None:
            if self._all_keys is None:
                self._all_keys = self._library.character_keys(self._query)
            found = self._all_keys
            return [found[r] for r in wanted if 0 <= r < len(found)]
        entries = (self._entry(r) for r in wanted)
        return [entry[0] for entry in entries if entry is not None]

    def row_of(self, sheet_id: int) -> int | None:
        """The first row of the sheet (its first character listed)."""
        rows = self.rows_of(sheet_id)
        return rows[0] if rows else None

    def rows_of(self, sheet_id: int) -> list[int]:
        """Every row of the sheet: all its characters the query lists."""
        return self.places([sheet_id]).get(sheet_id, [])

    def places(self, sheet_ids: Iterable[int]) -> dict[int, list[int]]:
        """The rows of each of ``sheet_ids`` the query lists, found by the library in one
        query (no key list is read out). While a costly count waits, only among the rows
        found so far (placing a row deep in the list costs what the count does; the tab
        places its selection again when the count has come, ``counted``)."""
        ids = list(sheet_ids)
        if not ids or self._library is None or not self._count:
            return {}
        if not self._counted:
            wanted, found = set(ids), {}
            for row, key in enumerate(self.keys_at(range(self._count))):
                if key[0] in wanted:
                    found.setdefault(key[0], []).append(row)
            return found
        try:
            found = self._library.character_places(self._query, ids)
        except LibraryError:
            return {}
        places: dict[int, list[int]] = {}
        for row, sheet_id, _character in found:
            places.setdefault(sheet_id, []).append(row)
        return places

    def _entry(self, row: int) -> tuple[Key, Shown | None] | None:
        if not 0 <= row < self._count:
            return None
        page_no, at = divmod(row, PAGE)
        page = self._pages.get(page_no)
        if page is None:
            page = self._fetch(page_no)
        else:
            self._pages.move_to_end(page_no)
        return page[at] if at < len(page) else None

    def _read_keys(self, page_no: int) -> list[Key]:
        if page_no in self._found:  # read with the costly query's first rows
            return self._found.pop(page_no)
        if self._library is None:
            return []
        return self._library.character_page(self._query, page_no * PAGE, PAGE)

    def _fetch(self, page_no: int) -> Page:
        try:
            keys = self._read_keys(page_no)
            rows = self._library.character_rows(keys) if self._library is not None else []
        except LibraryError:
            keys, rows = [], []  # shown blank; the next reload says what happened
        # Each cell's text made once per fetch: painting asks for it many times.
        shown: dict[Key, Shown] = {
            (r.id, r.character): (
                r,
                tuple(_cell(r, c, self._player_in_name) for c in range(len(COLUMNS))),
            )
            for r in rows
        }
        page: Page = [(key, shown.get(key)) for key in keys]
        self._pages[page_no] = page
        while len(self._pages) > MAX_PAGES:
            self._pages.popitem(last=False)
        return page

    # --- Qt's model interface -------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

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
        if role == _DISPLAY:
            entry = self._entry(index.row())
            shown = entry[1] if entry is not None else None
            return shown[1][index.column()] if shown is not None else None
        if role == _ALIGNMENT:
            return _RIGHT if index.column() == XP else None
        if role in (_ID, _CHARACTER):
            entry = self._entry(index.row())
            return None if entry is None else entry[0][0 if role == _ID else 1]
        if role == _TOOLTIP:
            entry = self._entry(index.row())
            shown = entry[1] if entry is not None else None
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


def column_words(key: str) -> list[str]:
    """Every word a column of a few fixed values may show (its width must hold the
    longest in the reader's language); [] for a column of free text."""
    if key == "kind":
        return [kind_word(True), kind_word(False)]
    if key == "status":
        return [str(STATUS_WORDS[status]) for status in STATUS_WORDS]
    return []


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
        return profession_name(row.system, row.setting, row.profession)
    if column == XP:
        return "" if row.xp is None else str(row.xp)
    if column == STATUS:
        return _(STATUS_WORDS.get(row.status, row.status))
    if column == PLAYER:
        return row.player
    if column == KIND:
        return row.kind_word()
    if column == CAMPAIGN:
        return row.campaign
    if column == TAGS:
        return ", ".join(row.tags)
    return when(row.updated)
