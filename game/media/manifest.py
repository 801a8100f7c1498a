"""The pictures manifest (assets/pictures/pictures.toml) and the items the
games need a picture for (each game names its own on its GameDef). Pure: the tools, the tests and the pygame loader
share it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources.abc import Traversable

from ..engine.gamedef import GameDef
from . import asset_path

MANIFEST = ("pictures", "pictures.toml")
FRAMES = {None, "card-back", "badge"}
PATTERNS = {"dots", "stripes", "checks", "bars", "zigzag"}
SHAPES = {"circle", "square", "triangle", "diamond"}
CARD_RATIO = 88 / 63  # a standard card, as in Wok Up's table.toml


class ManifestError(ValueError):
    pass


@dataclass(frozen=True)
class Picture:
    id: str
    shows: str
    emoji: str | None = None
    same_as: str | None = None
    frame: str | None = None
    colour: str | None = None
    pattern: str | None = None
    shape: str | None = None

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]


@dataclass(frozen=True)
class Manifest:
    set: dict
    pictures: dict[str, Picture]

    def resolve(self, item_id: str) -> Picture | None:
        """The picture drawn for `item_id`, following `same_as`; None if unknown."""
        seen = set()
        pic = self.pictures.get(item_id)
        while pic is not None and pic.same_as:
            if pic.id in seen:
                return None
            seen.add(pic.id)
            pic = self.pictures.get(pic.same_as)
        return pic

    def file(self, item_id: str) -> Traversable | None:
        """The vendored PNG of `item_id` (which may not exist), or None if unknown."""
        pic = self.resolve(item_id)
        return None if pic is None else asset_path("pictures", self.set["id"], f"{pic.id}.png")

    def drawn(self) -> list[Picture]:
        """The pictures that have a file of their own (not `same_as`)."""
        return [p for p in self.pictures.values() if not p.same_as]

    def pixel_size(self, pic: Picture) -> tuple[int, int]:
        size = self.set["size"]
        return (size, round(size * CARD_RATIO)) if pic.frame == "card-back" else (size, size)


def parse(text: str, where: str = "pictures.toml") -> Manifest:
    doc = tomllib.loads(text)
    pictures: dict[str, Picture] = {}
    for i, raw in enumerate(doc.get("picture", [])):
        pid = raw.get("id", f"#{i + 1}")
        fields = set(Picture.__dataclass_fields__)
        extra = set(raw) - fields
        if extra:
            raise ManifestError(f"{where}: picture {pid}: unknown fields {sorted(extra)}")
        pic = Picture(**raw)
        if pid in pictures:
            raise ManifestError(f"{where}: picture {pid} is listed twice")
        if bool(pic.emoji) == bool(pic.same_as):
            raise ManifestError(f"{where}: picture {pid} needs exactly one of emoji or same_as")
        if pic.frame not in FRAMES:
            raise ManifestError(f"{where}: picture {pid}: frame must be one of card-back, badge")
        if pic.frame and not (pic.colour and pic.colour.startswith("#") and len(pic.colour) == 7):
            raise ManifestError(f'{where}: picture {pid}: a {pic.frame} needs colour = "#rrggbb"')
        if pic.frame == "card-back" and pic.pattern not in PATTERNS:
            raise ManifestError(f"{where}: picture {pid}: pattern must be one of {sorted(PATTERNS)}")
        if pic.frame == "badge" and pic.shape not in SHAPES:
            raise ManifestError(f"{where}: picture {pid}: shape must be one of {sorted(SHAPES)}")
        pictures[pid] = pic
    for pic in pictures.values():
        if pic.same_as and pic.same_as not in pictures:
            raise ManifestError(f"{where}: picture {pic.id}: same_as {pic.same_as} is not in the manifest")
    return Manifest(doc["set"], pictures)


@lru_cache(maxsize=1)
def load() -> Manifest:
    path = asset_path(*MANIFEST)
    return parse(path.read_text(encoding="utf-8"), str(path))


# ---- the items each game needs a picture for ------------------------------------


def required_items(gdefs: Iterable[GameDef]) -> dict[str, str]:
    """{picture id: where the item comes from} for every item of every game
    (each game names its own: `GameDef.pictures`)."""
    need: dict[str, str] = {}
    for gdef in gdefs:
        if gdef.pictures is not None:
            need.update(gdef.pictures())
    return need
