"""The host's TLS identity and the two ways a client trusts it.

A campaign host is a laptop on a LAN or a small box at home, with no domain name and no
certificate authority, so it makes its own certificate once and keeps it. Trust comes
from the invite instead: the invite carries the certificate's SHA-256 fingerprint, the
client's first contact fetches the certificate without verifying it, compares the
fingerprint, and from then on pins exactly that certificate (trust on first use). A
machine in the middle showing any other certificate then fails the TLS handshake itself,
before a token or an invite code leaves the client.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import ipaddress
import os
import socket
import ssl
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.storage.atomic import PRIVATE, write_atomic

KEY_FILE = "host-key.pem"
CERT_FILE = "host-cert.pem"
# Pinned, not checked against a calendar a CA keeps: a certificate that expired would only
# lock the group out of its own campaign, so it lasts as long as the campaign may.
VALID_DAYS = 20 * 365
FINGERPRINT_HEX = 64  # SHA-256


class TlsError(Exception):
    """The identity cannot be made or read, or the host cannot be reached; one line."""


@dataclass(frozen=True)
class Identity:
    """The host's certificate and key files, and the certificate as invites name it."""

    cert_path: Path
    key_path: Path
    cert_pem: str

    @property
    def fingerprint(self) -> str:
        return fingerprint(ssl.PEM_cert_to_DER_cert(self.cert_pem))


def make_identity(directory: str | os.PathLike[str]) -> Identity:
    """The identity kept in ``directory``, made on the first call only.

    An existing key is never replaced: a new key would change the fingerprint every
    member pinned and lock them all out. A missing certificate is made again from it.
    """
    folder = Path(directory)
    key_path, cert_path = folder / KEY_FILE, folder / CERT_FILE
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if key_path.exists():
            key = _read_key(key_path)
        else:
            key = ec.generate_private_key(ec.SECP256R1())
            pem = key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
            write_atomic(key_path, pem, mode=PRIVATE)
        if not cert_path.exists():
            write_atomic(cert_path, _certificate(key).public_bytes(serialization.Encoding.PEM))
        cert_pem = cert_path.read_text(encoding="ascii")
        ssl.PEM_cert_to_DER_cert(cert_pem)
    except OSError as exc:
        raise TlsError(f"{exc.filename or folder}: {os_reason(exc)}") from None
    except ValueError as exc:
        raise TlsError(
            _("{cert_path}: not a certificate ({exc})").format(cert_path=cert_path, exc=exc)
        ) from None
    return Identity(cert_path, key_path, cert_pem)


def _read_key(path: Path) -> ec.EllipticCurvePrivateKey:
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (ValueError, TypeError) as exc:
        raise TlsError(
            _("{path}: not a usable private key ({exc})").format(path=path, exc=exc)
        ) from None
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise TlsError(_("{path}: not an elliptic-curve key").format(path=path))
    return key


def _certificate(key: ec.EllipticCurvePrivateKey) -> x509.Certificate:
    """Self-signed, for the names a client may dial; the names are a courtesy to tools
    that look at them, since the pinned context never checks the host name."""
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "sheetapp campaign host")])
    now = datetime.datetime.now(datetime.timezone.utc)
    alt: list[x509.GeneralName] = [x509.DNSName("localhost")]
    host = socket.gethostname()
    if host and host.isascii():
        alt.append(x509.DNSName(host))
    alt += [x509.IPAddress(ipaddress.ip_address(a)) for a in ("127.0.0.1", "::1")]
    public = key.public_key()
    return (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(public), critical=False)
        .sign(key, hashes.SHA256())
    )


def fingerprint(der: bytes) -> str:
    """SHA-256 of a certificate, upper-case hex in groups of four joined by ':' (what a
    person reads aloud to compare; ``normal_fingerprint`` accepts any spelling)."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i : i + 4] for i in range(0, len(digest), 4))


def normal_fingerprint(text: str) -> str:
    """``text`` in ``fingerprint``'s spelling, whatever separators or case it came in;
    ValueError when it is not 64 hex digits."""
    digits = "".join(ch for ch in text if ch not in ": -").upper()
    if len(digits) != FINGERPRINT_HEX or any(ch not in "0123456789ABCDEF" for ch in digits):
        raise ValueError("a certificate fingerprint is 64 hexadecimal digits")
    return ":".join(digits[i : i + 4] for i in range(0, len(digits), 4))


def compact_fingerprint(text: str) -> str:
    """The 64 digits alone, for links and mDNS records where separators cost escaping."""
    return normal_fingerprint(text).replace(":", "")


def server_context(identity: Identity) -> ssl.SSLContext:
    """What the host serves with: its own certificate, TLS 1.2 at least."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(identity.cert_path, identity.key_path)
    except (OSError, ssl.SSLError) as exc:
        raise TlsError(
            _("{cert_path}: cannot serve with it ({exc})").format(
                cert_path=identity.cert_path, exc=exc
            )
        ) from None
    return context


def pinned_client_context(cert_pem: str) -> ssl.SSLContext:
    """A client context that trusts exactly this certificate and nothing else.

    The host name is not checked (hosts are dialled by LAN address, which changes), so
    what protects the client is that no other certificate chains to this one: a
    man-in-the-middle fails the handshake.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_verify_locations(cadata=cert_pem)
    return context


async def first_contact(host: str, port: int, *, timeout: float = 10.0) -> bytes:
    """The certificate (DER) the server at ``host:port`` shows, read without trusting it.

    Nothing but a TLS handshake happens: the caller compares the fingerprint with the
    invite's before it sends anything. Raises ``TlsError`` when the host cannot be reached.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    try:
        _reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, ssl=context), timeout
        )
    except (OSError, ssl.SSLError, asyncio.TimeoutError) as exc:
        raise TlsError(
            _("{host}:{port} does not answer ({reason})").format(
                host=host, port=port, reason=_reason(exc)
            )
        ) from None
    try:
        ssl_object = writer.get_extra_info("ssl_object")
        der = ssl_object.getpeercert(binary_form=True) if ssl_object else None
    finally:
        writer.close()
        try:
            await asyncio.wait_for(writer.wait_closed(), timeout)
        except (OSError, ssl.SSLError, asyncio.TimeoutError):
            pass  # the certificate is read; how the socket closes does not matter
    if not der:
        raise TlsError(_("{host}:{port} showed no certificate").format(host=host, port=port))
    return der


def _reason(exc: BaseException) -> str:
    if isinstance(exc, asyncio.TimeoutError):
        return "timed out"
    if isinstance(exc, OSError) and (reason := os_reason(exc)):
        return reason
    return str(exc) or type(exc).__name__

