"""A guided first game: each step waits for the right action and explains a wrong one."""

import time

from game.app import catalogue
from game.app.app import App
from game.app.table import action_key
from game.app.tutorial import PANEL_HEAD, make_tutorial, tutorial_for

from .drive import press, run, tap


def _tap(app, scene, action):
    app.draw()  # the targets are declared while drawing
    target = next(t for t in scene.targets if t.key == action_key(action))
    press(app, "point", device="mouse", pos=target.rect.center)


def _guided(game_id: str):
    """An app showing the guided first game of `game_id`."""
    app = App(size=(1280, 720), window=False)
    app.open("title")
    scene = make_tutorial(app, catalogue.find(game_id))
    app.push(scene)
    return app, scene


def test_a_tutorial_step_waits_for_the_right_action_and_rejects_a_wrong_one():
    app, scene = _guided("wewillwokyou")
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
    (saved,) = app.saves.unfinished()[0]
    assert saved[1]["log"] == scene.state.log, "over to you: a real game, kept"
    app.quit()


def test_games_without_a_tutorial_say_so():
    for game in ("wewillwokyou", "cheaterchefs", "wokup", "relleno", "yatai"):
        assert tutorial_for(game) is not None, game
    assert tutorial_for("nosuchgame") is None


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
    app, scene = _guided("cheaterchefs")
    assert scene.viewer == 0 and 0 in scene.state.actors()
    assert not scene.submit(0, {"type": "play", "card": "chicken"}) and scene.mistakes == 1
    assert scene.submit(0, {"type": "play", "card": "garlic"}) and scene.step == 1
    run(app, 90)
    assert [e["seat"] for e in scene.state.log] == [0, 1]
    assert not scene.submit(0, {"type": "discard_hand", "cards": ["butterfingers", "chicken", "garlic"]})
    assert scene.submit(0, {"type": "pick", "card": "chicken"}) and scene.step == 1, "a pick is not the step yet"
    assert scene.submit(0, {"type": "discard_hand", "cards": ["chicken"]}) and scene.current() is None
    app.draw()
    app.quit()


def test_relleno_guided_game_teaches_a_day_on_the_real_table():
    app, scene = _guided("relleno")
    assert scene.viewer == 0 and scene.state.actors() == [0, 1], "both choose their time card at once"
    assert not scene.submit(0, "junk") and not scene.submit(0, {"type": "fill"}), "bad input is not the step"
    tap(app, scene, "hand:aiko")
    tap(app, scene, "button:Play")  # legal, but the step shows Vicki
    assert scene.state.log == [] and scene.mistakes == 3 and "Vicki" in scene.flash_text
    tap(app, scene, "hand:vicki")
    tap(app, scene, "button:Play")
    assert scene.step == 1 and scene.state.actors() == [1], "the partner answers in secret after you"
    run(app, 90)
    assert scene.state.order == [0, 1] and scene.state.current() == 0, "6:02 before the partner's 8:35"
    tap(app, scene, "button:Restock (1)")
    assert len(scene.state.log) == 2 and "fill" in scene.flash_text
    for key in ("hand:aiko", "hand:remy", "book:vanilla-slice"):
        tap(app, scene, key)
    assert scene.state.taken[0] == ["vanilla-slice"] and scene.step == 2
    run(app, 90)  # the partner fills the Blueberry scone: day 2
    assert scene.state.taken[1] == ["blueberry-scone"] and scene.state.day == 2
    tap(app, scene, "hand:vanilla-slice")
    tap(app, scene, "button:Play")
    run(app, 200)  # the partner shows the scone (7:13, first today), then restocks
    assert [e["action"]["type"] for e in scene.state.log[-2:]] == ["time_card", "restock"]
    assert scene.state.current() == 0 and scene.step == 3
    assert not scene.submit(0, {"type": "restock", "reserve": scene.state.book[0]})
    assert "plain restock" in scene.flash_text and scene.state.current() == 0
    tap(app, scene, "button:Restock (4)")
    assert scene.current() is None and len(scene.state.hands[0]) == 4
    run(app, 10)
    assert scene.session.bots is not None, "after the steps a bot plays the other seat"
    app.quit()


