"""The hero: identity, abilities with resistance modifiers, the action check, durability
and last resort points with their overrides, and the house rules in force."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.last_resort import SpendError
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import PROFESSIONS, RESISTING, Ability, Track, label
from sheetapp.systems.alternity.play import buy_last_resort
from sheetapp.ui.alternity.common import HeroTab
from sheetapp.ui.alternity.species_field import SpeciesField, species_tip
from sheetapp.ui.binding import FieldRegistry, bind_combo
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import figure_label, hint_label, tipped
from sheetapp.ui.page_layout import fill, scrolled, two_columns

TIPS = TranslatedTable({
    "score": N_("The ability score; a human's are 4 to 14 and add up to 60 at creation "
    "(see House rules for another species)."),
    "resistance": N_("Resistance modifier: 4 or less −2, 5-6 −1, 7-10 0, 11-12 +1, 13-14 +2, then "
    "+1 per 2 points; it raises the step of attacks against the hero. Plus the bonus beside it."),
    "bonus": N_("A profession's or perk's bonus to this resistance modifier."),
    "untrained": N_("Untrained: half the ability, rounded down, rolled with +d4 "
    "(Ordinary/Good/Amazing)."),
    "action_check": N_("Half of Dexterity plus Intelligence, rounded up, plus the bonus. Good is "
    "half that, Amazing a quarter; a higher roll still acts, last, in the Marginal phase."),
    "actions": N_("Actions a round from Constitution + Will: 15 or less 1, 16-23 2, 24-31 3, "
    "32 or more 4. Set a number to override."),
    "tracks": N_("Boxes: stun and wound equal Constitution, mortal and fatigue half of it rounded "
    "up. Set a number to override (a perk, a ruling); – uses the default."),
    "last_resorts": N_("Points left to change a check's degree by one grade (a Free Agent may "
    "spend two at once). The maximum is sheetapp's default from Personality unless set."),
    "breath": N_("Rounds the hero holds his breath safely: half Constitution, rounded down."),
    "skill_points": N_("Skill points the hero has stored rather than spent. Between adventures "
    "they buy skills, or last resort points up to the maximum."),
    "ability": {
        Ability.STRENGTH: N_("Strength: physical power."),
        Ability.DEXTERITY: N_("Dexterity: agility and coordination; with Intelligence it sets "
        "the action check."),
        Ability.CONSTITUTION: N_("Constitution: health and endurance; it sets the durability boxes "
        "and the breath."),
        Ability.INTELLIGENCE: N_("Intelligence: reasoning and memory; with Dexterity it sets the "
        "action check."),
        Ability.WILL: N_("Will: determination and strength of mind."),
        Ability.PERSONALITY: N_("Personality: presence and charm; the default last resort points "
        "come from it."),
    },
    "last_resort_cost": N_("What one last resort point costs in stored skill points. The "
    "Alternity excerpt does not give the price: enter the one your game uses."),
})


class HeroPage(HeroTab):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(document, fields, parent)
        columns = two_columns(
            [self._identity_box(), self._rules_box()],
            [self._abilities_box(), self._durability_box()],
            (5, 6),
        )
        fill(self, scrolled(columns, frame=False))
        self.watch()

    def _identity_box(self) -> QGroupBox:
        box = QGroupBox(_("Hero"))
        box.setToolTip(_("Who the hero is; the profession gives a few rules of its own."))
        form = QFormLayout(box)
        form.addRow(_("Name"), self.bind.line(("name",)))
        form.addRow(_("Player"), self.bind.line(("player",)))
        form.addRow("", self.bind.check(("npc",), _("Supporting cast (a game master's character)")))
        species = SpeciesField(self.document, self.bind.line(("species",), tip=species_tip()))
        form.addRow(_("Species"), species.widget())
        profession = QComboBox(objectName="profession")
        bind_combo(
            self.document,
            ("profession",),
            profession,
            [("–", ""), *((p, p) for p in PROFESSIONS)],
        )
        self.fields.add(
            ("profession",), profession, _("A Free Agent may spend two last resorts.")
        )
        form.addRow(_("Profession"), profession)
        form.addRow(
            _("Career"),
            self.bind.line(("career",), tip=_("The hero's career within the profession.")),
        )
        form.addRow(
            _("Level"),
            self.spin(("level",), "level", -99, 99, _("The hero's level."), optional=False),
        )
        form.addRow(_("Campaign"), self.bind.line(("campaign",)))
        form.addRow(_("Gender"), self.bind.line(("gender",)))
        form.addRow(_("Age"), self.bind.line(("age",)))
        form.addRow(
            _("Motivation"),
            self.bind.line(("motivation",), tip=_("What drives the hero, in a word.")),
        )
        form.addRow(
            _("Moral attitude"),
            self.bind.line(("moral_attitude",), tip=_("The hero's ethics and order, as written.")),
        )
        return box

    def _rules_box(self) -> QGroupBox:
        box = QGroupBox(_("House rules"))
        box.setToolTip(
            _("The game's own numbers where the rules leave a choice (another species).")
        )
        form = QFormLayout(box)
        base = ("settings",)
        form.addRow(
            _("Ability points"),
            self.spin(
                (*base, "ability_points"),
                "ability_points",
                0,
                999,
                _("Points spread over the six abilities at creation (60 for a human)."),
                optional=False,
            ),
        )
        span = QHBoxLayout()
        span.addWidget(
            self.spin(
                (*base, "ability_min"),
                "ability_min",
                -99,
                99,
                _("Lowest score a new hero's ability may have (4 for a human)."),
                optional=False,
            )
        )
        span.addWidget(tipped(QLabel(_("to")), _("From the lowest score to the highest.")))
        span.addWidget(
            self.spin(
                (*base, "ability_max"),
                "ability_max",
                -99,
                99,
                _("Highest score a new hero's ability may have (14 for a human)."),
                optional=False,
            )
        )
        span.addStretch(1)
        form.addRow(
            tipped(QLabel(_("Ability range")), _("Lowest and highest score at creation.")), span
        )
        dazed = self.bind.check(
            (*base, "optional_dazed"),
            _("Optional dazed rule for stun and wound"),
            _("With it, more than half the stun (or wound) boxes marked gives +1 step to every "
            "check."),
        )
        form.addRow("", dazed)
        return box

    def _abilities_box(self) -> QGroupBox:
        box = QGroupBox(_("Abilities"))
        box.setToolTip(_("The six abilities with what the rules work out from them."))
        self.fields.add(("abilities",), box)
        grid = QGridLayout(box)
        headings = (
            ("score", _("Score")),
            ("resistance", _("Resistance")),
            ("bonus", _("Bonus")),
            ("untrained", _("Untrained")),
        )
        for column, (key, text) in enumerate(headings, start=1):
            grid.addWidget(tipped(QLabel(f"<b>{text}</b>"), TIPS[key]), 0, column)
        self.resistance: dict[Ability, QLabel] = {}
        self.untrained: dict[Ability, QLabel] = {}
        for row, ability in enumerate(Ability, start=1):
            tip = TIPS["ability"][ability]
            if ability in RESISTING:
                tip += _(" Its resistance modifier is beside it.")
            grid.addWidget(tipped(QLabel(label(ability)), tip), row, 0)
            grid.addWidget(
                self.spin(
                    ("abilities", ability.value), f"ability_{ability.value}", 0, 99, TIPS["score"]
                ),
                row,
                1,
            )
            if ability in RESISTING:
                self.resistance[ability] = figure_label(
                    f"resistance_{ability.value}", TIPS["resistance"]
                )
                grid.addWidget(self.resistance[ability], row, 2)
                bonus = self.spin(
                    ("resistance_bonus", ability.value),
                    f"resistance_bonus_{ability.value}",
                    -9,
                    9,
                    TIPS["bonus"],
                    optional=False,
                )
                grid.addWidget(bonus, row, 3)
            self.untrained[ability] = figure_label(f"untrained_{ability.value}", TIPS["untrained"])
            grid.addWidget(self.untrained[ability], row, 4)
        self.total = QLabel(objectName="ability_total")
        self.total.setToolTip(_("The six scores added up, against the points to spread."))
        grid.addWidget(self.total, len(Ability) + 1, 0, 1, 5)
        return box

    def _durability_box(self) -> QGroupBox:
        box = QGroupBox(_("Action check, durability and last resorts"))
        box.setToolTip(_("Figures the rules work out from the abilities, and what overrides them."))
        grid = QGridLayout(box)
        grid.addWidget(tipped(QLabel(_("<b>Figure</b>")), _("As the rules work it out.")), 0, 1)
        set_to = _("A number of your own in place of the figure; – uses the figure.")
        grid.addWidget(tipped(QLabel(_("<b>Set to</b>")), set_to), 0, 2)
        self.action_check = figure_label("figure_action_check", TIPS["action_check"])
        grid.addWidget(tipped(QLabel(_("Action check")), TIPS["action_check"]), 1, 0)
        grid.addWidget(self.action_check, 1, 1)
        bonus = self.spin(
            ("action_check_bonus",),
            "action_check_bonus",
            -20,
            20,
            _("Bonus to the action check: a profession's, a perk's."),
            optional=False,
        )
        bonus.setPrefix(_("bonus "))
        grid.addWidget(bonus, 1, 2)
        self.actions = figure_label("figure_actions", TIPS["actions"])
        grid.addWidget(tipped(QLabel(_("Actions per round")), TIPS["actions"]), 2, 0)
        grid.addWidget(self.actions, 2, 1)
        grid.addWidget(
            self.spin(("actions_per_round",), "actions_override", 0, 9, TIPS["actions"]), 2, 2
        )
        self.boxes: dict[Track, QLabel] = {}
        for row, track in enumerate(Track, start=3):
            grid.addWidget(
                tipped(QLabel(_("{label} boxes").format(label=label(track))), TIPS["tracks"]),
                row,
                0,
            )
            self.boxes[track] = figure_label(f"figure_{track.value}", TIPS["tracks"])
            grid.addWidget(self.boxes[track], row, 1)
            grid.addWidget(
                self.spin(
                    ("durability", track.value), f"{track.value}_override", 0, 99, TIPS["tracks"]
                ),
                row,
                2,
            )
        row = 3 + len(Track)
        grid.addWidget(tipped(QLabel(_("Last resort points")), TIPS["last_resorts"]), row, 0)
        resorts = QHBoxLayout()
        resorts.addWidget(
            self.spin(
                ("last_resorts",), "last_resorts", -9, 99, TIPS["last_resorts"], optional=False
            )
        )
        self.resorts_max = figure_label("figure_last_resorts", TIPS["last_resorts"])
        resorts.addWidget(self.resorts_max)
        resorts.addStretch(1)
        grid.addLayout(resorts, row, 1)
        grid.addWidget(
            self.spin(("last_resorts_max",), "last_resorts_max", 0, 99, TIPS["last_resorts"]),
            row,
            2,
        )
        row += 1
        grid.addWidget(tipped(QLabel(_("Stored skill points")), TIPS["skill_points"]), row, 0)
        grid.addWidget(
            self.spin(
                ("skill_points",), "skill_points", -9, 9999, TIPS["skill_points"], optional=False
            ),
            row,
            1,
        )
        row += 1
        cost_tip = TIPS["last_resort_cost"]
        grid.addWidget(tipped(QLabel(_("A last resort point costs")), cost_tip), row, 0)
        price = QHBoxLayout()
        cost = self.spin(
            ("last_resort_cost",), "last_resort_cost", 1, 999, TIPS["last_resort_cost"]
        )
        cost.setSuffix(_(" skill pts"))
        price.addWidget(cost)
        buy = QPushButton(_("Buy one"), objectName="buy_last_resort")
        buy.setToolTip(
            _("Between adventures: one last resort point for its price in stored skill points.")
        )
        buy.clicked.connect(self._buy_last_resort)
        price.addWidget(buy)
        price.addStretch(1)
        grid.addLayout(price, row, 1, 1, 2)
        self.buy_result = hint_label("", "buy_result")
        grid.addWidget(self.buy_result, row + 1, 0, 1, 3)
        row += 2
        grid.addWidget(tipped(QLabel(_("Holding breath")), TIPS["breath"]), row, 0)
        self.breath = figure_label("figure_breath", TIPS["breath"])
        grid.addWidget(self.breath, row, 1)
        grid.addWidget(hint_label(_("– in “Set to” uses the default figure.")), row + 1, 0, 1, 3)
        grid.setColumnStretch(1, 1)
        return box

    def _buy_last_resort(self) -> None:
        try:
            sheet = buy_last_resort(self.sheet)
        except SpendError as exc:
            self.buy_result.setText(_("Not bought: {exc}.").format(exc=exc))
            return
        self.buy_result.setText(
            _("Bought one: {last_resorts} held, {skill_points} skill points stored.").format(
                last_resorts=sheet.last_resorts, skill_points=sheet.skill_points
            )
        )
        self.document.replace(sheet, _("Buy a last resort point"))

    def show_sheet(self, sheet: AlternitySheet) -> None:
        f = sheet_figures(sheet)
        for ability, cell in self.resistance.items():
            mod = f.resistance.get(ability.value)
            cell.setText("–" if mod is None else f"{mod:+d}" if mod else "0")
        for ability, cell in self.untrained.items():
            u = f.untrained.get(ability.value)
            cell.setText("–" if u is None else f"{u.ordinary}/{u.good}/{u.amazing} {u.die}")
        total = sum(f.abilities.values())
        self.total.setText(
            _("Total {total} of {ability_budget} points").format(
                total=total, ability_budget=f.ability_budget
            )
            + (
                ""
                if f.ability_total is not None
                else _(" ({value} to enter)").format(value=6 - len(f.abilities))
            )
        )
        check = f.action_check
        self.action_check.setText(
            f"{check.marginal}+ / {check.ordinary} / {check.good} / {check.amazing}"
            if check
            else _("needs Dexterity and Intelligence")
        )
        self.actions.setText(_dash(f.actions_per_round))
        for track, cell in self.boxes.items():
            cell.setText(_dash(f.durability[track.value]))
        self.resorts_max.setText(_("of {dash}").format(dash=_dash(f.last_resorts.maximum)))
        breath = f.breath_rounds
        self.breath.setText("–" if breath is None else _("{breath} rounds").format(breath=breath))
        self._show_inputs(f.abilities, sheet)

    def _show_inputs(self, scores: dict[str, int], sheet: AlternitySheet) -> None:
        """Each worked-out figure's tooltip: its rule and the scores it comes from."""

        def score(ability: Ability) -> str:
            return f"{label(ability)} {_dash(scores.get(ability.value))}"

        for ability, cell in self.resistance.items():
            bonus = getattr(sheet.resistance_bonus, ability.value, 0) or 0
            here = _("{score} and a bonus of {bonus:+d}").format(score=score(ability), bonus=bonus)
            cell.setToolTip(
                _("{TIPS}\n\nHere from {here}.").format(TIPS=TIPS["resistance"], here=here)
            )
        for ability, cell in self.untrained.items():
            cell.setToolTip(
                _("{TIPS}\n\nHere from {score}.").format(
                    TIPS=TIPS["untrained"], score=score(ability)
                )
            )
        self.action_check.setToolTip(
            _("{TIPS}\n\nHere from {score}, {score2} and a bonus of {action_check_bonus}.").format(
                TIPS=TIPS["action_check"],
                score=score(Ability.DEXTERITY),
                score2=score(Ability.INTELLIGENCE),
                action_check_bonus=sheet.action_check_bonus,
            )
        )
        self.breath.setToolTip(
            _("{TIPS}\n\nHere from {score}.").format(
                TIPS=TIPS["breath"], score=score(Ability.CONSTITUTION)
            )
        )


def _dash(value: object) -> str:
    return "–" if value is None else str(value)
