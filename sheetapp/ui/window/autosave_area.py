"""Autosave and recovery: unsaved work copied aside every few minutes, and offered back
after a crash. The storage layer is imported when first used: the window paints first."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QMainWindow, QMessageBox

from sheetapp.data_dir import folder_problem
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.ui.settings import Settings

if TYPE_CHECKING:
    from sheetapp.storage import autosave
    from sheetapp.storage.library import Library
    from sheetapp.ui.document import SheetDocument

AUTOSAVE_NOTICE_MS = 30_000


class AutosaveArea(QObject):
    """``open_library``: the library if it is open already (None otherwise: a library sheet
    is open only once it is); ``library``: the library, opened if need be."""

    def __init__(
        self,
        window: QMainWindow,
        settings: Settings,
        documents: Callable[[], list[SheetDocument]],
        add_document: Callable[[SheetDocument], object],
        open_library: Callable[[], Library | None],
        library: Callable[[], Library | None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._documents = documents
        self._add_document = add_document
        self._open_library = open_library
        self._library = library
        self._failure = ""  # the last autosave failure told, "" while it works
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.autosave_all)
        self.timer.start(settings.autosave_seconds() * 1000)

    def preferences_applied(self) -> None:
        self.timer.setInterval(self._settings.autosave_seconds() * 1000)

    def autosave_all(self) -> None:
        """Copy unsaved work to the autosave folder. A failure (a full or read-only disk)
        is told once in the status bar until autosave works again; the work stays open."""
        from sheetapp.storage import autosave
        from sheetapp.ui.library import recovery_links

        library = self._open_library()
        for document in self._documents():
            if document.is_modified:
                try:
                    autosave.write(
                        document.session_id, document.sheet, document.path, document.display_name()
                    )
                    if document.library_id is not None and library is not None:
                        recovery_links.remember(
                            document.session_id, library.path, document.library_id
                        )
                except OSError as exc:
                    self._failed(exc)
                    return
                self._failure = ""

    def _failed(self, exc: OSError) -> None:
        from sheetapp.storage import autosave

        folder = autosave.folder()
        reason = folder_problem(folder) or f"{folder}: {os_reason(exc)}"
        if reason == self._failure:
            return  # said once already
        self._failure = reason
        self._window.statusBar().showMessage(
            _(
                "Autosave failed ({reason}). Your changes stay open here; save them to keep them."
            ).format(reason=reason),
            AUTOSAVE_NOTICE_MS,
        )

    def discard(self, document: SheetDocument) -> None:
        """The document's work is saved or closed: its autosave is no longer needed."""
        from sheetapp.storage import autosave
        from sheetapp.ui.library import recovery_links

        autosave.discard(document.session_id)
        recovery_links.forget(document.session_id)

    def offer_recovery(self) -> None:
        """Offer back the work a crash left in the autosave folder; autosave files that
        cannot be read are kept, and said in the status bar."""
        from sheetapp.storage import autosave
        from sheetapp.ui.document import SheetDocument
        from sheetapp.ui.library import recovery_links

        scanned = autosave.scan()
        if scanned.unreadable:
            others = len(scanned.unreadable) - 1
            self._window.statusBar().showMessage(
                _("Autosave not offered back, kept as it is: {unreadable}").format(
                    unreadable=scanned.unreadable[0]
                )
                + (_(" (and {others} more)").format(others=others) if others else ""),
                AUTOSAVE_NOTICE_MS,
            )
        found = scanned.recovered
        if not found:
            return
        links = {r.autosave: recovery_links.recall(r.autosave) for r in found}
        library = self._library()
        here = library.path.resolve() if library is not None else None

        def sheet_id(recovered: autosave.Recovered) -> int | None:
            link = links[recovered.autosave]
            return link.sheet_id if link and link.library.resolve() == here else None

        names = "\n".join(
            f"• {r.title}"
            + (
                _(" (library sheet {sheet_id})").format(sheet_id=sheet_id(r))
                if sheet_id(r) is not None
                else f" ({r.original})"
                if r.original
                else ""
            )
            for r in found
        )
        answer = QMessageBox.question(
            self._window,
            _("Restore unsaved work?"),
            _("sheetapp closed without saving these sheets:\n\n{names}\n\nRestore them?").format(
                names=names
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard,
            QMessageBox.StandardButton.Yes,
        )
        for recovered in found:
            if answer == QMessageBox.StandardButton.Yes:
                library_id = sheet_id(recovered)
                document = SheetDocument(
                    recovered.sheet,
                    None if library_id is not None else recovered.original,
                    library_id=library_id,
                )
                document.undo_stack.resetClean()
                self._add_document(document)
                self.autosave_all()  # now owned by this session
            with contextlib.suppress(OSError):
                recovered.autosave.unlink()
            recovery_links.discard_link_of(recovered.autosave)
