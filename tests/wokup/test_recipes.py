"""Each kind of recipe card, complete and not: pictures are counted, "equal" needs
both ingredients present, only tokens in the wok count."""

from game.wokup import data, geometry, recipes

W = geometry.wok()
CARDS = data.card_by_id()


def content(*tokens):
    """tokens: (id, face) in the middle of the wok, or (id, face, x, y)."""
    lying = []
    for i, tok in enumerate(tokens):
        tid, face, *pos = tok
        x, y = pos or (-60 + 25 * i, 0)
        lying.append({"id": tid, "x": x, "y": y, "face": face, "off": False})
    return recipes.content(W, lying, [True] * 5)


def done(card, *tokens):
    return recipes.complete(CARDS[card], content(*tokens))


def test_trio_needs_tokens_of_the_ingredient_showing_2_3_and_4():
    assert done("trio-chili-a", ("chili-2", 0), ("chili-3", 0), ("chili-4", 0))
    assert done("trio-chili-a", ("mushroom-4", 1), ("fish-3", 1), ("chili-4", 0))  # backs showing chili
    assert not done("trio-chili-a", ("chili-2", 0), ("chili-3", 0), ("chili-5", 0))
    assert not done("trio-chili-a", ("chili-2", 0), ("chili-3", 0), ("chili-4", 1))  # its back is broccoli


def test_at_least_counts_pictures_not_tokens():
    assert done("plenty-chili-5", ("chili-5", 0))
    assert done("plenty-chili-5", ("chili-2", 0), ("chili-3", 0))
    assert not done("plenty-chili-5", ("chili-1", 0), ("chili-2", 0), ("chili-1", 1))  # chili-1's back: mushroom
    assert not done("plenty-chili-7", ("chili-5", 0), ("chili-1", 0))


def test_all_four_named_ingredients_must_be_present():
    four = [("mushroom-1", 0), ("fish-1", 0), ("meat-1", 0), ("broccoli-1", 0)]
    assert done("medley-no-chili-a", *four)
    assert not done("medley-no-chili-a", *four[:3], ("chili-1", 0))


def test_touching_counts_tokens_in_the_wok_touching_a_card():
    c = W.cards[2]
    on_card = [("fish-1", 0, c.x, c.y), ("fish-2", 0, c.x + 10, c.y + 10)]
    assert content(*on_card).touching == 2
    assert done("edge-2-a", *on_card)
    assert not done("edge-3-a", *on_card)
    assert not done("edge-2-a", on_card[0], ("fish-3", 0))


def test_equal_needs_the_same_pictures_and_both_present():
    assert done("twins-mushroom-fish", ("mushroom-2", 0), ("fish-2", 0))
    assert done("twins-mushroom-fish", ("mushroom-3", 0), ("fish-1", 0), ("fish-2", 0))
    assert not done("twins-mushroom-fish", ("mushroom-2", 0), ("fish-3", 0))
    assert not done("twins-mushroom-fish", ("chili-2", 0))  # 0 = 0 does not count


def test_equal_any_compares_with_one_other_single_ingredient():
    assert done("twins-fish-any", ("fish-3", 0), ("meat-3", 0))
    assert not done("twins-fish-any", ("fish-3", 0), ("meat-2", 0), ("chili-1", 0))  # 2 + 1 is not "single"
    assert not done("twins-fish-any", ("meat-3", 0), ("chili-3", 0))  # no fish at all


def test_only_tokens_in_the_wok_count():
    assert not done("plenty-chili-5", ("chili-5", 0, 500, 0))
    lying = [{"id": "chili-5", "x": 0, "y": 0, "face": 0, "off": True}]
    assert recipes.content(W, lying, [True] * 5).counts["chili"] == 0  # fell off the table


def test_wokup_needs_ten_of_one_ingredient():
    assert recipes.wokup_ready(content(("chili-5", 0), ("broccoli-1", 1)))  # 5 + 5 chili
    assert not recipes.wokup_ready(content(("chili-5", 0), ("chili-4", 0)))  # 9
