"""Phones in a real browser (Debian's Chromium) through the arcade itself: the
app's own server, started by Settings > Phones, links opened by the seats
screen, choices applied by the table scene through the session's rules, the
TV's curtain gone; each game's phone page beside the TV at the same moment; a
whole Wok Up game from a phone. The app steps on a thread of its own while
Playwright drives the pages from the test's thread; reads of the game take the
same lock."""

from __future__ import annotations

import io
import json
import random
import threading
import time
from contextlib import contextmanager

import pygame
import pytest

from game.app import catalogue
from game.app.app import App
from game.app.menus import TitleScene
from game.app.table import TableScene
from game.cheaterchefs.data import content as chef_content
from game.wewillwokyou.words import card_text as wok_card

from ..waiting import wait_for
from .phones import Phone
from .test_browser import SHOTS, VIEW_ONLY, prefer_progress, prefer_traps, shot


class RunningApp:
    """The arcade without a window, stepping on a thread as fast as a 1 ms rest between
    steps lets it (a step is ~0.3 ms: game time runs ~10x the wall clock; the rest was 5 ms,
    ~2.7x, and Wok Up's whole game, paced by its looks and throws in game time, took 12 s)."""

    def __init__(self) -> None:
        self.app = App(size=(1280, 720), window=False)
        self.app.phones.host, self.app.phones.port = "127.0.0.1", 0
        self.app.settings.phones = True
        self.app.settings.bot_delay = 0
        self.app.phones.apply_setting()
        self.app.push(TitleScene(self.app))
        self.lock = threading.Lock()
        self.published: dict[int, list[dict]] = {}
        self.curtains = 0  # steps the TV showed a curtain
        self.failure: BaseException | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def seats(self, game_id: str, humans: int, bots: int, **options):
        entry = next(e for e in catalogue.load() if e.id == game_id)
        scene = self.app.open("seats", entry)
        scene.count = humans + bots
        for s, cfg in enumerate(scene.seats[: scene.count]):
            cfg.kind, cfg.level = ("human", cfg.level) if s < humans else ("bot", "random")
        scene.options.update(options)
        scene.seed = 5  # the same deal every run: a failure can be replayed
        return scene

    def start_table(self, scene) -> TableScene:
        with self.lock:
            scene.start()
            table = self.app.top
            assert isinstance(table, TableScene), scene.error
            table.phones.noted = lambda seat, view: self.published.setdefault(seat, []).append(view)
        self._thread = threading.Thread(target=self._run, name="app", daemon=True)
        self._thread.start()
        return table

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                with self.lock:
                    self.app.step()
                    top = self.app.top
                    if isinstance(top, TableScene) and top.curtain_for is not None:
                        self.curtains += 1
                time.sleep(0.001)  # the test's thread takes the lock and the GIL meanwhile
        except BaseException as exc:
            self.failure = exc

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self.app.quit()
        if self.failure is not None:
            raise self.failure


@pytest.fixture
def arcade():
    running = RunningApp()
    yield running
    running.stop()


def joined(arcade, seats) -> None:
    deadline = time.monotonic() + 20  # a busy machine (two test workers, Chromium) is slow to connect
    while not all(arcade.app.phones.state_of(s) == "joined" for s in seats):
        assert time.monotonic() < deadline, "the phones did not join"
        time.sleep(0.02)


def check_frames(phone: Phone, seat: int, published: list[dict]) -> int:
    """Every view the page received is a view the table published for its own seat; how many."""
    views = phone.views()
    assert views
    for frame in views:
        assert frame["seat"] == seat
        assert {k: v for k, v in frame.items() if k not in VIEW_ONLY} == published[frame["v"] - 1]
    assert all(f["type"] in ("welcome", "view", "ping", "sync", "told") for f in phone.frames)
    return len(views)


@contextmanager
def one_phone(browser, arcade, game_id: str):
    """Seat 0 a human on a phone (joined on the seats screen), seat 1 a bot, the table started."""
    scene = arcade.seats(game_id, humans=1, bots=1)
    phone = Phone(browser, arcade.app.phones.urls[0])
    try:
        joined(arcade, (0,))
        table = arcade.start_table(scene)
        phone.wait_view()
        yield phone, table
    finally:
        phone.close()


def tap(phone: Phone, choose, rng) -> bool:
    shown = phone.offers()
    if not shown:
        return False
    legal = phone.views()[-1]["legal"]
    i = choose([], [legal[j] for j, _l, _p in shown], rng)
    try:
        phone.choose(shown[i][0], path=shown[i][2])
    except Exception as exc:  # the view moved on under the finger: tap again next time
        assert "Timeout" in type(exc).__name__, exc
    return True


