"""Helpers shared by the item models."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex

ModelIndex = QModelIndex | QPersistentModelIndex


def landing_row(
    source_parent: ModelIndex,
    source_row: int,
    count: int,
    destination_parent: ModelIndex,
    destination_child: int,
    rows: int,
) -> int | None:
    """Where one row moved by `moveRows` ends up, in the list without it; None when Qt asks for more than
    one row, for a tree, or for a place outside the list.

    Qt's `destination_child` is the row *before which* the moved row goes, counted with the row still there.
    """
    if count != 1 or source_parent.isValid() or destination_parent.isValid():
        return None
    if not 0 <= source_row < rows or not 0 <= destination_child <= rows:
        return None
    return destination_child - 1 if destination_child > source_row else destination_child
