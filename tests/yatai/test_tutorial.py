"""Yatai's guided game says each thing while it can still be done: the drink that
ends the first turn is asked for during that turn, not after it."""

from game.app import catalogue
from game.app.app import App
from game.app.tutorial import make_tutorial
from game.i18n import _
from game.yatai.tutorial import TUTORIAL
from tests.app.drive import run


def test_each_guided_text_is_shown_while_the_player_can_still_do_it():
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = make_tutorial(app, catalogue.find("yatai"))
    app.push(scene)
    shown: list[tuple[str, int, list[dict]]] = []  # (the panel's text, whose turn, seat 0's legal actions)
    for step in TUTORIAL.steps:
        assert scene.current() is step and scene.panel_up()
        legal = scene.state.legal_actions(0)
        shown.append((_(step.text), scene.state.turn, legal))
        doable = [a for a in legal if step.expect(a)]
        assert doable, f"the step {step.text[:40]!r} asks for what cannot be done now"
        assert scene.submit(0, doable[0])
    assert scene.state.turn == 1, "the last step's action ended the turn"
    for _i in range(200):  # the partner answers from the script, then the guide hands over
        if scene.done_at is not None:
            break
        run(app)
    assert scene.panel_up() and scene.current() is None, "over to you, while the partner plays on"
    done = _(TUTORIAL.done)
    assert "take a drink" not in done.lower(), f"after the turn, the guide still asks for its drink: {done!r}"
    asked = [text for text, turn, _legal in shown if "drink" in text.lower() and turn == 0]
    assert asked, "the drink that ends the first turn is asked for during that turn"
    app.quit()
