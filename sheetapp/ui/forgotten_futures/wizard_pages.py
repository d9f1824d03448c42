"""The pages of the Forgotten Futures creation wizard.

Each page edits one part of the wizard's :class:`~sheetapp.systems.forgotten_futures.
from_choices.FFChoices` and asks the wizard to rebuild; the numbers a page shows (costs,
points left, base values, ratings, languages) come from the backend, never from sums made
here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
)

from sheetapp.findings import Finding, join_path
from sheetapp.i18n import N_, TranslatedTable, _, ngettext, pgettext
from sheetapp.systems.forgotten_futures.bases import base_value, describe
from sheetapp.systems.forgotten_futures.catalog import SKILLS
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures
from sheetapp.systems.forgotten_futures.from_choices import FFChoices, free_for_all
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.names import (
    BONUS_PER_SAVED_POINT,
    CHARACTERISTIC_COST,
    CREATION_POINTS_PER_SKILL,
    FREE_SKILLS,
    HIGHEST,
    REFEREE_ONLY,
    SKILL_CAP,
    Characteristic,
    label,
)
from sheetapp.ui.forgotten_futures.base_words import base_words
from sheetapp.ui.labels import figure_label, hint_label, literal
from sheetapp.ui.wizard.stepped import SheetCheck
from sheetapp.ui.wizard.steps import (
    StepHost,
    StepPage,
    chain_tab_order,
    spin_box,
)


@dataclass(frozen=True)
class Snapshot(SheetCheck):
    """The record as chosen so far, its findings and the figures the rules derive."""

    sheet: ForgottenFuturesSheet
    figures: ForgottenFuturesFigures


# The most languages a new Linguist can know: a rating of 10 gives half of it.
LANGUAGE_ROWS = SKILL_CAP // 2
CHARACTERISTIC_TEXT = TranslatedTable({
    Characteristic.BODY: N_("B&ODY:"),
    Characteristic.MIND: N_("&MIND:"),
    Characteristic.SOUL: N_("&SOUL:"),
})


class Host(StepHost, Protocol):
    draft: FFChoices

    def snapshot(self) -> Snapshot: ...


def prices_text() -> str:
    """'1 free, 2 costs 2, ...' from the backend's price table."""
    parts = [
        _("{value} is free").format(value=value)
        if cost == 0
        else _("{value} costs {cost}").format(value=value, cost=cost)
        for value, cost in sorted(CHARACTERISTIC_COST.items())
        if value < REFEREE_ONLY
    ]
    return pgettext("list separator", ", ").join(parts)


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


# --- 1. who the character is ----------------------------------------------------------------


