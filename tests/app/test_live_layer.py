"""The live parts' layer (game/app/live.py): what lies under each part is kept so a
frame can repaint the parts alone; a frame drawn in part copies only what it drew."""

import pygame

from game.app.live import LiveLayer


def _frame(layer: LiveLayer, surf: pygame.Surface, colour, drawn=None) -> None:
    """A frame: the picture drawn (`colour` where `drawn`, everywhere when None), two parts
    registered, then finished."""
    layer.unpaint(surf)
    for rect in drawn if drawn is not None else [surf.get_rect()]:
        surf.fill(colour, rect)
    layer.clear()
    layer.add(pygame.Rect(10, 10, 20, 20), lambda s: s.fill((255, 0, 0), (15, 15, 10, 10)))
    layer.add(pygame.Rect(100, 10, 20, 20), lambda s: s.fill((0, 255, 0), (105, 15, 10, 10)))
    layer.finish(surf, drawn)


def test_a_frame_drawn_in_part_keeps_the_copies_under_the_parts_it_did_not_draw():
    """Yatai's stalls glow: each part's copy of what lies under it cost a frame drawn in
    part (a bot's move) 0.6 ms at 1080p in copies of areas it had not touched."""
    surf = pygame.Surface((200, 100))
    layer = LiveLayer()
    _frame(layer, surf, (1, 2, 3))
    first = [part.under for part in layer.parts]
    _frame(layer, surf, (9, 9, 9), drawn=[pygame.Rect(90, 0, 60, 60)])  # over the second part only
    under = [part.under for part in layer.parts]
    assert under[0] is first[0], "the part outside the drawn area keeps its copy"
    assert under[1] is not first[1] and under[1].get_at((0, 0))[:3] == (9, 9, 9), "the drawn one is copied anew"
    layer.repaint(surf)  # the parts alone again, over what lay under them
    assert surf.get_at((12, 12))[:3] == (1, 2, 3) and surf.get_at((102, 12))[:3] == (9, 9, 9)
    assert surf.get_at((20, 20))[:3] == (255, 0, 0) and surf.get_at((110, 20))[:3] == (0, 255, 0)
    _frame(layer, surf, (4, 4, 4))  # drawn whole: everything copied anew
    assert all(part.under is not was for part, was in zip(layer.parts, under))
    assert layer.parts[0].under.get_at((0, 0))[:3] == (4, 4, 4)
