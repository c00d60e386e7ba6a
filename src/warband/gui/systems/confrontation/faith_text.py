"""A Faithful in words ("Devotee — Merin / 10", its Aspects), saying "unknown" for what an imported catalog does
not give (CF-X1, provisional): the stand-ins the model holds for those values are never shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from warband.model.messages import _
from warband.model.names import display_name
from warband.model.systems.confrontation.schema import ASPECT_NAMES, ASPECTS, RANK_NAMES, Cult, Faithful


def unknown_word() -> str:
    return _("unknown")


def cult_text(faithful: Faithful, cults: Mapping[str, Cult], languages: Sequence[str] | None = None) -> str:
    if not faithful.known("cult"):
        return unknown_word()
    cult = cults.get(faithful.cult)
    return display_name(cult.name, languages) if cult is not None else faithful.cult


def rank_line(faithful: Faithful, cults: Mapping[str, Cult], languages: Sequence[str] | None = None) -> str:
    """ "Devotee — Merin / 10", with "unknown" in the place of what the catalog does not give."""
    rank = _(RANK_NAMES[faithful.rank]) if faithful.known("rank") else _("rank unknown")
    faith = str(faithful.faith) if faithful.known("faith") and faithful.faith is not None else unknown_word()
    return _("{rank} — {cult} / {faith}").format(
        rank=rank, cult=cult_text(faithful, cults, languages), faith=faith
    )


def aspect_levels(faithful: Faithful, separator: str = " · ") -> str:
    """ "Creation 0 · Alteration 2 · Destruction 1", or that the Aspects are unknown."""
    if not faithful.known("aspects"):
        return _("Aspects unknown")
    return separator.join(f"{_(ASPECT_NAMES[a])} {faithful.aspects.level(a)}" for a in ASPECTS)
