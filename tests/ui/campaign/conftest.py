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
