"""File dialogs open where the person last was."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from sheetapp.ui.main_window import MainWindow


def test_open_starts_in_the_folder_of_the_last_save(
    window: MainWindow, qtbot, hero_file: Path, tmp_path: Path, monkeypatch
) -> None:
    elsewhere = tmp_path / "campaign"
    elsewhere.mkdir()
    window.open_path(hero_file)
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a, **k: (str(elsewhere / "copy.json"), "")
    )
    assert window.save_current_as()
    asked: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getOpenFileNames", lambda _p, _t, start, _f: asked.append(start) or ([], "")
    )
    window.files.open_dialog()
    assert Path(asked[0]) == elsewhere


def test_save_as_suggests_the_folder_of_the_last_open(
    window: MainWindow, qtbot, hero_file: Path, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(hero_file)], ""))
    window.files.open_dialog()
    window.new_blank("d6-pool")
    asked: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda _p, _t, start, _f: asked.append(start) or ("", "")
    )
    window.save_current_as()
    assert Path(asked[0]).parent == hero_file.parent
