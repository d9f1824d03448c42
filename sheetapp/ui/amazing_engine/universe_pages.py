"""One universe shown in full: skill trees, professions, settings and formulas, species.

Read-only: every figure comes from the universe pack, and each tooltip states the rule the
figure feeds, so a game master sees what an edit to the pack will change.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _, pgettext
from sheetapp.systems.amazing_engine.catalog import CatalogueEntry
from sheetapp.systems.amazing_engine.chances import untrained_penalty
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.packs import PackProblem
from sheetapp.systems.amazing_engine.universe import SkillNode, Universe
from sheetapp.ui.library.wording import plural as counted_noun

_AVERAGE = 25  # the System Guide's rough average for a starting attribute

# Setting, label, and the rule the setting changes (shown as a tooltip).
_SETTINGS: tuple[tuple[str, str, str], ...] = (
    ("base_adjustment", N_("Base adjustment"), N_("Added to every attribute of a new character.")),
    ("creation_cap", N_("Creation cap"), N_("No attribute may pass this at creation.")),
    ("attribute_max", N_("Attribute maximum"), N_("No attribute may be raised past this with XP.")),
    ("dice_cap", N_("Dice cap"), N_("The most dice one attribute may take from the core.")),
    (
        "specialty_penalty",
        N_("Specialty penalty"),
        N_("Taken from the chance for each specialty level between the skill known and the one "
        "used; enhancement levels cost nothing."),
    ),
    (
        "enhancement_bonus",
        N_("Enhancement bonus"),
        N_("Added once when the enhancement used is known."),
    ),
    ("xp_per_attribute_point", N_("XP per attribute point"), N_("Cost of one permanent point.")),
    ("xp_per_skill", N_("XP per new skill"), N_("Cost of learning a skill after creation.")),
)


class UniverseDetail(QWidget):
    """The right-hand side of the browser: a title, a description and four tabs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(objectName="universe_title")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title.setFont(font)
        self.source = QLabel(objectName="universe_source")
        self.source.setProperty("role", "hint")
        self.source.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.description = QLabel(objectName="universe_description")
        self.description.setWordWrap(True)
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.description.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.tabs = QTabWidget(objectName="universe_tabs")
        self.skills = _tree(
            (_("Skill"), _("Checks"), _("Enhancement"), _("Untrained")), "skills_tree"
        )
        self.professions = _tree(
            (_("Profession"), _("Skill groups"), _("About")), "professions_tree"
        )
        self.species = _tree((_("Species"), _("Id"), _("About")), "species_tree")
        self.species.setRootIsDecorated(False)
        self.settings_page, self.settings_form, self.formulas = self._settings_page()
        self.tabs.addTab(self.skills, _("Skill trees"))
        self.tabs.addTab(self.professions, _("Professions"))
        self.tabs.addTab(self.settings_page, _("Settings and formulas"))
        self.tabs.addTab(self.species, _("Species"))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.source)
        layout.addWidget(self.description)
        layout.addWidget(self.tabs, 1)
        layout.addStretch(0)  # takes the room while the tabs are hidden

    def show_refused(self, file: str | None, problems: list[PackProblem]) -> None:
        """A pack that was not loaded: what to fix in it, line by line."""
        self.title.setText(Path(file).name if file else "")
        self.source.setText(file or "")
        lines = "\n".join(
            _("line {line}: {severity}: {message}").format(
                line=p.line, severity=p.severity.word(), message=p.message
            )
            for p in problems
        )
        self.description.setText(
            _(
                "Not loaded: {plural}. Fix the pack in a text editor, save it, "
                "then press Reload.\n\n{lines}"
            ).format(plural=plural(len(problems), "problem"), lines=lines)
        )
        self.description.setVisible(True)
        self.tabs.setVisible(False)

    def show_entry(self, entry: CatalogueEntry) -> None:
        universe = entry.universe
        self.tabs.setVisible(True)
        self.title.setText(universe.shown_name)
        where = _("shipped with sheetapp") if entry.source == "shipped" else entry.file
        self.source.setText(
            _("id {id} · {where} · {plural} · {plural2}").format(
                id=universe.id,
                where=where,
                plural=plural(len(universe.professions), "profession"),
                plural2=plural(universe.skill_count(), "skill"),
            )
        )
        self.description.setText(universe.shown_description)
        self.description.setVisible(bool(universe.shown_description))
        self.notes.setText(
            _("Notes: {notes}").format(notes=universe.notes) if universe.notes else ""
        )
        self._fill_skills(universe)
        self._fill_professions(universe)
        self._fill_settings(universe)
        self._fill_species(universe)

    def _fill_skills(self, universe: Universe) -> None:
        self.skills.clear()
        for group in universe.skill_groups:
            users = [
                universe.profession_name(p) for p in universe.professions_with_group(group.name)
            ]
            item = QTreeWidgetItem([universe.group_name(group.name), "", "", ""])
            bold = item.font(0)
            bold.setBold(True)
            item.setFont(0, bold)
            tip = _("Profession group of: ") + ", ".join(users) if users else _("In no profession")
            description = universe.group_description(group)
            item.setToolTip(0, (description + "\n\n" if description else "") + tip)
            self.skills.addTopLevelItem(item)
            _add_skills(item, group.skills, universe, group.name, [])
            item.setExpanded(True)
        _fit(self.skills)

    def _fill_professions(self, universe: Universe) -> None:
        self.professions.clear()
        for profession in universe.professions:
            description = universe.profession_description(profession)
            groups = ", ".join(universe.group_name(g) for g in profession.groups)
            item = QTreeWidgetItem([universe.profession_name(profession), groups, description])
            item.setToolTip(0, _("id {id}").format(id=profession.id))
            item.setToolTip(2, description)
            for group in profession.groups:
                found = universe.group(group)
                count = sum(1 for g, _unused, _unused in universe.walk_skills() if g == group)
                words = plural(count, "skill") if found else _("no such group")
                child = QTreeWidgetItem(["", universe.group_name(group), words])
                item.addChild(child)
            self.professions.addTopLevelItem(item)
        _fit(self.professions)

    def _settings_page(self) -> tuple[QWidget, QFormLayout, QTreeWidget]:
        page = QWidget()
        layout = QHBoxLayout(page)
        form_box = QWidget()
        form = QFormLayout(form_box)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        layout.addWidget(form_box)
        formulas = _tree(
            (
                _("Name"),
                _("Formula"),
                _("With every attribute at {AVERAGE}").format(AVERAGE=_AVERAGE),
            ),
            "formulas",
        )
        formulas.setRootIsDecorated(False)
        formulas.setToolTip(
            _("Formulas use the eight attributes, numbers, + - * / // %, comparisons and "
            "min, max, ceil, floor, round, abs. Stamina and body are required.")
        )
        right = QVBoxLayout()
        right.addWidget(formulas, 1)
        self.notes = QLabel(objectName="universe_notes")
        self.notes.setWordWrap(True)
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.notes.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        right.addWidget(self.notes)
        layout.addLayout(right, 1)
        return page, form, formulas

    def _fill_settings(self, universe: Universe) -> None:
        while self.settings_form.rowCount():
            self.settings_form.removeRow(0)
        for key, text, tip in _SETTINGS:
            value = QLabel(str(getattr(universe, key)), objectName=f"setting_{key}")
            value.setProperty("role", "figure")
            value.setToolTip(_(tip))
            name = QLabel(_(text))
            name.setToolTip(_(tip))
            self.settings_form.addRow(name, value)
        self.formulas.clear()
        average = {a.value: _AVERAGE for a in Attribute}
        for key, formula in universe.compiled_formulas.items():
            try:
                worked = str(formula.evaluate(average))
            except ValueError as exc:
                worked = _("cannot: {exc}").format(exc=exc)
            item = QTreeWidgetItem([key, formula.text, worked])
            item.setToolTip(1, formula.text)
            self.formulas.addTopLevelItem(item)
        _fit(self.formulas)

    def _fill_species(self, universe: Universe) -> None:
        self.species.clear()
        for species in universe.species:
            description = universe.species_description(species)
            item = QTreeWidgetItem([universe.species_name(species), species.id, description])
            item.setToolTip(2, description)
            self.species.addTopLevelItem(item)
        if not universe.species:
            self.species.addTopLevelItem(QTreeWidgetItem([_("(any; the pack names none)"), "", ""]))
        _fit(self.species)


