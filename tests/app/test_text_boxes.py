"""A text too long for its box is shrunk into it, never cut; what still does not fit
is recorded (game/app/ui.py). Every scene of every game in every language is swept
for overflows by tests/app/test_layout.py (layout.sweep)."""

import pytest

from game.app.app import App


@pytest.mark.parametrize("anchor", ["topleft", "midtop", "topright"])
def test_a_long_label_is_shrunk_into_its_box_not_cut(anchor):
    import pygame

    app = App(size=(1280, 720), window=False)
    ui, surf = app.ui, pygame.Surface((1280, 720))
    ui.overflows = []
    x = {"topleft": 100, "midtop": 960, "topright": 1800}[anchor]
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    full = ui.font(40).size(word)[0]
    r = ui.text(surf, word, (x, 100), 40, anchor=anchor, width=600)
    assert r.width <= ui.px(600) + 1 < full, "shrunk to its box"
    assert ui.overflows == []
    ui.text(surf, word * 3, (x, 200), 40, anchor=anchor, width=600)  # too long even at the floor
    assert len(ui.overflows) == 1 and ui.overflows[0].drawn.width > ui.overflows[0].box.width
    app.quit()
