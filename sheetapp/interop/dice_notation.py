"""The common dice notation of a :class:`~sheetapp.interop.view.Check` in each target's
own spelling. Views spell success counting Roll20's way (``4d6>5``: each die of 5 or more
is a success) and Fudge dice ``dF``; Foundry spells them ``cs>=5`` and ``df``."""

from __future__ import annotations

import re

_SUCCESS = re.compile(r"(\d+d\d+)>(\d+)")


def foundry_formula(dice: str) -> str:
    return _SUCCESS.sub(r"\1cs>=\2", dice).replace("dF", "df")
