"""Non-combat injuries: the synopsis's table of falls, crashes, poisons, gases, electricity,
drowning and fire, each an Effect that attacks BODY like a weapon's (it hits
automatically) with its own damage columns.

An Effect grows with an amount: storeys fallen, miles an hour, rounds or minutes of
exposure. Falls count at least one storey (the synopsis's trip to the ground is Effect 2);
speeds count whole steps of 10 MPH; exposure adds its step for each unit after the first.
A car crash's Effect is halved, rounded up as the synopsis rounds every half, with a seat
belt or an air bag. Drowning follows the breath rule (Effect 1 once the breath runs out,
+1 per 20 seconds more) as ``recovery`` does; the table's own line says 30 seconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.recovery import DROWNING_STEP_SECONDS


@dataclass(frozen=True)
class Hazard:
    key: str
    name: str
    base: int  # the Effect at the smallest amount
    step: int = 0  # Effect added per ``per`` of the amount
    unit: str = ""  # what the amount counts ("" when the Effect is fixed)
    per: int = 1  # amount per step (10 for 10 MPH)
    first_free: bool = False  # the first unit of exposure adds nothing
    cap: int | None = None
    belt_halves: bool = False
    columns: tuple[str, str, str] = ("-", "-", "-")  # damage A, B, C
    kills: bool = False  # an automatic kill, no roll
    note: str = ""


H = Hazard
HAZARDS: tuple[Hazard, ...] = (
    H("fall", N_("Fall"), 1, 1, "storeys", cap=20, columns=("B", "I", "C/K")),
    H("car_crash", N_("Car crash (passenger or driver)"), 1, 1, "MPH", per=10, belt_halves=True,
      columns=("F", "I", "C/K")),
    H("run_over", N_("Run over"), 2, 2, "MPH", per=10, cap=10, columns=("F", "I", "C/K")),
    H("micky_finn", N_("Knock-out drops"), 8, columns=("KO", "KO", "C/K")),
    H("strychnine", N_("Strychnine, a small amount"), 6, columns=("I", "C", "K")),
    H("cyanide", N_("Cyanide, a lot"), 10, columns=("C", "K", "K")),
    H("arsenic_tiny", N_("Arsenic, a tiny amount"), 3, columns=("-", "I", "C/K"),
      note=N_("repeated small doses can build an immunity")),
    H("arsenic_lot", N_("Arsenic, a lot"), 6, columns=("I", "C", "K"),
      note=N_("repeated small doses can build an immunity")),
    H("cobra", N_("Cobra venom"), 8, columns=("I", "C", "K"), note=N_("the cobra must hit first")),
    H("chloroform", N_("Chloroform or ether"), 6, 1, "rounds", first_free=True,
      columns=("KO", "KO", "C/K")),
    H("martian_gas", N_("Martian gas"), 5, 1, "rounds", first_free=True, columns=("F", "C", "K")),
    H("chlorine", N_("Chlorine gas"), 7, 1, "minutes", first_free=True, columns=("I", "C", "K")),
    H("gas_chamber", N_("Gas chamber"), 0, kills=True),
    H("cattle_fence", N_("Electric cattle fence"), 4, columns=("-", "B", "F")),
    H("mains_110", N_("Mains, 110 V"), 6, columns=("F", "I", "C/K")),
    H("mains_240", N_("Mains, 220-240 V"), 8, columns=("F", "I", "C/K")),
    H("fence_5000", N_("Electric fence, 5000 V"), 15, columns=("C", "K", "K")),
    H("electric_chair", N_("Electric chair"), 0, kills=True),
    H("drowning", N_("Drowning or suffocation"), 1, 1, N_("seconds past the breath"),
      per=DROWNING_STEP_SECONDS, columns=("I", "I", "C/K"),
      note=N_("damage other than death clears in a few hours")),
    H("vacuum", N_("Exposure to vacuum"), 6, 1, "seconds", per=5, columns=("F", "I", "C/K"),
      note=N_("heals at the usual rate")),
    H("match", N_("Match"), 1, 1, "rounds", first_free=True, columns=("F", "F", "F")),
    H("candle", N_("Candle flame"), 2, 1, "rounds", first_free=True, columns=("F", "F", "F")),
    H("bonfire", N_("Bonfire"), 4, 2, "rounds", first_free=True, columns=("F", "I", "I")),
    H("petrol_bomb", N_("Petrol bomb"), 7, 3, "rounds", first_free=True, columns=("I", "C", "C/K")),
    H("blast_furnace", N_("Blast furnace"), 10, 10, "rounds", first_free=True,
      columns=("C", "K", "K")),
    H("volcano", N_("Volcano"), 20, 10, "rounds", first_free=True, columns=("C", "K", "K")),
)
_BY_KEY = {h.key: h for h in HAZARDS}


def hazard(key: str) -> Hazard:
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ValueError(_("no non-combat injury '{key}'").format(key=key)) from None


def hazard_effect(key: str, amount: int = 1, *, belt: bool = False) -> int | None:
    """The Effect of hazard ``key`` at ``amount`` (its unit); None for an automatic kill.

    >>> hazard_effect("fall", 1), hazard_effect("fall", 2000)  # a trip; 20,000 ft
    (2, 20)
    >>> hazard_effect("car_crash", 45), hazard_effect("car_crash", 45, belt=True)
    (5, 3)
    >>> hazard_effect("run_over", 30), hazard_effect("run_over", 60), hazard_effect("bonfire", 3)
    (8, 10, 8)
    """
    found = hazard(key)
    if found.kills:
        return None
    if amount < 0:
        raise ValueError(
            _("an amount of {value} is 0 or more, not {amount}").format(
                value=found.unit or "exposure", amount=amount
            )
        )
    counted = amount
    if found.unit == "storeys":
        counted = max(amount, 1)
    elif found.first_free:
        counted = max(amount - 1, 0)
    effect = found.base + found.step * (counted // found.per)
    if found.cap is not None:
        effect = min(effect, found.cap)
    if belt and found.belt_halves:
        effect = math.ceil(effect / 2)
    return effect
