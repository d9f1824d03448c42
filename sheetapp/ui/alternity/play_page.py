"""Play at the table: the durability tracks, taking damage and the results of checks,
the situation die stepper with exact odds, and last resort points."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _, ngettext, pgettext
from sheetapp.locale_format import number
from sheetapp.systems.alternity.figures import SurpriseFigures, sheet_figures
from sheetapp.systems.alternity.last_resort import SpendError
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.modifiers import common_modifiers
from sheetapp.systems.alternity.names import LABELS, Degree, Track, label
from sheetapp.systems.alternity.play import (
    CHECKS,
    PlannedCheck,
    check_options,
    check_result,
    heal_track,
    is_free_agent,
    plan_check,
    scene_ends,
    spend_outcome,
    take_damage,
)
from sheetapp.systems.alternity.rolls import SituationCheck
from sheetapp.systems.alternity.situation import DIFFICULTIES
from sheetapp.ui.alternity.common import HeroTab
from sheetapp.ui.alternity.fall_tool import FallTool
from sheetapp.ui.alternity.tracks_view import TracksView
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import figure_label, hint_label, tipped
from sheetapp.ui.page_layout import fill, scrolled, two_columns
from sheetapp.ui.roll_buttons import send_roll

DAMAGE_KINDS = [(LABELS.marked(t), t.value) for t in Track] + [(N_("Suffocation"), "suffocation")]
DEGREES = [(LABELS.marked(d), d.value) for d in Degree]
OTHER = -1  # the check list's entry for a score typed in


def _tenths(chance: float) -> str:
    """A chance as a percentage to a tenth, with the reader's decimal sign: "12,5"."""
    return number(chance * 100, places=1)


def surprise_text(surprise: SurpriseFigures | None) -> str:
    """The chance of not being surprised, unprepared and prepared."""
    if surprise is None:
        return _("Surprise: set Will (or add Awareness) to see the check.")
    text = _("Not surprised: {unprepared_chance:.0%} ({unprepared})").format(
        unprepared_chance=surprise.unprepared_chance, unprepared=surprise.unprepared
    )
    if surprise.prepared_chances:
        chances = " · ".join(f"{c:.0%}" for c in surprise.prepared_chances)
        text += _("; prepared, 1 to 3 steps better ({prepared}): {chances}").format(
            prepared=surprise.prepared, chances=chances
        )
    return text


