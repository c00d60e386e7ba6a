"""The parts of a power-dice battle the tracker's and the resolver's views read, for `Change.touched`: a view
refreshes only when one of its parts changed.

A part must cover everything its view reads, through the rules' functions too: `battle_rules.casters` reads the
armies, the profiles the battle holds and the casters' states; `shared_screen.visible_marker` reads the markers
(in the casters' states) and whose eyes are on the screen (`screen`). Untouched parts are the same objects before
and after a change, so most comparisons are by identity.
"""

from __future__ import annotations

from warband.gui.systems.powerdice.shared_screen import viewer
from warband.model.systems.powerdice.battle_state import PowerDiceBattle


def step(battle: PowerDiceBattle) -> object:
    """The step of the turn: the page of the step panel and what it says."""
    return battle.step


def screen(battle: PowerDiceBattle) -> object:
    """Which markers the shared screen may show (with the casters' own): face up, or the placing side's only."""
    return (battle.revealed, viewer(battle))


def casters(battle: PowerDiceBattle) -> object:
    """What `battle_rules.casters` reads, and the spells' names: the armies (players, units, the spells they
    hold), the entries the battle holds, every caster's dice, marker and whether it is in play."""
    return (battle.sides, battle.entries, battle.casters)


def initiative(battle: PowerDiceBattle) -> object:
    """The initiative, and whether markers are being placed (it may not change then)."""
    return (battle.initiative, battle.step, battle.choosing)


def casters_table(battle: PowerDiceBattle) -> object:
    """Every caster's row: its player, label, traits, dice and state, the marker the screen may show, and the
    names of its lasting spells."""
    return (casters(battle), screen(battle), battle.lasting)


def lasting(battle: PowerDiceBattle) -> object:
    """The lasting spells with their names, and their casters' labels and players (none: nothing shown)."""
    if not battle.lasting:
        return ()
    return (battle.lasting, battle.entries, battle.sides, tuple(battle.casters))


def markers_board(battle: PowerDiceBattle) -> object:
    """The A1 board: who places, who placed first (the initiative), every caster and the markers it may show;
    nothing outside A1, where it is hidden."""
    if battle.step != "A1":
        return None
    return (battle.choosing, battle.initiative, casters(battle), screen(battle))


def segment(battle: PowerDiceBattle, name: str) -> object:
    """A magic segment's panel (B3 or C): whose turn it is to cast, by name; nothing outside the segment."""
    if battle.step != name:
        return None
    return (battle.b3_turn, battle.sides)


def casting(battle: PowerDiceBattle, name: str) -> object:
    """Who may cast in a segment (B3 or C): the casters with their visible markers, the side whose turn it is;
    nothing outside the segment (no rows)."""
    if battle.step != name:
        return None
    return (battle.b3_turn, casters(battle), screen(battle))


def resolver(battle: PowerDiceBattle) -> object:
    """Everything a casting reads (`cast_problems`, `helpers`, the castable spells, the step's message): the turn
    and step, the B3 turns and passes, the casters and the markers the screen may show. Not the lasting spells,
    the initiative, the rules options nor the end."""
    return (battle.turn, battle.step, battle.b3_turn, battle.b3_passed, casters(battle), screen(battle))
