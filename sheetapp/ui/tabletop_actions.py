"""File ▸ Export To ▸ Foundry VTT… / Roll20…, File ▸ Import From…, and the roster's export
of many sheets (one file each into a folder, or one zip). Thin: every format decision is in
sheetapp.interop; this module only asks where, and reports.

The interop modules load pydantic and the sheet formats, so they are imported on first use:
the File menu is built before the window's first paint, and its Export To entries are
added when that submenu is first opened (as Open Recent fills itself), which keeps them off
the path of a sheet opening as well."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu, QMessageBox, QWidget

from sheetapp.file_reasons import os_reason
from sheetapp.i18n import N_, _
from sheetapp.storage.atomic import write_atomic
from sheetapp.storage.output_path import check_output, replaces_a_file
from sheetapp.systems.registry import system_ids, system_name
from sheetapp.ui.menu_actions import make_action
from sheetapp.ui.save_target import ask_save_path
from sheetapp.ui.settings import Settings

if TYPE_CHECKING:
    from pydantic import BaseModel

    from sheetapp.interop.imported import Imported
    from sheetapp.interop.targets import Target
    from sheetapp.ui.document import SheetDocument

JSON_FILTER = N_("Tabletop JSON (*.json);;All files (*)")
ZIP_FILTER = N_("Zip archives (*.zip)")


def _stem(text: str) -> str:
    return re.sub(r"[^\w\- ]+", "", text).strip() or "sheet"


class TabletopActions:
    """``current`` gives the current document; ``opened`` shows an imported sheet in a tab;
    ``files_in_use`` the files no export may write over (every open sheet's and the
    library's, ``MainWindow.files_in_use``)."""

    def __init__(
        self,
        parent: QWidget,
        settings: Settings,
        current: Callable[[], SheetDocument | None],
        opened: Callable[[SheetDocument], object],
        report: Callable[[str], None],
        files_in_use: Callable[[], list[Path]],
    ) -> None:
        self._parent = parent
        self._settings = settings
        self._current = current
        self._opened = opened
        self._report = report
        self._files_in_use = files_in_use
        self.export_menu = QMenu(_("E&xport To"), parent)
        self.export_menu.setToolTipsVisible(True)
        self.export_menu.setEnabled(False)
        self.export_menu.aboutToShow.connect(self._fill_export_menu)
        self.import_action = make_action(
            parent,
            _("Import &From…"),
            self.choose_and_import,
            None,
            _("Open a Foundry VTT actor or a Roll20 character as a new sheet"),
        )

    def set_enabled(self, has_sheet: bool) -> None:
        self.export_menu.setEnabled(has_sheet)

    def _fill_export_menu(self) -> None:
        if not self.export_menu.isEmpty():
            return
        from sheetapp.interop.targets import TARGETS

        for target in TARGETS.values():
            self.export_menu.addAction(
                make_action(
                    self._parent,
                    f"&{target.label}…",
                    lambda t=target: self.export_current(t),
                    None,
                    _("Write the current sheet as {what} (the whole sheet travels along)").format(
                        what=target.what
                    ),
                )
            )

    # --- export --------------------------------------------------------------------------

    def export_current(self, target: Target) -> bool:
        document = self._current()
        if document is None:
            return False
        start = self._settings.last_folder() / (
            _stem(Path(document.display_name()).stem) + target.suffix
        )
        path = ask_save_path(
            self._parent,
            _("Export to {label}").format(label=target.label),
            start,
            _(JSON_FILTER),
            ending=".json",
            suffix=".json",
        )
        if path is None:
            return False
        data = target.dumps(document.sheet).encode()
        if not write_reporting(self._parent, path, data, inputs=self._files_in_use()):
            return False
        self._settings.set_last_folder(path.parent)
        self._report(_("Wrote {path}").format(path=path))
        return True

    # --- import --------------------------------------------------------------------------

    def choose_and_import(self) -> SheetDocument | None:
        name, _unused = QFileDialog.getOpenFileName(
            self._parent,
            _("Import a Foundry actor or Roll20 character"),
            str(self._settings.last_folder()),
            _(JSON_FILTER),
        )
        return self.import_path(Path(name)) if name else None

    def import_path(self, path: Path) -> SheetDocument | None:
        from sheetapp.ui.document import SheetDocument

        result = self._read(path)
        if result is None:
            return None
        document = SheetDocument(result.sheet)  # unsaved: the user chooses where it goes
        self._opened(document)
        if result.findings:
            QMessageBox.information(
                self._parent,
                _("Imported, with notes"),
                _("{name} came in as a new sheet.\n\n").format(name=path.name)
                + "\n".join(f"• {f.message}" for f in result.findings[:15]),
            )
        self._report(_("Imported {name}").format(name=path.name))
        return document

    def _read(self, path: Path) -> Imported | None:
        from sheetapp.interop.imported import SystemNeeded
        from sheetapp.interop.targets import import_file
        from sheetapp.storage.document import DocumentError

        try:
            try:
                return import_file(path)
            except SystemNeeded:
                system_id = self._ask_system(path)
                return None if system_id is None else import_file(path, system_id=system_id)
        except DocumentError as exc:
            QMessageBox.warning(self._parent, _("Not imported"), str(exc))
            return None

    def _ask_system(self, path: Path) -> str | None:
        names = [system_name(s) for s in system_ids()]
        name, ok = QInputDialog.getItem(
            self._parent,
            _("Which game system?"),
            _("{name} was not made by sheetapp. Map it to which game system?").format(
                name=path.name
            ),
            names,
            0,
            False,
        )
        return system_ids()[names.index(name)] if ok else None


def write_reporting(
    parent: QWidget, path: Path, data: bytes, *, inputs: Sequence[Path] = ()
) -> bool:
    """Write under the one output policy (the dialog asked before replacing; ``inputs``,
    the sheets read to make it, are never written over); False, after saying why, when
    nothing was written."""
    try:
        check_output(path, inputs=inputs, replace=True)
        write_atomic(path, data)
    except OSError as exc:
        QMessageBox.critical(parent, _("Nothing written"), f"{path}: {os_reason(exc)}")
        return False
    return True


def export_selection(
    parent: QWidget,
    settings: Settings,
    named: list[tuple[str, BaseModel]],
    *,
    inputs: Sequence[Path] = (),
) -> str | None:
    """Ask for a tabletop and where, write one file each into a folder or one zip; what
    was written, for the status bar (None when nothing was). ``inputs`` (the library, the
    open sheets) are never written over."""
    from sheetapp.interop.targets import TARGETS, export_many, zip_bytes
    from sheetapp.storage.folder_output import fit_names, name_max, write_folder

    labels = [t.label for t in TARGETS.values()]
    label, ok = QInputDialog.getItem(
        parent,
        _("Export to a virtual tabletop"),
        _("Export {count} sheets for which tabletop?").format(count=len(named)),
        labels,
        0,
        False,
    )
    if not ok:
        return None
    target = list(TARGETS.values())[labels.index(label)]
    files = export_many(named, target)
    box = QMessageBox(
        QMessageBox.Icon.Question,
        _("One file each, or one zip?"),
        _("Write {count} {label} files into a folder, or one zip?").format(
            count=len(files), label=target.label
        ),
        QMessageBox.StandardButton.Cancel,
        parent,
    )
    folder_button = box.addButton(_("&Folder…"), QMessageBox.ButtonRole.AcceptRole)
    zip_button = box.addButton(_("&Zip…"), QMessageBox.ButtonRole.AcceptRole)
    box.exec()
    start = settings.last_folder()
    if box.clickedButton() is zip_button:
        path = ask_save_path(
            parent,
            _("Export to a zip"),
            start / f"{target.id}.zip",
            _(ZIP_FILTER),
            ending=".zip",
            suffix=".zip",
        )
        if path is None:
            return None
        if not write_reporting(parent, path, zip_bytes(files), inputs=inputs):
            return None
        settings.set_last_folder(path.parent)
        return _("Wrote {count} {label} files into {path}").format(
            count=len(files), label=target.label, path=path
        )
    if box.clickedButton() is not folder_button:
        return None
    folder = QFileDialog.getExistingDirectory(parent, _("Export into a folder"), str(start))
    if not folder:
        return None
    names = fit_names([n for n, _unused in files], name_max(folder), suffix=target.suffix)
    existing = [n for n in names if replaces_a_file(Path(folder) / n)]
    if (
        existing
        and QMessageBox.question(
            parent,
            _("Replace files?"),
            _("{count} of these files exist in {folder} (such as {existing}). Replace?").format(
                count=len(existing), folder=folder, existing=existing[0]
            ),
        )
        != QMessageBox.StandardButton.Yes
    ):
        return None
    try:
        write_folder(folder, files, inputs=inputs, replace=True, suffix=target.suffix)
    except OSError as exc:
        QMessageBox.critical(
            parent, _("Nothing written"), f"{exc.filename or folder}: {os_reason(exc)}"
        )
        return None
    settings.set_last_folder(Path(folder))
    return _("Wrote {count} {label} files into {folder}").format(
        count=len(files), label=target.label, folder=folder
    )
