"""The Strategy Battle Game's message templates: army building and wargear, priority, heroic actions, Might, Will
and Fate, casualties, the Break point and its Courage tests.

Keys are the codes its problems and refusals carry; the shared code finds them through `warband.model.messages`,
which loads a game's templates only when it meets one of its codes."""

from __future__ import annotations

from warband.model.messages import N_

TEMPLATES: dict[str, str] = {
    "sbg.hero_count": N_("{unit} is a hero: one model, not {count}."),
    "sbg.alignment": N_(
        "The army mixes Good and Evil profiles: {good} (Good) with {evil} (Evil). "
        "Warband keeps each army on one side (a project decision: the rules say nothing of it)."
    ),
    "sbg.alignment_unknown": N_(
        "The catalog does not say whether {units} are Good or Evil: with that alignment unknown, the program "
        "cannot resolve a heroic roll-off (SB-05) for this army."
    ),
    "sbg.over_limit": N_("The army costs {total} points, {over} over its limit of {limit} points."),
    "sbg.change.profile": N_("{kind} {entry}: its profile changed ({what}) ({units})."),
    "sbg.priority_tie": N_("Both sides rolled {roll} for priority in the first turn: roll again."),
    "sbg.spent": N_("{hero} has no {what} left."),
    "sbg.no_roll_kind": N_("Might changes only the hero's own rolls of the kinds SB-02 lists, not {kind}."),
    "sbg.no_will": N_("{hero} has no Will left: it can neither cast nor resist a spell."),
    "sbg.will_dice": N_("One Will point and one die per attempt (rules option: several dice); {dice} asked for."),
    "sbg.courage": N_("{hero} was removed for failing a Courage test: Fate cannot save it."),
    "sbg.fate_more": N_("{hero} has {fate} Fate left and cannot roll {dice} dice."),
    "sbg.no_wounds_lost": N_("{hero} has lost no Wounds: Fate has nothing to restore."),
    "sbg.fate_one_at_a_time": N_(
        "In this battle Fate dice are rolled one at a time (rules option: several at once)."
    ),
    "sbg.fate_all_at_once": N_("In this battle Fate dice are rolled together (rules option: one at a time)."),
    "sbg.fate_stop": N_(
        "In this battle Fate dice are rolled one at a time (rules option: several at once), stopping once the "
        "Wounds are restored: {hero} had them back after die {number} of {dice}."
    ),
    "sbg.might_floor": N_("Might lowers a die no further than 1: {roll} cannot be lowered by {points}."),
    "sbg.unique": N_("{hero} is a named hero: an army may hold only one, not {count} ({units})."),
    "sbg.heroic_phase": N_("Heroic actions are declared at the start of the Move, Shoot and Fight phases."),
    "sbg.heroic_priority": N_(
        "Priority is not recorded this turn: the side with priority declares heroic actions first."
    ),
    "sbg.heroic_turn": N_("It is {player}'s turn in the heroic-action declarations."),
    "sbg.heroic_stage": N_("The heroic-action declarations are past that step."),
    "sbg.heroic_hero": N_("{hero} is not one of {player}'s heroes in play."),
    "sbg.rolloff_unknown": N_(
        "The heroic roll-off puts Evil first on 1–3 and Good on 4–6, but the catalog does not say whether "
        "{heroes} are Good or Evil: settle at the table who goes first."
    ),
    "sbg.heroic_twice": N_("{hero} is already named for a heroic action in this phase."),
    # wargear (SB-X2, provisional; AR-02, AR-04)
    "sbg.wargear_unknown": N_(
        "{unit} holds the wargear {wargear}, which the catalogs no longer know: it is kept, not counted."
    ),
    "sbg.wargear_not_listed": N_("{unit} holds the wargear {wargear}, which {profile} may not take."),
    "sbg.wargear_twice": N_("{unit} holds the wargear {wargear} {times} times: each model takes it once."),
    "sbg.change.wargear_gone": N_("{kind} {entry} is no longer an option of {profile} ({units})."),
    # casualties and the Break point (SB-07), a warrior's Courage test (SB-06)
    "sbg.casualty_hero": N_("{unit} is a hero: its Wounds and Removed say what it lost."),
    "sbg.casualty_negative": N_("{unit} cannot have lost fewer than no models or Wounds."),
    "sbg.casualty_more": N_("{unit} has {count} models: it cannot lose {lost}."),
    "sbg.casualty_one_wound": N_("The warriors of {unit} have one Wound each: a Wound lost is a model lost."),
    "sbg.casualty_wounds": N_(
        "The {models} models of {unit} in play can lose at most {most} Wounds and stay in play, not {wounds}: "
        "record a model lost instead."
    ),
    "sbg.break_off": N_("This battle is played without the Break point (rules option)."),
    "sbg.not_broken": N_(
        "{player}'s force is not broken ({lost} models lost; it breaks at {threshold}): its models take no "
        "Courage test when they move."
    ),
    "sbg.break_next_turn": N_(
        "{player}'s force broke this turn: its models test Courage when they move from the next turn."
    ),
    "sbg.break_phase": N_("The models of a broken force test Courage as they are to move, in the Move phase."),
    "sbg.warrior_points": N_("{unit}: warriors have no Might or Will to add to a Courage test."),
    "sbg.break_gone": N_("{unit} has no model left in play."),
    "sbg.break_tested": N_("Every model of {unit} in play has passed its Courage test this turn."),
    "sbg.break_unit_hero": N_(
        "{hero} is a hero: it takes its own Courage test, with the Might and Will its player adds."
    ),
    "sbg.break_more": N_("{unit} has {left} models left to test this turn, not {models}."),
    "sbg.stand_fast_hero": N_("{unit} is not a hero: only a hero may call Stand fast!"),
    "sbg.stand_fast_called": N_("{hero} has already called Stand fast! this turn."),
    "sbg.stand_fast_not_passed": N_(
        "Only a hero who passed its own Courage test this turn may call Stand fast!, and {hero} has not."
    ),
    "sbg.no_stand_fast": N_("No hero of {player}'s has called Stand fast! this turn."),
    "sbg.stand_fast_more": N_(
        "{unit} has {left} models left to test this turn: {models} cannot pass by Stand fast!"
    ),
}