def test_yatai_guided_game_slides_a_tile_seats_a_guest_and_cooks():
    from game.yatai.rules import Phase

    app, scene = _guided("yatai")
    state = scene.state
    assert state.phase == Phase.TILE and state.turn == 0 and len(state.log) == 4, "the setup is played for you"
    assert not state.can_undo(0)
    for key in ("free:5", "arrow:3", "button:slide"):  # the two-drinks tile: legal, not the step's
        tap(app, scene, key)
    assert len(scene.state.log) == 4 and scene.mistakes == 1 and "one-guest" in scene.flash_text
    for key in ("free:0", "button:slide"):  # the arrow stays picked
        tap(app, scene, key)
    assert scene.step == 1 and scene.state.phase == Phase.ACTIONS
    assert not scene.submit(0, {"type": "drinks", "slot": 2, "colours": ["red"]}) and "Guests first" in scene.flash_text
    tap(app, scene, "slot:0")
    assert scene.state.pending[0]["guests"] == ["red"] and scene.step == 2
    tap(app, scene, action_key({"type": "guest", "guest": 0, "seat": 1}))
    assert scene.mistakes == 3 and scene.state.pending, "sending the guest away is refused"
    tap(app, scene, action_key({"type": "guest", "guest": 0, "seat": 0}))
    assert scene.state.chefs[0]["queue"] == ["red"] and not scene.state.can_undo(0)
    tap(app, scene, "slot:1")  # two dishes on the menu: a button each
    tap(app, scene, action_key({"type": "cook", "slot": 1, "dishes": ["blue"]}))
    assert scene.state.chefs[0]["dishes"] == [] and "ramen" in scene.flash_text
    tap(app, scene, action_key({"type": "cook", "slot": 1, "dishes": ["red"]}))
    assert scene.state.chefs[0]["dishes"] == ["red"] and scene.step == 4
    tap(app, scene, "slot:2")
    tap(app, scene, action_key({"type": "drinks", "slot": 2, "colours": ["red"]}))  # the last step: the turn ends
    assert scene.state.turn == 1 and scene.current() is None
    run(app, 90)
    assert scene.state.log[-1] == {"seat": 1, "action": {"type": "insert", "tile": 3, "arrow": 3}}
    run(app, 10)
    assert scene.session.bots is not None, "after the script a bot plays the partner's turn on"
    app.settings.bot_delay = 0
    deadline = time.monotonic() + 20  # the bot thinks in its worker process
    while len(scene.state.log) < 11 and time.monotonic() < deadline:
        run(app, 5)
    assert scene.state.log[10]["seat"] == 1, "the bot does the partner's line"
    app.quit()


def test_every_script_fits_its_deal():
    """Each step's action is legal when its turn comes and the partner's replies are
    legal as written (a change of the cards or the rules that breaks a script shows here).
    Steps that wait for a moment of a real-time table (Wok Up) are played through the app
    by the Wok Up test below: without the table's throws their moment never comes."""
    for entry in catalogue.load():
        tutorial = tutorial_for(entry.id)
        if tutorial is None or any(step.ready for step in tutorial.steps):
            continue
        state = entry.gdef.state_cls(tutorial.seats, tutorial.options or None, tutorial.seed)
        for seat, action in tutorial.opening:
            state.apply(seat, action)
        partner: list[dict] = []
        for n, step in enumerate(tutorial.steps):
            while partner and 1 in state.actors():
                reply = partner.pop(0)
                assert reply in state.legal_actions(1), (entry.id, n, reply)
                state.apply(1, reply)
            path = _step_path(state, step.expect)
            assert path, f"{entry.id} step {n + 1}: no legal action is the step's"
            for action in path:
                state.apply(0, action)
            partner += step.partner


