"""A phone's buttons are the legal actions: a discard is chosen card by card there too."""

from game.web.views import build_view

from .helpers import table

NAMES = ["Ana", "Bao"]


def test_a_phone_discards_card_by_card_under_one_heading():
    s = table(hands=[["egg", "egg", "poison", "rice"], ["rice"]])
    view = build_view(s, 0, NAMES)
    discard = [label for label, g in zip(view["labels"], view["groups"]) if g == "Discard from hand"]
    assert discard == ["Add Egg to the discard", "Add Poisoned! to the discard", "Add Rice to the discard"]
    s.apply(0, view["legal"][view["labels"].index("Add Egg to the discard")])
    view = build_view(s, 0, NAMES)
    assert set(view["groups"]) == {"Discard from hand: Egg"}, "until it is done, only the discard's steps"
    assert view["labels"][0] == "Discard Egg" and len(view["labels"]) <= 9
    s.apply(0, view["legal"][0])
    assert s.discard == ["egg"] and s.current == 1
    assert build_view(s, 1, NAMES)["observation"].get("picked") == []
