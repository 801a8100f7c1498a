"""We Will Wok You's ingredient colours, as drawn (scene.py) and checked for
colour-blind eyes (its GameDef's palettes)."""

# The colours stay at least 10 CIEDE2000 apart for colour-blind eyes
# (tests/media/test_colour_vision.py); the first ones let broccoli meet carrot
# (4.6, protanopia) and tuna meet octopus (4.8, deuteranopia): carrot is a
# deeper orange, broccoli an olive green.
INGREDIENT_COLOUR = {
    "tuna": (101, 144, 183),
    "broccoli": (105, 137, 81),
    "carrot": (205, 87, 0),
    "chicken": (206, 170, 60),
    "prawn": (222, 117, 138),
    "octopus": (129, 88, 171),
}
