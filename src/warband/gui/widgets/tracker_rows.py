"""A table model's rows brought from one list to the next row by row, not by a reset: a tracker's tables change by
one row at a time (a Faithful leaves the Divination order, another is barred), and a reset would have every view
lay out, measure and paint the whole table again, and lose its selection.

The rows are told to the views as Qt asks: those whose key went are removed, those whose key came are inserted,
and a new order among the rest is a layout change that keeps the persistent indexes (the selection) on their rows.
The model's own list is changed in step with each signal, so that `rowCount()` and `data()` always agree with
what the views were told.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from PySide6.QtCore import QAbstractItemModel, QModelIndex

T = TypeVar("T")


def runs(rows: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted rows as runs of neighbours, `(first, last)`: [3, 4, 9] → [(3, 4), (9, 9)]."""
    found: list[tuple[int, int]] = []
    for row in rows:
        if found and found[-1][1] == row - 1:
            found[-1] = (found[-1][0], row)
        else:
            found.append((row, row))
    return found


def unchanged_ends(old: Sequence[T], new: Sequence[T]) -> tuple[int, int]:
    """How many rows two lists share at their head, then at their tail after it: the rows between are what an
    edit removed, inserted or changed (for lists whose rows have no unique key, which `follow_rows` needs)."""
    head = 0
    for now, was in zip(new, old, strict=False):
        if now is not was and now != was:
            break
        head += 1
    tail = 0
    for now, was in zip(reversed(new[head:]), reversed(old[head:]), strict=False):
        if now is not was and now != was:
            break
        tail += 1
    return head, tail


def follow_rows(model: QAbstractItemModel, rows: list[T], new: Sequence[T], key: Callable[[T], Hashable]) -> bool:
    """Make `rows` (the list `model` shows, changed in place) hold the rows of `new` in its order, telling the
    views each step; the keys must be unique within each list. A row whose key stays keeps its old value: the
    caller says what changed in it afterwards (`dataChanged`). Returns whether a row was removed, inserted or
    moved."""
    new_keys = [key(row) for row in new]
    wanted = set(new_keys)
    gone = [number for number, row in enumerate(rows) if key(row) not in wanted]
    for first, last in reversed(runs(gone)):  # from the bottom: the rows above keep their numbers
        model.beginRemoveRows(QModelIndex(), first, last)
        del rows[first : last + 1]
        model.endRemoveRows()
    kept = [key(row) for row in rows]
    staying = set(kept)
    order = [k for k in new_keys if k in staying]
    moved = kept != order
    if moved:
        _reorder(model, rows, kept, order)
    came = [number for number, k in enumerate(new_keys) if k not in staying]
    for first, last in runs(came):  # from the top: every row above `first` is already in its place
        model.beginInsertRows(QModelIndex(), first, last)
        rows[first:first] = new[first : last + 1]
        model.endInsertRows()
    return bool(gone or came or moved)


def _reorder(model: QAbstractItemModel, rows: list[T], kept: list[Hashable], order: list[Hashable]) -> None:
    """The same rows in a new order, as a layout change: the persistent indexes follow their rows."""
    model.layoutAboutToBeChanged.emit()
    place = {k: number for number, k in enumerate(order)}
    by_key = dict(zip(kept, rows, strict=True))
    rows[:] = [by_key[k] for k in order]
    before = model.persistentIndexList()
    after = [
        model.index(place[kept[index.row()]], index.column()) if 0 <= index.row() < len(kept) else QModelIndex()
        for index in before
    ]
    model.changePersistentIndexList(before, after)
    model.layoutChanged.emit()
