"""The Army builder tab: catalog browser, roster with totals, the selected unit, and the problems below.

A generic shell: the army's system supplies the browser's columns and filters and the unit panel (the registry).
The panes are never squeezed below what their names need: when the window is too narrow for three columns (a
large font preset, a small screen), the catalog and the selected unit share one column as tabs, and when even
that does not fit, every pane is a tab of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from PySide6.QtCore import QByteArray, QEvent, QMargins, QObject, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGroupBox, QScrollArea, QSplitter, QStyle, QTabWidget, QVBoxLayout, QWidget

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.catalog_browser import CatalogBrowser
from warband.gui.builder.problems_panel import ProblemsPanel
from warband.gui.builder.roster_panel import RosterPanel
from warband.gui.systems.registry import builder_panels
from warband.model.messages import _


class Arrangement(Enum):
    """How the builder's three panes share the width."""

    COLUMNS = "columns"
    """Catalog, army and selected unit side by side."""
    TWO_COLUMNS = "two columns"
    """The catalog and the selected unit as tabs of one column, beside the army."""
    TABS = "tabs"
    """Each pane a tab of its own, the whole width."""


UNIT_PANEL_CHARS = 36
"""The narrowest a unit panel is given, in average characters of its font (its own minimum is often less)."""


class RestorableSplitter(QSplitter):
    """A splitter that knows whether the window gave it the sizes of the last session."""

    restored = False
    on_restored: Callable[[], None] | None = None

    def restoreState(self, state: QByteArray | bytes | bytearray | memoryview) -> bool:  # noqa: N802
        self.restored = super().restoreState(state)
        if self.on_restored is not None:
            self.on_restored()
        return self.restored


def _slot(pane: QWidget) -> QWidget:
    """A pane's place in a splitter: it holds the pane, or nothing (hidden) while the pane is a tab."""
    slot = QWidget()
    layout = QVBoxLayout(slot)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(pane)
    return slot


