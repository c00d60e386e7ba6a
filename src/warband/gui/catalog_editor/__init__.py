"""The catalog editor (Catalogs → Edit Catalogs…): players' own catalogs, for every game, in forms built from the
game's catalog model."""
