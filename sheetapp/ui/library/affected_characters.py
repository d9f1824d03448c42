"""After a universe pack is saved: the characters whose sheets the change affects, what it
does to each in words, and Apply, which brings the checked sheets in line with the pack.

Each sheet is one undoable step: a sheet open in a tab changes on its own undo stack (its
Save stores it, as any edit); a sheet only in the library gets a new revision and a step on
the library's undo stack that puts the revision before it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _, ngettext
from sheetapp.storage.library import Library, LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.systems.amazing_engine.model import SYSTEM_ID, AmazingEngineSheet
from sheetapp.systems.amazing_engine.pack_followers import (
    CharacterEffect,
    effects,
    follow_pack,
)
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.library.session import LibrarySession

Write = Callable[[Library], LibraryChanges]
SheetRole = Qt.ItemDataRole.UserRole + 1


@dataclass
class AffectedSheet:
    """One sheet with characters the change touches: open in ``document``, or stored in
    the library as ``sheet_id`` (or both: the open tab is the one changed)."""

    sheet: AmazingEngineSheet
    found: list[CharacterEffect]
    document: SheetDocument | None = None
    sheet_id: int | None = None
    applied: bool = False


def affected_sheets(
    old: Universe, new: Universe, session: LibrarySession | None,
    documents: list[SheetDocument],
) -> list[AffectedSheet]:
    """Every open sheet and library sheet of the Amazing Engine the change touches; an open
    tab stands for its library sheet, since its edits are what the person sees."""
    found: list[AffectedSheet] = []
    open_ids = set()
    for document in documents:
        if isinstance(document.sheet, AmazingEngineSheet):
            open_ids.add(document.library_id)
            hit = effects(old, new, document.sheet)
            if hit:
                found.append(AffectedSheet(document.sheet, hit, document, document.library_id))
    library = session.library if session is not None else None
    if library is None:
        return found
    try:
        ids = [i for i in library.sheets_in_setting(SYSTEM_ID, new.id) if i not in open_ids]
        sheets = library.load_many(ids)
    except LibraryError:
        return found
    for sheet_id, sheet in zip(ids, sheets, strict=True):
        if isinstance(sheet, AmazingEngineSheet):
            hit = effects(old, new, sheet)
            if hit:
                found.append(AffectedSheet(sheet, hit, sheet_id=sheet_id))
    return found


class AffectedCharactersDialog(QDialog):
    """The list, one row per character with its changes beneath; Apply takes the checked."""

    def __init__(
        self, old: Universe, new: Universe, sheets: list[AffectedSheet],
        session: LibrarySession | None, parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("affected_characters")
        self.setWindowTitle(_("Characters the change affects"))
        self.resize(760, 480)
        self.old, self.new, self.sheets, self.session = old, new, sheets, session
        count = sum(len(s.found) for s in sheets)
        heading = QLabel(
            ngettext(
                "Saving {universe} changes what {n} character's sheet holds or shows. Apply "
                "writes the pack's new definitions into the checked sheets, one undoable step "
                "each; lines in italics need nothing written.",
                "Saving {universe} changes what {n} characters' sheets hold or show. Apply "
                "writes the pack's new definitions into the checked sheets, one undoable step "
                "each; lines in italics need nothing written.",
                count,
            ).format(universe=new.shown_name, n=count),
            objectName="affected_heading",
        )
        heading.setWordWrap(True)
        self.tree = QTreeWidget(objectName="affected_tree")
        self.tree.setHeaderHidden(True)
        # A long line scrolls sideways rather than being cut short with an ellipsis.
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        for number, sheet in enumerate(sheets):
            for effect in sheet.found:
                self._add(number, sheet, effect)
        self.tree.expandAll()
        self.tree.itemChanged.connect(lambda *_: self._update_button())
        self.apply_button = QPushButton(_("&Apply to the Checked"), objectName="affected_apply")
        self.apply_button.clicked.connect(self.apply_checked)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        self.status = QLabel(objectName="affected_status")
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self._update_button()

    def _add(self, number: int, sheet: AffectedSheet, effect: CharacterEffect) -> None:
        where = _("open in a tab") if sheet.document is not None else _("in the library")
        item = QTreeWidgetItem([_("{name} ({where})").format(name=effect.name, where=where)])
        item.setData(0, SheetRole, number)
        if effect.applies:
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked)
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        for change in effect.changes:
            child = QTreeWidgetItem([change.text])
            child.setFlags(Qt.ItemFlag.ItemIsEnabled)
            child.setToolTip(0, change.text if change.applies else _(
                "Apply writes nothing for this: the sheet shows it by itself, or the choice "
                "is yours."
            ))
            if not change.applies:  # told apart from what Apply writes
                font = child.font(0)
                font.setItalic(True)
                child.setFont(0, font)
            item.addChild(child)
        self.tree.addTopLevelItem(item)

    def names(self) -> list[str]:
        """The characters listed, as their rows read."""
        return [self.tree.topLevelItem(i).text(0) for i in range(self.tree.topLevelItemCount())]

    def _checked(self) -> list[int]:
        chosen = []
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            number = item.data(0, SheetRole)
            if (item.flags() & Qt.ItemFlag.ItemIsUserCheckable
                    and item.checkState(0) == Qt.CheckState.Checked
                    and not self.sheets[number].applied and number not in chosen):
                chosen.append(number)
        return chosen

    def _update_button(self) -> None:
        self.apply_button.setEnabled(bool(self._checked()))

    def apply_checked(self) -> None:
        done = refused = 0
        for number in self._checked():
            sheet = self.sheets[number]
            if self._apply(sheet):
                sheet.applied = True
                done += 1
            else:
                refused += 1
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if self.sheets[item.data(0, SheetRole)].applied:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsUserCheckable)
                item.setData(0, Qt.ItemDataRole.CheckStateRole, None)
                item.setText(0, _("{row}: applied").format(row=item.text(0)))
        text = ngettext("{n} sheet follows the pack now.", "{n} sheets follow the pack now.",
                        done).format(n=done)
        if any(s.applied and s.document is not None for s in self.sheets):
            text += " " + _("A sheet open in a tab changed there: save it to keep the change.")
        if refused:
            text += " " + ngettext(
                "{n} sheet could not be changed (read-only).",
                "{n} sheets could not be changed (read-only).", refused,
            ).format(n=refused)
        self.status.setText(text)
        self._update_button()

    def _label(self) -> str:
        return _("Follow the {universe} pack").format(universe=self.new.shown_name)

    def _apply(self, affected: AffectedSheet) -> bool:
        if affected.document is not None:
            followed = follow_pack(self.old, self.new, affected.document.sheet)  # type: ignore[arg-type]
            return affected.document.replace(followed, self._label()) is None
        if self.session is None or affected.sheet_id is None:
            return False
        sheet_id, label = affected.sheet_id, self._label()
        heads: dict[str, int] = {}

        def follow(library: Library) -> LibraryChanges:
            heads["before"] = _head(library, sheet_id)
            stored = library.load(sheet_id)
            library.save(sheet_id, follow_pack(self.old, self.new, stored))  # type: ignore[arg-type]
            heads["after"] = _head(library, sheet_id)
            return LibraryChanges(changed=(sheet_id,), label=label)

        def back_to(key: str) -> Write:
            def restore(library: Library) -> LibraryChanges:
                library.restore(sheet_id, heads[key])
                return LibraryChanges(changed=(sheet_id,), label=label)

            return restore

        try:
            self.session.perform(follow, lambda changes: changes)
        except LibraryError:
            return False
        name = ", ".join(e.name for e in affected.found)
        self.session.push_step(
            _("{step}: {name}").format(step=label, name=name), back_to("before"),
            back_to("after"),
        )
        return True


def _head(library: Library, sheet_id: int) -> int:
    return next(r.number for r in library.revisions(sheet_id) if r.current)


def show_affected_characters(
    parent: QWidget, old: Universe, new: Universe, session: LibrarySession | None,
    documents: list[SheetDocument],
) -> AffectedCharactersDialog | None:
    """Show the characters a saved pack's change affects (none: nothing shows)."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # a sheet of it takes ~1 ms
    try:
        sheets = affected_sheets(old, new, session, documents)
    finally:
        QApplication.restoreOverrideCursor()
    previous = parent.findChild(AffectedCharactersDialog, "affected_characters")
    if previous is not None:  # an earlier save's list: this one replaces it
        previous.setObjectName("")
        previous.close()
        previous.deleteLater()
    if not sheets:
        return None
    dialog = AffectedCharactersDialog(old, new, sheets, session, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.raise_()
    return dialog
