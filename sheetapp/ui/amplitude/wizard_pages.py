"""The pages of the Amplitude Engine character wizard.

The text has no character creation: every page records the numbers play uses, shows how the
text uses them, and says that the GM decides the rest. Each page edits the wizard's
:class:`CharacterChoices`; the wizard rebuilds the sheet with ``build_character`` and runs
``rules.check`` over it, and the page shows the findings of its step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
)

from sheetapp.findings import Finding, Severity
from sheetapp.i18n import _
from sheetapp.systems.amplitude.creation import CharacterChoices
from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Tool, Weapon
from sheetapp.systems.amplitude.names import PENALTIES, WOUND_LABELS
from sheetapp.systems.amplitude.outcome_table import BEST_QO
from sheetapp.systems.amplitude.rules.gear import TOP_OF_SCALE
from sheetapp.ui.labels import figure_label
from sheetapp.ui.wizard.rows import Column, RowsEditor
from sheetapp.ui.wizard.steps import StepHost, StepPage, chain_tab_order, keep_narrow, spin_box

# Spin boxes reach a little past what the text describes, so the rules can say why a number
# is off instead of the box refusing it without a word.
BONUS_RANGE = (-6, 12)
GEAR_RANGE = (-9, 9)
THRESHOLD_MAX = 12
THRESHOLD_LEVELS = ("minor", "moderate", "major")


@dataclass(frozen=True)
class Snapshot:
    """The character built from the choices, and what the rules say about it."""

    sheet: AmplitudeSheet
    findings: list[Finding]


class Host(StepHost, Protocol):
    choices: CharacterChoices

    def snapshot(self) -> Snapshot:
        """The character as the choices stand now."""


def signed_box(name: str, bounds: tuple[int, int], tip: str) -> QSpinBox:
    box = spin_box(name, bounds[1], tip)
    box.setMinimum(bounds[0])
    return box


def without_info(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity is not Severity.INFO]


class CharacterPage(StepPage):
    """Name, player, concept and whether the sheet is for the GM's cast."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Character"),
            _("The Amplitude Engine rules cover how actions are resolved, not how a character "
            "is made: they list no concepts, no skills and no budget to spend. Agree the "
            "character with your GM; the following pages record the numbers play uses (skills "
            "with their OB, the DB, gear, resilience thresholds) and say what the rules do "
            "with each."),
        )
        choices = host.choices
        form = QFormLayout()
        self.name = QLineEdit(choices.name, objectName="name")
        self.name.setToolTip(_("The character's name."))
        self.player = QLineEdit(choices.player, objectName="player")
        self.player.setToolTip(_("Who plays the character."))
        self.concept = QLineEdit(choices.concept, objectName="concept")
        self.concept.setPlaceholderText(_("A few words: field medic, smuggler pilot…"))
        self.concept.setToolTip(_("Who the character is, in a few words."))
        self.npc = QCheckBox(_("Pla&yed by the GM (NPC)"), objectName="npc")
        self.npc.setToolTip(_("Tick for a member of the GM's cast rather than a player's."))
        self.npc.setChecked(choices.npc)
        for line in (self.name, self.player, self.concept):
            line.textChanged.connect(self._changed)
        self.npc.toggled.connect(self._changed)
        form.addRow(_("Na&me:"), self.name)
        form.addRow(_("&Player:"), self.player)
        form.addRow(_("&Concept:"), self.concept)
        form.addRow("", self.npc)
        self.notes = QPlainTextEdit(choices.notes, objectName="notes")
        self.notes.setToolTip(_("Anything else about the character."))
        self.notes.setTabChangesFocus(True)
        self.notes.textChanged.connect(self._changed)
        form.addRow(_("N&otes:"), self.notes)
        self.body.addLayout(form, 1)
        self.mark("name", self.name)
        chain_tab_order([self.name, self.player, self.concept, self.npc, self.notes])

    def prefixes(self) -> tuple[str, ...]:
        return ("name", "player", "concept", "npc", "notes")

    def _changed(self) -> None:
        choices = self.host.choices
        choices.name = self.name.text()
        choices.player = self.player.text()
        choices.concept = self.concept.text()
        choices.npc = self.npc.isChecked()
        choices.notes = self.notes.toPlainText()
        self.host.changed()