# (test_browser.py played the same game on MiniTable, the tests' own host, checking the
# same things; this one plays it through the arcade players use, and checks what that one
# added: no choice refused by the rules, each page's own hand, more than five views each.)
def test_two_phones_play_we_will_wok_you_with_a_bot_through_the_arcade(browser, arcade):
    scene = arcade.seats("wewillwokyou", humans=2, bots=1)
    urls = dict(arcade.app.phones.urls)
    phones = {s: Phone(browser, urls[s]) for s in (0, 1)}  # scanned on the seats screen
    try:
        joined(arcade, (0, 1))
        for phone in phones.values():  # joined on the seats screen: the page says so
            phone.page.wait_for_function("() => document.getElementById('status').textContent.length > 0")
            assert phone.text("#status") == arcade.app.phones.server.words["joined"]
        table = arcade.start_table(scene)
        for phone in phones.values():
            phone.wait_view()
        rng = random.Random(3)
        seen_hands = False
        deadline = time.monotonic() + 60
        while True:
            with arcade.lock:
                over = table.state.is_over()
                hands = [list(table.state.hands[0]), list(table.state.hands[1])]
            if over:
                break
            assert arcade.failure is None, arcade.failure
            assert time.monotonic() < deadline, "the game did not end in time"
            for phone in phones.values():
                tap(phone, prefer_progress, rng)
            if not seen_hands and hands[0] and hands[1] and sorted(hands[0]) != sorted(hands[1]):
                phones[0].page.wait_for_timeout(150)
                with arcade.lock:
                    still = [list(table.state.hands[0]), list(table.state.hands[1])] == hands
                if still:  # each page shows its own hand
                    for seat in (0, 1):
                        panel = phones[seat].hand()
                        assert all(wok_card(c) in panel for c in hands[seat]), (panel, hands[seat])
                    seen_hands = True
                    shot(phones[0], "wewillwokyou")  # the page of docs/screenshots/phone (the README's)
                    with arcade.lock:  # the TV meanwhile: the table, no hand, no curtain
                        arcade.app.draw()
                        SHOTS.mkdir(parents=True, exist_ok=True)
                        pygame.image.save(arcade.app.screen, str(SHOTS / "tv-table-wewillwokyou.png"))
        assert seen_hands
        for seat, phone in phones.items():
            phone.page.wait_for_function("() => document.getElementById('status').textContent.includes('!')")
            with arcade.lock:
                assert check_frames(phone, seat, arcade.published[seat]) > 5
            refused = [f["text"] for f in phone.frames if f["type"] == "told" and not f.get("stale")]
            assert not refused, refused  # no choice the page offered was refused by the rules
        with arcade.lock:
            log = table.session.state.log
            from_phones = [e for e in log if e["seat"] in (0, 1)]
            assert table.session.history()[-1]["text"] and len(from_phones) > 10
        assert arcade.curtains == 0  # the TV never showed a curtain
    finally:
        for phone in phones.values():
            phone.close()


def test_a_cheater_chefs_trap_is_aimed_from_a_phone_through_the_arcade(browser, arcade):
    with one_phone(browser, arcade, "cheaterchefs") as (phone, table):
        with arcade.lock:
            dish = chef_content().orders[table.state.orders[0]]["name"]
        assert dish in phone.text()  # the order is on the phone ...
        rng = random.Random(5)
        deadline = time.monotonic() + 40
        aimed = []
        while not aimed:
            assert arcade.failure is None, arcade.failure
            assert time.monotonic() < deadline, "no trap aimed"
            with arcade.lock:
                assert not table.state.is_over(), "the game ended before a trap could be aimed"
                aimed = [e for e in table.state.log if e["seat"] == 0 and "seat" in e["action"]]
            tap(phone, prefer_traps, rng)
        with arcade.lock:
            assert table.viewer is None and table.curtain_for is None  # ... and not on the TV
            check_frames(phone, 0, arcade.published[0])
        assert arcade.curtains == 0


