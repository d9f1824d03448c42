"""What an import gives back, and how a foreign actor's values are written into a sheet."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from sheetapp.findings import Finding, info, warning
from sheetapp.i18n import _
from sheetapp.interop.mapping import SystemMapping
from sheetapp.interop.reading import number, plain_text
from sheetapp.storage.document import FORMAT, FORMAT_VERSION, DocumentError, loads
from sheetapp.systems.registry import system_ids


class SystemNeeded(DocumentError):
    """A file sheetapp did not write, which does not say its game system: the caller asks
    (``--system``, or a choice in the app) and tries again."""

    def __init__(self, source: str) -> None:
        super().__init__(
            f"{source}: not exported by sheetapp, so name the game system to map it to "
            f"(one of {', '.join(system_ids())})"
        )


@dataclass(frozen=True)
class Imported:
    sheet: BaseModel
    findings: list[Finding] = field(default_factory=list)
    ours: bool = False  # the whole sheet came back from our own export
    # What a file made elsewhere held that the sheet has no place for, each named as the
    # file names it ("attribute hp", "item Rope"): the person enters it by hand or not.
    left_out: tuple[str, ...] = ()


def own_sheet(document: Any, source: str) -> BaseModel:
    """The sheet an export of ours carried, through the sheet loader's own checks."""
    if not isinstance(document, dict):
        raise DocumentError(_("{source}: the sheetapp copy is not an object").format(source=source))
    return loads(json.dumps(document), source)


def sheet_document(sheet: BaseModel) -> dict[str, Any]:
    return {"format": FORMAT, "format_version": FORMAT_VERSION, **sheet.model_dump(mode="json")}


@dataclass
class Foreign:
    """A sheet being filled from a file made elsewhere: what fitted, the findings so far,
    and what has no place on the sheet."""

    sheet: BaseModel
    findings: list[Finding] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)

    def done(self) -> Imported:
        """The import, with one finding that names everything left out."""
        findings = list(self.findings)
        if self.left_out:
            shown = ", ".join(self.left_out[:12])
            more = len(self.left_out) - 12
            findings.append(
                info(
                    "interop.unmapped",
                    "",
                    _("not brought in (no place on this sheet): {shown}").format(shown=shown)
                    + (f" and {more} more" if more > 0 else ""),
                )
            )
        return Imported(self.sheet, findings, left_out=tuple(self.left_out))


def foreign_sheet(
    mapping: SystemMapping, name: Any, biography: Any, values: dict[str, Any]
) -> Foreign:
    """A blank sheet with what a foreign actor's ``name``, ``biography`` and values (by stat
    key) can fill; each value that does not fit is left out with a finding, each value with
    no place is named in ``left_out``."""
    findings: list[Finding] = []
    blank = mapping.blank()
    plugin_model = type(blank)
    data = blank.model_dump(mode="json")
    _put(data, mapping.name_path, plain_text(name, "name", findings, 1000))
    _put(data, mapping.notes_path, plain_text(biography, "biography", findings))
    used: set[str] = set()
    for stat in mapping.view(plugin_model.model_validate(data)).stats:
        if stat.path is None or stat.key not in values:
            continue
        raw = values[stat.key]
        value: Any = (plain_text(raw, stat.key, findings, 1000) if isinstance(stat.value, str)
                      else number(raw, stat.key, findings))
        if value is None:
            continue
        trial = json.loads(json.dumps(data))
        _put(trial, stat.path, value)
        try:
            plugin_model.model_validate(trial)
        except ValidationError:
            findings.append(
                warning(
                    "interop.value.range",
                    stat.key,
                    _("{label} {value!r} does not fit this sheet; left out").format(
                        label=stat.label, value=value
                    ),
                )
            )
            continue
        data = trial
        used.add(stat.key)  # only what came in: a value refused above stays left out
    left = [f"attribute {k}" for k in sorted(k for k in values if k not in used)]
    return Foreign(plugin_model.model_validate(data), findings, left)


def changed_places(ours: Any, theirs: Any, where: str = "") -> list[str]:
    """Where ``theirs`` differs from what we wrote (``ours``). Keys a tabletop adds on its
    own (defaults, ids, sort orders) do not count, nor a number written as text or as a
    float: only a value we wrote and it changed."""
    if isinstance(ours, dict):
        if not isinstance(theirs, dict):
            return [where or "top level"]
        found: list[str] = []
        for key, value in ours.items():
            place = f"{where}.{key}" if where else str(key)
            found += changed_places(value, theirs.get(key), place) if key in theirs else [place]
        return found
    if isinstance(ours, list):
        if not isinstance(theirs, list) or len(theirs) != len(ours):
            return [where]
        return [p for n, (a, b) in enumerate(zip(ours, theirs, strict=True))
                for p in changed_places(a, b, f"{where}[{n}]")]
    return [] if _same_value(ours, theirs) else [where]


def _same_value(ours: Any, theirs: Any) -> bool:
    if ours == theirs and type(ours) is type(theirs):
        return True
    if isinstance(ours, bool) or isinstance(theirs, bool):
        return False
    return str(ours) == str(theirs) or (
        isinstance(ours, (int, float)) and isinstance(theirs, (int, float)) and ours == theirs
    )


def edited_finding(places: list[str], tabletop: str) -> list[Finding]:
    if not places:
        return []
    shown = ", ".join(places[:5]) + (f" and {len(places) - 5} more" if len(places) > 5 else "")
    return [
        warning(
            "interop.edited",
            "",
            _(
                "changed in {tabletop} since it was exported ({shown}); the "
                "sheet as exported is kept: enter the changes by hand"
            ).format(tabletop=tabletop, shown=shown),
        )
    ]


def _put(data: Any, path: str, value: Any) -> None:
    parts = path.split(".")
    for part in parts[:-1]:
        data = data[int(part)] if isinstance(data, list) else data.setdefault(part, {})
    data[parts[-1]] = value
