"""The pymunk table: deterministic, throws fly and flip, land with either face,
knock tokens already there, may miss the wok or leave the table, and settle."""

import math

from game.engine.rng import Rng
from game.wokup import data, geometry
from game.wokup.table import Table, bench_step, throw_rng

IDS = [t.id for t in data.tokens()]


def throw_all(seed, lying=(), seats=4, tokens=None):
    table = Table()
    table.load(list(lying))
    tokens = tokens or IDS[:seats]
    table.throw([(s % seats, tid) for s, tid in enumerate(tokens)], seats, Rng(seed))
    table.run_to_rest()
    return table


def test_same_seed_same_layout_every_time():
    a = throw_all(7).outcome()
    b = throw_all(7).outcome()
    assert a == b and len(a) == 4
    assert throw_all(8).outcome() != a


def test_a_throw_flies_with_height_and_flip_then_lands():
    table = Table()
    table.throw([(0, IDS[0])], 2, Rng(3))
    heights, flips = [], []
    for _ in range(60):
        table.step()
        tok = table.snapshot()[0]
        heights.append(tok["z"])
        flips.append(tok["phi"])
    assert max(heights) > data.table().throw["release_height"]  # it rises, then falls
    assert abs(flips[-1] - flips[0]) > math.pi  # it turned over at least once in the air
    table.run_to_rest()
    assert not table.snapshot()[0]["airborne"] and table.snapshot()[0]["z"] == 0


def test_both_faces_land_and_landings_sometimes_flip_again():
    faces, reflips = [], 0
    for seed in range(40):
        table = Table()
        table.throw([(0, IDS[0])], 2, Rng(seed))
        tok = table.tokens[IDS[0]]
        while tok.airborne:
            table.step()
        first_face = tok.face  # the face up when the last bounce ended
        table.run_to_rest()
        faces.append(tok.face)
        reflips += first_face != tok.face
    assert 10 < sum(faces) < 30  # both faces, about half each
    assert reflips == 0  # once down, a token stays on its face...
    changed = 0
    for seed in range(40):  # ...but the bounces of a landing change it from the flight's face
        table = Table()
        table.throw([(0, IDS[0])], 2, Rng(seed))
        tok = table.tokens[IDS[0]]
        while tok.z != 0.0:  # up to the first touch of the table (an impact sets z to 0)
            table.step()
        at_first_touch = tok.face
        table.run_to_rest()
        changed += at_first_touch != tok.face
    assert changed > 0


def test_a_throw_pushes_tokens_already_lying():
    pushed = 0
    for seed in range(10):
        lying = [
            {"id": IDS[i], "x": -60.0 + 30 * (i % 5), "y": -60.0 + 30 * (i // 5), "face": 0, "a": 0, "off": False}
            for i in range(20)
        ]
        table = throw_all(seed, lying, seats=5, tokens=IDS[20:25])
        moved = {o["id"] for o in table.outcome()} - set(IDS[20:25])
        pushed += len(moved)
    assert pushed > 0


def test_some_throws_miss_the_wok_and_a_sliding_token_can_leave_the_table():
    wok, outside = geometry.wok(), 0
    for seed in range(15):
        for o in throw_all(seed, seats=6, tokens=IDS[:6]).outcome():
            outside += o["off"] or not wok.in_wok(o["x"], o["y"], [True] * 5)
    assert outside > 0
    table = Table()
    table.load([{"id": IDS[0], "x": 600.0, "y": 0.0, "face": 1, "a": 0, "off": False}])
    table.tokens[IDS[0]].body.velocity = (900, 0)
    table.run_to_rest()
    (o,) = table.outcome()
    assert o["off"] and o["x"] > data.table().table["width"] / 2 and o["face"] == 1


def test_settling_ends_and_the_outcome_is_rounded_for_the_log():
    table = throw_all(2)
    assert table.settled() and table.time < data.table().physics["max_settle"]
    for o in table.outcome():
        assert o["x"] == round(o["x"], 1) and o["face"] in (0, 1) and 0 <= o["a"] < 360


def test_throw_rng_depends_on_seed_and_place_in_the_game():
    assert throw_rng(1, 10).state == throw_rng(1, 10).state != throw_rng(1, 11).state


def test_bench_step_moves_all_25_tokens_and_throws_again_when_they_settle():
    step = bench_step()
    table = step.table
    assert len(table.snapshot()) == 25 and sum(t["airborne"] for t in table.snapshot()) == 10
    throws, seen_time = 0, 0.0
    for _ in range(2400):
        before = table.time
        step()
        throws += table.time < before  # a new throw restarts the table's clock
        seen_time = max(seen_time, table.time)
    assert len(table.snapshot()) == 25
    assert throws >= 1 and seen_time > 0.5  # the throw flew, settled, and the bench threw again