def test_a_relleno_day_of_secret_time_cards_chosen_on_two_phones_through_the_arcade(browser, arcade):
    scene = arcade.seats("relleno", humans=2, bots=1)
    urls = dict(arcade.app.phones.urls)
    phones = {s: Phone(browser, urls[s]) for s in (0, 1)}
    try:
        joined(arcade, (0, 1))
        table = arcade.start_table(scene)
        for phone in phones.values():
            phone.wait_view()
        # Both seats choose at once: each page has its cards to touch at the same time.
        for phone in phones.values():
            phone.page.wait_for_function("() => document.querySelectorAll('.card.next').length > 0")
        shot(phones[0], "relleno")  # the phone page of a Relleno day: the seat's time cards
        first = phones[0].buttons()[0]
        phones[0].choose(first[0])
        deadline = time.monotonic() + 20
        while True:  # the other page learns that seat 0 chose, never what
            view = phones[1].views()[-1]
            if view["observation"]["chosen"][0]:
                break
            assert time.monotonic() < deadline
            phones[1].page.wait_for_timeout(20)
        with arcade.lock:
            secret = table.state.choices[0]
        assert view["observation"]["phase"] == "choose" and secret["card"] not in json.dumps(view)
        assert all(v["observation"]["choice"] is None for v in phones[1].views())  # seat 1 has not chosen yet
        rng = random.Random(9)
        deadline = time.monotonic() + 60
        while True:  # the day is played from the phones to the next one
            with arcade.lock:
                day, over = table.state.day, table.state.is_over()
            if day >= 2 or over:
                break
            assert arcade.failure is None, arcade.failure
            assert time.monotonic() < deadline, f"day {day} not over: {phones[0].views()[-1]['status']}"
            for phone in phones.values():
                tap(phone, lambda _l, legal, r: r.randrange(len(legal)), rng)
        for seat, phone in phones.items():
            with arcade.lock:
                check_frames(phone, seat, arcade.published[seat])
        assert arcade.curtains == 0
    finally:
        for phone in phones.values():
            phone.close()


def test_a_yatai_player_sees_their_stall_and_plays_their_turns_on_a_phone_through_the_arcade(browser, arcade):
    with one_phone(browser, arcade, "yatai") as (phone, table):
        rng = random.Random(5)
        deadline = time.monotonic() + 30
        photographed = False
        while True:  # the setup and two rounds, every choice of seat 0 tapped on the phone
            with arcade.lock:
                state = table.state
                if state.round > 2 or state.is_over():
                    break
                sliding = state.phase == "tile" and state.turn == 0 and not state.pending
            assert arcade.failure is None, arcade.failure
            assert time.monotonic() < deadline, f"round {state.round} not over: {phone.views()[-1]['status']}"
            if sliding and not photographed:
                if not phone.buttons():  # this turn's view is on its way: nothing is tapped before the photo
                    phone.page.wait_for_timeout(20)
                    continue
                assert "Queue" in phone.text("#panels")  # the seat's stall, part by part
                shot(phone, "yatai")  # the phone page of a Yatai turn: the stall, the tiles to slide in
                photographed = True
            tap(phone, lambda _l, legal, r: r.randrange(len(legal)), rng)
        assert photographed
        with arcade.lock:
            assert any(e["seat"] == 0 and e["action"]["type"] == "insert" for e in table.state.log)
            check_frames(phone, 0, arcade.published[0])
        assert arcade.curtains == 0


# ---- issue 28: each game's phone page beside the TV at the same moment ----------------
# Seat 0 on a phone plays a few turns by touching its cards (Wok Up: the pad waits
# for a slap), then the TV is drawn and the page photographed under the same lock,
# side by side in $WOK_SCREENSHOTS/<game>-<lang>.png, in English and one other language.
PHONE_GAMES = [
    ("relleno", "fr", 4),
    ("cheaterchefs", "de", 2),
    ("wewillwokyou", "es", 4),
    ("yatai", "it", 6),
    ("wokup", "nl", 0),
]
PHONE_SIZE = {"width": 360, "height": 640}


def side_by_side(tv: pygame.Surface, phone_png: bytes, out: str) -> None:
    """The TV scaled to the phone's height, the phone at its right."""
    phone = pygame.image.load(io.BytesIO(phone_png), "phone.png")
    h = phone.get_height()
    w = round(tv.get_width() * h / tv.get_height())
    sheet = pygame.Surface((w + 16 + phone.get_width(), h))
    sheet.fill((30, 23, 18))
    sheet.blit(pygame.transform.smoothscale(tv, (w, h)), (0, 0))
    sheet.blit(phone, (w + 16, 0))
    pygame.image.save(sheet, out)


