"""Which rule a refusal, a status line or a problem named last: Help → Explain the Last Rule Named opens it.

Kept apart from the rules help itself: the window follows the rules named from its first paint, and the rules'
texts (every game's) load only when a line does name a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, Signal

from warband.model.rule_text import RULE_AT_START

if TYPE_CHECKING:
    from warband.gui.army_document import ArmyDocument
    from warband.gui.builder.problems_panel import ProblemsPanel


class RuleNamer(QObject):
    """Remembers the rule named last: by a refusal ("CF-11: …"), a problem that appears, or a problem selected."""

    named = Signal(str)
    """A rule was named; it is now `last_rule`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.last_rule: str | None = None
        self._shown: frozenset[tuple[str, str, str | None]] = frozenset()
        self._document: ArmyDocument | None = None
        self._panel: ProblemsPanel | None = None

    def note(self, rule_id: str | None) -> None:
        from warband.model.rules_text import RULES

        if rule_id is None or rule_id not in RULES:
            return
        self.last_rule = rule_id
        self.named.emit(rule_id)

    def note_text(self, text: str) -> None:
        """A refusal or status line that starts with a rule ID names that rule; other text names none."""
        if RULE_AT_START.match(text) is None:
            return  # most status lines ("Ready", "Saved …"): the rules' texts are not needed
        from warband.model.rules_text import leading_rule

        self.note(leading_rule(text))

    def watch_problems(self, document: ArmyDocument, panel: ProblemsPanel) -> None:
        """Follow an army's problems (the document shown replaces the one watched before)."""
        self._document = document
        self._panel = panel
        self._shown = frozenset(self._keys())
        document.report_changed.connect(self._on_document_report_changed)
        panel.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)

    def _keys(self) -> list[tuple[str, str, str | None]]:
        if self._document is None:
            return []
        return [(p.rule, p.code, p.unit.id if p.unit else None) for p in self._document.report.problems]

    def _on_document_report_changed(self) -> None:
        if self.sender() is not self._document:
            return
        keys = self._keys()
        new = [key for key in keys if key not in self._shown]
        self._shown = frozenset(keys)
        if new:
            self.note(new[-1][0])

    def _on_table_current_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if current.isValid() and self._panel is not None and current.row() < self._panel.model.rowCount():
            self.note(self._panel.model.problem(current.row()).rule)
