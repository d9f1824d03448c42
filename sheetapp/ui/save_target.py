"""Where the app writes a file: asked in a save dialog, and replaced only with consent.

The app's side of the output policy (``sheetapp.storage.output_path``): Qt's save dialog
asks before replacing the name the user chose, but a writer that adds a suffix afterwards
(``hero`` -> ``hero.pdf``) or writes a folder's worth of files has not asked, so it asks
here. The other half, refusing to write over a sheet open in another tab, is
``check_output`` with the open files as inputs, called where each writer writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from sheetapp.i18n import _
from sheetapp.plural import ngettext
from sheetapp.storage.output_path import replaces_a_file

LISTED = 10  # file names listed in a question; the rest are counted


def ask_save_path(
    parent: QWidget,
    title: str,
    suggested: Path,
    file_filter: str,
    *,
    ending: str,
    suffix: str,
) -> Path | None:
    """The file to write, from a save dialog: ``suffix`` is added to a name that does not
    end with ``ending``, and replacing a file the dialog did not ask about is confirmed.
    None when the user cancels either question."""
    name, _unused = QFileDialog.getSaveFileName(parent, title, str(suggested), file_filter)
    if not name:
        return None
    if name.lower().endswith(ending):
        return Path(name)  # the dialog asked before choosing an existing file
    target = Path(name + suffix)
    if replaces_a_file(target) and not confirm_replace(parent, [target]):
        return None
    return target


def confirm_replace(parent: QWidget, paths: Sequence[Path]) -> bool:
    """Ask before replacing existing files; whether the user agreed (an empty list needs
    no question)."""
    if not paths:
        return True
    names = "\n".join(f"• {p.name}" for p in paths[:LISTED])
    if len(paths) > LISTED:
        names += _("\n… and {value} more").format(value=len(paths) - LISTED)
    where = paths[0].parent
    lead = (
        _("{name} already exists in {where}.").format(name=paths[0].name, where=where)
        if len(paths) == 1
        else _("{count} files already exist in {where}:\n\n{names}").format(
            count=len(paths), where=where, names=names
        )
    )
    answer = QMessageBox.question(
        parent,
        _("Replace existing files?") if len(paths) > 1 else _("Replace the file?"),
        f"{lead}\n\n" + ngettext("Replace it?", "Replace them?", len(paths)),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Yes
