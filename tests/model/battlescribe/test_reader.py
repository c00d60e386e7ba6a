"""The BattleScribe reader on hand-written files (tests/files/battlescribe/reader, written from the public XSDs):
schema 2.01 to 2.03, zipped or not, links of every kind resolved, what it does not read counted, what it cannot
use refused with a FileError naming the file."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from tests.model.battlescribe.helpers import catalogue, fixture, game_system, write, zip_of, zipped
from warband.model.battlescribe import xmlfile
from warband.model.battlescribe.data import DataSet, Entry, Group
from warband.model.battlescribe.reader import Cancelled, read_files
from warband.model.storage import FileError

MAIN = [fixture("game.gst"), fixture("faction.cat"), fixture("library.cat")]
OLD = [fixture("old_game.gst"), fixture("old_faction.cat"), fixture("old_library.cat")]


@pytest.fixture(scope="module")
def data() -> DataSet:
    return read_files(MAIN)


def _catalogue(data: DataSet, name: str):  # type: ignore[no-untyped-def]
    return next(c for c in data.catalogues if c.name == name)


def _entry(data: DataSet, catalogue_name: str, entry_name: str) -> Entry:
    return next(e for e in _catalogue(data, catalogue_name).entries if e.name == entry_name)


def _captain(data: DataSet) -> Entry:
    return _entry(data, "Test Faction", "Captain")


# -- what is read


def test_the_files_are_described(data: DataSet) -> None:
    assert data.game_system is not None
    assert (data.game_system.kind, data.game_system.name, data.game_system.revision) == (
        "gameSystem",
        "Test Skirmish Game",
        3,
    )
    assert [(c.name, c.kind, c.revision, c.schema, c.library) for c in data.catalogues] == [
        ("Test Faction", "catalogue", 5, "2.03", False),
        ("Test Library", "catalogue", 2, "2.03", True),
    ]
    faction = _catalogue(data, "Test Faction")
    assert faction.file == "faction.cat"
    assert faction.game_system_id == "gs-test"
    assert faction.links == ("cat-library",)
    assert faction.cost_types == {"ct-pts": "pts", "ct-models": "Models"}  # the game system's, names trimmed
    assert faction.profile_types == {"pt-unit": "Unit", "pt-weapon": "Weapon", "pt-beast": "Beast"}
    assert [rule.name for rule in data.game_system.shared_rules] == ["Brave"]


def test_any_order_of_files_gives_the_same_data_set() -> None:
    assert read_files(list(reversed(MAIN))) == read_files(MAIN)


def test_a_profile_with_its_characteristics_as_written(data: DataSet) -> None:
    profile = _captain(data).profiles[0]
    assert (profile.name, profile.type_id, profile.type_name) == ("Captain", "pt-unit", "Unit")
    assert [(c.name, c.text) for c in profile.characteristics] == [
        ("Move", "6"),
        ("Fight", "4/3+"),
        ("Will", "3*"),
    ]
    assert profile.get("will") == "3*"
    assert profile.get("Courage") is None
    (modifier,) = profile.modifiers  # a profile's own modifier is kept, not applied
    assert (modifier.type, modifier.field, modifier.value, modifier.unconditional) == (
        "increment",
        "ch-fight",
        "1",
        False,
    )


def test_an_entry_link_to_a_shared_entry_takes_the_links_own_cost(data: DataSet) -> None:
    warrior = _entry(data, "Test Faction", "Warrior")  # a root entryLink to a shared entry
    assert (warrior.id, warrior.link_id, warrior.type, warrior.file) == (
        "e-warrior",
        "link-warriors",
        "model",
        "faction.cat",
    )
    assert [(c.name, c.value) for c in warrior.costs] == [("pts", 9.0), ("Models", 1.0)]  # 9 replaces 8
    assert warrior.cost("PTS") == 9.0
    assert warrior.categories == ("Troop",)  # from the link's categoryLinks


def test_a_nested_entry_link_keeps_its_modifiers_and_the_targets_profiles(data: DataSet) -> None:
    sword = next(e for e in _captain(data).entries if e.name == "Sword")
    assert (sword.id, sword.link_id, sword.file) == ("se-sword", "link-sword", "game.gst")
    assert [(c.name, c.value) for c in sword.costs] == [("pts", 3.0), ("Models", 0.0)]
    assert [p.name for p in sword.profiles] == ["Sword"]
    assert [(m.field, m.value, m.unconditional) for m in sword.modifiers] == [("hidden", "true", False)]


def test_a_link_across_files_keeps_the_file_that_defines_the_entry(data: DataSet) -> None:
    axe = next(e for e in _captain(data).entries if e.name == "Axe")
    assert (axe.id, axe.link_id, axe.file, axe.cost("pts")) == ("lib-axe", "link-axe", "library.cat", 7.0)


def test_an_entry_link_to_a_shared_group(data: DataSet) -> None:
    groups = {group.name: group for group in _captain(data).groups}
    assert list(groups) == ["Mount", "Wargear"]
    wargear = groups["Wargear"]
    assert (wargear.id, wargear.link_id, wargear.default_entry_id) == (
        "sg-wargear",
        "link-wargear",
        "sg-wargear-sword",
    )
    assert [(c.id, c.type) for c in wargear.constraints] == [
        ("con-wargear-max", "max"),
        ("con-link-wargear-min", "min"),
    ]
    assert [(e.name, e.link_id, e.cost("pts")) for e in wargear.entries] == [
        ("Sword", "sg-wargear-sword", 5.0),
        ("Shield", "sg-wargear-shield", 2.0),
    ]
    assert [e.name for e in groups["Mount"].entries] == ["Pony"]
    assert [e.name for e in _captain(data).walk()] == ["Captain", "Sword", "Axe", "Pony", "Sword", "Shield"]


def test_info_links_and_info_groups_give_the_entry_its_rules_and_profiles(data: DataSet) -> None:
    captain = _captain(data)
    assert [rule.name for rule in captain.rules] == ["Leader", "Grouped Rule", "Brave"]
    assert captain.rules[2].description == "This model never runs away."
    horse = captain.profiles[1]
    assert (horse.id, horse.name, horse.get("Move")) == ("prof-horse", "Horse", "10")  # as the shared profile says
    assert [(m.type, m.field, m.value) for m in horse.modifiers] == [("set", "ch-move", "12")]  # the link's, kept


def test_categories_are_names_with_the_primary_first(data: DataSet) -> None:
    assert _captain(data).categories == ("Hero", "Troop")


def test_costs_set_by_modifiers_are_kept_as_modifiers(data: DataSet) -> None:
    captain = _captain(data)
    assert captain.cost("pts") == 50.0  # the entry's own cost: applying modifiers is the game's job
    unconditional, conditional, repeated = captain.modifiers
    assert (unconditional.type, unconditional.field, unconditional.value) == ("set", "ct-pts", "45")
    assert unconditional.unconditional
    assert (conditional.type, conditional.value, conditional.unconditional) == ("increment", "5", False)
    assert [(c.type, c.scope, c.value, c.child_id, c.group) for c in conditional.conditions] == [
        ("atLeast", "roster", 1.0, "lib-troll", ""),
        ("equalTo", "parent", 0.0, "se-shield", "or"),
    ]
    assert (repeated.repeats, repeated.unconditional) == (1, False)
    assert [(c.id, c.type, c.field, c.scope, c.value) for c in captain.constraints] == [
        ("con-captain-max", "max", "selections", "roster", 1.0)
    ]


def test_a_library_catalogue_linked_by_catalogue_links(data: DataSet) -> None:
    faction = _catalogue(data, "Test Faction")
    assert [(e.name, e.file) for e in faction.entries] == [
        ("Captain", "faction.cat"),
        ("", "faction.cat"),
        ("Warrior", "faction.cat"),
        ("Troll", "library.cat"),  # imported: marked import="true"; "Not Imported" is not
    ]
    troll = faction.entries[-1]
    assert (troll.type, troll.categories, troll.cost("pts")) == ("unit", ("Troop",), 80.0)
    library = _catalogue(data, "Test Library")
    assert [e.name for e in library.entries] == ["Troll", "Not Imported"]


def test_a_catalogue_link_without_import_root_entries_shares_entries_but_imports_none(tmp_path: Path) -> None:
    text = fixture("faction.cat").read_text(encoding="utf-8").replace('importRootEntries="true"', "")
    faction = write(tmp_path, "faction.cat", text)
    data = read_files([fixture("game.gst"), faction, fixture("library.cat")])
    entries = _catalogue(data, "Test Faction").entries
    assert "Troll" not in [e.name for e in entries]
    assert any(e.name == "Axe" for e in entries[0].entries)  # its shared entries are still reached


def _linking(name: str, entry: str, *targets: str) -> str:
    links = "".join(
        f'<catalogueLink id="cl-{name}-{target}" name="{target}" targetId="cat-{target}" type="catalogue" '
        'importRootEntries="true"/>'
        for target in targets
    )
    entries = f'<selectionEntries><selectionEntry id="{entry}" name="{entry}" type="unit" import="true"/></selectionEntries>'
    return catalogue(f"{entries}<catalogueLinks>{links}</catalogueLinks>", id=f"cat-{name}", name=name)


def test_imports_through_catalogue_links_are_followed_further(tmp_path: Path) -> None:
    paths = [
        write(tmp_path, "a.cat", _linking("a", "from-a", "b")),
        write(tmp_path, "b.cat", _linking("b", "from-b", "c")),
        write(tmp_path, "c.cat", _linking("c", "from-c")),
    ]
    data = read_files(paths)
    assert [e.name for e in _catalogue(data, "a").entries] == ["from-a", "from-b", "from-c"]
    assert [e.name for e in _catalogue(data, "b").entries] == ["from-b", "from-c"]
    assert data.problems == ()


def test_catalogues_importing_each_other_are_a_cycle_reported_once_each_way(tmp_path: Path) -> None:
    paths = [
        write(tmp_path, "a.cat", _linking("a", "from-a", "b")),
        write(tmp_path, "b.cat", _linking("b", "from-b", "a")),
        write(tmp_path, "c.cat", _linking("c", "from-c", "a", "b")),
    ]
    data = read_files(paths)
    assert [e.name for e in _catalogue(data, "a").entries] == ["from-a", "from-b"]
    assert [e.name for e in _catalogue(data, "b").entries] == ["from-b", "from-a"]
    assert [e.name for e in _catalogue(data, "c").entries] == ["from-c", "from-a", "from-b"]  # each once
    assert sorted(data.problems) == [
        "a.cat: its link to 'b' leads back to one importing it (a cycle)",
        "b.cat: its link to 'a' leads back to one importing it (a cycle)",
    ]


def test_an_unknown_profile_type_and_missing_values(data: DataSet) -> None:
    beast = _entry(data, "Test Faction", "")  # an entry with no name is read, named ""
    assert (beast.id, beast.type, beast.hidden, beast.collective) == ("e-beast", "unit", True, True)
    by_name = {p.name: p for p in beast.profiles}
    assert by_name["Beast"].type_name == "Beast"  # the catalogue's own profile type
    assert by_name["Mystery"].type_name == ""  # a type no file defines: kept, reported
    assert by_name["Engine"].type_name == "Siege Engine"  # a type the file names but does not define
    assert by_name["Engine"].get("Crew") == ""
    assert [(c.name, c.value) for c in beast.costs] == [("Models", 1.0)]  # "lots" is no number: left out
    assert any("'Mystery'" in p and "'pt-mystery'" in p for p in data.problems)
    assert any("'e-beast'" in p and "'lots'" in p for p in data.problems)


def test_links_to_nothing_are_problems_and_the_rest_is_read(data: DataSet) -> None:
    assert all(p.startswith("faction.cat: ") for p in data.problems)
    assert any("'Ghost'" in p and "'se-nowhere'" in p for p in data.problems)
    assert any("'Lost Rule'" in p and "'rule-nowhere'" in p for p in data.problems)
    assert "Ghost" not in [e.name for e in _captain(data).walk()]
    assert len(data.problems) == 4


def test_what_is_not_read_is_counted_by_element_name(data: DataSet) -> None:
    assert data.skipped == {
        "comment": 1,
        "constraints of categoryEntry": 1,
        "forceEntries": 1,
        "modifierGroups": 1,
        "publications": 3,
        "readme": 1,
    }


def test_cycles_are_reported_and_do_not_loop() -> None:
    data = read_files([fixture("game.gst"), fixture("cycle.cat")])
    (root,) = data.catalogues[0].entries
    assert [e.name for e in root.walk()] == ["Root", "A", "B"]  # B's link back to A is left out
    assert [rule.name for rule in root.rules] == ["Looped Rule"]
    assert len(data.problems) == 2
    assert all("cycle" in problem for problem in data.problems)


# -- schema versions and zips


def test_schema_2_01_spellings_are_read_as_2_02s() -> None:
    data = read_files(OLD)
    assert data.game_system is not None and data.game_system.schema == "2.01"
    faction = _catalogue(data, "Old Faction")
    hero = faction.entries[0]
    assert [(c.name, c.type_id, c.value) for c in hero.costs] == [("pts", "ct-pts", 60.0)]  # costTypeId
    first, second = hero.profiles
    assert (first.type_id, first.type_name) == ("pt-unit", "Unit")  # profileTypeId, profileTypeName
    assert [(c.name, c.type_id, c.text) for c in first.characteristics] == [
        ("Move", "ch-move", '6"'),  # the value attribute
        ("Fight", "ch-fight", "5/4+"),  # no name: the characteristic type's
    ]
    assert second.type_name == "Unit"  # no profileTypeName: the profile type's
    assert [r.name for r in hero.rules] == ["Old Rule"]
    assert hero.categories == ("Hero",)
    assert [(e.name, e.cost("pts"), e.link_id) for e in hero.entries] == [("Spear", 1.0, "old-hero-spear")]
    assert data.problems == ()


def test_before_2_03_a_catalogue_link_imports_every_root_entry() -> None:
    data = read_files(OLD)
    assert [(e.name, e.file) for e in _catalogue(data, "Old Faction").entries] == [
        ("Old Hero", "old_faction.cat"),
        ("Goblin", "old_library.cat"),  # no importRootEntries, no import: 2.01/2.02 imported them all
    ]


def test_schema_2_02_reads_as_2_03(tmp_path: Path) -> None:
    text = (
        fixture("faction.cat")
        .read_text(encoding="utf-8")
        .replace('battleScribeVersion="2.03"', 'battleScribeVersion="2.02"')
    )
    data = read_files([fixture("game.gst"), write(tmp_path, "faction.cat", text), fixture("library.cat")])
    faction = _catalogue(data, "Test Faction")
    assert faction.schema == "2.02"
    assert [e.name for e in faction.entries][-1] == "Troll"


def _unzipped_names(data: DataSet) -> str:
    return re.sub(r"\.(gst|cat)z\b", r".\1", repr(data))


@pytest.mark.parametrize("files", [MAIN, OLD], ids=["2.03", "2.01"])
def test_zipped_files_read_as_the_plain_ones(files: list[Path], tmp_path: Path) -> None:
    zips = [zip_of(path, tmp_path) for path in files]
    assert [path.suffix for path in zips] == [".gstz", ".catz", ".catz"]
    assert _unzipped_names(read_files(zips)) == repr(read_files(files))
    mixed = [zips[0], *files[1:]]
    assert _unzipped_names(read_files(mixed)) == repr(read_files(files))


# -- hostile text


def test_hostile_text_in_names_is_kept_as_written(tmp_path: Path) -> None:
    long_name = "Ж" * 10_000
    controls = "Bad\x85name\x9b[31m\u202eevil\u200f\u2066"  # C1 controls are XML; direction marks and isolates too
    body = f"""
  <selectionEntries>
    <selectionEntry id="h1" name="{long_name}" type="unit">
      <costs><cost name="pts" typeId="ct-pts" value="1"/></costs>
    </selectionEntry>
    <selectionEntry id="h2" name="{controls}" type="unit">
      <rules><rule id="r1" name="&lt;b&gt;bold&lt;/b&gt; &amp; &#x202E;"><description>&lt;script&gt;</description></rule></rules>
    </selectionEntry>
    <selectionEntry id="h3" name="x" type="unit">
      <entryLinks><entryLink id="l1" name="{long_name}" targetId="{"y" * 5000}" type="selectionEntry"/></entryLinks>
    </selectionEntry>
  </selectionEntries>"""
    data = read_files([write(tmp_path, "game.gst", game_system()), write(tmp_path, "h.cat", catalogue(body))])
    first, second, _ = data.catalogues[0].entries
    assert first.name == long_name
    assert second.name == controls
    assert (second.rules[0].name, second.rules[0].description) == ("<b>bold</b> & \u202e", "<script>")
    (problem,) = data.problems
    assert len(problem) < 300  # names in problems are bounded and escaped
    assert "\u202e" not in problem and "…" in problem


def test_control_characters_xml_forbids_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "c.cat", catalogue('<rules><rule id="r" name="a&#x1;b"/></rules>'))
    with pytest.raises(FileError) as caught:
        read_files([path])
    assert caught.value.file == str(path)
    assert caught.value.where.startswith("line 3")
    assert "not valid XML" in caught.value.message


# -- progress and cancel


def test_progress_is_told_as_files_are_read_then_resolved() -> None:
    calls: list[tuple[int, int]] = []
    read_files(MAIN, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, 6) for n in range(7)]


def test_cancel_between_files_and_while_resolving() -> None:
    with pytest.raises(Cancelled):
        read_files(MAIN, cancelled=lambda: True)
    asked = 0

    def later() -> bool:
        nonlocal asked
        asked += 1
        return asked > 4  # after the three files are read, while they are resolved

    with pytest.raises(Cancelled):
        read_files(MAIN, cancelled=later)
    assert asked == 5


def test_cancel_is_asked_often_while_resolving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from warband.model.battlescribe import reader

    monkeypatch.setattr(reader, "CHECK_EVERY", 2)
    body = "<selectionEntries>" + "".join(f'<selectionEntry id="e{n}" name="E" type="unit"/>' for n in range(10))
    path = write(tmp_path, "many.cat", catalogue(body + "</selectionEntries>"))
    asked = 0

    def count() -> bool:
        nonlocal asked
        asked += 1
        return False

    read_files([path], cancelled=count)
    assert asked == 1 + 1 + 5  # before reading, before resolving, then every second entry


# -- what is refused


@pytest.mark.parametrize("version", ["2.00", "1.15", "3.0", "2.03 ", ""])
def test_other_schema_versions_are_refused_naming_the_file_and_version(version: str, tmp_path: Path) -> None:
    path = write(tmp_path, "v.cat", catalogue(version=version))
    with pytest.raises(FileError) as caught:
        read_files([path])
    assert caught.value.file == str(path)
    assert repr(version) in caught.value.message
    assert "2.01, 2.02, 2.03" in caught.value.message


def test_no_schema_version_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "v.cat", catalogue().replace(' battleScribeVersion="2.03"', ""))
    with pytest.raises(FileError, match="no battleScribeVersion"):
        read_files([path])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('<catalogue id="a" battleScribeVersion="2.03"/>', "without a namespace"),
        ('<catalogue xmlns="http://example.com/x" id="a" battleScribeVersion="2.03"/>', "example.com"),
        ('<gameSystem xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="a"/>', "<gameSystem>"),
        ('<html xmlns="http://www.w3.org/1999/xhtml"/>', "<html>"),
    ],
)
def test_other_xml_is_refused(text: str, said: str, tmp_path: Path) -> None:
    with pytest.raises(FileError, match="not a BattleScribe catalogue or a BattleScribe gameSystem") as caught:
        read_files([write(tmp_path, "x.cat", text)])
    assert said in caught.value.message


def test_a_file_over_the_size_limit_is_refused_before_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(xmlfile, "MAX_FILE_BYTES", 1000)
    path = write(tmp_path, "big.cat", catalogue("<!-- " + "x" * 2000 + " -->"))
    parsed: list[bytes] = []
    monkeypatch.setattr(xmlfile, "parse", lambda *args: parsed.append(args[0]))
    with pytest.raises(FileError, match="at most 0 MB"):
        read_files([path])
    assert parsed == []


def test_missing_files_and_folders_are_file_errors(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="no such file"):
        read_files([tmp_path / "absent.cat"])
    with pytest.raises(FileError, match="folder"):
        read_files([tmp_path])


def test_two_game_systems_are_refused(tmp_path: Path) -> None:
    other = write(tmp_path, "other.gst", game_system(id="gs-other"))
    with pytest.raises(FileError, match="a second game system") as caught:
        read_files([fixture("game.gst"), other])
    assert caught.value.file == str(other)


def test_a_catalogue_of_another_game_system_is_refused(tmp_path: Path) -> None:
    stray = write(tmp_path, "stray.cat", catalogue(game="gs-elsewhere"))
    with pytest.raises(FileError, match="another game system") as caught:
        read_files([fixture("game.gst"), stray])
    assert caught.value.file == str(stray)
    with pytest.raises(FileError, match="another game system"):
        read_files([fixture("faction.cat"), stray])  # no game system: the catalogues must agree


def test_the_same_catalogue_twice_is_refused(tmp_path: Path) -> None:
    copy = write(tmp_path, "copy.cat", fixture("library.cat").read_bytes())
    with pytest.raises(FileError, match=r"read already, from library\.cat"):
        read_files([fixture("library.cat"), copy])


def test_a_zipped_file_that_is_not_a_zip_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "plain.catz", fixture("library.cat").read_bytes())
    with pytest.raises(FileError, match="zip archive"):
        read_files([path])


def test_a_zip_of_two_files_is_refused(tmp_path: Path) -> None:
    data = fixture("library.cat").read_bytes()
    path = zipped(tmp_path, "two.catz", {"a.cat": data, "b.cat": data})
    with pytest.raises(FileError, match="holds 2 files") as caught:
        read_files([path])
    assert caught.value.file == str(path)
    with pytest.raises(FileError, match="holds no file"):
        read_files([zipped(tmp_path, "none.catz", {})])


def test_a_zipped_file_too_big_once_decompressed_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(xmlfile, "MAX_MEMBER_BYTES", 500)
    path = zip_of(fixture("library.cat"), tmp_path)
    with pytest.raises(FileError, match="once decompressed") as caught:
        read_files([path])
    assert caught.value.where == "library.cat"


def test_a_parse_error_in_a_zip_names_the_member_and_line(tmp_path: Path) -> None:
    path = zipped(tmp_path, "bad.catz", {"bad.cat": catalogue("<selectionEntries>").encode()})
    with pytest.raises(FileError) as caught:
        read_files([path])
    assert caught.value.where.startswith("bad.cat, line ")
    assert "mismatched tag" in caught.value.message


def test_entries_nested_too_deep_are_refused(tmp_path: Path) -> None:
    depth = 150
    body = '<selectionEntry id="d{n}" name="D" type="upgrade"><selectionEntries>'
    close = "</selectionEntries></selectionEntry>"
    nested = "".join(body.format(n=n) for n in range(depth)) + close * depth
    text = catalogue(f"<selectionEntries>{nested}</selectionEntries>")
    with pytest.raises(FileError, match="more than 100 deep"):
        read_files([write(tmp_path, "deep.cat", text)])


def test_a_revision_that_is_no_number_is_refused(tmp_path: Path) -> None:
    text = catalogue().replace('revision="1"', 'revision="two"')
    with pytest.raises(FileError, match="not a whole number"):
        read_files([write(tmp_path, "r.cat", text)])


# -- without their game system or library


def test_catalogues_without_their_game_system_are_read_with_problems() -> None:
    data = read_files([fixture("faction.cat"), fixture("library.cat")])
    assert data.game_system is None
    captain = _captain(data)
    assert [e.name for e in captain.entries] == ["Axe"]  # the game system's Sword is not there
    assert any("'se-sword'" in p for p in data.problems)
    assert captain.costs[0].name == "pts"  # a cost type no file defines: the cost's own name


def test_a_catalogue_link_to_a_catalogue_not_read_is_a_problem() -> None:
    data = read_files([fixture("game.gst"), fixture("faction.cat")])
    assert any("links the catalogue 'Test Library'" in p and "not read" in p for p in data.problems)
    assert "Troll" not in [e.name for e in _catalogue(data, "Test Faction").entries]


def test_a_link_is_looked_up_in_its_own_file_first(tmp_path: Path) -> None:
    own = '<sharedSelectionEntries><selectionEntry id="se-sword" name="Own Sword" type="upgrade"/></sharedSelectionEntries>'
    links = '<entryLinks><entryLink id="l" name="S" targetId="se-sword" type="selectionEntry"/></entryLinks>'
    path = write(tmp_path, "own.cat", catalogue(links + own))
    data = read_files([fixture("game.gst"), path])
    assert [e.name for e in data.catalogues[0].entries] == ["Own Sword"]


def test_a_root_link_to_a_group_and_unknown_elements_are_counted(tmp_path: Path) -> None:
    body = """
  <entryLinks><entryLink id="l" name="W" targetId="sg-wargear" type="selectionEntryGroup"/></entryLinks>
  <selectionEntries>
    <selectionEntry id="e" name="E" type="unit">
      <futureThing/>
      <selectionEntryGroups>
        <selectionEntryGroup id="g" name="G"><profiles><profile id="p" name="P" typeId="pt-unit"/></profiles></selectionEntryGroup>
      </selectionEntryGroups>
    </selectionEntry>
  </selectionEntries>
  <somethingElse xmlns="http://example.com/other"/>"""
    data = read_files([fixture("game.gst"), write(tmp_path, "u.cat", catalogue(body))])
    assert data.skipped == {
        "entryLinks to a selectionEntryGroup of catalogue": 1,
        "futureThing": 1,
        "profiles of selectionEntryGroup": 1,
        "{http://example.com/other}somethingElse": 1,
        "constraints of categoryEntry": 1,
        "forceEntries": 1,
        "publications": 2,
        "readme": 1,
    }
    assert [e.name for e in data.catalogues[0].entries] == ["E"]


def test_an_empty_list_of_files_is_an_empty_data_set() -> None:
    assert read_files([]) == DataSet(game_system=None, catalogues=())


def test_values_are_frozen(data: DataSet) -> None:
    captain = _captain(data)
    with pytest.raises(AttributeError):
        captain.name = "x"  # type: ignore[misc]
    assert isinstance(captain.groups[0], Group)
    assert replace(captain, name="y").name == "y"
