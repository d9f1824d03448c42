"""Generate NPCs into the library: what to make (system, universe, profession or a template
sheet, attribute ranges, a name list), how many, and where they are filed.

The form offers only what the chosen system's GM support provides (a system without its
own support makes NPCs with its ``new`` procedure or copies a template). On OK one NPC is
made in memory first, so a request the rules refuse is shown here and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.locale_format import number as in_digits
from sheetapp.play.batch import MAX_COUNT, generate_npcs
from sheetapp.play.names import DEFAULT_LIST, name_lists
from sheetapp.play.support import GENERIC, NpcRequest, gm_support
from sheetapp.storage.library import RosterRow
from sheetapp.systems.registry import system_ids, system_name
from sheetapp.ui.library.dialog_parts import ok_cancel
from sheetapp.ui.library.tags_dialog import split_tags
from sheetapp.ui.theme import set_tone

MAX_SCORE = 100
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class GenerateOrder:
    """What the dialog asks for; ``template`` is a library id (loaded by the caller)."""

    request: NpcRequest
    count: int
    seed: int | None
    campaign: str
    tags: list[str]
    template: int | None


class RangeRow:
    """One attribute's range: ticked to apply, low and high."""

    def __init__(self, attribute: str, name: str, parent: QWidget) -> None:
        self.attribute = attribute
        self.check = QCheckBox(name, parent)
        self.check.setObjectName(f"range_{attribute}")
        self.check.setToolTip(
            _(
                "Keep {attribute} within the range: a score rolled outside it is "
                "drawn again, evenly, inside it (a range beyond the system's "
                "limits is refused, naming them)"
            ).format(attribute=name)
        )
        self.low = _spin(f"range_{attribute}_low", 0)
        self.to = QLabel(_("to"), parent)
        self.high = _spin(f"range_{attribute}_high", MAX_SCORE)
        self.check.toggled.connect(self._toggled)
        self._toggled(False)

    def _toggled(self, on: bool) -> None:
        self.low.setEnabled(on)
        self.high.setEnabled(on)

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.check, self.low, self.to, self.high)

    def value(self) -> tuple[int, int] | None:
        return (self.low.value(), self.high.value()) if self.check.isChecked() else None


def _spin(name: str, value: int) -> QSpinBox:
    spin = QSpinBox(objectName=name)
    spin.setRange(0, MAX_SCORE)
    spin.setValue(value)
    spin.setFixedWidth(72)
    return spin


