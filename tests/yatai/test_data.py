"""Yatai's content loads, matches the rulebook's table and examples, and broken files say where."""

import shutil

import pytest

from game.engine.data import ASSETS, DataError
from game.yatai.data import FOLDER, content, load


def test_the_rulebook_table_per_player_count():
    p = content().players
    assert [(p[n]["dishes"], p[n]["drinks"], p[n]["customers"]) for n in (2, 3, 4)] == [
        (6, 3, 6),
        (8, 4, 8),
        (10, 5, 10),
    ]
    assert [(p[n]["tourists"], p[n]["specials"]) for n in (2, 3, 4)] == [(3, 6), (4, 9), (5, 12)]


def test_components_and_colours():
    c = content()
    assert c.dishes == {"red": "ramen", "blue": "yakitori", "green": "gyoza", "yellow": "ebi_tempura"}
    assert {k: s["copies"] for k, s in c.specials.items()} == dict.fromkeys(
        ("taiyaki", "doggy_bag", "garbage", "urgent_call"), 4
    )
    assert len(c.tiles) == 10
    kinds = {(t["action"], t["count"]) for t in c.tiles}
    assert kinds == {(a, n) for a in ("customers", "cook", "drinks", "serve") for n in (1, 2)} | {("recycle", 1)}


def test_review_track_scores_the_rulebook_example():
    c = content()
    assert c.review_points(0) == 0
    assert {c.review_points(4), c.review_points(2), c.review_points(-1)} == {5, 2, -1}
    assert c.review_points(c.lowest) < 0 < c.review_points(c.highest)


def test_board_has_every_bonus_and_red_spaces_only_on_the_edge():
    c = content()
    assert len(c.spaces) == c.rows * c.cols
    bonuses = {s["bonus"] for s in c.spaces}
    assert bonuses == {"menu", "fridge", "stove", "double", "influencer", "special", "review"}
    assert all(s["edge"] for s in c.spaces if s["red"])
    assert any(s["edge"] and not s["red"] for s in c.spaces)
    pairs = [sorted(s["reviews"]) for s in c.spaces if len(s["reviews"]) == 2]
    assert ["cleanliness", "service"] in pairs and ["cleanliness", "price"] in pairs
    assert c.neighbours(0) == [c.cols, 1]


@pytest.fixture
def copy(tmp_path):
    shutil.copytree(str(ASSETS / "yatai"), tmp_path / "yatai")
    return tmp_path / "yatai"


def test_a_red_space_inside_the_board_is_refused(copy):
    text = (copy / "board.toml").read_text()
    text = text.replace('row = 1\ncol = 2\nbonus = "double"', 'row = 1\ncol = 2\nbonus = "double"\nred = true')
    (copy / "board.toml").write_text(text)
    with pytest.raises(DataError, match="row 1 col 2: a red space must lie on the edge"):
        load(copy)


def test_a_missing_tile_is_refused(copy):
    text = (copy / "tiles.toml").read_text()
    (copy / "tiles.toml").write_text(text[: text.rindex("[[tile]]")])
    with pytest.raises(DataError, match="needs 10 action tiles, has 9"):
        load(copy)


def test_a_review_space_without_reviews_is_refused(copy):
    text = (copy / "board.toml").read_text().replace('reviews = ["service"]\n', "", 1)
    (copy / "board.toml").write_text(text)
    with pytest.raises(DataError, match="a review space names one or two reviews"):
        load(copy)


def test_the_folder_is_the_assets_one():
    assert str(FOLDER).endswith("yatai")
