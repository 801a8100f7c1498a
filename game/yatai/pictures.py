"""The pictures Yatai needs (assets/pictures/pictures.toml must have each):
{picture id: where the item comes from}."""

ITEMS = ["ramen", "yakitori", "gyoza", "ebi_tempura", "drink", "bottle", "tourist", "review", "influencer"]
ITEMS += ["special", "stove", "back", "customer.red", "customer.blue", "customer.green", "customer.yellow"]

# A reputation board space's bonus as the TV and the phone draw it (a second guest is "×2").
BONUS_ICONS = {
    "menu": "yatai.ebi_tempura",
    "fridge": "yatai.drink",
    "stove": "yatai.stove",
    "influencer": "yatai.influencer",
    "special": "yatai.special",
    "review": "yatai.review",
}


def needed() -> dict[str, str]:
    return {f"yatai.{item}": f"Yatai: {item}" for item in ITEMS}
