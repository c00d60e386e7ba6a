"""The power-dice game's message templates: army building, segments, markers and castings.

Keys are the codes its problems and refusals carry; the shared code finds them through `warband.model.messages`,
which loads a game's templates only when it meets one of its codes."""

from __future__ import annotations

from warband.model.messages import N_

TEMPLATES: dict[str, str] = {
    "spell.unknown": N_(
        "The spell “{spell}” of {unit} is not in the loaded catalogs: it is kept as it is, "
        "and its cost is not counted."
    ),
    "spell.not_caster": N_("{unit} is not a caster and uses no spell ({spell})."),
    "spell.no_trait": N_("{spell} is for the {traits}; {unit} is a {caster} and shares none of these traits."),
    "spell.duplicate": N_("{unit} lists {spell} {times} times: once is enough, and every copy is counted."),
    "pd.step": N_("{what} happens in {segment}; this is {step}."),
    "pd.not_caster": N_("{unit} is not a caster."),
    "pd.out_of_play": N_("{unit} is out of play."),
    "pd.marker_needed": N_("{unit} holds no {marker} marker: only those casters cast in {segment}."),
    "pd.not_your_turn": N_("It is {player}'s turn to cast in B3."),
    "pd.passed": N_("{player} has stopped casting in this B3."),
    "pd.reserve": N_("{unit} has {reserve} power dice and cannot use {dice}."),
    "pd.cap": N_("{dice} dice in all, gifts included: {unit} may use at most its level + 1, that is {cap}."),
    "pd.wait_cap": N_("A casting in phase C uses at most 3 dice; {dice} were asked for."),
    "pd.no_gifts": N_("No dice may be given in phase C."),
    "pd.helper_self": N_("{unit} cannot give dice to itself."),
    "pd.helper_side": N_("{helper} is not on {unit}'s side and cannot give it dice."),
    "pd.helper_marker": N_("{helper} holds no incantation marker and cannot give dice."),
    "pd.helper_out": N_("{helper} is out of play and cannot give dice."),
    "pd.helper_trait": N_("{helper} shares no magic trait with {unit} and cannot help it."),
    "pd.helper_reserve": N_("{helper} has {reserve} power dice and cannot give {dice}."),
    "pd.helpers_near": N_("Confirm that the helpers are within 3 hexes of {unit}."),
    "pd.no_dice": N_("A casting uses at least one die."),
    "pd.marker_side": N_("{player} places markers now; {unit} is not one of theirs."),
    "pd.a1_unfinished": N_("{player} has casters without a marker: {units}."),
    "pd.a1_choosing": N_("Both sides place their markers before A1 ends."),
    "pd.spell_unknown": N_(
        "The spell “{spell}” of {unit} is not in the loaded catalogs: its difficulty is unknown, so it "
        "cannot be cast (the battle keeps it as it is)."
    ),
}
