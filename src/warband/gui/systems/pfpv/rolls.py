"""« Par le Fer et par le Verbe »'s rolls on the shared battle document. Rolled with the program's dice (or given
as the table's dice), a casting and a distraction roll are the document's `roll` of the model's `CastingRequest`
and `DistractionRequest`; here are the rolls typed from the table as totals of 2d5 — a casting's contact and
control rolls, each 0 … 10, and a distraction roll — worked out once by the model (`roll_casting`,
`roll_distraction`), carried out and logged; and the exact odds of a casting, which the resolver shows."""

from __future__ import annotations

from collections.abc import Mapping

from warband.gui.battle_document import BattleDocument
from warband.model.battle import Roll
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.play import CastingRequest, DistractionRequest
from warband.model.systems.pfpv.scene import (
    CastingSetup,
    ContactStep,
    Distraction,
    PfpvScene,
    build_setup,
    options_of,
    roll_casting,
    roll_distraction,
)


def casting_odds(
    scene: PfpvScene, key: str, choice: CastingSetup, contact: Mapping[str, int] | None = None
) -> casting.Odds:
    """The exact chances of every outcome of a casting before its rolls, or at its control step once the contact
    rolls (`contact`) are known (the resolver shows them). Raises `RefusedError` for a spell that cannot be set
    up (AR-02, PF-01), as `build_setup` does."""
    return casting.odds(build_setup(scene, key, choice), options_of(choice), contact)


def typed_casting(
    document: BattleDocument[PfpvScene],
    request: CastingRequest,
    contact: Mapping[str, int],
    control: Mapping[str, int] | None = None,
) -> casting.Result | None:
    """Cast with the rolls typed from the table (each 0 … 10, by source and by discipline): applied and logged.
    The rule runs once (`roll_casting`), and the journal keeps the command with its rolls. None when refused
    (told through `refused`): the setup (PF-04), a spell the catalogs no longer know (AR-02), a roll missing."""
    return document.rolled(lambda: roll_casting(document.battle, request.key, request.choice, contact, control))


def control_casting(
    document: BattleDocument[PfpvScene],
    request: CastingRequest,
    step: ContactStep,
    control: Mapping[str, int] | None = None,
) -> casting.Result | None:
    """The control step of a casting whose contact rolls are made (`step`, PF-03): the control rolls typed
    (`control`), thrown with the program's dice, or none when every raw energy is negative; applied and logged
    as one casting with all its rolls. None when refused (told)."""
    dice = None if control is not None or not step.control else document.run.dice
    return document.rolled(
        lambda: roll_casting(
            document.battle,
            request.key,
            request.choice,
            step.rolls,
            control if control is not None or step.control else {},
            dice=dice,
            contact_source=step.source,
        )
    )


def typed_distraction(
    document: BattleDocument[PfpvScene], request: DistractionRequest, roll: int
) -> Roll[PfpvScene, Distraction] | None:
    """A distraction roll (PF-09) with the 2d5 typed from the table (`roll`, 0 … 10), judged by the model
    (`roll_distraction`). Logged as a note with its dice (it changes nothing: the spell lost, if any, is chosen
    next); None when it was refused or not journalled (told)."""
    made = document.worked_out(lambda: roll_distraction(document.battle, request.key, request.modifier, roll))
    return made if made is not None and document.play(made) else None
