"""The content files: the token set is balanced, the decks follow the card guide,
and a broken file names the file, the entry and the problem."""

from collections import Counter

import pytest

from game.engine.data import DataError
from game.wokup import data


def test_25_tokens_each_front_once_each_back_once_and_faces_differ():
    tokens = data.tokens()
    assert len(tokens) == 25
    fronts = Counter(t.faces[0] for t in tokens)
    backs = Counter(t.faces[1] for t in tokens)
    every = {(i, n) for i in data.INGREDIENTS for n in range(1, 6)}
    assert set(fronts) == every and set(fronts.values()) == {1}
    assert set(backs) == every and set(backs.values()) == {1}
    assert all(t.faces[0][0] != t.faces[1][0] for t in tokens)
    assert all(t.faces[0][1] + t.faces[1][1] == 6 for t in tokens)  # 6 pictures per token


def test_fifty_cards_five_decks_of_ten_built_from_the_six_conditions():
    decks, cards = data.decks_and_cards()
    assert len(cards) == 50
    assert Counter(c.deck for c in cards) == {d.id: 10 for d in decks}
    assert {c.kind for c in cards} == set(data.KINDS)
    for d in decks:  # one family per deck back
        kinds = {c.kind for c in cards if c.deck == d.id}
        assert kinds <= {"equal", "equal_any"} or len(kinds) == 1
    assert any(c.kind == "at_least" and c.ingredient == "chili" and c.n == 5 for c in cards)
    assert any(c.kind == "equal" and set(c.ingredients) == {"mushroom", "fish"} for c in cards)
    assert any(c.kind == "touching" and c.n == 2 for c in cards)
    assert any(c.kind == "equal_any" and c.ingredient == "fish" for c in cards)


def _broken(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_token_with_the_same_ingredient_on_both_faces_is_named(tmp_path):
    text = (
        (data.DIR / "tokens.toml")
        .read_text()
        .replace(
            'id = "chili-1", front = "chili", front_count = 1, back = "mushroom"',
            'id = "chili-1", front = "chili", front_count = 1, back = "chili"',
        )
    )
    with pytest.raises(DataError) as err:
        data.tokens.__wrapped__(_broken(tmp_path, "tokens.toml", text))
    assert "tokens.toml" in str(err.value) and "chili-1" in str(err.value) and "another ingredient" in str(err.value)


def test_a_card_missing_its_number_is_named(tmp_path):
    text = (
        (data.DIR / "cards.toml")
        .read_text()
        .replace(
            'id = "edge-2-a"\ndeck = "edge"\nkind = "touching"\nn = 2',
            'id = "edge-2-a"\ndeck = "edge"\nkind = "touching"',
        )
    )
    with pytest.raises(DataError) as err:
        data.decks_and_cards.__wrapped__(_broken(tmp_path, "cards.toml", text))
    assert "cards.toml" in str(err.value) and "edge-2-a" in str(err.value) and "'n'" in str(err.value)


def test_a_table_with_a_wrong_seat_list_is_named(tmp_path):
    text = (data.DIR / "table.toml").read_text().replace("two = [[0, 370], [0, -370]]", "two = [[0, 370]]")
    with pytest.raises(DataError) as err:
        data.table.__wrapped__(_broken(tmp_path, "table.toml", text))
    assert "table.toml" in str(err.value) and "[seats]" in str(err.value) and "'two'" in str(err.value)
