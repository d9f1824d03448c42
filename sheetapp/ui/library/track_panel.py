"""One combatant's damage tracks at the table: what is left of each, with quick damage and
healing buttons (1, 5, or the amount typed). The panel only shows and asks; the table-play
layer applies the system's rules (where a hit lands, what an empty track means).

Nothing here moves under the mouse: the tracks sit in a scroll area of their own, a
damage button's row is updated in place when the same tracks are shown again (the button
just clicked keeps its place and the focus), and the one-line texts (the combatant, what
the last hit did) elide rather than widen the panel.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.play.damage import TrackState
from sheetapp.play.support import Choice
from sheetapp.ui.elided_label import ElidedLabel
from sheetapp.ui.fitting_combo import FittingCombo
from sheetapp.ui.theme import set_tone

QUICK = (1, 5)
MAX_AMOUNT = 999


def track_bar(state: TrackState) -> QProgressBar:
    """What is left of a track as a bar ("18 / 25"), as the Table and the Party view show it."""
    bar = QProgressBar(objectName=f"track_{state.key}")
    bar.setMinimumWidth(120)
    show_on_bar(bar, state)
    bar.setTextVisible(True)
    return bar


def show_on_bar(bar: QProgressBar, state: TrackState) -> None:
    bar.setRange(state.minimum, max(state.maximum, state.minimum + 1))
    bar.setValue(state.current)
    bar.setFormat(f"{state.current} / {state.maximum}")
    bar.setToolTip(
        _("{label}: {taken} taken of {maximum}").format(
            label=state.label, taken=state.taken, maximum=state.maximum
        )
    )


def fitted(button: QPushButton, *texts: str) -> QPushButton:
    """``button`` exactly as wide as its widest text needs, so no style clips it and no
    longer text elsewhere moves it."""
    metrics = button.fontMetrics()
    button.setFixedWidth(max(metrics.horizontalAdvance(t) for t in texts) + 24)
    return button


class TrackPanel(QWidget):
    hurt_requested = Signal(str, int)  # track key, amount
    heal_requested = Signal(str, int)
    result_requested = Signal(str, str)  # track key, one of the system's named results
    recover_requested = Signal()
    open_requested = Signal()
    character_requested = Signal(int)  # index of the sheet's character played at the table
    attack_requested = Signal(int, int, int, str)  # roll, chance, lethality, target area

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("track_panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(self._title_row())
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(4)
        self.grid.setVerticalSpacing(4)
        body = QWidget(objectName="track_rows")
        rows = QVBoxLayout(body)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addLayout(self.grid)
        self.rows_area = QScrollArea(objectName="track_rows_area")
        self.rows_area.setWidgetResizable(True)
        self.rows_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.rows_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rows_area.setWidget(body)
        # As tall as the tracks, shorter (scrolling) only when the dock is: the amount and
        # attack row stay right under the tracks.
        self.rows_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout.addWidget(self.rows_area)
        layout.addLayout(self._amount_row())
        self.result = ElidedLabel(objectName="hit_result")
        self.result.setProperty("role", "hint")
        layout.addWidget(self.result)
        layout.addStretch(1)
        self._rows: list[QWidget] = []
        self._shown: tuple[tuple[str, bool], ...] = ()  # the tracks the rows show (key, mark)
        self._bars: dict[str, QProgressBar] = {}
        self._marks: dict[str, QCheckBox] = {}
        self._buttons: list[QPushButton] = []
        self._unit = "points"
        self.show_nothing(_("Select a combatant to see their damage tracks."))

    def _title_row(self) -> QHBoxLayout:
        top = QHBoxLayout()
        self.title = ElidedLabel(objectName="combatant_name")
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.title.setFont(font)
        top.addWidget(self.title, 2)
        self.condition = ElidedLabel(objectName="combatant_condition")
        self.condition.setProperty("role", "alarm")
        set_tone(self.condition, "error")
        top.addWidget(self.condition, 1)
        self.character_label = QLabel(_("Playing as:"))
        top.addWidget(self.character_label)
        self.character = FittingCombo(12, objectName="table_character")
        self.character.setToolTip(
            _(
                "The sheet holds several active characters (one per universe): the one in this "
                "fight, whose initiative, Psyche and damage the table uses"
            )
        )
        self.character.activated.connect(
            lambda _i: self.character_requested.emit(self.character.currentData())
        )
        top.addWidget(self.character)
        self._character_widgets: list[QWidget] = [self.character_label, self.character]
        self.recover = fitted(QPushButton(_("Recover All"), objectName="recover"), _("Recover All"))
        self.recover.setToolTip(_("Every track back to its maximum (after a long rest)"))
        self.recover.clicked.connect(self.recover_requested)
        top.addWidget(self.recover)
        self.open_sheet = fitted(
            QPushButton(_("Open Sheet"), objectName="open_sheet"), _("Open Sheet")
        )
        self.open_sheet.setToolTip(_("Open this combatant's sheet in a tab"))
        self.open_sheet.clicked.connect(self.open_requested)
        top.addWidget(self.open_sheet)
        return top

    def _amount_row(self) -> QHBoxLayout:
        """n for the −n and +n buttons, then the system's way of landing a hit by the rules:
        an attack roll read against the target area (Amazing Engine) or one of its named
        hit results (Amplitude, Forgotten Futures); the two never come together."""
        row = QHBoxLayout()
        amount_label = QLabel("n =")
        amount_label.setToolTip(_("The amount the −n and +n buttons use"))
        row.addWidget(amount_label)
        self.amount = QSpinBox(objectName="custom_amount")
        self.amount.setRange(1, MAX_AMOUNT)
        self.amount.setValue(3)
        self.amount.setToolTip(_("The amount the −n and +n buttons use"))
        amount_label.setBuddy(self.amount)
        row.addWidget(self.amount)
        row.addSpacing(12)
        self._attack_widgets = self._attack_row(row)
        self._results_widgets = self._results_row(row)
        row.addStretch(1)
        return row

    def _results_row(self, row: QHBoxLayout) -> list[QWidget]:
        self.results_label = QLabel(_("Hit result:"))
        row.addWidget(self.results_label)
        self.result_choice = QComboBox(objectName="result_choice")
        self.result_choice.setToolTip(_("One of the system's named hit results"))
        row.addWidget(self.result_choice, 1)
        self.result_target = QComboBox(objectName="result_track")
        self.result_target.setToolTip(_("The track the hit is aimed at"))
        row.addWidget(self.result_target, 1)
        self.apply_result = fitted(QPushButton(_("Apply"), objectName="apply_result"), _("Apply"))
        self.apply_result.setToolTip(_("Land the named result as the rules say"))
        self.apply_result.clicked.connect(
            lambda _c=False: self.result_requested.emit(
                self.result_target.currentData(), self.result_choice.currentData()
            )
        )
        row.addWidget(self.apply_result)
        return [self.results_label, self.result_choice, self.result_target, self.apply_result]

    def _attack_row(self, row: QHBoxLayout) -> list[QWidget]:
        """The attack roll read by the rules: the d100 roll, the attacker's chance for the
        area, the weapon's lethality and the area; the damage is n."""
        self.attack_label = QLabel(_("Attack:"))
        row.addWidget(self.attack_label)
        self.attack_roll = self._number(
            "attack_roll", 1, 100, 50, _("The attacker's d100 roll"), _("roll ")
        )
        self.attack_chance = self._number(
            "attack_chance",
            0,
            300,
            50,
            _(
                "The attacker's chance for the target area (Reflexes, "
                "half for non-vital, a tenth for vital, with modifiers)"
            ),
            _("chance "),
        )
        self.attack_lethality = self._number(
            "attack_lethality",
            1,
            10,
            3,
            _("The weapon's lethality; the area shifts it"),
            _("lethality "),
        )
        self.attack_area = QComboBox(objectName="attack_area")
        self.attack_area.setToolTip(
            _(
                "The target area the attacker chose; beyond the sighting range (50 yards) only "
                "general"
            )
        )
        self.attack_button = fitted(
            QPushButton(_("Resolve"), objectName="resolve_attack"), _("Resolve")
        )
        self.attack_button.setToolTip(
            _(
                "A hit whose ones digit (a 0 counts 10) is at most the lethality for the area "
                "takes n from body, any other hit n from stamina; 95-00 always misses"
            )
        )
        self.attack_button.clicked.connect(
            lambda _c=False: self.attack_requested.emit(
                self.attack_roll.value(),
                self.attack_chance.value(),
                self.attack_lethality.value(),
                self.attack_area.currentData(),
            )
        )
        for widget in (self.attack_roll, self.attack_chance, self.attack_lethality):
            row.addWidget(widget)
        row.addWidget(self.attack_area, 1)
        row.addWidget(self.attack_button)
        return [
            self.attack_label,
            self.attack_roll,
            self.attack_chance,
            self.attack_lethality,
            self.attack_area,
            self.attack_button,
        ]

    @staticmethod
    def _number(name: str, low: int, high: int, value: int, tip: str, prefix: str) -> QSpinBox:
        spin = QSpinBox(objectName=name)
        spin.setPrefix(prefix)
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setToolTip(tip)
        return spin

    def show_characters(self, choices: Sequence[tuple[int, str]], current: int | None) -> None:
        """Offer the sheet's active characters when it has several; ``current`` is chosen
        (None: the first, which the table plays by default)."""
        self.character.clear()
        for index, name in choices:
            self.character.addItem(name, index)
        position = self.character.findData(current) if current is not None else 0
        self.character.setCurrentIndex(max(position, 0))
        for widget in self._character_widgets:
            widget.setVisible(bool(choices))

    def show_attack(self, areas: Sequence[Choice], *, writable: bool) -> None:
        """The attack row, for a system whose rules read where an attack lands."""
        self.attack_area.clear()
        for area in areas:
            self.attack_area.addItem(area.label, area.id)
        for widget in self._attack_widgets:
            widget.setVisible(bool(areas))
            widget.setEnabled(writable)

    def show_nothing(self, text: str) -> None:
        self._clear()
        self.title.setText("")
        self.condition.setText("")
        self.result.setText(text)
        for widget in (self.amount, self.recover, self.open_sheet):
            widget.setEnabled(False)
        for widget in (*self._results_widgets, *self._character_widgets, *self._attack_widgets):
            widget.hide()

    def show_tracks(
        self,
        name: str,
        states: Sequence[TrackState],
        condition: str,
        *,
        writable: bool,
        unit: str = "points",
        results: Sequence[Choice] = (),
        marks: Collection[str] = (),
    ) -> None:
        """``unit`` is what an amount of damage counts; ``results`` the system's named hit
        results, offered beside the amounts; ``marks`` the keys of one-box marks the table
        keeps (knocked out, killed), shown as check boxes. The same tracks shown again
        (after a hit) are updated where they stand."""
        shown = tuple((s.key, s.key in marks) for s in states)
        if shown != self._shown or unit != self._unit:
            self._clear()
            self._unit = unit
            for row, state in enumerate(states):
                if state.key in marks:
                    self._add_mark(row, state)
                else:
                    self._add_row(row, state)
            self._shown = shown
        self._update_rows(states, writable)
        self.title.setText(name)
        self.condition.setText(condition)
        self.result.setText("" if states else _("This sheet's system gives it no damage tracks."))
        for widget in (self.amount, self.recover):
            widget.setEnabled(writable and bool(states))
        self.open_sheet.setEnabled(True)
        self.result_choice.clear()
        self.result_target.clear()
        for choice in results:
            self.result_choice.addItem(f"{choice.id}: {choice.label}", choice.id)
        for state in states:
            if state.key not in marks:
                self.result_target.addItem(state.label, state.key)
        for widget in self._results_widgets:
            widget.setVisible(bool(results))
            widget.setEnabled(writable)

    def show_result(self, text: str) -> None:
        from sheetapp.ui.announce import announce  # what the hit did, said where it shows

        self.result.setText(text)
        announce(self.result, text)

    def _update_rows(self, states: Sequence[TrackState], writable: bool) -> None:
        for state in states:
            if state.key in self._bars:
                show_on_bar(self._bars[state.key], state)
            elif state.key in self._marks:
                box = self._marks[state.key]
                box.blockSignals(True)
                box.setChecked(state.taken > 0)
                box.blockSignals(False)
                box.setEnabled(writable)
        for button in self._buttons:
            button.setEnabled(writable)

    def _add_row(self, row: int, state: TrackState) -> None:
        label = QLabel(state.label)
        bar = track_bar(state)
        self._bars[state.key] = bar
        widgets: list[QWidget] = [label, bar]
        for sign, signal, verb in (
            ("−", self.hurt_requested, _("Take")),
            ("+", self.heal_requested, _("Heal")),
        ):
            for amount in (*QUICK, None):
                text = f"{sign}{amount if amount else 'n'}"
                kind = "hurt" if sign == "−" else "heal"
                button = QPushButton(text, objectName=f"{kind}_{state.key}_{amount or 'n'}")
                fitted(button, "−5", "+n", "−n")
                what = (
                    f"{amount} {self._unit}"
                    if amount
                    else _("n {unit} (n below)").format(unit=self._unit)
                )
                where = _("; the rules decide where it lands")
                button.setToolTip(
                    _("{verb} {what} on {label}{value}").format(
                        verb=verb, what=what, label=state.label, value=where * (kind == "hurt")
                    )
                )
                button.clicked.connect(
                    lambda _c=False, k=state.key, a=amount, s=signal: s.emit(
                        k, a or self.amount.value()
                    )
                )
                widgets.append(button)
                self._buttons.append(button)
        for column, widget in enumerate(widgets):
            self.grid.addWidget(widget, row, column)
        self.grid.setColumnStretch(1, 1)
        self._rows += widgets

    def _add_mark(self, row: int, state: TrackState) -> None:
        """A one-box mark the table keeps (knocked out, killed): ticked when taken."""
        box = QCheckBox(state.label, objectName=f"mark_{state.key}")
        box.setToolTip(
            _("Tick when the character is {lower}; untick to clear it").format(
                lower=state.label.lower()
            )
        )
        box.toggled.connect(
            lambda on, k=state.key: (self.hurt_requested if on else self.heal_requested).emit(k, 1)
        )
        self._marks[state.key] = box
        self.grid.addWidget(box, row, 0, 1, 2)
        self._rows.append(box)

    def _clear(self) -> None:
        for widget in self._rows:
            self.grid.removeWidget(widget)
            widget.setParent(None)  # gone from the panel now, not at the next event loop
            widget.deleteLater()
        self._rows, self._buttons, self._shown = [], [], ()
        self._bars, self._marks = {}, {}
        self.result.setText("")
