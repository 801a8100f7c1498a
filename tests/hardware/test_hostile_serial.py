"""What a noisy cable, a stray frame or a lying box can put on a serial port
never reaches a game as something no box could do, and never costs a seat:
through the real reader thread (BoxLink, BuzzerManager) over a pty, from a
protocol-exact Python box."""

import random
import time

import pytest

from game.app import shots
from game.app.app import App
from game.hardware import protocol as P
from game.hardware.fakebox import FakeBox
from game.input import PlayerEvent

from .helpers import Table, wait_for

UNO = (0x3F, 0x3F, 1 << P.WOKUP_BUTTON, 1 << P.WOKUP_BUTTON)
# PROTOCOL.md's protocol-1 HELLO (CRC-16): firmware 1.1.0, box 7, Uno.
HELLO_V1 = bytes.fromhex("02 01 04 01 01 01 02 07 08 01 0f 3c f4 01 e8 03 01 08 04 3f 3f 20 20 5b 7b 00")
EVENT_V1 = bytes.fromhex("03 02 01 01 01 06 05 01 80 84 1e 03 8f 25 00")


@pytest.fixture
def seated():
    """Box 00a1 with stations 0 and 1 on seats 0 and 1, its link ready."""
    box = FakeBox(box_id=0xA1)
    table = Table([box.port], {"00a1:0": 0, "00a1:1": 1})
    try:
        table.ready(1, synced=False)
        yield box, table
    finally:
        table.close()
        box.stop()


def event(station: int, button: int, evseq: int = 0, kind=P.EventKind.PRESS) -> bytes:
    return P.encode(P.Event(evseq, station, button, kind, 1000))


def test_crc_valid_events_for_stations_and_buttons_the_box_lacks_are_dropped(seated):
    """Before the check, station 2's button 0 reached a game as deck0 of a
    one-button station, station 7 as a station of no box, button 9 as deck9."""
    box, table = seated
    box.write_raw(event(7, 0) + event(2, 0) + event(3, 1) + event(0, 9))
    box.press(0, 4)  # then a real press: it arrives after them, alone
    got = table.presses(1)
    assert [(ev.device, ev.control, ev.seat) for ev in got] == [("buzzer-00a1-0", "deck4", 0)]
    link = table.link(0xA1)
    assert link.stats.refused_events == 3  # outside the Uno's layout
    assert link.stats.decode_errors.get("length_errors") == 1  # button 9: no box has one
    assert link.state == "ready"


@pytest.mark.parametrize(
    "stray",
    [
        P.Hello(9, (9, 0, 0), 0x0BAD, P.Board.UNO, 15, 60, 500, 777, UNO),  # another protocol and id
        P.Hello(P.PROTOCOL_VERSION, (2, 0, 0), 0x0BAD, P.Board.UNO, 15, 60, 500, 777, UNO),  # another id
        P.Hello(P.PROTOCOL_VERSION, (2, 0, 0), 0xA1, P.Board.MEGA, 15, 60, 500, 777, (0x3F,) * 8),  # layout
    ],
    ids=["protocol-and-id", "id", "layout"],
)
def test_a_stray_hello_mid_link_unplugs_and_replugs_the_box_and_seats_stay(seated, stray):
    """Before: the stray HELLO was believed, the box became 0bad and its
    stations lost their seats. Now: the link starts again as after an
    unplug, asks the box, and the box's own answer brings it back."""
    box, table = seated
    link = table.link(0xA1)
    box.write_raw(P.encode(stray))
    wait_for(lambda: link.stats.relinks == 1 and link.state == "ready", what="the link made again")
    assert link.box_id == 0xA1 and link.hello.protocol == P.PROTOCOL_VERSION and link.stations == UNO
    assert table.notices() == ["Buzzer box 00a1 unplugged: plug it back in", "Buzzer box 00a1 is back"]
    assert all(lk.box_id != 0x0BAD for lk in table.manager.known_links())
    box.press(1, 2)
    ev = table.presses(1)[0]
    assert (ev.device, ev.control, ev.seat) == ("buzzer-00a1-1", "deck2", 1)


def test_the_id_we_gave_the_box_is_not_a_stray_hello(seated):
    """SET_ID's answer is a HELLO with the new id: taken as it is, no relink."""
    box, table = seated
    link = table.link(0xA1)
    link.set_id(0x0A2)
    wait_for(lambda: link.box_id == 0x0A2, what="the new id")
    assert link.stats.relinks == 0 and link.state == "ready" and box.box_id == 0x0A2


