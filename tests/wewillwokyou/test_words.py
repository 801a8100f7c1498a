"""What a seat did, in words: the history, the last-move line and the phones read these."""

from game.wewillwokyou.rules import WokState

NAMES = ["Ana", "Bao"]


def test_a_purchase_says_row_price_and_cards():
    s = WokState(2, None, 4)
    seat = s.turn
    s.coins[seat] += 7
    s.box_coins -= 7
    row = next(a["row"] for a in s.legal_actions(seat) if a["type"] == "buy")
    price, cards = s.price(row), list(s.rows[row])
    s.apply(seat, {"type": "buy", "row": row})
    text = s.describe(seat, {"type": "buy", "row": row}, NAMES)
    assert text.startswith(NAMES[seat] + " bought row " + "ABCD"[row])
    assert f"for {price}" in text
    counted = [int(part.split()[0]) for part in text.split(": ")[1].split(", ")]  # "2 Tuna, 1 Octopus"
    assert sum(counted) == len(cards)


def test_a_coin_names_its_line():
    s = WokState(2, None, 4)
    seat = s.turn
    s.apply(seat, {"type": "coin", "line": 1})
    assert s.describe(seat, {"type": "coin", "line": 1}, NAMES) == f"{NAMES[seat]} took a coin from line 2"


def test_the_ingredient_tags_are_the_names_first_letters_in_every_language():
    # German cards showed the English "Br / Ch / Ca / Pr / Tu" beside Brokkoli, Hähnchen, Karotte.
    from game import i18n
    from game.wewillwokyou.words import INGREDIENT_WORDS, tag

    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            tags = {tag(i): i for i in INGREDIENT_WORDS}
            for ingredient, t in ((i, tag(i)) for i in INGREDIENT_WORDS):
                name = i18n._(INGREDIENT_WORDS[ingredient][1])
                assert 1 <= len(t) <= 3 and t[0].casefold() == name[0].casefold(), (lang, ingredient, t, name)
            assert len(tags) == len(INGREDIENT_WORDS), f"{lang}: two ingredients share a tag"
    finally:
        i18n.set_language("en")
