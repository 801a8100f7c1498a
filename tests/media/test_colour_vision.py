"""Colours that mean different things stay apart for the common colour-vision
deficiencies (simulated with Machado et al. 2009, compared with CIEDE2000)."""

import pytest

from game.app import catalogue
from game.media import cvd, palettes

PALETTES = palettes.palettes(e.gdef for e in catalogue.load() if e.gdef is not None)


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_palette_stays_apart_for_every_vision(name):
    palette = PALETTES[name]()
    bad = cvd.collisions(palette)
    assert not bad, f"{name}: " + "; ".join(
        f"{a} and {b} are only {d} apart (CIEDE2000) for {vision}" for vision, a, b, d in bad
    )


@pytest.mark.parametrize(
    "lab1, lab2, expected",
    [
        # Sharma, Wu & Dalal (2005), table 1: pairs 1, 7, 17 and 25
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert cvd.ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_greys_stay_grey_and_the_check_finds_a_real_confusion():
    for vision in cvd.MACHADO_2009:
        assert cvd.delta_e2000(cvd.simulate((128, 128, 128), vision), (128, 128, 128)) < 1.5
    # The seat colours before the fix: blue and purple, plainly different to most
    # eyes, are nearly the same colour to a deuteranope.
    before = {"blue": (70, 130, 230), "purple": (160, 100, 220)}
    assert cvd.delta_e2000(*before.values()) > 20
    assert next((v, a, b) for v, a, b, _d in cvd.collisions(before)) == ("deuteranopia", "blue", "purple")
