"""BattleScribe import benchmark: reading (and, with a game's mapping, importing) a synthetic data set the size of
the community's 46-faction one (issue 18: about 7 MB of XML, some 500 units), against the targets of ≤ 3 s and
≤ 300 MiB for the whole import.

Run from the top of a checkout:

    python benchmarks/bench_battlescribe.py                 # read_files, 3 runs
    python benchmarks/bench_battlescribe.py --system sbg    # and import_catalog with that game's mapping
    python benchmarks/bench_battlescribe.py --quick         # one run of each
    python benchmarks/bench_battlescribe.py --keep DIR      # write the data set to DIR (and keep it)

The data set is generated, deterministically, in a temporary folder: one game system holding shared wargear,
magical powers, rules and profiles, and 46 catalogues of heroes and warriors, each with its profile, categories,
wargear groups of entry links to shared entries (with the links' own costs), info links, info groups and
modifiers with nested condition groups, as the real data has them. It is written from the published XSD's shape;
no real data is used or copied.

Each run is a fresh Python process (`--child`), so its figures are its own: the seconds the call took (imports
excluded) and the process's peak resident memory (`resource.getrusage`, which includes the interpreter and the
imported modules; the figure before the call is printed beside it). The medians are compared with the targets.
Nothing is asserted: machines are shared and noisy, and the figures are for people to read.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 3.0
TARGET_MIB = 300.0
CATALOGUES = 46
HEROES_PER_CATALOGUE = 7
WARRIORS_PER_CATALOGUE = 4
DEFAULT_SEED = 20_250_118

GAME_NS = "http://www.battlescribe.net/schema/gameSystemSchema"
CATALOGUE_NS = "http://www.battlescribe.net/schema/catalogueSchema"
HERO_CHARACTERISTICS = (
    "Movement", "Fight", "Strength", "Defence", "Attacks", "Wounds", "Courage", "Might", "Will", "Fate",
    "Heroic Actions", "Keywords", "Heroic Tier",
)  # fmt: skip
WARRIOR_CHARACTERISTICS = ("Movement", "Fight", "Strength", "Defence", "Attacks", "Wounds", "Courage", "Keywords")
POWER_CHARACTERISTICS = ("Duration", "Range", "Casting", "Rule", "Channelled")
TIERS = ("Hero of Legend", "Hero of Valour", "Hero of Fortitude", "Minor Hero", "Independent Hero")
WORDS = (
    "stone", "river", "grey", "tower", "shield", "oath", "ember", "north", "hollow", "watch", "crown", "iron",
    "shadow", "bright", "storm", "ash", "deep", "hill", "silver", "horn",
)  # fmt: skip


class _Ids:
    """BattleScribe-looking ids ("1a2b-3c4d-5e6f-7a8b"), deterministic and unique."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seen: set[str] = set()

    def __call__(self) -> str:
        while True:
            value = "-".join(f"{self.rng.getrandbits(16):04x}" for _ in range(4))
            if value not in self.seen:
                self.seen.add(value)
                return value


def _words(rng: random.Random, count: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(count))


def _condition(ids: str, rng: random.Random, depth: int) -> str:
    """A condition group nested `depth` deep, as the real data writes its "hidden unless…" modifiers."""
    inner = _condition(ids, rng, depth - 1) if depth > 1 else ""
    inner_groups = f"<conditionGroups>{inner}</conditionGroups>" if inner else ""
    return (
        '<conditionGroup type="or"><conditions>'
        f'<condition field="selections" scope="roster" value="1.0" percentValue="false" shared="true" '
        f'includeChildSelections="true" includeChildForces="true" childId="{ids}" type="equalTo"/>'
        f"</conditions>{inner_groups}</conditionGroup>"
    )


