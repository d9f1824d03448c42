"""The character wizards, driven as a player would: fill the widgets, press Next, read the sheet.

Wolfgang's worked examples from the System Guide are the main paths: his prime character (a
light-fingered confidence man) and his later smuggler captain made from the same core.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QWizard,
)

from sheetapp.dice import Roller
from sheetapp.findings import Severity, has_errors
from sheetapp.systems.amazing_engine import experience, rules
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.generation import GenerationError
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.ui.amazing_engine.wizards import LaterCharacterWizard, PrimeCharacterWizard
from sheetapp.ui.theme import apply_theme

from ...systems.amazing_engine import wolfgang

A = Attribute
# Wolfgang's prime character, as the System Guide prints it.
WOLFGANG_RANKS = wolfgang.RANKS
WOLFGANG_FOUR = tuple(wolfgang.PRIME_CREATION["four_dice"])
WOLFGANG_ROLLS = wolfgang.PRIME_CREATION["rolls"]
WOLFGANG_POINTS = wolfgang.PRIME_CREATION["rank_points"]
WOLFGANG_FINAL = {A(name): score for name, score in wolfgang.PRIME_FINAL.items()}
ROGUE_SKILLS = ("Sneaking", "Persuasion", "Brawling")  # one from each Rogue group

# Wolfgang's second character (the smuggler captain).
CAPTAIN_DICE = wolfgang.SMUGGLER_CREATION["dice"]
CAPTAIN_ROLLS = wolfgang.SMUGGLER_CREATION["rolls"]
CAPTAIN_POINTS = wolfgang.SMUGGLER_CREATION["rank_points"]


# --- driving helpers --------------------------------------------------------------------------


def make_prime(qtbot, **kwargs) -> PrimeCharacterWizard:
    wizard = PrimeCharacterWizard(**kwargs)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def make_later(qtbot, sheet: AmazingEngineSheet, **kwargs) -> LaterCharacterWizard:
    """The later-character wizard, its character named "Captain" (a test renames it)."""
    wizard = LaterCharacterWizard(sheet, **kwargs)
    wizard.findChild(QLineEdit, "name").setText("Captain")
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def next_enabled(wizard: QWizard) -> bool:
    return wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def finish_enabled(wizard: QWizard) -> bool:
    return wizard.button(QWizard.WizardButton.FinishButton).isEnabled()


def press_next(wizard: QWizard) -> None:
    assert next_enabled(wizard), findings_text(wizard)
    before = wizard.currentId()
    wizard.next()
    assert wizard.currentId() == before + 1


def findings_text(wizard: QWizard) -> str:
    return wizard.currentPage().findChild(QLabel, "findings").text()


def spin(wizard: QWizard, name: str) -> QSpinBox:
    found = wizard.findChild(QSpinBox, name)
    assert found is not None, name
    return found


def choose(wizard: QWizard, name: str, data: object) -> None:
    combo = wizard.findChild(QComboBox, name)
    index = combo.findData(data)
    assert index >= 0, (name, data)
    combo.setCurrentIndex(index)


def label_text(wizard: QWizard, name: str) -> str:
    return wizard.findChild(QLabel, name).text()


def skill_item(wizard: QWizard, name: str) -> QTreeWidgetItem:
    tree = wizard.findChild(QTreeWidget, "skills")
    flags = Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive
    return next(i for i in tree.findItems(name, flags, 0) if i.parent() is not None)


def tick(wizard: QWizard, name: str, on: bool = True) -> QTreeWidgetItem:
    item = skill_item(wizard, name)
    item.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    return item


def wolfgang_ranks(qtbot, wizard: PrimeCharacterWizard) -> None:
    qtbot.keyClicks(wizard.findChild(QLineEdit, "name"), "Leo")
    qtbot.keyClicks(wizard.findChild(QLineEdit, "player"), "Wolfgang")
    for pool, rank in WOLFGANG_RANKS.items():
        choose(wizard, f"rank_{pool}", rank)


def wolfgang_four_dice(wizard: PrimeCharacterWizard) -> None:
    for attribute in WOLFGANG_FOUR:
        wizard.findChild(QCheckBox, f"four_dice_{attribute}").setChecked(True)


def fill(wizard: QWizard, prefix: str, values: dict[str, int]) -> None:
    for attribute, value in values.items():
        spin(wizard, f"{prefix}_{attribute}").setValue(value)


def drive_wolfgang(qtbot, wizard: PrimeCharacterWizard, *, until: str = "") -> None:
    """Wolfgang's prime character, page by page, stopping on the page titled ``until``."""
    steps = [
        ("Name and pool ranks", lambda: wolfgang_ranks(qtbot, wizard)),
        ("Attributes that roll 4d10", lambda: wolfgang_four_dice(wizard)),
        ("Rolls", lambda: fill(wizard, "roll", WOLFGANG_ROLLS)),
        ("Rank points", lambda: fill(wizard, "points", WOLFGANG_POINTS)),
        ("Universe, species and profession", lambda: character_page(qtbot, wizard, "", "rogue")),
    ]
    for title, act in steps:
        assert wizard.currentPage().title() == title
        if title == until:
            return
        act()
        press_next(wizard)
    assert wizard.currentPage().title() == "Skills"
    if until == "Skills":
        return
    for name in ROGUE_SKILLS:
        tick(wizard, name)
    tick(wizard, "Climbing")  # Athletics is not a Rogue group: a free-choice skill


