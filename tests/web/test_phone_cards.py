"""The phone page drawn with the arcade's pictures (issue 28): the pictures'
route, the items and paths every game's hook gives, and in Chromium each game
played from a phone by touching cards (not by reading button text) at phone
sizes, with axe-core's accessibility check on each page. Screenshots go to
$WOK_SCREENSHOTS (a temporary folder by default; `WOK_SCREENSHOTS=docs/screenshots/phone`
refreshes the ones in the repository)."""

from __future__ import annotations

import gzip
import importlib
import random
import re
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from game import i18n
from game.cheaterchefs import GAME as CHEFS
from game.engine import SYSTEM, picking
from game.media import manifest as M
from game.web import pictures
from game.web.host import MiniTable
from game.web.views import build_view, page_words
from game.wewillwokyou import GAME as WWWY

from .phones import Phone
from .test_browser import SHOTS

NAMES = ["Ana", "Bao", "Chloé"]
WEB = Path(__file__).parents[2] / "game" / "web"
TURN_GAMES = {
    "relleno": ("game.relleno.rules", "RellenoState"),
    "cheaterchefs": ("game.cheaterchefs.rules", "ChefsState"),
    "wewillwokyou": ("game.wewillwokyou.rules", "WokState"),
    "yatai": ("game.yatai.rules", "YataiState"),
}
PORTRAIT, TALL, LANDSCAPE = {"width": 360, "height": 640}, {"width": 412, "height": 915}, {"width": 640, "height": 360}
TALL_ON_ITS_SIDE = {"width": 915, "height": 412}


def new_state(game: str, seed: int, options=None):
    module, cls = TURN_GAMES[game]
    return getattr(importlib.import_module(module), cls)(3, options, seed=seed)


def get(url: str, headers: dict | None = None):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


