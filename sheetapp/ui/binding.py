"""Binding widgets to fields of a sheet by path.

One helper per widget kind: user edits go to ``SheetDocument.edit`` (an undoable command);
document changes come back with the widget's signals blocked so they never echo. A
``FieldRegistry`` remembers which widget shows which path, so findings can mark fields and
the findings dock can jump to one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QStatusBar,
    QTabWidget,
    QWidget,
)

from sheetapp.findings import Finding, Severity, join_path
from sheetapp.i18n import _
from sheetapp.ui.long_text import is_elided, show_text
from sheetapp.ui.theme import mark_finding

if TYPE_CHECKING:  # the document brings pydantic; the window paints before it loads
    from sheetapp.ui.document import SheetDocument

Path = tuple[str | int, ...]
UNSET = -1  # a spin box at this value shows "–": the field has no value yet


class FieldRegistry:
    """Which widget shows which field path, for marking findings and jumping to fields."""

    def __init__(self) -> None:
        self._widgets: dict[str, tuple[QWidget, str]] = {}

    def clear(self) -> None:
        """Forget every widget (the form is rebuilding its pages)."""
        self._widgets.clear()

    def add(self, path: Sequence[str | int], widget: QWidget, rule: str = "") -> None:
        key = join_path(*path)
        widget.setProperty("fieldPath", key)
        rule = rule or widget.toolTip()  # marking findings must not wipe a tooltip set before
        if rule:
            widget.setToolTip(rule)
        self._widgets[key] = (widget, rule)

    def widget_for(self, path: str) -> QWidget | None:
        """The widget for ``path`` or its nearest bound ancestor path."""
        while path:
            if path in self._widgets:
                return self._widgets[path][0]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return None

    def focus(self, path: str) -> bool:
        widget = self.widget_for(path)
        if widget is None:
            return False
        reveal_in_tabs(widget)  # switch to the tab that holds it before focusing it
        widget.setFocus()
        return True

    def mark(self, findings: list[Finding]) -> None:
        """Flag each bound field with its worst finding and add the messages to its tooltip."""
        worst: dict[str, list[Finding]] = {}
        for finding in findings:
            widget = self.widget_for(finding.path)
            if widget is not None:
                worst.setdefault(str(widget.property("fieldPath")), []).append(finding)
        for key, (widget, rule) in self._widgets.items():
            found = worst.get(key, [])
            level = ""
            if any(f.severity is Severity.ERROR for f in found):
                level = "error"
            elif any(f.severity is Severity.WARNING for f in found):
                level = "warning"
            mark_finding(widget, level)
            messages = "\n".join(f"• {f.message}" for f in found)
            widget.setToolTip("\n\n".join(p for p in (rule, messages) if p))


def reveal_in_tabs(widget: QWidget) -> None:
    """Bring forward every tab page that contains ``widget`` and scroll it into view (a
    scroll area follows focus only when it moves by the Tab key)."""
    child, parent = widget, widget.parentWidget()
    areas: list[QScrollArea] = []
    while parent is not None:
        holder = parent.parentWidget()
        if isinstance(parent, QStackedWidget) and isinstance(holder, QTabWidget):
            holder.setCurrentWidget(child)
        if isinstance(parent, QScrollArea):
            areas.append(parent)
        child, parent = parent, holder
    for area in areas:  # innermost first, once the pages holding them are shown
        content = area.widget()
        if content is not None and content.layout() is not None:
            content.layout().activate()  # a page just brought forward is laid out first
        area.ensureWidgetVisible(widget)
    widget.window().activateWindow()


def _refresh_on_change(document: SheetDocument, widget: QWidget, show: Callable[[], None]) -> None:
    def refresh() -> None:
        with QSignalBlocker(widget):
            show()

    document.changed.connect(refresh)
    widget.destroyed.connect(lambda: _safe_disconnect(document.changed, refresh))
    refresh()


def _safe_disconnect(signal: Any, slot: Callable[[], None]) -> None:
    try:
        signal.disconnect(slot)
    except (RuntimeError, TypeError):
        pass


def report_refusal(widget: QWidget, problem: str | None) -> None:
    """Say in ``widget``'s window's status bar why an edit was not taken, if it was not."""
    if problem:
        window = widget.window()
        bar = window.findChild(QStatusBar)
        if bar is not None:
            bar.showMessage(_("Not accepted: {problem}").format(problem=problem), 6000)


def bind_line_edit(document: SheetDocument, path: Path, widget: QLineEdit) -> None:
    def show() -> None:
        value = document.value(path) or ""
        if widget.text() != value:
            widget.setText(str(value))

    widget.textEdited.connect(lambda text: report_refusal(widget, document.edit(path, text)))
    _refresh_on_change(document, widget, show)


def bind_plain_text(document: SheetDocument, path: Path, widget: QPlainTextEdit) -> None:
    def value() -> str:
        return document.value(path) or ""

    def show() -> None:
        if widget.toPlainText() != value():
            show_text(widget, value(), value)  # elided when enormous (sheetapp.ui.long_text)

    widget.textChanged.connect(
        lambda: (
            is_elided(widget) or report_refusal(widget, document.edit(path, widget.toPlainText()))
        )
    )
    _refresh_on_change(document, widget, show)


def _names(text: str, separator: str) -> list[str]:
    return [part.strip() for part in text.split(separator) if part.strip()]


def bind_lines(document: SheetDocument, path: Path, widget: QPlainTextEdit) -> None:
    """A list of short names, one a line. Blank lines are dropped, and the widget is only
    rewritten when the list differs from what it shows, so typing a new line keeps it."""

    def show() -> None:
        value = list(document.value(path) or [])
        if _names(widget.toPlainText(), "\n") != value:
            widget.setPlainText("\n".join(value))

    widget.textChanged.connect(
        lambda: report_refusal(widget, document.edit(path, _names(widget.toPlainText(), "\n")))
    )
    _refresh_on_change(document, widget, show)


def bind_commas(document: SheetDocument, path: Path, widget: QLineEdit) -> None:
    """A list of short names separated by commas on one line; as ``bind_lines``, a trailing
    comma changes nothing until a name follows it."""

    def show() -> None:
        value = list(document.value(path) or [])
        if _names(widget.text(), ",") != value:
            widget.setText(", ".join(value))

    widget.textEdited.connect(
        lambda text: report_refusal(widget, document.edit(path, _names(text, ",")))
    )
    _refresh_on_change(document, widget, show)


def bind_spin(
    document: SheetDocument, path: Path, widget: QSpinBox, *, optional: bool = True
) -> None:
    """An integer field; with ``optional`` the lowest value shows "–" and clears the field
    (deleting the number does the same: see ``sheetapp.ui.field_input``)."""
    if optional:
        widget.setMinimum(UNSET)
        widget.setSpecialValueText("–")

    def show() -> None:
        value = document.value(path)
        widget.setValue(UNSET if value is None else int(value))

    def edited(value: int) -> None:
        report_refusal(widget, document.edit(path, None if optional and value == UNSET else value))

    widget.valueChanged.connect(edited)
    _refresh_on_change(document, widget, show)


def bind_combo(
    document: SheetDocument, path: Path, widget: QComboBox, choices: Sequence[tuple[str, Any]]
) -> Callable[[Sequence[tuple[str, Any]]], None]:
    """A choice among (label, value) pairs; an unknown stored value is shown, not lost.

    Returns a function that replaces the choices (another universe's professions, a
    reloaded catalogue) while the binding stays the one made here.
    """

    def show() -> None:
        value = document.value(path)
        value = getattr(value, "value", value)
        index = widget.findData(value)
        if index < 0 and value not in (None, ""):
            widget.addItem(_("{value} (not installed)").format(value=value), value)
            index = widget.count() - 1
        widget.setCurrentIndex(max(index, 0) if value not in (None, "") else index)

    def set_choices(new_choices: Sequence[tuple[str, Any]]) -> None:
        with QSignalBlocker(widget):
            widget.clear()
            for label, value in new_choices:
                widget.addItem(_(label), value)
            show()

    set_choices(choices)
    widget.activated.connect(
        lambda index: report_refusal(widget, document.edit(path, widget.itemData(index)))
    )
    _refresh_on_change(document, widget, show)
    return set_choices


def bind_check(document: SheetDocument, path: Path, widget: QCheckBox) -> None:
    def show() -> None:
        widget.setChecked(bool(document.value(path)))

    widget.toggled.connect(lambda on: report_refusal(widget, document.edit(path, on)))
    _refresh_on_change(document, widget, show)


class FieldBinder:
    """Makes a form's field widgets: each bound to its path in the document and registered
    with the form's fields, so findings mark it and the findings dock can jump to it.
    A widget's object name is the last part of its path unless ``name`` is given."""

    def __init__(self, document: SheetDocument, fields: FieldRegistry) -> None:
        self.document = document
        self.fields = fields

    def line(self, path: Path, name: str = "", tip: str = "") -> QLineEdit:
        edit = QLineEdit(objectName=name or str(path[-1]))
        bind_line_edit(self.document, path, edit)
        self.fields.add(path, edit, tip)
        return edit

    def text(self, path: Path, name: str = "", tip: str = "") -> QPlainTextEdit:
        edit = QPlainTextEdit(objectName=name or str(path[-1]))
        bind_plain_text(self.document, path, edit)
        self.fields.add(path, edit, tip)
        return edit

    def spin(
        self,
        path: Path,
        low: int,
        high: int,
        tip: str = "",
        *,
        name: str = "",
        optional: bool = True,
    ) -> QSpinBox:
        """A number from ``low`` to ``high``; ``optional`` as for ``bind_spin``."""
        spin = QSpinBox(objectName=name or str(path[-1]))
        spin.setRange(low, high)
        bind_spin(self.document, path, spin, optional=optional)
        self.fields.add(path, spin, tip)
        return spin

    def check(self, path: Path, text: str, tip: str = "", *, name: str = "") -> QCheckBox:
        box = QCheckBox(text, objectName=name or str(path[-1]))
        bind_check(self.document, path, box)
        self.fields.add(path, box, tip)
        return box


class RefreshWhenShown:
    """For widgets that show derived figures: refresh at once while visible; a hidden one only
    notes that it is stale and catches up when shown, so an edit pays only for what is seen.

    Mix in before the QWidget class and implement ``refresh``.
    """

    _stale = True

    def refresh(self) -> None:  # pragma: no cover - implemented by each widget
        raise NotImplementedError

    def schedule_refresh(self) -> None:
        if self.isVisible():  # type: ignore[attr-defined]
            self._stale = False
            self.refresh()
        else:
            self._stale = True

    def showEvent(self, event) -> None:
        if self._stale:
            self._stale = False
            self.refresh()
        super().showEvent(event)  # type: ignore[misc]
