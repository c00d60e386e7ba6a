"""Confrontation's message templates: army building, the battle's turn, the Divination phase and calls.

Keys are the codes its problems and refusals carry; the shared code finds them through `warband.model.messages`,
which loads a game's templates only when it meets one of its codes."""

from __future__ import annotations

from warband.model.messages import N_

TEMPLATES: dict[str, str] = {
    "miracle.unknown": N_(
        "The miracle “{miracle}” of {unit} is not in the loaded catalogs: it is kept as it is, "
        "and its cost is not counted."
    ),
    "item.unknown": N_(
        "The magic item “{item}” of {unit} is not in the loaded catalogs: it is kept as it is, "
        "and its cost is not counted."
    ),
    "miracle.not_faithful": N_("{unit} is not a Faithful and cannot own the miracle {miracle}."),
    "miracle.no_access": N_(
        "{unit} may not take {miracle} (access — {access}; {unit} — cult: {cult}, Path: {path})."
    ),
    "miracle.aspect": N_("{miracle} needs {aspect} {need}; {unit} has {aspect} {have}."),
    "miracle.duplicate": N_("{unit} owns {miracle} {times} times: one is enough, and every copy is counted."),
    "item.restricted": N_("{item} is only for {allowed}; {unit} is not."),
    "change.profile": N_("{kind} {entry}: its Faithful profile changed ({what}) ({units})."),
    "phase.first": N_("This is the first phase of the turn; undo to go back into the last turn."),
    "battle.ended": N_("The battle is over."),
    "tactical.tie": N_("Both sides rolled {roll} for the Tactical roll: roll again."),
    "call.phase": N_("Miracles are called in the Divination phase; this is the {phase} phase."),
    "call.out_of_play": N_("{unit} is out of play."),
    "call.not_faithful": N_("{unit} is not a Faithful and calls no miracle."),
    "call.not_owned": N_("{unit} does not own the miracle {miracle}."),
    "call.twice": N_("{unit} has already called {miracle} this turn, successfully or not."),
    "call.not_turn": N_("It is {current}'s turn to call miracles, not {unit}'s (the Divination order)."),
    "call.done": N_("{unit} is done in the Divination phase this turn and may not call again."),
    "done.final": N_(
        "{unit} is done in the Divination phase this turn: that is final (undo the action to take it back)."
    ),
    "call.all_called": N_("{unit} has called all its miracles this turn."),
    "call.no_miracles": N_("{unit} owns no miracle."),
    "call.shot": N_("{unit} has shot this turn and cannot call a miracle."),
    "call.feat": N_("{unit} performed a Physical Feat this turn and cannot call a miracle."),
    "call.moved": N_("{unit} moved farther than its Movement this turn and cannot call a miracle."),
    "call.engaged": N_("{unit} is engaged in melee by an enemy and cannot call a miracle."),
    "call.wounds_roll": N_("{unit} suffered a Wounds roll this turn and cannot call a miracle."),
    "call.wounded": N_("{unit} was wounded this turn, so it suffered a Wounds roll, and cannot call a miracle."),
    "call.no_sight": N_("{unit} must see its target or be in base contact with it: confirm it first."),
    "call.fervour_low": N_("{miracle} needs a fervour of at least {minimum}; {fervour} was declared."),
    "call.fervour_high": N_("{unit} has {faith} T.F. left and cannot spend a fervour of {fervour}."),
    "call.difficulty": N_("The difficulty of {miracle} is set at the table ({how}): enter it."),
    "act.after_call": N_("{unit} called a miracle this turn and cannot {act} in the same turn."),
    "act.moved_after_call": N_(
        "{unit} called a miracle this turn and cannot move farther than its Movement in the same turn; "
        "movement from a miracle, ability, item or card does not count: mark it “By effect” first."
    ),
    "army.people": N_(
        "{unit} belongs to the people {people}, and this is an army of {army}: an army is drawn from one "
        "people unless it allows mixed armies."
    ),
    "army.people_beside": N_(
        "{unit} belongs to the people {people}; beside its own people, an army of {army} may field only "
        "{allowed}, unless it allows mixed armies."
    ),
    "profile.values_unknown": N_(
        "The catalog does not give the {values} of {unit}: Warband does not guess them, and cannot check the "
        "rules that need them."
    ),
    "miracle.values_unknown": N_(
        "The catalog does not give the {values} of {miracle}, owned by {unit}: Warband does not guess them; "
        "the battle asks for what it needs."
    ),
    "miracle.access_unknown": N_(
        "The catalog does not say who may take {miracle}: Warband cannot check that {unit} may."
    ),
    "miracle.cult_unknown": N_(
        "The catalog does not give the cult of {unit}: Warband cannot check that it may take {miracle} "
        "(access — {access})."
    ),
    "miracle.path_unknown": N_(
        "The catalog does not give the Alliance Path of the cult {cult}: Warband cannot check that {unit} may "
        "take {miracle} (access — {access})."
    ),
    "miracle.aspects_unknown": N_(
        "The catalog does not give the Aspects {miracle} needs: Warband cannot check them against those of {unit}."
    ),
    "miracle.faithful_aspects_unknown": N_(
        "The catalog does not give the Aspects of {unit}: Warband cannot check that it has what {miracle} needs "
        "({needs})."
    ),
    "call.faith_unknown": N_(
        "The catalog does not give the Faith of {unit}, so its T.F. is not refilled: it has {faith} T.F. left and "
        "cannot spend a fervour of {fervour}. Set its T.F. in the tracker."
    ),
    "order.discipline_unknown": N_(
        "The catalog does not give the Discipline of {unit}: the Divination order places it at its Discipline "
        "bonus ({discipline}); set the bonus to its Discipline."
    ),
    "call.unknown_miracle": N_(
        "The miracle “{miracle}” of {unit} is not in the loaded catalogs: its fervour and difficulty are "
        "unknown, so it cannot be called (the battle keeps it as it is)."
    ),
}