def _game_system(ids: _Ids, rng: random.Random) -> tuple[str, dict[str, object]]:
    """The game system's XML, and what catalogues refer to in it."""
    refs: dict[str, object] = {"pts": ids(), "hero": ids(), "warrior": ids(), "power": ids(), "wargear": ids()}
    hero_chars = {name: ids() for name in HERO_CHARACTERISTICS}
    warrior_chars = {name: ids() for name in WARRIOR_CHARACTERISTICS}
    power_chars = {name: ids() for name in POWER_CHARACTERISTICS}
    rules_char = ids()
    refs.update(hero_chars=hero_chars, warrior_chars=warrior_chars)
    categories = {name: ids() for name in (*TIERS, "Warrior", "Good Army", "Evil Army")}
    refs["categories"] = categories
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        f'<gameSystem id="{ids()}" name="Synthetic Battle Game" revision="100" battleScribeVersion="2.03" '
        f'authorName="Warband benchmark" xmlns="{GAME_NS}">',
        "<publications>",
        *(f'<publication id="{ids()}" name="Book {n}"/>' for n in range(10)),
        "</publications>",
        f'<costTypes><costType id="{refs["pts"]}" name="pts" defaultCostLimit="-1.0" hidden="false"/></costTypes>',
        "<profileTypes>",
    ]
    for type_key, name, chars in (
        ("hero", "Hero", hero_chars),
        ("warrior", "Warrior", warrior_chars),
        ("power", "Magical Power", power_chars),
        ("wargear", "Wargear", {"Rules": rules_char}),
    ):
        out.append(f'<profileType id="{refs[type_key]}" name="{name}"><characteristicTypes>')
        out.extend(f'<characteristicType id="{cid}" name="{cname}"/>' for cname, cid in chars.items())
        out.append("</characteristicTypes></profileType>")
    out.append("</profileTypes><categoryEntries>")
    out.extend(f'<categoryEntry id="{cid}" name="{name}" hidden="false"/>' for name, cid in categories.items())
    out.append("</categoryEntries>")
    out.append(f'<forceEntries><forceEntry id="{ids()}" name="Army" hidden="false"/></forceEntries>')

    wargear, powers, rules = [], [], []
    out.append("<sharedSelectionEntries>")
    for n in range(160):
        entry_id, profile_id = ids(), ids()
        wargear.append(entry_id)
        name = f"{_words(rng, 2).title()} {n}"
        out.append(
            f'<selectionEntry id="{entry_id}" name="{name}" hidden="false" collective="false" import="true" '
            f'type="upgrade"><profiles><profile id="{profile_id}" name="{name}" hidden="false" '
            f'typeId="{refs["wargear"]}" typeName="Wargear"><characteristics>'
            f'<characteristic name="Rules" typeId="{rules_char}">{_words(rng, 30)}</characteristic>'
            f'</characteristics></profile></profiles><costs><cost name="pts" typeId="{refs["pts"]}" value="0.0"/>'
            "</costs></selectionEntry>"
        )
    out.append("</sharedSelectionEntries><sharedSelectionEntryGroups>")
    mounts = ids()
    out.append(
        f'<selectionEntryGroup id="{mounts}" name="Mounts" hidden="false" collective="false" import="true">'
        "<entryLinks>"
        + "".join(
            f'<entryLink id="{ids()}" name="Mount" hidden="false" collective="false" import="true" '
            f'targetId="{target}" type="selectionEntry"/>'
            for target in wargear[:3]
        )
        + "</entryLinks></selectionEntryGroup></sharedSelectionEntryGroups><sharedRules>"
    )
    for n in range(320):
        rule_id = ids()
        rules.append(rule_id)
        out.append(
            f'<rule id="{rule_id}" name="{_words(rng, 2).title()} {n}" hidden="false">'
            f"<description>{_words(rng, 60)}</description></rule>"
        )
    out.append("</sharedRules><sharedProfiles>")
    for n in range(40):
        profile_id = ids()
        powers.append(profile_id)
        name = f"Power of {_words(rng, 2).title()} {n}"
        values = ("Instant", '12"', f"{rng.randint(2, 6)}+", _words(rng, 40), "Yes")
        chars = "".join(
            f'<characteristic name="{cname}" typeId="{cid}">{value}</characteristic>'
            for (cname, cid), value in zip(power_chars.items(), values, strict=True)
        )
        out.append(
            f'<profile id="{profile_id}" name="{name}" hidden="false" typeId="{refs["power"]}" '
            f'typeName="Magical Power"><characteristics>{chars}</characteristics></profile>'
        )
    out.append("</sharedProfiles></gameSystem>")
    refs.update(wargear=wargear, powers=powers, rules=rules, mounts=mounts)
    return "\n".join(out), refs


