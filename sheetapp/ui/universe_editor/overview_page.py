"""The pack's overview: its id and name, what it says about itself, and the costs, caps and
penalties it sets (each left out of the file while it keeps the System Guide's default)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.ui.universe_editor.document import PackEditorDocument
from sheetapp.ui.universe_editor.fields import Binding

# key, label, low, high, what it changes
SETTINGS = (
    ("base_adjustment", N_("Base adjustment"), -50, 100,
     N_("Added to every attribute of a new character.")),
    ("creation_cap", N_("Creation cap"), 0, 1000, N_("No attribute may pass this at creation.")),
    ("attribute_max", N_("Attribute maximum"), 0, 1000,
     N_("No attribute may be raised past this with XP.")),
    ("dice_cap", N_("Dice cap"), 0, 1000, N_("The most core dice one attribute may take.")),
    ("specialty_penalty", N_("Specialty penalty"), 0, 1000,
     N_("Taken from the chance for each specialty level between the skill known and the one "
       "used.")),
    ("enhancement_bonus", N_("Enhancement bonus"), 0, 1000,
     N_("Added once when the enhancement used is known.")),
    ("xp_per_attribute_point", N_("XP per attribute point"), 0, 1000,
     N_("What one permanent attribute point costs.")),
    ("xp_per_skill", N_("XP per new skill"), 0, 1000,
     N_("What learning a skill after creation costs.")),
)


class OverviewPage(QWidget):
    def __init__(self, document: PackEditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page_overview")
        self.document = document
        outer = QVBoxLayout(self)
        form = QFormLayout()
        outer.addLayout(form)
        outer.addStretch(1)
        self.bindings: dict[str, Binding] = {}
        defaults = Universe.model_fields

        def add(key: str, label: str, widget: QWidget, tip: str, **options: object) -> None:
            widget.setObjectName(f"overview_{key}")
            widget.setToolTip(tip)
            form.addRow(_("{field}:").format(field=label), widget)
            self.bindings[key] = Binding(document, widget, lambda: (key,), label, **options)

        add("id", _("Id"), QLineEdit(), _(
            "Lowercase letters, digits, - and _. Sheets store it, so change it only before "
            "anyone plays in the universe."
        ))
        add("name", _("Name"), QLineEdit(), _("What everyone calls the universe."))
        for key, label, tip in (
            ("description", _("Description"), _("What the universe is about.")),
            ("notes", _("House notes"), _("Rules of the setting, shown as written.")),
        ):
            edit = QPlainTextEdit()
            edit.setMaximumHeight(90)
            add(key, label, edit, tip, optional=True, default="")
        for key, label, low, high, tip in SETTINGS:
            spin = QSpinBox()
            spin.setRange(low, high)
            default = defaults[key].default
            add(key, _(label), spin, _("{tip} Default {n}.").format(tip=_(tip), n=default),
                optional=True, default=default)
        document.pack_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        for binding in self.bindings.values():
            binding.load()

    def select(self, key: str) -> None:
        binding = self.bindings.get(key)
        if binding is not None:
            binding.widget.setFocus()

    def mark(self, marks: dict[str, str]) -> None:
        for key, binding in self.bindings.items():
            binding.mark(marks.get(key, ""))