# ---- the pictures' route --------------------------------------------------------------
def test_a_games_pictures_come_in_one_cacheable_sheet_and_nothing_else_is_served(server):
    manifest = M.load()
    for game in sorted(pictures.games()):
        status, headers, body = get(f"{server.base_url}/pictures/{game}.css", {"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip", (game, status)
        assert "immutable" in headers["Cache-Control"] and headers["Content-Type"].startswith("text/css")
        css = gzip.decompress(body).decode()
        ids = {p.id for p in manifest.pictures.values() if p.game == game}
        assert all(f'[data-pic="{i}"]' in css for i in ids), game
        assert css.count("data:image/png;base64,") == len({manifest.resolve(i).id for i in ids})
        print(f"{game}: {len(ids)} pictures, {len(body)} bytes gzipped, {len(css)} plain")
    status, headers, _b = get(f"{server.base_url}/pictures/relleno.css", {"If-None-Match": headers["ETag"]})
    assert status in (200, 304)
    for bad in ("nope.css", "common.css", "..%2Fserver.css", "relleno.png", "twemoji/relleno.back.png", "%2e%2e.css"):
        status, _h, body = get(f"{server.base_url}/pictures/{bad}")
        assert status == 404 and b"PNG" not in body, bad


# ---- the items and paths of every game's view ----------------------------------------
# The page's own pictures for controls (engine.phone.control), drawn by its style sheet.
PAGE_PICTURES = set(re.findall(r'data-pic="(ui\.[a-z]+)"', (WEB / "static" / "style.css").read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", sorted(TURN_GAMES))
def test_every_legal_action_is_reachable_by_touching_a_drawn_card_or_control(game):
    """Random play: in every view of every seat, each item has a key, a text
    alternative and a picture of the game's sheet (or the page's own, for controls);
    keys are unique; every action has a path, naming only drawn items (actions sharing
    a path are told apart in the tray by their labels)."""
    rng = random.Random(3)
    state = new_state(game, seed=2)
    sheet = pictures.sheet(game)
    assert sheet is not None
    touched = 0
    for _step in range(150):
        if state.is_over():
            break
        for seat in range(3):
            view = build_view(state, seat, NAMES)
            items = [it for p in view["panels"] for it in p["items"] if isinstance(it, dict)]
            keys = [it["key"] for it in items]
            assert len(keys) == len(set(keys)), keys
            for it in items:
                assert it["alt"], it
                assert not it["pic"] or it["pic"] in sheet.ids or it["pic"] in PAGE_PICTURES, it["pic"]
                assert all(m in sheet.ids for m in it["marks"]), it["marks"]
            for action, path in zip(view["legal"], view["paths"], strict=True):
                assert path and all(k in keys for k in path), (action, path, keys)  # none left a text button
            drawn = [tuple(p) for p in view["paths"] if p]
            touched += len(drawn)
            assert view["pictures"].startswith(f"/pictures/{game}.css?v=")
        actors = [s for s in state.actors() if s != SYSTEM] or state.actors()
        seat = actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert touched > 20  # most choices are touched, not read


# ---- in Chromium: games played from a phone by touch --------------------------------
def run_axe(phone: Phone, axe_script: str) -> list[dict]:
    phone.page.add_script_tag(content=axe_script)
    result = phone.page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["html"][:120] for n in v["nodes"][:3]]}
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


UNDO = set(picking.STEPS) - {"pick"}  # a card put back, a choice started again


def pick_offer(offers: list, legal: list[dict], seen: set[str], rng: random.Random):
    """The choice a player makes on the phone: a kind of move it has not made yet if the
    page offers one (every kind the game reaches is touched, and early), else mostly one
    on the cards (not a control such as a restock or a pass), and an undo only now and
    then (a random undo half the time made Relleno's fills rare: 160 choices a game)."""

    def kind(offer) -> str:
        return legal[offer[0]]["type"] if offer[0] < len(legal) else ""

    fresh = [o for o in offers if kind(o) not in seen]
    if fresh:
        return rng.choice(fresh)
    if rng.random() > 0.25:
        offers = [o for o in offers if kind(o) not in UNDO] or offers
    on_cards = [o for o in offers if not o[2][0].startswith("do:")]
    return rng.choice(on_cards) if on_cards and rng.random() < 0.9 else rng.choice(offers)


def play_by_touch(phone: Phone, state, table: MiniTable, seat: int, moves: int, deadline_s: float) -> int:
    """Seat `seat` chooses `moves` times (or to the end) by touching its cards; bots play the rest."""
    rng = random.Random(5)
    done, touched = 0, 0
    deadline = time.monotonic() + deadline_s
    while done < moves:
        with table._lock:
            if state.is_over():
                break
            seen = {a["type"] for s, a, _t in table.applied if s == seat}
        assert time.monotonic() < deadline, f"stuck: {phone.views()[-1]['status']}"
        assert table.failure is None, table.failure
        offers = phone.wait_offers()
        if not offers:  # the game ended, or the bots are still at it: look at the table again
            continue
        assert all(path for _i, _l, path in offers), f"a choice left as a text button: {offers}"
        i, _label, path = pick_offer(offers, phone.views()[-1]["legal"], seen, rng)
        try:
            phone.choose(i, rng=rng, path=path)  # a fill's or a discard's cards in any order
        except Exception as exc:  # the view moved on under the finger: touch again
            assert "Timeout" in type(exc).__name__, exc
            continue
        done += 1
        touched += bool(path)
    return touched


OPTIONS = {"cheaterchefs": {"round_limit": 6}}  # the game's own short-game option: a bounded test
# The other seats' bots: random, but at Relleno the easy bot. Random bots there seldom fill a
# recipe, so the book empties slowly: 25 days, 110-190 choices from the phone that repeat the
# same kinds of move (each ~0.15 s of touches). Easy bots end it in ~15 days (the phone:
# ~45 choices, every kind still reached); the phone's page is the same whoever the bots are.
BOTS = {"relleno": "easy"}


@contextmanager
def phone_game(browser, server, events, game: str, viewport: dict, lang: str, seed: int = 7):
    """Seat 0 on a phone (in `lang`, at `viewport`), seats 1 and 2 bots (BOTS), the table running."""
    i18n.set_language(lang)
    server.set_words(page_words())  # as the arcade does after a change of language
    module = importlib.import_module(f"game.{game}")
    state = new_state(game, seed=seed, options=OPTIONS.get(game))
    urls = server.new_game([0])
    bots = {s: module.GAME.make_bot(BOTS.get(game, "random")) for s in (1, 2)}
    table = MiniTable(state, NAMES, server, events, bots=bots).start()
    phone = Phone(browser, urls[0], viewport=viewport, locale=lang, axe=True)
    try:
        phone.wait_view()
        phone.page.wait_for_function("() => window.wok.state.picturesLoaded > 0", timeout=10000)
        yield phone, state, table
        assert not phone.errors, phone.errors
    finally:
        table.stop()
        phone.close()
        i18n.set_language("en")


def lift_a_card(phone: Phone, wait_s: float = 10.0) -> bool:
    """Touch the first card of a choice the page offers, waiting for the seat's turn
    (it lifts, its choice goes to the tray); False if none came (the game ended)."""
    deadline = time.monotonic() + wait_s
    while (first := next((path for _i, _l, path in phone.offers() if path), None)) is None:
        if time.monotonic() > deadline or phone.page.evaluate("() => window.wok.state.view.over"):
            return False
        phone.page.wait_for_timeout(30)
    try:
        phone.lifted = None  # (touched here, not by choose: read the page again)
        phone.page.tap(f'.card[data-key="{first[0]}"]', timeout=1500)
        phone.page.wait_for_selector(".card.lifted", timeout=1500)
    except Exception as exc:  # the view moved on under the finger
        assert "Timeout" in type(exc).__name__, exc
        return False
    return True


def check_page(phone: Phone, axe_script: str, name: str) -> None:
    """Thumb-sized controls, nothing wider than the screen, no serious axe-core violation."""
    small = phone.page.evaluate(
        "() => Array.from(document.querySelectorAll('button:not([disabled])'))"
        ".map(b => b.getBoundingClientRect()).filter(r => r.width > 0 && (r.width < 47.5 || r.height < 47.5))"
        ".length"
    )
    assert small == 0, f"{name}: {small} controls smaller than 48 px"
    overflow = phone.page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: the page is {overflow} px wider than the screen"
    violations = run_axe(phone, axe_script)
    assert not violations, (name, violations)


# Both phone sizes, each held upright and on its side: each turn game in two of the
# four, each of the four seeing two games (8 whole games, not 16; Wok Up's whole game
# is test_app_browser's, at 360x640 and 915x412). Each size plays its own deal. A game at
# a size the page test photographs (412x915, 640x360) plays in that photograph's language
# and takes it after four choices: that test then has only the other two games (it played
# the same four choices in a game of its own).
PHONES = {"360x640": PORTRAIT, "640x360": LANDSCAPE, "412x915": TALL, "915x412": TALL_ON_ITS_SIDE}
PHOTOGRAPHED = {"412x915", "640x360"}
WHOLE_GAMES = [
    ("relleno", "360x640", "en"),
    ("relleno", "915x412", "en"),
    ("cheaterchefs", "360x640", "en"),
    ("cheaterchefs", "915x412", "en"),
    ("wewillwokyou", "640x360", "fr"),
    ("wewillwokyou", "412x915", "es"),
    ("yatai", "412x915", "it"),
    ("yatai", "640x360", "de"),
]


def photograph(phone: Phone, state, axe_script: str, game: str, viewport: dict, lang: str) -> None:
    """The page mid-game with a card lifted, in `lang`, saved to SHOTS and checked."""
    if lift_a_card(phone):  # the photograph shows the card lifted
        phone.page.locator(".card.lifted").first.scroll_into_view_if_needed()
    else:  # the game ended, or this choice has only buttons (a restock, a bonus fill's skip)
        assert state.is_over() or phone.buttons()
    name = f"{game}-{lang}-{viewport['width']}x{viewport['height']}"
    assert phone.page.evaluate("document.documentElement.lang") == lang  # read aloud in its language
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.page.screenshot(path=str(SHOTS / f"{name}.png"))
    check_page(phone, axe_script, name)


@pytest.mark.parametrize(("game", "size", "lang"), WHOLE_GAMES)
def test_a_whole_game_is_played_from_a_phone_by_touching_cards(browser, server, events, axe_script, game, size, lang):
    viewport = PHONES[size]
    seed = 7 + [g for g, *_ in WHOLE_GAMES[: WHOLE_GAMES.index((game, size, lang))]].count(game)
    with phone_game(browser, server, events, game, viewport, lang, seed=seed) as (phone, state, table):
        if size in PHOTOGRAPHED:
            touched = play_by_touch(phone, state, table, 0, moves=4, deadline_s=40)
            assert touched >= 2, f"only {touched} choices were made by touching cards"
            photograph(phone, state, axe_script, game, viewport, lang)
        else:
            touched = play_by_touch(phone, state, table, 0, moves=8, deadline_s=40)
            if lift_a_card(phone):
                check_page(phone, axe_script, f"{game} mid-game, a card lifted")
        touched += play_by_touch(phone, state, table, 0, moves=10**6, deadline_s=120)
        with table._lock:
            assert state.is_over()
            mine = sum(1 for s, _a, _t in table.applied if s == 0)
            kinds = sorted({a["type"] for s, a, _t in table.applied if s == 0})
        print(f"{game}: seat 0 chose {mine} times, {touched} by touching cards; kinds {kinds}")
        assert touched >= mine // 2 and not table.refused
        phone.page.wait_for_function("() => window.wok.state.view && window.wok.state.view.over", timeout=5000)


@pytest.mark.parametrize(  # (We Will Wok You's and Yatai's pages: their whole games above)
    ("game", "viewport", "lang"),
    [
        ("relleno", TALL, "fr"),
        ("relleno", LANDSCAPE, "nl"),
        ("cheaterchefs", TALL, "de"),
        ("cheaterchefs", LANDSCAPE, "en"),
    ],
)
def test_the_phone_page_at_every_size_and_language(browser, server, events, axe_script, game, viewport, lang):
    with phone_game(browser, server, events, game, viewport, lang) as (phone, state, table):
        touched = play_by_touch(phone, state, table, 0, moves=4, deadline_s=40)  # mid-game (a 6-round Chefs too)
        assert touched >= 2, f"only {touched} choices were made by touching cards"
        photograph(phone, state, axe_script, game, viewport, lang)


@pytest.mark.parametrize(("viewport", "lang"), [(PORTRAIT, "en"), (LANDSCAPE, "fr")])
def test_wok_ups_slap_pad_is_the_five_decks_as_on_the_table(browser, server, events, axe_script, viewport, lang):
    """The pad draws each deck's back (the TV's picture and colour) in a pentagon; a
    touch on a deck is that deck's press, stamped on the phone."""
    from game.wokup.phone import face as wokup_face
    from game.wokup.rules import WokUpState

    i18n.set_language(lang)
    server.set_words(page_words())
    try:
        state = WokUpState(3, None, seed=2)
        while not any(state.observation(0)["face_up"]):  # the picks: decks turned until recipes are up
            seat = state.actors()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        urls = server.new_game([0])
        server.publish(0, build_view(state, 0, NAMES))
        phone = Phone(browser, urls[0], viewport=viewport, locale=lang, axe=True)
        try:
            phone.wait_view()
            phone.page.wait_for_function("() => window.wok.state.picturesLoaded > 0", timeout=10000)
            pads = phone.page.evaluate(
                "() => Array.from(document.querySelectorAll('#padgrid .pad')).map(b => [b.dataset.control, "
                "Array.from(b.querySelectorAll('.pic')).map(p => [p.dataset.pic, "
                "getComputedStyle(p).backgroundImage.startsWith('url(\"data:image/png')]), "
                "b.getAttribute('aria-label')])"
            )
            assert [p[0] for p in pads] == [f"deck{d}" for d in range(5)]
            face_up = state.observation(0)["face_up"]
            for d, (_control, pics, label) in enumerate(pads):
                assert all(drawn for _pic, drawn in pics), pads  # every picture from the arcade's sheet
                if face_up[d] is None:  # no recipe up: the deck's back
                    assert len(pics) == 1 and pics[0][0].startswith("wokup.back."), pads
                else:  # the recipe as it lies on the table, and in words for a screen reader
                    marks = wokup_face(face_up[d])[0]
                    assert [pic for pic, _d in pics] == marks and ":" in label, pads
            for d in (0, 3):
                phone.page.tap(f'[data-control="deck{d}"]')
            deadline = time.monotonic() + 5
            got: list = []
            while len(got) < 2 and time.monotonic() < deadline:
                got += [ev.control for ev in events.drain() if ev.seat == 0]
                time.sleep(0.01)
            assert got == ["deck0", "deck3"]
            name = f"wokup-{lang}-{viewport['width']}x{viewport['height']}"
            SHOTS.mkdir(parents=True, exist_ok=True)
            phone.page.screenshot(path=str(SHOTS / f"{name}.png"))
            check_page(phone, axe_script, name)
        finally:
            phone.close()
    finally:
        i18n.set_language("en")


def test_a_refused_choice_shakes_the_card_touched_and_says_the_rule(browser, server, events):
    """The rules refuse a choice (here a doctored view offers a card the hand does
    not hold, as a rule the page cannot know would): the card touched shakes and
    the page says the rule the arcade sent, then the player may choose again."""
    state = new_state("relleno", seed=3)
    urls = server.new_game([0])
    table = MiniTable(state, NAMES, server, events, phone_seats=[0]).start()  # nobody else moves
    phone = Phone(browser, urls[0], viewport=PORTRAIT)
    try:
        phone.wait_view()
        view = build_view(state, 0, NAMES)
        key = view["paths"][0][0]
        view["legal"][0] = {"type": "time_card", "card": "no-such-chef", "early": []}  # the path still names a card
        server.publish(0, view)
        phone.page.wait_for_function("() => window.wok.state.view.legal[0].card === 'no-such-chef'")
        phone.choose(0)
        phone.page.wait_for_selector(f'.card.shake[data-key="{key}"]', timeout=5000)
        told = phone.page.locator("#told")
        told.wait_for(state="visible", timeout=5000)
        assert table.refused and table.refused[0][2] in told.inner_text()
        assert phone.buttons(), "the player may choose again"
        print(f"refused: {told.inner_text()!r}")
    finally:
        table.stop()
        phone.close()


OVERFLOWING = """() => {
  // Texts wider than their box (a word that does not fit a card), and the page wider than the screen.
  const wide = Array.from(document.querySelectorAll('.card, .card *, .act, .pad, .status, h2'))
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className + ': ' + e.textContent.slice(0, 40));
  return [document.documentElement.scrollWidth - window.innerWidth, wide];
}"""


# Words on cards broken where no hyphen may go: a line that starts mid-word whose
# previous character is no space, soft hyphen or hyphen ("Knoblauc|h" at 360 px, when
# the browser had no German hyphenation dictionary and broke the word anywhere).
MID_WORD = """() => {
  const bad = [], r = document.createRange();
  for (const el of document.querySelectorAll('.card .cap, .card .line, .pad .label')) {
    const node = el.firstChild;
    if (!node || node.nodeType !== 3) continue;
    const t = node.textContent;
    let top = null;
    for (let i = 0; i < t.length; i++) {
      r.setStart(node, i); r.setEnd(node, i + 1);
      const boxes = r.getClientRects(), box = boxes[boxes.length - 1];  // (a hyphen drawn at a break is a box too)
      if (!box || box.width === 0) continue;
      const broke = top !== null && box.top > top + 1;
      if (broke && !/[\\s\u00ad\\-\\/]/.test(t[i - 1])) bad.push(t.slice(0, i) + '|' + t.slice(i));
      top = box.top;
    }
  }
  return bad;
}"""


@pytest.mark.parametrize("game", [*sorted(TURN_GAMES), "wokup"])
def test_every_language_fits_a_small_phone(browser, server, game):
    """At 360x640, in each of the six languages, a mid-game view: nothing is wider
    than the screen, no word runs out of its card or button, and a long word breaks
    only where its language hyphenates it."""
    if game == "wokup":
        from game.wokup.rules import WokUpState

        state = WokUpState(3, None, seed=2)
    else:
        state = new_state(game, seed=4, options=OPTIONS.get(game))
    rng = random.Random(1)
    for _ in range(12):  # into the game: hands dealt, a few turns played
        actors = [s for s in state.actors() if s != SYSTEM] or state.actors()
        if state.is_over() or not state.legal_actions(actors[0]):
            break
        state.apply(actors[0], rng.choice(state.legal_actions(actors[0])))
    urls = server.new_game([0])
    phone = Phone(browser, urls[0], viewport=PORTRAIT)
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            server.set_words(page_words())
            server.publish(0, build_view(state, 0, NAMES))
            phone.page.reload()
            phone.page.wait_for_function(f"() => document.documentElement.lang === '{lang}' && window.wok.state.view")
            phone.page.wait_for_function("() => window.wok.state.picturesLoaded > 0", timeout=10000)
            overflow, wide = phone.page.evaluate(OVERFLOWING)
            assert overflow <= 0 and not wide, (lang, overflow, wide)
            broken = phone.page.evaluate(MID_WORD)
            assert not broken, (lang, broken)
    finally:
        i18n.set_language("en")
        phone.close()


def test_the_page_survives_rotation_and_sleep(browser, server, events):
    """A card lifted stays lifted when the phone turns; a page that was asleep (its
    socket dropped) reconnects with its secret and gets its seat's view again."""
    state = new_state("cheaterchefs", seed=4, options=OPTIONS["cheaterchefs"])
    urls = server.new_game([0])
    table = MiniTable(state, NAMES, server, events, bots={1: CHEFS.make_bot("random"), 2: CHEFS.make_bot("random")})
    table.start()
    phone = Phone(browser, urls[0], viewport=PORTRAIT)
    try:
        phone.wait_view()
        assert lift_a_card(phone, wait_s=20), "no card to lift"
        lifted = phone.page.evaluate("() => window.wok.state.picked.slice()")
        for size in (LANDSCAPE, PORTRAIT):
            phone.page.set_viewport_size(size)
            phone.page.wait_for_function(  # turned (was a fixed 100 ms), and a frame drawn at the new size
                "([w, h]) => window.innerWidth === w && window.innerHeight === h"
                " && new Promise((done) => requestAnimationFrame(() => done(true)))",
                arg=[size["width"], size["height"]],
            )
            assert phone.page.evaluate("() => window.wok.state.picked") == lifted
            assert phone.page.locator(".card.lifted").count() == len(lifted)
            assert phone.page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        seen = len(phone.views())
        phone.page.evaluate("() => window.wok.state.ws.close()")  # asleep: the socket is gone
        phone.page.wait_for_function("() => window.wok.state.ws && window.wok.state.ws.readyState === 1", timeout=8000)
        deadline = time.monotonic() + 8
        while len(phone.views()) <= seen:
            assert time.monotonic() < deadline, "no view after the reconnect"
            phone.page.wait_for_timeout(20)
        assert phone.views()[-1]["seat"] == 0 and server.connected(0)
    finally:
        table.stop()
        phone.close()


RECORD = """(() => {  // what the page asks of the phone: vibrations, the wake lock (Chromium headless has neither)
  window.asked = {vibrate: [], wake: 0};
  navigator.vibrate = (p) => { window.asked.vibrate.push(p); return true; };
  const lock = {released: false, addEventListener() {}, release() { return Promise.resolve(); }};
  const request = async () => { window.asked.wake += 1; return lock; };
  Object.defineProperty(navigator, 'wakeLock', {value: {request: request}});
})()"""


def test_your_turn_buzzes_and_chimes_unless_muted_and_the_screen_stays_awake(browser, server, events):
    state = new_state("wewillwokyou", seed=5)
    urls = server.new_game([0])
    table = MiniTable(state, NAMES, server, events, bots={s: WWWY.make_bot("random") for s in (1, 2)}).start()
    phone = Phone(browser, urls[0], viewport=PORTRAIT)
    phone.page.add_init_script(RECORD)
    try:
        phone.page.reload()
        phone.page.wait_for_function("() => window.wok.state.view", timeout=10000)
        assert phone.page.evaluate("() => window.asked.wake") >= 1  # a game runs: the screen stays awake
        mute = phone.page.locator("#mute")
        assert mute.get_attribute("aria-pressed") == "false"
        mute.tap()  # the first touch also lets the page buzz and chime
        assert mute.get_attribute("aria-pressed") == "true"
        mute.tap()
        assert mute.get_attribute("aria-pressed") == "false"
        play_by_touch(phone, state, table, 0, moves=3, deadline_s=30)
        deadline = time.monotonic() + 10
        while not any(p == [120, 60, 120] for p in phone.page.evaluate("() => window.asked.vibrate")):
            assert time.monotonic() < deadline, phone.page.evaluate("() => window.asked")
            phone.page.wait_for_timeout(50)
        chimes = phone.page.evaluate("() => !!window.wok.state.audio")
        mute.tap()
        phone.page.reload()  # muted is kept on the phone
        phone.page.wait_for_function("() => window.wok.state.view", timeout=10000)
        assert phone.page.locator("#mute").get_attribute("aria-pressed") == "true"
        print(f"asked of the phone: {phone.page.evaluate('() => window.asked')}, chime played: {chimes}")
        assert chimes
    finally:
        table.stop()
        phone.close()