def _unit(ids: _Ids, rng: random.Random, refs: dict[str, object], hero: bool, side: str) -> str:
    pts = refs["pts"]
    wargear: list[str] = refs["wargear"]  # type: ignore[assignment]
    rules: list[str] = refs["rules"]  # type: ignore[assignment]
    powers: list[str] = refs["powers"]  # type: ignore[assignment]
    categories: dict[str, str] = refs["categories"]  # type: ignore[assignment]
    entry_id = ids()
    name = f"{_words(rng, 2).title()} {'Captain' if hero else 'Warriors'} {rng.randint(1, 999)}"
    if hero:
        chars_ids: dict[str, str] = refs["hero_chars"]  # type: ignore[assignment]
        values = (
            '6"',
            f"{rng.randint(3, 7)}/4+",
            "4",
            "6",
            "2",
            "2",
            "4",
            "2",
            "1",
            "1",
            "Accuracy",
            "Man",
            rng.choice(TIERS),
        )
        profile_type, type_name, category = refs["hero"], "Hero", values[-1]
    else:
        chars_ids = refs["warrior_chars"]  # type: ignore[assignment]
        values = ('6"', "3/4+", "3", "5", "1", "1", "3", "Man Infantry")
        profile_type, type_name, category = refs["warrior"], "Warrior", "Warrior"
    chars = "".join(
        f'<characteristic name="{cname}" typeId="{cid}">{value}</characteristic>'
        for (cname, cid), value in zip(chars_ids.items(), values, strict=True)
    )
    hidden_modifier = (
        f'<modifier type="set" field="hidden" value="true"><conditionGroups>{_condition(ids(), rng, 5)}'
        "</conditionGroups></modifier>"
    )
    cost_modifiers = (
        f'<modifier type="set" field="{pts}" value="{rng.randint(5, 200)}.0"/>'
        f'<modifier type="increment" field="{pts}" value="5"><conditions><condition field="selections" '
        f'scope="roster" value="1.0" childId="{ids()}" type="atLeast"/></conditions></modifier>'
    )
    wargear_links = "".join(
        f'<entryLink id="{ids()}" name="Option" hidden="false" collective="false" import="true" '
        f'targetId="{target}" type="selectionEntry"><modifiers>{hidden_modifier}</modifiers><costs>'
        f'<cost name="pts" typeId="{pts}" value="{rng.randint(0, 25)}.0"/></costs></entryLink>'
        for target in rng.sample(wargear, 5)
    )
    info_links = "".join(
        f'<infoLink id="{ids()}" name="Rule" hidden="false" targetId="{target}" type="rule"/>'
        for target in rng.sample(rules, 3)
    )
    power_links = "".join(  # a hero's magical powers: links to the game system's shared profiles
        f'<infoLink id="{ids()}" name="Power" hidden="false" targetId="{target}" type="profile"/>'
        for target in (rng.sample(powers, 2) if hero else ())
    )
    model = (
        ""
        if hero
        else (
            f'<selectionEntries><selectionEntry id="{ids()}" name="Warrior" hidden="false" collective="false" '
            f'import="true" type="model"><constraints><constraint field="selections" scope="parent" value="1.0" '
            f'id="{ids()}" type="min"/></constraints><costs><cost name="pts" typeId="{pts}" value="8.0"/></costs>'
            "</selectionEntry></selectionEntries>"
        )
    )
    return (
        f'<selectionEntry id="{entry_id}" name="{name}" hidden="false" collective="false" import="true" '
        f'type="{"upgrade" if hero else "unit"}">'
        f"<modifiers>{hidden_modifier}{cost_modifiers}</modifiers>"
        f'<constraints><constraint field="selections" scope="roster" value="1.0" id="{ids()}" type="max"/>'
        "</constraints>"
        f'<profiles><profile id="{ids()}" name="{name}" hidden="false" typeId="{profile_type}" '
        f'typeName="{type_name}"><characteristics>{chars}</characteristics></profile></profiles>'
        f'<infoGroups><infoGroup id="{ids()}" name="Special Rules" hidden="false"><rules>'
        f'<rule id="{ids()}" name="{_words(rng, 2).title()}" hidden="false"><description>{_words(rng, 50)}'
        f"</description></rule></rules><infoLinks>{info_links}</infoLinks></infoGroup></infoGroups>"
        f"<infoLinks>{power_links}</infoLinks>"
        f'<categoryLinks><categoryLink id="{ids()}" name="New CategoryLink" hidden="false" '
        f'targetId="{categories[category]}" primary="true"/><categoryLink id="{ids()}" name="Side" hidden="false" '
        f'targetId="{categories[side]}" primary="false"/></categoryLinks>'
        f"{model}"
        f'<selectionEntryGroups><selectionEntryGroup id="{ids()}" name="Wargear" hidden="false" '
        'collective="false" '
        f'import="true"><entryLinks>{wargear_links}</entryLinks></selectionEntryGroup></selectionEntryGroups>'
        f'<entryLinks><entryLink id="{ids()}" name="Mounts" hidden="false" collective="false" import="true" '
        f'targetId="{refs["mounts"]}" type="selectionEntryGroup"/></entryLinks>'
        f'<costs><cost name="pts" typeId="{pts}" value="{rng.randint(5, 200)}.0"/></costs>'
        "</selectionEntry>"
    )


