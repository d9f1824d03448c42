"""The Alternity wizard's durability page: tracks, the action check, actions a round, last
resort points and stored skill points, each default shown beside the box that overrides it."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
)

from sheetapp.i18n import _
from sheetapp.systems.alternity.derived import sheet_action_check
from sheetapp.systems.alternity.names import Ability, Track, label
from sheetapp.systems.alternity.scores import actions_per_round, durability, last_resort_maximum
from sheetapp.ui.alternity.wizard_pages import Host, Snapshot
from sheetapp.ui.labels import figure_label
from sheetapp.ui.wizard.steps import (
    StepPage,
    chain_tab_order,
    keep_narrow,
    optional_box,
    optional_value,
    spin_box,
)


class DurabilityPage(StepPage):
    """Durability tracks, the action check, actions per round and last resort points."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Durability and action check"),
            _("A new hero's figures, as the published game usually sets them: stun and wound "
            "boxes equal Constitution, mortal and fatigue half of it rounded up; the action "
            "check is half of Dexterity plus Intelligence, rounded up; Constitution plus Will "
            "gives the actions a round. The most last resort points a hero holds is taken as "
            "Personality's resistance modifier, at least 1. Where your game master rules "
            "otherwise, enter the figure."),
        )
        choices = host.choices
        row = QHBoxLayout()
        tracks = QGroupBox(_("Durability (boxes)"), objectName="durability")
        grid = QGridLayout(tracks)
        self.defaults: dict[Track, QLabel] = {}
        self.overrides: dict[Track, QSpinBox] = {}
        letters = {
            "stun": _("S&tun"),
            "wound": _("&Wound"),
            "mortal": _("&Mortal"),
            "fatigue": _("F&atigue"),
        }
        for r, track in enumerate(Track):
            box = optional_box(
                f"durability_{track.value}",
                99,
                _("Boxes on the {track} track when the game master sets another number.").format(
                    track=label(track)
                ),
                # Translators: shown in a number box the game master left unset.
                _("default"),
                choices.durability.get(track),
            )
            box.valueChanged.connect(self._changed)
            name = QLabel(_("{field}:").format(field=letters[track.value]))
            name.setBuddy(box)
            default = figure_label(f"durability_default_{track.value}", _("From Constitution."))
            grid.addWidget(name, r, 0)
            grid.addWidget(default, r, 1)
            grid.addWidget(box, r, 2)
            self.defaults[track] = default
            self.overrides[track] = box
            self.mark(f"durability.{track.value}", box)
        self.dazed = QCheckBox(_("Optional &dazed rule for stun and wound"), objectName="dazed")
        self.dazed.setToolTip(
            _("Past half the stun or wound boxes a hero takes one step of penalty on every check.")
        )
        self.dazed.setChecked(choices.settings.optional_dazed)
        self.dazed.toggled.connect(self._changed)
        grid.addWidget(self.dazed, len(Track), 0, 1, 3)
        row.addWidget(tracks)
        actions = QGroupBox(_("Action check and last resorts"), objectName="action_check")
        form = QFormLayout(actions)
        self.check = figure_label("action_check_figure", _("Ordinary, Good, Amazing, Marginal."))
        form.addRow(_("Action check:"), self.check)
        self.check_bonus = spin_box("action_check_bonus", 9, _("A profession's or perk's bonus."))
        self.check_bonus.setPrefix("+")
        self.check_bonus.setValue(choices.action_check_bonus)
        self.check_bonus.valueChanged.connect(self._changed)
        form.addRow(_("Action check b&onus:"), self.check_bonus)
        self.actions_default, self.actions = self._default_and_override(
            form,
            ("actions_per_round", 9, _("Actions a round if the game master sets another.")),
            ("actions_default", _("From Constitution plus Will.")),
            (_("Actions a round:"), _("Actions a round (&GM):")),
            choices.actions_per_round,
        )
        self.resort_default, self.resort_max = self._default_and_override(
            form,
            ("last_resorts_max", 99, _("The most last resort points the hero may hold.")),
            ("last_resorts_default", _("From Personality.")),
            (_("Last resort maximum:"), _("Last resort ma&ximum (GM):")),
            choices.last_resorts_max,
        )
        self.resorts = optional_box(
            "last_resorts",
            99,
            _("Last resort points the hero starts with."),
            _("the maximum"),
            choices.last_resorts,
        )
        self.resorts.valueChanged.connect(self._changed)
        form.addRow(_("&Last resorts held:"), self.resorts)
        self.skill_points = spin_box(
            "skill_points", 999, _("Skill points kept for later: they buy skills or last resorts.")
        )
        self.skill_points.setValue(choices.skill_points)
        self.skill_points.valueChanged.connect(self._changed)
        form.addRow(_("Stored s&kill points:"), self.skill_points)
        self.price = optional_box(
            "last_resort_cost",
            99,
            _("Skill points one last resort point costs, as your game master sets it."),
            _("not set"),
        )
        self.price.setMinimum(0)  # the model's price starts at 1: 0 is "not set"
        if choices.last_resort_cost is not None:
            self.price.setValue(choices.last_resort_cost)
        self.price.valueChanged.connect(self._changed)
        form.addRow(_("Last resort p&rice (GM):"), self.price)
        keep_narrow(
            self.check_bonus,
            self.actions,
            self.resort_max,
            self.resorts,
            self.skill_points,
            self.price,
        )
        row.addWidget(actions, 1)
        self.body.addLayout(row)
        self.body.addStretch(1)
        self.mark("last_resorts", self.resorts)
        chain_tab_order(
            [
                *self.overrides.values(),
                self.dazed,
                self.check_bonus,
                self.actions,
                self.resort_max,
                self.resorts,
                self.skill_points,
                self.price,
            ]
        )

    def prefixes(self) -> tuple[str, ...]:
        return (
            "durability",
            "damage",
            "action_check_bonus",
            "actions_per_round",
            "last_resorts",
            "last_resorts_max",
            "skill_points",
            "last_resort_cost",
            "level",
        )

    def _default_and_override(
        self,
        form: QFormLayout,
        box: tuple[str, int, str],
        default: tuple[str, str],
        labels: tuple[str, str],
        value: int | None,
    ) -> tuple[QLabel, QSpinBox]:
        """A figure's rules default beside the box where the GM may set another: two rows,
        "Name:" with the default and "Name (GM):" with the box ("default" when unset)."""
        name, maximum, tip = box
        override = optional_box(name, maximum, tip, _("default"), value)
        override.valueChanged.connect(self._changed)
        shown = figure_label(*default)
        form.addRow(labels[0], shown)
        form.addRow(labels[1], override)
        return shown, override

    def _changed(self) -> None:
        choices = self.host.choices
        choices.durability = {
            t: n for t, box in self.overrides.items() if (n := optional_value(box)) is not None
        }
        choices.settings = choices.settings.model_copy(
            update={"optional_dazed": self.dazed.isChecked()}
        )
        choices.action_check_bonus = self.check_bonus.value()
        choices.actions_per_round = optional_value(self.actions)
        choices.last_resorts_max = optional_value(self.resort_max)
        choices.last_resorts = optional_value(self.resorts)
        choices.skill_points = self.skill_points.value()
        choices.last_resort_cost = optional_value(self.price)
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        sheet = snapshot.sheet
        scores = sheet.abilities
        defaults = durability(scores.get(Ability.CONSTITUTION, 0))
        for track, shown in self.defaults.items():
            shown.setText(_("{default} from Constitution").format(default=defaults[track]))
        check = sheet_action_check(sheet)
        self.check.setText(
            "–"
            if check is None
            else _("{ordinary} / {good} / {amazing}, marginal {marginal}+").format(
                ordinary=check.ordinary,
                good=check.good,
                amazing=check.amazing,
                marginal=check.marginal,
            )
        )
        self.actions_default.setText(
            str(actions_per_round(scores.get(Ability.CONSTITUTION, 0), scores.get(Ability.WILL, 0)))
        )
        self.resort_default.setText(str(last_resort_maximum(scores.get(Ability.PERSONALITY, 0))))
