"""Help → Rules: every rule ID of the four systems with its title, a search line, and the chosen rule's text.

The texts are the program's own (`warband.model.rules_text`). The window opens the dialog on a rule named by a
problem or a refusal through `show_rule`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt
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
from warband.model.rules_text import RULES, SYSTEMS, RuleText, matches, rules_of

if TYPE_CHECKING:
    pass

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
