"""End-of-game scoring: every Wok kind, every Wok-Man, the rulebook's example, and
the optimizer checked against the referee and a brute force."""

import itertools

import pytest

from game.engine.rng import Rng
from game.wewillwokyou.data import content
from game.wewillwokyou.scoring import (
    Held,
    PlacementError,
    best_placement,
    man_options,
    score_placement,
)

from .helpers import WOK, held, woks


def cards_of(hand, *ingredients_counts):
    """Ids from `hand` by ingredient, in order: ("chicken", 2), ..."""
    out = []
    for ing, n in ingredients_counts:
        ids = [c.id for c in hand if c.ingredient == ing and c.id not in out][:n]
        assert len(ids) == n
        out += ids
    return out


def plan(wok_cards: dict, men=()):
    return {
        "woks": [{"wok": WOK[w], "cards": c} for w, c in wok_cards.items()],
        "men": [{"man": WOK[m], "wok": WOK[t] if t else None, "change": ch} for m, t, ch in men],
    }


# ---- the rulebook's example -----------------------------------------------------------

ARTHUR_WOKS = ("group-chicken-tuna-prawn", "hard-3-6", "concert-prawn-carrot", "lid-7", "changing-man-1", "double-man")


def arthur():
    # 2 chicken, 2+3 broccoli, 1+2 prawn, 3 octopus, 1 carrot, and 3 cards he cannot use
    # (his 1 tuna, a broccoli and an octopus).
    return held([("chicken", 2), ("broccoli", 6), ("prawn", 3), ("octopus", 4), ("carrot", 1), ("tuna", 1)])


def test_rulebook_example_arthur_scores_42_as_printed():
    hand = arthur()
    book = plan(
        {
            "group-chicken-tuna-prawn": cards_of(hand, ("chicken", 2), ("broccoli", 2), ("prawn", 1)),
            "hard-3-6": cards_of(hand, ("broccoli", 5), ("octopus", 3))[2:],
            "concert-prawn-carrot": cards_of(hand, ("prawn", 3), ("carrot", 1))[1:],
            "lid-7": [],
        },
        men=[
            ("changing-man-1", "group-chicken-tuna-prawn", ["tuna", "broccoli"]),
            ("double-man", "concert-prawn-carrot", None),
        ],
    )
    result = score_placement(hand, woks(*ARTHUR_WOKS), book)
    points = {content().woks[w]["id"]: p for w, p in result["points"].items()}
    assert points == {"group-chicken-tuna-prawn": 12, "hard-3-6": 12, "concert-prawn-carrot": 11, "lid-7": 7}
    assert result["score"] == 42 and result["unused"] == 3


def test_rulebook_example_is_the_best_arthur_can_do():
    best = best_placement(arthur(), woks(*ARTHUR_WOKS))
    assert best["score"] == 42
    assert len(best["unused"]) == 3


def test_without_the_changing_man_the_group_wok_scores_nothing():
    hand = arthur()
    group = plan(
        {"group-chicken-tuna-prawn": cards_of(hand, ("chicken", 2), ("tuna", 1), ("prawn", 1))},
        men=[
            ("changing-man-1", "concert-prawn-carrot", ["prawn", "octopus"]),
            ("double-man", "concert-prawn-carrot", None),
        ],
    )
    with pytest.raises(PlacementError) as err:
        score_placement(hand, woks(*ARTHUR_WOKS), group)
    assert err.value.rule == "group-wok-whole-recipes"


# ---- each red kind ---------------------------------------------------------------------


def test_independent_wok_scores_its_points_and_takes_no_ingredient():
    hand = held([("tuna", 1)])
    assert score_placement(hand, woks("lid-9"), plan({"lid-9": []}))["score"] == 9
    with pytest.raises(PlacementError):
        score_placement(hand, woks("lid-9"), plan({"lid-9": [hand[0].id]}))


def test_group_wok_scores_each_complete_recipe_and_no_incomplete_one():
    hand = held([("broccoli", 5), ("carrot", 4)])
    two = cards_of(hand, ("broccoli", 4), ("carrot", 4))
    assert score_placement(hand, woks("group-broccoli-carrot"), plan({"group-broccoli-carrot": two}))["score"] == 16
    with pytest.raises(PlacementError):
        score_placement(hand, woks("group-broccoli-carrot"), plan({"group-broccoli-carrot": two + [hand[4].id]}))
    assert best_placement(hand, woks("group-broccoli-carrot"))["score"] == 16


def test_hard_wok_takes_series_of_identical_ingredients_of_its_size():
    hand = held([("broccoli", 6), ("tuna", 3), ("chicken", 2)])
    series = cards_of(hand, ("broccoli", 6), ("tuna", 3))
    assert score_placement(hand, woks("hard-3-6"), plan({"hard-3-6": series}))["score"] == 18
    with pytest.raises(PlacementError) as err:
        score_placement(hand, woks("hard-3-6"), plan({"hard-3-6": cards_of(hand, ("chicken", 2))}))
    assert err.value.rule == "hard-wok-whole-series"
    five = held([("broccoli", 10)])
    assert best_placement(five, woks("hard-5-12"))["score"] == 24
    assert best_placement(held([("broccoli", 8)]), woks("hard-3-6", "hard-5-12"))["score"] == 18


