"""A drop-down list that shows its whole choice when the row has room, and gives way
when it has not.

Qt's combo boxes either size to their widest item, and then never shrink (four filters
side by side overflow at a large zoom), or to a fixed number of letters, and then cut a
longer language's words where there is room to spare ("شخصيات اللاعبين وغ…"). This one
asks for its widest item and accepts its letters' minimum.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QWidget


class FittingCombo(QComboBox):
    def __init__(self, minimum_letters: int, parent: QWidget | None = None, **kwargs) -> None:
        super().__init__(parent, **kwargs)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(minimum_letters)

    def sizeHint(self) -> QSize:
        """Room for the widest choice, as the style draws a combo box around it."""
        shown = super().sizeHint()
        metrics = self.fontMetrics()
        widest = max(
            (metrics.horizontalAdvance(self.itemText(i)) for i in range(self.count())), default=0
        )
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        around = self.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, QSize(widest, shown.height()), self
        )
        return QSize(max(shown.width(), around.width()), shown.height())

    def minimumSizeHint(self) -> QSize:
        return super().sizeHint()  # the minimum letters' width
