"""A buyer sees the cards just bought before the screen is passed on; costs and Wok
cards are drawn as pictures and numbers."""

import time

from game.app import shots
from game.app.app import App
from game.input import PlayerEvent
from game.wewillwokyou import words


def _press(app, seat):
    app.step([PlayerEvent(f"keyboard-{seat + 1}", "confirm", True, time.monotonic_ns(), seat)])


def test_the_buyer_sees_the_cards_bought_until_they_pass_the_screen_on():
    app = App(size=(1280, 720), window=False)
    app.settings.bot_delay = 60.0  # the bots wait: the test looks at the humans
    scene = shots.table(app, "wewillwokyou", 3, "bought")
    app.push(scene)
    buyer = scene.reveal
    assert buyer is not None and scene.viewer == buyer and scene.curtain_for is None
    bought = next(e for e in reversed(scene.state.recent) if e["seat"] == buyer)
    assert bought["type"] == "buy" and bought["cards"]
    drawn = []
    real = scene.ui.text
    scene.ui.text = lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k)
    app.draw()
    assert any(t.startswith(f"{scene.seat_name(buyer)} bought row") for t in drawn)
    key = "E" if buyer == 0 else "Enter"  # keyboard 1 or 2: the two human seats
    assert f"{scene.seat_name(buyer)}: press {key} or tap to pass the screen on" in drawn
    other = 1 - buyer
    _press(app, other)
    assert scene.reveal == buyer, "only the buyer passes the screen on"
    _press(app, buyer)
    assert scene.reveal is None and scene.viewer != buyer
    app.quit()


def test_bought_cards_are_said_with_names_and_counts_not_codes():
    from game.wewillwokyou.data import content

    cards = [i for i, c in enumerate(content().cards) if c.ingredient == "chicken"][:2]
    assert words.cards_text(cards) == "2 Chicken"