class GenerateDialog(QDialog):
    def __init__(
        self,
        templates: Sequence[RosterRow],
        campaigns: Sequence[str],
        *,
        system: str,
        check: Callable[[GenerateOrder], str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Generate NPCs"))
        self._check = check  # why an order is refused ("" if fine), asked on OK
        self._templates = list(templates)
        self._ranges: list[RangeRow] = []
        outer = QVBoxLayout(self)
        outer.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        outer.addStrut(560)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        outer.addLayout(form)

        self.system = QComboBox(objectName="system")
        for system_id in system_ids():
            self.system.addItem(system_name(system_id), system_id)
        self.system.setCurrentIndex(max(self.system.findData(system), 0))
        form.addRow(_("&System:"), self.system)
        self.universe = QComboBox(objectName="universe")
        self.universe.setToolTip(_("The universe the NPCs belong to"))
        form.addRow(_("&Universe:"), self.universe)
        self.template = QComboBox(objectName="template")
        self.template.setToolTip(
            _(
                "Copy this library sheet's character (selected in the roster) instead of rolling "
                "each NPC by the rules; names and ranges still apply"
            )
        )
        form.addRow(_("&Template:"), self.template)
        self.profession = QComboBox(objectName="profession")
        form.addRow(_("&Profession:"), self.profession)

        self.ranges_box = QGroupBox(_("Attribute ranges"))
        self.ranges_grid = QGridLayout(self.ranges_box)
        self.ranges_grid.setHorizontalSpacing(6)
        form.addRow(self.ranges_box)
        lower = form
        self.names = QComboBox(objectName="names")
        for names in name_lists().values():
            self.names.addItem(names.shown_name, names.id)
            self.names.setItemData(
                self.names.count() - 1, names.shown_description, Qt.ItemDataRole.ToolTipRole
            )
        self.names.setCurrentIndex(max(self.names.findData(DEFAULT_LIST), 0))
        lower.addRow(_("&Names from:"), self.names)
        self.count = QSpinBox(objectName="count")
        self.count.setRange(1, MAX_COUNT)
        self.count.setValue(10)
        self.count.setGroupSeparatorShown(True)
        self.count.setToolTip(
            _("1 to {MAX_COUNT} NPCs; big batches show their progress").format(
                MAX_COUNT=in_digits(MAX_COUNT)
            )
        )
        lower.addRow(_("&How many:"), self.count)
        seed_row = QHBoxLayout()
        self.use_seed = QCheckBox(_("Repeatable, with seed"), objectName="use_seed")
        self.use_seed.setToolTip(_("The same seed and choices make the same NPCs again"))
        self.seed = QSpinBox(objectName="seed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setEnabled(False)
        self.use_seed.toggled.connect(self.seed.setEnabled)
        seed_row.addWidget(self.use_seed)
        seed_row.addWidget(self.seed, 1)
        lower.addRow(_("Dice:"), seed_row)
        self.campaign = QComboBox(objectName="campaign")
        self.campaign.setEditable(True)
        self.campaign.addItems(["", *campaigns])
        self.campaign.lineEdit().setPlaceholderText(_("no group"))
        lower.addRow(_("G&roup:"), self.campaign)
        self.tags = QLineEdit(objectName="tags")
        self.tags.setPlaceholderText(_("e.g. guard, harbour — separated by commas"))
        lower.addRow(_("T&ags:"), self.tags)

        self.problem = QLabel(objectName="problem")
        self.problem.setWordWrap(True)
        set_tone(self.problem, "error")
        self.problem.hide()
        outer.addWidget(self.problem)
        outer.addWidget(ok_cancel(self, _("&Generate")))

        self.system.currentIndexChanged.connect(self._system_changed)
        self.universe.currentIndexChanged.connect(self._universe_changed)
        self._system_changed()

    # --- following the choices ----------------------------------------------------------------

    def _system_changed(self) -> None:
        system_id = self.system.currentData()
        support = gm_support(system_id)
        generic = support is GENERIC
        name = system_name(system_id)
        self.universe.clear()
        for choice in support.universes():
            self.universe.addItem(choice.label, choice.id)
        self.universe.setEnabled(self.universe.count() > 0)
        if not self.universe.count():
            self.universe.addItem(_("(this system has no universes)"), None)
        self.template.clear()
        self.template.addItem(_("None: roll each NPC by the rules"), None)
        for row in self._templates:
            if row.system == system_id:
                self.template.addItem(
                    _("{value} (sheet {id})").format(value=row.name or _("(no name)"), id=row.id),
                    row.id,
                )
        self.template.setEnabled(self.template.count() > 1)
        if self.template.count() == 1:
            self.template.setToolTip(_("Select a sheet of this system in the roster to copy it"))
        for row in self._ranges:
            for widget in row.widgets():
                self.ranges_grid.removeWidget(widget)
                widget.setParent(None)
                widget.deleteLater()
        self._ranges = []
        for number, attribute in enumerate(support.attributes):
            row = RangeRow(attribute, support.attribute_label(attribute), self.ranges_box)
            line, pair = divmod(number, 2)
            first = pair * 5  # check, low, "to", high, and a gap between the pairs
            for offset, widget in enumerate(row.widgets()):
                self.ranges_grid.addWidget(widget, line, first + offset)
            self._ranges.append(row)
        self.ranges_grid.setColumnMinimumWidth(4, 24)
        self.ranges_grid.setColumnStretch(4, 1)
        self.ranges_box.setVisible(bool(self._ranges))
        missing = _("{name} NPCs cannot be made with this yet; leave it, or use a template").format(
            name=name
        )
        self.names.setEnabled(not generic)
        self.names.setToolTip(missing if generic else _("The name list new NPCs are named from"))
        self._universe_changed()
        self.adjustSize()

    def _universe_changed(self) -> None:
        support = gm_support(self.system.currentData())
        self.profession.clear()
        self.profession.addItem(_("Any, chosen at random"), None)
        try:
            choices = support.professions(self.universe.currentData())
        except ValueError:
            choices = []
        for choice in choices:
            self.profession.addItem(choice.label, choice.id)
        self.profession.setEnabled(bool(choices))
        self.profession.setToolTip(
            _("The profession every NPC takes; its skills come from the profession's groups")
            if choices
            else _("This system or universe has no professions to choose from")
        )

    # --- the result -------------------------------------------------------------------------

    def order(self) -> GenerateOrder:
        system_id = self.system.currentData()
        generic = gm_support(system_id) is GENERIC
        request = NpcRequest(
            system=system_id,
            universe=self.universe.currentData(),
            profession=self.profession.currentData(),
            ranges={r.attribute: v for r in self._ranges if (v := r.value()) is not None},
            names=None if generic else self.names.currentData(),
        )
        return GenerateOrder(
            request=request,
            count=self.count.value(),
            seed=self.seed.value() if self.use_seed.isChecked() else None,
            campaign=self.campaign.currentText(),
            tags=split_tags(self.tags.text()),
            template=self.template.currentData(),
        )

    def accept(self) -> None:
        problem = self._check(self.order()) if self._check is not None else ""
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        if not problem:
            super().accept()


def refusal(request: NpcRequest) -> str:
    """Why the system refuses ``request`` ("" when an NPC can be made): one is made in
    memory, so nothing is stored for a request that fails."""
    try:
        next(generate_npcs(request, 1, seed=0))
    except ValueError as exc:
        return str(exc)
    return ""
