"""The Relleno table turns taps and keys into legal actions, lights what a
selection covers, and plays, saves and resumes through the app."""

import pygame

from game.app.saves import SaveStore
from game.app.session import Session, default_seats
from game.app.table_making import make_table
from game.relleno import GAME
from game.relleno.data import content
from game.relleno.rules import Phase
from game.relleno.scene import SEATS_H
from game.relleno.words import clock
from tests.app.drive import press

from .helpers import table


def scene_with(app, state=None, humans: int = 1, saves=None, seed: int = 3):
    seats = default_seats(2, list(GAME.bots))
    for i, cfg in enumerate(seats):
        cfg.kind = "human" if i < humans else "bot"
        cfg.controller = None  # pointer and keyboard act for the open view
    session = Session(GAME, seats, None, seed, saves)
    if state is not None:
        session.state = state
    scene = make_table(app, session)
    scene._update_viewer()
    app.push(scene)
    app.draw()
    return scene


def tap(app, scene, key):
    app.draw()
    rect = next(t.rect for t in scene.targets if t.key == key)
    press(app, "point", pos=rect.center)


def test_a_time_card_is_chosen_by_tapping_it_then_play(app):
    scene = scene_with(app)
    tap(app, scene, "hand:aiko")
    assert scene.time_pick == "aiko"
    tap(app, scene, "button:Play")
    assert scene.state.choices[0] == {"card": "aiko", "early": []}
    assert scene.state.log[-1]["seat"] == 0


def test_play_without_a_time_card_is_refused_with_a_message(app):
    scene = scene_with(app)
    tap(app, scene, "button:Play")
    assert scene.state.choices[0] is None and "time card" in scene.flash_text


def on_turn(app, **kw):
    """Seat 0 to fill or restock, seat 1 done for the day."""
    state = table(**kw)
    state.apply(0, {"type": "time_card", "card": "remy", "early": []})  # 6:41, before Dario
    state.apply(1, {"type": "time_card", "card": "dario", "early": []})
    assert state.phase == Phase.TURN and state.current() == 0
    return scene_with(app, state)


def test_picked_cards_light_the_recipes_they_cover_and_a_tap_fills(app):
    scene = on_turn(app, book=["pain-au-chocolat"])
    hand = scene.state.hands[0]
    assert {"vicki", "aiko"} <= set(hand)
    tap(app, scene, "hand:aiko")  # vanilla: no chocolate
    assert scene.state.picked == ["aiko"]
    tap(app, scene, "book:pain-au-chocolat")  # not covered: refused, nothing played
    assert scene.state.did[0] is None and "do not cover" in scene.flash_text
    tap(app, scene, "hand:aiko")  # put back
    assert scene.state.picked == []
    tap(app, scene, "book:pain-au-chocolat")  # nothing picked: its first cover is picked
    cover = set(scene.state.picked)
    assert cover == {"vicki"} and scene.state.did[0] is None
    tap(app, scene, "book:pain-au-chocolat")  # and the second tap fills it with that cover
    last = scene.state.log[-1]
    assert last["seat"] == 0 and last["action"]["type"] == "fill" and set(last["action"]["cards"]) == cover
    assert "pain-au-chocolat" in scene.state.taken[0]


def test_restock_and_reserve_puts_the_tapped_recipe_back_on_the_deck(app):
    scene = on_turn(app)
    recipe = scene.state.book[0]
    tap(app, scene, "button:Restock and reserve")
    assert scene.reserving
    tap(app, scene, f"book:{recipe}")
    assert scene.state.log[-1]["action"] == {"type": "restock", "reserve": recipe}


def test_two_humans_choose_behind_the_curtain_and_never_see_each_other(app):
    scene = scene_with(app, humans=2)
    assert scene.viewer is None and scene.curtain_for in (0, 1)
    obs = scene.state.observation(scene.viewer)
    assert "hand" not in obs