def character_page(qtbot, wizard: QWizard, name: str, profession: str) -> None:
    """The universe page; a later character is named there too (a prime on page one)."""
    if name:
        edit = wizard.currentPage().findChild(QLineEdit, "name")
        edit.clear()
        qtbot.keyClicks(edit, name)
    choose(wizard, "universe", "generic")
    choose(wizard, "profession", profession)


def wolfgang_sheet(qtbot) -> AmazingEngineSheet:
    wizard = make_prime(qtbot, roller=Roller(1))
    drive_wolfgang(qtbot, wizard)
    return wizard.result_sheet()


# --- the prime character ----------------------------------------------------------------------


def test_wolfgang_prime_character(qtbot):
    wizard = make_prime(qtbot, roller=Roller(1))
    drive_wolfgang(qtbot, wizard)

    assert "Profession skills: 3 of 3" in label_text(wizard, "profession_count")
    assert "Free skills: 1 of 1" in label_text(wizard, "free_count")
    assert skill_item(wizard, "Sneaking").text(3) == "Profession"
    assert skill_item(wizard, "Climbing").text(3) == "Free choice"
    assert finish_enabled(wizard)

    sheet = wizard.result_sheet()
    assert sheet.core is not None
    assert sheet.core.player == "Wolfgang"
    assert {p.value: r for p, r in sheet.core.ranks.items()} == WOLFGANG_RANKS
    [leo] = sheet.characters
    assert (leo.name, leo.player, leo.profession, leo.creation.method) == (
        "Leo",
        "Wolfgang",
        "rogue",
        "prime",
    )
    assert leo.attributes == WOLFGANG_FINAL
    assert sorted(a.value for a in leo.creation.four_dice) == sorted(WOLFGANG_FOUR)
    assert [(s.name, s.source) for s in leo.skills] == [
        ("Sneaking", "profession"),
        ("Persuasion", "profession"),
        ("Brawling", "profession"),
        ("Climbing", "free"),
    ]
    assert sheet_figures(sheet).core.dice == {
        "physique": 6,
        "intellect": 6,
        "spirit": 4,
        "influence": 6,
    }
    assert not has_errors(rules.check(sheet))


def test_every_page_states_its_rule_and_findings(qtbot):
    wizard = make_prime(qtbot)
    pages = [wizard.page(i) for i in wizard.pageIds()]
    assert [p.title() for p in pages] == [
        "Name and pool ranks",
        "Attributes that roll 4d10",
        "Rolls",
        "Rank points",
        "Universe, species and profession",
        "Skills",
        "Gear",
    ]
    for page in pages:
        assert page.findChild(QLabel, "rule").text()
        assert page.findChild(QLabel, "findings") is not None
    assert (
        "Rank 1 gives 15, 2 gives 10, 3 gives 5, 4 gives 0"
        in pages[0].findChild(QLabel, "rule").text()
    )
    assert wizard.wizardStyle() == QWizard.WizardStyle.ClassicStyle
    assert wizard.minimumWidth() <= 1366 and wizard.minimumHeight() <= 768
    assert wizard.width() <= 1366 and wizard.height() <= 700


