"""The campaign's network loop runs beside the window: its results come back on the
window's thread, a failure arrives as an error rather than a crash, and closing it stops
work still running."""

from __future__ import annotations

import asyncio
import threading

import pytest

from sheetapp.ui.background_loop import BackgroundLoop


@pytest.fixture
def loop(qtbot):
    running = BackgroundLoop()
    yield running
    running.close()


def test_results_are_delivered_on_the_window_thread(qtbot, loop) -> None:
    async def work() -> str:
        await asyncio.sleep(0.01)
        return threading.current_thread().name

    seen: list[tuple[str, str]] = []
    loop.when_done(
        loop.submit(work()),
        lambda ran_on: seen.append((ran_on, threading.current_thread().name)),
        lambda error: pytest.fail(str(error)),
    )
    qtbot.waitUntil(lambda: bool(seen), timeout=3000)
    ran_on, delivered_on = seen[0]
    assert ran_on == "sheetapp-campaign-loop"
    assert delivered_on == threading.main_thread().name


def test_a_failure_is_delivered_as_an_error(qtbot, loop) -> None:
    async def work() -> None:
        raise ConnectionRefusedError("host not answering")

    errors: list[BaseException] = []
    loop.when_done(loop.submit(work()), lambda _: pytest.fail("no result"), errors.append)
    qtbot.waitUntil(lambda: bool(errors), timeout=3000)
    assert isinstance(errors[0], ConnectionRefusedError)


def test_closing_cancels_work_still_running(qtbot) -> None:
    loop = BackgroundLoop()
    cancelled = threading.Event()

    async def forever() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    loop.submit(forever())
    qtbot.wait(50)
    loop.close()
    assert cancelled.is_set()
    loop.close()  # a second close is harmless
