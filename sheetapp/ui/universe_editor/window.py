"""The universe editor: one pack open as a document of its own, in its own window.

Pages down the side (overview, professions, skills, species, formulas, weapons, armour,
equipment), the pack's findings along the bottom (the checks ``sheetapp universes check``
makes, each taking you to its field), Undo and Redo, and Save, which first shows what
changes against the file on disk.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sheetapp.file_reasons import os_reason
from sheetapp.findings import Severity
from sheetapp.i18n import _, ngettext
from sheetapp.systems.amazing_engine.catalog import catalogue, reload_catalogue
from sheetapp.systems.amazing_engine.packs import PackProblem
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.help_topic import set_help_topic
from sheetapp.ui.labels import literal
from sheetapp.ui.theme import tone
from sheetapp.ui.universe_editor import pages
from sheetapp.ui.universe_editor.document import PackEditorDocument
from sheetapp.ui.universe_editor.formulas_page import FormulasPage
from sheetapp.ui.universe_editor.overview_page import OverviewPage
from sheetapp.ui.universe_editor.records_page import RecordsPage
from sheetapp.ui.universe_editor.skills_page import SkillsPage

LocRole = Qt.ItemDataRole.UserRole + 1
ToneRole = Qt.ItemDataRole.UserRole + 2
_TONES = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}
MAX_DIFF_LINES = 2000


def _record(name_of: str, **keys: object):
    """The ``make`` of a records page: a new record named for its place (``name_of`` is a
    whole translated sentence with ``{n}``, so each language says it its own way)."""

    def make(index: int) -> dict[str, object]:
        name = name_of.format(n=index + 1)
        record: dict[str, object] = {}
        if "id" in keys:
            record["id"] = f"{keys['id']}-{index + 1}"
        record["name"] = name
        record.update({k: v for k, v in keys.items() if k != "id"})
        return record

    return make


class UniverseEditor(QMainWindow):
    """An open pack. ``pack_saved`` carries the path written after each save;
    ``universe_replaced`` the universe as loaded before and after a save that changed a
    loaded universe (so the sheets made in it can follow)."""

    pack_saved = Signal(str)
    universe_replaced = Signal(object, object)

    def __init__(self, document: PackEditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setObjectName("universe_editor")
        set_help_topic(self, "universe-packs")
        self.document = document
        self._last_change: tuple[Universe, Universe] | None = None  # the last save's, loaded
        self.resize(1200, 760)

        self.nav = QListWidget(objectName="editor_pages")
        self.nav.setMaximumWidth(190)
        self.stack = QStackedWidget(objectName="editor_stack")
        self.pages: dict[str, QWidget] = {}
        for key, title, page in (
            ("overview", _("Overview"), OverviewPage(document)),
            ("professions", _("Professions"), RecordsPage(
                document, "professions", pages.PROFESSION, add_text=_("&Add profession"),
                make=_record(_("New profession {n}"), id="profession", groups=[]))),
            ("skill_groups", _("Skills"), SkillsPage(document)),
            ("species", _("Species"), RecordsPage(
                document, "species", pages.SPECIES, add_text=_("&Add species"),
                make=_record(_("New species {n}"), id="species"))),
            ("formulas", _("Formulas"), FormulasPage(document)),
            ("weapons", _("Weapons"), RecordsPage(
                document, "weapons", pages.WEAPON, add_text=_("&Add weapon"),
                make=_record(_("New weapon {n}"), damage="1d6", lethality=3))),
            ("armour", _("Armour"), RecordsPage(
                document, "armour", pages.ARMOUR, add_text=_("&Add armour"),
                make=_record(_("New armour {n}"), reduces=1))),
            ("equipment", _("Equipment"), RecordsPage(
                document, "equipment", pages.EQUIPMENT, add_text=_("&Add item"),
                make=_record(_("New item {n}")))),
        ):
            self.pages[key] = page
            self.stack.addWidget(page)
            item = QListWidgetItem(title)
            item.setData(LocRole, key)
            self.nav.addItem(item)
        self.nav.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.nav.setCurrentRow(0)

        self.findings = QListWidget(objectName="editor_findings")
        self.findings.setWordWrap(True)
        self.findings.setToolTip(_("Double-click or press Enter on a finding to go to its field."))
        self.findings.itemActivated.connect(self._finding_activated)
        self.summary = QLabel(objectName="editor_summary")
        self.summary.setWordWrap(True)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.summary)
        bottom_layout.addWidget(self.findings, 1)

        top = QSplitter()
        top.addWidget(self.nav)
        top.addWidget(self.stack)
        top.setStretchFactor(1, 1)
        top.setSizes([170, 1030])
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(0, 1)
        split.setSizes([600, 130])
        self.setCentralWidget(split)
        self._actions()

        document.checked.connect(self._show_findings)
        document.edit_refused.connect(self._edit_refused)
        document.pack_changed.connect(self._update_title)
        # Bound methods, never lambdas: Qt drops them when this window goes, while the
        # document (and its undo stack) may outlive it by a moment.
        document.undo_stack.cleanChanged.connect(self._clean_changed)
        self._show_findings()
        self._update_title()

    # --- menus -------------------------------------------------------------------------------

    def _actions(self) -> None:
        file_menu = self.menuBar().addMenu(_("&File"))
        self.save_action = QAction(_("&Save"), self, objectName="editor_save")
        self.save_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
        self.save_action.triggered.connect(self.save)
        file_menu.addAction(self.save_action)
        self.affected_action = QAction(_("&Affected Characters…"), self,
                                       objectName="editor_affected")
        self.affected_action.setToolTip(_("List again the characters the last save changes, "
                                          "to bring their sheets in line with the pack."))
        self.affected_action.setEnabled(False)
        self.affected_action.triggered.connect(self._show_affected)
        file_menu.addAction(self.affected_action)
        close = QAction(_("&Close"), self, objectName="editor_close")
        close.setShortcut(QKeySequence(QKeySequence.StandardKey.Close))
        close.triggered.connect(self.close)
        file_menu.addAction(close)
        edit_menu = self.menuBar().addMenu(_("&Edit"))
        undo = self.document.undo_stack.createUndoAction(self, _("&Undo"))
        undo.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
        undo.setObjectName("editor_undo")
        redo = self.document.undo_stack.createRedoAction(self, _("&Redo"))
        redo.setShortcut(QKeySequence(QKeySequence.StandardKey.Redo))
        redo.setObjectName("editor_redo")
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo

    def _show_affected(self) -> None:
        if self._last_change is not None:
            self.universe_replaced.emit(*self._last_change)

    def _edit_refused(self, reason: str) -> None:
        self.statusBar().showMessage(reason, 8000)

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        name = self.document.pack.value(("name",)) or self.document.path.stem
        self.setWindowTitle(
            _("{name} ({file}) – Universe editor[*]").format(
                name=str(name)[:80], file=self.document.path.name
            )
        )
        self.setWindowModified(self.document.modified)

    # --- findings ----------------------------------------------------------------------------

    def _show_findings(self) -> None:
        problems = self.document.problems
        self.findings.clear()
        for problem in problems:
            item = QListWidgetItem(
                literal(
                    _("{severity}: line {line}: {message}").format(
                        severity=problem.severity.word(), line=problem.line,
                        message=problem.message,
                    )
                )
            )
            item.setData(LocRole, problem.loc)
            item.setToolTip(f"[{problem.code}]")
            item.setData(ToneRole, _TONES[problem.severity])
            item.setForeground(tone(_TONES[problem.severity]))
            self.findings.addItem(item)
        errors = sum(p.severity is Severity.ERROR for p in problems)
        warnings = len(problems) - errors
        if not problems:  # one sentence: the save status would say "passes" again
            self.summary.setText(_("No findings: the pack passes every check; saving loads it."))
        else:
            text = _("{errors}, {warnings}.").format(
                errors=ngettext("{n} error", "{n} errors", errors).format(n=errors),
                warnings=ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
            )
            self.summary.setText(text + " " + self.document.save_status())
        self._mark_fields(problems)

    def _mark_fields(self, problems: tuple[PackProblem, ...]) -> None:
        marks: dict[str, dict[str, str]] = {key: {} for key in self.pages}
        for problem in problems:
            loc = problem.loc
            if not loc:
                continue
            level = "error" if problem.severity is Severity.ERROR else "warning"
            head = str(loc[0])
            if head in marks and len(loc) > 2 and isinstance(loc[2], str):
                page = self.pages[head]
                if isinstance(page, RecordsPage) and page.list.currentRow() == loc[1]:
                    marks[head].setdefault(loc[2], level)
            elif head == "formulas" and len(loc) > 1:
                marks[head].setdefault(str(loc[1]), level)
            elif head not in marks:
                marks["overview"].setdefault(head, level)
        for key, page in self.pages.items():
            page.mark(marks[key])

    def _finding_activated(self, item: QListWidgetItem) -> None:
        self.locate(tuple(item.data(LocRole) or ()))

    def locate(self, loc: tuple) -> None:
        """Show the page and field a finding's key path names."""
        head = str(loc[0]) if loc else "overview"
        key = head if head in self.pages else "overview"
        self.nav.setCurrentRow(list(self.pages).index(key))
        page = self.pages[key]
        if isinstance(page, RecordsPage) and len(loc) > 1 and isinstance(loc[1], int):
            field = loc[2] if len(loc) > 2 and isinstance(loc[2], str) else None
            page.select(loc[1], field)
        elif isinstance(page, SkillsPage):
            page.select(loc)
        elif isinstance(page, FormulasPage) and len(loc) > 1:
            page.select(str(loc[1]))
        elif isinstance(page, OverviewPage):
            page.select(head)

    def show_page(self, key: str) -> QWidget:
        self.nav.setCurrentRow(list(self.pages).index(key))
        return self.pages[key]

    # --- saving ------------------------------------------------------------------------------

    def save(self) -> bool:
        """Show what changes against the file on disk; write it if the person agrees."""
        self.document.follow_id()
        self.document.check_now()
        dialog = SaveDialog(self.document, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        universe_id = str(self.document.pack.value(("id",)) or "")
        before = self._loaded(universe_id)
        try:
            written = self.document.save()
        except OSError as exc:
            QMessageBox.warning(
                self, _("Save"),
                _("The pack could not be saved: {reason}").format(reason=os_reason(exc)),
            )
            return False
        reload_catalogue()  # a pack that passes is in the catalogue at once
        self.pack_saved.emit(str(written))
        after = self._loaded(universe_id)
        if before is not None and after is not None and before != after:
            self._last_change = (before, after)
            self.affected_action.setEnabled(True)
            self.universe_replaced.emit(before, after)
        self._show_findings()
        self.statusBar().showMessage(
            _("Saved {file}.").format(file=written.name)
            if written == self.document.path
            else _("Saved as a draft, {file}: fix the errors to load the pack.").format(
                file=written.name
            ),
            8000,
        )
        return True

    def _loaded(self, universe_id: str) -> Universe | None:
        """The catalogue's universe of this id when this very file is what it loaded."""
        entry = catalogue().entries.get(universe_id)
        if entry is None or entry.source != "user":
            return None
        try:
            same = Path(entry.file).resolve() == self.document.path.resolve()
        except OSError:
            return None
        return entry.universe if same else None

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.document.modified:
            answer = QMessageBox.question(
                self,
                _("Universe editor"),
                _("Save the changes to {file}?").format(file=self.document.path.name),
                QMessageBox.StandardButton.Save
                | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel,
            )
            if answer == QMessageBox.StandardButton.Cancel or (
                answer == QMessageBox.StandardButton.Save and not self.save()
            ):
                event.ignore()
                return
            if answer == QMessageBox.StandardButton.Discard:
                self.document.discard_autosave()
        event.accept()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            for row in range(self.findings.count()):
                item = self.findings.item(row)
                item.setForeground(tone(item.data(ToneRole)))
        super().changeEvent(event)


def pack_diff(before: str | None, after: str, name: str) -> str:
    """What Save changes, as a unified diff (the whole text for a new file)."""
    if before is None:
        return _("A new file, {file}:").format(file=name) + "\n\n" + after
    lines = list(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            _("{file} on disk").format(file=name),
            _("{file} as edited").format(file=name),
        )
    )
    if not lines:
        return _("Nothing changes: the file on disk already holds this text.")
    if len(lines) > MAX_DIFF_LINES:
        lines = [*lines[:MAX_DIFF_LINES], "\n" + _("… and more lines") + "\n"]
    return "".join(lines)


class SaveDialog(QDialog):
    """What saving will change, and where it goes (the pack, or a draft while it fails)."""

    def __init__(self, document: PackEditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("save_pack")
        self.setWindowTitle(_("Save universe"))
        self.resize(820, 560)
        layout = QVBoxLayout(self)
        target = document.path if document.passes else document.draft_path
        where = QLabel(
            _("Saving writes {file}. {status}").format(
                file=str(target), status=document.save_status()
            ),
            objectName="save_where",
        )
        where.setWordWrap(True)
        layout.addWidget(where)
        self.diff = QPlainTextEdit(objectName="save_diff")
        self.diff.setReadOnly(True)
        self.diff.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.diff.setPlainText(pack_diff(document.disk_text(), document.pack.text,
                                         document.path.name))
        layout.addWidget(self.diff, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
