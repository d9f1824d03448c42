"""Play at the table as pure steps: each takes a sheet and returns a changed copy, so the
app can offer every step as one undoable edit and tests can replay a scene.

Compounding misfortune counts the 4dF of Player's Total Rolls that came up negative in a
row. Each negative roll that makes the streak two or longer owes one consequence: the player
gives up 1 point of Thematic Momentum or takes a minor mishap. A zero or positive roll, a
different major action completed, or the end of the scene clears the streak.

>>> sheet = AmplitudeSheet(momentum=2)
>>> sheet, owed = record_roll(sheet, -1)
>>> sheet, owed = record_roll(sheet, -2)
>>> sheet.misfortune, owed
(2, True)
>>> sheet = settle_misfortune(sheet, "momentum")
>>> sheet.momentum, sheet.misfortune_owed, sheet.misfortune
(1, 0, 2)
>>> record_roll(sheet, 0)[0].misfortune
0
"""

from __future__ import annotations

from typing import Literal

from pydantic import ValidationError

from sheetapp.i18n import _
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.wounds import (
    RecoveryKind,
    after_healing,
    after_hit,
    after_recovery,
)
from sheetapp.systems.plugin import RequestError

Settlement = Literal["momentum", "mishap"]


def take_hit(sheet: AmplitudeSheet, result: str) -> AmplitudeSheet:
    """The sheet after a hit with table outcome ``result`` against its thresholds."""
    return _with(sheet, wound=after_hit(sheet.wound, result, sheet.thresholds))


def heal(sheet: AmplitudeSheet, steps: int = 1) -> AmplitudeSheet:
    """The sheet ``steps`` up the wound track."""
    return _with(sheet, wound=after_healing(sheet.wound, steps))


def recover(sheet: AmplitudeSheet, kind: RecoveryKind, result: str) -> AmplitudeSheet:
    """The sheet after a recovery roll (first aid, or rest and care) with outcome ``result``
    (``wounds.recovery_steps``)."""
    return _with(sheet, wound=after_recovery(sheet.wound, kind, result, sheet.thresholds))


def gain_momentum(sheet: AmplitudeSheet, points: int = 1) -> AmplitudeSheet:
    if points < 1:
        raise RequestError(_("momentum is gained a point or more at a time"))
    return _with(sheet, momentum=sheet.momentum + points)


def spend_momentum(sheet: AmplitudeSheet, points: int = 1) -> AmplitudeSheet:
    """Spend ``points`` of Thematic Momentum (each adds 1 to an action's Amp)."""
    if points < 1:
        raise RequestError(_("spend at least one point of momentum"))
    if points > sheet.momentum:
        raise RequestError(
            _("only {max} momentum to spend, not {points}").format(
                max=max(sheet.momentum, 0), points=points
            )
        )
    return _with(sheet, momentum=sheet.momentum - points)


def record_roll(sheet: AmplitudeSheet, dice: int) -> tuple[AmplitudeSheet, bool]:
    """Note the 4dF of a Player's Total Roll (the dice alone, before OB - DB); also returns
    whether this roll owes a consequence."""
    if not -4 <= dice <= 4:
        raise RequestError(_("4dF totals -4 to +4, not {dice}").format(dice=dice))
    if dice >= 0:
        return end_streak(sheet), False
    streak = max(sheet.misfortune, 0) + 1
    owed = streak >= 2
    owes = max(sheet.misfortune_owed, 0) + owed
    return _with(sheet, misfortune=streak, misfortune_owed=owes), owed


def settle_misfortune(sheet: AmplitudeSheet, choice: Settlement) -> AmplitudeSheet:
    """Pay one owed consequence with a point of momentum or by taking a minor mishap."""
    if sheet.misfortune_owed < 1:
        raise RequestError(_("no misfortune is owed"))
    update: dict[str, int] = {"misfortune_owed": sheet.misfortune_owed - 1}
    if choice == "momentum":
        if sheet.momentum < 1:
            raise RequestError(_("no momentum left to lose: take a minor mishap instead"))
        update["momentum"] = sheet.momentum - 1
    elif choice != "mishap":
        raise RequestError(
            _("settle with 'momentum' or 'mishap', not '{choice}'").format(choice=choice)
        )
    return _with(sheet, **update)


def end_streak(sheet: AmplitudeSheet) -> AmplitudeSheet:
    """Clear the streak: a roll of zero or better, another major action done, a scene over."""
    return _with(sheet, misfortune=0)


def _with(sheet: AmplitudeSheet, **values: object) -> AmplitudeSheet:
    """A copy with ``values`` set through validation, so a step can never store a value the
    file format refuses (a counter past its limit, say)."""
    copy = sheet.model_copy(deep=True)
    try:
        for key, value in values.items():
            setattr(copy, key, value)
    except ValidationError as exc:
        raise RequestError(f"{key}: {exc.errors()[0]['msg']}") from None
    return copy
