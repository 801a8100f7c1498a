"""The pictures Relleno needs (assets/pictures/pictures.toml must have each):
{picture id: where the item comes from}."""

ITEMS = ["vanilla", "chocolate", "blueberry", "strawberry", "custard", "star", "coin", "trophy", "clock"]
ITEMS += ["time_card", "back"]


def needed() -> dict[str, str]:
    return {f"relleno.{item}": f"Relleno: {item}" for item in ITEMS}
