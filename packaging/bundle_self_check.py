"""``sheetapp --self-check`` in a built bundle: use each dependency that PyInstaller cannot
see from the start-up imports, and name each one missing.

PyInstaller bundles what the entry point imports. Print preview, the campaign modules and
their libraries are imported late, by name, or load native code and backends at run time, so
a bundle can start and paint and still lack them. Each check does a small real thing
(renders and prints a page, makes a certificate, syncs a document, runs an event loop),
because an import alone succeeds while a native library or a lazily imported part is
missing. Every module is imported by name (``load``): PyInstaller scans this file too, and a
plain ``import`` here would bundle the very module it is meant to check for, hiding a gap
in ``sheetapp.spec``. ``tests/packaging/test_bundle.py`` runs it on the built bundle; users
never need it.
"""

from __future__ import annotations

import datetime
import os
import sys
import tempfile
from collections.abc import Callable
from importlib import import_module as load
from pathlib import Path


def _print_preview() -> None:
    """PDFium renders an exported page, and Qt's print support prints it to a PDF printer."""
    gui, printing = load("PySide6.QtGui"), load("PySide6.QtPrintSupport")
    preview = load("sheetapp.ui.print_preview")
    plugin, registry = load("sheetapp.systems.plugin"), load("sheetapp.systems.registry")

    app = gui.QGuiApplication.instance() or gui.QGuiApplication([])  # noqa: F841 (to paint)
    sheet = registry.get_system("d6-pool").new(plugin.NewOptions(random=True, seed=1))
    pages = preview.PdfPages(load("sheetapp.pdf.export").export_pdf_bytes([sheet]))
    if pages.image(0, 30).isNull():
        raise RuntimeError("PDFium rendered an empty page")
    with tempfile.TemporaryDirectory() as folder:
        printer = printing.QPrinter()
        printer.setOutputFormat(printing.QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(Path(folder) / "printed.pdf"))
        preview.print_pages(pages, printer, 1, 1)
        if (Path(folder) / "printed.pdf").stat().st_size < 1000:
            raise RuntimeError("printing to a PDF printer wrote nothing")


def _campaign_crypto() -> None:
    """A self-signed certificate, as a campaign host makes for its TLS."""
    x509, hashes = load("cryptography.x509"), load("cryptography.hazmat.primitives.hashes")
    ec = load("cryptography.hazmat.primitives.asymmetric.ec")
    key = ec.generate_private_key(ec.SECP256R1())
    common_name = load("cryptography.x509.oid").NameOID.COMMON_NAME
    name = x509.Name([x509.NameAttribute(common_name, "self-check")])
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = x509.CertificateBuilder().subject_name(name).issuer_name(name)
    builder = builder.public_key(key.public_key()).serial_number(1)
    builder.not_valid_before(now).not_valid_after(now).sign(key, hashes.SHA256())


def _campaign_sync() -> None:
    """Two Yjs documents reach the same text through an update, on an anyio event loop
    (anyio picks its asyncio backend by name at run time)."""
    anyio, pycrdt = load("anyio"), load("pycrdt")

    async def sync() -> str:
        await anyio.sleep(0)
        one, two = pycrdt.Doc(), pycrdt.Doc()
        one["name"] = pycrdt.Text("أحمد")
        two.apply_update(one.get_update())
        return str(two.get("name", type=pycrdt.Text))

    if anyio.run(sync) != "أحمد":
        raise RuntimeError("a pycrdt update did not carry the text")


def _campaign_network() -> None:
    """The websocket server and client, the pycrdt websocket provider, mDNS and the
    local addresses, imported as the campaign code imports them."""
    for name in ("pycrdt.websocket", "websockets.asyncio.client", "websockets.asyncio.server"):
        load(name)
    load("zeroconf.asyncio").AsyncZeroconf  # noqa: B018 (its compiled modules load here)
    load("ifaddr").get_adapters()


CHECKS: list[tuple[str, Callable[[], None]]] = [
    ("print preview (pypdfium2, QtPrintSupport)", _print_preview),
    ("campaign certificates (cryptography)", _campaign_crypto),
    ("campaign documents (pycrdt, anyio)", _campaign_sync),
    ("campaign network (pycrdt.websocket, websockets, zeroconf, ifaddr)", _campaign_network),
]


def main() -> int:
    """One line per check, "ok" or its error; exit 1 when any failed."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    failed = 0
    for name, check in CHECKS:
        try:
            check()
        except Exception as error:  # one line per check, whatever broke
            print(f"self-check failed: {name}: {type(error).__name__}: {error}", file=sys.stderr)
            failed += 1
        else:
            print(f"ok: {name}")
    return 1 if failed else 0
