"""Driving a creation wizard as a person would: type into fields, press Next, read findings."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
    QWizard,
)

from sheetapp.ui.help_topic import topic_for


def child(wizard: QWizard, kind: type[QWidget], name: str) -> QWidget:
    found = wizard.findChild(kind, name)
    assert found is not None, name
    return found


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


def type_into(qtbot, wizard: QWizard, name: str, text: str) -> None:
    """Clear a text field (a line, an editable combo's line, a text box) and type ``text``
    key by key."""
    widget = wizard.findChild(QWidget, name)
    assert widget is not None, name
    line = widget.lineEdit() if isinstance(widget, QComboBox) else widget
    assert isinstance(line, QLineEdit | QPlainTextEdit), name
    line.clear()
    qtbot.keyClicks(line, text)


def set_number(wizard: QWizard, name: str, value: float) -> None:
    box = wizard.findChild(QAbstractSpinBox, name)
    assert isinstance(box, QSpinBox | QDoubleSpinBox), name
    box.setValue(value)


def choose_text(wizard: QWizard, name: str, text: str) -> None:
    combo = child(wizard, QComboBox, name)
    index = combo.findText(text)
    assert index >= 0, (name, text)
    combo.setCurrentIndex(index)


def click(qtbot, wizard: QWizard, name: str) -> None:
    qtbot.mouseClick(child(wizard, QPushButton, name), Qt.MouseButton.LeftButton)


def fill_row(qtbot, wizard: QWizard, editor: str, row: int, values: dict) -> None:
    """Fill one row of a RowsEditor: text is typed, numbers set."""
    for key, value in values.items():
        name = f"{editor}_{row}_{key}"
        if isinstance(value, str):
            type_into(qtbot, wizard, name, value)
        else:
            set_number(wizard, name, value)


def help_topics(wizard: QWizard) -> set[str]:
    """The help topic F1 opens on each page."""
    return {topic_for(wizard.page(i)) for i in wizard.pageIds()}
