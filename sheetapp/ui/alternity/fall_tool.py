"""The impact table at the table: the distance fallen, the Acrobatics-fall result and any
high-risk parachute jump, read as the damage to roll and the track it goes on."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QWidget

from sheetapp.i18n import N_, _
from sheetapp.systems.alternity.impact import (
    GRADES,
    IMPACT,
    MARGINAL,
    Impact,
    impact_damage,
    parachute_grade,
)
from sheetapp.systems.alternity.names import LABELS, Degree, Track, label
from sheetapp.ui.labels import hint_label

# What the impact table's cell says to do, a whole sentence per track (a track's name put
# into one sentence would read "Wunde-Schaden" or keep the track's key).
IMPACT_TEXTS = {
    Track.STUN: (
        N_("Impact: take {dice} stun damage."),
        N_("Impact: roll {dice} and take it as stun damage."),
    ),
    Track.WOUND: (
        N_("Impact: take {dice} wound damage."),
        N_("Impact: roll {dice} and take it as wound damage."),
    ),
    Track.MORTAL: (
        N_("Impact: take {dice} mortal damage."),
        N_("Impact: roll {dice} and take it as mortal damage."),
    ),
}

IMPACT_ROWS = {d.value: LABELS.marked(d) for d in Degree} | {MARGINAL: N_("Marginal")}


class FallTool(QWidget):
    """Three choices and the damage they read; ``track_chosen`` names the track (stun,
    wound or mortal) when a choice changes and the fall does harm."""

    track_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.grade = QComboBox(objectName="fall_grade")
        for key, name, _unused in GRADES:
            self.grade.addItem(_("Fall: {grade}").format(grade=_(name)), key)
        self.grade.setToolTip(
            _(
                "Impact table: the distance fallen (or a collision: under 20 kph extremely short, "
                "to 60 short, to 120 medium, to 300 long, faster terminal). One grade shorter on "
                "a light-gravity world, one longer on a heavy one."
            )
        )
        self.row = QComboBox(objectName="fall_row")
        for key in IMPACT:
            self.row.addItem(_(IMPACT_ROWS.get(key, key)), key)
        self.row.setToolTip(
            _(
                "The degree of the Acrobatics-fall check (a Dexterity feat check without the "
                "specialty). The table's Marginal row lies between Failure and Ordinary; the "
                "game master decides when it applies."
            )
        )
        self.chute = QComboBox(objectName="fall_chute")
        self.chute.addItem(_("No parachute"), "")
        for degree in Degree:
            self.chute.addItem(
                _("High-risk jump: {degree}").format(degree=label(degree)), degree.value
            )
        self.chute.setToolTip(
            _(
                "A high-risk parachute jump (night, low, bad weather, untrained) rolls "
                "Acrobatics-daredevil first: a critical failure falls the whole distance, a "
                "failure lands as a short fall, an ordinary result as an extremely short one, "
                "better lands unhurt. The Acrobatics-fall check is then read as usual."
            )
        )
        self.result = hint_label("", "fall_result")
        for combo in (self.grade, self.row, self.chute):
            combo.currentIndexChanged.connect(self._changed)
        grid.addWidget(self.grade, 0, 0)
        grid.addWidget(self.row, 0, 1)
        grid.addWidget(self.chute, 1, 0)
        grid.addWidget(self.result, 2, 0, 1, 2)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 1)
        self.show_impact()

    def show_impact(self) -> Impact | None:
        """The impact table's cell for the choices, in words."""
        grade = self.grade.currentData()
        if self.chute.currentData():
            grade = parachute_grade(Degree(self.chute.currentData()), grade)
            if grade is None:
                self.result.setText(_("Parachute: a landing without injury."))
                return None
        impact = impact_damage(self.row.currentData(), grade)
        if impact is None:
            self.result.setText(_("Impact: no damage."))
            return None
        taken, rolled = IMPACT_TEXTS[impact.track]
        self.result.setText(_(taken if impact.dice.isdigit() else rolled).format(dice=impact.dice))
        return impact

    def _changed(self) -> None:
        impact = self.show_impact()
        if impact is not None:
            self.track_chosen.emit(impact.track.value)