def make_dataset(folder: Path, seed: int = DEFAULT_SEED) -> list[Path]:
    """Write the synthetic game system and its 46 catalogues into `folder`; return their paths."""
    rng = random.Random(seed)
    ids = _Ids(rng)
    text, refs = _game_system(ids, rng)
    game_id = text.split('<gameSystem id="', 1)[1].split('"', 1)[0]
    paths = [folder / "Synthetic_Battle_Game.gst"]
    paths[0].write_text(text, encoding="utf-8")
    for n in range(CATALOGUES):
        side = "Good Army" if n % 2 == 0 else "Evil Army"
        units = [_unit(ids, rng, refs, True, side) for _ in range(HEROES_PER_CATALOGUE)]
        units += [_unit(ids, rng, refs, False, side) for _ in range(WARRIORS_PER_CATALOGUE)]
        name = f"Faction {n + 1:02d} of the {_words(rng, 1).title()}"
        body = (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<catalogue id="{ids()}" name={quoteattr(name)} revision="{rng.randint(1, 30)}" '
            f'battleScribeVersion="2.03" library="false" gameSystemId="{game_id}" gameSystemRevision="100" '
            f'xmlns="{CATALOGUE_NS}">\n<selectionEntries>\n'
            + "\n".join(units)
            + "\n</selectionEntries>\n</catalogue>\n"
        )
        path = folder / f"Faction_{n + 1:02d}.cat"
        path.write_text(body, encoding="utf-8")
        paths.append(path)
    return paths


# -- one measured run, in its own process


def _child(kind: str, folder: Path, system: str) -> None:
    import resource
    import time

    from warband.model.battlescribe.importer import import_catalog
    from warband.model.battlescribe.reader import read_files

    paths = sorted(folder.glob("*.gst")) + sorted(folder.glob("*.cat"))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    started = time.perf_counter()
    if kind == "read":
        data = read_files(paths)
        counts = {"catalogues": len(data.catalogues), "root entries": sum(len(c.entries) for c in data.catalogues)}
        counts["problems"] = len(data.problems)
    else:
        imported = import_catalog(system, paths)
        counts = dict(imported.counts)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "peak_mib": peak, "before_mib": before, "counts": counts}))


def _run(kind: str, folder: Path, system: str, runs: int) -> list[dict[str, object]]:
    results = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, __file__, "--child", kind, "--data", str(folder), "--system", system or ""],
            check=True,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return results


