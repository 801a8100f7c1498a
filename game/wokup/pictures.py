"""The pictures Wok Up needs (assets/pictures/pictures.toml must have each):
{picture id: where the item comes from}."""

import tomllib

from game.media import asset_path


def _toml(name: str) -> dict:
    with asset_path("wokup", name).open("rb") as f:
        return tomllib.load(f)


def needed() -> dict[str, str]:
    need: dict[str, str] = {}
    tokens = _toml("tokens.toml")["token"]
    for ing in sorted({t["front"] for t in tokens} | {t["back"] for t in tokens}):
        need[f"wokup.{ing}"] = f"assets/wokup/tokens.toml: ingredient {ing}"
    for deck in _toml("cards.toml")["deck"]:
        need[f"wokup.back.{deck['id']}"] = f"assets/wokup/cards.toml: deck {deck['id']}"
    need["wokup.slap"] = "Wok Up: a slap"
    need["wokup.shout"] = "Wok Up: the Wok'up! shout"
    return need
