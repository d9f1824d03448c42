"""Field paths as a player reads them: ``skills[2].points`` -> "Skills › Marksman › Points".

>>> from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
>>> sheet = ForgottenFuturesSheet(skills=[Skill(name="Marksman")])
>>> field_label(sheet, "skills[0].points")
'Skills › Marksman › Points'
>>> field_label(sheet, "characteristics.body"), field_label(sheet, "bonus_ledger[3].roll")
('Characteristics › BODY', 'Bonus ledger › line 4 › Roll')
"""

from __future__ import annotations

from sheetapp.i18n import N_
from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
        "acquired": N_("Acquired"),
        "multiple": N_("Multiple"),
        "npc": N_("NPC"),
        "reduction": N_("Reduction"),
        "body": "BODY",
        "mind": "MIND",
        "soul": "SOUL",
        "bonus_ledger": N_("Bonus ledger"),
        "character_points": N_("Character points"),
        "allow_seven": N_("7 allowed"),
        "a": N_("Column A"),
        "b": N_("Column B"),
        "c": N_("Column C"),
        "settings": N_("Campaign settings"),
    }
)