class SkillsPage(StepPage):
    """The skills the character acts with, each with its Offensive Bonus."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Skills"),
            _("List the skills the character acts with and each one's Offensive Bonus (OB). "
            "In play the roll starts OB minus the opponent's DB columns from the middle of the "
            "Outcome Table, then 4dF moves it; the column stops at +6 and -6. The rules name "
            "no skill list and no way to buy OB: your GM sets both."),
        )
        self.skills = RowsEditor(
            "skills",
            (
                Column("name", _("Skill"), _("What the character can do."), stretch=True),
                Column(
                    "ob",
                    "OB",
                    _("Offensive Bonus: columns to the better side before the dice."),
                    kind="int",
                    minimum=BONUS_RANGE[0],
                    maximum=BONUS_RANGE[1],
                ),
                Column(
                    "notes", _("Notes"), _("Anything worth remembering about it."), stretch=True
                ),
            ),
            _("&Add skill"),
        )
        self.skills.rows_changed.connect(self._changed)
        self.body.addWidget(self.skills, 1)
        self.mark("skills", self.skills)

    def prefixes(self) -> tuple[str, ...]:
        return ("skills",)

    def _changed(self) -> None:
        self.host.choices.skills = [Skill(**row) for row in self.skills.rows()]
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        self.skills.show_findings(without_info(snapshot.findings), "skills")


class DefencePage(StepPage):
    """The Defensive Bonus and where it comes from."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Defence"),
            _("The Defensive Bonus (DB) moves every attacker's roll that many columns to the "
            "worse side. The rules do not say what gives a DB or how much: armour, a shield, "
            "cover or agility, as your GM rules. A negative DB would help attackers, so it is "
            "something to check."),
        )
        choices = self.host.choices
        form = QFormLayout()
        self.bonus = signed_box(
            "defensive_bonus", BONUS_RANGE, _("Columns an attacker's roll moves to the worse side.")
        )
        self.bonus.setValue(choices.defensive_bonus)
        self.bonus.valueChanged.connect(self._changed)
        self.notes = QLineEdit(choices.defence_notes, objectName="defence_notes")
        self.notes.setPlaceholderText(_("Armour, shield, cover, agility…"))
        self.notes.setToolTip(_("What the DB comes from, so it can be changed when that does."))
        self.notes.textChanged.connect(self._changed)
        form.addRow(_("&Defensive Bonus (DB):"), self.bonus)
        form.addRow(_("&Where it comes from:"), self.notes)
        self.effect = figure_label("defence_effect", _("OB minus DB, before the 4dF."), wrap=True)
        form.addRow("", self.effect)
        self.body.addLayout(form)
        self.body.addStretch(1)
        keep_narrow(self.bonus)
        self.mark("defensive_bonus", self.bonus)
        chain_tab_order([self.bonus, self.notes])

    def prefixes(self) -> tuple[str, ...]:
        return ("defensive_bonus", "defence_notes")

    def _changed(self) -> None:
        self.host.choices.defensive_bonus = self.bonus.value()
        self.host.choices.defence_notes = self.notes.text()
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        db = snapshot.sheet.defensive_bonus
        self.effect.setText(
            _("An attacker with OB +2 starts at column {value:+d} against this character.").format(
                value=2 - db
            )
        )


