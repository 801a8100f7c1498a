"""Phones through the app, with Python phones on loopback (the real browser is in
tests/web/test_app_browser.py): the settings switch, links opened by the seats
screen, choices through the session's rules, no curtain once every hand is on
a phone, the TV's confirmation of a take-over, the away marker, and every link
ended by a new game or going back to the title."""

import asyncio
import threading
import time

import pytest

from game.app import catalogue
from game.app.app import App
from game.app.menus import SettingsScene
from game.app.phones import TakeoverScene
from game.app.seats import SeatsScene
from game.app.table import TableScene
from game.web.fakephone import FakePhone

from .drive import press, run


class Loop:
    """An asyncio loop on a thread, for the Python phones, while the test steps the app."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def __call__(self, coro, timeout: float = 10):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


pytestmark = pytest.mark.app(phones=True, opens="title")


@pytest.fixture
def loop():
    lp = Loop()
    yield lp
    lp.stop()


def phones_on(app) -> None:
    """Settings > Phones, as a player switches it on."""
    scene = app.open("settings")
    assert isinstance(scene, SettingsScene) and app.settings.phones is False and not app.phones.on
    scene.menu.index = next(i for i, it in enumerate(scene.menu.items) if it.label == "Phones")
    press(app, "confirm")
    assert app.settings.phones and app.phones.on
    press(app, "back")


def seats_for(app, game_id: str) -> SeatsScene:
    entry = next(e for e in catalogue.load() if e.id == game_id)
    return app.open("seats", entry)


def until(app, loop, done, seconds: float = 20) -> None:
    """Step the app (and let the phones' messages arrive) until `done()`; the bots
    think in a worker process, slower on a busy machine."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        run(app)
        loop(asyncio.sleep(0.005))


def test_two_phones_join_from_the_seats_screen_and_play_through_the_rules(app, loop):
    phones_on(app)
    seats = seats_for(app, "wewillwokyou")
    seats.count = 3
    seats.seats[1].kind = "human"  # Ana and Bao on phones, Chloé a bot
    urls = app.phones.urls
    assert sorted(urls) == list(range(seats.entry.players[1])) and all(
        u.startswith(app.phones.server.base_url) for u in urls.values()
    )
    app.draw()  # the QR codes are drawn: one cached code per human seat
    assert {k[0] for k in app.phones._qr} == {urls[0], urls[1]}
    a, b = FakePhone(urls[0], "dev-a"), FakePhone(urls[1], "dev-b")
    loop(a.connect())
    loop(b.connect())
    until(app, loop, lambda: app.phones.state_of(0) == app.phones.state_of(1) == "joined")
    seats.start()
    table = app.top
    assert isinstance(table, TableScene) and table.phones is not None
    assert table.curtain_for is None and table.viewer is None  # both hands are on phones: no curtain
    app.settings.bot_delay = 0
    pair = (a, b)

    def phone_to_act():
        state = table.state
        if state.is_over() or state.turn not in (0, 1):
            return False
        views = pair[state.turn].of("view")
        return bool(views) and bool(views[-1]["legal"]) and len(views[-1]["turn"]) == 1

    for _turn in range(6):  # six choices from the phones, the bot playing between them
        until(app, loop, phone_to_act)
        view = pair[table.state.turn].of("view")[-1]
        before = len(table.state.log)
        loop(pair[table.state.turn].send({"type": "act", "v": view["v"], "i": 0}))
        until(app, loop, lambda before=before: len(table.state.log) > before)
        assert table.session.history()[-1]["seat"] in (0, 1)
    for seat, phone in ((0, a), (1, b)):
        for view in phone.of("view"):
            assert view["seat"] == seat and view["observation"].get("hand") is not None
    assert table.curtain_for is None
    loop(a.close())
    loop(b.close())


def test_take_over_needs_the_tv_and_a_seat_without_phone_keeps_its_curtain(app, loop):
    phones_on(app)
    seats = seats_for(app, "cheaterchefs")
    seats.count = 2
    seats.seats[1].kind = "human"
    seats.options["first_seat"] = 1  # Bao, who has no phone, cooks first
    a = FakePhone(app.phones.urls[0], "dev-a")
    loop(a.connect())
    until(app, loop, lambda: app.phones.state_of(0) == "joined")
    seats.start()
    table = app.top
    run(app)
    # Bao has no phone: when Bao is to play, the TV passes the screen to Bao ...
    assert table.state.actors() == [1] and table.curtain_for == 1
    press(app, "confirm", seat=1)
    assert table.viewer == 1
    table.submit(1, table.state.legal_actions(1)[0])
    run(app)
    # ... and when Ana is, whose hand is on her phone, the TV shows the table only.
    assert table.state.actors() == [0] and table.curtain_for is None and table.viewer is None
    thief = FakePhone(app.phones.urls[0], "dev-thief")
    loop(thief.connect())
    until(app, loop, lambda: isinstance(app.top, TakeoverScene))
    assert app.top.seat == 0 and "Ana" in app.top.seat_name
    assert not thief.of("view")
    app.draw()
    press(app, "confirm")  # the TV allows it
    assert app.top is table
    loop(thief.wait_for("welcome"))
    loop(a.wait_for("bye"))
    assert a.of("bye")[-1]["reason"] == "taken-over"
    late = FakePhone(app.phones.urls[0], "dev-c")
    loop(late.connect())
    until(app, loop, lambda: isinstance(app.top, TakeoverScene))
    press(app, "back")  # the TV refuses this one
    loop(late.wait_for("bye"))
    assert late.of("bye")[-1]["reason"] == "takeover-refused" and app.top is table
    loop(late.close())
    loop(thief.close())
    until(app, loop, lambda: app.phones.state_of(0) == "away")
    app.draw()  # the TV marks it (draw_away)
    loop(a.close())


def test_a_new_game_and_the_title_end_every_link(app, loop):
    phones_on(app)
    seats = seats_for(app, "wewillwokyou")
    old = app.phones.urls[0]
    seats.start()
    phone = FakePhone(old, "dev-a")
    loop(phone.connect())
    loop(phone.wait_for("welcome"))
    app.restart_at("title")  # quit to the menu (and a kiosk reset) ends the game's links
    loop(phone.wait_for("bye"))
    late = FakePhone(old, "dev-b")
    loop(late.connect())
    assert loop(late.wait_for("refused"))["reason"] == "old-game"
    seats = seats_for(app, "wewillwokyou")
    assert app.phones.urls[0] != old
    seats.start()
    again = FakePhone(app.phones.urls[0], "dev-a")
    loop(again.connect())
    until(app, loop, lambda: again.of("view"))
    for p in (phone, late, again):
        loop(p.close())


def test_phones_are_off_by_default_and_a_table_has_none(app):
    assert app.settings.phones is False and not app.phones.on
    seats = seats_for(app, "wewillwokyou")
    assert app.phones.urls == {}
    seats.start()
    assert app.top.phones is None


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_each_code_on_the_tv_is_its_seat_link_module_for_module(size):
    """Read back from the screen: every module of each drawn code is its link's."""
    from game.web import qr

    app = App(size=size, window=False)
    app.phones.host, app.phones.port = "127.0.0.1", 0
    app.settings.phones = True
    app.phones.apply_setting()
    try:
        seats = seats_for(app, "cheaterchefs")
        for cfg in seats.seats:
            cfg.kind = "human"
        seats.count = 6
        app.draw()
        assert sorted(app.phones.drawn) == list(range(6))
        for seat, rect in app.phones.drawn.items():
            rows = qr.matrix(app.phones.urls[seat])
            n = len(rows)
            module = rect.width // n
            assert rect.width == module * n and module >= 2  # whole pixels per module, at least two
            read = [
                [
                    sum(app.screen.get_at((rect.x + c * module + module // 2, rect.y + r * module + module // 2))[:3])
                    < 384
                    for c in range(n)
                ]
                for r in range(n)
            ]
            assert read == rows
    finally:
        app.quit()


def test_wok_up_presses_from_a_phone_reach_the_scene_as_its_seat(app, loop, monkeypatch):
    phones_on(app)
    seats = seats_for(app, "wokup")
    seats.count = 2
    seats.seats[1].kind = "human"
    seats.start()
    table = app.top
    pressed = []
    monkeypatch.setattr(table, "act", lambda seat, control, t, u=0: pressed.append((seat, control, u)))
    phone = FakePhone(app.phones.urls[1], "dev-b")
    loop(phone.connect())
    until(app, loop, lambda: phone.of("view") and phone.of("view")[-1]["mode"] == "pads")
    loop(phone.press("deck3"))
    loop(phone.press("wokup"))
    until(app, loop, lambda: len(pressed) == 2)
    assert [(s, c) for s, c, _u in pressed] == [(1, "deck3"), (1, "wokup")]
    assert all(u > 0 for _s, _c, u in pressed)  # each with the phone clock's bound
    loop(phone.close())


def test_the_buzzer_test_shows_each_phone_pad_with_its_clock_bound(app, loop):
    from game.app.buzzers import BuzzerTestScene

    phones_on(app)
    scene = app.open("buzzer-test")
    assert isinstance(scene, BuzzerTestScene)
    phone = FakePhone(app.phones.urls[2], "dev-c", step_ms=0.1)
    loop(phone.connect())
    until(app, loop, lambda: phone.of("view") and app.phones.server.clock_bound_ns(2) is not None)
    assert phone.of("view")[-1]["mode"] == "pads"
    assert app.phones.bound_caption(2)[0].startswith("clock ±")
    app.draw()
    loop(phone.press("deck1"))
    until(app, loop, lambda: scene.last.startswith("Phone 3: deck1"))
    press(app, "back")
    loop(phone.wait_for("bye"))  # leaving the test ends its links
    loop(phone.close())


def test_a_port_in_use_leaves_phones_off_and_says_so(app):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        app.phones.port = taken.getsockname()[1]
        scene = app.open("settings")
        scene.menu.index = next(i for i, it in enumerate(scene.menu.items) if it.label == "Phones")
        press(app, "confirm")
        assert not app.phones.on and app.settings.phones is False
        assert str(app.phones.port) in app.notice


def test_play_again_makes_new_links_and_the_tv_shows_their_codes(app, loop):
    from game.app.phones import LinksScene
    from game.app.results import ResultsScene

    phones_on(app)
    seats = seats_for(app, "wewillwokyou")
    seats.count, seats.seats[1].kind = 2, "human"
    old = dict(app.phones.urls)
    seats.start()
    run(app)
    assert not isinstance(app.top, LinksScene)  # the seats screen showed these codes already
    phone = FakePhone(old[0], "dev-a")
    loop(phone.connect())
    loop(phone.wait_for("welcome"))
    results = ResultsScene(app, app.top.session)
    app.replace(results)
    results._again()  # "Play again"
    run(app)
    assert isinstance(app.top, LinksScene)
    assert sorted(app.phones.urls) == [0, 1] and app.phones.urls[0] != old[0]
    assert loop(phone.wait_for("bye"))["reason"] == "new-game"
    app.draw()
    press(app, "confirm")
    assert isinstance(app.top, TableScene)
    loop(phone.close())


def test_a_phone_choice_the_rules_refuse_tells_the_phone_the_rule(app, loop):
    """The table moved on between the tap and its turn in the queue (here the TV
    played for the seat first): the rules refuse the phone's choice and the phone
    is told which rule, as the TV would flash it."""
    phones_on(app)
    app.settings.bot_delay = 10  # the bot stays out of the way
    seats = seats_for(app, "cheaterchefs")
    seats.count = 2
    seats.options["first_seat"] = 0
    seats.start()
    table = app.top
    phone = FakePhone(app.phones.urls[0], "dev-a")
    loop(phone.connect())
    until(app, loop, lambda: phone.of("view") and phone.of("view")[-1]["legal"])
    view = phone.of("view")[-1]
    events = app.phones.server.stats().get("events", 0)
    loop(phone.send({"type": "act", "v": view["v"], "i": 0}))
    deadline = time.monotonic() + 5
    while app.phones.server.stats().get("events", 0) == events:  # queued, not yet handled
        assert time.monotonic() < deadline
        loop(asyncio.sleep(0.005))
    assert table.submit(0, view["legal"][-1])  # the TV plays for seat 0 first
    run(app)
    told = loop(phone.wait_for("told"))
    assert told["text"].startswith("Not allowed: ") and told["text"] == table.flash_text  # the TV flashed the rule
    assert [e["seat"] for e in table.state.log] == [0]
    loop(phone.close())


# ---- a phone's move is never lost (issue 23) -------------------------------------------
def phone_game(app, loop, game_id: str = "cheaterchefs", humans: int = 1) -> tuple[TableScene, FakePhone]:
    """A table whose seat 0 plays from a phone (and whose bot waits), the phone
    showing a view with moves to choose."""
    phones_on(app)
    app.settings.bot_delay = 10  # the bot stays out of the way
    seats = seats_for(app, game_id)
    seats.count = 2
    seats.seats[1].kind = "human" if humans == 2 else "bot"
    if "first_seat" in seats.options:
        seats.options["first_seat"] = 0
    seats.start()
    table = app.top
    assert isinstance(table, TableScene)
    phone = FakePhone(app.phones.urls[0], "dev-a")
    loop(phone.connect())
    until(app, loop, lambda: phone.of("view") and phone.of("view")[-1]["legal"])
    return table, phone


def send_move(app, loop, phone: FakePhone, i: int = 0) -> dict:
    """The phone chooses from its latest view; returns once the server passed it on."""
    view = phone.of("view")[-1]
    events = app.phones.server.stats().get("events", 0)
    loop(phone.send({"type": "act", "v": view["v"], "i": i}))
    deadline = time.monotonic() + 10
    while app.phones.server.stats().get("events", 0) == events:
        assert time.monotonic() < deadline, "the server never passed the move on"
        loop(asyncio.sleep(0.005))
    return view


def covered_move_waits(app, loop, table, phone, cover, uncover, seat_phone=None) -> None:
    """A move sent while `cover()` put something over the table waits (not played,
    not lost); after `uncover()` it is played and the seat's phone (`seat_phone`,
    by default the one that moved) has the next view."""
    cover()
    covering = app.top
    assert covering is not table
    view = send_move(app, loop, phone)
    run(app, 5)
    assert table.state.log == [] and app.top is covering  # not played under the cover ...
    uncover()
    until(app, loop, lambda: len(table.state.log) == 1)  # ... and not lost
    assert table.state.log[0]["seat"] == 0 and table.state.log[0]["action"] == view["legal"][0]
    seat_phone = seat_phone or phone
    until(app, loop, lambda: seat_phone.of("view") and seat_phone.of("view")[-1]["v"] > view["v"])
    assert not phone.of("told") and not seat_phone.of("told")  # never "The table moved on"


def test_a_phone_move_under_the_pause_menu_is_played_on_resume(app, loop):
    from game.app.pause import PauseScene

    table, phone = phone_game(app, loop)
    covered_move_waits(
        app, loop, table, phone, lambda: press(app, "menu"), lambda: press(app, "back")
    )  # menu opens the pause, back resumes
    assert isinstance(app.top, TableScene) and not isinstance(app.top, PauseScene)
    loop(phone.close())


def test_a_phone_move_under_the_take_over_question_is_played_once_answered(app, loop):
    table, phone = phone_game(app, loop)
    thief = FakePhone(app.phones.urls[0], "dev-thief")

    def ask() -> None:
        loop(thief.connect())
        until(app, loop, lambda: isinstance(app.top, TakeoverScene))

    covered_move_waits(app, loop, table, phone, ask, lambda: press(app, "confirm"), thief)  # the TV allows it
    assert loop(phone.wait_for("bye"))["reason"] == "taken-over"  # its move played all the same
    for p in (phone, thief):
        loop(p.close())


def test_a_phone_move_under_play_again_s_codes_is_played_once_every_phone_joined(app, loop):
    from game.app.phones import LinksScene
    from game.app.results import ResultsScene

    phones_on(app)
    app.settings.bot_delay = 10
    seats = seats_for(app, "cheaterchefs")
    seats.count, seats.seats[1].kind = 2, "human"
    seats.options["first_seat"] = 0
    seats.start()
    results = ResultsScene(app, app.top.session)
    app.replace(results)
    results._again()  # "Play again": new links, their codes over the new table
    run(app)
    assert isinstance(app.top, LinksScene)
    table = app.scenes[-2]
    a = FakePhone(app.phones.urls[0], "dev-a")
    loop(a.connect())
    until(app, loop, lambda: a.of("view") and a.of("view")[-1]["legal"])
    b = FakePhone(app.phones.urls[1], "dev-b")  # Bao still scanning: the codes stay up ...

    def b_joins() -> None:  # ... until the last phone joined: then they give way by themselves
        loop(b.connect())
        until(app, loop, lambda: not isinstance(app.top, LinksScene))

    covered_move_waits(app, loop, table, a, lambda: None, b_joins)
    for p in (a, b):
        loop(p.close())


def test_a_phone_move_answers_a_cover_any_press_lifts_and_is_played(app, loop):
    """Kiosk mode's "Still playing?" goes at any press: a phone's move is one (it is
    a player there), and the move is played, not kept back behind a cover now gone."""
    from game.app.scene import Scene

    class AnyPress(Scene):
        overlay = True

        def handle(self, ev):
            if ev.pressed:
                self.app.pop()

        def draw(self, surf):
            pass

    table, phone = phone_game(app, loop)
    app.push(AnyPress(app))
    view = send_move(app, loop, phone)
    run(app)
    assert app.top is table and [e["action"] for e in table.state.log] == [view["legal"][0]]
    loop(phone.close())


def test_a_phone_move_behind_another_seat_s_curtain_is_played_at_once(app, loop):
    """Relleno's cooks choose together: Bao's curtain is up on the TV, Ana chooses on her phone."""
    table, phone = phone_game(app, loop, "relleno", humans=2)
    run(app)
    assert table.curtain_for == 1 and 0 in table.state.actors()
    before = len(table.state.log)
    send_move(app, loop, phone)
    until(app, loop, lambda: len(table.state.log) > before)
    assert table.state.log[-1]["seat"] == 0 and table.curtain_for == 1
    loop(phone.close())


def test_a_phone_move_no_table_takes_is_refused_with_its_view_and_may_be_sent_again(app, loop):
    from game.app.results import ResultsScene

    table, phone = phone_game(app, loop)
    app.replace(ResultsScene(app, table.session))  # the table is gone, its links still open
    views = len(phone.of("view"))
    send_move(app, loop, phone)
    run(app)
    told = loop(phone.wait_for("told"))
    assert told["text"] == "The table moved on: choose again."
    until(app, loop, lambda: len(phone.of("view")) > views)  # the latest view again: the phone may choose
    seen = len(phone.received)
    send_move(app, loop, phone)  # not refused as a second move from the same view: the first was answered
    run(app)
    loop(phone.wait_for("told", after=seen))
    assert table.state.log == []
    loop(phone.close())
