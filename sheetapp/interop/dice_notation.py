"""The common dice notation of a :class:`~sheetapp.interop.view.Check` in each target's
own spelling. Views spell success counting Roll20's way (``4d6>5``: each die of 5 or more
is a success; ``1d100<45``: a die of 45 or less is) and Fudge dice ``dF``; Foundry spells
them ``cs>=5``, ``cs<=45`` and ``df``.

>>> foundry_formula("1d100<45"), foundry_formula("4d6>5"), foundry_formula("4dF-1")
('1d100cs<=45', '4d6cs>=5', '4df-1')
"""

from __future__ import annotations

import re

_SUCCESS = re.compile(r"(\d+d\d+)([<>])(\d+)")


def foundry_formula(dice: str) -> str:
    return _SUCCESS.sub(lambda m: f"{m[1]}cs{m[2]}={m[3]}", dice).replace("dF", "df")
