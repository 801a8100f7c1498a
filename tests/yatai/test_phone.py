"""Yatai on a phone (game/yatai/phone.py): the seat's own stall part by part (each
card's words), read from its observation; every legal action worded by the rules under
a heading saying what it is about; a whole game played through the phone's view."""

from game.engine import Rng
from game.web.views import build_view
from game.yatai.rules import Phase, YataiState, line_tiles


def _order(grid):
    """A tile's place on the grid, row by row (the order the page draws them)."""
    places = [t for row in grid for t in row]
    return places.index


NAMES = ["Ana", "Bao", "Chloé"]


def stall_lines(view: dict) -> list[str]:
    """The stall as a player hears it: each card's text alternative, then the short lines."""
    items = next(p["items"] for p in view["panels"] if p["title"].startswith("Your points"))
    return [it["alt"] if isinstance(it, dict) else it for it in items]


def test_the_phone_shows_its_own_stall_part_by_part():
    s = YataiState(2, None, 3)
    chef = s.chefs[0]
    chef.update(
        queue=["red", "tourist"],
        dishes=["blue"],
        fridge=["green", "green"],
        crate=["yellow"],
        points=7,
        influencer=2,
        tokens=["urgent_call"],
    )
    chef["reviews"].update(service=1, cleanliness=-2)
    chef["sink"]["red"] = 2
    view = build_view(s, 0, NAMES[:2])
    title = next(p["title"] for p in view["panels"] if p["title"].startswith("Your points"))
    assert title == "Your points: 7 · influencer 2/5"
    lines = stall_lines(view)
    assert lines[:4] == [
        "Queue 2/4: a red customer, a tourist",
        "Stove 1/2: yakitori",
        "Fridge 2/2: green drink, green drink",
        "Crate 1/3",
    ]
    assert "Reviews: Service +1, Atmosphere 0, Price 0, Cleanliness -2" in lines
    assert "Special tokens: urgent call" in lines and "Sink: ramen ×2" in lines
    assert not any("yellow" in line for line in lines)  # the crate's bottles lie face down
    other = stall_lines(build_view(s, 1, NAMES[:2]))
    assert other[0] == "Queue 0/4" and not any("Special tokens" in line for line in other)


def test_a_whole_game_is_played_from_the_phones_buttons_each_under_its_heading():
    s = YataiState(3, None, 8)
    rng = Rng(4)
    seen = set()
    while not s.is_over():
        seat = s.turn
        view = build_view(s, seat, NAMES)
        assert view["status"] == "Your turn" and view["legal"] == s.legal_actions(seat)
        for action, label, group in zip(view["legal"], view["labels"], view["groups"]):
            seen.add(action["type"])
            assert label
            assert group or action["type"] in ("end", "stop")  # everything else says what it is about
            if action["type"] == "insert":
                assert group.startswith("Slide ") and label.startswith("Slide ")
        if s.pending and s.pending[0]["kind"] == "guest":
            waiting = next(p for p in view["panels"] if p["title"] == "Guests to place")
            assert len(waiting["items"]) == len(s.pending[0]["guests"])
        if s.phase == Phase.ACTIONS:  # the line's tiles are lit on the drawn grid
            grid = next(p for p in view["panels"] if p.get("kind") == "grid")
            lit = [it["key"] for it in grid["items"] if it and it["colour"]]
            assert lit == [f"grid:{t}" for t in sorted(line_tiles(s.grid, s.line), key=_order(s.grid))]
        waiting_view = build_view(s, (seat + 1) % 3, NAMES)
        assert waiting_view["legal"] == [] and waiting_view["status"] == f"Waiting for {NAMES[seat]}"
        s.apply(seat, view["legal"][rng.randrange(len(view["legal"]))])
    assert {"menu", "bottle", "insert", "customers", "cook", "drinks", "serve", "guest", "board"} <= seen
    end = build_view(s, 0, NAMES)
    scores = next(p for p in end["panels"] if p["title"] == "Scores")
    assert scores["items"] == [f"{NAMES[i]}: {r['total']}" for i, r in enumerate(s.result)]