def test_experimental_wok_scores_one_per_ingredient_of_any_kind():
    hand = held([("tuna", 2), ("prawn", 1), ("octopus", 1, True)])
    assert best_placement(hand, woks("experimental-1"))["score"] == 4


def test_alternative_wok_takes_only_cards_still_in_hand():
    in_hand = held([("tuna", 3)])
    laid = [Held(c.id + 100, c.ingredient, c.blank, False) for c in held([("chicken", 2)])]
    assert best_placement(in_hand + laid, woks("alternative-1"))["score"] == 6
    with pytest.raises(PlacementError) as err:
        score_placement(in_hand + laid, woks("alternative-1"), plan({"alternative-1": [laid[0].id]}))
    assert err.value.rule == "alternative-wok-hand-cards-only"


def test_free_wok_takes_only_symbol_less_cards_three_each():
    hand = held([("carrot", 2, True), ("carrot", 2, False)])
    assert best_placement(hand, woks("free"))["score"] == 6
    with pytest.raises(PlacementError) as err:
        score_placement(hand, woks("free"), plan({"free": [c.id for c in hand if not c.blank][:1]}))
    assert err.value.rule == "free-wok-blank-cards-only"


def test_concert_fills_each_wok_independently_up_to_its_count():
    # concert-carrot-tuna: 4 carrots at 2, 3 tuna at 4 (the public "worth 20" when full).
    hand = held([("carrot", 5), ("tuna", 1)])
    result = best_placement(hand, woks("concert-carrot-tuna"))
    assert result["score"] == 4 * 2 + 4 and len(result["unused"]) == 1
    with pytest.raises(PlacementError):
        score_placement(hand, woks("concert-carrot-tuna"), plan({"concert-carrot-tuna": cards_of(hand, ("carrot", 5))}))
    full = held([("carrot", 4), ("tuna", 3)])
    assert best_placement(full, woks("concert-carrot-tuna"))["score"] == 20


def test_each_card_goes_on_one_wok_at_most():
    hand = held([("tuna", 1)])
    with pytest.raises(PlacementError) as err:
        score_placement(
            hand,
            woks("experimental-1", "experimental-2"),
            plan({"experimental-1": [hand[0].id], "experimental-2": [hand[0].id]}),
        )
    assert err.value.rule == "each-card-on-one-wok-at-most"


# ---- the Wok-Men -----------------------------------------------------------------------


def test_double_wok_man_only_on_a_concert_and_swaps_its_values():
    hand = held([("prawn", 3)])
    assert best_placement(hand, woks("concert-prawn-carrot"))["score"] == 3
    assert best_placement(hand, woks("concert-prawn-carrot", "double-man"))["score"] == 15
    with pytest.raises(PlacementError) as err:
        score_placement(hand, woks("lid-5", "double-man"), plan({}, men=[("double-man", "lid-5", None)]))
    assert err.value.rule == "double-man-fits"


def test_all_powerful_man_makes_any_red_card_a_lidded_12():
    hand = held([("tuna", 2)])
    best = best_placement(hand, woks("hard-5-12", "mighty-man"))
    assert best["score"] == 12 and len(best["unused"]) == 2
    with pytest.raises(PlacementError):
        score_placement(
            hand,
            woks("experimental-1", "mighty-man"),
            plan({"experimental-1": [hand[0].id]}, men=[("mighty-man", "experimental-1", None)]),
        )


def test_changing_man_replaces_a_printed_type_on_group_or_concert_only():
    hand = held([("chicken", 4), ("prawn", 1)])
    # chicken 2 + tuna 2 + prawn 1: tuna replaced by chicken (a type already on the card).
    assert best_placement(hand, woks("group-chicken-tuna-prawn", "changing-man-1"))["score"] == 12
    options = man_options(content().woks[WOK["changing-man-1"]], [content().woks[WOK["hard-3-6"]]], ["tuna"])
    assert options == [(None, None)]  # no card needing specific ingredients: nowhere to go
    with pytest.raises(PlacementError) as err:
        score_placement(
            hand,
            woks("group-chicken-tuna-prawn", "changing-man-1"),
            plan({}, men=[("changing-man-1", "group-chicken-tuna-prawn", ["octopus", "chicken"])]),
        )
    assert err.value.rule == "changing-man-replaces-a-printed-type"


def test_several_wok_men_may_go_on_one_wok():
    hand = held([("broccoli", 3)])
    # Swap (prawn 5 / carrot 1) and turn prawn into broccoli: 3 broccoli at 5.
    ids = woks("concert-prawn-carrot", "double-man", "changing-man-1")
    assert best_placement(hand, ids)["score"] == 15