def test_ranks_start_distinct_and_swap(qtbot):
    wizard = make_prime(qtbot)
    ranks = {p.value: wizard.findChild(QComboBox, f"rank_{p.value}") for p in Pool}
    assert {p: c.currentData() for p, c in ranks.items()} == {
        "physique": 1,
        "intellect": 2,
        "spirit": 3,
        "influence": 4,
    }
    wolfgang_ranks(qtbot, wizard)
    assert {p: c.currentData() for p, c in ranks.items()} == WOLFGANG_RANKS

    choose(wizard, "rank_physique", 1)  # influence held rank 1: the two swap

    assert ranks["physique"].currentData() == 1
    assert ranks["influence"].currentData() == 2
    assert ranks["intellect"].currentData() == 4 and ranks["spirit"].currentData() == 3
    assert next_enabled(wizard)
    press_next(wizard)
    assert wizard.result_sheet().core.ranks[Pool.INFLUENCE] == 2


def test_four_dice_take_exactly_four(qtbot):
    wizard = make_prime(qtbot)
    assert not next_enabled(wizard)  # a character is named, as in every system's wizard
    qtbot.keyClicks(wizard.findChild(QLineEdit, "name"), "Leo")
    press_next(wizard)
    boxes = {a.value: wizard.findChild(QCheckBox, f"four_dice_{a.value}") for a in Attribute}
    assert not next_enabled(wizard)
    for name in WOLFGANG_FOUR[:3]:
        boxes[name].setChecked(True)
    assert not next_enabled(wizard)
    assert "choose 1 more" in findings_text(wizard)
    boxes[WOLFGANG_FOUR[3]].setChecked(True)
    assert next_enabled(wizard)
    # Once four are ticked, the others cannot be ticked.
    others = [b for n, b in boxes.items() if n not in WOLFGANG_FOUR]
    assert others and not any(b.isEnabled() for b in others)
    boxes["charm"].setChecked(False)
    assert all(b.isEnabled() for b in boxes.values())
    assert not next_enabled(wizard)


def test_rolls_show_the_dice_and_block_out_of_range(qtbot):
    wizard = make_prime(qtbot)
    drive_wolfgang(qtbot, wizard, until="Rolls")
    assert label_text(wizard, "dice_label_charm").startswith("4d10")
    assert label_text(wizard, "dice_label_fitness").startswith("3d10")
    assert spin(wizard, "roll_fitness").specialValueText() == "–"
    assert spin(wizard, "roll_fitness").maximum() == 40
    assert not next_enabled(wizard)  # nothing rolled yet

    fill(wizard, "roll", WOLFGANG_ROLLS)
    assert next_enabled(wizard)

    spin(wizard, "roll_fitness").setValue(35)  # 3d10 makes at most 30
    assert not next_enabled(wizard)
    assert "3d10 gives 3 to 30" in findings_text(wizard)
    assert spin(wizard, "roll_fitness").property("finding") == "error"

    spin(wizard, "roll_charm").setValue(3)  # 4d10 makes at least 4
    spin(wizard, "roll_fitness").setValue(16)
    assert not next_enabled(wizard)
    assert "4d10 gives 4 to 40" in findings_text(wizard)
    spin(wizard, "roll_charm").setValue(17)
    assert next_enabled(wizard)
    assert spin(wizard, "roll_fitness").property("finding") == ""


def test_typed_rolls_are_accepted(qtbot):
    wizard = make_prime(qtbot)
    drive_wolfgang(qtbot, wizard, until="Rolls")
    box = spin(wizard, "roll_reflexes")
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "31")
    assert box.value() == 31
    assert wizard.snapshot().character.creation.rolls[A.REFLEXES] == 31


def test_roll_for_me_fills_every_roll_within_range(qtbot):
    wizard = make_prime(qtbot, roller=Roller(2024))
    drive_wolfgang(qtbot, wizard, until="Rolls")
    spin(wizard, "roll_fitness").setValue(16)  # rolled at the table: kept

    qtbot.mouseClick(wizard.findChild(QPushButton, "roll_all"), Qt.MouseButton.LeftButton)

    assert spin(wizard, "roll_fitness").value() == 16
    for attribute in Attribute:
        dice = 4 if attribute.value in WOLFGANG_FOUR else 3
        assert dice <= spin(wizard, f"roll_{attribute.value}").value() <= 10 * dice
    assert next_enabled(wizard)


