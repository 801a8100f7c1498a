"""Wok Up's pictures: ingredient icons (Twemoji, through game/app/pictures.py),
token faces and recipe card faces. Each is drawn once per size and cached (the
scene blits them). Part of the scene package, so pygame stays out of the rules'
modules.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.app import pictures
from game.app.fonts import font_file

from .. import data
from ..colours import INGREDIENT_COLOUR

CARD_INK = (46, 34, 30)
COUNT_SIZE = 0.68  # a token's count: its font size, as a share of the token's diameter


def icon(
    surf: pygame.Surface, ingredient: str, centre: tuple[float, float], size: float, colour: tuple | None = None
) -> None:
    """The picture of an ingredient, `size` px across (picture id wokup.<ingredient>).
    With `colour`: a flat silhouette of the ingredient in that colour instead."""
    if colour is None:
        img = pictures.get(f"wokup.{ingredient}", size)
        surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
        return
    x, y = centre
    s = size / 2
    c = colour or INGREDIENT_COLOUR[ingredient]
    w = max(1, round(size / 10))
    if ingredient == "chili":
        pts = [
            (x - s * 0.9, y - s * 0.35),
            (x - s * 0.2, y - s * 0.55),
            (x + s * 0.6, y - s * 0.1),
            (x + s * 0.85, y + s * 0.7),
            (x + s * 0.2, y + s * 0.2),
            (x - s * 0.7, y + s * 0.05),
        ]
        pygame.draw.polygon(surf, c, pts)
        pygame.draw.line(surf, colour or (60, 140, 60), (x - s * 0.85, y - s * 0.2), (x - s, y - s * 0.8), w + 1)
    elif ingredient == "mushroom":
        pygame.draw.rect(
            surf,
            colour or (240, 228, 200),
            (x - s * 0.28, y - s * 0.1, s * 0.56, s * 0.95),
            border_radius=max(1, round(s * 0.2)),
        )
        pygame.draw.ellipse(surf, c, (x - s, y - s * 0.85, 2 * s, s * 1.1))
    elif ingredient == "fish":
        pygame.draw.ellipse(surf, c, (x - s * 0.95, y - s * 0.45, s * 1.5, s * 0.9))
        pygame.draw.polygon(surf, c, [(x + s * 0.4, y), (x + s, y - s * 0.55), (x + s, y + s * 0.55)])
    elif ingredient == "meat":
        pygame.draw.line(surf, colour or (245, 238, 225), (x, y), (x + s * 0.8, y + s * 0.8), w + 2)
        pygame.draw.circle(surf, colour or (245, 238, 225), (x + s * 0.8, y + s * 0.8), s * 0.22)
        pygame.draw.ellipse(surf, c, (x - s, y - s, s * 1.4, s * 1.25))
    else:  # broccoli
        pygame.draw.rect(surf, colour or (150, 210, 120), (x - s * 0.2, y, s * 0.4, s * 0.95))
        for dx, dy, r in ((-0.45, -0.1, 0.45), (0.45, -0.1, 0.45), (0, -0.45, 0.5)):
            pygame.draw.circle(surf, c, (x + dx * s, y + dy * s), r * s)


@lru_cache(maxsize=128)
def token_face(ingredient: str, count: int, diameter: int) -> pygame.Surface:
    """A token lying face up, made to be read from the sofa (issue 26): a disc in the
    ingredient's colour, its picture large on a white badge and its count as a big
    numeral beside it. Five die pips in a 52 px disc were 15 px each: unreadable at
    2 m; a numeral half the disc tall reads at a quarter of that size."""
    surf = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    r = diameter / 2
    base = INGREDIENT_COLOUR[ingredient]
    pygame.draw.circle(surf, (40, 28, 24), (r, r), r)
    pygame.draw.circle(surf, base, (r, r), r * 0.9)
    pygame.draw.circle(surf, tuple(min(255, v + 50) for v in base), (r, r), r * 0.9, max(1, round(r * 0.08)))
    badge = (r * 0.56, r)
    pygame.draw.circle(surf, (255, 250, 238), badge, r * 0.42)
    icon(surf, ingredient, badge, r * 0.74)
    digits = numeral(count, max(6, round(diameter * COUNT_SIZE)))
    surf.blit(digits, digits.get_rect(center=(r * 1.38, r * 1.02)))
    return surf


@lru_cache(maxsize=32)
def numeral(count: int, px: int) -> pygame.Surface:
    """A token's count: white, bold, with a dark outline so it reads on every colour."""
    font = pygame.font.Font(font_file(bold=True), px)
    ink, edge = font.render(str(count), True, (255, 250, 238)), font.render(str(count), True, (30, 20, 16))
    w = max(1, px // 14)
    out = pygame.Surface((ink.get_width() + 2 * w, ink.get_height() + 2 * w), pygame.SRCALPHA)
    for dx in (-w, 0, w):
        for dy in (-w, 0, w):
            out.blit(edge, (w + dx, w + dy))
    out.blit(ink, (w, w))
    return out


@lru_cache(maxsize=4)
def token_shadow(diameter: int) -> pygame.Surface:
    """The shadow a token in the air casts on the table."""
    disc = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    pygame.draw.ellipse(disc, (0, 0, 0, 90), disc.get_rect())
    return disc


def token_edge(diameter: int) -> pygame.Surface:
    """A token seen edge-on in the air: the thickness of the cardboard."""
    surf = pygame.Surface((max(2, diameter // 7), diameter), pygame.SRCALPHA)
    surf.fill((120, 90, 60))
    return surf


def faces_of(token_id: str) -> tuple:
    return data.token_by_id()[token_id].faces


@lru_cache(maxsize=64)
def card_face(card_id: str, box: int, font_px: int) -> pygame.Surface:
    """What a face-up recipe shows, upright in a `box` px square (the scene draws the
    card under it, turned as it lies): pictograms and one big sign, no words to read."""
    card = data.card_by_id()[card_id]
    surf = pygame.Surface((box, box), pygame.SRCALPHA)
    font = pygame.font.Font(font_file(bold=True), font_px)
    c, top, low = box / 2, box * 0.27, box * 0.74
    big, small = box * 0.5, box * 0.4

    def sign(text, x, y):
        img = font.render(text, True, CARD_INK)
        if img.get_width() > box * 0.96:
            img = pygame.transform.smoothscale(
                img, (round(box * 0.96), round(img.get_height() * box * 0.96 / img.get_width()))
            )
        surf.blit(img, img.get_rect(center=(x, y)))

    if card.kind == "all_four":
        for i, ing in enumerate(card.ingredients):
            icon(surf, ing, (c + (i % 2 - 0.5) * box * 0.48, c + (i // 2 - 0.5) * box * 0.48), small)
        return surf
    if card.kind in ("trio", "at_least"):
        icon(surf, card.the_ingredient, (c, top), big)
        sign("2·3·4" if card.kind == "trio" else f"{card.n}+", c, low)
    elif card.kind == "touching":
        mini = pygame.Rect(0, 0, box * 0.3, box * 0.4)
        mini.center = (c - box * 0.06, top)
        pygame.draw.rect(surf, deck_colour(card.deck), mini, max(2, box // 20), border_radius=3)
        pygame.draw.circle(surf, (110, 110, 110), mini.bottomright, box * 0.13)
        sign(f"×{card.n}", c, low)
    else:  # equal, equal_any ("?" = any other single ingredient)
        a, b = card.ingredients if card.kind == "equal" else (card.ingredient, None)
        icon(surf, a, (c - box * 0.24, top), small)
        if b:
            icon(surf, b, (c + box * 0.24, top), small)
        else:
            sign("?", c + box * 0.24, top)
        sign("=", c, low)
    return surf


def deck_colour(deck_id: str) -> tuple:
    hexa = {d.id: d.colour for d in data.decks_and_cards()[0]}[deck_id]
    return tuple(int(hexa[i : i + 2], 16) for i in (1, 3, 5))
