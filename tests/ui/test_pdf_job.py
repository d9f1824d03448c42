"""PDFs are made off the UI thread: a long export keeps the window live behind a progress
dialog, Cancel leaves no file, and a failure is one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QPushButton
from reportlab.platypus.doctemplate import LayoutError

from sheetapp.dice import Roller
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet
from sheetapp.systems.amazing_engine.model import Skill

from .test_printing import menu_action, save_dialog_answers


@pytest.fixture
def big_file(tmp_path: Path) -> Path:
    """A character with 2,000 skills: many seconds of layout."""
    sheet = random_npc_sheet(Roller(5), builtin_universes()["generic"])
    sheet.characters[0].skills = [
        Skill(group=f"House {n // 50}", path=[f"Trade {n}"], attribute="charm", source="free")
        for n in range(2000)
    ]
    path = tmp_path / "big.json"
    save(path, sheet)
    return path


def test_a_long_export_keeps_the_window_live_and_cancel_writes_nothing(
    window, big_file, tmp_path, monkeypatch
) -> None:
    window.open_path(big_file)
    target = tmp_path / "big.pdf"
    save_dialog_answers(monkeypatch, target)
    ticks: list[int] = []
    seen: dict[str, object] = {}
    heartbeat = QTimer(window, interval=100, timeout=lambda: ticks.append(1))

    def look_then_cancel() -> None:
        dialogs = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
        seen["dialog"] = bool(dialogs)
        seen["ticks"] = len(ticks)
        seen["written"] = target.exists()
        if dialogs:
            dialogs[0].grab().save(str(tmp_path / "progress.png"))
            dialogs[0].findChild(QPushButton).click()  # Cancel, as a person would

    heartbeat.start()
    QTimer.singleShot(2500, look_then_cancel)
    menu_action(window, "Export PDF…").trigger()
    heartbeat.stop()
    # timers ran while the PDF was being made (the window was not frozen), and the dialog
    # was up; frozen, nothing would have run until the file was written
    assert seen["dialog"] is True and seen["written"] is False
    assert seen["ticks"] >= 1  # type: ignore[operator]
    assert not target.exists()
    assert "Cancelled" in window.statusBar().currentMessage()


def test_a_normal_export_is_read_back(window, hero_file, tmp_path, monkeypatch) -> None:
    window.open_path(hero_file)
    save_dialog_answers(monkeypatch, tmp_path / "hero.pdf")
    menu_action(window, "Export PDF…").trigger()
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "hero.pdf").pages)
    assert window.documents()[0].sheet.characters[0].name in text


def test_a_failure_in_the_worker_is_one_line_and_writes_nothing(
    window, hero_file, tmp_path, monkeypatch
) -> None:
    window.open_path(hero_file)
    save_dialog_answers(monkeypatch, tmp_path / "hero.pdf")

    def broken(*args: object, **kwargs: object) -> bytes:
        raise LayoutError("Flowable <Table> too large on page 1\nin frame 'body'")

    monkeypatch.setattr("sheetapp.pdf.export.export_pdf_bytes", broken)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    menu_action(window, "Export PDF…").trigger()
    assert len(shown) == 1 and "\n" not in shown[0] and "too large on page 1" in shown[0]
    assert not (tmp_path / "hero.pdf").exists()
