"""A window with a fake campaign service attached, and the players' characters it shows."""

from __future__ import annotations

import pytest

from sheetapp.ui.main_window import MainWindow

from .fakes import FakeCampaignService


@pytest.fixture
def service(window: MainWindow) -> FakeCampaignService:
    fake = FakeCampaignService()
    window.campaign.attach(fake)
    return fake


@pytest.fixture(autouse=True)
def _no_unexpected_messages(monkeypatch) -> None:
    """A message box nobody expected fails the test with its text instead of waiting for a
    click that never comes; tests that expect one patch it again."""
    from PySide6.QtWidgets import QMessageBox

    def unexpected(*args, **_kwargs):
        raise AssertionError(f"unexpected message: {args[1:3]}")

    for name in ("warning", "critical", "question", "information"):
        monkeypatch.setattr(QMessageBox, name, unexpected)


@pytest.fixture(autouse=True)
def quit_questions(monkeypatch) -> list[str]:
    """Closing a hosting window asks whether to cut the players off; here every window
    answers Quit Anyway (so a test that ends while hosting tears down as it would after
    that answer) and the questions asked are listed. A test answers otherwise by setting
    ``window.campaign.ask_quit``."""
    from sheetapp.ui.campaign import quitting

    asked: list[str] = []

    def quit_anyway(_parent, text: str) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(quitting, "ask_with_a_box", quit_anyway)
    return asked