def plural(count: int, noun: str) -> str:
    """A count of problems, professions or skills (the library's counted nouns)."""
    return counted_noun(count, noun)


def _tree(headers: tuple[str, ...], name: str) -> QTreeWidget:
    tree = QTreeWidget(objectName=name)
    tree.setHeaderLabels(list(headers))
    tree.setAlternatingRowColors(True)
    tree.setUniformRowHeights(True)
    tree.setWordWrap(False)
    tree.header().setStretchLastSection(True)
    return tree


def _fit(tree: QTreeWidget) -> None:
    header = tree.header()
    for column in range(tree.columnCount() - 1):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(tree.columnCount() - 1, QHeaderView.ResizeMode.Stretch)


def _add_skills(
    parent: QTreeWidgetItem,
    nodes: tuple[SkillNode, ...],
    universe: Universe,
    group: str,
    above: list[SkillNode],
) -> None:
    for node in nodes:
        chain = [*above, node]
        enhancement = (
            _("+{enhancement_bonus} when known").format(
                enhancement_bonus=universe.enhancement_bonus
            )
            if node.enhancement
            else ""
        )
        item = QTreeWidgetItem(
            [
                universe.skill_name(group, tuple(n.name for n in chain))
                + (" *" if node.enhancement else ""),
                label(node.attribute),
                enhancement,
                _untrained(chain, universe),
            ]
        )
        if node.enhancement:
            item.setToolTip(
                2,
                _("An enhancement refines the skill above it: a bonus when known, no penalty "
                "for not knowing it."),
            )
        item.setToolTip(
            3,
            _("A learned skill: nobody can try it without training.")
            if node.needs_training
            else _("Knowing none of this tree: half the attribute, less the specialty penalty "
            "for each specialty level (enhancements cost nothing)."),
        )
        parent.addChild(item)
        _add_skills(item, node.children, universe, group, chain)
        item.setExpanded(True)


def _untrained(chain: list[SkillNode], universe: Universe) -> str:
    penalty = untrained_penalty(chain, universe)
    if penalty is None:
        return _("cannot try")
    if penalty:
        return _("half −{value}").format(value=-penalty)
    # Translators: an untrained try of a skill uses half the attribute (no penalty).
    return pgettext("untrained skill", "half")
