"""Ways a universe comes into the editor: a new one, a copy of an installed one, or a pack
file of the game master's own (with its autosaved draft, if one was left behind)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from sheetapp.bounded_read import read_limited
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import CatalogueEntry
from sheetapp.systems.amazing_engine.pack_document import (
    PackTextError,
    copy_text,
    new_pack_text,
)
from sheetapp.systems.amazing_engine.pack_files import entry_text, unique_pack_path
from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES
from sheetapp.ui.universe_editor.document import PackEditorDocument
from sheetapp.ui.universe_editor.window import UniverseEditor


def _show(editor: UniverseEditor) -> UniverseEditor:
    editor.show()
    editor.raise_()
    editor.activateWindow()
    return editor


def new_universe(parent: QWidget | None, folder: Path) -> UniverseEditor:
    """A new, empty universe, to be saved in ``folder``."""
    path = unique_pack_path(folder, "my-universe")
    text = new_pack_text(path.stem, _("My universe"))
    return _show(UniverseEditor(PackEditorDocument(text, path), parent))


def edit_copy(parent: QWidget | None, folder: Path, entry: CatalogueEntry) -> UniverseEditor:
    """An installed universe under a new id and name, everything else as its pack has it."""
    path = unique_pack_path(folder, f"{entry.universe.id}-copy")
    name = _("{name} (copy)").format(name=entry.universe.name)
    text = copy_text(entry_text(entry), path.stem, name)
    return _show(UniverseEditor(PackEditorDocument(text, path), parent))


def open_pack(parent: QWidget | None, path: Path) -> UniverseEditor | None:
    """The game master's pack at ``path``; offers the autosaved draft when one differs.

    None (having said why in one line) when the file cannot be read or is not TOML.
    """
    try:
        text = read_limited(path, MAX_PACK_BYTES).decode("utf-8-sig")
        document = PackEditorDocument(text, path)
    except (OSError, UnicodeDecodeError, PackTextError) as exc:
        QMessageBox.warning(
            parent, _("Universe editor"),
            _("{file} cannot be opened in the editor: {reason}").format(
                file=path.name, reason=os_reason(exc) if isinstance(exc, OSError) else exc
            ),
        )
        return None
    editor = UniverseEditor(document, parent)
    draft = _draft_text(document)
    if draft is not None and draft != text:
        answer = QMessageBox.question(
            parent, _("Universe editor"),
            _("An unsaved draft of {file} was kept. Go on from the draft?").format(
                file=path.name
            ),
        )
        if answer == QMessageBox.StandardButton.Yes:
            document.replace_text(draft, _("Restore the draft"))
    return _show(editor)


def _draft_text(document: PackEditorDocument) -> str | None:
    try:
        return read_limited(document.draft_path, MAX_PACK_BYTES).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
