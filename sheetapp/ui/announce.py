"""Telling assistive technology what just happened, without moving the focus.

A roll's result, new findings on the sheet being edited, the Table's round and turn appear
where a sighted person glances at them; a screen reader user would have to go looking.
Qt 6.8 added an announcement event for this (AT-SPI's "announcement", UI Automation's
notification, NSAccessibility's announcement request); the screen reader speaks the message
while the focus stays in the field being typed in. Sent only while assistive technology
listens: nothing is built otherwise.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent


def announce(source: QObject, message: str, *, urgent: bool = False) -> None:
    """Have a screen reader say ``message``, as coming from ``source`` (the widget that
    shows it); ``urgent`` interrupts what it is saying (a refusal), otherwise it waits."""
    text = " ".join(message.split())
    if not text or not QAccessible.isActive():
        return
    event = QAccessibleAnnouncementEvent(source, text)
    politeness = QAccessible.AnnouncementPoliteness
    event.setPoliteness(politeness.Assertive if urgent else politeness.Polite)
    QAccessible.updateAccessibility(event)