def _step_path(state, expect, depth: int = 4) -> list[dict] | None:
    """Seat 0's actions that do a step: a legal action it expects, or cards picked
    one at a time (game/engine/picking.py) until one is legal."""
    wanted = [a for a in state.legal_actions(0) if expect(a)]
    if wanted:
        return wanted[:1]
    for action in state.legal_actions(0) if depth else []:
        if action["type"] == "pick":
            after = state.clone()
            after.apply(0, action)
            rest = _step_path(after, expect, depth - 1)
            if rest:
                return [action, *rest]
    return None


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
    for game in [e.id for e in catalogue.load() if tutorial_for(e.id) is not None]:
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


def _quit_note(app):
    from game.app.pause import PauseScene

    press(app, "menu")
    assert isinstance(app.top, PauseScene)
    note = next(it.note for it in app.top.menu.items if it.label == "Quit to menu")
    app.pop()
    return note


def test_a_guided_game_is_kept_once_its_steps_are_over_and_resumes_without_the_guide():
    """Issue 22: after "over to you" a guided game is a real game; it was lost on quit
    while the pause menu said it was saved."""
    from game.app.menus import TitleScene
    from game.app.resume import ResumeScene
    from game.app.table import TableScene
    from game.app.tutorial import Guided

    app, scene = _guided("cheaterchefs")
    assert "not saved" in _quit_note(app), "during the steps nothing is kept: the pause menu says so"
    assert scene.submit(0, {"type": "play", "card": "garlic"})
    run(app, 90)
    assert scene.submit(0, {"type": "pick", "card": "chicken"})
    assert scene.submit(0, {"type": "discard_hand", "cards": ["chicken"]}) and scene.current() is None
    run(app, 90)  # the partner's last replies, then over to you
    assert not scene.held
    games = app.saves.unfinished()[0]
    assert [doc["log"] for _id, doc in games] == [scene.state.log], "kept from the end of the steps"
    assert "is saved" in _quit_note(app)
    app.settings.bot_delay = 0
    deadline = time.monotonic() + 30  # a safety net: the bot thinks in its worker process
    while 0 not in scene.state.actors() and time.monotonic() < deadline:
        run(app, 5)
    assert scene.submit(0, scene.state.legal_actions(0)[0])
    played = scene.state.to_json()
    assert [doc["log"] for _id, doc in app.saves.unfinished()[0]] == [scene.state.log], "saved after every action"
    press(app, "menu")
    menu = app.top.menu
    menu.index = [it.label for it in menu.items].index("Quit to menu")
    press(app, "confirm")
    assert isinstance(app.top, TitleScene) and app.top.menu.items[0].label == "Resume"
    press(app, "confirm")
    assert isinstance(app.top, ResumeScene) and len(app.top.games) == 1
    press(app, "confirm")
    resumed = app.top
    assert isinstance(resumed, TableScene) and not isinstance(resumed, Guided), "the guide is not played again"
    assert resumed.state.to_json() == played and resumed.session.bots is not None
    app.quit()


def test_a_phones_choice_that_is_not_the_step_is_told_the_guides_words():
    """Before TableScene.play, a phone was told the last rule refused (session.error),
    which a guide's refusal never set: "Not allowed: " and nothing after it."""
    from game.input import Control, PlayerEvent
    from game.web.bridge import PhoneTable

    app, scene = _guided("cheaterchefs")
    told: list[tuple[int, str]] = []

    class Server:
        def tell(self, seat: int, text: str) -> None:
            told.append((seat, text))

    phones = PhoneTable(Server(), scene.session.names(), [0])
    ev = PlayerEvent("phone-0", Control.ACTION, True, 0, 0, action={"type": "play", "card": "chicken"})
    assert phones.take(ev, scene.play) and scene.mistakes == 1 and scene.state.log == []
    assert told == [(0, "Not allowed: " + scene.flash_text)] and scene.flash_text, told
    app.quit()