def test_roll_for_me_rolls_again_what_a_changed_choice_made_impossible(qtbot):
    wizard = make_prime(qtbot, roller=Roller(7))
    drive_wolfgang(qtbot, wizard, until="Rolls")
    four, three = WOLFGANG_FOUR[0], next(a.value for a in A if a.value not in WOLFGANG_FOUR)
    fill(wizard, "roll", {four: 40, three: 16})
    wizard.back()  # 4d10 moves from one attribute to another
    wizard.findChild(QCheckBox, f"four_dice_{four}").setChecked(False)
    wizard.findChild(QCheckBox, f"four_dice_{three}").setChecked(True)
    press_next(wizard)
    assert not next_enabled(wizard)  # 40 is past what 3d10 makes

    qtbot.mouseClick(wizard.findChild(QPushButton, "roll_all"), Qt.MouseButton.LeftButton)

    assert 3 <= spin(wizard, f"roll_{four}").value() <= 30  # rolled again, on 3d10
    assert spin(wizard, f"roll_{three}").value() == 16  # 4d10 can make it: kept
    assert next_enabled(wizard)


def test_roll_for_me_is_reproducible(qtbot):
    def rolled(seed: int) -> list[int]:
        wizard = make_prime(qtbot, roller=Roller(seed))
        drive_wolfgang(qtbot, wizard, until="Rolls")
        wizard.findChild(QPushButton, "roll_all").click()
        return [spin(wizard, f"roll_{a.value}").value() for a in Attribute]

    assert rolled(5) == rolled(5)


def test_rank_points_must_be_spent_exactly(qtbot):
    wizard = make_prime(qtbot)
    drive_wolfgang(qtbot, wizard, until="Rank points")
    assert not next_enabled(wizard)  # all unspent
    assert "Rank 1: 15 points, 15 left" in label_text(wizard, "points_left_influence")

    fill(wizard, "points", {"charm": 15, "fitness": 5, "reflexes": 5, "willpower": 4})
    assert not next_enabled(wizard)  # one of Spirit's points unspent
    assert "1 of Spirit's 5 rank points" in findings_text(wizard)

    spin(wizard, "points_willpower").setValue(5)
    assert next_enabled(wizard)
    assert label_text(wizard, "final_charm") == "= 32"
    assert label_text(wizard, "final_willpower") == "= 12"

    spin(wizard, "points_learning").setValue(2)  # Intellect is rank 4: no points
    assert not next_enabled(wizard)
    assert "gives 0 rank points but 2 are spent" in findings_text(wizard)
    assert "2 too many" in label_text(wizard, "points_left_intellect")
    spin(wizard, "points_learning").setValue(0)
    assert next_enabled(wizard)


def test_rank_points_cannot_pass_the_creation_cap(qtbot):
    wizard = make_prime(qtbot)
    drive_wolfgang(qtbot, wizard, until="Rolls")
    fill(wizard, "roll", {**WOLFGANG_ROLLS, "charm": 40})
    press_next(wizard)
    fill(wizard, "points", WOLFGANG_POINTS)  # 40 + 15 = 55 Charm

    assert not next_enabled(wizard)
    assert "no attribute may exceed 50" in findings_text(wizard)
    assert spin(wizard, "points_charm").property("finding") == "error"
    fill(wizard, "points", {"charm": 10, "position": 5})
    assert next_enabled(wizard)


