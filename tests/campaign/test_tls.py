"""The host's identity and the two client contexts: first contact reads, pinning trusts
exactly one certificate."""

from __future__ import annotations

import asyncio
import ssl
import stat
from pathlib import Path

import pytest

from sheetapp.campaign.client import CampaignClient, MemoryReplicas
from sheetapp.campaign.tls import (
    TlsError,
    fingerprint,
    first_contact,
    make_identity,
    normal_fingerprint,
    pinned_client_context,
    server_context,
)
from sheetapp.campaign.wire import changed_fingerprints
from tests.campaign.conftest import ALICE, Membership, Table, eventually, run, with_table

from .servers import recording_tls


def test_the_key_is_owner_only_and_never_made_again(tmp_path: Path) -> None:
    first = make_identity(tmp_path / "tls")
    assert stat.S_IMODE(first.key_path.stat().st_mode) == 0o600
    key_bytes = first.key_path.read_bytes()
    again = make_identity(tmp_path / "tls")
    assert again.key_path.read_bytes() == key_bytes and again.fingerprint == first.fingerprint


def test_a_lost_certificate_is_made_again_from_the_kept_key(tmp_path: Path) -> None:
    first = make_identity(tmp_path)
    key_bytes = first.key_path.read_bytes()
    first.cert_path.unlink()
    again = make_identity(tmp_path)
    assert again.key_path.read_bytes() == key_bytes
    from cryptography import x509

    old = x509.load_pem_x509_certificate(first.cert_pem.encode())
    new = x509.load_pem_x509_certificate(again.cert_pem.encode())
    assert old.public_key() == new.public_key()


def test_a_damaged_key_is_one_line_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "host-key.pem").write_bytes(b"not a key")
    with pytest.raises(TlsError, match=r"host-key\.pem: not a usable private key"):
        make_identity(tmp_path)
    assert (tmp_path / "host-key.pem").read_bytes() == b"not a key"


def test_fingerprints_are_sha256_in_groups_and_any_spelling_normalises() -> None:
    fp = fingerprint(b"x")
    assert len(fp) == 79 and fp.count(":") == 15
    assert normal_fingerprint(fp.replace(":", "").lower()) == fp
    assert normal_fingerprint(fp.replace(":", " ")) == fp
    with pytest.raises(ValueError):
        normal_fingerprint(fp[:-1])


def test_first_contact_reads_the_certificate_and_sends_nothing(tmp_path: Path) -> None:
    identity = make_identity(tmp_path)

    async def scenario() -> tuple[bytes, list[bytes]]:
        async with recording_tls(identity) as listener:
            der = await first_contact("127.0.0.1", listener.port)
            await asyncio.sleep(0.1)
            return der, listener.received

    der, received = asyncio.run(scenario())
    assert fingerprint(der) == identity.fingerprint
    assert received == [b""]


def test_first_contact_with_nobody_listening_is_one_line() -> None:
    with pytest.raises(TlsError, match=r"127\.0\.0\.1:1 does not answer"):
        asyncio.run(first_contact("127.0.0.1", 1, timeout=2))


def test_a_pinned_client_refuses_any_other_certificate(tmp_path: Path) -> None:
    """The man-in-the-middle case: the pinned host's certificate is A, the listener shows
    B; the handshake fails and the listener receives no byte of application data."""
    pinned = make_identity(tmp_path / "a")
    intruder = make_identity(tmp_path / "b")

    async def scenario() -> list[bytes]:
        async with recording_tls(intruder) as listener:
            with pytest.raises(ssl.SSLCertVerificationError):
                _r, w = await asyncio.open_connection(
                    "127.0.0.1", listener.port, ssl=pinned_client_context(pinned.cert_pem)
                )
                w.write(b"secret")
            await asyncio.sleep(0.1)
            return listener.received

    assert b"secret" not in b"".join(asyncio.run(scenario()))


def test_a_pinned_client_accepts_its_own_host(tmp_path: Path) -> None:
    identity = make_identity(tmp_path)

    async def scenario() -> list[bytes]:
        async with recording_tls(identity) as listener:
            _r, w = await asyncio.open_connection(
                "127.0.0.1", listener.port, ssl=pinned_client_context(identity.cert_pem)
            )
            w.write(b"hello")
            await w.drain()
            await asyncio.sleep(0.2)
            w.close()
            return listener.received

    assert asyncio.run(scenario()) == [b"hello"]


def test_a_changed_host_certificate_is_said_with_both_fingerprints(tmp_path: Path) -> None:
    """A running client whose host comes back with another certificate is not "offline":
    its documents are refused for that reason, naming the trusted fingerprint and the one
    shown, and it stops dialling (no token is ever sent to that host)."""
    trusted = make_identity(tmp_path / "a")
    replaced = make_identity(tmp_path / "b")

    async def test(table: Table) -> None:
        device = table.gatekeeper.add(ALICE)
        membership = Membership(
            *table.address, device.id, table.gatekeeper.token(device),
            pinned_client_context(trusted.cert_pem), trusted.fingerprint,
        )
        client = CampaignClient(membership, MemoryReplicas(), delays=(0.02, 0.2))
        table.clients.append(client)
        await client.open("character:a1")
        assert client.status("character:a1") == "connected"
        table.host_options["ssl_context"] = server_context(replaced)
        await table.restart()
        await eventually(
            lambda: client.status("character:a1").startswith("refused"), 20, "the refusal"
        )
        status = client.status("character:a1")
        assert "certificate changed" in status
        assert trusted.fingerprint in status and replaced.fingerprint in status
        reason = status.partition(": ")[2]
        assert changed_fingerprints(reason) == (trusted.fingerprint, replaced.fingerprint)

    run(with_table(tmp_path / "host", test, ssl_context=server_context(trusted)), timeout=60)
