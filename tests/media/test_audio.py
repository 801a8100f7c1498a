"""Sounds: every file is there, audible, not clipped and levelled; the audio
module never raises without a device, honours mute and the volumes, records
what it was asked; SDL's disk driver proves real samples reach the device."""

import array
import logging
import math
import subprocess
import sys
import textwrap
import wave
from pathlib import Path

import pygame
import pytest

from game.app.audio import EFFECTS, MUSIC, Audio, sound_path
from game.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
WAVS = sorted({f for e in EFFECTS.values() for f in e.files})


def read_wav(path):
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100), path.name
        samples = array.array("h", w.readframes(w.getnframes()))
    return [s / 32768 for s in samples]


def loudest_window_db(x, n=2205):  # 50 ms at 44.1 kHz
    c = [0.0]
    for v in x:
        c.append(c[-1] + v * v)
    best = max(c[i + n] - c[i] for i in range(0, max(1, len(x) - n + 1), 64)) if len(x) > n else c[-1]
    return 20 * math.log10(math.sqrt(best / min(n, len(x))))


@pytest.fixture(scope="module")
def levels():
    return {f: loudest_window_db(read_wav(sound_path(f))) for f in WAVS}


def test_every_effect_file_is_audible_not_clipped_and_small(levels):
    total = 0
    for f in WAVS:
        x = read_wav(sound_path(f))
        peak = max(abs(v) for v in x)
        assert peak < 0.95, f"{f} clips (peak {peak:.3f})"
        assert levels[f] > -30, f"{f} is nearly silent ({levels[f]:.1f} dBFS)"
        assert len(x) / 44100 < 2.5, f"{f} is too long for an effect"
        total += sound_path(f).stat().st_size
    for f in MUSIC.values():
        assert sound_path(f).stat().st_size > 20_000, f
        total += sound_path(f).stat().st_size
    assert total < 2_000_000


def test_no_effect_drowns_another(levels):
    loud, quiet = max(levels, key=levels.get), min(levels, key=levels.get)
    assert levels[loud] - levels[quiet] <= 9, f"{loud} is {levels[loud] - levels[quiet]:.1f} dB above {quiet}"
    for f in ("slap.wav", "wrong_slap.wav", "wokup_shout.wav"):  # the answers to a press are the loudest
        assert levels[f] >= max(levels.values()) - 0.5, f


def test_music_decodes_to_sound():
    a = Audio()
    assert a.open()
    for f in MUSIC.values():
        raw = pygame.mixer.Sound(str(sound_path(f))).get_raw()
        assert len(raw) > 44100 * 4 * 10 and raw.strip(b"\0"), f  # ten seconds and more, not silent
    a.close()


def test_every_effect_plays_and_every_request_is_recorded():
    a = Audio(record=True)
    for name in EFFECTS:
        assert a.play(name), name
        pygame.mixer.stop()
    assert a.music("menu") and a.music("menu")
    assert [r.name for r in a.requests] == [*EFFECTS, "menu", "menu"]
    assert all(r.played for r in a.requests)
    a.close()


def test_mute_volumes_and_table_music():
    s = Settings(mute=True)
    a = Audio(s, record=True)
    assert not a.play("slap") and a.requests[-1].name == "slap" and not a.requests[-1].played
    s.mute, s.effects_volume = False, 0.0
    a.apply(s)
    assert not a.play("slap")
    s.effects_volume, s.master_volume = 1.0, 0.5
    a.apply(s)
    assert a.play("slap") and pygame.mixer.Channel(0).get_volume() == pytest.approx(0.5, abs=0.01)
    assert not a.music("menu", table=True)  # table_music is off by default
    s.table_music = True
    a.apply(s)
    assert a.music("menu", table=True)
    a.close()


def test_press_sounds_use_the_reserved_channels_and_crowds_are_capped():
    a = Audio()
    assert a.open()
    for _i in range(20):  # a crowd of other sounds first
        a.play("coin_taken")
    assert a.play("slap") and a.play("wrong_slap") and a.play("slap")
    assert pygame.mixer.Channel(0).get_busy() and pygame.mixer.Channel(1).get_busy()
    pygame.mixer.stop()
    landed = [a.play("token_land") for _i in range(6)]
    assert landed == [True, True, True, False, False, False]
    a.close()


def test_unknown_names_are_logged_once_and_never_raise(caplog):
    a = Audio(record=True)
    with caplog.at_level(logging.WARNING, logger="wok.audio"):
        assert not a.play("kazoo") and not a.play("kazoo") and not a.music("polka")
    assert len([r for r in caplog.records if "kazoo" in r.getMessage()]) == 1
    a.close()


def run_fresh(code: str, env: dict, tmp_path) -> subprocess.CompletedProcess:
    """SDL's audio must start clean: a new process per driver."""
    base = {
        "PATH": "/usr/bin:/bin",
        "SDL_VIDEODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "XDG_CONFIG_HOME": str(tmp_path / "c"),
        "XDG_DATA_HOME": str(tmp_path / "d"),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=base, capture_output=True, text=True, timeout=60
    )


def test_without_an_audio_device_everything_is_silent_and_nothing_raises(tmp_path):
    proc = run_fresh(
        """
        from game.app.audio import Audio, EFFECTS
        a = Audio(record=True)
        assert not any(a.play(n) for n in EFFECTS)
        assert not a.music("menu") and not a.music(None)
        a.close()
        print("state", a.state, "requests", len(a.requests))
    """,
        {"SDL_AUDIODRIVER": "no-such-device"},
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"state failed requests {len(EFFECTS) + 2}" in proc.stdout
    assert proc.stderr.count("no sound") == 1  # said once


def test_the_disk_driver_records_what_was_played(tmp_path):
    """A round's sounds (throw, tokens, slap, card won) reach the device as real,
    unclipped samples: SDL's disk driver writes what it was handed to a file."""
    out = tmp_path / "audio.raw"
    proc = run_fresh(
        """
        import os
        import time
        import pygame
        from game.app.audio import Audio
        a = Audio()
        assert a.open(), a.problem
        for name in ("throw_signal", "token_land", "token_land", "slap", "card_won"):
            a.play(name)
            time.sleep(0.15)
        # The disk driver writes at the device's pace, slower on a busy machine: wait
        # for the sounds to be mixed out and over a second of them written (a net of 45 s).
        path = os.environ["SDL_DISKAUDIOFILE"]
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline and (pygame.mixer.get_busy() or os.path.getsize(path) < 44100 * 4 * 1.2):
            time.sleep(0.05)
        print("mixer", pygame.mixer.get_init())
        a.close()
    """,
        {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(out)},
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "mixer (44100, -16, 2)" in proc.stdout
    samples = array.array("h", out.read_bytes()[: len(out.read_bytes()) // 2 * 2])
    assert len(samples) > 44100 * 2 * 1.0  # more than a second of stereo was written
    loud = [s for s in samples if abs(s) > 300]
    assert len(loud) > 44100 * 0.3, "the recording is (nearly) silent"
    assert max(abs(s) for s in samples) < 32767, "the mix clips"