class GearPage(StepPage):
    """Weapons with their power and tools with their quality, each naming its skill."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Gear"),
            _(
                "A weapon's power and a tool's quality add to the Amp of the "
                "action they serve. The rules' weapon scale runs from +0 "
                "(improvised) to +{TOP_OF_SCALE} (relics); below +0 is an error, "
                "beyond the top needs the GM's word. Tools may be negative when "
                "they are poor. Which weapon gets which power is the GM's call. "
                "Name the skill each one serves."
            ).format(TOP_OF_SCALE=TOP_OF_SCALE),
        )
        skill = Column(
            "skill", _("Skill"), _("The skill it is used with."), kind="pick", stretch=True
        )
        self.weapons = RowsEditor(
            "weapons",
            (
                Column("name", _("Weapon"), _("What the weapon is."), stretch=True),
                Column(
                    "power",
                    _("Power"),
                    _("Weapon Quality/Power, added to the attack's Amp."),
                    kind="int",
                    minimum=GEAR_RANGE[0],
                    maximum=GEAR_RANGE[1],
                ),
                skill,
            ),
            _("Add &weapon"),
        )
        self.tools = RowsEditor(
            "tools",
            (
                Column("name", _("Tool"), _("What the tool or equipment is."), stretch=True),
                Column(
                    "quality",
                    _("Quality"),
                    _("Added to the Amp of the skill it serves; negative when inadequate."),
                    kind="int",
                    minimum=GEAR_RANGE[0],
                    maximum=GEAR_RANGE[1],
                ),
                skill,
            ),
            _("Add &tool"),
        )
        for editor, title, name in (
            (self.weapons, _("Weapons"), "weapons_box"),
            (self.tools, _("Tools and equipment"), "tools_box"),
        ):
            box = QGroupBox(title, objectName=name)
            QFormLayout(box).addRow(editor)
            editor.rows_changed.connect(self._changed)
            self.body.addWidget(box, 1)

    def prefixes(self) -> tuple[str, ...]:
        return ("weapons", "tools")

    def _changed(self) -> None:
        self.host.choices.weapons = [Weapon(**row) for row in self.weapons.rows()]
        self.host.choices.tools = [Tool(**row) for row in self.tools.rows()]
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        names = [s.name for s in snapshot.sheet.skills if s.name.strip()]
        found = without_info(snapshot.findings)
        for editor, base in ((self.weapons, "weapons"), (self.tools, "tools")):
            editor.set_choices("skill", names)
            editor.show_findings(found, base)


class ThresholdsPage(StepPage):
    """Resilience thresholds and the momentum the character starts with."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Thresholds and momentum"),
            _("A hit wounds by the highest threshold its Quality of Outcome (QO) reaches: minor "
            "one step down the wound track, moderate two, major three. The rules give a "
            "standard human 1, 4 and 8; a tougher character, or a vehicle, has others as the "
            "GM rules. The minor threshold must be at least 1 and each must be above the one "
            "before. How a character gains Thematic Momentum is left to the GM too."),
        )
        choices = host.choices
        form = QFormLayout()
        self.thresholds: list[QSpinBox] = []
        texts = (_("M&inor wound at QO:"), _("M&oderate wound at QO:"), _("Ma&jor wound at QO:"))
        for level, text, value in zip(THRESHOLD_LEVELS, texts, choices.thresholds, strict=True):
            box = spin_box(
                f"threshold_{level}",
                THRESHOLD_MAX,
                _("The QO a hit needs for a {lower} ({PENALTIES} on every roll after).").format(
                    lower=WOUND_LABELS[level].lower(), PENALTIES=PENALTIES[level]
                ),
            )
            box.setValue(value)
            box.valueChanged.connect(self._changed)
            form.addRow(text, box)
            self.mark(f"thresholds.{level}", box)
            self.thresholds.append(box)
        self.momentum = spin_box("momentum", 20, _("Thematic Momentum points to start with."))
        self.momentum.setValue(choices.momentum)
        self.momentum.valueChanged.connect(self._changed)
        form.addRow(_("Starting mo&mentum:"), self.momentum)
        self.effect = QLabel(objectName="threshold_effect")
        self.effect.setProperty("role", "figure")
        self.effect.setWordWrap(True)
        form.addRow("", self.effect)
        self.body.addLayout(form)
        self.body.addStretch(1)
        keep_narrow(*self.thresholds, self.momentum)
        chain_tab_order([*self.thresholds, self.momentum])

    def prefixes(self) -> tuple[str, ...]:
        return ("thresholds", "momentum", "wound", "misfortune", "misfortune_owed")

    def error_scope(self) -> str | None:
        return ""  # the last page: an error anywhere keeps Finish off

    def _changed(self) -> None:
        minor, moderate, major = (box.value() for box in self.thresholds)
        self.host.choices.thresholds = (minor, moderate, major)
        self.host.choices.momentum = self.momentum.value()
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        t = snapshot.sheet.thresholds
        if not 1 <= t.minor < t.moderate < t.major:
            self.effect.setText("")
            return
        major = (
            _("QO {major} or more").format(major=t.major)
            if t.major <= BEST_QO
            else _("only U or K")
        )
        self.effect.setText(
            _(
                "QO {minor}–{value}: minor wound; QO {moderate}–{value2}: moderate; {major}: major."
            ).format(
                minor=t.minor,
                value=t.moderate - 1,
                moderate=t.moderate,
                value2=t.major - 1,
                major=major,
            )
        )
