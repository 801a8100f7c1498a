"""Yatai's four colours as drawn: one colour per customer, drink, dish and food
tile, and the badge colours of their pictures (assets/pictures/pictures.toml).
Okabe & Ito's colour-blind-safe set ("Color Universal Design", 2002):
vermillion, blue, bluish green and yellow stay apart for all three dichromacies
(tests/media/test_colour_vision.py checks them as "yatai-customers")."""

COLOURS = {
    "red": (213, 94, 0),
    "blue": (0, 114, 178),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
}