class CharacterPage(StepPage):
    """Name (with any title), player, profession, sex and age: nothing here costs points."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Character"),
            _("Write who the character is: a name with any title or rank, and a profession "
            "that fits the setting. The referee says what a choice means in the campaign. "
            "Nothing here costs points."),
        )
        self.host: Host = host
        self.edits = self.add_text_rows(
            host.draft,
            [
                ("name", _("Na&me:"), _("The character's name, with any title or rank")),
                ("player", _("&Player:"), _("Your name")),
                ("profession", _("P&rofession:"), _("Something that fits the setting")),
                ("sex", _("S&ex:"), _("May matter in some settings")),
                ("age", _("A&ge:"), _("In years")),
            ],
        )
        self.body.addStretch(1)

    def prefixes(self) -> tuple[str, ...]:
        return ("name", "player", "profession", "sex", "age")


# --- 2. BODY, MIND and SOUL -----------------------------------------------------------------


class CharacteristicsPage(StepPage):
    """The campaign's character points and the three characteristics bought with them."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Characteristics"),
            _(
                "The referee gives the character points, usually 21. Buy BODY, "
                "MIND and SOUL: {prices_text}. Most people have 3 or 4. A 7 "
                "costs {CHARACTERISTIC_COST} and only with the referee's leave."
            ).format(
                prices_text=prices_text(), CHARACTERISTIC_COST=CHARACTERISTIC_COST[REFEREE_ONLY]
            ),
        )
        self.host: Host = host
        box = QGroupBox(_("The referee's settings"), objectName="referee_box")
        box.setToolTip(_("What the referee decides for the whole campaign."))
        grid = QGridLayout(box)
        self.points = spin_box(
            "character_points", 99, _("Character points to spend; the usual number is 21.")
        )
        self.points.setValue(host.draft.character_points)
        self.points.valueChanged.connect(self._points_changed)
        name = QLabel(_("Character &points:"))
        name.setBuddy(self.points)
        name.setToolTip(self.points.toolTip())
        self.seven = QCheckBox(_("The referee allows a &7"), objectName="allow_seven")
        self.seven.setToolTip(
            _(
                "Only with the referee's leave may a characteristic be 7 (it "
                "costs {CHARACTERISTIC_COST})."
            ).format(CHARACTERISTIC_COST=CHARACTERISTIC_COST[REFEREE_ONLY])
        )
        self.seven.setChecked(host.draft.allow_seven)
        self.seven.toggled.connect(self._seven_changed)
        grid.addWidget(name, 0, 0)
        grid.addWidget(self.points, 0, 1)
        grid.addWidget(self.seven, 0, 3)
        grid.setColumnMinimumWidth(2, 24)
        grid.setColumnStretch(4, 1)
        self.body.addWidget(box)
        self.mark("settings.character_points", self.points)

        box = QGroupBox(_("Characteristics"), objectName="characteristics_box")
        box.setToolTip(_("BODY, MIND and SOUL, bought with character points."))
        grid = QGridLayout(box)
        self.spins: dict[Characteristic, QSpinBox] = {}
        self.costs: dict[Characteristic, QLabel] = {}
        for row, characteristic in enumerate(Characteristic):
            spin = spin_box(
                f"characteristic_{characteristic.value}",
                REFEREE_ONLY - 1,
                _("{characteristic}: {prices}.").format(
                    characteristic=label(characteristic), prices=prices_text()
                ),
                blank_zero=True,
            )
            spin.setValue(host.draft.characteristics.get(characteristic, 0))
            spin.valueChanged.connect(lambda v, c=characteristic: self._bought(c, v))
            name = QLabel(CHARACTERISTIC_TEXT[characteristic])
            name.setBuddy(spin)
            name.setToolTip(spin.toolTip())
            cost = figure_label(f"cost_{characteristic.value}", _("What this value costs."))
            grid.addWidget(name, row, 0)
            grid.addWidget(spin, row, 1)
            grid.addWidget(cost, row, 2)
            self.spins[characteristic] = spin
            self.costs[characteristic] = cost
            self.mark(join_path("characteristics", characteristic.value), spin)
        grid.setColumnStretch(3, 1)
        grid.setHorizontalSpacing(12)
        self.body.addWidget(box)
        self.left = figure_label("points_left", _("Character points not spent yet."), wrap=True)
        self.body.addWidget(self.left)
        self.body.addStretch(1)
        chain_tab_order([self.points, self.seven, *self.spins.values()])

    def prefixes(self) -> tuple[str, ...]:
        return ("characteristics", "settings.character_points", "settings.allow_seven")

    def displayed(self, found: list[Finding]) -> list[Finding]:
        # Points left at this step are for the skills: saving them comes at the end.
        return [f for f in found if f.code != "ff.points.saved"]

    def _points_changed(self, value: int) -> None:
        self.host.draft.character_points = value
        self.host.changed()

    def _seven_changed(self, on: bool) -> None:
        self.host.draft.allow_seven = on
        self.host.changed()

    def _bought(self, characteristic: Characteristic, value: int) -> None:
        if value:
            self.host.draft.characteristics[characteristic] = value
        else:
            self.host.draft.characteristics.pop(characteristic, None)
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        top = HIGHEST if snapshot.sheet.settings.allow_seven else REFEREE_ONLY - 1
        for characteristic, spin in self.spins.items():
            # Taking the leave away brings a 7 down to 6; the change rebuilds again.
            spin.setMaximum(top)
            cost = snapshot.figures.costs[characteristic.value]
            self.costs[characteristic].setText(
                "" if cost is None else _("costs {cost}").format(cost=cost)
            )
        points = snapshot.figures.points
        left = points.allowed - points.characteristics
        state = (
            _("{left} left for skills").format(left=left)
            if left >= 0
            else _("{value} too many").format(value=-left)
        )
        self.left.setText(
            _(
                "Character points: {allowed}, characteristics cost {characteristics}, {state}."
            ).format(allowed=points.allowed, characteristics=points.characteristics, state=state)
        )


