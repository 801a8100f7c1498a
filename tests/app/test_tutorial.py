"""A guided first game: each step waits for the right action and explains a wrong one."""

from game.app import catalogue
from game.app.app import App
from game.app.table import action_key
from game.app.tutorial import make_tutorial, tutorial_for

from .drive import press, run


def _tap(app, scene, action):
    app.draw()  # the targets are declared while drawing
    target = next(t for t in scene.targets if t.key == action_key(action))
    press(app, "point", device="mouse", pos=target.rect.center)


def test_a_tutorial_step_waits_for_the_right_action_and_rejects_a_wrong_one():
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = make_tutorial(app, catalogue.find("wewillwokyou"))
    app.push(scene)
    assert scene.step == 0 and scene.viewer == 0 and scene.curtain_for is None
    _tap(app, scene, {"type": "coin", "line": 0})  # legal, but not what the step shows
    assert scene.state.log == [] and scene.mistakes == 1 and "line 2" in scene.flash_text
    _tap(app, scene, {"type": "coin", "line": 1})
    assert len(scene.state.log) == 1 and scene.step == 1
    run(app, 90)  # the partner answers from the script
    assert [e["seat"] for e in scene.state.log] == [0, 1] and scene.state.turn == 0
    _tap(app, scene, {"type": "coin", "line": 1})
    assert len(scene.state.log) == 2 and "buying" in scene.flash_text
    _tap(app, scene, {"type": "buy", "row": 2})
    assert scene.state.log[-1]["action"] == {"type": "buy", "row": 2} and scene.current() is None
    run(app, 90)
    assert scene.session.bots is not None, "after the steps a bot plays the other seat"
    app.draw()
    assert not app.saves.unfinished()[0], "a tutorial is never saved"
    app.quit()


def test_games_without_a_tutorial_say_so():
    assert tutorial_for("wewillwokyou") is not None
    assert tutorial_for("cheaterchefs") is not None and tutorial_for("wokup") is None


def test_the_guided_game_is_offered_the_first_time_a_game_is_chosen_only():
    from game.app.confirm import ConfirmScene
    from game.app.menus import ChooserScene
    from game.app.seats import SeatsScene
    from game.app.tutorial import Guided

    app = App(size=(1280, 720), window=False)
    app.open("title")
    app.open("chooser")
    chooser = app.top
    wok = next(i for i, e in enumerate(chooser.entries) if e.id == "wewillwokyou")
    while chooser.menu.index != wok:
        press(app, "down")
    press(app, "confirm")
    assert isinstance(app.top, ConfirmScene) and "guided" in app.top.question
    press(app, "down")
    press(app, "confirm")  # Play a guided game
    assert isinstance(app.top, Guided)
    app.pop()
    assert isinstance(app.top, ChooserScene)
    press(app, "confirm")  # the second time: straight to the seats
    assert isinstance(app.top, SeatsScene)
    app.quit()


def test_the_rules_screen_offers_the_guided_game_on_its_last_page():
    from game.app.rules_screen import RulesScene
    from game.app.tutorial import Guided

    app = App(size=(1280, 720), window=False)
    app.open("title")
    rules = app.open("rules", "wewillwokyou")
    assert isinstance(rules, RulesScene) and rules.guided
    app.draw()
    for _i in range(rules.pages - 1):
        press(app, "right")
    app.draw()
    assert rules.button is not None
    press(app, "confirm")
    assert isinstance(app.top, Guided)
    app.quit()


def test_cheater_chefs_guided_game_follows_its_script():
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = make_tutorial(app, catalogue.find("cheaterchefs"))
    app.push(scene)
    assert scene.viewer == 0 and 0 in scene.state.actors()
    assert not scene.submit(0, {"type": "play", "card": "chicken"}) and scene.mistakes == 1
    assert scene.submit(0, {"type": "play", "card": "garlic"}) and scene.step == 1
    run(app, 90)
    assert [e["seat"] for e in scene.state.log] == [0, 1]
    assert not scene.submit(0, {"type": "discard_hand", "cards": ["butterfingers", "chicken", "garlic"]})
    assert scene.submit(0, {"type": "discard_hand", "cards": ["chicken"]}) and scene.current() is None
    app.draw()
    app.quit()
