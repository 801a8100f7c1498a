"""The focus ring over a table's targets (game/app/focus.py), on its own."""

from __future__ import annotations

import pygame

from game.app.focus import FocusRing, Target, action_key


def _ring(*specs: tuple[str, tuple[int, int, int, int], bool, int | None]) -> FocusRing:
    ring = FocusRing()
    for key, rect, focusable, owner in specs:
        ring.add(Target(pygame.Rect(rect), lambda seat, ev, key=key: (key, seat), key, focusable, owner))
    return ring


def test_the_focus_moves_round_the_focusable_targets_and_follows_its_key():
    ring = _ring(
        ("a", (0, 0, 10, 10), True, None), ("tap", (20, 0, 10, 10), False, None), ("b", (40, 0, 10, 10), True, None)
    )
    assert ring.focused() is not None and ring.focused().key == "a", "the first focusable one, at first"
    assert ring.move(1) and ring.key == "b", "a tap-only target is skipped"
    assert ring.move(1) and ring.key == "a", "round the ring"
    assert ring.move(-1) and ring.key == "b"
    ring.clear()
    assert ring.focused() is None and not ring.move(1), "nothing drawn, nothing focused"
    ring.add(Target(pygame.Rect(0, 0, 5, 5), lambda s, e: None, "b"))
    ring.add(Target(pygame.Rect(0, 0, 5, 5), lambda s, e: None, "c"))
    assert ring.focused().key == "b", "the next frame's same thing keeps the focus"


def test_a_tap_chooses_the_topmost_target_with_a_chooser_and_focuses_it():
    ring = _ring(
        ("under", (0, 0, 50, 50), True, None), ("mat", (0, 0, 20, 20), True, 3), ("top", (30, 30, 20, 20), False, None)
    )
    hit = ring.tapped((10, 10), None)
    assert hit is not None and (hit[0].key, hit[1]) == ("mat", 3), "a seat's own button acts for its seat"
    assert ring.key == "mat"
    hit = ring.tapped((40, 40), 1)
    assert hit is not None and (hit[0].key, hit[1]) == ("top", 1) and ring.key == "mat", "tap-only: the focus stays"
    assert ring.tapped((40, 40), None) is None, "no seat to act and no owner: nobody chooses"
    assert ring.tapped((90, 90), 0) is None


def test_hover_moves_the_focus_onto_a_focusable_target_and_says_where_the_mouse_is():
    ring = _ring(
        ("a", (0, 0, 100, 100), True, None), ("b", (200, 0, 100, 100), True, None), ("tip", (0, 0, 40, 40), False, None)
    )
    ring.hover((250, 50), unit=2.0)
    assert ring.key == "b" and ring.pointer == (125.0, 25.0)
    ring.hover((10, 10), unit=2.0)
    assert ring.key == "b", "over a tap-only target the focus stays"
    ring.hover(None, unit=2.0)
    assert ring.pointer is None and ring.key == "b"


def test_an_action_keeps_the_same_key_whatever_the_order_of_its_fields():
    assert action_key({"type": "pick", "card": "x"}) == action_key({"card": "x", "type": "pick"})
