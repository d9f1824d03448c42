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
    H("fall", "Fall", 1, 1, "storeys", cap=20, columns=("B", "I", "C/K")),
    H("car_crash", "Car crash (passenger or driver)", 1, 1, "MPH", per=10, belt_halves=True,
      columns=("F", "I", "C/K")),
    H("run_over", "Run over", 2, 2, "MPH", per=10, cap=10, columns=("F", "I", "C/K")),
    H("micky_finn", "Knock-out drops", 8, columns=("KO", "KO", "C/K")),
    H("strychnine", "Strychnine, a small amount", 6, columns=("I", "C", "K")),
    H("cyanide", "Cyanide, a lot", 10, columns=("C", "K", "K")),
    H("arsenic_tiny", "Arsenic, a tiny amount", 3, columns=("-", "I", "C/K"),
      note="repeated small doses can build an immunity"),
    H("arsenic_lot", "Arsenic, a lot", 6, columns=("I", "C", "K"),
      note="repeated small doses can build an immunity"),
    H("cobra", "Cobra venom", 8, columns=("I", "C", "K"), note="the cobra must hit first"),
    H("chloroform", "Chloroform or ether", 6, 1, "rounds", first_free=True,
      columns=("KO", "KO", "C/K")),
    H("martian_gas", "Martian gas", 5, 1, "rounds", first_free=True, columns=("F", "C", "K")),
    H("chlorine", "Chlorine gas", 7, 1, "minutes", first_free=True, columns=("I", "C", "K")),
    H("gas_chamber", "Gas chamber", 0, kills=True),
    H("cattle_fence", "Electric cattle fence", 4, columns=("-", "B", "F")),
    H("mains_110", "Mains, 110 V", 6, columns=("F", "I", "C/K")),
    H("mains_240", "Mains, 220-240 V", 8, columns=("F", "I", "C/K")),
    H("fence_5000", "Electric fence, 5000 V", 15, columns=("C", "K", "K")),
    H("electric_chair", "Electric chair", 0, kills=True),
    H("drowning", "Drowning or suffocation", 1, 1, "seconds past the breath",
      per=DROWNING_STEP_SECONDS, columns=("I", "I", "C/K"),
      note="damage other than death clears in a few hours"),
    H("vacuum", "Exposure to vacuum", 6, 1, "seconds", per=5, columns=("F", "I", "C/K"),
      note="heals at the usual rate"),
    H("match", "Match", 1, 1, "rounds", first_free=True, columns=("F", "F", "F")),
    H("candle", "Candle flame", 2, 1, "rounds", first_free=True, columns=("F", "F", "F")),
    H("bonfire", "Bonfire", 4, 2, "rounds", first_free=True, columns=("F", "I", "I")),
    H("petrol_bomb", "Petrol bomb", 7, 3, "rounds", first_free=True, columns=("I", "C", "C/K")),
    H("blast_furnace", "Blast furnace", 10, 10, "rounds", first_free=True,
      columns=("C", "K", "K")),
    H("volcano", "Volcano", 20, 10, "rounds", first_free=True, columns=("C", "K", "K")),
)
_BY_KEY = {h.key: h for h in HAZARDS}


def hazard(key: str) -> Hazard:
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ValueError(f"no non-combat injury '{key}'") from None


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
        raise ValueError(f"an amount of {found.unit or 'exposure'} is 0 or more, not {amount}")
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
