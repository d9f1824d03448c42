"""Edge cases of the rules on the worked example's sheets (Wolfgang and his smuggler): chance
caps, pool dice against the core, XP transfers, skill prices, loaded movement and the hints
for dice and damage written the book's way."""

from __future__ import annotations

import json

from sheetapp.storage.document import loads
from sheetapp.systems.amazing_engine import experience
from sheetapp.systems.amazing_engine.derived import loaded_movement, movement
from sheetapp.systems.amazing_engine.figures import sheet_figures
from sheetapp.systems.amazing_engine.model import CharacterXpEntry, Weapon
from sheetapp.systems.amazing_engine.names import Attribute, Pool
from sheetapp.systems.amazing_engine.rules import check

from . import wolfgang

CAPTAIN = {**wolfgang.SMUGGLER_PRINTED, "willpower": 22}


def sheet_of(doc: dict):
    return loads(json.dumps(doc))


def codes(sheet) -> set[str]:
    return {f.code for f in check(sheet)}


def test_chances_shown_stop_at_94() -> None:
    sheet = sheet_of(wolfgang.document())
    sheet = experience.award(sheet, 0, to_character=400, to_core=0)
    sheet = experience.improve_attribute(sheet, 0, Attribute.REFLEXES, 54)  # to 90
    sheet = experience.buy_skill(sheet, 0, "Melee", ("Blades",))
    sheet = experience.buy_skill(sheet, 0, "Melee", ("Blades", "Knife fighting"))  # +10
    assert sheet_figures(sheet).characters[0].skills[1].chance == 94


def test_buying_a_pool_die_leaves_earlier_characters_valid() -> None:
    sheet = sheet_of(wolfgang.document(smuggler=CAPTAIN))
    sheet = experience.award(sheet, 0, to_character=0, to_core=100)
    bought = experience.buy_pool_die(sheet, Pool.PHYSIQUE)
    assert not [f for f in check(bought) if f.code.startswith("ae.from_core")]
    assert bought.characters[1].creation.pool_dice[Pool.PHYSIQUE] == 6


def test_recorded_pool_dice_must_match_the_core() -> None:
    doc = wolfgang.document(smuggler=CAPTAIN)
    doc["characters"][1]["creation"] = {
        **wolfgang.SMUGGLER_CREATION,
        "pool_dice": {"physique": 10, "intellect": 6, "spirit": 4, "influence": 6},
    }
    assert "ae.from_core.pool_dice" in codes(sheet_of(doc))


def test_transfers_in_must_have_left_the_core() -> None:
    sheet = sheet_of(wolfgang.document(smuggler=CAPTAIN))
    sheet.characters[1].xp_ledger.append(CharacterXpEntry(kind="transfer", amount=5000))
    assert "ae.xp.transfer_unmatched" in codes(sheet)


def test_a_hand_written_transfer_back_to_the_earner_is_reported() -> None:
    sheet = sheet_of(wolfgang.document(smuggler=CAPTAIN))
    sheet = experience.award(sheet, 1, to_character=0, to_core=50)
    sheet.core.xp_ledger.append(
        sheet.core.xp_ledger[0].model_copy(update={"kind": "transfer", "amount": -50})
    )
    sheet.characters[1].xp_ledger.append(CharacterXpEntry(kind="transfer", amount=50))
    assert "ae.xp.transfer_to_earner" in codes(sheet)


def test_a_character_that_received_a_transfer_may_later_deposit_into_the_core() -> None:
    # As the app writes it: Leo deposits, the captain takes core XP, then earns some for it.
    doc = wolfgang.document(smuggler=CAPTAIN)
    leo_id, captain_id = "leo", "captain"
    doc["characters"][0]["id"] = leo_id
    doc["characters"][1]["id"] = captain_id
    doc["core"]["xp_ledger"] = [
        {"kind": "award", "amount": 60, "character": leo_id},
        {"kind": "transfer", "amount": -30, "character": captain_id},
        {"kind": "award", "amount": 20, "character": captain_id},
    ]
    doc["characters"][1]["xp_ledger"] = [{"kind": "transfer", "amount": 30}]
    assert "ae.xp.transfer_to_earner" not in codes(sheet_of(doc))


def test_a_skill_bought_at_the_wrong_price_is_reported() -> None:
    sheet = sheet_of(wolfgang.document())
    sheet.characters[0].xp_ledger = [
        CharacterXpEntry(kind="award", amount=50),
        CharacterXpEntry(kind="skill", amount=-1, skill="Blades"),
    ]
    assert "ae.xp.skill_cost" in codes(sheet)


def test_loaded_running_per_minute_follows_the_halved_speed() -> None:
    slowed = loaded_movement(movement(31), "slowed", 31)
    assert (slowed.run, slowed.run_per_minute) == (15, 90)


def test_a_prime_without_its_four_dice_is_told_to_mark_them() -> None:
    doc = wolfgang.document()
    del doc["characters"][0]["creation"]["four_dice"]
    found = check(sheet_of(doc))
    assert "ae.creation.roll_range" not in {f.code for f in found}
    assert any(f.code == "ae.prime.mark_four_dice" and "Reflexes" in f.message for f in found)


def test_book_style_damage_gets_a_hint() -> None:
    sheet = sheet_of(wolfgang.document())
    sheet.characters[0].weapons = [Weapon(name="Service revolver", damage="2d6/5", lethality=5)]
    [finding] = [f for f in check(sheet) if f.code == "ae.weapons.damage"]
    assert "'2d6' as damage and 5 as lethality" in finding.message


def test_dice_pending_without_a_prime_says_what_to_do() -> None:
    doc = wolfgang.document(smuggler=CAPTAIN)
    del doc["characters"][0]
    [finding] = [f for f in check(sheet_of(doc)) if f.code == "ae.core.dice_pending"]
    assert "add the prime character" in finding.message
