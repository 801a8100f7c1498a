"""The pictures Yatai needs (assets/pictures/pictures.toml must have each):
{picture id: where the item comes from}."""

ITEMS = ["ramen", "yakitori", "gyoza", "ebi_tempura", "drink", "bottle", "tourist", "review", "influencer"]
ITEMS += ["special", "back", "customer.red", "customer.blue", "customer.green", "customer.yellow"]


def needed() -> dict[str, str]:
    return {f"yatai.{item}": f"Yatai: {item}" for item in ITEMS}