def test_a_relleno_game_saves_and_resumes_through_the_app(app, tmp_path):
    store = SaveStore(tmp_path / "saves")
    scene = scene_with(app, saves=store)
    scene.play_until(lambda s: s.phase == Phase.TURN and s.current() == 0 and len(s.log) > 4)
    assert not scene.state.is_over()
    fill = next((a for a in scene.state.legal_actions(0) if a["type"] == "fill"), {"type": "restock"})
    assert scene.submit(0, fill)
    assert store.flush()
    games, problems = store.unfinished()
    (save_id, doc), *_ = [g for g in games if g[1]["game"] == "relleno"]
    assert not problems and len(doc["log"]) == len(scene.state.log)
    resumed = Session.resume(doc, store, GAME, save_id)
    assert resumed.state.to_json() == scene.state.to_json()


def bonus_fill_ready(state) -> bool:
    """Seat 0 on turn, able to fill a recipe whose bonus fill keeps the turn going
    (its whole hand covers it and another recipe)."""
    if state.phase != Phase.TURN or state.current() != 0 or state.must_restock(0):
        return False
    covered = state.covered(state.hands[0])
    return len(covered) > 1 and any(bonus(r) for r in covered)


def bonus(recipe: str) -> bool:
    return content().cards[recipe].ability == "bonus_fill"


def test_a_fill_waiting_for_its_bonus_fill_is_undone_by_back(app):
    scene = scene_with(app, seed=1)
    scene.play_until(bonus_fill_ready, limit=2000)
    assert bonus_fill_ready(scene.state)
    hand = list(scene.state.hands[0])
    fill = {"type": "fill", "recipe": next(r for r in scene.state.covered(hand) if bonus(r)), "cards": hand}
    for card in hand:  # every card, the spare ones too: they may serve the bonus fill
        assert scene.submit(0, {"type": "pick", "card": card})
    before = scene.state.to_json()
    assert scene.submit(0, fill) and scene.state.phase == Phase.BONUS
    press(app, "back")
    assert scene.state.to_json() == before


def test_a_cards_requirements_never_reach_its_left_column():
    """Issue 26: on a hand card the requirement pictures overlapped the fillings and
    points of the left column. Every recipe, on the book's cards and on hand cards
    from one to ten in hand, with a name on one line (size 30 at most) or two (a name
    wraps only at the smallest size, 20)."""
    from game.relleno.scene import STRIP, requirement_row

    sizes = [(262, 330)] + [(min(200, (1860 - 12 * (n - 1)) / n), 220) for n in range(1, 11)]
    for recipe in (c for c, card in content().cards.items() if card.requires):
        for w, h in sizes:
            for name_bottom in (46 + 32, 46 + 2 * 22):
                top, pic = requirement_row(w, h, name_bottom, len(content().cards[recipe].requires))
                assert pic >= 12 and top + pic + 2 <= h - STRIP - 6, (recipe, w, h, name_bottom)


def test_a_seats_revealed_time_card_stays_clear_of_its_point_symbols(app, monkeypatch):
    """A seat's panel at four and six seats, in English and in French ("08:35" runs wider):
    no picture (the point symbols, the time card) lies over a word or number."""
    scene = scene_with(app)
    drawn: list[tuple[str, pygame.Rect]] = []

    def recorded(kind: str, draw):
        def record(*args, **kwargs):
            drawn.append((kind, draw(*args, **kwargs)))
            return drawn[-1][1]

        return record

    monkeypatch.setattr(app.ui, "text", recorded("text", app.ui.text))
    monkeypatch.setattr(app.ui, "picture", recorded("picture", app.ui.picture))
    for lang in ("en", "fr"):
        app.set_language(lang)
        for seats in (4, 6):
            w = (1888 - 12 * (seats - 1)) / seats
            surf = pygame.Surface(app.ui.rect(0, 0, w, SEATS_H).size)
            drawn.clear()
            look = ("Ana", (200, 60, 60), False, 12, (), 3, 4, 5, clock(515), (2, 3, 1))
            scene._paint_seat(surf, 0, look, w)
            texts = [r for kind, r in drawn if kind == "text" and r.w]
            pictures = [r for kind, r in drawn if kind == "picture"]
            assert len(pictures) == 4, drawn  # three point symbols and the time card
            overlaps = [(p, t) for p in pictures for t in texts if p.inflate(-2, -2).colliderect(t)]
            assert not overlaps, f"{lang}, {seats} seats: {overlaps}"
    app.set_language("en")