def _report(label: str, results: list[dict[str, object]]) -> None:
    seconds = [float(result["seconds"]) for result in results]  # type: ignore[arg-type]
    peaks = [float(result["peak_mib"]) for result in results]  # type: ignore[arg-type]
    before = statistics.median(float(result["before_mib"]) for result in results)  # type: ignore[arg-type]
    median_s, median_mib = statistics.median(seconds), statistics.median(peaks)
    time_ok = "OK" if median_s <= TARGET_SECONDS else "MISSED"
    memory_ok = "OK" if median_mib <= TARGET_MIB else "MISSED"
    print(f"{label}")
    print(
        f"  time    {median_s:6.2f} s   (median of {len(seconds)}, best {min(seconds):.2f} s)   "
        f"target {TARGET_SECONDS:.0f} s    ratio {median_s / TARGET_SECONDS:.2f}  {time_ok}"
    )
    print(
        f"  memory  {median_mib:6.1f} MiB peak resident ({before:.1f} MiB before the call)   "
        f"target {TARGET_MIB:.0f} MiB  ratio {median_mib / TARGET_MIB:.2f}  {memory_ok}"
    )
    print(f"  counts  {results[0]['counts']}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", default="", help="also time import_catalog with this game's mapping")
    parser.add_argument("--quick", action="store_true", help="one run of each")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--keep", type=Path, help="write the data set to this folder and keep it")
    parser.add_argument("--child", choices=("read", "import"), help=argparse.SUPPRESS)
    parser.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child, args.data, args.system)
        return 0
    runs = 1 if args.quick else args.runs
    if args.system:
        from warband.model.system import game_modules

        if args.system not in game_modules("battlescribe"):
            print(f"no BattleScribe mapping for the game {args.system!r}: nothing to time", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        paths = make_dataset(folder, args.seed)
        size = sum(path.stat().st_size for path in paths)
        units = CATALOGUES * (HEROES_PER_CATALOGUE + WARRIORS_PER_CATALOGUE)
        print(
            f"Synthetic data set: 1 game system and {len(paths) - 1} catalogues, {size / 1_048_576:.1f} MiB of "
            f"XML, {units} units (Python {sys.version.split()[0]})"
        )
        _report("read_files (every link resolved)", _run("read", folder, args.system, runs))
        if args.system:
            _report(
                f"import_catalog --system {args.system} (read, mapped, checked)",
                _run("import", folder, args.system, runs),
            )
            _edits(paths, args.system, 5 if args.quick else 30)
    return 0


EDIT_TARGET_MS = 16.0
"""What one builder edit may cost the model (validate the army, list what its unit may take): a frame."""


def _edits(paths: list[Path], system: str, repeats: int) -> None:
    """A builder edit's model work on an army of the imported catalog beside the built-in ones: what the window
    does after each change (validate the army, list what the selected unit may take)."""
    from warband import api
    from warband.model.battlescribe.importer import import_catalog

    imported = import_catalog(system, paths).catalog
    with tempfile.TemporaryDirectory() as temporary:
        catalog = Path(temporary) / "imported.json"
        api.save_catalog(imported, catalog)
        merged = api.load_catalogs(api.catalog_paths([catalog])).for_system(system)
    profiles = [p for p in merged.entries.get("profiles", {}) if p.startswith(f"{imported['id']}:")]
    army = api.new_army(system, "Imported", points_limit=2000)
    for number, profile in enumerate(profiles[:30], start=1):
        army = api.AddUnit(f"u{number}", profile).apply(army)
    times_validate, times_options = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        api.validate(army, merged)
        times_validate.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        api.options(army, "u1", merged)
        times_options.append((time.perf_counter() - start) * 1000)
    for label, runs in (("validate a 30-unit army", times_validate), ("options of one unit", times_options)):
        median = statistics.median(runs)
        verdict = "OK" if median <= EDIT_TARGET_MS else "MISSED"
        print(
            f"builder edit, {label} of the imported catalog ({len(merged.entries.get('profiles', {}))} profiles "
            f"loaded): {median:.2f} ms median, best {min(runs):.2f} ms   target {EDIT_TARGET_MS:g} ms   "
            f"ratio {median / EDIT_TARGET_MS:.2f}  {verdict}"
        )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
