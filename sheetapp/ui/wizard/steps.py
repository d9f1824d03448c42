"""The page every creation wizard is made of, and the small widgets pages share.

A page never decides on its own whether its step is done: it looks at the findings whose path
belongs to the step, shows them, and allows Next only when none of them is an error or a
warning. That keeps a wizard and the sheet form agreeing on every rule, because both read the
same ``rules.check`` of the system.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from sheetapp.dice import Roller
from sheetapp.findings import Finding, Severity
from sheetapp.i18n import N_, _
from sheetapp.ui.labels import hint_label
from sheetapp.ui.theme import mark_finding, tone

# How many findings a page lists before summing up the rest, so the label never crowds out
# the controls.
FINDINGS_SHOWN = 4

SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
# (the finding's lead word, marked and translated where it is shown; its tone)
SEVERITY_LABEL = {
    Severity.ERROR: (N_("Error:"), "error"),
    Severity.WARNING: (N_("To do:"), "warning"),
    Severity.INFO: (N_("Note:"), ""),
}


class Checked(Protocol):
    """A partial sheet built from what the person entered, with the rules' findings on it."""

    @property
    def findings(self) -> list[Finding]: ...


class StepHost(Protocol):
    """What a page needs from its wizard."""

    roller: Roller

    def changed(self) -> None:
        """Rebuild the partial sheet, re-check it and refresh every page."""

    def snapshot(self) -> Any:
        """The partial sheet as entered so far (a :class:`Checked` of the wizard's kind)."""


def path_within(path: str, prefix: str) -> bool:
    """Whether ``path`` is ``prefix`` or lies below it (``characters[1]`` not ``[10]``)."""
    if not prefix:
        return True
    return path == prefix or path.startswith((prefix + ".", prefix + "["))


def findings_html(findings: Sequence[Finding]) -> str:
    """The findings as short lines, worst first, with the rest summed up."""
    if not findings:
        return _("Nothing left to do on this page.")
    ordered = sorted(findings, key=lambda f: SEVERITY_ORDER[f.severity])
    lines = []
    for finding in ordered[:FINDINGS_SHOWN]:
        word, shade = SEVERITY_LABEL[finding.severity]
        style = f' style="color:{tone(shade).name()}"' if shade else ""
        lines.append(f"<b{style}>{_(word)}</b> {html.escape(finding.message, quote=False)}")
    rest = len(ordered) - FINDINGS_SHOWN
    if rest > 0:
        lines.append(_("… and {rest} more like these.").format(rest=rest))
    return "<br>".join(lines)


def spin_box(name: str, maximum: int, tip: str, *, blank_zero: bool = False) -> QSpinBox:
    box = QSpinBox(objectName=name)
    box.setRange(0, maximum)
    box.setToolTip(tip)
    box.setAlignment(Qt.AlignmentFlag.AlignRight)
    box.setMinimumWidth(64)
    if blank_zero:
        box.setSpecialValueText("–")
    return box


def column_header(text: str, tip: str) -> QLabel:
    """A bold heading over a column of a page's grid, saying what the column holds."""
    head = QLabel(f"<b>{html.escape(text, quote=False)}</b>")
    head.setToolTip(tip)
    return head


def optional_box(
    name: str, maximum: int, tip: str, unset_text: str, value: int | None = None
) -> QSpinBox:
    """A spin box for a figure that may be left unset (an override of a default): its
    lowest value, shown as ``unset_text``, means "not set" (see :func:`optional_value`).
    It starts at ``value``, or unset when that is None."""
    box = spin_box(name, maximum, tip)
    box.setMinimum(-1)
    box.setSpecialValueText(unset_text)
    box.setValue(-1 if value is None else value)
    return box


def optional_value(box: QSpinBox) -> int | None:
    """What an :func:`optional_box` holds: None while it shows its "not set" text."""
    return None if box.value() == box.minimum() else box.value()


def keep_narrow(*widgets: QWidget) -> None:
    """Keep number fields at their own width where a form would stretch them across the
    page (a two-digit figure in a field as wide as a line of text reads badly)."""
    for widget in widgets:
        widget.setSizePolicy(QSizePolicy.Policy.Fixed, widget.sizePolicy().verticalPolicy())


