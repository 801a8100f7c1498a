"""The content files: counts from the rulebook and COMPONENT-FACTS, and the loader's checks."""

from collections import Counter
from pathlib import Path

import pytest

from game.engine.data import ASSETS, DataError
from game.wewillwokyou.data import BLUE_KINDS, RED_KINDS, SYMBOLS, content, load

FOLDER = ASSETS / "wewillwokyou"


def test_63_ingredient_cards_with_the_known_counts():
    counts = Counter(c.ingredient for c in content().cards)
    assert counts == {"broccoli": 14, "chicken": 13, "carrot": 11, "tuna": 10, "octopus": 8, "prawn": 7}
    assert content().names["prawn"] == "Elvis the King Prawn"


def test_each_card_shows_zero_one_or_two_symbols():
    sizes = Counter(len(c.symbols) for c in content().cards)
    assert set(sizes) == {0, 1, 2} and all(sizes.values())


def test_symbols_are_balanced_and_blanks_make_a_choice():
    shown = Counter(s for c in content().cards for s in c.symbols)
    assert all(13 <= shown[s] <= 14 for s in SYMBOLS)
    assert shown["star"] >= 5
    assert sum(c.blank for c in content().cards) >= 12


def test_25_wok_cards_21_red_4_blue_of_every_kind():
    kinds = Counter(w["kind"] for w in content().woks)
    assert sum(kinds[k] for k in RED_KINDS) == 21 and sum(kinds[k] for k in BLUE_KINDS) == 4
    assert all(kinds[k] for k in RED_KINDS + BLUE_KINDS)


def test_publicly_known_woks_are_worth_20_when_full():
    by_id = {w["id"]: w for w in content().woks}
    for wid, want in (("concert-carrot-tuna", {"carrot": 4, "tuna": 3}), ("concert-prawn-broccoli", {"prawn": 3})):
        slots = by_id[wid]["slots"]
        assert sum(s["count"] * s["points"] for s in slots) == 20
        assert all(any(s["ingredient"] == i and s["count"] == n for s in slots) for i, n in want.items())
    assert sum(s["count"] * s["points"] for s in by_id["concert-octopus-chicken"]["slots"]) == 20
    assert by_id["mighty-man"]["points"] == 12


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    for f in ("ingredients.toml", "woks.toml"):
        (tmp_path / f).write_text((FOLDER / f).read_text())
    path = tmp_path / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return tmp_path


@pytest.mark.parametrize(
    "name,old,new,words",
    [
        ("ingredients.toml", "count = 10", "count = 11", ["tuna", "count says 11"]),
        (
            "ingredients.toml",
            'symbols = ["cookie", "cookie"]',
            'symbols = ["cookie", "spoon"]',
            ["symbols", "both the same"],
        ),
        ("woks.toml", "points = 7\n", 'points = "seven"\n', ["lid-7", "points"]),
        ("woks.toml", "series = 3\n", "series = 4\n", ["hard-3-6", "3 or 5"]),
        (
            "woks.toml",
            "recipe = { chicken = 2, tuna = 2, prawn = 1 }",
            "recipe = { chicken = 2, squid = 2 }",
            ["group-chicken-tuna-prawn", "recipe"],
        ),
    ],
)
def test_broken_file_names_file_entry_and_problem(tmp_path, name, old, new, words):
    folder = _broken(tmp_path, name, old, new)
    with pytest.raises(DataError) as err:
        load(folder)
    message = str(err.value)
    assert name in message
    assert all(w in message for w in words), message