def _boxed(title: str, widget: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(6, 6, 6, 6)
    layout.addWidget(widget)
    return box


class BuilderTab(QWidget):
    """One army document shown in three columns over the problems list (fewer columns when they do not fit)."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        panels = builder_panels(document.army.system)
        self.browser = CatalogBrowser(document, profiles=panels.profiles)
        self.roster = RosterPanel(document)
        self.unit_panel = panels.unit_panel(document)
        self.problems = ProblemsPanel(document)

        self.catalog_box = _boxed(_("Catalog"), self.browser)
        self.army_box = _boxed(_("Army"), self.roster)
        self.unit_scroll = QScrollArea()
        """The unit panel scrolls rather than make the window taller than the screen (large fonts)."""
        self.unit_scroll.setObjectName("unitPanelScroll")
        self.unit_scroll.setWidgetResizable(True)
        self.unit_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.unit_scroll.setWidget(self.unit_panel)
        self.unit_box = _boxed(_("Selected unit"), self.unit_scroll)
        self._titles: dict[QWidget, str] = {b: b.title() for b in (self.catalog_box, self.army_box, self.unit_box)}
        self.panes = QTabWidget()
        """The panes that do not fit side by side, as tabs, in the catalog's place (hidden while all fit)."""
        self.panes.setObjectName("builderPanes")
        self.panes.hide()
        # Each pane has a place of its own in the splitters, whatever the arrangement, so that the splitters
        # always hold the same children and a saved state fits any arrangement
        self._slots: dict[QWidget, QWidget] = {
            box: _slot(box) for box in (self.catalog_box, self.army_box, self.unit_box, self.problems)
        }
        self._slot_layout(self.catalog_box).addWidget(self.panes)
        self.columns = RestorableSplitter(Qt.Orientation.Horizontal)
        self.columns.setObjectName("builderColumns")
        for box in (self.catalog_box, self.army_box, self.unit_box):
            self.columns.addWidget(self._slots[box])
        self.columns.setStretchFactor(0, 0)  # when the window grows, the army and the selected unit take the room
        self.columns.setStretchFactor(1, 1)
        self.columns.setStretchFactor(2, 1)
        self.columns.setChildrenCollapsible(False)

        self.rows = QSplitter(Qt.Orientation.Vertical)
        self.rows.setObjectName("builderRows")
        self.rows.addWidget(self.columns)
        self.rows.addWidget(self._slots[self.problems])
        self.rows.setStretchFactor(0, 1)
        self.rows.setStretchFactor(1, 0)
        self.rows.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.rows)
        self.setFocusProxy(self.browser)

        self.arrangement = Arrangement.COLUMNS
        self._favoured_for: tuple[int, tuple[int, int, int]] | None = None
        """The width and the panes' needs the columns were last shared out for (None: not yet; a state restored
        from the last session is kept if it cuts nothing)."""
        self._arrange_timer = QTimer(self)
        self._arrange_timer.setSingleShot(True)
        self._arrange_timer.setInterval(0)
        self._arrange_timer.timeout.connect(self.arrange)
        self.columns.on_restored = self._on_columns_restored
        document.report_changed.connect(self._on_problems_counted)
        document.selection_changed.connect(self._on_document_selection_changed)

    def _on_columns_restored(self) -> None:
        """Sizes from the last session (or the army shown before): kept if they cut nothing, checked anew."""
        self._favoured_for = None
        self._arrange_timer.start()

    def splitters(self) -> dict[str, QSplitter]:
        """The splitters whose sizes are kept between sessions, by name."""
        return {"builder.columns": self.columns, "builder.rows": self.rows}

    # --- widths --------------------------------------------------------------------------------------------
    def pane_needs(self) -> tuple[int, int, int]:
        """The narrowest the catalog, the army and the selected unit can be with nothing cut, in this font."""
        unit = self._unit_margins() + max(
            self.unit_panel.minimumSizeHint().width(),
            self.unit_panel.fontMetrics().averageCharWidth() * UNIT_PANEL_CHARS,
        )
        return self.catalog_box.minimumSizeHint().width(), self.army_box.minimumSizeHint().width(), unit

    def _army_wanted(self) -> int:
        extra = self.army_box.minimumSizeHint().width() - self.roster.table.minimumWidth()
        return max(self.army_box.minimumSizeHint().width(), self.roster.wanted_width() + extra)

    def _catalog_wanted(self) -> int:
        extra = self.catalog_box.minimumSizeHint().width() - self.browser.profile_view.minimumWidth()
        return extra + self.browser.wanted_width()

    def _choose(self, width: int) -> Arrangement:
        catalog, army, unit = self.pane_needs()
        handle = self.columns.handleWidth()
        if catalog + army + unit + 2 * handle <= width:
            return Arrangement.COLUMNS
        if max(catalog, unit) + army + handle <= width:
            return Arrangement.TWO_COLUMNS
        return Arrangement.TABS

    def arrange(self) -> None:
        """Put the panes in columns or tabs for the width there is, and give the army its width first.

        The player's own splitter sizes (dragged, or restored from the last session) are kept while the width
        stays the same and they cut nothing; a new width or arrangement shares the room again.
        """
        needs = self.pane_needs()
        catalog, army, unit = needs
        self.unit_scroll.setMinimumWidth(unit - self._unit_margins())  # the splitter never squeezes it more
        # The window may be as narrow as the widest pane (then each pane is a tab): never wider than the screen
        self.columns.setMinimumWidth(max(catalog, army, unit))
        width = self.columns.width() if self.isVisible() else self.width() - 8
        chosen = self._choose(width)
        if chosen is not self.arrangement:
            self._rearrange(chosen)
            self._favour_army()
        elif (width, needs) != self._favoured_for and (
            self._favoured_for is not None or not (self.columns.restored and self._sizes_fit())
        ):
            self._favour_army()
        self._favoured_for = (width, needs)

    def _sizes_fit(self) -> bool:
        """Whether the columns' sizes (a state restored from the last session, or from the army shown before)
        give every pane what it needs, and the army what sharing out would."""
        if self.arrangement is not Arrangement.COLUMNS:
            return True
        sizes = dict(zip((self.catalog_box, self.army_box, self.unit_box), self.columns.sizes(), strict=True))
        catalog, army, unit = self.pane_needs()
        room = sum(sizes.values())
        army_fair = min(self._army_wanted(), room - catalog - unit)  # what sharing out would give the army
        return (
            sizes.get(self.catalog_box, 0) >= catalog
            and sizes.get(self.army_box, 0) >= max(army, army_fair)
            and sizes.get(self.unit_box, 0) >= unit
        )

    def _unit_margins(self) -> int:
        layout = self.unit_box.layout()
        margins = layout.contentsMargins() if layout is not None else QMargins()
        frame = self.unit_box.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, self.unit_box)
        scroll = self.unit_scroll.verticalScrollBar().sizeHint().width()  # a tall panel scrolls: never sideways
        return margins.left() + margins.right() + 2 * frame + scroll

    def _slot_layout(self, pane: QWidget) -> QVBoxLayout:
        layout = self._slots[pane].layout()
        assert isinstance(layout, QVBoxLayout)
        return layout

    def _rearrange(self, chosen: Arrangement) -> None:
        current = self.panes.currentWidget()
        self.arrangement = chosen
        while self.panes.count():
            self.panes.removeTab(0)
        in_tabs: list[QWidget] = []
        if chosen is Arrangement.TWO_COLUMNS:
            in_tabs = [self.catalog_box, self.unit_box]
        elif chosen is Arrangement.TABS:  # the problems too: four rows of them would leave none to the army
            in_tabs = [self.catalog_box, self.army_box, self.unit_box, self.problems]
        for pane in self._slots:
            if pane in in_tabs:
                continue
            self._slot_layout(pane).insertWidget(0, pane)
            if isinstance(pane, QGroupBox):
                pane.setTitle(self._titles[pane])
            pane.show()
        for pane in in_tabs:
            self.panes.addTab(pane, self._pane_title(pane))
            if isinstance(pane, QGroupBox):
                pane.setTitle("")  # the tab says it
        self.panes.setVisible(bool(in_tabs))
        for pane, slot in self._slots.items():  # the catalog's place holds the tabs
            slot.setVisible(pane not in in_tabs or (pane is self.catalog_box and bool(in_tabs)))
        if current in in_tabs:
            self.panes.setCurrentWidget(current)

    def _pane_title(self, widget: QWidget) -> str:
        return self.problems.title.text() if widget is self.problems else self._titles[widget]

    def _on_document_selection_changed(self, unit_id: object) -> None:
        """A unit picked in the roster beside the tabs: show it (not when it was just added from the catalog)."""
        if (
            self.arrangement is Arrangement.TWO_COLUMNS
            and unit_id is not None
            and self.roster.table.hasFocus()
            and self.panes.currentWidget() is not self.unit_box
        ):
            self.panes.setCurrentWidget(self.unit_box)

    def _on_problems_counted(self) -> None:
        index = self.panes.indexOf(self.problems)
        if index >= 0:
            self.panes.setTabText(index, self._pane_title(self.problems))

    def _favour_army(self) -> None:
        """The army as wide as its columns want, the catalog as its names need; the selected unit the rest."""
        problems = self.problems.minimumSizeHint().height()
        self.rows.setSizes(
            [max(self.rows.height(), self.height() - 8) - problems - self.rows.handleWidth(), problems]
        )
        if self.arrangement is Arrangement.TABS:
            return
        width = max(self.columns.width(), self.width() - 8)
        catalog, army, unit = self.pane_needs()
        shown = sum(
            1
            for slot in (self._slots[b] for b in (self.catalog_box, self.army_box, self.unit_box))
            if not slot.isHidden()
        )
        handles = self.columns.handleWidth() * (shown - 1)
        room = width - handles
        if self.arrangement is Arrangement.COLUMNS:
            # Each pane what it needs; of the rest, the catalog up to half for its other columns, then the
            # army for its notes; the selected unit has what is left
            extra = max(0, room - catalog - army - unit)
            catalog_size = catalog + min(max(0, self._catalog_wanted() - catalog), extra // 2)
            extra -= catalog_size - catalog
            army_size = army + min(max(0, self._army_wanted() - army), extra)
            sizes = [catalog_size, army_size, max(unit, room - catalog_size - army_size)]
        else:
            side = max(catalog, unit)
            army_size = max(army, room - side)
            sizes = [max(side, room - army_size), army_size, 0]
        self.columns.setSizes(sizes)

    # --- events --------------------------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Arrange before the builder is first painted, at the width it is shown at.

        While the window itself is being shown (an army opened before the window appears), the builder is shown
        before its tab widget lays its pages out, at a size that is not yet its own: the panes are arranged when
        the window's show arrives instead, once every size is set and before anything is painted.
        """
        super().showEvent(event)
        window = self.window()
        handle = window.windowHandle()
        if window is not self and (handle is None or not handle.isExposed()):
            window.installEventFilter(self)
            return
        self.arrange()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.window() and event.type() == QEvent.Type.Show:
            watched.removeEventFilter(self)
            self.arrange()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._arrange_timer.start()

    def event(self, event: QEvent) -> bool:
        """A pane's needs changed (a new font, a longer name): arrange again, once the layouts settled."""
        if event.type() == QEvent.Type.LayoutRequest:
            self._arrange_timer.start()
        return super().event(event)
