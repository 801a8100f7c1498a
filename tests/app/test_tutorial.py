"""A guided first game: each step waits for the right action and explains a wrong one."""

from game.app import catalogue
from game.app.app import App
from game.app.table import action_key
from game.app.tutorial import PANEL_HEAD, make_tutorial, tutorial_for

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
    assert tutorial_for("wewillwokyou") is not None and tutorial_for("wokup") is not None
    assert tutorial_for("cheaterchefs") is not None and tutorial_for("nosuchgame") is None


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


def _held(app, scene, frames=30):
    """The game clock stands still while a step waits for the player."""
    before, log = scene.game_ns, len(scene.state.log)
    run(app, frames)
    return scene.game_ns == before and len(scene.state.log) == log


def test_wok_up_guided_game_holds_the_bots_and_the_clock_until_the_player_acts():
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = make_tutorial(app, catalogue.find("wokup"))
    app.push(scene)
    assert scene.driver.players == {} and scene.learning, "the bot is held back; the wok's counts show"
    press(app, "deck1")  # before the moment: nothing in the wok yet
    assert not scene.state.claims and "Not yet" in scene.flash_text and scene.step == 0
    scene.play_to_open_step()
    assert scene.state.complete_decks() == [1] and scene.state.round_throws == 2
    assert _held(app, scene), "the look does not run out while the learner reads"
    press(app, "deck2")  # an incomplete recipe: refused with why, the rules never see it
    assert not scene.state.claims and scene.mistakes == 1 and "card 2" in scene.flash_text
    press(app, "deck1")
    assert scene.state.claims[0]["deck"] == 1 and scene.step == 1
    scene.play_to_open_step()
    assert scene.state.won[0] and scene.state.picks[0] == {"seat": 0, "kind": "turn"}
    assert _held(app, scene, 200), "no timeout picks for the learner"
    press(app, f"deck{scene.state.turnable()[0]}")
    assert scene.step == 2
    scene.play_to_open_step()
    assert max(scene.state.wok_content().counts.values()) >= 10 and scene.step == 2
    press(app, "wokup")
    assert scene.state.claims[-1]["type"] == "wokup" and scene.step == 3
    scene.play_to_open_step()
    assert scene.state.picks[0] == {"seat": 0, "kind": "take"}
    press(app, f"deck{scene.state.face_up.index(True)}")
    assert len(scene.state.won[0]) == 2 and scene.current() is None
    run(app, 2)
    assert set(scene.driver.players) == {1} and not scene.time_held, "after the steps the bot plays on"
    scene.run_for(90, lambda k: any(e["seat"] == 1 for e in k.state.log))  # the table picks for a player who waits
    assert any(e["seat"] == 1 for e in scene.state.log), "the bot claims once the steps are over"
    app.draw()
    app.quit()


def test_every_step_fits_its_panel_in_every_language():
    from game import i18n
    from game.i18n import _

    app = App(size=(1280, 720), window=False)
    for game in ("wewillwokyou", "cheaterchefs", "wokup"):
        scene = make_tutorial(app, catalogue.find(game))
        _x, _y, w, h = scene.guide_box
        t = scene.tutorial
        for lang in i18n.LANGUAGES:
            app.set_language(lang)
            said = [(s.text, h - PANEL_HEAD) for s in t.steps] + [(t.done, h - PANEL_HEAD)]
            said += [(text, scene.flash_room()[1]) for s in t.steps for text in (s.mistake, s.wait) if text]
            for text, room in said:
                lines, size = scene.fit(_(text), w - 60, room)
                assert lines == app.ui.wrap(_(text), size, w - 60, True), f"{game} [{lang}] cut: {_(text)}"
    app.quit()
