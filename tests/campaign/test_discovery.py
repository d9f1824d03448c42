"""mDNS: a host advertised on loopback is found with its port and fingerprint; records
from the network are checked like any other input."""

from __future__ import annotations

import socket

import pytest
from hypothesis import given
from hypothesis import strategies as st
from zeroconf import ServiceInfo

from sheetapp.campaign import discovery
from sheetapp.campaign.discovery import SERVICE, Found, advertise, browse, instance_name
from sheetapp.campaign.tls import fingerprint

FP = fingerprint(b"host certificate")
LOOPBACK = ["127.0.0.1"]


def test_a_host_advertised_on_loopback_is_found() -> None:
    with advertise("Iron Road", 47474, FP, addresses=["127.0.0.1"], interfaces=LOOPBACK):
        found = browse(3.0, interfaces=LOOPBACK)
    if not found:
        pytest.skip("multicast on the loopback interface is not available here")
    assert Found("Iron Road", "127.0.0.1", 47474, FP) in found


@given(st.text(max_size=200))
def test_instance_names_fit_one_dns_label_and_keep_the_fingerprint(name: str) -> None:
    label = instance_name(name, FP)
    assert len(label.encode("utf-8")) <= 63 and "." not in label
    assert label.endswith(f" ({FP[:4]})")


class _OneRecord:
    """Stands in for Zeroconf's cache: answers one service-info lookup."""

    def __init__(self, info: ServiceInfo) -> None:
        self.info = info

    def get_service_info(self, service: str, name: str, timeout: int) -> ServiceInfo:
        return self.info


def _record(
    properties: dict[str, object], addresses: tuple[str, ...] = ("10.0.0.5",)
) -> ServiceInfo:
    return ServiceInfo(
        SERVICE,
        f"X (AB12).{SERVICE}",
        addresses=[socket.inet_aton(a) for a in addresses],
        port=47474,
        properties=properties,
    )


def test_a_good_record_is_read() -> None:
    info = _record({"v": "1", "name": "Iron Road", "fp": FP.replace(":", "")})
    assert discovery._found(_OneRecord(info), info.name) == Found(
        "Iron Road", "10.0.0.5", 47474, FP
    )


@pytest.mark.parametrize(
    ("properties", "addresses"),
    [
        ({"name": "x"}, ("10.0.0.5",)),
        ({"name": "x", "fp": "zz"}, ("10.0.0.5",)),
        ({"name": b"\xff", "fp": FP}, ("10.0.0.5",)),
        ({"name": "x", "fp": FP}, ()),
    ],
)
def test_malformed_records_are_skipped(
    properties: dict[str, object], addresses: tuple[str, ...]
) -> None:
    info = _record(properties, addresses)
    assert discovery._found(_OneRecord(info), info.name) is None


def test_the_lan_address_is_an_ipv4_address() -> None:
    socket.inet_aton(discovery.lan_address())