class PlayPage(HeroTab):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(document, fields, parent)
        columns = two_columns(
            [self._tracks_box(fields), self._damage_box(), self._checks_box()],
            [self._stepper_box(), self._last_resort_box()],
        )
        fill(self, scrolled(columns, frame=False))
        self._options: list = []
        self.watch()

    # --- building -----------------------------------------------------------------------------

    def _tracks_box(self, fields: FieldRegistry) -> QGroupBox:
        box = QGroupBox(_("Durability"))
        box.setToolTip(_("The four damage tracks: tick a box for each point taken."))
        layout = QVBoxLayout(box)
        self.tracks = TracksView(self.document, fields)
        layout.addWidget(self.tracks)
        self.condition = figure_label(
            "condition",
            _("Dazed penalties add up and apply to every check: +1 past half the stun boxes and "
            "past half the wound boxes (optional rule), +1 per mortal and per fatigue box."),
            wrap=True,
        )
        layout.addWidget(self.condition)
        out = _("Unconscious (a failed breath check, exhaustion)")
        layout.addWidget(self.bind.check(("damage", "unconscious"), out))
        return box

    def _damage_box(self) -> QGroupBox:
        box = QGroupBox(_("Take damage"))
        box.setToolTip(_("Mark one attack's damage, or heal, by the rules for each track."))
        grid = QGridLayout(box)
        self.damage_kind = QComboBox(objectName="damage_kind")
        for text, value in DAMAGE_KINDS:
            self.damage_kind.addItem(_(text), value)
        self.damage_kind.setToolTip(
            _("One attack at a time: secondary and heavy damage count the points of one attack. "
            "Suffocation fills stun, then wound, then mortal, one for one.")
        )
        self.damage_points = QSpinBox(objectName="damage_points", minimum=0, maximum=99, value=1)
        take = QPushButton(_("Take damage"), objectName="take_damage")
        take.clicked.connect(self._take)
        grid.addWidget(self.damage_kind, 0, 0)
        grid.addWidget(self.damage_points, 0, 1)
        grid.addWidget(take, 0, 2)
        self.heal_kind = QComboBox(objectName="heal_kind")
        for track in Track:
            self.heal_kind.addItem(label(track), track.value)
        self.heal_points = QSpinBox(objectName="heal_points", minimum=0, maximum=99, value=1)
        heal = QPushButton(_("Heal"), objectName="heal")
        heal.setToolTip(_("Unmark boxes: first aid, treatment, rest or surgery, as the game goes."))
        heal.clicked.connect(self._heal)
        grid.addWidget(self.heal_kind, 1, 0)
        grid.addWidget(self.heal_points, 1, 1)
        grid.addWidget(heal, 1, 2)
        scene = QPushButton(_("Scene ends: stun fades"), objectName="scene_ends")
        scene.clicked.connect(
            lambda: self.document.replace(scene_ends(self.sheet), _("Scene ends"))
        )
        grid.addWidget(scene, 2, 0, 1, 3)
        self.fall = FallTool()
        self.fall.track_chosen.connect(
            lambda track: self.damage_kind.setCurrentIndex(self.damage_kind.findData(track))
        )
        grid.addWidget(self.fall, 3, 0, 1, 3)
        self.last_hit = hint_label("", "last_hit")
        grid.addWidget(self.last_hit, 4, 0, 1, 3)
        grid.setColumnStretch(0, 1)
        return box

    def _checks_box(self) -> QGroupBox:
        box = QGroupBox(_("Result of a check"))
        box.setToolTip(_("Apply what a check's degree does to the tracks."))
        grid = QGridLayout(box)
        self.check_kind = QComboBox(objectName="check_kind")
        for value, text in CHECKS:
            self.check_kind.addItem(_(text), value)
        self.check_kind.setToolTip(
            _("Breath: stun lost 4/3/2/1/0 from Critical Failure to Amazing; a failure knocks out. "
            "Dying: 2 or 1 more mortal on a (critical) failure. Fatiguing activity: 2 or 1 "
            "fatigue; each later check of the same activity takes one more step of penalty "
            "(tick its number under Series in the situation die list). Coming round: "
            "0/0/2/4/6 stun back. Rest: 0/1/2/3/4 fatigue back.")
        )
        self.check_degree = QComboBox(objectName="check_degree")
        for text, degree in DEGREES:
            self.check_degree.addItem(_(text), degree)
        apply = QPushButton(_("Apply"), objectName="apply_check")
        apply.clicked.connect(self._apply_check)
        grid.addWidget(self.check_kind, 0, 0, 1, 3)
        grid.addWidget(tipped(QLabel(_("came out")), _("The degree the check came out at.")), 1, 0)
        grid.addWidget(self.check_degree, 1, 1)
        grid.addWidget(apply, 1, 2)
        grid.setColumnStretch(1, 1)
        return box

    def _stepper_box(self) -> QGroupBox:
        box = QGroupBox(_("Situation die and odds"))
        box.setToolTip(_("The die a check rolls after its steps, and the odds of each degree."))
        layout = QVBoxLayout(box)
        form = QFormLayout()
        self.check_choice = QComboBox(objectName="check_choice")
        self.check_choice.setToolTip(
            _("What the hero rolls: a specialty (ability + rank, +d0); a broad skill alone for a "
            "specialty the hero lacks (the ability, +d4); an ability untrained (half, +d4).")
        )
        self.check_choice.currentIndexChanged.connect(self._choice_changed)
        form.addRow(_("Check"), self.check_choice)
        self.score = QSpinBox(objectName="stepper_score", minimum=0, maximum=99, value=10)
        self.score.setToolTip(_("The score to roll at or under; pick “Another score” to type one."))
        self.score.valueChanged.connect(self._update_odds)
        form.addRow(_("Score"), self.score)
        self.difficulty = QComboBox(objectName="difficulty")
        for name, steps in DIFFICULTIES:
            shown = _(name)
            self.difficulty.addItem(
                _("{name} ({steps:+d})").format(name=shown, steps=steps) if steps else shown, steps
            )
        self.difficulty.setCurrentIndex(self.difficulty.findData(0))
        self.difficulty.setToolTip(_("The game master's judgement of the task, in steps."))
        self.difficulty.currentIndexChanged.connect(self._update_odds)
        form.addRow(_("Difficulty"), self.difficulty)
        self.extra = QSpinBox(objectName="extra_steps", minimum=-20, maximum=40)
        self.extra.setToolTip(
            _("Other modifiers in steps: bonuses negative, penalties positive (range, cover, "
            "an opponent's resistance).")
        )
        self.extra.valueChanged.connect(self._update_odds)
        form.addRow(_("Other steps"), self.extra)
        layout.addLayout(form)
        self.modifiers = QListWidget(objectName="modifiers")
        self.modifiers.setMaximumHeight(96)
        for group, name, steps in common_modifiers():
            item = QListWidgetItem(
                _("{group}: {name} ({steps:+d})").format(group=group, name=name, steps=steps)
                if steps
                else _("{group}: {name}").format(group=group, name=name)
            )
            item.setData(Qt.ItemDataRole.UserRole, (name, steps))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.modifiers.addItem(item)
        self.modifiers.itemChanged.connect(self._update_odds)
        layout.addWidget(self.modifiers)
        self.die = figure_label(
            "stepper_die",
            _(
                "Steps from the base die: -d20 is the best there is; "
                "past +3d20 each step adds a d20."
            ),
            wrap=True,
        )
        layout.addWidget(self.die)
        self.odds = figure_label(
            "stepper_odds",
            _("Exact odds with a d20 control die: a 1 is at least Ordinary below +d20; a 20 is a "
            "Critical Failure whenever the check can fail at all."),
            wrap=True,
        )
        layout.addWidget(self.odds)
        self.surprise = figure_label(
            "surprise",
            _("At the start of a scene that may surprise: Awareness-intuition, or for a hero "
            "who prepared (time and focus) Awareness-perception with a bonus of 1 to 3 steps. "
            "Any success: not surprised. The surprised wait while everyone else acts once."),
            wrap=True,
        )
        layout.addWidget(self.surprise)
        roll = QPushButton(_("Roll this check"), objectName="roll_stepper")
        roll.setToolTip(
            _("Roll the d20 control die and the situation die shown, at or under the score; "
            "the degree goes to this sheet's dice log.")
        )
        roll.clicked.connect(self._roll)
        layout.addWidget(roll, 0, Qt.AlignmentFlag.AlignLeft)
        return box

    def _roll(self) -> None:
        index = self.check_choice.currentData()
        option = self._options[index] if index not in (None, OTHER) else None
        name = option.label if option else _("A check at {value}").format(value=self.score.value())
        check = SituationCheck(name, self.score.value(), self._plan().step)
        send_roll(self, self.sheet.name, check)

    def _last_resort_box(self) -> QGroupBox:
        box = QGroupBox(_("Last resort points"))
        box.setToolTip(_("Spend a point to change a check's degree by one grade."))
        grid = QGridLayout(box)
        self.resorts = figure_label(
            "resorts_left", _("Points left and the most the hero may hold (Hero page).")
        )
        grid.addWidget(self.resorts, 0, 0, 1, 4)
        self.spend_degree = QComboBox(objectName="spend_degree")
        for text, degree in DEGREES:
            self.spend_degree.addItem(_(text), degree)
        self.spend_way = QComboBox(objectName="spend_way")
        self.spend_way.addItem(_("raise (own check)"), False)
        self.spend_way.addItem(_("lower (opponent's)"), True)
        self.spend_points = QSpinBox(objectName="spend_points", minimum=1, maximum=1, value=1)
        self.spend_points.setToolTip(_("One point a check; a Free Agent may spend two."))
        spend = QPushButton(_("Spend"), objectName="spend")
        spend.clicked.connect(self._spend)
        grid.addWidget(self.spend_degree, 1, 0)
        grid.addWidget(self.spend_way, 1, 1)
        grid.addWidget(self.spend_points, 1, 2)
        grid.addWidget(spend, 1, 3)
        self.spend_result = hint_label("", "spend_result")
        grid.addWidget(self.spend_result, 2, 0, 1, 4)
        return box

    # --- acting -------------------------------------------------------------------------------

    def _take(self) -> None:
        kind = self.damage_kind.currentData()
        points = self.damage_points.value()
        track = kind if kind == "suffocation" else Track(kind)
        sheet, hit = take_damage(self.sheet, track, points)
        kind_name = self.damage_kind.currentText()  # the track's name as the list shows it
        marked = ", ".join(
            _("{n} {track}").format(n=n, track=label(t)) for t, n in hit.marked.items() if n
        )
        self.last_hit.setText(
            _("{points} {lower}: marked {value}").format(
                points=points, lower=kind_name, value=marked or _("nothing")
            )
            + (
                _("; {unabsorbed} past the last box").format(unabsorbed=hit.unabsorbed)
                if hit.unabsorbed
                else ""
            )
        )
        self.document.replace(
            sheet, _("Take {points} {track}").format(points=points, track=kind_name)
        )

    def _heal(self) -> None:
        track = Track(self.heal_kind.currentData())
        points = self.heal_points.value()
        self.document.replace(
            heal_track(self.sheet, track, points),
            _("Heal {points} {track}").format(points=points, track=label(track)),
        )

    def _apply_check(self) -> None:
        kind = self.check_kind.currentData()
        degree = Degree(self.check_degree.currentData())
        sheet = check_result(self.sheet, kind, degree)
        self.document.replace(sheet, f"{self.check_kind.currentText()}: {label(degree)}")

    def _spend(self) -> None:
        degree = Degree(self.spend_degree.currentData())
        try:
            sheet, after = spend_outcome(
                self.sheet,
                degree,
                self.spend_points.value(),
                hinder=bool(self.spend_way.currentData()),
            )
        except (SpendError, ValueError) as exc:
            self.spend_result.setText(_("Not allowed: {exc}.").format(exc=exc))
            return
        self.spend_result.setText(
            _("{label} becomes {label2}.").format(label=label(degree), label2=label(after))
        )
        self.document.replace(sheet, _("Spend a last resort point"))

    # --- the stepper --------------------------------------------------------------------------

    def _choice_changed(self) -> None:
        index = self.check_choice.currentData()
        custom = index is None or index == OTHER
        self.score.setEnabled(custom)
        if not custom:
            self.score.blockSignals(True)
            self.score.setValue(self._options[index].score)
            self.score.blockSignals(False)
        self._update_odds()

    def _plan(self) -> PlannedCheck:
        """The chosen check's die after the difficulty, the modifiers and the hero's state."""
        index = self.check_choice.currentData()
        option = self._options[index] if index not in (None, OTHER) else None
        base = option.step if option else 0
        modifiers = [(_("Difficulty"), self.difficulty.currentData() or 0)]
        modifiers.append((_("Other steps"), self.extra.value()))
        for row in range(self.modifiers.count()):
            item = self.modifiers.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                modifiers.append(item.data(Qt.ItemDataRole.UserRole))
        return plan_check(
            self.sheet, self.score.value(), base, option.ability if option else None, modifiers
        )

    def _update_odds(self) -> None:
        plan = self._plan()
        steps = ", ".join(f"{name} {n:+d}" for name, n in plan.parts[1:])
        self.die.setText(
            _("Roll d20 {die} at or under {value}").format(die=plan.die, value=self.score.value())
            + (
                _("  (base {base_die}; {steps})").format(base_die=plan.base_die, steps=steps)
                if steps
                else ""
            )
        )
        o = plan.odds.as_floats()
        success = o["ordinary"] + o["good"] + o["amazing"]
        self.odds.setText(
            _(
                "Amazing {o}% · Good {o2}% · Ordinary {o3}% · Failure "
                "{o4}% · Critical Failure {o5}%  —  success {success}%"
            ).format(
                o=_tenths(o["amazing"]),
                o2=_tenths(o["good"]),
                o3=_tenths(o["ordinary"]),
                o4=_tenths(o["failure"]),
                o5=_tenths(o["critical_failure"]),
                success=_tenths(success),
            )
        )

    def show_sheet(self, sheet: AlternitySheet) -> None:
        self.tracks.show_sheet(sheet)
        f = sheet_figures(sheet)
        state = f.condition
        words = []
        if state.dead:
            words.append(_("Dead."))
        elif state.knocked_out:
            why = [
                _("unconscious") if reason == "unconscious" else label(Track(reason))
                for reason in state.knocked_out
            ]
            words.append(
                _("Knocked out ({join}).").format(join=pgettext("list separator", ", ").join(why))
            )
        if state.dying and not state.dead:
            words.append(_("Dying: a Stamina-endurance check at the end of each scene."))
        if state.resolve_due:
            words.append(_("Fatigue full: a Resolve-physical resolve check or collapse."))
        if state.dazed_steps:
            parts = pgettext("list separator", ", ").join(
                _("{track} +{steps}").format(track=label(track), steps=n)
                for track, n in state.dazed.items()
            )
            steps = state.dazed_steps
            words.append(
                ngettext(
                    "Dazed: +{steps} step on every check ({parts}).",
                    "Dazed: +{steps} steps on every check ({parts}).",
                    steps,
                ).format(steps=steps, parts=parts)
            )
        hurt = any(f.damage[t.value] for t in Track)
        self.condition.setText(
            " ".join(words) or (_("Hurt, no penalty yet.") if hurt else _("Unhurt: no penalty."))
        )
        most = f.last_resorts.maximum
        self.resorts.setText(
            _("{current} left of {value}").format(
                current=f.last_resorts.current, value=most if most is not None else "–"
            )
        )
        self.spend_points.setMaximum(2 if is_free_agent(sheet) else 1)
        self.surprise.setText(surprise_text(f.surprise))
        self._fill_checks(sheet)
        self._update_odds()

    def _fill_checks(self, sheet: AlternitySheet) -> None:
        options = check_options(sheet)
        labels = [
            _("{check} ({score})").format(check=o.label, score=o.score) for o in options
        ] + [_("Another score")]
        current = [self.check_choice.itemText(i) for i in range(self.check_choice.count())]
        self._options = options
        if labels == current:
            return
        chosen = self.check_choice.currentText()
        self.check_choice.blockSignals(True)
        self.check_choice.clear()
        for i, text in enumerate(labels[:-1]):
            self.check_choice.addItem(text, i)
        self.check_choice.addItem(labels[-1], OTHER)
        found = self.check_choice.findText(chosen)
        self.check_choice.setCurrentIndex(found if found >= 0 else 0)
        self.check_choice.blockSignals(False)
        self._choice_changed()
