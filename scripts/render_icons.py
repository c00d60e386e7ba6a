"""Render Warband's icon for the Linux desktop: the PNGs of the freedesktop icon theme's usual sizes, from the one
drawing, resources/icons/warband.svg, which goes beside them as the scalable icon.

    python scripts/render_icons.py            write packaging/linux/share/icons/hicolor/<N>x<N>/apps/warband.png
                                              and scalable/apps/warband.svg (only the files that change)
    python scripts/render_icons.py --check    exit 1 when the scalable copy differs from the drawing, or a PNG is
                                              missing or not of its size (the PNGs are not compared byte for
                                              byte: another Qt may antialias a pixel differently)

Qt draws them (QtSvg's QSvgRenderer on a transparent QImage, on the offscreen platform: no display needed). Run
it again after changing the drawing; the PNGs are committed (our own art).
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRAWING = ROOT / "resources" / "icons" / "warband.svg"
THEME = ROOT / "packaging" / "linux" / "share" / "icons" / "hicolor"
NAME = "warband"
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int) -> Path:
    return THEME / f"{size}x{size}" / "apps" / f"{NAME}.png"


def scalable_path() -> Path:
    return THEME / "scalable" / "apps" / f"{NAME}.svg"


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's header (its IHDR chunk), None when the bytes are not a PNG."""
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def render(size: int) -> bytes:
    """The drawing as a PNG of `size` by `size` pixels, on a transparent ground."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(DRAWING))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {DRAWING} is not a drawing Qt can read")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.convertToFormat(QImage.Format.Format_ARGB32).save(buffer, "PNG"):
        raise SystemExit(f"render_icons: Qt could not write the {size} px PNG")
    buffer.close()
    return bytes(data.data())


def write(path: Path, data: bytes) -> bool:
    """Write `data` to `path` unless it holds them already; whether it wrote."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def check() -> list[str]:
    """What is stale or missing, one line each."""
    problems = []
    if not scalable_path().is_file() or scalable_path().read_bytes() != DRAWING.read_bytes():
        problems.append(f"{scalable_path().relative_to(ROOT)} differs from {DRAWING.relative_to(ROOT)}")
    for size in SIZES:
        path = png_path(size)
        found = png_size(path.read_bytes()) if path.is_file() else None
        if found != (size, size):
            problems.append(
                f"{path.relative_to(ROOT)}: {'missing' if found is None else found}, not {size}x{size}"
            )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when an icon is missing or stale")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for line in problems:
            print(f"render_icons: {line}", file=sys.stderr)
        return 1 if problems else 0

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    written = [scalable_path()] if write(scalable_path(), DRAWING.read_bytes()) else []
    for size in SIZES:
        if write(png_path(size), render(size)):
            written.append(png_path(size))
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    if not written:
        print("render_icons: every icon is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
