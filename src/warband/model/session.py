"""A document's current state, with undo/redo of snapshots and listeners.

Every change is a command: a small object with a `label` and `apply(state) -> state`. Undo swaps snapshots back,
so there are no reverse functions to get wrong. Consecutive edits of one field (typing a label) share a merge key
and make one undo step. Each step remembers the selection before and after it, so undo puts the player back where
the change was made.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)

Selection = Hashable | None
"""What the player has selected (for an army: a unit id), restored by undo and redo."""

DEFAULT_UNDO_LIMIT = 1000


class Command(Protocol[S]):
    """A change to a document: its label for the Edit menu, and the new state it makes."""

    @property
    def label(self) -> str: ...

    def apply(self, state: S) -> S: ...


def logged_as(command: Command[S], state: S) -> str:
    """What a battle's log says of the command on this state: its `log_in(state)` when it words the log more fully
    than the Edit menu should ("Next step: A3 …; restored a die: …" where Undo says "Next step"), else its
    label (`label_of`)."""
    log_in = getattr(command, "log_in", None)
    if callable(log_in):
        words: str = log_in(state)
        return words
    return label_of(command, state)


def label_of(command: Command[S], state: S) -> str:
    """The command's label for the Edit menu and the log. A command naming catalog entries by id may work out
    their names from the state it applies to (`label_in(state)`), so that the menu says "Call Divine messenger"
    rather than "Call messager-divin"."""
    label_in = getattr(command, "label_in", None)
    if callable(label_in):
        label: str = label_in(state)
        return label
    return command.label


class RefusedError(Exception):
    """A command that may not be carried out; the state does not change. Carries the reason as a value."""

    def __init__(self, reason: object) -> None:
        message = getattr(reason, "message", None)  # a Problem: its English sentence
        super().__init__(message if isinstance(message, str) else str(reason))
        self.reason = reason


@dataclass(frozen=True)
class Step(Generic[S]):
    labelled: str | Callable[[], str]
    """The label, or how to word it: worked out when first read (the Edit menu), not for every step of a
    journal being replayed."""
    before: S
    after: S
    selection_before: Selection
    selection_after: Selection
    merge_key: Hashable | None = None

    @cached_property
    def label(self) -> str:
        labelled = self.labelled
        return labelled if isinstance(labelled, str) else labelled()


StateListener = Callable[[S, S], None]
SelectionListener = Callable[[Selection, Selection], None]


@dataclass
class Session(Generic[S]):
    """One open document (an army, a battle): its state, its undo history and who is watching it."""

    _state: S
    limit: int = DEFAULT_UNDO_LIMIT
    _undo: list[Step[S]] = field(default_factory=list)
    _redo: list[Step[S]] = field(default_factory=list)
    _saved: S | None = None
    _selection: Selection = None
    _sealed: bool = True
    _listeners: list[StateListener[S]] = field(default_factory=list)
    _selection_listeners: list[SelectionListener] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._saved = self._state

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self._state

    @property
    def selection(self) -> Selection:
        return self._selection

    @property
    def modified(self) -> bool:
        """Whether the state differs from the one last saved (or opened)."""
        return self._state is not self._saved

    @property
    def undo_label(self) -> str | None:
        return self._undo[-1].label if self._undo else None

    @property
    def redo_label(self) -> str | None:
        return self._redo[-1].label if self._redo else None

    @property
    def history(self) -> tuple[Step[S], ...]:
        return tuple(self._undo)

    def states(self) -> list[S]:
        """Every state undo and redo can bring back, and the current one (a resumed battle validates them)."""
        held = [self._state]
        for step in (*self._undo, *self._redo):
            held += (step.before, step.after)
        return held

    # --- listening -----------------------------------------------------------------------------------------
    def add_listener(self, listener: StateListener[S]) -> None:
        self._listeners.append(listener)

    def add_selection_listener(self, listener: SelectionListener) -> None:
        self._selection_listeners.append(listener)

    # --- changing ------------------------------------------------------------------------------------------
    def select(self, selection: Selection) -> None:
        """The player selected something: not an undo step, but remembered by the next one."""
        if selection == self._selection:
            return
        old, self._selection = self._selection, selection
        self._sealed = True
        for listener in list(self._selection_listeners):
            listener(old, selection)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def execute(self, command: Command[S], *, merge_key: Hashable | None = None, select: Selection = ...) -> bool:
        """Apply a command; False when it changed nothing. `select` is the selection after it (default: as is).

        Raises `RefusedError` (from the command) with the state unchanged.
        """
        new = command.apply(self._state)
        selection_after = self._selection if select is ... else select
        if new == self._state and selection_after == self._selection:
            return False
        self.commit(command, new, merge_key=merge_key, select=selection_after)
        return True

    def commit(
        self, command: Command[S], new: S, *, merge_key: Hashable | None = None, select: Selection = ...
    ) -> None:
        """Keep a change the caller already worked out, and found to change something (a battle journals an
        action between working it out and carrying it out): `execute` without applying or comparing again."""
        selection_after = self._selection if select is ... else select
        last = self._undo[-1] if self._undo else None
        if (
            merge_key is not None
            and last is not None
            and not self._sealed
            and last.merge_key == merge_key
            and not self._redo
        ):
            labelled, before = last.labelled, last.before
            self._undo[-1] = Step(labelled, before, new, last.selection_before, selection_after, merge_key)
        else:
            state = self._state
            label = partial(label_of, command, state)
            self._undo.append(Step(label, state, new, self._selection, selection_after, merge_key))
            if len(self._undo) > self.limit:
                del self._undo[0]
        self._redo.clear()
        self._sealed = merge_key is None
        self._set(new, selection_after)

    def seal(self) -> None:
        """End the current run of merged edits (the field lost focus)."""
        self._sealed = True

    def undo(self) -> Step[S] | None:
        if not self._undo:
            return None
        step = self._undo.pop()
        self._redo.append(step)
        self._sealed = True
        self._set(step.before, step.selection_before)
        return step

    def redo(self) -> Step[S] | None:
        if not self._redo:
            return None
        step = self._redo.pop()
        self._undo.append(step)
        self._sealed = True
        self._set(step.after, step.selection_after)
        return step

    def forget_history(self) -> None:
        """No undo or redo past this point (a hand-over that must not be undone to peek at hidden choices)."""
        self._undo.clear()
        self._redo.clear()
        self._sealed = True

    def mark_saved(self) -> None:
        self._saved = self._state

    def mark_unsaved(self) -> None:
        """The state is not on disk as it is (a recovered autosave): it shows as modified until saved."""
        self._saved = None

    def _set(self, new: S, selection: Selection) -> None:
        old = self._state
        self._state = new
        if old is not new:
            for listener in list(self._listeners):
                listener(old, new)
        if selection != self._selection:
            old_selection, self._selection = self._selection, selection
            for selection_listener in list(self._selection_listeners):
                selection_listener(old_selection, selection)