def test_a_box_of_protocol_1_is_refused_with_how_to_reflash_it():
    box = FakeBox(box_id=7, silent=True)
    table = Table([box.port])
    try:
        link = wait_for(lambda: table.manager.links.get(box.port), what="a link on the port")
        wait_for(lambda: link.opened, what="the port open")
        box.write_raw(b"\0" + HELLO_V1)  # what an Uno of firmware 1.1 says at boot
        wait_for(lambda: link.state == "rejected", what="the old box refused")
        assert "firmware 1.1.0 speaks protocol 1" in link.reason
        assert "reflash" in link.reason and f"make -C firmware upload PORT={box.port}" in link.reason
        assert table.manager.devices() == []
    finally:
        table.close()
        box.stop()


def test_an_old_box_that_did_not_reset_is_asked_in_its_own_words():
    """Protocol-1 frames but no HELLO: the link sends protocol 1's HELLO_REQ
    (the Python box, speaking 2, counts it as an old frame), and without an
    answer still says the box needs reflashing, not that nothing answered."""
    box = FakeBox(box_id=7, silent=True)
    table = Table([box.port])
    try:
        link = wait_for(lambda: table.manager.links.get(box.port), what="a link on the port")
        wait_for(lambda: link.opened, what="the port open")
        box.write_raw(b"\0" + EVENT_V1 + EVENT_V1)
        wait_for(lambda: box._decoder.old_protocol >= 1, what="protocol 1's HELLO_REQ")
        wait_for(lambda: link.state == "rejected", what="the old box refused")
        assert "old firmware speaks protocol 1" in link.reason and "reflash" in link.reason
    finally:
        table.close()
        box.stop()


def test_serial_fuzz_every_intact_frame_arrives_and_nothing_false(seated):
    """10^6 bytes of garbage with intact EVENTs, bit-flipped EVENTs and
    CRC-valid EVENTs for buttons the box lacks interleaved, through the real
    reader thread: the game queue gets exactly the intact presses, in order."""
    box, table = seated
    rng = random.Random(22)
    real = [(s, b) for s, mask in enumerate(UNO) for b in range(P.BUTTONS) if mask >> b & 1]
    impossible = [(2, 0), (3, 4), (4, 5), (7, 1)]
    segments: list[bytes] = []  # each ends with a delimiter: the Python box's own frames go between them
    expected, garbage, flipped, refused = [], 0, 0, 0
    while garbage < 1_000_000:
        n = rng.randint(1, 600)
        segments.append(rng.randbytes(n) + b"\0")
        garbage += n
        roll = rng.random()
        station, button = rng.choice(real)
        if roll < 0.45:
            segments.append(event(station, button, len(expected)))
            expected.append((f"buzzer-00a1-{station}", "wokup" if button == P.WOKUP_BUTTON else f"deck{button}"))
        elif roll < 0.9:
            body = bytearray(event(station, button))
            bits = rng.sample(range((len(body) - 1) * 8), rng.randint(1, 6))  # distinct, delimiter kept
            for bit in bits:
                body[bit // 8] ^= 1 << (bit % 8)
            segments.append(bytes(body))
            flipped += 1
        else:
            segments.append(event(*rng.choice(impossible)))
            refused += 1
    batch = []
    for segment in segments:
        batch.append(segment)
        if sum(map(len, batch)) > 4096:
            box.write_raw(b"".join(batch))
            batch = []
    box.write_raw(b"".join(batch))
    got = table.presses(len(expected), timeout=300)
    time.sleep(0.2)  # anything false would trail the last intact press
    got += [ev for ev in table.queue.drain() if ev.pressed]
    link = table.link(0xA1)
    print(
        f"\n{garbage} bytes of garbage, {len(expected)} intact EVENTs, {flipped} bit-flipped, {refused} "
        f"CRC-valid for absent buttons: {len(got)} presses delivered, "
        f"decoder counters {link.stats.decode_errors}, refused events {link.stats.refused_events}"
    )
    assert [(ev.device, ev.control) for ev in got] == expected
    assert link.stats.refused_events == refused
    assert link.state == "ready"


@pytest.mark.parametrize("moment", ["settled", "slap"])
@pytest.mark.parametrize("control", ["deck9", "deck5", "deck-1", "deckx", "deck", "fry"])
def test_the_wokup_scene_ignores_a_control_it_does_not_have(moment, control):
    """A deck9 from a corrupt frame raised IndexError in the scene (the game
    dropped to the title); any control the game lacks is now ignored."""
    app = App(size=(640, 360), window=False)
    try:
        scene = shots.table(app, "wokup", 3, moment, seats=4)
        before = scene.state.to_json()
        handled = scene.table_event(PlayerEvent("buzzer-00a1-0", control, True, time.monotonic_ns(), 0))
        scene.act(0, control, int(scene.game_ns))
        assert not handled and scene.state.to_json() == before
    finally:
        app.quit()