@pytest.mark.parametrize(("game", "other", "turns"), PHONE_GAMES)
@pytest.mark.parametrize("english", [True, False], ids=["en", "other"])
def test_a_phone_page_beside_the_tv_at_the_same_moment(browser, arcade, game, other, turns, english):
    lang = "en" if english else other
    arcade.app.set_language(lang)
    try:
        scene = arcade.seats(game, humans=1, bots=1)
        phone = Phone(browser, arcade.app.phones.urls[0], viewport=PHONE_SIZE, locale=lang)
        try:
            joined(arcade, (0,))
            arcade.start_table(scene)
            phone.wait_view()
            phone.page.wait_for_function("() => window.wok.state.picturesLoaded > 0", timeout=10000)
            rng = random.Random(2)
            done, deadline = 0, time.monotonic() + 40
            while done < turns:
                assert arcade.failure is None, arcade.failure
                assert time.monotonic() < deadline, phone.views()[-1]["status"]
                offers = phone.wait_offers()
                if not offers:  # nothing yet (the bot's turn): look at the deadline and wait again
                    continue
                touchable = [o for o in offers if o[2]] or offers
                try:
                    phone.choose(rng.choice(touchable)[0])
                    done += 1
                except Exception as exc:  # the view moved on under the finger
                    assert "Timeout" in type(exc).__name__, exc
            # The moment: wait for the seat's turn with cards to touch, lift one, draw both.
            while game != "wokup":
                assert time.monotonic() < deadline, phone.views()[-1]["status"]
                first = next((path for _i, _l, path in phone.wait_offers() if path), None)
                if first:
                    try:
                        phone.page.tap(f'.card[data-key="{first[0]}"]', timeout=1500)
                        break
                    except Exception as exc:  # the view moved on under the finger
                        assert "Timeout" in type(exc).__name__, exc
                    phone.page.wait_for_timeout(30)  # (a new view is coming: not the same tap again at once)
            SHOTS.mkdir(parents=True, exist_ok=True)
            with arcade.lock:
                assert isinstance(arcade.app.top, TableScene)
                arcade.app.draw()
                tv = arcade.app.screen.copy()
                shot_png = phone.page.screenshot()
            side_by_side(tv, shot_png, str(SHOTS / f"{game}-{lang}.png"))
            assert arcade.curtains == 0  # the seat's private world is on the phone, not on the TV
        finally:
            phone.close()
    finally:
        arcade.app.set_language("en")


@pytest.mark.parametrize(  # the small phone upright, the tall one on its side (its pad test: the others)
    "viewport", [{"width": 360, "height": 640}, {"width": 915, "height": 412}], ids=["360x640", "915x412"]
)
def test_a_whole_wok_up_game_is_played_from_a_phone_by_touching_its_decks(browser, arcade, viewport):
    """Wok Up's quick game (three recipes to win), seat 0 on a phone: it touches the deck of a
    complete recipe it sees on the table (the test reads the table as a player's eye
    would), or the deck it takes or turns when it is its pick; a bot plays the other seat."""
    scene = arcade.seats("wokup", humans=1, bots=1, target=3)
    phone = Phone(browser, arcade.app.phones.urls[0], viewport=viewport)
    try:
        joined(arcade, (0,))
        table = arcade.start_table(scene)
        phone.wait_view()
        deadline = time.monotonic() + 90
        presses = 0
        while True:
            assert arcade.failure is None, arcade.failure
            assert time.monotonic() < deadline, f"not over: {phone.views()[-1]['status']}"
            with arcade.lock:
                state = table.state
                if state.is_over():
                    break
                complete = state.complete_decks() if state.phase == "look" and not state.out[0] else []
                mine = state.phase == "pick" and state.picks and state.picks[0]["seat"] == 0
                picks = [a["deck"] for a in state.legal_actions(0) if "deck" in a] if mine else []
            deck = complete[0] if complete else picks[0] if picks else None
            if deck is None:
                phone.page.wait_for_timeout(50)
                continue
            with arcade.lock:
                before = len(table.state.log)
            phone.page.tap(f'[data-control="deck{deck}"]')
            presses += 1

            def answered(before=before) -> bool:  # its claim window closed and resolved, or the game moved on
                with arcade.lock:
                    s = table.state
                    return s.is_over() or (len(s.log) > before and not s.claims)

            wait_for(answered, 30, "the table's answer to the press")  # (was a fixed 400 ms)
        with arcade.lock:
            won = [len(w) for w in table.state.won]
        print(f"wok up, quick game: {presses} touches from the phone, recipes won {won}")
        assert presses and max(won) >= 3
        assert arcade.curtains == 0
    finally:
        phone.close()