def test_a_wok_man_must_be_assigned_when_a_red_card_fits():
    hand = held([("tuna", 1)])
    with pytest.raises(PlacementError) as err:
        score_placement(hand, woks("lid-9", "mighty-man"), plan({}, men=[("mighty-man", None, None)]))
    assert err.value.rule == "wok-man-must-be-assigned"
    # Forced: the all-powerful man turns a lidded 9 into 12 but there is only that card.
    assert best_placement(hand, woks("lid-9", "mighty-man"))["score"] == 12


def test_wok_men_alone_score_nothing():
    assert best_placement(held([("tuna", 2)]), woks("double-man", "changing-man-2"))["score"] == 0


# ---- the optimizer beats greedy placement ------------------------------------------------


def test_greedy_card_by_card_loses_group_wok_needs_cards_alternative_wants():
    # Greedy gives each hand card 2 on the alternative wok (12); the group wok makes 20+...
    hand = held([("octopus", 1), ("tuna", 1), ("chicken", 1), ("broccoli", 3)])
    best = best_placement(hand, woks("alternative-1", "group-octopus-tuna-chicken"))
    assert best["score"] == 7 + 3 * 2


def test_greedy_hard_wok_first_loses_to_concert():
    # Greedy fills the hard wok (6) with 3 octopus; the concert pays 4 each: 12.
    hand = held([("octopus", 3)])
    assert best_placement(hand, woks("hard-3-6", "concert-octopus-chicken"))["score"] == 12


def test_greedy_series_of_five_loses_to_two_series_of_three():
    # 6 broccoli: one series of 5 (12) leaves 1; two series of 3 on hard-3-6 make 12 too,
    # but with an experimental wok: 5-series + 1 = 13 vs 12 -> the optimizer picks 13;
    # with 8: 5+3 = 18 beats 3+3 (+2 on experimental) = 14.
    assert best_placement(held([("broccoli", 6)]), woks("hard-3-6", "hard-5-12", "experimental-1"))["score"] == 13
    assert best_placement(held([("broccoli", 8)]), woks("hard-3-6", "hard-5-12", "experimental-1"))["score"] == 18


def test_free_wok_card_kept_off_the_group_when_another_card_can_feed_it():
    # Two carrots: one blank (3 on the free wok), one with a symbol. The group needs one
    # carrot: giving it the symbol card keeps the blank for the free wok (8 + 3, not 8).
    hand = held([("carrot", 1, True), ("carrot", 1, False), ("prawn", 1, False), ("octopus", 1, False)])
    best = best_placement(hand, woks("free", "group-prawn-octopus-carrot"))
    assert best["score"] == 11
    free = next(w for w in best["woks"] if w["wok"] == WOK["free"])
    assert free["cards"] == [c.id for c in hand if c.blank]


# ---- the optimizer against a brute force ---------------------------------------------------


def _brute_force(hand, ids):
    table = content().woks
    reds = [table[w] for w in ids if table[w]["kind"] not in ("double_man", "mighty_man", "changing_man")]
    blues = [table[w] for w in ids if table[w] not in reds]
    every = list(content().ingredients)
    best = (-1, -1)
    for men in itertools.product(*[man_options(m, reds, every) for m in blues]):
        men_plan = [{"man": m["index"], "wok": t, "change": list(c) if c else None} for m, (t, c) in zip(blues, men)]
        for spots in itertools.product(range(len(reds) + 1), repeat=len(hand)):
            wok_cards = {r["index"]: [] for r in reds}
            for card, spot in zip(hand, spots):
                if spot < len(reds):
                    wok_cards[reds[spot]["index"]].append(card.id)
            try:
                r = score_placement(
                    hand, ids, {"woks": [{"wok": w, "cards": c} for w, c in wok_cards.items()], "men": men_plan}
                )
            except PlacementError:
                continue
            best = max(best, (r["score"], r["unused"]))
    return best


def test_optimizer_matches_brute_force_on_random_small_cases():
    rng = Rng(2024)
    table = content().woks
    reds = [w["index"] for w in table if w["kind"] not in ("double_man", "mighty_man", "changing_man")]
    blues = [w["index"] for w in table if w["index"] not in reds]
    cards = content().cards
    for _ in range(60):
        ids = [rng.choice(reds) for _ in range(rng.randint(1, 2))]
        ids = sorted(set(ids)) + ([rng.choice(blues)] if rng.random() < 0.5 else [])
        pool = list(range(len(cards)))
        rng.shuffle(pool)
        hand = [Held(c, cards[c].ingredient, cards[c].blank, rng.random() < 0.7) for c in pool[: rng.randint(1, 6)]]
        best = best_placement(hand, ids)
        checked = score_placement(hand, ids, best)
        assert checked["score"] == best["score"]
        assert _brute_force(hand, ids) == (best["score"], len(best["unused"])), (ids, hand)
