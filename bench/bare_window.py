"""The baseline every start-up figure is compared with: a bare PySide6 window that prints
``ready in N ms`` (from its first line to its first paint) and quits.

One copy, read as text by ``bench/startup.py`` (whose floor replaces the ``QApplication``
line) and by ``packaging/build.py``, so the bundle and the source checkout are held to the
same window.
"""

import time

started = time.perf_counter()
import sys  # noqa: E402  (timed from the first line, like the app)

from PySide6.QtCore import QEvent, QObject, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMainWindow  # noqa: E402

app = QApplication(sys.argv)
w = QMainWindow()
w.resize(1366, 768)


class F(QObject):
    def eventFilter(self, o, e):
        if e.type() == QEvent.Type.Paint and o is w:
            print(f"ready in {(time.perf_counter() - started) * 1000:.1f} ms", flush=True)
            QTimer.singleShot(0, app.quit)
        return False


f = F()
w.installEventFilter(f)
w.show()
app.exec()
