"""What each field of a catalog model holds, read from the model's types (`catalog_fields`): the forms of the
catalog editor and the dangling-reference check are built from it, for every game, with no code of the game's."""

from __future__ import annotations

import pytest

from warband.model import catalog_fields as cf
from warband.model.catalog import LoadedCatalog, builtin_catalog_paths, load_catalog, merge
from warband.model.system import find_system
from warband.model.systems.confrontation.schema import Faithful, Miracle
from warband.model.systems.pfpv.schema import PfpvCatalog, Profile, Specialisation
from warband.model.systems.powerdice.schema import Spell as PowerSpell
from warband.model.systems.sbg.schema import HeroSpell

GAMES = ("confrontation", "pfpv", "powerdice", "sbg")


def spec(model, name):
    [found] = [s for s in cf.fields_of(model) if s.name == name]
    return found


def test_references_are_read_from_the_marks_on_the_types():
    cults = spec(Miracle, "cults")
    assert cults.kind == cf.Many(
        cf.Text(None, 0, cults.kind.item.pattern, cf.RefersTo("cults"))
    )  # the pattern bounds it
    assert not cults.required and cults.default == []
    assert spec(Faithful, "cult").kind.refers_to == cf.RefersTo("cults")
    contact = spec(Profile, "contact").kind
    assert isinstance(contact, cf.KeyedMap)
    assert contact.key.refers_to == cf.RefersTo("sources") and contact.value == cf.Number(0, 30)
    assert spec(HeroSpell, "spell").kind.refers_to == cf.RefersTo("spells")
    assert spec(Specialisation, "spell").kind == cf.Optional(spec(Specialisation, "spell").kind.inner)
    assert spec(Specialisation, "spell").kind.inner.refers_to == cf.RefersTo("spells")


def test_each_kind_of_value_has_its_description():
    assert spec(Miracle, "name").kind == cf.Words(required=True)
    assert spec(Miracle, "notes").kind == cf.Optional(cf.Words(required=False))
    assert spec(Miracle, "universal").kind == cf.YesNo()
    assert spec(Miracle, "paths").kind == cf.Many(cf.Choice(("light", "darkness", "destiny")))
    assert spec(Miracle, "difficulty").kind == cf.Optional(cf.Number(0, 100))
    assert spec(Miracle, "aspects").kind == cf.Group(spec(Miracle, "aspects").kind.model)
    duration = spec(PowerSpell, "duration")
    assert duration.kind == cf.Either((cf.Choice(("instant", "long")), cf.Number(1, 20)))
    assert duration.default == "instant"
    traits = spec(PowerSpell, "traits")
    assert traits.required and traits.kind.min_length == 1 and traits.kind.max_length == 4
    assert spec(Miracle, "id").required and spec(Miracle, "id").kind.pattern.startswith("^[A-Za-z0-9]")
    spell_model = spec(PfpvCatalog, "spells").kind.item.model
    parts = spec(spell_model, "combinations").kind
    sources = spec(parts.item.model, "sources").kind
    assert sources.min_length == 1 and sources.max_length == 6
    assert spec(sources.item.model, "id").kind.refers_to == cf.RefersTo("sources")


@pytest.mark.parametrize("system", GAMES)
def test_every_kind_a_field_refers_to_is_a_list_of_the_catalog(system):
    """The editor offers the entries a reference may name: each kind named must be one of the catalog's lists."""
    game = find_system(system)
    assert game is not None
    model = game.catalog_model
    lists = set(model.model_construct().entry_lists()) if hasattr(model, "model_construct") else set()
    found: set[str] = set()

    def walk(kind):
        if isinstance(kind, cf.Text) and kind.refers_to is not None:
            found.add(kind.refers_to.kind)
        elif isinstance(kind, cf.Optional):
            walk(kind.inner)
        elif isinstance(kind, cf.Either):
            for option in kind.options:
                walk(option)
        elif isinstance(kind, cf.Many):
            walk(kind.item)
        elif isinstance(kind, cf.KeyedMap):
            walk(kind.key)
            walk(kind.value)
        elif isinstance(kind, cf.Group):
            for each in cf.fields_of(kind.model):
                walk(each.kind)

    for each in cf.fields_of(model):
        walk(each.kind)
    assert found <= lists, found - lists


@pytest.mark.parametrize("path", builtin_catalog_paths(), ids=lambda p: p.parent.name)
def test_the_built_in_catalogs_references_all_name_entries(path):
    loaded = load_catalog(path)
    lists = loaded.document.entry_lists()
    for reference in loaded.document.references():
        assert reference.kind in lists
        assert reference.id in {e.id for e in lists[reference.kind]}, reference


def test_a_specialisation_naming_no_spell_dangles():
    """Found by the marks: the hand-written list of a Par le Fer catalog's references left specialisations out."""
    [path] = [p for p in builtin_catalog_paths() if p.parent.name == "pfpv"]
    doc = load_catalog(path).document
    profile = doc.profiles[0]
    broken = profile.model_copy(
        update={
            "specialisations": (
                Specialisation(discipline=profile.specialisations[0].discipline, spell="nowhere", bonus=1),
            )
        }
    )
    changed = doc.model_copy(update={"profiles": (broken, *doc.profiles[1:])})
    _merged, errors = merge("pfpv", [LoadedCatalog("mine.json", changed)])
    assert len(errors) == 1
    assert errors[0].where == "$.profiles[0].specialisations[0].spell" and "nowhere" in errors[0].message


def test_a_value_its_data_does_not_give_names_nothing():
    faithful = Faithful.model_validate(
        {"rank": None, "cult": None, "faith": None, "unknown": ["rank", "cult", "aspects", "faith"]}
    )
    assert faithful.cult == "unknown"  # the stand-in no rule reads
    assert list(cf.references_in(faithful)) == []