def test_skills_follow_the_tree_and_the_counts(qtbot):
    wizard = make_prime(qtbot)
    drive_wolfgang(qtbot, wizard, until="Skills")
    fencing, blades = skill_item(wizard, "Fencing"), skill_item(wizard, "Blades")
    assert not fencing.flags() & Qt.ItemFlag.ItemIsEnabled  # needs Blades first
    tick(wizard, "Blades")
    assert fencing.flags() & Qt.ItemFlag.ItemIsEnabled
    tick(wizard, "Fencing")
    tick(wizard, "Sabre")
    assert "Profession skills: 3 of 3" in label_text(wizard, "profession_count")
    assert finish_enabled(wizard)  # no free skill taken yet: allowed

    tick(wizard, "Blades", on=False)  # drops its specialties too
    assert fencing.checkState(0) == Qt.CheckState.Unchecked
    assert skill_item(wizard, "Sabre").checkState(0) == Qt.CheckState.Unchecked
    assert blades.checkState(0) == Qt.CheckState.Unchecked
    assert wizard.result_sheet().characters[0].skills == []

    for name in ROGUE_SKILLS:
        tick(wizard, name)
    tick(wizard, "Streetwise")  # a Rogue group, but the profession slots are full
    assert skill_item(wizard, "Streetwise").text(3) == "Free choice"
    assert finish_enabled(wizard)

    tick(wizard, "Climbing")  # one skill too many
    assert not finish_enabled(wizard)
    assert "2 free skills taken but 1 allowed" in findings_text(wizard)
    tick(wizard, "Climbing", on=False)
    assert finish_enabled(wizard)


def test_changing_profession_refiles_skills(qtbot):
    wizard = make_prime(qtbot)
    drive_wolfgang(qtbot, wizard)
    wizard.back()
    choose(wizard, "profession", "soldier")  # Melee and Athletics are Soldier groups
    wizard.next()
    sources = {s.name: s.source for s in wizard.result_sheet().characters[0].skills}
    assert sources == {
        "Sneaking": "free",
        "Persuasion": "free",
        "Brawling": "profession",
        "Climbing": "profession",
    }
    assert not finish_enabled(wizard)  # two free skills but Intuition 28 allows one


# --- later characters -------------------------------------------------------------------------


def retired_wolfgang(qtbot) -> AmazingEngineSheet:
    sheet = wolfgang_sheet(qtbot)
    sheet.characters[0].status = "retired"
    return sheet


def test_wolfgang_later_character(qtbot):
    sheet = retired_wolfgang(qtbot)
    wizard = make_later(qtbot, sheet, roller=Roller(3))
    assert [wizard.page(i).title() for i in wizard.pageIds()] == [
        "Universe, species and profession",
        "Dice for each attribute",
        "Rolls",
        "Rank points",
        "Skills",
        "Gear",
    ]

    character_page(qtbot, wizard, "Captain", "explorer")
    press_next(wizard)

    assert label_text(wizard, "free_dice") == "Free dice left: 7 of 7"
    assert not next_enabled(wizard)
    fill(wizard, "dice", CAPTAIN_DICE)
    assert label_text(wizard, "pool_dice_physique") == "Physique: 6 pool dice, placed 8 (2 free)"
    assert label_text(wizard, "pool_dice_spirit") == "Spirit: 4 pool dice, placed 7 (3 free)"
    assert label_text(wizard, "free_dice") == "Free dice left: 0 of 7"
    assert spin(wizard, "dice_fitness").maximum() == 5
    press_next(wizard)

    assert label_text(wizard, "dice_label_fitness").startswith("5d10, 5–50")
    assert label_text(wizard, "dice_label_psyche").startswith("3d10, 3–30")
    fill(wizard, "roll", CAPTAIN_ROLLS)
    press_next(wizard)

    fill(wizard, "points", CAPTAIN_POINTS)
    assert label_text(wizard, "final_willpower") == "= 22"
    assert label_text(wizard, "final_position") == "= 40"
    press_next(wizard)

    tick(wizard, "Tracking")
    assert finish_enabled(wizard)
    captain = wizard.result_character()
    assert captain.creation.method == "from-core"
    assert captain.player == "Wolfgang"
    assert captain.attributes[A.WILLPOWER] == 22
    assert captain.attributes[A.POSITION] == 40
    assert captain.attributes[A.FITNESS] == 30
    assert captain.creation.pool_dice == {
        Pool.PHYSIQUE: 6,
        Pool.INTELLECT: 6,
        Pool.SPIRIT: 4,
        Pool.INFLUENCE: 6,
    }
    assert [(s.name, s.source) for s in captain.skills] == [("Tracking", "profession")]
    sheet.characters.append(captain)
    assert not has_errors(rules.check(sheet))
    assert len(sheet.characters) == 2  # the wizard left the given sheet alone until now


