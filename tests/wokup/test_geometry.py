"""The rulebook's test of "in the wok", with hand-placed tokens: inside the
pentagon, touching a card or a divider (on the edge counts), or outside."""

import math

from game.wokup.geometry import wok

W = wok()
ALL = [True] * 5
R = W.token_radius


def test_a_token_in_the_middle_is_inside_the_pentagon():
    assert W.inside_pentagon(0, 0) and W.in_wok(0, 0, ALL)


def test_a_token_far_away_is_not_in_the_wok():
    assert not W.in_wok(400, 0, ALL)
    assert not W.in_wok(0, 300, ALL)


def test_a_disc_exactly_touching_a_card_is_in_and_a_hair_beyond_is_out():
    card = W.cards[0]  # the top deck: its card points at the middle, 88 mm long
    edge = card.y - card.half_length  # the card's outer end
    assert W.in_wok(0, edge - R, ALL)  # the disc's rim lies on the card's end
    assert not W.in_wok(0, edge - R - 0.1, ALL)
    assert not W.inside_pentagon(0, edge - R)  # it counts only by touching


def test_a_disc_touching_a_divider_is_in_the_wok():
    d = W.dividers[0]
    nx, ny = d.x / math.hypot(d.x, d.y), d.y / math.hypot(d.x, d.y)  # outward, across the divider
    out = math.hypot(d.x, d.y) + d.half_width + R
    assert W.in_wok(nx * (out - 0.5), ny * (out - 0.5), ALL)
    assert not W.in_wok(nx * (out + 0.5), ny * (out + 0.5), ALL)
    assert W.cards_touched(nx * (out - 0.5), ny * (out - 0.5), ALL) == 0  # a divider is not a card


def test_the_centre_on_the_pentagon_side_is_inside():
    (ax, ay), (bx, by) = W.corners[1], W.corners[2]
    assert W.inside_pentagon((ax + bx) / 2, (ay + by) / 2)


def test_touching_two_cards_at_once_is_possible_only_between_close_cards_and_counts_cards():
    x, y = W.cards[0].x + 40, W.cards[0].y
    assert W.cards_touched(x, y, ALL) == 1
    assert W.cards_touched(0, 0, ALL) == 0


def test_an_empty_deck_has_no_card_to_touch_but_the_pentagon_stays():
    card = W.cards[0]
    outside = (0, card.y - card.half_length - R + 1)
    present = [False] + [True] * 4
    assert W.in_wok(*outside, ALL) and not W.in_wok(*outside, present)
    assert W.in_wok(0, 0, present)