# --- 3. free skills -------------------------------------------------------------------------


class FreeSkillsPage(StepPage):
    """Brawling and Stealth, and any skill the referee makes free for everyone."""

    def __init__(self, host: Host) -> None:
        free = _(" and ").join(FREE_SKILLS)
        super().__init__(
            host,
            _("Free skills"),
            _(
                "Every character has {free} at their base value without spending "
                "points. Your referee may make other skills free for everyone in "
                "the campaign: tick those. Points may still go on a free skill "
                "to raise it."
            ).format(free=free),
        )
        self.host: Host = host
        self.given = figure_label("free_given", _("The skills every character has."), wrap=True)
        self.body.addWidget(self.given)
        grid = QGridLayout()
        self.boxes: dict[str, QCheckBox] = {}
        others = [s for s in SKILLS if s.name not in FREE_SKILLS]
        per_column = (len(others) + 2) // 3
        for i, skill in enumerate(others):
            box = QCheckBox(literal(skill.name), objectName=f"free_{slug(skill.name)}")
            box.setToolTip(
                _("{name} ({about}), at {describe}, free for everyone.").format(
                    name=skill.name, about=skill.about, describe=describe(skill.base)
                )
            )
            box.setChecked(skill.name in host.draft.free_skills)
            box.toggled.connect(self._toggled)
            grid.addWidget(box, i % per_column, i // per_column)
            self.boxes[skill.name] = box
        self.body.addLayout(grid)
        self.body.addStretch(1)
        chain_tab_order(self.boxes.values())

    def prefixes(self) -> tuple[str, ...]:
        return ("settings.free_skills",)

    def _toggled(self) -> None:
        self.host.draft.free_skills = [n for n, box in self.boxes.items() if box.isChecked()]
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        values = {s.name: s.base_value for s in snapshot.figures.skills}
        shown = [
            f"{name} {'–' if values.get(name) is None else values[name]}" for name in FREE_SKILLS
        ]
        self.given.setText(_("Free for everyone: ") + ", ".join(shown) + _(" (base values)."))


# --- 4. skills ------------------------------------------------------------------------------

COLUMNS = (
    (N_("Skill"), N_("The rules' skill list; the referee may allow others on the record.")),
    (
        N_("Base"),
        N_("What the skill rests on: a characteristic, half of one (/2), an average "
        "(Av) or half an average; fractions round up."),
    ),
    (N_("Base value"), N_("The base worked out from your characteristics.")),
    (
        N_("Points"),
        N_(
            "Character points on the skill: 1 to {most}; 0 (–) leaves it out unless it is free."
        ),
    ),
    (N_("Rating"), N_("Base value + points; no skill goes past {cap}.")),
)


class SkillsPage(StepPage):
    """Every listed skill with its base; points from 1 to 3 take it."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Skills"),
            _(
                "A skill starts from its base and needs at least 1 point on it, "
                "at most {CREATION_POINTS_PER_SKILL} now; each point adds 1 to "
                "the rating. Free skills need no points. Points you do not spend "
                "are saved (last page)."
            ).format(CREATION_POINTS_PER_SKILL=CREATION_POINTS_PER_SKILL),
        )
        self.host: Host = host
        self.left = figure_label("skill_points_left", _("Character points not spent yet."))
        self.left.setWordWrap(True)
        self.body.addWidget(self.left)
        self.table = QTableWidget(len(SKILLS), len(COLUMNS), objectName="skills")
        self.table.setHorizontalHeaderLabels([_(name) for name, _unused in COLUMNS])
        for column, (_unused, tip) in enumerate(COLUMNS):
            self.table.horizontalHeaderItem(column).setToolTip(
                _(tip).format(most=CREATION_POINTS_PER_SKILL, cap=SKILL_CAP)
            )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setAlternatingRowColors(True)
        # The points boxes take the focus; a current cell would only draw a stray frame.
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.spins: dict[str, QSpinBox] = {}
        self.values: dict[str, tuple[QTableWidgetItem, QTableWidgetItem]] = {}
        for row, skill in enumerate(SKILLS):
            name = QTableWidgetItem(skill.name)
            name.setToolTip(skill.about)
            base = QTableWidgetItem(base_words(skill.base))
            base.setToolTip(
                _("{describe} (the rules write {base})").format(
                    describe=describe(skill.base), base=skill.base
                )
            )
            value, rating = QTableWidgetItem(), QTableWidgetItem()
            for item in (base, value, rating):
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            for column, item in enumerate((name, base, value)):
                self.table.setItem(row, column, item)
            self.table.setItem(row, 4, rating)
            spin = spin_box(
                f"points_{slug(skill.name)}",
                CREATION_POINTS_PER_SKILL,
                _("Character points on {name}.").format(name=skill.name),
                blank_zero=True,
            )
            spin.setValue(host.draft.skill_points.get(skill.name, 0))
            spin.valueChanged.connect(lambda v, s=skill.name: self._points(s, v))
            self.table.setCellWidget(row, 3, spin)
            self.spins[skill.name] = spin
            self.values[skill.name] = (value, rating)
        self.table.resizeRowsToContents()
        self.body.addWidget(self.table, 1)
        chain_tab_order(self.spins.values())

    def prefixes(self) -> tuple[str, ...]:
        return ("skills",)

    def error_scope(self) -> str | None:
        # Points spent past the campaign's are reported on the points; they block here too.
        return "settings.character_points"

    def _points(self, skill: str, value: int) -> None:
        self.host.draft.skill_points[skill] = value
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        scores = {c.value: v for c, v in snapshot.sheet.characteristics.items()}
        rows = {s.name: i for i, s in enumerate(snapshot.sheet.skills)}
        ratings = {s.name: s.rating for s in snapshot.figures.skills}
        free = free_for_all(self.host.draft)
        for skill in SKILLS:
            value, rating = self.values[skill.name]
            base = base_value(skill.base, scores)
            value.setText("–" if base is None else str(base))
            taken = ratings.get(skill.name)
            rating.setText("–" if taken is None else str(taken))
            spin = self.spins[skill.name]
            spin.setSpecialValueText("free" if skill.name in free else "–")
            index = rows.get(skill.name)
            self.remark(spin, None if index is None else join_path("skills", index, "points"))
        points = snapshot.figures.points
        state = (
            _("{saved} left to save").format(saved=points.saved)
            if points.saved >= 0
            else _("{value} too many").format(value=-points.saved)
        )
        self.left.setText(
            _(
                "Character points: {allowed}, characteristics {characteristics}, "
                "skills {skills}, {state}."
            ).format(
                allowed=points.allowed,
                characteristics=points.characteristics,
                skills=points.skills,
                state=state,
            )
        )


# --- 5. languages ---------------------------------------------------------------------------


class LanguagesPage(StepPage):
    """The native language, and the languages a Linguist starts with."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Languages"),
            _("Everyone speaks a native language. Only a Linguist knows others: half the "
            "Linguist rating, rounded up, to begin with. More can be learned between "
            "adventures with bonus points."),
        )
        self.host: Host = host
        self.edits = self.add_text_rows(
            host.draft, [("native_language", _("Nati&ve language:"), _("The character's own"))]
        )
        self.known = figure_label("languages_allowed", _("Half the Linguist rating, rounded up."))
        self.known.setWordWrap(True)
        self.body.addWidget(self.known)
        grid = QGridLayout()
        self.languages: list[QLineEdit] = []
        for i in range(LANGUAGE_ROWS):
            edit = QLineEdit(objectName=f"language_{i + 1}")
            edit.setPlaceholderText(_("Language {value}").format(value=i + 1))
            edit.setToolTip(_("A language the character knows besides the native one."))
            if i < len(host.draft.languages):
                edit.setText(host.draft.languages[i])
            edit.textChanged.connect(self._languages_changed)
            grid.addWidget(edit, i // 2, i % 2)
            self.languages.append(edit)
            self.mark("languages", edit)
        self.body.addLayout(grid)
        self.body.addStretch(1)
        chain_tab_order([*self.edits.values(), *self.languages])

    def prefixes(self) -> tuple[str, ...]:
        return ("native_language", "languages")

    def _languages_changed(self) -> None:
        self.host.draft.languages = [edit.text() for edit in self.languages]
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        allowed = snapshot.figures.languages.allowed
        linguist = next(
            (s.rating for s in snapshot.figures.skills if s.name == "Linguist"), None
        )
        if linguist is None:
            text = _("No Linguist skill: the native language only (take Linguist on Skills).")
        else:
            text = ngettext(
                "Linguist {linguist}: {allowed} language besides the native one.",
                "Linguist {linguist}: {allowed} languages besides the native one.",
                allowed,
            ).format(linguist=linguist, allowed=allowed)
        self.known.setText(text)
        for i, edit in enumerate(self.languages):
            # Rows past what the rules allow show only while they hold something to clear.
            edit.setVisible(i < (allowed or 0) or bool(edit.text()))


# --- 6. saved points ------------------------------------------------------------------------


class SavedPointsPage(StepPage):
    """What is left over becomes bonus points at double value; the last check of the whole."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Saved points"),
            _(
                "Character points not spent are saved: each becomes "
                "{BONUS_PER_SAVED_POINT} bonus points, for improving or learning "
                "skills in play, or (if the referee allows it) for better odds "
                "when it matters."
            ).format(BONUS_PER_SAVED_POINT=BONUS_PER_SAVED_POINT),
        )
        self.host: Host = host
        self.summary = figure_label("saved_summary", _("Where the character points went."))
        self.summary.setWordWrap(True)
        self.body.addWidget(self.summary)
        self.bonus = figure_label("bonus_points", _("Saved points, doubled."))
        self.body.addWidget(self.bonus)
        self.body.addWidget(
            hint_label(
                _("Weapons, armour, equipment and notes go on the record once it opens: its "
                "Combat tab lists the rules' weapons and armour.")
            )
        )
        self.body.addStretch(1)

    def prefixes(self) -> tuple[str, ...]:
        return ("settings.character_points",)

    def error_scope(self) -> str | None:
        return ""  # the last page: no error anywhere may remain

    def update_view(self, snapshot: Snapshot) -> None:
        points = snapshot.figures.points
        self.summary.setText(
            _(
                "Character points: {allowed}; characteristics {characteristics}, "
                "skills {skills}, saved {max}."
            ).format(
                allowed=points.allowed,
                characteristics=points.characteristics,
                skills=points.skills,
                max=max(points.saved, 0),
            )
        )
        self.bonus.setText(
            _("Bonus points to start with: {at_creation}").format(
                at_creation=snapshot.figures.bonus.at_creation
            )
        )