def test_an_eighth_free_die_is_blocked(qtbot):
    wizard = make_later(qtbot, retired_wolfgang(qtbot))
    press_next(wizard)
    fill(wizard, "dice", CAPTAIN_DICE)
    assert next_enabled(wizard)

    spin(wizard, "dice_reflexes").setValue(4)  # an eighth die beyond the pools

    assert not next_enabled(wizard)
    assert label_text(wizard, "free_dice") == "Free dice left: 0 of 7 (1 too many)"
    assert "a new character has 7 free dice" in findings_text(wizard)
    spin(wizard, "dice_reflexes").setValue(3)
    assert next_enabled(wizard)


def test_pool_dice_must_all_be_placed(qtbot):
    wizard = make_later(qtbot, retired_wolfgang(qtbot))
    press_next(wizard)
    fill(wizard, "dice", {**CAPTAIN_DICE, "learning": 1, "intuition": 1})
    assert not next_enabled(wizard)
    assert "Intellect's 6 pool dice are not all placed" in findings_text(wizard)


def test_later_rolls_follow_the_placed_dice(qtbot):
    wizard = make_later(qtbot, retired_wolfgang(qtbot), roller=Roller(9))
    press_next(wizard)
    fill(wizard, "dice", CAPTAIN_DICE)
    press_next(wizard)
    assert spin(wizard, "roll_fitness").maximum() == 50
    spin(wizard, "roll_reflexes").setValue(31)  # 3 dice make at most 30
    assert not next_enabled(wizard)
    wizard.findChild(QPushButton, "roll_all").click()  # what cannot be is rolled again
    for attribute, dice in CAPTAIN_DICE.items():
        assert dice <= spin(wizard, f"roll_{attribute}").value() <= 10 * dice
    assert next_enabled(wizard)


def test_one_active_character_per_universe(qtbot):
    sheet = wolfgang_sheet(qtbot)  # Leo is still active in the generic universe
    wizard = make_later(qtbot, sheet)
    assert not next_enabled(wizard)
    assert "one active character per universe" in findings_text(wizard)
    assert wizard.findChild(QComboBox, "universe").property("finding") == "error"
    found = [f for f in wizard.snapshot().findings if f.code == "ae.characters.same_universe"]
    assert found and found[0].severity is Severity.ERROR
    assert found[0].path == "characters[1].status"


def test_later_wizard_needs_a_core(qtbot):
    with pytest.raises(GenerationError):
        LaterCharacterWizard(AmazingEngineSheet(core=None))


def test_tab_order_follows_the_layout(qtbot):
    apply_theme(QApplication.instance(), "light")
    wizard = make_prime(qtbot)
    widget = wizard.findChild(QLineEdit, "player")
    names = []
    while len(names) < 4:
        widget = widget.nextInFocusChain()
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisible():
            names.append(widget.objectName())
    assert names == ["rank_physique", "rank_intellect", "rank_spirit", "rank_influence"]


def test_dice_that_find_no_room_go_unused_and_the_wizard_goes_on(qtbot):
    # 6 pool dice bought for each pool: 12, 12, 10, 12 dice, more than 5 + 5 can take.
    sheet = retired_wolfgang(qtbot)
    sheet = experience.award(sheet, 0, to_character=0, to_core=2400)
    for pool in Pool:
        sheet = experience.buy_pool_die(sheet, pool, 6)
    wizard = make_later(qtbot, sheet, roller=Roller(3))
    character_page(qtbot, wizard, "Giant", "explorer")
    press_next(wizard)
    fill(wizard, "dice", {a.value: 5 for a in Attribute})
    assert label_text(wizard, "free_dice") == (
        "Free dice left: 7 of 7 (every attribute is full: they go unused)"
    )
    assert next_enabled(wizard)


def test_the_character_is_named_first_and_takes_a_species_from_its_universe(qtbot):
    wizard = make_prime(qtbot)
    assert "Give the character a name." in findings_text(wizard)
    drive_wolfgang(qtbot, wizard, until="Skills")
    wizard.back()
    species = wizard.findChild(QComboBox, "species")
    assert species.isVisible()
    assert [species.itemText(i) for i in range(species.count())] == ["Human"]  # generic
    choose(wizard, "universe", "verdigris")
    assert [species.itemText(i) for i in range(species.count())] == [
        "Human",
        "Wound automaton",
        "Gloamling",
    ]
    choose(wizard, "species", "automaton")
    character = wizard.result_sheet().characters[0]
    assert (character.name, character.species) == ("Leo", "automaton")
