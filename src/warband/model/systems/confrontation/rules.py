"""Confrontation army rules: who may take which miracle, what it all costs, which peoples the army may field
(CF-01 … CF-07, CF-20, AR-02).

A value an imported catalog marks unknown (`unknown`: a Faithful's cult or Aspects, a miracle's access…) is never
guessed: the rule that needs it reports that it cannot be checked (provisional rule CF-X1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from warband.model.army import Choice, Problem, Report, Unit, UnitCost, UnitRef, sort_problems, unit_label
from warband.model.catalog import Catalogs, Table
from warband.model.messages import N_, OR, Phrase, joined, term
from warband.model.named_ids import named_id
from warband.model.names import CatalogName, english_name
from warband.model.systems.confrontation.peoples import KIND as PEOPLES
from warband.model.systems.confrontation.schema import (
    ASPECT_NAMES,
    ASPECTS,
    PATH_NAMES,
    ConfrontationArmy,
    ConfrontationUnit,
    Cult,
    Faithful,
    Item,
    Miracle,
    People,
    Profile,
)
from warband.model.unit_checks import Checked, UnitChecks, caching


@dataclass(frozen=True)
class Index:
    """Typed look-ups into the merged Confrontation catalogs."""

    cults: Table[Cult]
    miracles: Table[Miracle]
    items: Table[Item]
    profiles: Table[Profile]
    names: dict[str, str] = field(default_factory=dict)
    """Miracle id → its English name, worked out once (a picker's choices; sentences take a `CatalogName`)."""
    access: dict[str, object] = field(default_factory=dict)
    """Miracle id → who may take it, in words; filled as asked."""
    verdicts: dict[str, list[tuple[Miracle, str, bool]]] = field(default_factory=dict)
    """Faithful profile id → every miracle with its name and whether the profile may take it (for the picker)."""

    def name(self, miracle: Miracle) -> str:
        name = self.names.get(miracle.id)
        if name is None:
            name = self.names[miracle.id] = english_name(miracle.name)
        return name


def _build_index(c: Catalogs) -> Index:
    return Index(
        c.table("cults", Cult), c.table("miracles", Miracle), c.table("items", Item), c.table("profiles", Profile)
    )


def index(catalogs: Catalogs) -> Index:
    """The catalogs' tables, and what is worked out from them, built once per catalog load."""
    return catalogs.view("confrontation.index", _build_index)


def describe_access(miracle: Miracle, idx: Index) -> object:
    """'cult: Mid-Nor', 'cults: Merin and Mid-Nor', 'the Ways of Light', … (in the language of the
    sentence it goes into)."""
    known = idx.access.get(miracle.id)
    if known is not None:
        return known
    parts: list[object] = []
    if miracle.cults:
        names = [CatalogName(idx.cults[c].name) if c in idx.cults else c for c in miracle.cults]
        if len(names) == 1:
            parts.append(Phrase(N_("cult: {cult}"), cult=names[0]))
        else:
            parts.append(Phrase(N_("cults: {cults}"), cults=joined(names)))
    parts.extend(term(PATH_NAMES[p]) for p in miracle.paths)
    if miracle.universal:
        parts.append(term(N_("the Universal Cult")))
    described = idx.access[miracle.id] = joined(parts)
    return described


def describe_allowed(item: Item, catalogs: Catalogs) -> object:
    """'the people Griffins of Akkylannia or Lions of Alahan', 'Faithful', 'Faithful of the people …'."""
    names = [named_id(catalogs, PEOPLES, p) for p in item.peoples]
    peoples = Phrase(N_("the people {peoples}"), peoples=joined(names, OR)) if names else None
    if peoples is not None and item.faithful_only:
        return Phrase(N_("Faithful of {people}"), people=peoples)
    return peoples if peoples is not None else term(N_("Faithful"))


UNKNOWN_RULE = "CF-X1"
"""Provisional rule (not yet in RULES.md): a value the catalog marks unknown is reported, never guessed, and a
rule that needs it says it cannot be checked."""

VALUE_NAMES: dict[str, str] = {
    "rank": N_("rank"),
    "cult": N_("cult"),
    "faith": N_("Faith"),
    "aspects": N_("Aspects"),
    "discipline": N_("Discipline"),
    "movement": N_("Movement"),
    "access": N_("who may take it"),
    "fervour": N_("Fervour"),
    "difficulty": N_("difficulty"),
    "path": N_("Alliance Path"),
}
"""The values a catalog may mark unknown, as a sentence names them."""


def unknown_values(names: Sequence[str]) -> object:
    """'rank and Faith', in the language of the sentence it goes into."""
    return joined([term(VALUE_NAMES[n]) for n in names])


def profile_unknowns(profile: Profile) -> list[str]:
    """What the profile's catalog does not give, of the profile and of its Faithful."""
    return [*profile.unknown, *(profile.faithful.unknown if profile.faithful is not None else ())]


class _Judge:
    """Checks miracles against one Faithful, with its names worked out once."""

    def __init__(self, label: str, faithful: Faithful, idx: Index) -> None:
        self.label = label
        self.faithful = faithful
        self.idx = idx
        self.cult_known = faithful.known("cult")
        cult = idx.cults.get(faithful.cult) if self.cult_known else None
        self.cult = cult
        self.path = cult.path if cult else None
        self.path_known = cult is None or cult.known("path")
        self.aspects_known = faithful.known("aspects")
        self.sure = self.cult_known and self.path_known and self.aspects_known
        """Everything the fast path reads is known (always, but for imported catalogs)."""
        self.cult_name: object = (
            CatalogName(cult.name) if cult else faithful.cult if self.cult_known else term(N_("unknown"))
        )
        self.path_name = term(PATH_NAMES[self.path] if self.path else N_("unknown"))

    def may_take(self, miracle: Miracle) -> bool:
        """The fast path: whether the miracle breaks no rule for this Faithful."""
        if miracle.unknown or not self.sure:  # a value is unknown: what cannot be checked is not allowed
            return not self.reasons(miracle, None)
        f = self.faithful
        a, need = f.aspects, miracle.aspects
        return (
            (miracle.universal or f.cult in miracle.cults or self.path in miracle.paths)
            and need.creation <= a.creation
            and need.alteration <= a.alteration
            and need.destruction <= a.destruction
        )

    def _access(self, miracle: Miracle, ref: UnitRef | None) -> Problem | None:
        """Why the Faithful may not take the miracle, or cannot be known to (CF-02 … CF-04, CF-X1)."""
        f = self.faithful
        name = CatalogName(miracle.name)
        if not miracle.known("access"):
            return Problem.of(UNKNOWN_RULE, "miracle.access_unknown", ref, miracle=name, unit=self.label)
        if miracle.universal or (self.cult_known and f.cult in miracle.cults):
            return None
        if self.path_known and self.path is not None and self.path in miracle.paths:
            return None
        access = describe_access(miracle, self.idx)
        if not self.cult_known:
            return Problem.of(
                UNKNOWN_RULE, "miracle.cult_unknown", ref, miracle=name, access=access, unit=self.label
            )
        if not self.path_known and miracle.paths:
            return Problem.of(
                UNKNOWN_RULE,
                "miracle.path_unknown",
                ref,
                miracle=name,
                access=access,
                unit=self.label,
                cult=self.cult_name,
            )
        rule = "CF-03" if miracle.paths and not miracle.cults else "CF-02"
        return Problem.of(
            rule,
            "miracle.no_access",
            ref,
            miracle=name,
            access=access,
            unit=self.label,
            cult=self.cult_name,
            path=self.path_name,
        )

    def reasons(self, miracle: Miracle, ref: UnitRef | None) -> list[Problem]:
        """Every reason the Faithful may not take the miracle, all at once (CF-02 … CF-05, CF-X1)."""
        out: list[Problem] = []
        name = CatalogName(miracle.name)
        f = self.faithful
        access = self._access(miracle, ref)
        if access is not None:
            out.append(access)
        if not miracle.known("aspects"):
            out.append(Problem.of(UNKNOWN_RULE, "miracle.aspects_unknown", ref, miracle=name, unit=self.label))
            return out
        if not self.aspects_known:
            needs = [a for a in ASPECTS if miracle.aspects.level(a)]
            if needs:
                levels = joined(
                    [
                        Phrase(
                            N_("{aspect} {level}"), aspect=term(ASPECT_NAMES[a]), level=miracle.aspects.level(a)
                        )
                        for a in needs
                    ]
                )
                out.append(
                    Problem.of(
                        UNKNOWN_RULE,
                        "miracle.faithful_aspects_unknown",
                        ref,
                        miracle=name,
                        unit=self.label,
                        needs=levels,
                    )
                )
            return out
        for aspect in ASPECTS:
            need = miracle.aspects.level(aspect)
            have = f.aspects.level(aspect)
            if need > have:
                out.append(
                    Problem.of(
                        "CF-05",
                        "miracle.aspect",
                        ref,
                        miracle=name,
                        aspect=term(ASPECT_NAMES[aspect]),
                        need=need,
                        have=have,
                        unit=self.label,
                    )
                )
        return out


def item_allowed(item: Item, profile: Profile) -> bool:
    if item.peoples and profile.people not in item.peoples:
        return False
    return not (item.faithful_only and profile.faithful is None)


def fielded(catalogs: Catalogs, people: str) -> tuple[str, ...]:
    """CF-20: the peoples an army of this people may field: its own, then those its catalog entry names."""
    entry = catalogs.table(PEOPLES, People).get(people)
    return (people, *(p for p in entry.may_field if p != people)) if entry is not None else (people,)


def army_people(army: ConfrontationArmy, catalogs: Catalogs) -> str | None:
    """CF-20: the people the army is drawn from, the one that leaves the fewest of its models out (the first in
    army order on a tie, so that a mercenary never makes its hosts the strangers); None for an army with no
    known profile."""
    idx = index(catalogs)
    return _drawn_from([p.people for u in army.units if (p := idx.profiles.get(u.profile)) is not None], catalogs)


def _drawn_from(peoples: list[str], catalogs: Catalogs) -> str | None:
    """`army_people` from the people of each unit of a known profile, in army order."""
    counts = Counter(peoples)  # in the order first met: the candidates
    if len(counts) < 2:
        return next(iter(counts), None)
    total = len(peoples)

    def left_out(people: str) -> int:
        return total - sum(counts[p] for p in set(fielded(catalogs, people)))

    return min(counts, key=left_out)


def people_problems(army: ConfrontationArmy, catalogs: Catalogs) -> list[Problem]:
    """CF-20: each model of a people the army may not field (none when the army allows mixed armies)."""
    return _people_problems(army, catalogs, _checks(catalogs).results(army.units))


def _people_problems(
    army: ConfrontationArmy, catalogs: Catalogs, checked: list[Checked[str | None]]
) -> list[Problem]:
    """CF-20 from each unit's checked results (`extra`: the people of its profile, None when unknown)."""
    if army.mixed_peoples:
        return []
    people = _drawn_from([c.extra for c in checked if c.extra is not None], catalogs)
    if people is None:
        return []
    allowed = fielded(catalogs, people)
    memo = _people_memo(catalogs)
    problems: list[Problem] = []
    for each in checked:
        if each.extra is None or each.extra in allowed:
            continue
        key = (each.cost.id, each.cost.index, each.unit.label, each.unit.profile, people)  # all its words read
        found = memo.get(key) if caching() else None
        if found is None:
            found = _people_problem(each.ref, each.extra, people, allowed, catalogs)
            if caching():
                if len(memo) > 4 * len(checked) + 64:
                    memo.clear()
                memo[key] = found
        problems.append(found)
    return problems


def _people_problem(ref: UnitRef, own: str, people: str, allowed: tuple[str, ...], catalogs: Catalogs) -> Problem:
    names = {
        "unit": ref.label,
        "people": named_id(catalogs, PEOPLES, own),
        "army": named_id(catalogs, PEOPLES, people),
    }
    if len(allowed) == 1:
        return Problem.of("CF-20", "army.people", ref, **names)
    others = joined([named_id(catalogs, PEOPLES, p) for p in allowed[1:]], OR)
    return Problem.of("CF-20", "army.people_beside", ref, **names, allowed=others)


def _people_memo(catalogs: Catalogs) -> dict[tuple[str, int, str, str, str], Problem]:
    """CF-20 problems already worded, by unit (id, place, own label, profile) and the army's people."""
    return catalogs.view("confrontation.people_problems", lambda _c: {})


def _checks(catalogs: Catalogs) -> UnitChecks[str | None]:
    """Each unit's own problems and cost, kept per frozen unit for these catalogs (an edit checks one unit)."""
    return catalogs.view("confrontation.unit_checks", lambda c: UnitChecks(lambda u, i: _check_unit(u, i, c)))


def validate(army: ConfrontationArmy, catalogs: Catalogs) -> Report:
    """Costs and every problem of a Confrontation army (CF-01 … CF-07, CF-20, AR-02; CF-X1 for what an imported
    catalog does not give). Each unit is checked on its own and kept (`UnitChecks`): an edit re-checks the units
    it changed, then the army's own rules (peoples, the limit) are worked out from every unit's results."""
    checked = _checks(catalogs).results(army.units)
    problems: list[Problem] = _people_problems(army, catalogs, checked)
    for each in checked:
        problems.extend(each.problems)
    costs = tuple(each.cost for each in checked)
    total = sum(c.cost for c in costs)
    limit = army.points_limit
    if limit is not None and total > limit:
        problems.append(Problem.of("CF-07", "army.over_limit", None, total=total, limit=limit, over=total - limit))
    return Report("confrontation", total, limit, costs, sort_problems(problems))


def _check_unit(unit: Unit, position: int, catalogs: Catalogs) -> Checked[str | None]:
    """One unit's own problems and cost (all but CF-20 and the limit), and its profile's people."""
    assert isinstance(unit, ConfrontationUnit)
    idx = index(catalogs)
    problems: list[Problem] = []
    profile = idx.profiles.get(unit.profile)
    label = unit_label(unit, profile)
    ref = UnitRef(unit.id, position, label)
    cost = 0
    if profile is None:
        problems.append(Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile))
    else:
        cost += profile.cost * unit.count
        missing = profile_unknowns(profile)
        if missing:
            problems.append(
                Problem.of(UNKNOWN_RULE, "profile.values_unknown", ref, unit=label, values=unknown_values(missing))
            )
    faithful = profile.faithful if profile else None
    judge = _Judge(label, faithful, idx) if faithful else None
    owned = Counter(unit.miracles)  # in the order the miracles were first listed
    for miracle_id, times in owned.items():
        miracle = idx.miracles.get(miracle_id)
        if miracle is None:
            problems.append(Problem.of("AR-02", "miracle.unknown", ref, miracle=miracle_id, unit=label))
            continue
        cost += miracle.cost * times
        untold = [n for n in miracle.unknown if n in ("fervour", "difficulty")]  # the judge tells the others
        if untold and judge is not None:
            problems.append(
                Problem.of(
                    UNKNOWN_RULE,
                    "miracle.values_unknown",
                    ref,
                    miracle=CatalogName(miracle.name),
                    unit=label,
                    values=unknown_values(untold),
                )
            )
        if profile is None:
            pass  # nothing to judge eligibility against; AR-02 is already reported
        elif judge is None:
            name = CatalogName(miracle.name)  # made only for a sentence: most miracles need none
            problems.append(Problem.of("CF-01", "miracle.not_faithful", ref, miracle=name, unit=label))
        elif not judge.may_take(miracle):
            problems.extend(judge.reasons(miracle, ref))
        if times > 1:
            name = CatalogName(miracle.name)
            problems.append(Problem.of("CF-06", "miracle.duplicate", ref, miracle=name, unit=label, times=times))
    for item_id, times in Counter(unit.items).items():
        item = idx.items.get(item_id)
        if item is None:
            problems.append(Problem.of("AR-02", "item.unknown", ref, item=item_id, unit=label))
            continue
        cost += item.cost * times
        if profile is not None and not item_allowed(item, profile):
            problems.append(
                Problem.of(
                    "CF-07",
                    "item.restricted",
                    ref,
                    item=CatalogName(item.name),
                    allowed=describe_allowed(item, catalogs),
                    unit=label,
                )
            )
    people = profile.people if profile is not None else None
    return Checked(unit, UnitCost(unit.id, position, label, cost), tuple(problems), people)


def options(army: ConfrontationArmy, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """Every miracle and item of the catalogs for this unit: eligible or not, with all the reasons on demand
    (`choices.unit_options`: kept per unit and profile, so an edit elsewhere recomputes nothing)."""
    from warband.model.systems.confrontation.choices import unit_options  # it reads this module's judge

    return unit_options(army, unit_id, catalogs)
