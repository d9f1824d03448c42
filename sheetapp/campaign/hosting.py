"""Where a hosted campaign lives on the GM's machine: one folder per campaign under
``<data dir>/hosting/<campaign id>/`` with its registry and its TLS identity.

Kept apart from the registry so the host (``sheetapp campaign serve``, the app's Campaign
> Host) and the command-line verbs find a campaign's files the same way.
"""

from __future__ import annotations

import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path

from sheetapp.campaign.limits import DEFAULT, Limits
from sheetapp.campaign.members import DEFAULT_PORT, Registry, RegistryError
from sheetapp.campaign.tls import Identity, make_identity
from sheetapp.data_dir import data_dir, private_folder
from sheetapp.i18n import _

REGISTRY_FILE = "registry.sqlite3"
TLS_FOLDER = "tls"


@dataclass(frozen=True)
class HostFolder:
    """One hosted campaign's folder; the host keeps its own database beside these."""

    path: Path

    @property
    def registry_path(self) -> Path:
        return self.path / REGISTRY_FILE

    def registry(self, limits: Limits = DEFAULT) -> Registry:
        return Registry(self.registry_path, limits=limits)

    def identity(self) -> Identity:
        """The TLS identity, made on first use and kept for good after."""
        return make_identity(self.path / TLS_FOLDER)


def hosting_folder() -> Path:
    return data_dir() / "hosting"


def create_host(
    name: str, gm_name: str, *, folder: Path | None = None, port: int = DEFAULT_PORT
) -> HostFolder:
    """A new campaign in ``folder`` (default: a new folder under ``hosting_folder``) with
    its registry and identity; a half-made folder is removed if either fails."""
    campaign_id = uuid.uuid4().hex
    target = folder or hosting_folder() / campaign_id
    made = not target.exists()
    try:
        private_folder(target)
        if not target.is_dir():
            raise RegistryError(_("{target}: cannot make the folder").format(target=target))
        Registry.create(target / REGISTRY_FILE, name, gm_name, campaign_id=campaign_id, port=port)
        host = HostFolder(target)
        host.identity()
    except BaseException:
        if made:
            shutil.rmtree(target, ignore_errors=True)
        raise
    return host


def hosted() -> list[HostFolder]:
    """The campaigns hosted under the data folder."""
    root = hosting_folder()
    if not root.is_dir():
        return []
    return [HostFolder(p.parent) for p in sorted(root.glob(f"*/{REGISTRY_FILE}"))]


def find_host(which: str | None = None, *, folder: Path | None = None) -> HostFolder:
    """The campaign in ``folder``, or the hosted one whose id or name is ``which``, or the
    only one hosted; RegistryError saying which to name when that is ambiguous."""
    if folder is not None:
        return HostFolder(folder)
    hosts = hosted()
    if which is not None:
        wanted = which.casefold()
        hosts = [h for h in hosts if wanted in (h.path.name, h.registry().campaign_name.casefold())]
    if len(hosts) == 1:
        return hosts[0]
    if not hosts:
        named = f" named {which}" if which else ""
        raise RegistryError(
            _("no campaign{named} is hosted here; make one with 'campaign create'").format(
                named=named
            )
        )
    names = ", ".join(f"{h.registry().campaign_name} ({h.path.name})" for h in hosts)
    raise RegistryError(
        _("several campaigns are hosted here: {names}; name one with --campaign").format(
            names=names
        )
    )
