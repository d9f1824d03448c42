"""Field paths as a player reads them: ``skills[2].points`` -> "Skills › Marksman › Points".

>>> from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet, Skill
>>> sheet = ForgottenFuturesSheet(skills=[Skill(name="Marksman")])
>>> field_label(sheet, "skills[0].points")
'Skills › Marksman › Points'
>>> field_label(sheet, "characteristics.body"), field_label(sheet, "bonus_ledger[3].roll")
('Characteristics › BODY', 'Bonus ledger › line 4 › Roll')
"""

from __future__ import annotations

from sheetapp.systems.field_labels import FieldLabels

field_label = FieldLabels(
    words={
        "body": "BODY",
        "mind": "MIND",
        "soul": "SOUL",
        "bonus_ledger": "Bonus ledger",
        "character_points": "Character points",
        "allow_seven": "7 allowed",
        "a": "Column A",
        "b": "Column B",
        "c": "Column C",
        "settings": "Campaign settings",
    }
)
