"""Every figure, abbreviation, box and column a form shows says what it is when hovered: the
rule behind a figure and its inputs, what a short heading stands for. Plain field names
("Name", "Notes") are the only exceptions (tests/ui/tooltips.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QTableView, QTabWidget, QWidget

from sheetapp.systems.plugin import NewOptions
from sheetapp.systems.registry import get_system, system_ids
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import ListTableModel
from sheetapp.ui.sheet_form import create_form

from .dialogs import TIPPED_DIALOGS, sheet_dialogs
from .tooltips import untipped


def every_page(root: QWidget) -> list[str]:
    """Bring forward every tab under ``root`` in turn (tabs appearing on the way included)
    and collect what each page shows without a tooltip."""
    seen: set[int] = set()
    missing: list[str] = []
    while pending := [t for t in root.findChildren(QTabWidget) if id(t) not in seen]:
        for tabs in pending:
            seen.add(id(tabs))
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                missing += [f"{tabs.tabText(index)}: {m}" for m in untipped(root)]
    return sorted(set(missing))


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize("system_id", system_ids())
def test_every_label_box_and_column_of_every_form_has_a_tooltip(
    qtbot, system_id: str, seed: int
) -> None:
    sheet = get_system(system_id).new(NewOptions(random=True, seed=seed))
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.resize(1366, 700)
    form.show()
    assert every_page(form) == []


def open_form(qtbot, system_id: str, seed: int = 3):
    sheet = get_system(system_id).new(NewOptions(random=True, seed=seed))
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.show()
    return form


def cell_tip(view: QTableView, row: int, title: str) -> str:
    model = view.model()
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    index = model.index(row, titles.index(title))
    return str(index.data(Qt.ItemDataRole.ToolTipRole))


def test_the_cryptic_columns_name_the_numbers_behind_them(qtbot) -> None:
    """'vs 6' says what the 6 is and which rating meets it; 'Hurt' names the rating it
    lowers; 'Base value' names the characteristics it is read from."""
    form = open_form(qtbot, "forgotten-futures")
    document = form.document
    view = form.findChild(QTableView, "skills")
    skill = document.sheet.skills[0]
    figures = form.skills_tab.figures().skills[0]
    vs_six = cell_tip(view, 0, "2D6 vs 6")
    assert f"at or under {figures.needed_vs_default}" in vs_six
    assert f"{skill.name} {figures.rating_now}" in vs_six
    assert "6, the defence when nothing better defends" in vs_six
    assert f"the rating {figures.rating}" in cell_tip(view, 0, "When hurt")
    base = cell_tip(view, 0, "Base value")
    assert base.startswith(f"{figures.base_value}: ")
    assert any(f"{name} " in base for name in ("BODY", "MIND", "SOUL"))

    # Wounds lower BODY skills: the tooltip follows the sheet.
    document.edit(("wounds", "injury"), True)
    body_rows = [i for i, s in enumerate(document.sheet.skills) if "B" in s.base]
    weapons = form.findChild(QTableView, "weapons")
    weapon = form.skills_tab.figures().weapons[0]
    assert cell_tip(weapons, 0, "When hurt").startswith(
        f"{weapon.effect_now}: the Effect {weapon.effect_text} = {weapon.effect}"
    )
    assert body_rows, "the random sheet has a skill on BODY"
    row = body_rows[0]
    hurt = form.skills_tab.figures().skills[row]
    assert f"{hurt.rating_now}: the rating {hurt.rating} lowered" in cell_tip(
        view, row, "When hurt"
    )


def test_a_figure_names_the_scores_it_comes_from(qtbot) -> None:
    form = open_form(qtbot, "amazing-engine")
    every_page(form)
    character = form.document.sheet.characters[0]
    stamina = form.findChild(QLabel, "figure_stamina")
    assert f"Willpower {character.attributes['willpower']}" in stamina.toolTip()
    assert f"Reflexes {character.attributes['reflexes']}" in stamina.toolTip()


@pytest.mark.parametrize(
    "name", sorted(n for n in sheet_dialogs() if n.startswith(TIPPED_DIALOGS))
)
def test_every_label_of_a_dialog_has_a_tooltip(qtbot, name: str) -> None:
    dialog = sheet_dialogs()[name]()
    qtbot.addWidget(dialog)
    dialog.show()
    assert untipped(dialog) == []


def test_a_d6_figure_names_the_attributes_it_comes_from(qtbot) -> None:
    form = open_form(qtbot, "d6-pool")
    every_page(form)
    stamina = form.document.sheet.attributes["stamina"]
    health = form.findChild(QLabel, "figure_health")
    assert f"Here from Stamina {stamina}." in health.toolTip()
    form.document.edit(("attributes", "stamina"), stamina + 1)
    form.pages.setCurrentWidget(form.character_tab)  # a hidden page catches up when shown
    assert f"Here from Stamina {stamina + 1}." in health.toolTip()


def test_a_modifier_names_the_score_and_bonus_behind_it(qtbot) -> None:
    form = open_form(qtbot, "alternity")
    every_page(form)
    form.pages.setCurrentIndex(0)  # the Hero page, where the abilities are
    strength = form.document.sheet.abilities["strength"]
    resistance = form.findChild(QLabel, "resistance_strength")
    assert f"Here from Strength {strength} and a bonus of +0." in resistance.toolTip()
    form.document.edit(("resistance_bonus", "strength"), 2)
    assert f"Here from Strength {strength} and a bonus of +2." in resistance.toolTip()


def test_a_skill_with_a_wound_names_its_ob_and_the_penalty(qtbot) -> None:
    form = open_form(qtbot, "amplitude")
    document = form.document
    document.edit(("wound",), "moderate")
    view = form.findChild(QTableView, "skills")
    skill = document.sheet.skills[0]
    tip = cell_tip(view, 0, "With wound")
    assert tip == f"{skill.ob - 2:+d}: OB {skill.ob:+d} with -2 for moderate wound."


@pytest.mark.parametrize("system_id", system_ids())
def test_every_cell_tooltip_of_every_table_reads(qtbot, system_id: str) -> None:
    """Hovering any cell works out its tooltip without an error, on an empty row too."""
    form = open_form(qtbot, system_id, seed=8)
    every_page(form)
    for view in form.findChildren(QTableView):
        model = view.model()
        if isinstance(model, ListTableModel):
            blank = type(model.item(0))() if model.rowCount() else None
            if blank is not None:
                model.append(blank, "Add a blank row")
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                tip = model.index(row, column).data(Qt.ItemDataRole.ToolTipRole)
                assert tip is None or isinstance(tip, str)
