"""Play at the table: the wound track with its thresholds and hits, healing, Thematic
Momentum and the compounding-misfortune streak.

Each button runs one pure step from ``systems.amplitude.play`` and installs the result as
one undoable edit; the counters themselves stay editable by hand.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _, ngettext
from sheetapp.locale_format import number
from sheetapp.plural import counted
from sheetapp.systems.amplitude.figures import AmplitudeFigures
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import TRACK, WOUND_LABELS
from sheetapp.systems.amplitude.outcome_table import OUTCOMES
from sheetapp.systems.amplitude.play import (
    end_streak,
    gain_momentum,
    heal,
    record_roll,
    recover,
    settle_misfortune,
    spend_momentum,
    take_hit,
)
from sheetapp.systems.amplitude.rolls import major_wound_check
from sheetapp.systems.amplitude.wounds import ACTION_CHECK_AMP, ACTION_CHECK_QO, RECOVERY_KINDS
from sheetapp.systems.plugin import RequestError
from sheetapp.ui.amplitude.bands import chip_style
from sheetapp.ui.binding import FieldRegistry, bind_combo
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.labels import hint_label, tipped
from sheetapp.ui.page_layout import fill, scrolled
from sheetapp.ui.roll_buttons import roll_button, send_roll
from sheetapp.ui.sheet_form import FormPage

STEPS = (*TRACK, "killed")
RECOVERY_TIP = (
    N_("First aid that succeeds (QO 1 or better) moves one step up. Rest or medical care moves "
    "up by the QO: the text says several steps or a full recovery without numbers, so we "
    "read the QO against the character's resilience thresholds, as for a hit (1, 2 or 3 "
    "steps); U or K heal fully; QO 0 heals nothing. The GM may rule otherwise with Heal.")
)
COSTS = TranslatedTable({
    "unwounded": N_("no penalty"),
    "minor": N_("-1 to rolls"),
    "moderate": N_("-2 to rolls"),
    "major": N_("-4, check to act"),
    "incapacitated": N_("cannot act"),
    "killed": N_("only a K"),
})
TIPS = TranslatedTable({
    "wound": N_("Where the character stands on the track. Hits move down by the thresholds; "
    "U jumps to Incapacitated, K kills."),
    "minor": N_("The QO a hit needs to inflict a minor wound (1 step down). The usual value is "
    "1; a QO of 0 never wounds."),
    "moderate": N_("The QO a hit needs for a moderate wound (2 steps down); usually 4."),
    "major": N_("The QO a hit needs for a major wound (3 steps down); usually 8."),
    "momentum": N_("Thematic Momentum in hand. Each point spent adds 1 to an action's Amp."),
    "misfortune": N_("Player's Total Rolls in a row whose 4dF alone came up negative. From the "
    "second on, each owes a consequence. A roll of 0 or better, a different major action "
    "done, or the end of the scene clears it."),
    "owed": N_("Consequences owed: lose 1 momentum or take a minor mishap for each."),
    "record": N_("The 4dF of a Player's Total Roll, the dice alone (before OB - DB)."),
})
CURRENT = (
    "background: palette(highlight); color: palette(highlighted-text); "
    "border: 1px solid palette(highlight); border-radius: 3px;"
)
OTHER = "border: 1px solid palette(mid); border-radius: 3px;"


class PlayTab(FormPage):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache[AmplitudeFigures],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, fields, parent)
        self.figures = figures
        grid = QGridLayout()
        grid.addWidget(self._track_box(), 0, 0, 1, 2)
        grid.addWidget(self._hit_box(), 1, 0)
        grid.addWidget(self._thresholds_box(), 1, 1)
        grid.addWidget(self._momentum_box(), 2, 0)
        grid.addWidget(self._misfortune_box(), 2, 1)
        self.message = QLabel(objectName="play_message")
        self.message.setWordWrap(True)
        self.message.setProperty("role", "figure")
        grid.addWidget(self.message, 3, 0, 1, 2)
        grid.setRowStretch(4, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        fill(self, scrolled(grid, frame=False))  # scrolls on a 1366x768 screen
        self.watch()

    @property
    def sheet(self) -> AmplitudeSheet:
        return self.document.sheet  # type: ignore[return-value]

    # --- building -----------------------------------------------------------------------------

    def _track_box(self) -> QGroupBox:
        box = QGroupBox(_("Wound track"))
        box.setToolTip(TIPS["wound"])
        layout = QVBoxLayout(box)
        steps = QHBoxLayout()
        self.step_labels: dict[str, QLabel] = {}
        for key in STEPS:
            label = QLabel(objectName=f"step_{key}")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setMinimumHeight(44)
            label.setText(
                _("<b>{WOUND_LABELS}</b><br>{COSTS}").format(
                    WOUND_LABELS=WOUND_LABELS[key], COSTS=COSTS[key]
                )
            )
            label.setToolTip(
                _("{level}: {cost}. {about}").format(
                    level=WOUND_LABELS[key], cost=COSTS[key], about=TIPS["wound"]
                )
            )
            self.step_labels[key] = label
            steps.addWidget(label, 1)
        layout.addLayout(steps)
        row = QHBoxLayout()
        self.wound = QComboBox(objectName="wound")
        bind_combo(self.document, ("wound",), self.wound, [(WOUND_LABELS[k], k) for k in STEPS])
        self.fields.add(("wound",), self.wound, TIPS["wound"])
        by_hand = QLabel(_("Set by hand"))
        by_hand.setBuddy(self.wound)  # takes the track's tooltip
        row.addWidget(by_hand)
        row.addWidget(self.wound)
        row.addSpacing(16)
        self.status = QLabel(objectName="wound_status")
        self.status.setProperty("role", "figure")
        self.status.setToolTip(_("What the current wound does to the character's rolls."))
        self.status.setWordWrap(True)
        row.addWidget(self.status, 1)
        self.action_check = roll_button(
            _(
                "the major wound's action check: Amp {ACTION_CHECK_AMP}, QO "
                "{ACTION_CHECK_QO} needed, with the wound's -4"
            ).format(ACTION_CHECK_AMP=ACTION_CHECK_AMP, ACTION_CHECK_QO=ACTION_CHECK_QO),
            lambda: send_roll(self, None, major_wound_check(self.sheet)),
            _("Roll the action check"),
        )
        self.action_check.setObjectName("roll_action_check")
        row.addWidget(self.action_check)
        layout.addLayout(row)
        return box

    def _hit_box(self) -> QGroupBox:
        box = QGroupBox(_("Take a hit or heal"))
        box.setToolTip(_("Move down the track by a hit's outcome, or up by healing."))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.outcome = QComboBox(objectName="hit_outcome")
        for result in OUTCOMES:
            self.outcome.addItem(
                result if result in "UK" else _("QO {result}").format(result=result), result
            )
        self.outcome.setCurrentIndex(OUTCOMES.index("5"))
        self.outcome.currentIndexChanged.connect(self._show_preview)
        self.outcome.setToolTip(_("The outcome the attack read off the table."))
        hit = QPushButton(_("Apply hit"), objectName="apply_hit")
        hit.clicked.connect(self.apply_hit)
        self.chip = QLabel(objectName="hit_band")
        self.chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.chip.setMinimumWidth(40)
        self.chip.setToolTip(_("The outcome chosen, in its band's colour on the table."))
        row = QHBoxLayout()
        row.addWidget(self.outcome)
        row.addWidget(self.chip)
        row.addWidget(hit)
        row.addStretch(1)
        form.addRow(
            tipped(QLabel(_("Outcome")), _("The outcome the attack read off the table.")), row
        )
        self.preview = hint_label("", "hit_preview")
        form.addRow("", self.preview)
        self.heal_steps = QSpinBox(objectName="heal_steps")
        self.heal_steps.setRange(1, len(TRACK) - 1)
        self.heal_steps.valueChanged.connect(self._heal_suffix)
        self._heal_suffix(self.heal_steps.value())
        self.heal_steps.setMinimumWidth(100)
        self.heal_steps.setToolTip(
            _("First aid moves one step up; rest or a doctor may move several, as the GM rules.")
        )
        heal_button = QPushButton(_("Heal"), objectName="heal")
        heal_button.setToolTip(_("Move up the wound track by the steps chosen."))
        heal_button.clicked.connect(
            lambda: self._step(
                lambda s: heal(s, self.heal_steps.value()),
                _("Heal {value}").format(value=self.heal_steps.value()),
            )
        )
        row = QHBoxLayout()
        row.addWidget(self.heal_steps)
        row.addWidget(heal_button)
        row.addStretch(1)
        form.addRow(tipped(QLabel(_("Heal")), _("Steps up the wound track.")), row)
        self.recovery_kind = QComboBox(objectName="recovery_kind")
        for kind, text in RECOVERY_KINDS:
            self.recovery_kind.addItem(_(text), kind)
        self.recovery_kind.setToolTip(_(RECOVERY_TIP))
        self.recovery_outcome = QComboBox(objectName="recovery_outcome")
        for result in OUTCOMES:
            self.recovery_outcome.addItem(
                result if result in "UK" else _("QO {result}").format(result=result), result
            )
        self.recovery_outcome.setCurrentIndex(OUTCOMES.index("5"))
        self.recovery_outcome.setToolTip(_("The outcome the recovery roll read off the table."))
        for combo in (self.recovery_kind, self.recovery_outcome):
            combo.currentIndexChanged.connect(self._show_preview)
        recover_button = QPushButton(_("Apply recovery"), objectName="apply_recovery")
        recover_button.setToolTip(_(RECOVERY_TIP))
        recover_button.clicked.connect(self.apply_recovery)
        row = QHBoxLayout()
        row.addWidget(self.recovery_kind, 1)
        row.addWidget(self.recovery_outcome)
        row.addWidget(recover_button)
        form.addRow(tipped(QLabel(_("Recovery roll")), _(RECOVERY_TIP)), row)
        self.recovery_preview = hint_label("", "recovery_preview")
        form.addRow("", self.recovery_preview)
        return box

    def _spin(self, path: str, low: int, high: int, tip: str) -> QSpinBox:
        steps = tuple(path.split("."))
        spin = self.bind.spin(steps, low, high, tip, name="_".join(steps), optional=False)
        spin.setMinimumWidth(80)
        return spin

    def _thresholds_box(self) -> QGroupBox:
        box = QGroupBox(_("Resilience thresholds"))
        box.setToolTip(_("The quality of outcome (QO) a hit needs for each wound."))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        for key, title in (
            ("minor", _("Minor wound at QO")),
            ("moderate", _("Moderate at QO")),
            ("major", _("Major at QO")),
        ):
            form.addRow(title, self._spin(f"thresholds.{key}", -99, 99, TIPS[key]))
        self.steps_hint = hint_label("", "steps_by_qo")
        form.addRow("", self.steps_hint)
        return box

    def _momentum_box(self) -> QGroupBox:
        box = QGroupBox(_("Thematic Momentum"))
        box.setToolTip(TIPS["momentum"])
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow(_("Points"), self._spin("momentum", 0, 999, TIPS["momentum"]))
        row = QHBoxLayout()
        gain = QPushButton(_("Gain 1"), objectName="gain_momentum")
        gain.clicked.connect(lambda: self._step(gain_momentum, _("Gain momentum")))
        spend = QPushButton(_("Spend 1"), objectName="spend_momentum")
        spend.setToolTip(_("Spend a point to add 1 to an action's Amp."))
        spend.clicked.connect(lambda: self._step(spend_momentum, _("Spend momentum")))
        row.addWidget(gain)
        row.addWidget(spend)
        row.addStretch(1)
        form.addRow("", row)
        return box

    def _misfortune_box(self) -> QGroupBox:
        box = QGroupBox(_("Compounding misfortune"))
        box.setToolTip(TIPS["misfortune"])
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow(
            _("Negative rolls in a row"), self._spin("misfortune", 0, 999, TIPS["misfortune"])
        )
        form.addRow(_("Consequences owed"), self._spin("misfortune_owed", 0, 999, TIPS["owed"]))
        self.dice = QSpinBox(objectName="roll_dice")
        self.dice.setRange(-4, 4)
        self.dice.setMinimumWidth(60)
        self.dice.setToolTip(TIPS["record"])
        record = QPushButton(_("Record roll"), objectName="record_roll")
        record.clicked.connect(self.record)
        end = QPushButton(_("End streak"), objectName="end_streak")
        end.setToolTip(_("A different major action done, or the scene is over."))
        end.clicked.connect(lambda: self._step(end_streak, _("End misfortune streak")))
        row = QHBoxLayout()
        row.addWidget(self.dice)
        row.addWidget(record)
        row.addWidget(end)
        form.addRow(tipped(QLabel(_("4dF of the roll")), TIPS["record"]), row)
        self.pay = QPushButton(_("Lose 1 momentum"), objectName="pay_momentum")
        self.pay.clicked.connect(
            lambda: self._step(
                lambda s: settle_misfortune(s, "momentum"), _("Misfortune: momentum")
            )
        )
        self.mishap = QPushButton(_("Take a mishap"), objectName="take_mishap")
        self.mishap.clicked.connect(
            lambda: self._step(lambda s: settle_misfortune(s, "mishap"), _("Misfortune: mishap"))
        )
        row = QHBoxLayout()
        row.addWidget(self.pay)
        row.addWidget(self.mishap)
        row.addStretch(1)
        form.addRow(tipped(QLabel(_("Settle one")), TIPS["owed"]), row)
        return box

    # --- acting -------------------------------------------------------------------------------

    def _step(self, step: Callable[[AmplitudeSheet], AmplitudeSheet], text: str) -> bool:
        try:
            changed = step(self.sheet)
        except RequestError as exc:
            self.message.setText(_("Not done: {exc}.").format(exc=exc))
            return False
        self.message.setText("")
        self.document.replace(changed, text)
        return True

    def apply_hit(self) -> None:
        result = self.outcome.currentData()
        before = WOUND_LABELS[self.sheet.wound]
        if self._step(
            lambda s: take_hit(s, result),
            _("Hit: {currentText}").format(currentText=self.outcome.currentText()),
        ):
            after = WOUND_LABELS[self.sheet.wound]
            self.message.setText(f"{self.outcome.currentText()}: {before} → {after}.")

    def apply_recovery(self) -> None:
        kind = self.recovery_kind.currentData()
        result = self.recovery_outcome.currentData()
        before = WOUND_LABELS[self.sheet.wound]
        text = _("Recovery: {currentText}").format(currentText=self.recovery_outcome.currentText())
        if self._step(lambda s: recover(s, kind, result), text):
            after = WOUND_LABELS[self.sheet.wound]
            self.message.setText(f"{self.recovery_outcome.currentText()}: {before} → {after}.")

    def record(self) -> None:
        dice = self.dice.value()
        owed = False

        def step(sheet: AmplitudeSheet) -> AmplitudeSheet:
            nonlocal owed
            sheet, owed = record_roll(sheet, dice)
            return sheet

        if self._step(step, _("Record 4dF {dice:+d}").format(dice=dice)) and owed:
            self.message.setText(
                _("Two negative rolls in a row: lose 1 momentum or take a minor mishap.")
            )

    # --- showing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        f = self.figures()
        wound = f.wound
        for key, label in self.step_labels.items():
            label.setStyleSheet(CURRENT if key == wound.level else OTHER)
        if wound.penalty is None:
            status = _("{label}: cannot act.").format(label=wound.label)
        else:
            status = _("{label}: {penalty:+d} to every Player's Total Roll.").format(
                label=wound.label, penalty=wound.penalty
            )
        if wound.action_check_required:
            check = f.action_check
            status += _(
                " Significant actions need an Amp {amp} check reaching QO "
                "{needed} first ({chance}% with the -4)."
            ).format(
                amp=check.amp, needed=check.needed, chance=number(check.chance * 100, places=1)
            )
        self.status.setText(status)
        self.action_check.setVisible(wound.action_check_required)
        self.steps_hint.setText(_steps_text(f.steps_by_qo))
        self._show_preview()
        owed = f.misfortune.owed > 0
        self.pay.setEnabled(owed and f.momentum > 0)
        self.mishap.setEnabled(owed)

    def _heal_suffix(self, steps: int) -> None:
        """The unit after the number, in the form the number takes."""
        # Translators: the unit after a number in a box, with its leading space.
        self.heal_steps.setSuffix(ngettext(" step", " steps", steps))

    def _show_preview(self) -> None:
        result = self.outcome.currentData()
        if result is None:
            return
        figures = self.figures()
        after = figures.after_hit[result]
        self.preview.setText(
            _("This hit would leave: {WOUND_LABELS}").format(WOUND_LABELS=WOUND_LABELS[after])
        )
        self.chip.setText(result)
        self.chip.setStyleSheet(chip_style(result))
        healed = figures.after_recovery.get(self.recovery_kind.currentData(), {})
        recovered = healed.get(self.recovery_outcome.currentData())
        self.recovery_preview.setText(
            _("A killed character does not heal.")
            if recovered is None
            else _("This recovery would leave: {WOUND_LABELS}").format(
                WOUND_LABELS=WOUND_LABELS[recovered]
            )
        )


def _steps_text(steps_by_qo: dict[str, int]) -> str:
    """ "QO 1-3: 1 step · 4-7: 2 · 8-10: 3" from the per-QO steps."""
    runs: list[tuple[int, int, int]] = []
    for qo_text, steps in steps_by_qo.items():
        qo = int(qo_text)
        if runs and runs[-1][2] == steps:
            runs[-1] = (runs[-1][0], qo, steps)
        else:
            runs.append((qo, qo, steps))
    parts = [
        _("QO {low}{value}: ").format(low=low, value='' if low == high else f'-{high}')
        + counted(steps, "{n} step", "{n} steps")
        for low, high, steps in runs
    ]
    return " · ".join(parts) + _(" · U: incapacitated · K: killed")
