"""Reading the inputs of a system's odds calculator (``sheetapp odds SYSTEM --...``).

Every calculator takes whole numbers by name, some required, some with a default, each
allowed in a range; a bad input is refused with a message that names the option as it is
typed. Each plugin keeps its options and its ranges as data and calls these.

>>> options = (OddsOption("dice", "", required=True), OddsOption("target", "", default=5))
>>> given({"dice": 3}, options)
{'dice': 3, 'target': 5}
>>> given({}, options)
Traceback (most recent call last):
...
sheetapp.systems.plugin.RequestError: --dice is required
>>> within({"dice": 0}, ("dice",), 1, 99, "{flag} is a pool of {low} to {high} dice")
Traceback (most recent call last):
...
sheetapp.systems.plugin.RequestError: --dice is a pool of 1 to 99 dice
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from sheetapp.i18n import _
from sheetapp.systems.plugin import OddsOption, RequestError


def flag(name: str) -> str:
    """The option as typed on the command line: ``success_margin`` -> ``--success-margin``."""
    return f"--{name.replace('_', '-')}"


def given(values: Mapping[str, int | None], options: Sequence[OddsOption]) -> dict[str, int | None]:
    """Each option's value, or its default when none was given. Refused, naming every one
    missing, when a required option has no value."""
    missing = [flag(o.name) for o in options if o.required and values.get(o.name) is None]
    if len(missing) == 1:
        raise RequestError(_("{missing} is required").format(missing=missing[0]))
    if missing:
        raise RequestError(
            _("{join} and {missing} are required").format(
                join=", ".join(missing[:-1]), missing=missing[-1]
            )
        )
    found = {o.name: values.get(o.name) for o in options}
    return {o.name: o.default if found[o.name] is None else found[o.name] for o in options}


def within(
    values: Mapping[str, int | None], names: Iterable[str], low: int, high: int, message: str
) -> None:
    """Refuse the first of ``names`` given outside ``low..high``; ``message`` may use
    ``{flag}``, ``{value}``, ``{low}`` and ``{high}``."""
    for name in names:
        value = values.get(name)
        if value is not None and not low <= value <= high:
            raise RequestError(message.format(flag=flag(name), value=value, low=low, high=high))
