"""The seeded RNG and the content loader's error messages."""

import pytest

from game.engine.data import DataError, Field, int_range, load_entries, one_of
from game.engine.rng import Rng


def test_rng_is_reproducible_and_serialisable():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state)
    assert c.random() == a.random()


def test_randrange_is_unbiased_enough_and_in_range():
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randrange(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_shuffle_is_a_permutation_and_varies():
    rng = Rng(3)
    orders = set()
    for _ in range(50):
        items = list(range(8))
        rng.shuffle(items)
        assert sorted(items) == list(range(8))
        orders.add(tuple(items))
    assert len(orders) > 40


def test_gauss_has_the_right_moments():
    rng = Rng(9)
    xs = [rng.gauss(2.0, 0.5) for _ in range(20_000)]
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / len(xs)
    assert abs(mean - 2.0) < 0.02 and abs(var - 0.25) < 0.02


SCHEMA = {
    "id": Field(str),
    "count": int_range(1, 5),
    "kind": one_of("a", "b"),
    "note": Field(str, required=False, default=""),
}


def _write(tmp_path, text):
    p = tmp_path / "cards.toml"
    p.write_text(text)
    return p


def test_good_file_loads_with_defaults(tmp_path):
    p = _write(tmp_path, '[[card]]\nid = "x"\ncount = 2\nkind = "a"\n')
    assert load_entries(p, "card", SCHEMA) == [{"id": "x", "count": 2, "kind": "a", "note": ""}]


@pytest.mark.parametrize(
    "text, expected",
    [
        ('[[card]]\nid = "x"\ncount = 9\nkind = "a"\n', "#1 (x): field 'count' must be between 1 and 5"),
        (
            '[[card]]\nid = "x"\ncount = 1\nkind = "a"\n[[card]]\nid = "y"\nkind = "b"\n',
            "#2 (y): missing field 'count'",
        ),
        ('[[card]]\nid = "x"\ncount = "1"\nkind = "a"\n', "field 'count' must be int"),
        ('[[card]]\nid = "x"\ncount = true\nkind = "a"\n', "field 'count' must be int"),
        ('[[card]]\nid = "x"\ncount = 1\nkind = "c"\n', "must be one of a, b"),
        ('[[card]]\nid = "x"\ncount = 1\nkind = "a"\ncolour = 3\n', "unknown field(s) colour"),
        ('[[card]]\nid = "x"\ncount = 1\nkind = "a"\n[[card]]\nid = "x"\ncount = 1\nkind = "a"\n', "duplicate id 'x'"),
        ("[[card]\n", "not valid TOML"),
        ("[[card]]\nid = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deep"),
        ('[[card]]\nid = "x"\ncount = 1\nkind = "a"\nnote = [' + "[" * 100_000 + "]" * 100_000 + "]\n", "too deep"),
        ('title = "no cards"\n', "needs a non-empty list of [[card]]"),
    ],
)
def test_broken_file_names_file_entry_and_problem(tmp_path, text, expected):
    p = _write(tmp_path, text)
    with pytest.raises(DataError) as err:
        load_entries(p, "card", SCHEMA)
    assert str(p) in str(err.value) and expected in str(err.value)


def test_missing_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="cannot read"):
        load_entries(tmp_path / "nope.toml", "card", SCHEMA)
