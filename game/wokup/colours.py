"""Wok Up's ingredient token colours, as drawn (scene/art.py) and checked for
colour-blind eyes (its GameDef's palettes)."""

# Token colours stay at least 10 CIEDE2000 apart for colour-blind eyes too
# (tests/media/test_colour_vision.py): mushroom and broccoli were 1.9 apart for
# deuteranopes, now the broccoli is a brighter yellow-green.
INGREDIENT_COLOUR = {
    "chili": (203, 45, 33),
    "mushroom": (164, 128, 94),
    "fish": (31, 129, 223),
    "meat": (159, 73, 154),
    "broccoli": (61, 179, 28),
}
