"""PDFs are made off the UI thread: a long export keeps the window live behind a progress
dialog, Cancel leaves no file, and a failure is one line."""

from __future__ import annotations

import time

from pypdf import PdfReader
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QPushButton
from reportlab.platypus.doctemplate import LayoutError

from .test_printing import menu_action, save_dialog_answers


def test_a_long_export_keeps_the_window_live_and_cancel_writes_nothing(
    window, hero_file, tmp_path, monkeypatch
) -> None:
    """The layout stands in for one that takes long (how long a real one takes depends on
    the machine, so a real one could finish before the dialog shows): it reports a page
    every 50 ms for up to 20 s, and stops when the progress callback raises."""

    def slow_export(_sheets, *, progress, **_options) -> bytes:
        for page in range(400):
            time.sleep(0.05)
            progress(page)
        return b"%PDF-1.4 never written"

    monkeypatch.setattr("sheetapp.pdf.export.export_pdf_bytes", slow_export)
    window.open_path(hero_file)
    target = tmp_path / "big.pdf"
    save_dialog_answers(monkeypatch, target)
    ticks: list[int] = []
    seen: dict[str, object] = {}
    heartbeat = QTimer(window, interval=100, timeout=lambda: ticks.append(1))

    def cancel_when_shown() -> None:
        dialogs = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
        if not dialogs:
            QTimer.singleShot(50, cancel_when_shown)
            return
        seen["ticks"] = len(ticks)
        seen["written"] = target.exists()
        dialogs[0].findChild(QPushButton).click()  # Cancel, as a person would

    heartbeat.start()
    QTimer.singleShot(0, cancel_when_shown)
    started = time.monotonic()
    menu_action(window, "Export PDF…").trigger()
    heartbeat.stop()
    # timers ran while the PDF was being made (the window was not frozen), the dialog came
    # up, and Cancel returned long before the layout would have ended
    assert seen["written"] is False
    assert seen["ticks"] >= 1  # type: ignore[operator]
    assert time.monotonic() - started < 10
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
