"""The Library tab: the library's state, the filters, and the roster table.

Every filter change becomes a ``RosterQuery`` at once (the library reads its first page
in a few milliseconds at 100,000 characters, and counts it then too unless a word of one
or two letters makes the count costly: that count follows a pause in the typing, see
``RosterModel``), so typing needs no delay. The
selection is kept by sheet id across reloads, so a refresh after a save or another
program's change leaves it in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSignalBlocker,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QSizePolicy,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.plural import ngettext
from sheetapp.storage.document import DocumentError
from sheetapp.storage.library import LibraryError, RosterQuery
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.systems.registry import system_name, systems_with_wizards, wizard_text
from sheetapp.ui.first_paint import after_first_paint
from sheetapp.ui.fitting_combo import FittingCombo
from sheetapp.ui.help_topic import set_help_topic
from sheetapp.ui.labels import literal
from sheetapp.ui.library.banner import Banner, Notice
from sheetapp.ui.library.roster_model import (
    COLUMN_KEYS,
    COLUMNS,
    NAME,
    RosterModel,
    column_words,
)
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.wording import plural
from sheetapp.ui.page_layout import WrappingRow
from sheetapp.ui.settings import Settings
from sheetapp.ui.theme import zoom_of

# A cell's margins and grid line around its text, in pixels.
CELL_PADDING = 14
# Each column's starting width (Updated, the last, takes what is left).
WIDTHS = {
    "name": 180,
    "system": 115,
    "setting": 135,
    "profession": 130,
    "xp": 70,
    "status": 60,
    "player": 110,
    "kind": 42,
    "campaign": 110,
    "tags": 90,
}


class RosterView(QTableView):
    """The table; Enter opens the selected sheets, a double-click the one clicked."""

    open_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.selectionModel():
            if self.selectionModel().hasSelection():
                self.open_requested.emit()
                return
        super().keyPressEvent(event)


class LibraryTab(QWidget):
    """``open_requested`` carries the sheet ids to open in tabs and, for each, the character
    whose row was chosen (its page is shown); ``selection_changed`` lets the actions follow
    the selection; ``new_requested`` names the system of a new character."""

    open_requested = Signal(list, object)
    selection_changed = Signal()
    new_requested = Signal(str)  # a system id whose creation wizard the person asked for

    def __init__(
        self,
        session: LibrarySession,
        parent: QWidget | None = None,
        settings: Settings | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("library_tab")
        self.settings = settings or Settings()
        set_help_topic(self, "library")
        self.session = session
        self.library = library = session.library
        self._context_actions: list[QAction | None] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 4)
        layout.setSpacing(6)

        self.banner = Banner(self)
        self.notice = Notice(self)
        layout.addWidget(self.banner)
        layout.addWidget(self.notice)
        self.model = RosterModel(library, self)
        layout.addWidget(self._filter_bar())

        self.view = RosterView(self)
        self.view.setObjectName("roster")
        self._set_up_view()
        layout.addWidget(self.view, 1)
        self.hint = QLabel(objectName="roster_hint")
        self.hint.setProperty("role", "hint")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)

        self.copy_text_action, self.copy_markdown_action = self._copy_actions()
        self.model.reloaded.connect(self._update_count)
        self.model.modelAboutToBeReset.connect(self._remember_selection)
        self.model.modelReset.connect(self._restore_selection)
        self.model.counted.connect(self._restore_selection_found_late)
        self._kept_ids: list[int] = []
        self._kept_current: int | None = None
        self._fill_filters()
        self._count_all()
        self._update_count()
        session.changed.connect(self._library_changed)

    # --- building ---------------------------------------------------------------------------

    def _filter_bar(self) -> WrappingRow:
        """New, the filter and its count; the choices beside them, or under them when the
        window is too narrow for both (a large zoom)."""
        bar, choices = QHBoxLayout(), QHBoxLayout()
        bar.setSpacing(6)
        choices.setSpacing(6)
        bar.addWidget(self._new_button())
        self.filter_edit = QLineEdit(objectName="roster_filter")
        self.filter_edit.setPlaceholderText(_("Filter by name, tag, profession, notes…  (Ctrl+F)"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(
            _(
                "Every word typed must start a word of the name, tags or the sheet's text "
                "(profession, notes, gear…), or be part of the name. Case and accents are ignored."
            )
        )
        self.filter_edit.setMinimumWidth(240)
        self.filter_edit.textChanged.connect(self._filters_changed)
        bar.addWidget(self.filter_edit, 3)
        self.system_filter = self._combo("system_filter", _("Only sheets of this game system"))
        self.campaign_filter = self._combo(
            "campaign_filter", _("Only sheets filed under this group")
        )
        self.tag_filter = self._combo("tag_filter", _("Only sheets with this tag"))
        self.kind_filter = self._combo("kind_filter", _("Player characters, NPCs, or both"))
        for label, value in (
            (_("PCs and NPCs"), None),
            (_("PCs only"), False),
            (_("NPCs only"), True),
        ):
            self.kind_filter.addItem(_(label), value)
        for combo in (self.system_filter, self.campaign_filter, self.tag_filter, self.kind_filter):
            choices.addWidget(combo)  # its whole choice first; what is left is shared
        # The count follows the filter it counts, never narrower than its text: squeezed by
        # the choices at a large zoom, "41 of 303 characters" lost its start and read as the
        # whole roster (and at the choices' end, four choices and the count did not fit).
        self.count_label = QLabel(objectName="roster_count")
        self.count_label.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar.addWidget(self.count_label)
        return WrappingRow(bar, choices)

    def _new_button(self) -> QToolButton:
        """New…: the creation wizards of File > New Character, one per system that has one."""
        button = QToolButton(objectName="roster_new")
        button.setText(_("&New"))
        button.setToolTip(_("Make a new character step by step"))
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        # Room for the menu arrow, which the style draws inside the text's width.
        button.setMinimumWidth(button.sizeHint().width() + button.fontMetrics().height())
        menu = QMenu(button)
        for system_id in systems_with_wizards():
            menu.addAction(  # named as File > New Character names it
                wizard_text(system_id), lambda s=system_id: self.new_requested.emit(s)
            )
        button.setMenu(menu)
        return button

    def _combo(self, name: str, tip: str) -> QComboBox:
        combo = FittingCombo(8, objectName=name)  # four fit beside each other at a large zoom
        combo.setToolTip(tip)
        combo.currentIndexChanged.connect(self._filters_changed)
        return combo

    def _set_up_view(self) -> None:
        view = self.view
        view.setModel(self.model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.setTabKeyNavigation(False)
        rows = view.verticalHeader()
        rows.hide()
        # Fixed heights: the view never measures 10,000 rows.
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(view.fontMetrics().height() + 8)
        header = view.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        zoom = zoom_of(QApplication.instance())  # the widths are for text at 100%
        metrics = view.fontMetrics()
        for column, spec in enumerate(COLUMNS):
            # At least the width of its heading and of its longest fixed word: another
            # language's may be longer (Arabic's NPC is three words).
            wanted = round(WIDTHS.get(spec.key, 120) * zoom / 100)
            words = [metrics.horizontalAdvance(w) + CELL_PADDING for w in column_words(spec.key)]
            header.resizeSection(column, max(wanted, header.sectionSizeHint(column), *words))
        header.setSectionsMovable(True)
        self._show_columns(self.settings.roster_columns())
        self._name_follows_columns()
        header.sectionMoved.connect(lambda *_unused: self._remember_columns())
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._header_menu)
        header.setSortIndicator(NAME, Qt.SortOrder.AscendingOrder)
        view.setSortingEnabled(True)
        header.sortIndicatorChanged.connect(self._sort_indicator_changed)
        view.open_requested.connect(self._open_selected)
        after_first_paint(self, self._pair_filter_with_list)
        view.doubleClicked.connect(self._open_row)
        view.selectionModel().selectionChanged.connect(
            lambda *_unused: self.selection_changed.emit()
        )
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._context_menu)

    # --- copying stat blocks -------------------------------------------------------------------

    def _copy_actions(self) -> tuple[QAction, QAction]:
        """Copy the selected characters' stat blocks, as plain text (Ctrl+C in the roster) or
        as Markdown, to paste into a chat, a forum post or notes."""
        plain = QAction(_("&Copy Stat Blocks"), self)
        plain.setShortcut(QKeySequence.StandardKey.Copy)
        plain.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        plain.setToolTip(_("Copy the selected characters' stat blocks as plain text"))
        plain.triggered.connect(lambda: self.copy_blocks("text"))
        markdown = QAction(_("Copy Stat Blocks as &Markdown"), self)
        markdown.setToolTip(_("Copy the selected characters' stat blocks as Markdown"))
        markdown.triggered.connect(lambda: self.copy_blocks("markdown"))
        self.view.addAction(plain)
        for action in (plain, markdown):
            action.setEnabled(False)
        self.view.selectionModel().selectionChanged.connect(self._update_copy_actions)
        return plain, markdown

    def _update_copy_actions(self, *_args: object) -> None:
        selected = self.view.selectionModel().hasSelection()
        self.copy_text_action.setEnabled(selected)
        self.copy_markdown_action.setEnabled(selected)

    def copy_blocks(self, form: str) -> str:
        """Put the selected rows' stat blocks on the clipboard (one per character row, in
        the roster's order); the text copied ("" when nothing was)."""
        from sheetapp.statblocks.text import blocks_of, write  # only when a person copies

        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        if not rows or self.library is None:
            return ""
        blocks = []
        try:
            for sheet_id, character in self.model.keys_at(rows):
                sheet = self.library.load(sheet_id)
                blocks += blocks_of(sheet, character)
        except (LibraryError, DocumentError) as exc:
            self.notice.show_message(_("Nothing was copied: {exc}").format(exc=exc), "warning")
            return ""
        text = write(blocks, "markdown" if form == "markdown" else "text")
        QGuiApplication.clipboard().setText(text)
        kind = _("Markdown") if form == "markdown" else _("plain text")
        self.notice.show_message(
            _("Copied {plural} as {kind}.").format(
                plural=plural(len(blocks), "stat block"), kind=kind
            )
        )
        return text

    # --- columns ------------------------------------------------------------------------------

    def shown_columns(self) -> tuple[str, ...]:
        """The keys of the columns shown, in the order the person sees them."""
        header = self.view.horizontalHeader()
        logical = [header.logicalIndex(v) for v in range(header.count())]
        return tuple(COLUMNS[i].key for i in logical if not header.isSectionHidden(i))

    def set_column_shown(self, key: str, shown: bool) -> None:
        """Show or hide one column (Name always stays) and remember the choice."""
        column = COLUMN_KEYS.index(key)
        if column == NAME:
            return
        header = self.view.horizontalHeader()
        if shown and header.isSectionHidden(column):
            # Back in its own place: after the shown column that comes before it by default.
            before = [c for c in range(column) if not header.isSectionHidden(c)]
            target = max((header.visualIndex(c) for c in before), default=-1) + 1
            current = header.visualIndex(column)
            with QSignalBlocker(header):
                header.moveSection(current, target if current > target else target - 1)
        header.setSectionHidden(column, not shown)
        self._remember_columns()

    def reset_columns(self) -> None:
        self._show_columns(())
        self._remember_columns()

    def _show_columns(self, keys: Sequence[str]) -> None:
        """Show ``keys`` in that order, then hide the rest (empty or unknown: the default,
        and Name always shown first among them when nothing says otherwise)."""
        known = [k for k in dict.fromkeys(keys) if k in COLUMN_KEYS]
        if not known:
            known = [c.key for c in COLUMNS if c.shown]
        elif "name" not in known:
            known.insert(0, "name")
        header = self.view.horizontalHeader()
        with QSignalBlocker(header):
            for visual, key in enumerate(known):
                header.moveSection(header.visualIndex(COLUMN_KEYS.index(key)), visual)
            for column, spec in enumerate(COLUMNS):
                header.setSectionHidden(column, spec.key not in known)

    def _remember_columns(self) -> None:
        self.settings.set_roster_columns(self.shown_columns())
        self._name_follows_columns()

    def _name_follows_columns(self) -> None:
        self.model.set_player_in_name("player" not in self.shown_columns())

    def _header_menu(self, position: QPoint) -> None:
        header = self.view.horizontalHeader()
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        shown = set(self.shown_columns())
        for spec in COLUMNS:
            action = menu.addAction(literal(_(spec.title)))
            action.setCheckable(True)
            action.setChecked(spec.key in shown)
            action.setToolTip(_(spec.tooltip))
            action.setEnabled(spec.key != "name")
            action.toggled.connect(lambda on, k=spec.key: self.set_column_shown(k, on))
        menu.addSeparator()
        menu.addAction(_("&Reset Columns"), self.reset_columns)
        menu.exec(header.mapToGlobal(position))

    # --- reading the selection ---------------------------------------------------------------

    def selected_ids(self) -> list[int]:
        """The selected sheets in the roster's order (a sheet once, however many of its
        characters are selected)."""
        return list(dict.fromkeys(sheet_id for sheet_id, _position in self._selected_keys()))

    def _selected_keys(self, current_first: bool = False) -> list[tuple[int, int]]:
        """(sheet id, character) of the selected rows in order (the current row's first)."""
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        current = self.view.currentIndex()
        if current_first and current.isValid():
            rows.insert(0, current.row())
        return self.model.keys_at(rows)

    def selected_keys(self) -> list[tuple[int, int]]:
        """The (sheet id, character) of each selected row, in the roster's order: what
        tagging and filing in a group act on."""
        return self._selected_keys()

    def selected_characters(self) -> dict[int, int]:
        """For each selected sheet, the character to show when it opens: the current
        row's for its sheet, the first selected row's for the others."""
        chosen: dict[int, int] = {}
        for sheet_id, character in self._selected_keys(current_first=True):
            chosen.setdefault(sheet_id, character)
        return chosen

    def select_ids(self, ids: Sequence[int], *, current: int | None = None) -> None:
        """Select the rows of ``ids`` (every character's) that the roster shows (others are
        ignored)."""
        places = self.model.places(ids)
        rows = sorted(r for found in places.values() for r in found)
        selection = QItemSelection()
        last = len(COLUMNS) - 1
        start = previous = None
        for row in [*rows, None]:  # contiguous runs as one range each
            if row is not None and previous is not None and row == previous + 1:
                previous = row
                continue
            if start is not None and previous is not None:
                selection.select(self.model.index(start, 0), self.model.index(previous, last))
            start = previous = row
        model = self.view.selectionModel()
        model.select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        focus = current if current is not None else (ids[0] if ids else None)
        row = places[focus][0] if focus in places else None
        if row is not None:
            model.setCurrentIndex(
                self.model.index(row, 0), QItemSelectionModel.SelectionFlag.NoUpdate
            )
            self.view.scrollTo(self.model.index(row, 0))

    def _open_row(self, index: QModelIndex) -> None:
        for sheet_id, character in self.model.keys_at([index.row()]):
            self.open_requested.emit([sheet_id], {sheet_id: character})

    def _pair_filter_with_list(self) -> None:
        """Down from the filter goes to the roster, Enter opens the one sheet left or the
        rows chosen (``filter_keys``, imported once the roster has painted)."""
        from sheetapp.ui.filter_keys import pair_with_list

        pair_with_list(self.filter_edit, self.view, self._open_selected)

    def _open_selected(self) -> None:
        ids = self.selected_ids()
        if ids:
            self.open_requested.emit(ids, self.selected_characters())

    # --- filters -------------------------------------------------------------------------------

    def focus_filter(self) -> None:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def query(self) -> RosterQuery:
        return self.model.query

    def _filters_changed(self, *_args: object) -> None:
        # A new list shows from its top (the kept selection scrolls to itself): a view left
        # scrolled past the first rows found would be at their end, and count them at once.
        if hasattr(self, "view"):  # the filters are filled before the table is made
            self.view.scrollToTop()
        self.model.set_query(self._filtered_query())

    def _filtered_query(self) -> RosterQuery:
        return replace(
            self.model.query,
            text=self.filter_edit.text(),
            system=self.system_filter.currentData(),
            campaign=self.campaign_filter.currentData(),
            tag=self.tag_filter.currentData(),
            npc=self.kind_filter.currentData(),
        )

    def _fill_filters(self) -> None:
        """The filter menus list what the library holds now, keeping each choice that is
        still there."""
        library = self.library
        try:
            systems = library.systems() if library else []
            campaigns = library.campaigns() if library else []
            tags = library.tags() if library else []
        except LibraryError:
            systems, campaigns, tags = [], [], []
        _refill(
            self.system_filter,
            [(_("All systems"), None), *((system_name(s), s) for s in systems)],
        )
        _refill(
            self.campaign_filter,
            [(_("All groups"), None), (_("No group"), ""), *((c, c) for c in campaigns)],
        )
        _refill(self.tag_filter, [(_("All tags"), None), *((t, t) for t in tags)])

    def _sort_indicator_changed(self, column: int, _order: Qt.SortOrder) -> None:
        if COLUMNS[column].sort is None:  # Tags: not a sort the library offers
            header = self.view.horizontalHeader()
            with QSignalBlocker(header):
                order = (
                    Qt.SortOrder.DescendingOrder
                    if self.model.query.descending
                    else Qt.SortOrder.AscendingOrder
                )
                header.setSortIndicator(self.model.sort_column(), order)

    # --- refreshing ---------------------------------------------------------------------------

    def _library_changed(self, changes: LibraryChanges) -> None:
        if changes.roster():
            self.refresh()

    def refresh(self) -> None:
        """Read the library again (after a change here or by another program)."""
        self._fill_filters()
        self._count_all()
        query = self._filtered_query()
        if query != self.model.query:
            self.model.set_query(query)  # a chosen campaign or tag is gone
        else:
            self.model.reload()

    def _remember_selection(self) -> None:
        self._kept_ids = self.selected_ids()
        current = self.view.currentIndex()
        kept = self.model.keys_at([current.row()]) if current.isValid() else []
        self._kept_current = kept[0][0] if kept else None

    def _restore_selection(self) -> None:
        if self._kept_ids:
            self.select_ids(self._kept_ids, current=self._kept_current)
        self.selection_changed.emit()

    def _restore_selection_found_late(self) -> None:
        """After a count left for later: select the kept rows past the first ones found,
        unless the person has chosen rows since."""
        if self._kept_ids and not self.selected_ids():
            self.view.doItemsLayout()  # the rows just added, so scrolling can reach them
            self._restore_selection()

    def _count_all(self) -> None:
        """The number of sheets in the roster, read when the library may have changed (a
        filter keystroke does not change it)."""
        try:
            self._total = self.library.count_characters() if self.library else 0
        except LibraryError:
            self._total = self.model.rowCount()

    def _update_count(self) -> None:
        from sheetapp.locale_format import number

        shown, total = self.model.rowCount(), max(self._total, self.model.rowCount())
        everyone = ngettext("{total} character", "{total} characters", total)
        some = ngettext("{shown} of {total} character", "{shown} of {total} characters", total)
        counting = ngettext(
            "counting… of {total} character", "counting… of {total} characters", total
        ).format(total=number(total))
        if not self.model.count_known:  # the first rows found show; the count follows
            self.count_label.setText(counting)
        elif shown == total:
            self.count_label.setText(everyone.format(total=number(total)))
        else:
            self.count_label.setText(some.format(shown=number(shown), total=number(total)))
        # Wide enough for the longest count of this total ("99,999 of 100,000 characters"),
        # so the filter box beside it keeps its width while one types.
        metrics = self.count_label.fontMetrics()
        widest = max(
            metrics.horizontalAdvance(some.format(shown=number(total), total=number(total))),
            metrics.horizontalAdvance(counting),
        )
        self.count_label.setMinimumWidth(max(120, widest + 4))
        if self.library is None:
            self.hint.setText("")
        elif total == 0:
            self.hint.setText(
                _(
                    "The library is empty. Library ▸ Generate NPCs… or Import Files… fills it; "
                    "a new sheet goes here when you save it (Ctrl+S)."
                )
            )
        elif shown == 0:
            self.hint.setText(_("No sheet matches these filters."))
        else:
            self.hint.setText("")
        if self.hint.isVisibleTo(self) != bool(self.hint.text()):
            self.hint.setVisible(bool(self.hint.text()))

    # --- context menu ---------------------------------------------------------------------------

    def set_context_actions(self, actions: Sequence[QAction | None]) -> None:
        """The roster's right-click menu (None: a separator)."""
        self._context_actions = list(actions)

    def _context_menu(self, position: QPoint) -> None:
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        for action in self._context_actions:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.exec(self.view.viewport().mapToGlobal(position))


def _refill(combo: QComboBox, items: Sequence[tuple[str, object]]) -> None:
    current = combo.currentData() if combo.count() else None
    with QSignalBlocker(combo):
        combo.clear()
        for label, value in items:
            combo.addItem(label, value)
        index = next((i for i, (_label, value) in enumerate(items) if value == current), 0)
        combo.setCurrentIndex(index)
