"""Driving a creation wizard as a person would: fill a page, press Next, read the findings."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSpinBox, QWizard


def next_enabled(wizard: QWizard) -> bool:
    return wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def finish_enabled(wizard: QWizard) -> bool:
    return wizard.button(QWizard.WizardButton.FinishButton).isEnabled()


def findings_text(wizard: QWizard) -> str:
    return wizard.currentPage().findChild(QLabel, "findings").text()


def press_next(wizard: QWizard) -> None:
    """Next, as a click would: only when the page allows it, and it must move on."""
    assert next_enabled(wizard), findings_text(wizard)
    before = wizard.currentId()
    wizard.button(QWizard.WizardButton.NextButton).click()
    assert wizard.currentId() == before + 1


def spin(wizard: QWizard, name: str) -> QSpinBox:
    found = wizard.currentPage().findChild(QSpinBox, name)
    assert found is not None, name
    return found