def chain_tab_order(widgets: Iterable[QWidget]) -> None:
    """Tab through ``widgets`` in the order given (the order they are laid out)."""
    items = list(widgets)
    for first, second in pairwise(items):
        QWidget.setTabOrder(first, second)


class StepPage(QWizardPage):
    """A wizard page that shows its step's findings and is complete when they allow it."""

    def __init__(self, host: StepHost, title: str, rule: str) -> None:
        super().__init__()
        self.host = host
        self.setTitle(title)
        self._blocking = False
        self._marks: list[tuple[QWidget, str | None]] = []
        outer = QVBoxLayout(self)
        self.rule = hint_label(rule, "rule")
        outer.addWidget(self.rule)
        self.body = QVBoxLayout()
        outer.addLayout(self.body, 1)
        self.findings = QLabel(objectName="findings")
        self.findings.setWordWrap(True)
        self.findings.setTextFormat(Qt.TextFormat.RichText)
        self.findings.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.findings.setMinimumHeight(self.findings.fontMetrics().lineSpacing() * 3)
        outer.addWidget(self.findings)

    # --- what belongs to this step ------------------------------------------------------

    def prefixes(self) -> tuple[str, ...]:
        """The finding paths this step answers for."""
        raise NotImplementedError

    def error_scope(self) -> str | None:
        """A prefix whose errors also block this step (the last page guards the whole)."""
        return None

    def displayed(self, found: list[Finding]) -> list[Finding]:
        """The step's findings as listed on the page; a page may drop echoes of others."""
        return found

    def relevant(self, findings: Iterable[Finding]) -> list[Finding]:
        mine = self.prefixes()
        scope = self.error_scope()
        return [
            f
            for f in findings
            if any(path_within(f.path, p) for p in mine)
            or (scope is not None and f.severity is Severity.ERROR and path_within(f.path, scope))
        ]

    def mark(self, path: str, widget: QWidget) -> None:
        """Outline ``widget`` when a finding points at ``path``."""
        self._marks.append((widget, path))

    def remark(self, widget: QWidget, path: str | None) -> None:
        """Point ``widget`` at ``path`` instead of what it was marked for; None: at nothing.

        For a row whose place in the built sheet moves as others are taken or dropped
        (``skills[2]`` becomes ``skills[3]``); call it from ``update_view``.
        """
        self._marks = [(w, p) for w, p in self._marks if w is not widget]
        self._marks.append((widget, path))

    def add_text_rows(
        self, draft: object, rows: Sequence[tuple[str, str, str]]
    ) -> dict[str, QLineEdit]:
        """A form of line edits, one per (field, label, hint), each writing the draft's field
        of that name and asking for a rebuild; a finding at the field's path marks it."""
        form = QFormLayout()
        edits: dict[str, QLineEdit] = {}
        for field, text, hint in rows:
            edit = QLineEdit(str(getattr(draft, field)), objectName=field)
            edit.setPlaceholderText(hint)
            edit.setToolTip(hint)
            edit.textChanged.connect(lambda value, f=field: self._text_edited(draft, f, value))
            form.addRow(text, edit)
            label = form.labelForField(edit)
            if isinstance(label, QLabel):
                label.setToolTip(hint)
            edits[field] = edit
            self.mark(field, edit)
        self.body.addLayout(form)
        chain_tab_order(edits.values())
        return edits

    def _text_edited(self, draft: object, field: str, value: str) -> None:
        setattr(draft, field, value)
        self.host.changed()

    # --- refreshing ---------------------------------------------------------------------

    def present(self, snapshot: Checked) -> None:
        self.update_view(snapshot)
        found = self.relevant(snapshot.findings)
        self.findings.setText(findings_html(self.displayed(found)))
        worst: dict[QWidget, int] = {}
        for widget, path in self._marks:
            levels = [SEVERITY_ORDER[f.severity] for f in found if f.path == path]
            worst[widget] = min([worst.get(widget, 2), *levels])
        for widget, level in worst.items():
            value = {0: "error", 1: "warning"}.get(level, "")
            mark_finding(widget, value)
        self._blocking = any(f.severity in (Severity.ERROR, Severity.WARNING) for f in found)
        self.completeChanged.emit()

    def update_view(self, snapshot: Any) -> None:
        """Show what depends on other steps; override as needed."""

    def isComplete(self) -> bool:
        return not self._blocking
