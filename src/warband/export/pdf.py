"""HTML to an A4 PDF through QtGui (QTextDocument, QPdfWriter): no window, no QtWidgets.

Qt needs a QGuiApplication to lay text out; the window's QApplication serves when there is one, otherwise a
QGuiApplication is made on the offscreen platform (a headless command has no screen to ask for).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QFont, QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument

_app: QGuiApplication | None = None
"""The application made here when nobody else made one; kept so that Qt's singleton is not collected."""

RESOLUTION = 300
"""Dots per inch of the PDF's layout: fine enough for text, small enough to lay out fast."""
MARGIN_MM = 0.0
"""QTextDocument.print_ adds its own 2 cm margins to the printer's."""
BODY_POINTS = 10


def gui_application() -> QGuiApplication:
    """The running application, or a new offscreen one when there is none."""
    global _app
    existing = QGuiApplication.instance()
    if isinstance(existing, QGuiApplication):
        return existing
    if existing is not None:
        raise RuntimeError("a QCoreApplication is running: a PDF needs a QGuiApplication")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication(["warband"])
    return _app


def html_to_pdf(html: str, title: str = "") -> bytes:
    """The document laid out on A4 pages, with page numbers, as the bytes of a PDF file."""
    gui_application()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(RESOLUTION)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter)
    writer.setTitle(title)
    writer.setCreator("Warband")
    document = QTextDocument()
    font = QFont(document.defaultFont())
    font.setPointSize(BODY_POINTS)
    document.setDefaultFont(font)
    document.setHtml(html)
    document.print_(writer)
    del writer  # ends the PDF: the last page and the trailer are written when the writer goes
    buffer.close()
    return bytes(data.data())
