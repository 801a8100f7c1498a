"""The pictures We Will Wok You needs (assets/pictures/pictures.toml must have
each): {picture id: where the item comes from}."""

import tomllib

from game.media import asset_path


def _toml(name: str) -> dict:
    with asset_path("wewillwokyou", name).open("rb") as f:
        return tomllib.load(f)


def needed() -> dict[str, str]:
    need: dict[str, str] = {}
    ww = _toml("ingredients.toml")
    for ing in ww["ingredient"]:
        need[f"wewillwokyou.{ing['id']}"] = f"assets/wewillwokyou/ingredients.toml: ingredient {ing['id']}"
    for sym in sorted({s for card in ww["card"] for s in card["symbols"]}):
        need[f"wewillwokyou.{sym}"] = f"assets/wewillwokyou/ingredients.toml: symbol {sym}"
    for kind in sorted({w["kind"] for w in _toml("woks.toml")["wok"]}):
        need[f"wewillwokyou.wok.{kind}"] = f"assets/wewillwokyou/woks.toml: wok kind {kind}"
    for what in ("ingredient", "wok"):
        need[f"wewillwokyou.back.{what}"] = f"We Will Wok You: {what} card back"
    need["wewillwokyou.coin"] = "We Will Wok You: coins"
    return need
