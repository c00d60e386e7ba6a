"""A battle as any game plays it: its phases, what may be done now, the odds of a roll, the end-of-battle summary.

These are the values `GameSystem.phases`, `actions`, `odds` and `summary` give, so that shared code (the command
line, a player's script through `warband.api`, and later the window's shells) can play a battle of any game
without knowing its rules:

- an `Action` is something a player may do now, or could but for the rule its `refusal` names. A plain action
  carries its `command`; a roll carries its `request` (the game's own value: who rolls what, with what), which a
  caller may change (`dataclasses.replace`), ask the odds of, and roll with the program's dice or the table's;
- `odds` are exact and worked out only when asked, for one request;
- a `Summary` says, per side, what the battle cost and did, in sentences (`Phrase`s: English, and in the player's
  language when shown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from warband.model.army import Problem
from warband.model.session import Command, RefusedError, label_of


@dataclass(frozen=True)
class Phase:
    """One step of a game's turn (or of a scene), in order."""

    id: str
    name: str
    """English, `N_`-marked (translated where shown)."""
    current: bool = False


@dataclass(frozen=True)
class Action:
    """Something a player may do now, or could but for `refusal` (a rule broken, with its ID)."""

    kind: str
    """What sort of action: "next_phase", "end_battle", "call", "cast", "will", "fate", … (the game's words)."""
    label: str
    """What it does, in English words (`Phrase`/`Localised`: in the player's language where shown)."""
    command: Command[Any] | None = None
    """The action as it is carried out, when it throws no dice (`BattleRun.execute`)."""
    request: object | None = None
    """A roll's parameters, the game's own value: change them, ask `GameSystem.odds`, then `GameSystem.roll`."""
    subject: str | None = None
    """The model (its key) or side it concerns, if any."""
    side: int | None = None
    """The side that acts, when one does: the log says so (its Side column)."""
    refusal: Problem | None = None
    barrier: bool = False
    """Once carried out, neither it nor anything before it may be undone (a hand-over of hidden choices)."""

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def plain(
    kind: str,
    command: Command[Any],
    battle: Any,
    subject: str | None = None,
    *,
    barrier: bool = False,
    side: int | None = None,
) -> Action:
    """An action without dice, with the refusal its command raises on this battle (if it does).

    A command that can tell its refusal without being carried out (`refusal_in(state)`, the same `Problem` its
    `apply` would raise) is asked that instead: carrying out a move on a battle of 200 models costs a validation
    of the whole battle, and the shared bar asks after every action."""
    refusal: Problem | None = None
    refusal_in = getattr(command, "refusal_in", None)
    if callable(refusal_in):
        refusal = refusal_in(battle)
        return Action(
            kind, label_of(command, battle), command, subject=subject, refusal=refusal, barrier=barrier, side=side
        )
    try:
        command.apply(battle)
    except RefusedError as exc:
        refusal = exc.reason if isinstance(exc.reason, Problem) else None
        if refusal is None:
            raise
    return Action(
        kind, label_of(command, battle), command, subject=subject, refusal=refusal, barrier=barrier, side=side
    )


def phases_of(ids: Sequence[str], names: dict[str, str], current: str) -> tuple[Phase, ...]:
    """A game's phases from their ids in order, their names, and the id of the current one."""
    return tuple(Phase(phase, names[phase], phase == current) for phase in ids)


@dataclass(frozen=True)
class Odds:
    """The exact chances of a roll before it is thrown."""

    success: Fraction
    """That it succeeds (as the game counts success: the miracle called, the spell cast, a Wound saved…)."""
    detail: object = None
    """The game's own fuller account, when it has one (the spread of levels of a casting, …)."""


@dataclass(frozen=True)
class SideSummary:
    """One side at the end of a battle (a party is one side): its player and what the battle cost and did."""

    player: str
    lines: tuple[str, ...]
    """Sentences (`Phrase`s), in the order shown: "3 of 12 models lost", "Miracles: 4 called, 3 succeeded"."""


@dataclass(frozen=True)
class Summary:
    sides: tuple[SideSummary, ...]
