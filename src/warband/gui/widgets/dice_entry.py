"""The dice thrown on the table, typed in ("6 3"): read when applied, a mistake said in words, nothing used until
the text reads as dice. The rules that use the dice decide whether they are enough; this only reads them."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from warband.model.dice import D6, DiceError, Die, parse_typed
from warband.model.messages import _

_COUNT_CODES = ("dice.count_one", "dice.count_many")


def read_dice(text: str, die: Die, count: int | None) -> tuple[int, ...]:
    """The values typed, as `parse_typed` reads them; with `count` None, as many as typed (at least one), for
    rolls whose number of dice depends on what they show (a 6 rolled again)."""
    if count is not None:
        return parse_typed(text, die, count)
    try:
        return parse_typed(text, die, 1)
    except DiceError as error:
        given = error.params.get("given") if error.code in _COUNT_CODES else None
        if not isinstance(given, int) or given < 1:
            raise
        return parse_typed(text, die, given)  # every value was read and checked: only the count was off


def example_dice(die: Die, count: int | None) -> str:
    """Values to show as an example ("6 3"), faces of the die."""
    return " ".join(str(die.low + (die.sides - 1 - 3 * i) % die.sides) for i in range(count or 2))


def error_colour(palette: QPalette) -> QColor:
    """A red that reads on light and dark palettes alike."""
    dark = palette.color(QPalette.ColorRole.Base).lightness() < 128
    return QColor(255, 120, 110) if dark else QColor(176, 0, 32)


class DiceEntryWidget(QWidget):
    """A line to type the table's dice in, a button to use them, and the reason when they cannot be read.

    `dice_entered` carries the values once they read as dice of the given kind and number; on a mistake the text
    stays for the player to correct, the reason is shown, and nothing is emitted. The owner shows a later
    refusal (dice the rules cannot use) with `show_error`.
    """

    dice_entered = Signal(tuple)
    """The values typed, in the order typed (a tuple of int)."""

    def __init__(
        self,
        die: Die = D6,
        count: int | None = 1,
        parent: QWidget | None = None,
        *,
        button_text: str = "",
    ) -> None:
        """Args:
        die: the kind of die thrown.
        count: how many dice; None for as many as typed (at least one).
        parent: the owning widget.
        button_text: the text of the button that uses the dice ("Use these dice" when empty).
        """
        super().__init__(parent)
        self.setObjectName("diceEntry")
        self._die = die
        self._count = count
        self._apply_enabled = True
        self.edit = QLineEdit(self)
        self.edit.setObjectName("diceEdit")
        self.edit.setAccessibleName(_("Dice thrown on the table"))
        self.edit.setClearButtonEnabled(True)
        self.edit.setMaxLength(200)
        self.apply_button = QPushButton(button_text or _("Use these dice"), self)
        self.apply_button.setObjectName("diceApplyButton")
        self.error_label = QLabel(self)
        self.error_label.setObjectName("diceError")
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        palette = self.error_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, error_colour(palette))
        self.error_label.setPalette(palette)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.error_label)

        self.edit.returnPressed.connect(self._on_edit_return_pressed)
        self.edit.textEdited.connect(self._on_edit_text_edited)
        self.apply_button.clicked.connect(self._on_apply_button_clicked)
        self._describe()

    # --- settings ------------------------------------------------------------------------------------------
    def set_dice(self, die: Die, count: int | None) -> None:
        """Expect another kind or number of dice (None: as many as typed)."""
        self._die = die
        self._count = count
        self._describe()

    def set_apply_enabled(self, enabled: bool) -> None:
        """Allow using the dice or not (the call is not ready); typing ahead stays possible."""
        self._apply_enabled = enabled
        self.apply_button.setEnabled(enabled)

    def _describe(self) -> None:
        example = example_dice(self._die, self._count)
        self.edit.setPlaceholderText(_("e.g. {example}").format(example=example))
        self.edit.setToolTip(
            _("The dice thrown on the table, in the order thrown (e.g. {example}); Enter uses them.").format(
                example=example
            )
        )

    # --- using the dice ------------------------------------------------------------------------------------
    def apply(self) -> tuple[int, ...] | None:
        """Read the text: the values (also emitted), or None with the reason shown and nothing emitted."""
        if not self._apply_enabled:
            return None
        try:
            values = read_dice(self.edit.text(), self._die, self._count)
        except DiceError as error:
            self.show_error(error.sentence)
            return None
        self.clear_error()
        self.dice_entered.emit(values)
        return values

    def show_error(self, text: str) -> None:
        """Say why the dice cannot be used; the text stays for the player to correct."""
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))
        self.edit.setAccessibleDescription(text)

    def clear_error(self) -> None:
        self.show_error("")

    def error_text(self) -> str:
        return self.error_label.text()

    def clear(self) -> None:
        """Empty the line and forget any mistake (the dice were used)."""
        self.edit.clear()
        self.clear_error()

    def _on_edit_return_pressed(self) -> None:
        self.apply()

    def _on_apply_button_clicked(self) -> None:
        self.apply()

    def _on_edit_text_edited(self, _text: str) -> None:
        if self.error_label.text():
            self.clear_error()  # being corrected
