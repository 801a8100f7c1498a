"""The pictures Cheater Chefs needs (assets/pictures/pictures.toml must have
each): {picture id: where the item comes from}."""

import tomllib

from game.media import asset_path


def _toml(name: str) -> dict:
    with asset_path("cheaterchefs", name).open("rb") as f:
        return tomllib.load(f)


def needed() -> dict[str, str]:
    need: dict[str, str] = {}
    for ing in _toml("ingredients.toml")["ingredient"]:
        need[f"cheaterchefs.{ing['id']}"] = f"assets/cheaterchefs/ingredients.toml: ingredient {ing['id']}"
    for trap in _toml("traps.toml")["trap"]:
        need[f"cheaterchefs.{trap['id']}"] = f"assets/cheaterchefs/traps.toml: trap {trap['id']}"
    for what in ("kitchen", "order"):
        need[f"cheaterchefs.back.{what}"] = f"Cheater Chefs: {what} card back"
    return need
