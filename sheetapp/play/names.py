"""Name lists for generated characters: our own lists, one TOML file per culture or style
in ``resources/names/``, so a GM can add one by dropping in a file of the same shape."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sheetapp.dice import Roller
from sheetapp.i18n import _
from sheetapp.systems import draws

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

DEFAULT_LIST = "hearth"

Name = Annotated[str, Field(min_length=1, max_length=60)]


class NameListError(ValueError):
    """A name list file that cannot be read; the message names the file and the problem."""


class NameList(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Name
    name: Name
    description: str = ""
    order: Literal["given-family", "family-given"] = "given-family"
    given: tuple[Name, ...] = Field(min_length=1)
    family: tuple[Name, ...] = Field(min_length=1)

    # The shipped lists' titles and descriptions are in the catalog (``i18n_tools`` reads
    # them from the files); a list a GM adds reads as written.
    @property
    def shown_name(self) -> str:
        return _(self.name)

    @property
    def shown_description(self) -> str:
        return _(self.description)

    def pick(self, roller: Roller) -> str:
        """A full name: one given and one family name, in the culture's order."""
        given, family = draws.pick(roller, self.given), draws.pick(roller, self.family)
        return f"{given} {family}" if self.order == "given-family" else f"{family} {given}"


def parse_list(text: str, source: str) -> NameList:
    try:
        return NameList.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise NameListError(
            _("{source}: not valid TOML: {exc}").format(source=source, exc=exc)
        ) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise NameListError(f"{source}: {where}: {first['msg']}") from None


def list_files() -> list[tuple[str, NameList]]:
    """Each list in ``resources/names/`` with its file's name, in the files' order."""
    folder = resources.files("sheetapp.resources").joinpath("names")
    return [
        (entry.name, parse_list(entry.read_text(encoding="utf-8"), entry.name))
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".toml")
    ]


@cache
def name_lists() -> Mapping[str, NameList]:
    """The shipped lists by id, read once."""
    return MappingProxyType({names.id: names for _file, names in list_files()})


def name_list(list_id: str) -> NameList:
    lists = name_lists()
    if list_id not in lists:
        raise NameListError(
            _("unknown name list '{list_id}'; installed: {join}").format(
                list_id=list_id, join=", ".join(lists)
            )
        )
    return lists[list_id]
