"""Confrontation's own widgets in the catalog editor: a Faithful's or a miracle's Aspects (CF-05) as one row of
three spin boxes, Creation, Alteration, Destruction, where the generic form would give a group of three rows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QWidget

from warband.gui.catalog_editor.editors import Context, Editor
from warband.model import catalog_fields as cf
from warband.model.catalog_edit import Path
from warband.model.messages import _
from warband.model.systems.confrontation.schema import ASPECT_NAMES, ASPECTS, Aspects


class AspectsEditor(Editor):
    """The three Aspects side by side; a value left out counts as 0, as the file's default."""

    def __init__(self, context: Context, path: Path, kind: cf.Group, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        self.spins: dict[str, QSpinBox] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for aspect in ASPECTS:
            spin = QSpinBox(self)
            spin.setObjectName(f"aspect_{aspect}")
            spin.setRange(0, 5)
            spin.setKeyboardTracking(False)
            spin.setAccessibleName(_(ASPECT_NAMES[aspect]))
            label = QLabel(_(ASPECT_NAMES[aspect]), self)
            label.setBuddy(spin)
            layout.addWidget(label)
            layout.addWidget(spin)
            spin.valueChanged.connect(self._on_spin_value_changed)
            spin.editingFinished.connect(self.context.seal)
            self.spins[aspect] = spin
        layout.addStretch(1)
        self.setFocusProxy(self.spins[ASPECTS[0]])
        self._value: dict[str, Any] = {}

    def show_value(self, value: Any) -> None:
        current = dict(value) if isinstance(value, Mapping) else {}
        self._value = current
        for aspect, spin in self.spins.items():
            level = current.get(aspect, 0)
            with QSignalBlocker(spin):
                spin.setValue(level if isinstance(level, int) else 0)

    def focus_widget(self) -> QWidget:
        return self.spins[ASPECTS[0]]

    def _on_spin_value_changed(self, _level: int) -> None:
        self._value = {**self._value, **{aspect: spin.value() for aspect, spin in self.spins.items()}}
        self.commit(self._value, merge=True)


def catalog_widget(context: Context, path: Path, kind: cf.Kind, default: Any, parent: QWidget) -> Editor | None:
    """The Aspects row for any field holding Aspects; the generic widget for everything else."""
    if isinstance(kind, cf.Group) and kind.model is Aspects:
        return AspectsEditor(context, path, kind, parent)
    return None
