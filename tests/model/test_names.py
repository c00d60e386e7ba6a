"""Multilingual names: a string, or a map of languages shown with a fallback."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from warband.model.names import Name, display_name


class Named(BaseModel):
    name: Name


def test_a_plain_string_is_shown_as_it_is():
    assert display_name("Messager divin", ["ru"]) == "Messager divin"


@pytest.mark.parametrize(
    ("languages", "shown"),
    [
        (["fr"], "Messager divin"),
        (["en"], "Divine messenger"),
        (["ru"], "Divine messenger"),
        (["fr-CA"], "Messager divin"),
    ],
)
def test_a_map_is_shown_in_the_chosen_language_with_a_fallback(languages, shown):
    assert display_name({"fr": "Messager divin", "en": "Divine messenger"}, languages) == shown


def test_the_fallback_ends_with_any_language():
    assert display_name({"ru": "Божественный вестник"}, ["de"]) == "Божественный вестник"


@pytest.mark.parametrize("bad", ["", "   ", {}, {"english": "x"}, {"en": ""}, {"en": 3}, 3, None, ["x"]])
def test_bad_names_are_refused(bad):
    with pytest.raises(ValidationError):
        Named(name=bad)


def test_names_round_trip_through_json():
    named = Named(name={"fr": "Prêtresse de Fer", "en": "Iron Priestess"})
    assert Named.model_validate_json(named.model_dump_json()) == named
    assert Named.model_json_schema()["properties"]["name"]["anyOf"][0] == {"type": "string", "minLength": 1}
