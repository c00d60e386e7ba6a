"""Help → Rules: every rule ID of the four systems with its title, a search line, and the chosen rule's text.

The texts are the program's own (`warband.model.rules_text`). The window opens the dialog on a rule named by a
problem or a refusal through `show_rule`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from warband.model.messages import _
from warband.model.rules_text import RULES, SYSTEMS, RuleText, leading_rule, matches, rules_of

if TYPE_CHECKING:
    from warband.gui.army_document import ArmyDocument
    from warband.gui.builder.problems_panel import ProblemsPanel

RULE_ROLE = Qt.ItemDataRole.UserRole
"""The rule ID an item of the list stands for (None on a system's heading)."""


def rule_sentences(rule: RuleText) -> str:
    """The rule as the help shows it: the title line, the text, then its rules options."""
    lines = [f"{rule.id} — {_(rule.title)}", "", _(rule.text)]
    if rule.options:
        lines += ["", _("Rules options (chosen when a battle starts):")]
        lines += [f"• {_(option)}" for option in rule.options]
    return "\n".join(lines)


class RulesHelpDialog(QDialog):
    """A window beside the main one (not modal): the rules by system, searchable, and the selected one's text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesHelpDialog")
        self.setWindowTitle(_("Rules"))
        self.setModal(False)

        self.search = QLineEdit(self)
        self.search.setObjectName("rulesSearch")
        self.search.setPlaceholderText(_("Search the rules (ID or words)"))
        self.search.setAccessibleName(_("Search the rules"))
        self.search.setClearButtonEnabled(True)

        self.tree = QTreeWidget(self)
        self.tree.setObjectName("rulesTree")
        self.tree.setAccessibleName(_("Rules"))
        self.tree.setHeaderHidden(True)
        self.tree.setColumnCount(1)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._systems: list[QTreeWidgetItem] = []
        for prefix, title in SYSTEMS.items():
            heading = QTreeWidgetItem(self.tree, [_(title)])
            heading.setData(0, RULE_ROLE, None)
            heading.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self._systems.append(heading)
            for rule in rules_of(prefix):
                item = QTreeWidgetItem(heading, [f"{rule.id}  {_(rule.title)}"])
                item.setData(0, RULE_ROLE, rule.id)
                item.setToolTip(0, _(rule.title))
                self._items[rule.id] = item
        self.tree.expandAll()

        self.text = QPlainTextEdit(self)
        self.text.setObjectName("ruleText")
        self.text.setAccessibleName(_("Rule text"))
        self.text.setReadOnly(True)
        self.empty = QLabel(_("No rule matches the search."), self)
        self.empty.setObjectName("rulesNoMatch")
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.hide()

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        left = QWidget(splitter)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.tree, 1)
        left_layout.addWidget(self.empty)
        splitter.addWidget(left)
        splitter.addWidget(self.text)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)

        self.search.textChanged.connect(self._on_search_text_changed)
        self.tree.currentItemChanged.connect(self._on_tree_current_item_changed)
        self.setTabOrder(self.search, self.tree)
        self.setTabOrder(self.tree, self.text)
        self.resize(900, 520)
        self.show_rule(next(iter(RULES)))

    # --- queries ---------------------------------------------------------------------------------------------
    def current_rule(self) -> str | None:
        item = self.tree.currentItem()
        if item is None or item.isHidden():
            return None
        rule_id = item.data(0, RULE_ROLE)
        return rule_id if isinstance(rule_id, str) else None

    def visible_rules(self) -> list[str]:
        """The rule IDs the search leaves in the list, in order."""
        return [rule_id for rule_id, item in self._items.items() if not item.isHidden()]

    # --- actions ---------------------------------------------------------------------------------------------
    def show_rule(self, rule_id: str) -> bool:
        """Select a rule and show its text (clearing a search that hides it); False for an unknown ID."""
        item = self._items.get(rule_id)
        if item is None:
            return False
        if item.isHidden():
            self.search.clear()
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self._show_text(rule_id)
        return True

    def set_search(self, text: str) -> None:
        self.search.setText(text)

    # --- slots -----------------------------------------------------------------------------------------------
    def _on_search_text_changed(self, text: str) -> None:
        for heading in self._systems:
            shown = 0
            for index in range(heading.childCount()):
                child = heading.child(index)
                if child is None:
                    continue
                rule = RULES[child.data(0, RULE_ROLE)]
                hide = bool(text.strip()) and not matches(rule, text, _)
                child.setHidden(hide)
                shown += not hide
            heading.setHidden(shown == 0)
        visible = self.visible_rules()
        self.empty.setVisible(not visible)
        current = self.current_rule()
        if current is None and visible:
            with QSignalBlocker(self.tree):
                self.tree.setCurrentItem(self._items[visible[0]])
            self._show_text(visible[0])
        elif not visible:
            self.text.clear()

    def _on_tree_current_item_changed(self, current: QTreeWidgetItem | None, previous: object) -> None:
        rule_id = None if current is None else current.data(0, RULE_ROLE)
        if isinstance(rule_id, str):
            self._show_text(rule_id)

    def _show_text(self, rule_id: str) -> None:
        self.text.setPlainText(rule_sentences(RULES[rule_id]))


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
        if rule_id is None or rule_id not in RULES:
            return
        self.last_rule = rule_id
        self.named.emit(rule_id)

    def note_text(self, text: str) -> None:
        """A refusal or status line that starts with a rule ID names that rule; other text names none."""
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
