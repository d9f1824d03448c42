"""An asyncio event loop on its own thread, for the network work of a shared campaign.

The campaign's host and client are asyncio code (websockets, pycrdt providers); the window
runs Qt's event loop. Running asyncio on a worker thread keeps a slow network from freezing
the window, and keeps Qt out of the campaign package. Work goes in with ``submit``; results
and callbacks come back to the window's thread through ``call_soon_in_window``, so no
widget is ever touched from the worker thread.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal, Slot

T = TypeVar("T")


class BackgroundLoop(QObject):
    """Owns the worker thread and its loop; lives (and delivers) on the window's thread."""

    _deliver = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._run, name="sheetapp-campaign-loop", daemon=True
        )
        self._deliver.connect(self._call)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def submit(self, work: Coroutine[Any, Any, T]) -> Future[T]:
        """Run ``work`` on the worker loop; the future completes on the worker thread, so
        read it through ``when_done`` (or from a test), never block the window on it."""
        return asyncio.run_coroutine_threadsafe(work, self._loop)

    def when_done(
        self,
        future: Future[T],
        done: Callable[[T], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        """Call ``done(result)`` or ``failed(error)`` on the window's thread."""

        def finished(ended: Future[T]) -> None:
            error = ended.exception()
            if error is None:
                result = ended.result()
                self.call_soon_in_window(lambda: done(result))
            else:
                self.call_soon_in_window(lambda: failed(error))

        future.add_done_callback(finished)

    def call_soon_in_window(self, callback: Callable[[], None]) -> None:
        """Queue ``callback`` for the window's thread; safe to call from any thread."""
        self._deliver.emit(callback)

    @Slot(object)
    def _call(self, callback: Callable[[], None]) -> None:
        callback()

    def close(self, timeout: float = 5.0) -> None:
        """Cancel what still runs, stop the loop and join the thread."""
        if not self._thread.is_alive():
            return

        async def cancel_all() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(cancel_all(), self._loop).result(timeout)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout)
            if not self._thread.is_alive():
                self._loop.close()
